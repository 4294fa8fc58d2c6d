-- booking-search's name filter (docs/booking-management.md): the folded passenger names of every booking, as the
-- bookings module writes them with `passengers` (passengerNamesOf: the contract's remarkText of each name, "LAST
-- FIRST" and "FIRST LAST", one a line), searched with LIKE '%NAME%' through a trigram index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- the names of the bookings made before this migration, folded in SQL as remarkText folds them: NFD, combining
-- marks removed, đ/Đ → d/D, upper case, runs of white space as one space, trimmed
CREATE FUNCTION "search_fold_name"(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT btrim(regexp_replace(upper(translate(regexp_replace(normalize(COALESCE(value, ''), NFD), '[\u0300-\u036f]', '', 'g'), 'đĐ', 'dD')), '\s+', ' ', 'g'))
$$;
--> statement-breakpoint
UPDATE "bookings" b SET "passenger_names" = COALESCE((
  SELECT string_agg(n.l || ' ' || n.f || E'\n' || n.f || ' ' || n.l, E'\n' ORDER BY x.i)
  FROM jsonb_array_elements(b."passengers") WITH ORDINALITY AS x(p, i),
    LATERAL (SELECT search_fold_name(x.p->>'lastName') AS l, search_fold_name(x.p->>'firstName') AS f) n
), '');
--> statement-breakpoint
DROP FUNCTION "search_fold_name"(text);
--> statement-breakpoint
CREATE INDEX "bookings_passenger_names_trgm_idx" ON "bookings" USING gin ("passenger_names" gin_trgm_ops);
