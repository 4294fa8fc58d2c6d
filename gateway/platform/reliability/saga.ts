/**
 * Sagas: a paid operation (issue, void, refund, and any later paid edit) recorded in durable steps, so a crash
 * between them is finished or undone later (docs/reliability.md).
 *
 * - `beginSaga` is written before the first side effect, by the instance that runs it (`owner`).
 * - `sagaStep` records a step in the caller's transaction, with the data needed to go on or undo it: the
 *   step and its side effect in the database commit together.
 * - `endSaga` closes it (done, or compensated when undone).
 * - `recoverSagas` (a background job, once across instances, and at start) takes sagas still running whose
 *   owner is gone (no heartbeat, platform/reliability/instance.ts) or that were released, and hands each to
 *   the recovery of its kind, which asks the supplier where things stand and finishes or compensates. A
 *   recovery that cannot decide yet (the supplier does not answer) releases the saga for the next round.
 *
 * Every step a recovery repeats must be idempotent (ledger idempotency keys, conditional updates), because a
 * saga may be recovered while its slow owner still runs it.
 */
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Conn, Db } from '../db/client';
import { gatewayInstances, sagas, type SagaStatus } from '../db/schema';
import { DEAD_AFTER_MS } from './instance';

export type SagaRow = typeof sagas.$inferSelect;

/** What a recovery did: finished the operation, undid it, or could not tell yet (try again later). */
export type RecoveryOutcome = 'done' | 'compensated' | 'retry';

export type SagaRecovery = (saga: SagaRow, ownerId: string) => Promise<RecoveryOutcome>;

/**
 * Starts (or restarts, for a key whose earlier saga ended undone or was taken over) the saga of `key`, owned by
 * `owner`. Answers the row.
 */
export async function beginSaga(conn: Conn, args: { kind: string; key: string; owner: string; step: string; data?: unknown }): Promise<SagaRow> {
  const [row] = await conn
    .insert(sagas)
    .values({ kind: args.kind, key: args.key, owner: args.owner, step: args.step, data: args.data ?? {}, status: 'running' })
    .onConflictDoUpdate({
      target: sagas.key,
      set: { owner: args.owner, step: args.step, data: args.data ?? {}, status: 'running', lastError: null, updatedAt: sql`now()` },
    })
    .returning();
  return row;
}

/** Records a step (in the caller's transaction, with the side effect it describes). */
export async function sagaStep(conn: Conn, key: string, step: string, data: unknown): Promise<void> {
  await conn.update(sagas).set({ step, data, updatedAt: sql`now()` }).where(eq(sagas.key, key));
}

export async function endSaga(conn: Conn, key: string, status: Exclude<SagaStatus, 'running'>, lastError?: string): Promise<void> {
  await conn
    .update(sagas)
    .set({ status, step: status, updatedAt: sql`now()`, ...(lastError !== undefined ? { lastError } : {}) })
    .where(and(eq(sagas.key, key), eq(sagas.status, 'running')));
}

export async function sagaOf(conn: Conn, key: string): Promise<SagaRow | null> {
  const [row] = await conn.select().from(sagas).where(eq(sagas.key, key));
  return row ?? null;
}

/** A running saga is an orphan when released (no owner) or its owner's heartbeat stopped. */
const orphaned = (deadAfterMs: number) =>
  and(
    eq(sagas.status, 'running'),
    or(
      isNull(sagas.owner),
      sql`not exists (select 1 from ${gatewayInstances} where ${gatewayInstances.id} = ${sagas.owner} and ${gatewayInstances.seenAt} > now() - make_interval(secs => ${deadAfterMs / 1000}))`,
    ),
  );

/**
 * Takes the orphaned saga over for `me` (a compare-and-set on its owner, so one taker wins). Answers the row
 * when taken, null when it is not an orphan or another instance took it first.
 */
export async function takeOrphan(db: Db, key: string, me: string, deadAfterMs = DEAD_AFTER_MS): Promise<SagaRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sagas)
      .where(and(eq(sagas.key, key), orphaned(deadAfterMs)))
      .for('update', { skipLocked: true });
    if (!row) return null;
    const [taken] = await tx
      .update(sagas)
      .set({ owner: me, attempts: sql`${sagas.attempts} + 1`, updatedAt: sql`now()` })
      .where(eq(sagas.id, row.id))
      .returning();
    return taken;
  });
}

/** Runs the recovery of a taken saga and records its outcome; a 'retry' (or an error) releases the saga. */
export async function runRecovery(db: Db, saga: SagaRow, me: string, recover: SagaRecovery): Promise<RecoveryOutcome> {
  let outcome: RecoveryOutcome;
  let error: string | undefined;
  try {
    outcome = await recover(saga, me);
  } catch (err) {
    outcome = 'retry';
    error = err instanceof Error ? err.message : String(err);
  }
  if (outcome === 'retry') {
    await db
      .update(sagas)
      .set({ owner: null, lastError: error ?? 'the supplier did not answer', updatedAt: sql`now()` })
      .where(and(eq(sagas.id, saga.id), eq(sagas.owner, me), eq(sagas.status, 'running')));
  } else {
    await endSaga(db, saga.key, outcome);
  }
  return outcome;
}

/**
 * One recovery pass: every orphaned saga of a known kind, oldest first, at most `limit`. Answers the counts.
 */
export async function recoverSagas(
  db: Db,
  me: string,
  recoveries: ReadonlyMap<string, SagaRecovery>,
  options: { limit?: number; deadAfterMs?: number } = {},
): Promise<Record<RecoveryOutcome, number>> {
  const counts: Record<RecoveryOutcome, number> = { done: 0, compensated: 0, retry: 0 };
  const deadAfterMs = options.deadAfterMs ?? DEAD_AFTER_MS;
  const candidates = await db
    .select({ key: sagas.key, kind: sagas.kind })
    .from(sagas)
    .where(orphaned(deadAfterMs))
    .orderBy(asc(sagas.id))
    .limit(options.limit ?? 100);
  for (const c of candidates) {
    const recover = recoveries.get(c.kind);
    if (!recover) continue;
    const saga = await takeOrphan(db, c.key, me, deadAfterMs);
    if (!saga) continue;
    counts[await runRecovery(db, saga, me, recover)] += 1;
  }
  return counts;
}

/** The recoveries of every saga kind, filled by the modules that run sagas (one registry per app). */
export class SagaRecoveries {
  readonly byKind = new Map<string, SagaRecovery>();

  register(kind: string, recover: SagaRecovery): void {
    if (this.byKind.has(kind)) throw new Error(`saga kind "${kind}" is already registered`);
    this.byKind.set(kind, recover);
  }
}
