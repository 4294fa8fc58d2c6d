CREATE TABLE "aftersale_orders" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"booking_id" bigint NOT NULL,
	"pnr" text NOT NULL,
	"kind" text NOT NULL,
	"body_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"entry_id" bigint,
	"reversal_entry_id" bigint,
	"result" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aftersale_orders_status_check" CHECK ("aftersale_orders"."status" in ('pending', 'done', 'failed')),
	CONSTRAINT "aftersale_orders_amount_check" CHECK ("aftersale_orders"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pnr_edits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pnr_edits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" bigint NOT NULL,
	"pnr" text NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"user_id" integer,
	"amount" bigint DEFAULT 0 NOT NULL,
	"entry_id" bigint,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_pnrs" (
	"pnr" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"record" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_seats" (
	"flight_key" text NOT NULL,
	"seat" text NOT NULL,
	"pnr" text NOT NULL,
	"pax_id" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_seats_flight_key_seat_pk" PRIMARY KEY("flight_key","seat")
);
--> statement-breakpoint
ALTER TABLE "aftersale_orders" ADD CONSTRAINT "aftersale_orders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aftersale_orders" ADD CONSTRAINT "aftersale_orders_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aftersale_orders" ADD CONSTRAINT "aftersale_orders_reversal_entry_id_journal_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aftersale_orders" ADD CONSTRAINT "aftersale_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pnr_edits" ADD CONSTRAINT "pnr_edits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pnr_edits" ADD CONSTRAINT "pnr_edits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pnr_edits" ADD CONSTRAINT "pnr_edits_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aftersale_orders_booking_idx" ON "aftersale_orders" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "pnr_edits_booking_idx" ON "pnr_edits" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_seats_pax_idx" ON "supplier_seats" USING btree ("flight_key","pnr","pax_id");