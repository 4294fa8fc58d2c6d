CREATE TABLE "train_bookings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "train_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"agency_id" integer NOT NULL,
	"user_id" integer,
	"hold_id" bigint,
	"status" char(2) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"contact" jsonb NOT NULL,
	"add_service" jsonb NOT NULL,
	"fare" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"services" bigint NOT NULL,
	"booking_fees" bigint NOT NULL,
	"total" bigint NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"pay_key" text,
	"pay_attempts" integer DEFAULT 0 NOT NULL,
	"entry_id" bigint,
	"paid_at" timestamp with time zone,
	"depart_at" timestamp with time zone NOT NULL,
	"message" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_bookings_status_check" CHECK ("train_bookings"."status" in ('01', '02', '03', '04', '05', '06', '07')),
	CONSTRAINT "train_bookings_money_check" CHECK ("train_bookings"."total" >= 0 and "train_bookings"."refunded" >= 0 and "train_bookings"."refunded" <= "train_bookings"."total")
);
--> statement-breakpoint
CREATE TABLE "train_holds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "train_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_holds_status_check" CHECK ("train_holds"."status" in ('open', 'booked', 'released'))
);
--> statement-breakpoint
CREATE TABLE "train_refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "train_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"ticket_ids" jsonb NOT NULL,
	"fee" integer NOT NULL,
	"amount" integer NOT NULL,
	"entry_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_refunds_amounts_check" CHECK ("train_refunds"."fee" >= 0 and "train_refunds"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "train_seats" (
	"seat_key" text PRIMARY KEY NOT NULL,
	"run_key" text NOT NULL,
	"carriage_no" smallint NOT NULL,
	"seat_no" smallint NOT NULL,
	"ticket_id" text NOT NULL,
	"state" text NOT NULL,
	"hold_id" bigint,
	"booking_id" bigint,
	"user_id" integer,
	"agency_id" integer NOT NULL,
	"held_until" timestamp with time zone,
	"seat" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_seats_state_check" CHECK ("train_seats"."state" in ('held', 'sold'))
);
--> statement-breakpoint
CREATE TABLE "train_tickets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "train_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" bigint NOT NULL,
	"ticket_id" text NOT NULL,
	"seat" jsonb NOT NULL,
	"pax_type" smallint NOT NULL,
	"full_name" text NOT NULL,
	"id_number" text NOT NULL,
	"seat_price" integer NOT NULL,
	"percent" smallint NOT NULL,
	"discount" integer NOT NULL,
	"fare" integer NOT NULL,
	"service" text,
	"service_price" integer NOT NULL,
	"booking_fee" integer NOT NULL,
	"total" integer NOT NULL,
	"status" text NOT NULL,
	"ticket_number" text,
	"qr" text,
	"refund_fee" integer,
	"refund_amount" integer,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "train_tickets_status_check" CHECK ("train_tickets"."status" in ('HELD', 'ISSUED', 'REFUNDED', 'CANCELLED'))
);
--> statement-breakpoint
ALTER TABLE "train_bookings" ADD CONSTRAINT "train_bookings_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_bookings" ADD CONSTRAINT "train_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_bookings" ADD CONSTRAINT "train_bookings_hold_id_train_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."train_holds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_bookings" ADD CONSTRAINT "train_bookings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_holds" ADD CONSTRAINT "train_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_holds" ADD CONSTRAINT "train_holds_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_refunds" ADD CONSTRAINT "train_refunds_booking_id_train_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."train_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_refunds" ADD CONSTRAINT "train_refunds_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_refunds" ADD CONSTRAINT "train_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_seats" ADD CONSTRAINT "train_seats_hold_id_train_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."train_holds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_seats" ADD CONSTRAINT "train_seats_booking_id_train_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."train_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_seats" ADD CONSTRAINT "train_seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_seats" ADD CONSTRAINT "train_seats_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_tickets" ADD CONSTRAINT "train_tickets_booking_id_train_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."train_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "train_bookings_code_idx" ON "train_bookings" USING btree ("code");--> statement-breakpoint
CREATE INDEX "train_bookings_agency_idx" ON "train_bookings" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "train_holds_one_open_idx" ON "train_holds" USING btree ("user_id") WHERE "train_holds"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "train_refunds_key_idx" ON "train_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "train_seats_run_idx" ON "train_seats" USING btree ("run_key");--> statement-breakpoint
CREATE INDEX "train_seats_hold_idx" ON "train_seats" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "train_seats_booking_idx" ON "train_seats" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "train_tickets_booking_ticket_idx" ON "train_tickets" USING btree ("booking_id","ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "train_tickets_number_idx" ON "train_tickets" USING btree ("ticket_number");