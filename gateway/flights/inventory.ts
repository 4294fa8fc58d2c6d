/**
 * Seat inventory: seats sold through this gateway per flown flight (the suppliers' seat key
 * `${flightNo}/${localDepartDate}`) and booking class, table seat_inventory.
 *
 * - A flight search reads it ONCE, in the statement that starts it (`searchStartOf` with `seatRowsJson`), for
 *   every flight departing on the search's days, and answers the `seatsTaken` lookups of all its supplier
 *   calls from those rows (`seatsReaderOf`; a key of another day is read on its own, batched).
 *   `searchSeatsReader(db, days)` is the same reader with a query of its own.
 * - Other callers (cheapest days, after-sale re-pricing) use `seatsTakenReader(db)`, the `seatsTaken` adapter
 *   of the suppliers' search context. It batches: every lookup a supplier makes while pricing one answer (it
 *   asks for all its keys and classes before awaiting any) is served by ONE query.
 * - Holds add to it with `takeSeats` inside their transaction; cancellations give seats back with
 *   `releaseSeats`. `takeSeats` never oversells, also under concurrent holds (one atomic statement).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { addDays } from '../platform/clock';
import type { Conn } from '../platform/db/client';
import { seatInventory } from '../platform/db/schema';
import type { SeatKey, SeatsTaken } from '../suppliers';

const lookupKey = (key: SeatKey, bookingClass: string) => `${key}#${bookingClass}`;

/**
 * The `seatsTaken` adapter for one supplier call. Lookups made in the same tick are collected and answered
 * by a single `select … where seat_key in (…)`; a later lookup starts a new batch. Keep one reader per
 * supplier call (it caches what it read, so a reused reader would not see newer holds).
 */
export function seatsTakenReader(db: Conn, onQuery?: () => void): SeatsTaken {
  const known = new Map<string, number>();
  let pending: { keys: Set<SeatKey>; done: Promise<void> } | null = null;

  const load = async (keys: Set<SeatKey>): Promise<void> => {
    onQuery?.();
    const rows = await db
      .select({ seatKey: seatInventory.seatKey, class: seatInventory.class, taken: seatInventory.taken })
      .from(seatInventory)
      .where(inArray(seatInventory.seatKey, [...keys]));
    for (const key of keys) {
      // Mark every key of the batch as read; classes without a row count 0.
      known.set(lookupKey(key, '*'), 0);
    }
    for (const r of rows) known.set(lookupKey(r.seatKey, r.class), r.taken);
  };

  return async (key, bookingClass) => {
    if (!known.has(lookupKey(key, '*'))) {
      if (!pending) {
        const batch = { keys: new Set<SeatKey>(), done: Promise.resolve() };
        // Runs after the current synchronous burst of lookups has registered its keys.
        batch.done = Promise.resolve().then(() => {
          pending = null;
          return load(batch.keys);
        });
        pending = batch;
      }
      pending.keys.add(key);
      await pending.done;
    }
    return known.get(lookupKey(key, bookingClass)) ?? 0;
  };
}

/** The local departure date of a seat key (`VN213/2025-06-10` → `2025-06-10`). */
export function seatKeyDay(key: SeatKey): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

/**
 * The days whose flights a search can answer with: each date searched and the day after (a connection's
 * second flight can leave the next day), sorted, without repeats.
 */
export function searchSeatDays(dates: readonly string[]): string[] {
  return [...new Set(dates.flatMap((d) => [d, addDays(d, 1)]))].sort();
}

/**
 * The `seatsTaken` adapter of one flight search, shared by all its supplier calls: one query, started at
 * once, reads the inventory of every flight departing on `days` (the index on the seat key's day); lookups of
 * those days answer from it (synchronously once it has arrived). A key of another day falls back to a
 * batched reader of its own. The counts are those of the moment the search started: a hold made before it is
 * subtracted, as it was with a query per supplier answer.
 */
export function searchSeatsReader(db: Conn, days: readonly string[], onQuery?: () => void): SeatsTaken {
  onQuery?.();
  const loading = db
    .select({ seatKey: seatInventory.seatKey, class: seatInventory.class, taken: seatInventory.taken })
    .from(seatInventory)
    .where(inArray(sql`split_part(${seatInventory.seatKey}, '/', 2)`, [...days]));
  return seatsReaderOf(db, days, loading, onQuery);
}

/** A row of seat_inventory as a search reads it. */
export interface SeatRow {
  seatKey: string;
  class: string;
  taken: number;
}

/**
 * The rows of every flight departing on `days` as one json value (`[{seatKey, class, taken}]`), for a
 * statement that reads them with other things (`searchStartOf`); through the index on the key's day.
 */
