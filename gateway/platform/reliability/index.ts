/**
 * Crash safety and scale-out (docs/reliability.md, docs/deployment.md): this instance's heartbeat, the saga
 * recoveries and outbox handlers the modules register, and the two background jobs that run them once across
 * the instances (at start, then every few seconds).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { createInstance, DEAD_AFTER_MS, pruneInstances, type Instance } from './instance';
import { databaseKind, scheduleJob, type DatabaseKind } from './jobs';
import { drainOutbox, OutboxHandlers } from './outbox';
import { recoverSagas, SagaRecoveries } from './saga';

export interface Reliability {
  instance: Instance;
  kind: DatabaseKind;
  sagas: SagaRecoveries;
  outbox: OutboxHandlers;
  /** One recovery pass now (tests and the waiting retry of a dead request use it too). */
  recoverNow(): Promise<void>;
  drainOutboxNow(): Promise<{ done: number; failed: number }>;
}

export interface ReliabilityOptions {
  /** ms between recovery passes and outbox rounds (default 5 s; 0 for none, tests drive them). */
  everyMs?: number;
  deadAfterMs?: number;
}

export function createReliability(db: Db, options: ReliabilityOptions = {}): Reliability & { options: ReliabilityOptions } {
  const instance = createInstance(db);
  const sagas = new SagaRecoveries();
  const outbox = new OutboxHandlers();
  return {
    instance,
    kind: databaseKind(db),
    sagas,
    outbox,
    options,
    recoverNow: async () => {
      await recoverSagas(db, instance.id, sagas.byKind, { deadAfterMs: options.deadAfterMs ?? DEAD_AFTER_MS });
    },
    drainOutboxNow: () => drainOutbox(db, outbox.byKind),
  };
}

/** Starts the heartbeat and the jobs once the modules have registered their recoveries and handlers. */
export async function startReliability(app: FastifyInstance, db: Db, r: Reliability & { options: ReliabilityOptions }): Promise<void> {
  await r.instance.start();
  app.addHook('onClose', async () => r.instance.stop());
  const every = r.options.everyMs ?? 5_000;
  scheduleJob(app, db, r.kind, 'saga-recovery', every, async () => {
    await r.recoverNow();
    await pruneInstances(db);
  }, true);
  scheduleJob(app, db, r.kind, 'outbox', every, () => r.drainOutboxNow(), true);
}
