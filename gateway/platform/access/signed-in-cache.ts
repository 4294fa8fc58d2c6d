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
 * The (user, tsp) claims stay in the used_tsps table (a replay is refused after a restart too), written by
 * `TspClaims` in one statement for all the claims waiting at that moment: each request waits for its own row,
 * written or refused, before it goes on.
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
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

interface Waiting {
  userId: number;
  tsp: number;
  resolve: (fresh: boolean) => void;
  reject: (e: unknown) => void;
}

/**
 * The claims of a batch, integers only (checked by `safeInteger`), written as literals: one simple-protocol message
 * instead of the extended protocol's parse, bind, describe, execute and sync, each a call into the database.
 */
const claimStatement = (users: string, tsps: string) => `
  insert into used_tsps (user_id, tsp, expires_at)
  select c.u, c.t, timestamptz 'epoch' + (c.t + ${TSP_MAX_SKEW_MS}) * interval '1 millisecond'
  from unnest('{${users}}'::integer[], '{${tsps}}'::bigint[]) as c(u, t)
  on conflict do nothing
  returning user_id, tsp`;

/** The most claims written by one statement. */
const CLAIMS_PER_STATEMENT = 500;

/**
 * The (user, tsp) claims in used_tsps, one INSERT … ON CONFLICT DO NOTHING for every claim waiting when the
 * previous one ended: a claim is fresh when its row was inserted by it (a pair twice in one batch: the first).
 * Every 500 claims the pairs whose tsp has left the window are deleted (as access/replay.ts does).
 */
export class TspClaims {
  #waiting: Waiting[] = [];
  #writing = false;
  #scheduled = false;
  #sinceSweep = 0;
  constructor(
    private readonly db: Db,
    private readonly client: PGlite,
  ) {}

  claim(userId: number, tsp: number): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.#waiting.push({ userId, tsp, resolve, reject });
      this.#schedule();
    });
  }

  /**
   * The next statement runs in the event loop's check phase (setImmediate), after the requests whose bytes arrived
   * in this turn have reached their claim: a request's hooks run to its claim in microtasks, before the next
   * socket's data is read, so writing at once would write one claim per statement.
   */
  #schedule(): void {
    if (this.#writing || this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      void this.#write();
    });
  }

  async #write(): Promise<void> {
    this.#writing = true;
    try {
      const batch = this.#waiting.splice(0, CLAIMS_PER_STATEMENT);
      try {
        const inserted = await this.#insert(batch);
        for (const w of batch) w.resolve(inserted.delete(`${w.userId}/${w.tsp}`));
      } catch (e) {
        for (const w of batch) w.reject(e);
      }
      this.#sinceSweep += batch.length;
      if (this.#sinceSweep >= 500) {
        this.#sinceSweep = 0;
        await this.db.execute(sql`delete from used_tsps where expires_at < now()`).catch(() => undefined);
      }
    } finally {
      this.#writing = false;
      if (this.#waiting.length > 0) this.#schedule();
    }
  }

  async #insert(batch: Waiting[]): Promise<Set<string>> {
    // integers only (checked by the callers' types and here), so the arrays are written as literals
    const users = batch.map((w) => safeInteger(w.userId)).join(',');
    const tsps = batch.map((w) => safeInteger(w.tsp)).join(',');
    // PGlite's own exec, not drizzle's: drizzle passes its type parsers with every query, which PGlite merges
    // into a copy of all its parsers per query (a third of what a search allocated, bench:search-throughput)
    const [result] = await this.client.exec(claimStatement(users, tsps));
    const rows = (result?.rows ?? []) as { user_id: number | string; tsp: number | string | bigint }[];
    return new Set(rows.map((r) => `${String(r.user_id)}/${String(r.tsp)}`));
  }
}

function safeInteger(n: number): string {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return String(n);
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
  const memory: SignedInMemory = { cache: new SignedInCache(), claims: new TspClaims(db, client) };
  changes.on(SIGNED_IN_TABLES, () => memory.cache.invalidate(), ['UPDATE', 'DELETE', 'TRUNCATE']);
  installed.set(db, memory);
  return memory;
}
