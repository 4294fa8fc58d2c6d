-- Custom SQL migration file, put your code below! --
-- The report line of an entry as in 0008_reports, with the market and the product written into the trigger's own
-- INSERT instead of calling report_market and report_product for every entry: a SQL function that is not inlined
-- is parsed and planned again on each call, while the trigger's INSERT is planned once per connection. Same
-- values: the market's expression is report_market's, and report_product is still asked when the entry has no
-- PNR row (its first case answers 'flight' for a PNR row).
CREATE OR REPLACE FUNCTION "report_line_of_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_lines (entry_id, agency_id, type, amount, signed, created_at, day, pnr_id, pnr, airline, market, product, flight_date, booking_date, pax)
  SELECT NEW.id, NEW.agency_id, NEW.type, NEW.amount,
    CASE WHEN NEW.type IN ('T', 'V', 'R') THEN NEW.amount ELSE -NEW.amount END,
    NEW.created_at, to_char((NEW.created_at AT TIME ZONE 'UTC') + interval '7 hours', 'YYYY-MM-DD'),
    p.id, p.pnr, p.airline,
    CASE WHEN p.route_infos IS NULL OR jsonb_typeof(p.route_infos) <> 'array' OR jsonb_array_length(p.route_infos) = 0 THEN NULL
      WHEN EXISTS (SELECT 1 FROM jsonb_array_elements(p.route_infos) leg
                   WHERE NOT (leg->>'from' = ANY (report_domestic_airports())) OR NOT (leg->>'to' = ANY (report_domestic_airports()))) THEN 'QT'
      ELSE 'QN' END,
    CASE WHEN p.id IS NOT NULL THEN 'flight' ELSE report_product(p.id, NEW.pnr, NEW.booking_ref) END,
    substr(p.route_infos->0->>'departDate', 1, 10),
    to_char((b.created_at AT TIME ZONE 'UTC') + interval '7 hours', 'YYYY-MM-DD'),
    COALESCE(jsonb_array_length(p.pax_infos), 0)
  FROM (SELECT 1) one
  LEFT JOIN pnrs p ON NEW.pnr IS NOT NULL AND p.pnr = NEW.pnr
  LEFT JOIN bookings b ON b.id = p.booking_id;
  RETURN NULL;
END
$$;
