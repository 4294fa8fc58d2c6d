ALTER TABLE "shop_reserve_moves" ADD COLUMN "entry_id" bigint;--> statement-breakpoint
ALTER TABLE "shop_reserves" ADD COLUMN "charge_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "shop_reserves" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "shop_reserve_moves" ADD CONSTRAINT "shop_reserve_moves_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_reserves" ADD CONSTRAINT "shop_reserves_charge_entry_id_journal_entries_id_fk" FOREIGN KEY ("charge_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_reserves_key_idx" ON "shop_reserves" USING btree ("idempotency_key");