-- Custom SQL migration file, put your code below! --
-- A flight search reads the seat inventory of the flights departing on its days in one query
-- (split_part of the seat key `${flightNo}/${departDate}`): this index serves it.
CREATE INDEX IF NOT EXISTS "seat_inventory_day_idx" ON "seat_inventory" USING btree ((split_part("seat_key", '/', 2)));