export function seatRowsJson(days: readonly string[]): SQL {
  if (days.length === 0) return sql`'[]'::json`;
  return sql`(select coalesce(json_agg(json_build_object('seatKey', ${seatInventory.seatKey}, 'class', ${seatInventory.class}, 'taken', ${seatInventory.taken})), '[]'::json)
    from ${seatInventory} where split_part(${seatInventory.seatKey}, '/', 2) in ${[...days]})`;
}

/**
 * `searchSeatsReader` from rows already read (or being read) with the search's other start data: the rows of
 * every flight departing on `days`, read when the search started. No query of its own for those days.
 */
export function seatsReaderOf(db: Conn, days: readonly string[], rows: readonly SeatRow[] | PromiseLike<readonly SeatRow[]>, onQuery?: () => void): SeatsTaken {
  const wanted = new Set(days);
  const known = new Map<string, number>();
  /** The seat keys with a row (of any class) on the days read. */
  const withRows = new Set<string>();
  let loaded = false;
  const take = (list: readonly SeatRow[]) => {
    for (const r of list) {
      known.set(lookupKey(r.seatKey, r.class), r.taken);
      withRows.add(r.seatKey);
    }
    loaded = true;
  };
  let loading: Promise<void>;
  if (Array.isArray(rows)) {
    take(rows as readonly SeatRow[]);
    loading = Promise.resolve();
  } else {
    loading = Promise.resolve(rows).then(take);
  }
  // a failed read fails the lookups that wait for it (their supplier call), never the process
  loading.catch(() => undefined);
  let others: SeatsTaken | null = null;
  const reader: SeatsTaken = (key, bookingClass) => {
    if (!wanted.has(seatKeyDay(key))) return (others ??= seatsTakenReader(db, onQuery))(key, bookingClass);
    if (loaded) return known.get(lookupKey(key, bookingClass)) ?? 0;
    return loading.then(() => known.get(lookupKey(key, bookingClass)) ?? 0);
  };
  // a flight of the days read without any row has no seat taken: its offers need no lookup (the suppliers'
  // priced offers of untouched flights are reused)
  reader.untaken = (key) => loaded && !withRows.has(key) && wanted.has(seatKeyDay(key));
  reader.ready = loading.catch(() => undefined);
  return reader;
}

/**
 * Takes `n` seats of a flight's booking class if, after it, no more than `capacity` are taken; answers
 * whether it did. `capacity` is the class's seat count BEFORE any inventory adjustment (what the supplier
 * reports without `seatsTaken`), not the `seatAvailable` a search showed. One atomic statement
 * (INSERT … ON CONFLICT DO UPDATE … WHERE): concurrent calls on the same row serialise on its lock and each
 * sees the others' result, so the class is never oversold. Call it inside the hold's transaction; a
 * rollback gives the seats back.
 */
export async function takeSeats(tx: Conn, key: SeatKey, bookingClass: string, n: number, capacity: number): Promise<boolean> {
  if (!Number.isInteger(n) || n < 1) throw new RangeError('takeSeats: n must be a positive integer');
  if (!Number.isInteger(capacity) || n > capacity) return false;
  const rows = await tx.execute<{ taken: number }>(sql`
    insert into ${seatInventory} (seat_key, class, taken, updated_at)
    values (${key}, ${bookingClass}, ${n}, now())
    on conflict (seat_key, class) do update
      set taken = ${seatInventory}.taken + excluded.taken, updated_at = now()
      where ${seatInventory}.taken + excluded.taken <= ${capacity}
    returning taken`);
  return rowsOf(rows).length === 1;
}

/** Gives `n` seats back (a cancelled hold); never below 0. */
export async function releaseSeats(tx: Conn, key: SeatKey, bookingClass: string, n: number): Promise<void> {
  if (!Number.isInteger(n) || n < 1) throw new RangeError('releaseSeats: n must be a positive integer');
  await tx
    .update(seatInventory)
    .set({ taken: sql`greatest(${seatInventory.taken} - ${n}, 0)`, updatedAt: new Date() })
    .where(and(eq(seatInventory.seatKey, key), eq(seatInventory.class, bookingClass)));
}

/** Seats taken of one flight and class (0 without a row). */
export async function seatsTakenOf(db: Conn, key: SeatKey, bookingClass: string): Promise<number> {
  return seatsTakenReader(db)(key, bookingClass);
}

/** node-postgres answers `{ rows }`, PGlite's drizzle driver too; be tolerant of a bare array. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: T[] } | null)?.rows;
  return Array.isArray(rows) ? rows : [];
}
