CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "journal_entries_at_idx" ON "journal_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "journal_entries_pnr_idx" ON "journal_entries" USING btree ("pnr");--> statement-breakpoint
CREATE INDEX "pnrs_first_departure_idx" ON "pnrs" USING btree (substr("route_infos"->0->>'departDate', 1, 10));