/**
 * The per-request sign-in check in ONE statement (a prepared one, so the database parses and plans it once per
 * connection): the user with its agency and group, whether the token's sign-in family is still alive, and the
 * claim of the (user, tsp) pair (access/replay.ts), written only when the user may pass (a known, unlocked user
 * of the token's agency, active, with a live family). On PostgreSQL the checks asked in one event-loop turn share
 * that statement (up to CHECKS_PER_STATEMENT, one row each), each answered as by its own. Nothing is cached: a
 * locked user, a suspended agency or a revoked family is refused by the very next request, on every instance. On
 * PGlite (one process) the passable checks are kept in memory, emptied by every change of the tables they read, and
 * the claims are kept in memory, a tsp older than the gateway's start refused (access/signed-in-cache.ts).
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
import { columnOf, placeholdersOf, TurnBatch, valuesOf } from '../db/turn-batch';
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

/** The most checks one statement carries: a turn with more sends several statements at once. */
export const CHECKS_PER_STATEMENT = 8;

/**
 * The statement of `size` checks (one prepared statement per size, so its plan is made for that many rows: an
 * array parameter would make PostgreSQL's generic plan guess 10 rows and plan the statement again on every
 * execution). `signed_in_input` is the checks as rows (ord 1…size; uid, agn, fam, tsp, exp placeholders
 * `uid<ord>`…), then the claims' epoch, then the claims of the passable rows; one answer row per check, in order,
 * with the user context null for an unknown user.
 */
