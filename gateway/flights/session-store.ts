/**
 * Search sessions shared through PostgreSQL (docs/deployment.md): a session's snapshot is saved to
 * `search_sessions` after each change by the instance running it, and read by the others for polls and holds.
 * Rows past their expiry are deleted as new sessions are saved.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { searchSessions } from '../platform/db/schema';
import { storedSnapshot, type SharedSessionStore } from './search-sessions';

export function pgSessionStore(db: Db): SharedSessionStore {
  let saves = 0;
  return {
    async save(snap, expiresAt, json) {
      // a megabyte of offers: copied together by the session from the offers' cached bytes rather than serialised
      // again here; node-postgres sends a Buffer as a binary parameter, which for json is the UTF-8 text itself
      const data = json === undefined ? snap : sql`${json}::json`;
      await db
        .insert(searchSessions)
        .values({ id: snap.id, userId: snap.owner.userId, data, expiresAt })
        .onConflictDoUpdate({ target: searchSessions.id, set: { data, expiresAt, updatedAt: sql`now()` } });
      // now and then, the expired ones go
      if (++saves % 50 === 0) await db.delete(searchSessions).where(lt(searchSessions.expiresAt, new Date()));
    },
    async load(id) {
      const [row] = await db
        .select({ data: searchSessions.data })
        .from(searchSessions)
        .where(and(eq(searchSessions.id, id), gt(searchSessions.expiresAt, new Date())));
      return row ? storedSnapshot(row.data as Parameters<typeof storedSnapshot>[0]) : null;
    },
    async touch(id, expiresAt) {
      await db.update(searchSessions).set({ expiresAt }).where(eq(searchSessions.id, id));
    },
  };
}
