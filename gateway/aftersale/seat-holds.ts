/**
 * The seat inventory of after-sale edits: a PNR row's seats of a flight and class, taken or given back through the
 * same inventory as bookings (flights' takeSeats / releaseSeats) and kept in the row's seat holds, each in one
 * transaction. Used by the segment edits (add-route, remove-route, change-route-class) and exchange-route.
 */
import { eq } from 'drizzle-orm';
import { releaseSeats, takeSeats } from '../flights/service';
import { pnrs } from '../platform/db/schema';
import type { AfterSaleDeps } from './services';

/** Takes seats of a class for a PNR row (inventory + the row's seat holds) in one transaction; false when full. */
export async function takeFor(deps: Pick<AfterSaleDeps, 'db'>, rowId: number, key: string, cls: string, n: number, capacity: number): Promise<boolean> {
  if (n < 1) return true;
  return deps.db.transaction(async (tx) => {
    if (!(await takeSeats(tx, key, cls, n, capacity))) return false;
    const [row] = await tx.select({ seatHolds: pnrs.seatHolds }).from(pnrs).where(eq(pnrs.id, rowId)).for('update');
    await tx.update(pnrs).set({ seatHolds: [...row.seatHolds, { key, class: cls, n }], updatedAt: new Date() }).where(eq(pnrs.id, rowId));
    return true;
  });
}

/** Gives a PNR row's seats of a flight and class back (inventory + the row's seat holds). */
export async function releaseFor(deps: Pick<AfterSaleDeps, 'db'>, rowId: number, key: string, cls: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select({ seatHolds: pnrs.seatHolds }).from(pnrs).where(eq(pnrs.id, rowId)).for('update');
    const mine = row.seatHolds.filter((h) => h.key === key && h.class === cls);
    for (const h of mine) if (h.n > 0) await releaseSeats(tx, key, cls, h.n);
    await tx.update(pnrs).set({ seatHolds: row.seatHolds.filter((h) => !(h.key === key && h.class === cls)), updatedAt: new Date() }).where(eq(pnrs.id, rowId));
  });
}
