/**
 * The sign-in check without a database statement per request, on embedded PGlite only.
 *
 * With PGlite the gateway is the only process that can open its database, so what a request's sign-in check reads
 * (the user, its agency and permission group, whether its token's sign-in family is alive) can only change by a
 * statement of this process. Every update, delete or truncate of those four tables (users, agencies,
 * permission_groups, refresh_tokens) empties the cache when its transaction commits, before the writer goes on
 * (db/table-changes.ts: statement-level triggers and PGlite's notifications), so a signed-out family, a
 * locked or deleted user, a suspended agency, a changed password (its families are revoked) or a changed
 * permission group is refused by the very next request, as without a cache. A check read from the database while
 * such a write committed is not kept (the generation moved). Inserts need no notification: only passable users
 * with a live family are kept, and a new row cannot make them less so.
 *
 * On PostgreSQL several instances share the database and nothing is cached (access/signed-in.ts): one statement
 * per request reads the user and claims its tsp.
 *
 * The (user, tsp) claims are kept in this process's memory (`TspClaims`), not in the used_tsps table (which
 * PostgreSQL still uses): a tsp older than the gateway's start is refused, so a replay is refused after a restart too.
 */
import { TSP_MAX_SKEW_MS } from '../../../contract/constants';
import type { Db } from '../db/client';
import { KeptCopies, pgliteOf, tableChangesOf, type WatchedTable } from '../db/table-changes';
import type { UserContext } from '../tenancy/users';

/** The tables whose rows the sign-in check reads. */
export const SIGNED_IN_TABLES = ['users', 'agencies', 'permission_groups', 'refresh_tokens'] as const satisfies readonly WatchedTable[];
/** At most this many (user, family) checks are kept; the oldest goes first. */
export const SIGNED_IN_CACHE_SIZE = 10_000;

/** The passable sign-ins (user, family) of this process, emptied on every change of the tables they come from. */
export class SignedInCache {
  readonly #kept: KeptCopies<UserContext>;
  constructor(readonly limit = SIGNED_IN_CACHE_SIZE) {
    this.#kept = new KeptCopies(limit);
  }

  get generation(): number {
    return this.#kept.generation;
  }

  get size(): number {
    return this.#kept.size;
  }

  get(userId: number, familyId: string): UserContext | undefined {
    return this.#kept.get(`${userId}/${familyId}`);
  }

  /** Keeps a check read at `generation`; refused (false) when the tables changed since that read began. */
  set(userId: number, familyId: string, generation: number, ctx: UserContext): boolean {
    return this.#kept.set(`${userId}/${familyId}`, generation, ctx);
  }

  invalidate(): void {
    this.#kept.invalidate();
  }
}

/** The claims are kept per minute of their tsp: a check looks in one minute's set, whole minutes are forgotten. */
const MINUTE_MS = 60_000;

/**
 * The (user, tsp) claims of this process, in memory. With PGlite the gateway is the only process that can open its
 * database, so no other process can claim a pair: memory decides, at once, without a statement (it was one INSERT
 * per event-loop turn into used_tsps, about a sixth of a flight search's gateway CPU, bench:search-throughput).
 *
 * What an earlier run of the gateway claimed is not known here, so every tsp older than this memory (`since`: made
 * when the gateway starts, seconds before it listens) is refused like a replay: a request captured before a restart
 * or a crash cannot be played again after it, which the table gave only for the claims it had written. A tsp
 * leaves the ±5-minute window anyway, so this refusal only concerns the first five minutes after a start, and only
 * requests made before the gateway was running (the portal makes a new tsp for every request it sends).
 *
 * A claim is kept until its tsp has left the window: a set per minute of tsp, the minutes wholly past the window
 * dropped as time goes on (at most 12 kept), each pair one number (user × 60,000 + the tsp's millisecond in its minute).
 */
export class TspClaims {
  readonly #minutes = new Map<number, Set<number>>();
  #oldestKept = -Infinity;

  constructor(
    /** Epoch ms this memory starts at: an older tsp may have been claimed by an earlier run. */
    readonly since: number = Date.now(),
    private readonly now: () => number = Date.now,
  ) {}

  /** Claims the pair: true the first time, false for a repeat or a tsp older than `since`. */
  claim(userId: number, tsp: number): boolean {
    if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(tsp) || tsp < this.since) return false;
    this.#forget();
    const minute = Math.floor(tsp / MINUTE_MS);
    if (minute < this.#oldestKept) return false;
    let pairs = this.#minutes.get(minute);
    if (!pairs) this.#minutes.set(minute, (pairs = new Set()));
    const pair = userId * MINUTE_MS + (tsp - minute * MINUTE_MS);
    if (pairs.has(pair)) return false;
    pairs.add(pair);
    return true;
  }

  /** The number of pairs kept (diagnostics, tests). */
  get size(): number {
    let n = 0;
    for (const pairs of this.#minutes.values()) n += pairs.size;
    return n;
  }

  /** Drops the minutes whose every tsp is out of the window (they are refused before their claim anyway). */
  #forget(): void {
    const oldest = Math.floor((this.now() - TSP_MAX_SKEW_MS) / MINUTE_MS) - 1;
    if (oldest <= this.#oldestKept) return;
    this.#oldestKept = oldest;
    for (const minute of this.#minutes.keys()) if (minute < oldest) this.#minutes.delete(minute);
  }
}

export interface SignedInMemory {
  cache: SignedInCache;
  claims: TspClaims;
}

const installed = new WeakMap<Db, SignedInMemory>();

/** The cache of a database (only PGlite databases have one, once `installSignedInCache` ran). */
export function signedInMemoryOf(db: Db): SignedInMemory | undefined {
  return installed.get(db);
}

/**
 * On PGlite: keeps the cache of this database, emptied by every update, delete or truncate of the tables the check
 * reads (db/table-changes.ts). On PostgreSQL: nothing (undefined).
 */
export async function installSignedInCache(db: Db): Promise<SignedInMemory | undefined> {
  const done = installed.get(db);
  if (done) return done;
  const changes = await tableChangesOf(db);
  const client = pgliteOf(db);
  if (!changes || !client) return undefined;
  const again = installed.get(db);
  if (again) return again;
  const memory: SignedInMemory = { cache: new SignedInCache(), claims: new TspClaims() };
  changes.on(SIGNED_IN_TABLES, () => memory.cache.invalidate(), ['UPDATE', 'DELETE', 'TRUNCATE']);
  installed.set(db, memory);
  return memory;
}
