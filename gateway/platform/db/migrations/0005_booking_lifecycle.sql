CREATE TABLE "issue_requests" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"booking_id" bigint NOT NULL,
	"body_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issue_requests_status_check" CHECK ("issue_requests"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pnr_id" bigint NOT NULL,
	"pax_id" smallint NOT NULL,
	"paid" bigint NOT NULL,
	"penalty" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"entry_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amounts_check" CHECK ("refunds"."penalty" >= 0 and "refunds"."amount" >= 0 and "refunds"."amount" + "refunds"."penalty" = "refunds"."paid")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "customer_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "luggage" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "pnrs" ADD COLUMN "tickets" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pnrs" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pnrs" ADD COLUMN "issued_by" integer;--> statement-breakpoint
ALTER TABLE "pnrs" ADD COLUMN "void_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pnrs" ADD COLUMN "charge_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "pnrs" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "issue_requests" ADD CONSTRAINT "issue_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_requests" ADD CONSTRAINT "issue_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_pnr_id_pnrs_id_fk" FOREIGN KEY ("pnr_id") REFERENCES "public"."pnrs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_pnr_pax_idx" ON "refunds" USING btree ("pnr_id","pax_id");--> statement-breakpoint
ALTER TABLE "pnrs" ADD CONSTRAINT "pnrs_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pnrs" ADD CONSTRAINT "pnrs_charge_entry_id_journal_entries_id_fk" FOREIGN KEY ("charge_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;