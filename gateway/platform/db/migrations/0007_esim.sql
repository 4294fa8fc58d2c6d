CREATE TABLE "esim_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "esim_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"user_id" integer,
	"idempotency_key" text NOT NULL,
	"body_hash" text NOT NULL,
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total_price" bigint NOT NULL,
	"charge_entry_id" bigint,
	"reversal_entry_id" bigint,
	"supplier_order_id" text,
	"failure" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "esim_orders_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "esim_orders_status_check" CHECK ("esim_orders"."status" in ('PROCESSING', 'COMPLETED', 'FAILED')),
	CONSTRAINT "esim_orders_total_check" CHECK ("esim_orders"."total_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "esim_top_ups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "esim_top_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"esim_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"product_id" text NOT NULL,
	"name_vi" text NOT NULL,
	"name_en" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"charge_entry_id" bigint,
	"reversal_entry_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "esim_top_ups_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "esim_top_ups_status_check" CHECK ("esim_top_ups"."status" in ('PROCESSING', 'DONE', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "esims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "esims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"iccid" text NOT NULL,
	"product_id" text NOT NULL,
	"name_vi" text NOT NULL,
	"name_en" text NOT NULL,
	"smdp_address" text NOT NULL,
	"matching_id" text NOT NULL,
	"activation_code" text NOT NULL,
	"paid" bigint NOT NULL,
	"refunded_at" timestamp with time zone,
	"refund_amount" bigint,
	"refund_entry_id" bigint,
	"refund_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "esims_iccid_unique" UNIQUE("iccid")
);
--> statement-breakpoint
ALTER TABLE "esim_orders" ADD CONSTRAINT "esim_orders_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_orders" ADD CONSTRAINT "esim_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_orders" ADD CONSTRAINT "esim_orders_charge_entry_id_journal_entries_id_fk" FOREIGN KEY ("charge_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_orders" ADD CONSTRAINT "esim_orders_reversal_entry_id_journal_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_top_ups" ADD CONSTRAINT "esim_top_ups_esim_id_esims_id_fk" FOREIGN KEY ("esim_id") REFERENCES "public"."esims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_top_ups" ADD CONSTRAINT "esim_top_ups_charge_entry_id_journal_entries_id_fk" FOREIGN KEY ("charge_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_top_ups" ADD CONSTRAINT "esim_top_ups_reversal_entry_id_journal_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_top_ups" ADD CONSTRAINT "esim_top_ups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esims" ADD CONSTRAINT "esims_order_id_esim_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."esim_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esims" ADD CONSTRAINT "esims_refund_entry_id_journal_entries_id_fk" FOREIGN KEY ("refund_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "esim_orders_agency_created_idx" ON "esim_orders" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "esim_top_ups_esim_idx" ON "esim_top_ups" USING btree ("esim_id");--> statement-breakpoint
CREATE INDEX "esims_order_idx" ON "esims" USING btree ("order_id");