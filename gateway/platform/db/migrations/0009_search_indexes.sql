DROP INDEX "report_lines_flight_idx";--> statement-breakpoint
DROP INDEX "report_lines_booking_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "passenger_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "report_lines_flight_pnr_idx" ON "report_lines" USING btree ("flight_date","agency_id","pnr_id");--> statement-breakpoint
CREATE INDEX "report_lines_booking_pnr_idx" ON "report_lines" USING btree ("booking_date","agency_id","pnr_id");--> statement-breakpoint
CREATE INDEX "report_lines_booking_day_idx" ON "report_lines" USING btree (coalesce("booking_date", "day"),"agency_id");