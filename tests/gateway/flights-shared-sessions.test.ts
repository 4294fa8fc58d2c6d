/**
 * Search sessions shared through PostgreSQL (docs/deployment.md): the start of a search answers only once its
 * session is stored, so a poll sent at once to another instance finds it. Under the reliability suite (two
 * instances, tests/reliability/two-instances.test.ts) the start and the poll below land on different instances.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, startSearch } from './flights-helpers';
import { call, login, startGateway, usingPostgres, type Gateway } from './helpers';

describe.skipIf(!usingPostgres)('search sessions shared through PostgreSQL', () => {
  let gw: Gateway;
  let token: string;

  beforeAll(async () => {
    gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
    token = (await login(gw, 'f1agent')).accessToken;
  });
  afterAll(async () => {
    await gw?.close();
  });

  /** Waits until the session's insert waits on the lock the test holds (a state, not a time). */
  async function untilSaveWaits(): Promise<void> {
    for (let i = 0; i < 600; i++) {
      const rows = (await gw.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'insert into "search_sessions"%'`,
      )) as unknown as { rows?: { n: number }[] } | { n: number }[];
      const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
      if ((list[0]?.n ?? 0) > 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the session was never saved while the table was locked');
  }

  it('the start answers only after its session is stored; a poll sent at once (the other instance) finds it', async () => {
    const body = { legs: [{ from: 'SGN', to: 'HAN', departDate: inDays(33) }], adt: 1 };
    let answered = false;
    let start: ReturnType<typeof startSearch> | undefined;
    // writes to the sessions' table wait while the test holds this lock (reads go on)
    await gw.db.transaction(async (tx) => {
      await tx.execute(sql`lock table search_sessions in exclusive mode`);
      start = startSearch(gw, token, body);
      void start.then(() => (answered = true));
      await untilSaveWaits();
      expect(answered).toBe(false);
    });
    const res = await start!;
    expect(res.statusCode).toBe(200);
    const { sessionId } = res.json<{ sessionId: string }>();
    const poll = await call(gw, 'GET', `/api/flights/search/${sessionId}`, { token, query: { since: '0', waitMs: '0' } });
    expect(poll.statusCode).toBe(200);
  });

  it('a session the database refuses to store: the start answers a server error, and the next search works', async () => {
    const body = { legs: [{ from: 'SGN', to: 'HAN', departDate: inDays(34) }], adt: 1 };
    await gw.db.execute(sql`create or replace function refuse_search_session() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await gw.db.execute(sql`create trigger refuse_search_session before insert on search_sessions for each row execute function refuse_search_session()`);
    try {
      const res = await startSearch(gw, token, body);
      expect(res.statusCode).toBe(500);
      expect(res.json<{ code: number; message: string }>()).toMatchObject({ code: 99 });
    } finally {
      await gw.db.execute(sql`drop trigger refuse_search_session on search_sessions`);
      await gw.db.execute(sql`drop function refuse_search_session()`);
    }
    const again = await startSearch(gw, token, body);
    expect(again.statusCode).toBe(200);
    const poll = await call(gw, 'GET', `/api/flights/search/${again.json<{ sessionId: string }>().sessionId}`, { token, query: { since: '0', waitMs: '0' } });
    expect(poll.statusCode).toBe(200);
  });
});
