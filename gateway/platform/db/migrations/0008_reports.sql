CREATE TABLE "report_lines" (
	"entry_id" bigint PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"type" char(1) NOT NULL,
	"amount" bigint NOT NULL,
	"signed" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"day" text NOT NULL,
	"pnr_id" bigint,
	"pnr" text,
	"airline" text,
	"market" text,
	"product" text,
	"flight_date" text,
	"booking_date" text,
	"pax" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_lines" ADD CONSTRAINT "report_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_lines_day_idx" ON "report_lines" USING btree ("day","agency_id");--> statement-breakpoint
CREATE INDEX "report_lines_agency_day_idx" ON "report_lines" USING btree ("agency_id","day","signed");--> statement-breakpoint
CREATE INDEX "report_lines_flight_idx" ON "report_lines" USING btree ("flight_date");--> statement-breakpoint
CREATE INDEX "report_lines_booking_idx" ON "report_lines" USING btree ("booking_date");--> statement-breakpoint
-- The Vietnamese airports of the reference data (gateway/suppliers/reference-data.ts; a gateway test keeps the two equal).
CREATE FUNCTION "report_domestic_airports"() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$ SELECT ARRAY['BMV','CAH','CXR','DAD','DIN','DLI','HAN','HPH','HUI','PQC','PXU','SGN','TBB','THD','UIH','VCA','VCL','VCS','VDH','VDO','VII','VKG']::text[] $$;
--> statement-breakpoint
-- QN when every leg flies between Vietnamese airports, QT otherwise; null without legs.
CREATE FUNCTION "report_market"(legs jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN legs IS NULL OR jsonb_typeof(legs) <> 'array' OR jsonb_array_length(legs) = 0 THEN NULL
    WHEN EXISTS (SELECT 1 FROM jsonb_array_elements(legs) leg
                 WHERE NOT (leg->>'from' = ANY (report_domestic_airports())) OR NOT (leg->>'to' = ANY (report_domestic_airports()))) THEN 'QT'
    ELSE 'QN' END
$$;
--> statement-breakpoint
-- The product of an entry: flight with a PNR; train for a train booking's code, esim for an eSIM order's code
-- (those modules write their code as the entry's booking reference and no PNR); null otherwise (top-ups).
CREATE FUNCTION "report_product"(pnr_id bigint, entry_pnr text, booking_ref text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN pnr_id IS NOT NULL THEN 'flight'
    WHEN entry_pnr IS NOT NULL OR booking_ref IS NULL THEN NULL
    WHEN EXISTS (SELECT 1 FROM train_bookings tb WHERE tb.code = booking_ref) THEN 'train'
    WHEN booking_ref ~ '^ES[0-9]{6,18}$' AND EXISTS (SELECT 1 FROM esim_orders o WHERE o.id = substr(booking_ref, 3)::bigint) THEN 'esim'
    END
$$;
--> statement-breakpoint
-- The report line of an entry: its money and Vietnam day, with its PNR and booking as they are now.
CREATE FUNCTION "report_line_of_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_lines (entry_id, agency_id, type, amount, signed, created_at, day, pnr_id, pnr, airline, market, product, flight_date, booking_date, pax)
  SELECT NEW.id, NEW.agency_id, NEW.type, NEW.amount,
    CASE WHEN NEW.type IN ('T', 'V', 'R') THEN NEW.amount ELSE -NEW.amount END,
    NEW.created_at, to_char((NEW.created_at AT TIME ZONE 'UTC') + interval '7 hours', 'YYYY-MM-DD'),
    p.id, p.pnr, p.airline, report_market(p.route_infos), report_product(p.id, NEW.pnr, NEW.booking_ref),
    substr(p.route_infos->0->>'departDate', 1, 10),
    to_char((b.created_at AT TIME ZONE 'UTC') + interval '7 hours', 'YYYY-MM-DD'),
    COALESCE(jsonb_array_length(p.pax_infos), 0)
  FROM (SELECT 1) one
  LEFT JOIN pnrs p ON NEW.pnr IS NOT NULL AND p.pnr = NEW.pnr
  LEFT JOIN bookings b ON b.id = p.booking_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "journal_entries_report_line" AFTER INSERT ON "journal_entries" FOR EACH ROW EXECUTE FUNCTION "report_line_of_entry"();
--> statement-breakpoint
CREATE TRIGGER "report_lines_immutable" BEFORE UPDATE OR DELETE ON "report_lines" FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
-- the lines of the entries written before this migration
INSERT INTO report_lines (entry_id, agency_id, type, amount, signed, created_at, day, pnr_id, pnr, airline, market, product, flight_date, booking_date, pax)
SELECT je.id, je.agency_id, je.type, je.amount,
  CASE WHEN je.type IN ('T', 'V', 'R') THEN je.amount ELSE -je.amount END,
  je.created_at, to_char((je.created_at AT TIME ZONE 'UTC') + interval '7 hours', 'YYYY-MM-DD'),
  p.id, p.pnr, p.airline, report_market(p.route_infos), report_product(p.id, je.pnr, je.booking_ref),
  substr(p.route_infos->0->>'departDate', 1, 10),
  to_char((b.created_at AT TIME ZONE 'UTC') + interval '7 hours', 'YYYY-MM-DD'),
  COALESCE(jsonb_array_length(p.pax_infos), 0)
FROM journal_entries je
LEFT JOIN pnrs p ON je.pnr IS NOT NULL AND p.pnr = je.pnr
LEFT JOIN bookings b ON b.id = p.booking_id;
