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
import { Generation, tableChangesOf, type WatchedTable } from '../platform/db/table-changes';
import { searchStartOf } from './service';

export const SEARCH_START_TABLES = ['agencies', 'sign_ins', 'service_fees', 'seat_inventory'] as const satisfies readonly WatchedTable[];
/** At most this many (agency, days) kept; the oldest goes first. */
export const SEARCH_START_CACHE_SIZE = 200;

type SearchStart = Awaited<ReturnType<typeof searchStartOf>>;

export class SearchStartCache {
  readonly #generation = new Generation();
  readonly #entries = new Map<string, SearchStart>();
  constructor(readonly limit = SEARCH_START_CACHE_SIZE) {}

  get generation(): number {
    return this.#generation.value;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): SearchStart | undefined {
    return this.#entries.get(key);
  }

  /** Keeps what was read at `generation`; refused (false) when a watched table changed since. */
  set(key: string, generation: number, value: SearchStart): boolean {
    if (generation !== this.#generation.value) return false;
    this.#entries.delete(key);
    if (this.#entries.size >= this.limit) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, deepFreeze(value));
    return true;
  }

  invalidate(): void {
    this.#generation.bump();
    this.#entries.clear();
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
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
