/**
 * The per-request sign-in check in ONE statement (a prepared one, so the database parses and plans it once per
 * connection): the user with its agency and group, whether the token's sign-in family is still alive, and the
 * claim of the (user, tsp) pair (access/replay.ts), written only when the user may pass (a known, unlocked user
 * of the token's agency, active, with a live family). On PostgreSQL nothing is cached: a locked user, a suspended
 * agency or a revoked family is refused by the very next request, on every instance. On PGlite (one process) the
 * passable checks are kept in memory, emptied by every change of the tables they read, and the claims are kept in
 * memory, a tsp older than the gateway's start refused (access/signed-in-cache.ts).
 *
 * On PostgreSQL the statement commits without waiting for its WAL flush (`synchronous_commit` off for its own
 * transaction): a claim is checked against the claims committed before it as ever, and only a crash of the database
 * can lose the claims of its last moments. The crash also empties the UNLOGGED tsp_epoch (schema.ts tspEpoch): the
 * first check after it writes the time it found it empty, and a tsp older than that is refused, so no request sent
 * before the crash passes again. A request may commit a booking or a charge, whose own statements wait for their
 * flush: only the replay guard's rows are written this way. Every signed-in request thus waits for one flush fewer.
 */
import { and, eq, sql } from 'drizzle-orm';
import { TSP_MAX_SKEW_MS } from '../../../contract/constants';
import type { Db } from '../db/client';
import { agencies, permissionGroups, refreshTokens, tspEpoch, usedTsps, users } from '../db/schema';
import { toUserContext, userContextColumns, type UserContext } from '../tenancy/users';
import { sweepTsps } from './replay';
import { signedInMemoryOf, type SignedInMemory } from './signed-in-cache';

export interface SignedIn {
  /** The user of the token, null when unknown. */
  ctx: UserContext | null;
  /** The token's sign-in family is not revoked. */
  alive: boolean;
  /** The (user, tsp) pair was claimed by this request (false for a replay, and when no tsp was given). */
  fresh: boolean;
}

function build(db: Db) {
  const uid = sql.placeholder('uid');
  const agn = sql.placeholder('agn');
  const fam = sql.placeholder('fam');
  const tsp = sql.placeholder('tsp');
  const exp = sql.placeholder('exp');
  const now = sql.placeholder('now');
  const aliveSql = sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${fam}::uuid and ${refreshTokens.revokedAt} is null)`;
  // the claims' epoch, written when a crash emptied it: the gateway's time, the clock the tsp's skew is checked on (a
  // concurrent first check that inserts it too reads no epoch: null, its claim refused like a replay, and its client
  // asks again)
  const epoch = db.$with('tsp_epoch_new', { sinceMs: sql<number>`since_ms`.as('since_ms') }).as(sql`
    insert into ${tspEpoch} (id, since_ms)
    select 1, ${now}::bigint
    where ${tsp}::bigint is not null and not exists (select 1 from ${tspEpoch})
    on conflict (id) do nothing
    returning since_ms`);
  const claim = db.$with('tsp_claim', { ok: sql<number>`ok`.as('ok') }).as(sql`
    insert into ${usedTsps} (user_id, tsp, expires_at)
    select ${uid}::integer, ${tsp}::bigint, ${exp}::timestamptz
    where ${tsp}::bigint is not null
      and ${tsp}::bigint >= coalesce((select since_ms from ${epoch}), (select ${tspEpoch.sinceMs} from ${tspEpoch}))
      and exists (
        select 1 from ${users} join ${agencies} on ${agencies.id} = ${users.agencyId}
        where ${users.id} = ${uid}::integer and ${agencies.id} = ${agn}::integer and not ${users.locked} and ${agencies.status} = 'active'
      )
      and ${aliveSql}
    on conflict do nothing
    returning 1 as ok`);
  return db
    .with(epoch, claim)
    .select({
      ...userContextColumns,
      alive: sql<boolean>`${aliveSql}`,
      fresh: sql<boolean>`exists (select 1 from ${claim})`,
      // this statement's transaction only: its commit does not wait for the WAL flush (see above)
      asyncCommit: sql<string>`set_config('synchronous_commit', 'off', true)`,
    })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .leftJoin(permissionGroups, eq(permissionGroups.id, users.groupId))
    .where(and(eq(users.id, sql`${uid}::integer`)))
    .prepare('signed_in_check');
}

const prepared = new WeakMap<Db, ReturnType<typeof build>>();

function statementOf(db: Db) {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = build(db)));
  return query;
}

/** The user may pass and claim a tsp: as the statement's claim condition (the user of the token's agency, unlocked, active, live family). */
function passable(ctx: UserContext, agencyId: number, alive: boolean): boolean {
  return alive && !ctx.user.locked && ctx.agency.status === 'active' && ctx.user.agencyId === agencyId && ctx.agency.id === agencyId;
}

/**
 * PGlite: the check from memory when this (user, family) passed since the last change of the tables it reads,
 * else the statement without a claim (kept when passable); then the claim, in memory.
 */
async function checkRemembered(
  db: Db,
  memory: SignedInMemory,
  claims: { userId: number; agencyId: number; familyId: string },
  tsp: number | null,
): Promise<SignedIn> {
  let ctx = memory.cache.get(claims.userId, claims.familyId);
  if (!ctx || !passable(ctx, claims.agencyId, true)) {
    const generation = memory.cache.generation;
    const [row] = await statementOf(db).execute({ uid: claims.userId, agn: claims.agencyId, fam: claims.familyId, tsp: null, exp: null, now: null });
    if (!row) return { ctx: null, alive: false, fresh: false };
    ctx = toUserContext(row);
    const alive = row.alive === true;
    if (!passable(ctx, claims.agencyId, alive)) return { ctx, alive, fresh: false };
    memory.cache.set(claims.userId, claims.familyId, generation, ctx);
  }
  const fresh = tsp === null ? false : memory.claims.claim(claims.userId, tsp);
  return { ctx, alive: true, fresh };
}

/** The sign-in state of a verified token's claims, and the claim of its tsp (null: none to claim). */
export async function checkSignedIn(db: Db, claims: { userId: number; agencyId: number; familyId: string }, tsp: number | null): Promise<SignedIn> {
  const memory = signedInMemoryOf(db);
  if (memory) return checkRemembered(db, memory, claims, tsp);
  const [row] = await statementOf(db).execute({
    uid: claims.userId,
    agn: claims.agencyId,
    fam: claims.familyId,
    tsp,
    exp: tsp === null ? null : new Date(tsp + TSP_MAX_SKEW_MS).toISOString(),
    now: Date.now(),
  });
  if (!row) return { ctx: null, alive: false, fresh: false };
  if (row.fresh) await sweepTsps(db);
  return { ctx: toUserContext(row), alive: row.alive === true, fresh: row.fresh === true };
}
