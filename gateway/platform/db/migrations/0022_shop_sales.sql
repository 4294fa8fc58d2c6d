ALTER TABLE "shop_reserve_moves" DROP CONSTRAINT "shop_reserve_moves_kind_check";--> statement-breakpoint
ALTER TABLE "shop_reserve_moves" ADD COLUMN "booking_id" integer;--> statement-breakpoint
ALTER TABLE "shop_reserve_moves" ADD COLUMN "pnr" text;--> statement-breakpoint
ALTER TABLE "shop_reserve_moves" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "shop_reserve_moves" ADD CONSTRAINT "shop_reserve_moves_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_reserve_moves_key_idx" ON "shop_reserve_moves" USING btree ("idempotency_key");--> statement-breakpoint
ALTER TABLE "shop_reserve_moves" ADD CONSTRAINT "shop_reserve_moves_kind_check" CHECK ("shop_reserve_moves"."kind" in ('create', 'sale', 'release', 'expire', 'return'));