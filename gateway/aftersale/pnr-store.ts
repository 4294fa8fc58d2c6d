/**
 * The database-backed PnrStore given to the PNR supplier: the simulated airline's records (`supplier_pnrs`,
 * compare-and-set on `version`) and the seats taken on its flights (`supplier_seats`, one passenger per seat by
 * the primary key). A commit is one transaction: the record, the seats freed and the seats taken, or nothing.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PnrRecord } from '../../contract/aftersale';
import type { Db } from '../platform/db/client';
import { supplierPnrs, supplierSeats } from '../platform/db/schema';
import type { PnrStore, SeatClaim } from '../suppliers';

class SeatTaken extends Error {}
class Conflict extends Error {}

export function dbPnrStore(db: Db): PnrStore {
  return {
    async load(pnr) {
      const [row] = await db.select({ record: supplierPnrs.record, version: supplierPnrs.version }).from(supplierPnrs).where(eq(supplierPnrs.pnr, pnr));
      return row ? { record: row.record as PnrRecord, version: row.version } : null;
    },
    async commit(pnr, source, record, expectedVersion, seats) {
      try {
        await db.transaction(async (tx) => {
          if (expectedVersion === null) {
            const inserted = await tx.insert(supplierPnrs).values({ pnr, source, record, version: 1 }).onConflictDoNothing().returning({ pnr: supplierPnrs.pnr });
            if (inserted.length === 0) throw new Conflict();
          } else {
            const updated = await tx
              .update(supplierPnrs)
              .set({ record, version: sql`${supplierPnrs.version} + 1`, updatedAt: new Date() })
              .where(and(eq(supplierPnrs.pnr, pnr), eq(supplierPnrs.version, expectedVersion)))
              .returning({ pnr: supplierPnrs.pnr });
            if (updated.length === 0) throw new Conflict();
          }
          for (const r of seats?.release ?? []) {
            await tx.delete(supplierSeats).where(and(eq(supplierSeats.flightKey, r.flightKey), eq(supplierSeats.seat, r.seat), eq(supplierSeats.pnr, r.pnr)));
          }
          for (const c of seats?.claim ?? []) {
            const taken = await tx
              .insert(supplierSeats)
              .values({ flightKey: c.flightKey, seat: c.seat, pnr: c.pnr, paxId: c.paxId })
              .onConflictDoNothing()
              .returning({ seat: supplierSeats.seat });
            if (taken.length === 0) throw new SeatTaken();
          }
        });
        return 'ok';
      } catch (err) {
        if (err instanceof SeatTaken) return 'seatTaken';
        if (err instanceof Conflict) return 'conflict';
        // the unique index of (flight, pnr, passenger) or a concurrent insert of the same seat
        if (isUniqueViolation(err)) return 'seatTaken';
        throw err;
      }
    },
    // pnr-segments: a split in one transaction (the parent by compare-and-set, the child new, the seats handed over)
    async commitSplit(parent, child, moved) {
      try {
        await db.transaction(async (tx) => {
          const updated = await tx
            .update(supplierPnrs)
            .set({ record: parent.record, version: sql`${supplierPnrs.version} + 1`, updatedAt: new Date() })
            .where(and(eq(supplierPnrs.pnr, parent.pnr), eq(supplierPnrs.version, parent.expectedVersion)))
            .returning({ pnr: supplierPnrs.pnr });
          if (updated.length === 0) throw new Conflict();
          const inserted = await tx.insert(supplierPnrs).values({ pnr: child.pnr, source: child.source, record: child.record, version: 1 }).onConflictDoNothing().returning({ pnr: supplierPnrs.pnr });
          if (inserted.length === 0) throw new Conflict();
          if (moved.length > 0) await tx.update(supplierSeats).set({ pnr: child.pnr }).where(and(eq(supplierSeats.pnr, parent.pnr), inArray(supplierSeats.paxId, moved)));
        });
        return 'ok';
      } catch (err) {
        if (err instanceof Conflict) return 'conflict';
        throw err;
      }
    },
    async seatsTaken(flightKey) {
      const rows = await db.select().from(supplierSeats).where(eq(supplierSeats.flightKey, flightKey));
      return new Map<string, SeatClaim>(rows.map((r) => [r.seat, { flightKey: r.flightKey, seat: r.seat, pnr: r.pnr, paxId: r.paxId }]));
    },
  };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** Seats of several PNRs (tests and the hub). */
export async function seatsOfPnrs(db: Db, codes: readonly string[]) {
  return codes.length === 0 ? [] : db.select().from(supplierSeats).where(inArray(supplierSeats.pnr, [...codes]));
}
