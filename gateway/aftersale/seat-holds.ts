/**
 * The seat inventory of after-sale edits: a PNR row's seats of a flight and class, taken or given back through the
 * same inventory as bookings (flights' takeSeats) and kept in the row's seat holds, each in one transaction. Used
 * by the segment edits (add-route, remove-route, change-route-class) and exchange-route.
 *
 * Seats given back go through the bookings' seat-pool registry (`SeatPools.giveBack`): a hold taken from the live
 * inventory goes back there; a hold that names a pool (a seat sold from an agency's allotment) goes back to its
 * pool, which keeps it while the allotment still sells (and hands it to the live inventory after its release).
 * The after-sale module gives the registry of its database (`setSeatPools`); without one a pooled hold is refused
 * rather than leaked to the live inventory.
 */
import { eq } from 'drizzle-orm';
import { takeSeats } from '../flights/service';
import { SeatPools } from '../bookings/service';
import type { Db } from '../platform/db/client';
import { pnrs } from '../platform/db/schema';
import type { AfterSaleDeps } from './services';

const registries = new WeakMap<Db, SeatPools>();
const unpooled = new SeatPools();

/** The seat pools seats of `db` go back through (set once by the after-sale module). */
export function setSeatPools(db: Db, pools: SeatPools): void {
  registries.set(db, pools);
}

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

/** Gives a PNR row's seats of a flight and class back (to their pool or the live inventory; the row's seat holds). */
export async function releaseFor(deps: Pick<AfterSaleDeps, 'db'>, rowId: number, key: string, cls: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select({ seatHolds: pnrs.seatHolds }).from(pnrs).where(eq(pnrs.id, rowId)).for('update');
    const mine = row.seatHolds.filter((h) => h.key === key && h.class === cls);
    await (registries.get(deps.db) ?? unpooled).giveBack(tx, mine);
    await tx.update(pnrs).set({ seatHolds: row.seatHolds.filter((h) => !(h.key === key && h.class === cls)), updatedAt: new Date() }).where(eq(pnrs.id, rowId));
  });
}
