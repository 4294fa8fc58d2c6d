/**
 * Background jobs that run exactly once across the instances (docs/deployment.md). On PostgreSQL a run takes
 * a transaction-level advisory lock named after the job (`pg_try_advisory_xact_lock`): the instance that gets
 * it runs the job, the others skip this round; a crashed holder's lock goes with its connection. The job's
 * own statements run outside that transaction (and per-row conditions keep them safe anyway). On embedded
 * PGlite there is one process: the job just runs (never two runs of one job at once in the process).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';

export type DatabaseKind = 'pg' | 'pglite';

/** Runs `fn` unless another instance (or this one) runs the job `name` now; answers whether it ran. */
export async function runOnce<T>(db: Db, kind: DatabaseKind, name: string, fn: () => Promise<T>): Promise<{ ran: boolean; value?: T }> {
  if (kind === 'pglite') return { ran: true, value: await fn() };
  let out: { ran: boolean; value?: T } = { ran: false };
  await db.transaction(async (tx) => {
    const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${`job:${name}`})) as got`)) as unknown as { rows: { got: boolean }[] };
    const [row] = result.rows;
    if (!row?.got) return;
    out = { ran: true, value: await fn() };
  });
  return out;
}

/**
 * Runs the job every `everyMs` (and once at start when `atStart`), one run at a time in this process and once
 * across the instances; stopped when the app closes. Errors are logged, the next round tries again.
 */
export function scheduleJob(app: FastifyInstance, db: Db, kind: DatabaseKind, name: string, everyMs: number, fn: () => Promise<unknown>, atStart = false): void {
  if (everyMs <= 0) return;
  let running: Promise<void> | null = null;
  let closed = false;
  const tick = () => {
    if (running || closed) return;
    running = runOnce(db, kind, name, fn)
      .then(() => undefined)
      .catch((err: unknown) => app.log.error({ err, job: name }, 'background job failed'))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  if (atStart) app.addHook('onReady', async () => tick());
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
}

/** Which database the drizzle handle talks to: a node-postgres pool (shared by instances) or embedded PGlite. */
export function databaseKind(db: Db): DatabaseKind {
  const client = (db as unknown as { $client?: { totalCount?: unknown } }).$client;
  return typeof client?.totalCount === 'number' ? 'pg' : 'pglite';
}
