/**
 * The outbox: supplier calls that must eventually happen (a compensating void of tickets whose charge was
 * reversed), written in the transaction that decides them and retried by a background job until they succeed
 * (docs/reliability.md). Each pending call shows on the operators' list (system/outbox) until done.
 *
 * A round claims due rows with `FOR UPDATE SKIP LOCKED` and pushes their next attempt out by the lease before
 * calling, so two instances never make the same call at once; a failure backs off (5 s doubling, at most 10
 * minutes); the handler must be idempotent (a void of voided tickets answers the same).
 */
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Conn, Db } from '../db/client';
import { supplierOutbox } from '../db/schema';

export type OutboxRow = typeof supplierOutbox.$inferSelect;
export type OutboxHandler = (payload: unknown) => Promise<void>;

const LEASE_MS = 60_000;
const backoffMs = (attempts: number) => Math.min(600_000, 5_000 * 2 ** Math.max(0, attempts - 1));

/** Adds a call (once per key) in the caller's transaction. */
export async function enqueue(conn: Conn, item: { kind: string; key: string; payload: unknown }): Promise<void> {
  await conn.insert(supplierOutbox).values({ kind: item.kind, key: item.key, payload: item.payload }).onConflictDoNothing();
}

/** Tries the due calls once each; answers how many succeeded and failed this round. */
export async function drainOutbox(db: Db, handlers: ReadonlyMap<string, OutboxHandler>, limit = 50): Promise<{ done: number; failed: number }> {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(supplierOutbox)
      .where(and(eq(supplierOutbox.status, 'pending'), lte(supplierOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(supplierOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const row of due) {
      await tx
        .update(supplierOutbox)
        .set({ nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_MS / 1000})` })
        .where(eq(supplierOutbox.id, row.id));
    }
    return due;
  });
  let done = 0;
  let failed = 0;
  for (const row of claimed) {
    const handler = handlers.get(row.kind);
    try {
      if (!handler) throw new Error(`no handler for ${row.kind}`);
      await handler(row.payload);
      await db.update(supplierOutbox).set({ status: 'done', doneAt: sql`now()`, attempts: row.attempts + 1, lastError: null, updatedAt: sql`now()` }).where(eq(supplierOutbox.id, row.id));
      done += 1;
    } catch (err) {
      await db
        .update(supplierOutbox)
        .set({
          attempts: row.attempts + 1,
          lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
          nextAttemptAt: sql`now() + make_interval(secs => ${backoffMs(row.attempts + 1) / 1000})`,
          updatedAt: sql`now()`,
        })
        .where(eq(supplierOutbox.id, row.id));
      failed += 1;
    }
  }
  return { done, failed };
}

/** Pending calls, oldest first (the operators' list), and the most recent finished ones. */
export async function outboxList(conn: Conn, status: 'pending' | 'done', limit = 200): Promise<OutboxRow[]> {
  return conn
    .select()
    .from(supplierOutbox)
    .where(eq(supplierOutbox.status, status))
    .orderBy(status === 'pending' ? asc(supplierOutbox.id) : desc(supplierOutbox.id))
    .limit(limit);
}

/** The handlers of every supplierOutbox kind, filled by the modules that enqueue (one registry per app). */
export class OutboxHandlers {
  readonly byKind = new Map<string, OutboxHandler>();

  register(kind: string, handler: OutboxHandler): void {
    if (this.byKind.has(kind)) throw new Error(`supplierOutbox kind "${kind}" is already registered`);
    this.byKind.set(kind, handler);
  }
}

/** Tries one call of the supplierOutbox now (right after the transaction that wrote it); a failure leaves it to the job. */
export async function attemptNow(db: Db, key: string, handler: OutboxHandler): Promise<boolean> {
  const [row] = await db
    .update(supplierOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_MS / 1000})` })
    .where(and(eq(supplierOutbox.key, key), eq(supplierOutbox.status, 'pending'), lte(supplierOutbox.nextAttemptAt, sql`now()`)))
    .returning();
  if (!row) return false;
  try {
    await handler(row.payload);
    await db.update(supplierOutbox).set({ status: 'done', doneAt: sql`now()`, attempts: row.attempts + 1, lastError: null, updatedAt: sql`now()` }).where(eq(supplierOutbox.id, row.id));
    return true;
  } catch (err) {
    await db
      .update(supplierOutbox)
      .set({
        attempts: row.attempts + 1,
        lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
        nextAttemptAt: sql`now() + make_interval(secs => ${backoffMs(row.attempts + 1) / 1000})`,
        updatedAt: sql`now()`,
      })
      .where(eq(supplierOutbox.id, row.id));
    return false;
  }
}
