/**
 * Demo eSIM orders (gateway/esim): paid from the demo deposits, ordered from a partner that answers at once.
 * Run after seedDemo (the agencies, users and deposits); idempotent.
 */
import { agencies } from '../platform/db/schema';
import type { Db } from '../platform/db/client';
import { seedEsimOrders } from '../esim/service';

export async function seedEsim(db: Db, now: Date = new Date()): Promise<number> {
  const rows = await db.select({ id: agencies.id, code: agencies.code }).from(agencies);
  const ids = new Map(rows.map((r) => [r.code, r.id]));
  return db.transaction((tx) => seedEsimOrders(tx, ids, now));
}
