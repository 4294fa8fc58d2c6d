CREATE TABLE "bookings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'HOLD' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_email" text NOT NULL,
	"adt" smallint NOT NULL,
	"chd" smallint NOT NULL,
	"inf" smallint NOT NULL,
	"total_fare" bigint DEFAULT 0 NOT NULL,
	"total_fees" bigint DEFAULT 0 NOT NULL,
	"passengers" jsonb NOT NULL,
	"booking_fees" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('HOLD', 'EXPORT', 'CANCEL'))
);
--> statement-breakpoint
CREATE TABLE "pnrs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pnrs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" bigint NOT NULL,
	"airline" text NOT NULL,
	"source" text NOT NULL,
	"pnr" text,
	"record_status" text NOT NULL,
	"time_limit" timestamp with time zone,
	"message" text,
	"total_price" bigint DEFAULT 0 NOT NULL,
	"route_infos" jsonb NOT NULL,
	"fare_data" jsonb NOT NULL,
	"pax_infos" jsonb NOT NULL,
	"seat_holds" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pnrs_pnr_unique" UNIQUE("pnr"),
	CONSTRAINT "pnrs_pnr_check" CHECK ("pnrs"."pnr" is null or "pnrs"."pnr" ~ '^[A-Z0-9]{6}$')
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pnrs" ADD CONSTRAINT "pnrs_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_agency_created_idx" ON "bookings" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "pnrs_booking_idx" ON "pnrs" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "pnrs_status_limit_idx" ON "pnrs" USING btree ("record_status","time_limit");