-- after-sale money: PNRs edited before the extras column existed get their paid edits' charges
-- (pnr_edits with an amount) in extras by kind and in their total, and their booking's fare total with them.
WITH e AS (
  SELECT pnr,
    CASE kind
      WHEN 'buy-luggage' THEN 'luggage' WHEN 'upgrade-luggage' THEN 'luggage'
      WHEN 'buy-seat' THEN 'seat' WHEN 'buy-ancillary' THEN 'ancillary'
      WHEN 'add-infant' THEN 'infant' WHEN 'add-infant-vj' THEN 'infant'
      WHEN 'exchange-route' THEN 'exchange' WHEN 'change-route-class' THEN 'classChange'
      WHEN 'add-route' THEN 'route' ELSE 'other' END AS k,
    sum(amount)::bigint AS amount
  FROM pnr_edits WHERE amount > 0 GROUP BY 1, 2
), per AS (
  SELECT pnr,
    jsonb_agg(jsonb_build_object('kind', k, 'amount', amount)
      ORDER BY array_position(ARRAY['luggage','seat','ancillary','infant','exchange','classChange','route','other'], k)) AS extras,
    sum(amount)::bigint AS total
  FROM e GROUP BY pnr
), upd AS (
  UPDATE pnrs p SET extras = per.extras, total_price = p.total_price + per.total
  FROM per WHERE p.pnr = per.pnr AND p.extras = '[]'::jsonb
  RETURNING p.booking_id, per.total
)
UPDATE bookings b SET total_fare = b.total_fare + s.total
FROM (SELECT booking_id, sum(total)::bigint AS total FROM upd GROUP BY booking_id) s
WHERE b.id = s.booking_id;
