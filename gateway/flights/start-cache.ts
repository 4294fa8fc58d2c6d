/**
 * What starts a search (`searchStartOf`: the agency's sign-ins, its path and fee lines, the seat inventory of the
 * search's days), kept in memory per agency and days on embedded PGlite only, and dropped by every committed
 * change of the four tables that statement reads (agencies, sign_ins, service_fees, seat_inventory; inserts
 * included), before the writer goes on (platform/db/table-changes.ts). So a search reads what the statement would
 * have read at that moment: a sign-in or fee changed, or a seat taken by a hold, shows in the next search, as
 * before. A read during which such a change committed is not kept.
 *
 * On PostgreSQL several instances share the database: the statement runs for every search, as before.
 */
import type { Db } from '../platform/db/client';
import { KeptCopies, tableChangesOf, type WatchedTable } from '../platform/db/table-changes';
import { searchStartOf } from './service';

export const SEARCH_START_TABLES = ['agencies', 'sign_ins', 'service_fees', 'seat_inventory'] as const satisfies readonly WatchedTable[];
/** At most this many (agency, days) kept; the oldest goes first. */
export const SEARCH_START_CACHE_SIZE = 200;

type SearchStart = Awaited<ReturnType<typeof searchStartOf>>;

export class SearchStartCache extends KeptCopies<SearchStart> {
  constructor(limit = SEARCH_START_CACHE_SIZE) {
    super(limit);
  }
}

const caches = new WeakMap<Db, SearchStartCache>();

/** On PGlite: the cache of this database (made once, listening to its tables' changes); undefined on PostgreSQL. */
export async function installSearchStartCache(db: Db): Promise<SearchStartCache | undefined> {
  const made = caches.get(db);
  if (made) return made;
  const changes = await tableChangesOf(db);
  if (!changes) return undefined;
  const again = caches.get(db);
  if (again) return again;
  const cache = new SearchStartCache();
  changes.on(SEARCH_START_TABLES, () => cache.invalidate());
  caches.set(db, cache);
  return cache;
}

export function searchStartCacheOf(db: Db): SearchStartCache | undefined {
  return caches.get(db);
}

/** `searchStartOf`, from memory on PGlite when nothing it reads changed since it was last read (frozen: shared). */
export async function searchStart(db: Db, agencyId: number, seatDays: readonly string[]): Promise<SearchStart> {
  const cache = caches.get(db);
  if (!cache) return searchStartOf(db, agencyId, seatDays);
  const key = `${agencyId}|${seatDays.join(',')}`;
  const kept = cache.get(key);
  if (kept) return kept;
  const generation = cache.generation;
  const read = await searchStartOf(db, agencyId, seatDays);
  cache.set(key, generation, read);
  return read;
}