function build(db: Db, size: number) {
  const now = sql.placeholder('now');
  // the users and the sign-in families found by their keys (db/turn-batch.ts columnOf), not by a scan of their tables
  const uids = columnOf(size, 'uid', CHECK_COLUMNS.uid);
  const fams = columnOf(size, 'fam', CHECK_COLUMNS.fam);
  const input = db
    .$with('signed_in_input', { ord: sql<number>`ord`.as('ord') })
    .as(sql`select * from ${valuesOf(size, CHECK_COLUMNS)}`);
  // the claims' epoch, written when a crash emptied it: the gateway's time, the clock the tsp's skew is checked on (a
  // concurrent first check that inserts it too reads no epoch: null, its claims refused like replays, and their
  // clients ask again)
  const epoch = db.$with('tsp_epoch_new', { sinceMs: sql<number>`since_ms`.as('since_ms') }).as(sql`
    insert into ${tspEpoch} (id, since_ms)
    select 1, ${now}::bigint
    where exists (select 1 from signed_in_input where tsp is not null) and not exists (select 1 from ${tspEpoch})
    on conflict (id) do nothing
    returning since_ms`);
  // a row's claim only when its user may pass: known, unlocked, of the token's agency, active, with a live family
  const claim = db.$with('tsp_claim', { claimedUser: sql<number>`user_id`.as('user_id') }).as(sql`
    insert into ${usedTsps} (user_id, tsp, expires_at)
    select i.uid, i.tsp, i.exp from signed_in_input i
    where i.tsp is not null
      and i.tsp >= coalesce((select since_ms from tsp_epoch_new), (select ${tspEpoch.sinceMs} from ${tspEpoch}))
      and exists (
        select 1 from ${users} join ${agencies} on ${agencies.id} = ${users.agencyId}
        where ${users.id} = any(${uids}) and ${users.id} = i.uid and ${agencies.id} = i.agn and not ${users.locked} and ${agencies.status} = 'active'
      )
      and exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = any(${fams}) and ${refreshTokens.familyId} = i.fam and ${refreshTokens.revokedAt} is null)
    on conflict do nothing
    returning user_id, tsp`);
  return db
    .with(input, epoch, claim)
    .select({
      ...userContextColumns,
      alive: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = any(${fams}) and ${refreshTokens.familyId} = signed_in_input.fam and ${refreshTokens.revokedAt} is null)`,
      fresh: sql<boolean>`exists (select 1 from tsp_claim c where c.user_id = signed_in_input.uid and c.tsp = signed_in_input.tsp)`,
      // this statement's transaction only: its commit does not wait for the WAL flush (see above)
      asyncCommit: sql<string>`set_config('synchronous_commit', 'off', true)`,
    })
    .from(input)
    .leftJoin(users, and(sql`${users.id} = any(${uids})`, eq(users.id, sql`signed_in_input.uid`)))
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .leftJoin(permissionGroups, eq(permissionGroups.id, users.groupId))
    .orderBy(sql`signed_in_input.ord`)
    .prepare(`signed_in_check_${size}`);
}

type Statement = ReturnType<typeof build>;
type Claims = { userId: number; agencyId: number; familyId: string };

const prepared = new WeakMap<Db, Statement[]>();

function statementOf(db: Db, size: number): Statement {
  let sizes = prepared.get(db);
  if (!sizes) prepared.set(db, (sizes = []));
  return (sizes[size] ??= build(db, size));
}

/** A check's row of the statement: the token's claims and the tsp to claim (null: none). */
const CHECK_COLUMNS = { uid: 'integer', agn: 'integer', fam: 'uuid', tsp: 'bigint', exp: 'timestamptz' } as const;

function checkOf(claims: Claims, tsp: number | null): Record<keyof typeof CHECK_COLUMNS, unknown> {
  return {
    uid: claims.userId,
    agn: claims.agencyId,
    fam: claims.familyId,
    tsp,
    exp: tsp === null ? null : new Date(tsp + TSP_MAX_SKEW_MS).toISOString(),
  };
}

type Row = Awaited<ReturnType<Statement['execute']>>[number];

function signedInOf(row: Row | undefined): SignedIn {
  if (!row?.user || !row.agency) return { ctx: null, alive: false, fresh: false };
  return { ctx: toUserContext({ ...row, user: row.user, agency: row.agency }), alive: row.alive === true, fresh: row.fresh === true };
}

/**
 * PostgreSQL: the checks asked in one event-loop turn, in statements of up to CHECKS_PER_STATEMENT (db/turn-batch.ts),
 * each answered as by its own statement. The claims of one statement are rows of one INSERT, where a pair sent twice
 * would be inserted once and found by both: a pair already in the statement goes without its tsp (no claim, answered
 * as a replay).
 */
async function checkTogether(db: Db, asked: { claims: Claims; tsp: number | null }[]): Promise<SignedIn[]> {
  const seen = new Set<string>();
  const checks = asked.map(({ claims, tsp }) => {
    const pair = `${claims.userId}/${tsp}`;
    const claim = tsp !== null && !seen.has(pair) ? tsp : null;
    if (claim !== null) seen.add(pair);
    return checkOf(claims, claim);
  });
  const rows = await statementOf(db, asked.length).execute({ now: Date.now(), ...placeholdersOf(checks) });
  const answers = asked.map((_, i) => signedInOf(rows[i]));
  const claimed = answers.filter((a) => a.fresh).length;
  if (claimed > 0) await sweepTsps(db, claimed);
  return answers;
}

const batches = new WeakMap<Db, TurnBatch<{ claims: Claims; tsp: number | null }, SignedIn>>();

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
  claims: Claims,
  tsp: number | null,
): Promise<SignedIn> {
  let ctx = memory.cache.get(claims.userId, claims.familyId);
  if (!ctx || !passable(ctx, claims.agencyId, true)) {
    const generation = memory.cache.generation;
    const [row] = await statementOf(db, 1).execute({ now: null, ...placeholdersOf([checkOf(claims, null)]) });
    const read = signedInOf(row);
    if (!read.ctx) return read;
    ctx = read.ctx;
    if (!passable(ctx, claims.agencyId, read.alive)) return { ctx, alive: read.alive, fresh: false };
    memory.cache.set(claims.userId, claims.familyId, generation, ctx);
  }
  const fresh = tsp === null ? false : memory.claims.claim(claims.userId, tsp);
  return { ctx, alive: true, fresh };
}

/** The sign-in state of a verified token's claims, and the claim of its tsp (null: none to claim). */
export async function checkSignedIn(db: Db, claims: Claims, tsp: number | null): Promise<SignedIn> {
  const memory = signedInMemoryOf(db);
  if (memory) return checkRemembered(db, memory, claims, tsp);
  let batch = batches.get(db);
  if (!batch) batches.set(db, (batch = new TurnBatch((asked) => checkTogether(db, asked), CHECKS_PER_STATEMENT)));
  return batch.ask({ claims, tsp });
}
