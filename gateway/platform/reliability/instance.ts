/**
 * This gateway process among the instances sharing the database (docs/deployment.md). Each instance has an id
 * and beats its heart in `gateway_instances` every HEARTBEAT_MS; an instance silent for DEAD_AFTER_MS is dead,
 * and the sagas it owned are recovered by another (platform/reliability/saga.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Conn, Db } from '../db/client';
import { gatewayInstances } from '../db/schema';

export const HEARTBEAT_MS = 2_000;
export const DEAD_AFTER_MS = 10_000;

export interface Instance {
  readonly id: string;
  /** Writes the heartbeat now (start) and every HEARTBEAT_MS until stop(). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The id of this process: liveness is the process's (a crash ends every request it runs), so every app built in
 * one process beats the same id, and services called without an app (tests) own their sagas under it too.
 */
export const PROCESS_INSTANCE_ID = randomUUID();

export function createInstance(db: Db, id: string = PROCESS_INSTANCE_ID): Instance {
  let timer: NodeJS.Timeout | undefined;
  const beat = () =>
    db
      .insert(gatewayInstances)
      .values({ id })
      .onConflictDoUpdate({ target: gatewayInstances.id, set: { seenAt: sql`now()` } });
  return {
    id,
    async start() {
      await beat();
      timer = setInterval(() => void beat().catch(() => undefined), HEARTBEAT_MS);
      timer.unref();
    },
    async stop() {
      // the row stays: other apps of this process may still beat it; a stopped process is dead DEAD_AFTER_MS later
      if (timer) clearInterval(timer);
    },
  };
}

/** The ids among `ids` of instances alive now (database time, so clocks of the hosts do not matter). */
export async function aliveAmong(conn: Conn, ids: readonly string[], deadAfterMs = DEAD_AFTER_MS): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await conn
    .select({ id: gatewayInstances.id })
    .from(gatewayInstances)
    .where(and(inArray(gatewayInstances.id, [...ids]), gt(gatewayInstances.seenAt, sql`now() - make_interval(secs => ${deadAfterMs / 1000})`)));
  return new Set(rows.map((r) => r.id));
}

/** Forgets instances dead for a day (the table stays small). */
export async function pruneInstances(conn: Conn): Promise<void> {
  await conn.delete(gatewayInstances).where(lt(gatewayInstances.seenAt, sql`now() - interval '1 day'`));
}
