/**
 * Where a PNR's seats go back when it is cancelled, voided, refunded in full or expires. A seat hold taken from
 * the flight's live inventory (`takeSeats`) goes back there (`releaseSeats`). A hold that names a pool came from
 * seats another domain had already set aside (an agency's allotment of the shop): its seats go back to that
 * pool, through the pool's own function. The bookings module provides one `SeatPools` (key SEAT_POOLS); a
 * domain listed after it registers its pool by name.
 */
import type { Conn } from '../platform/db/client';
import type { SeatHold } from '../platform/db/schema';
import { sharedKey } from '../platform/shared';
import { releaseSeats } from '../flights/service';

/** Gives the seats of one pooled hold back to its pool (inside the caller's transaction). */
export type SeatPoolReturn = (tx: Conn, hold: SeatHold & { pool: NonNullable<SeatHold['pool']> }) => Promise<void>;

export class SeatPools {
  private readonly pools = new Map<string, SeatPoolReturn>();

  register(name: string, giveBack: SeatPoolReturn): void {
    if (this.pools.has(name)) throw new Error(`seat pool "${name}" is registered twice`);
    this.pools.set(name, giveBack);
  }

  /** Gives every hold back: to its pool when it names one, else to the flight's live inventory. */
  async giveBack(tx: Conn, holds: readonly SeatHold[]): Promise<void> {
    for (const h of holds) {
      if (h.n < 1) continue;
      if (!h.pool) {
        await releaseSeats(tx, h.key, h.class, h.n);
        continue;
      }
      const pool = this.pools.get(h.pool.name);
      // never give pooled seats to the live inventory by mistake: the transaction fails instead
      if (!pool) throw new Error(`seat pool "${h.pool.name}" is not registered`);
      await pool(tx, { ...h, pool: h.pool });
    }
  }
}

/** The seat pools of the app, provided by the bookings module. */
export const SEAT_POOLS = sharedKey<SeatPools>('bookings.seatPools');

/**
 * The offer id a pooled fare is stored under (`pool:<name>:<id>`): its price is the pool's own (an allotment's
 * selling price), so the issue does not price it again from the live search.
 */
export const pooledOfferId = (pool: { name: string; id: number }): string => `pool:${pool.name}:${pool.id}`;
export const isPooledOffer = (offerId: string): boolean => offerId.startsWith('pool:');
