/**
 * Crash safety of the issue (docs/reliability.md, item 1), the start-up lock (item 5) and shared search
 * sessions (item 6), on PostgreSQL with real processes: two gateways start at once on an empty database (both
 * come up: one migrates and seeds, the other waits for the lock); the holds are made by a client alternating
 * between them (a search started on one is polled and held on the other); issues stream at concurrency 10 into one of them with supplier latency 300–1500
 * ms, and it is killed with SIGKILL while issues are charged and at the supplier. After the restart every
 * booking is issued-and-charged or not-issued-and-uncharged (the recovery settles the interrupted sagas, or a
 * retry with the same key resumes its own), no key stays pending, and retries with the same keys all issue.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { netChargedOf } from '../../gateway/bookings/lifecycle';
import { agencies, issueRequests, journalEntries, pnrs, sagas } from '../../gateway/platform/db/schema';
import { postEntry } from '../../gateway/platform/ledger';
import type { RunningGateway } from '../support/gateway-process';
import { Client, describePg, freshDatabase, gatewayOn, holdMany, pool, until, type Answer, type PgTarget } from './harness';

const ISSUES = Number(process.env.CRASH_ISSUES ?? 40);
const LATENCY = { SUPPLIER_LATENCY_MS: '300-1500' };

let target: PgTarget | undefined;
const running: RunningGateway[] = [];
afterAll(async () => {
  for (const g of running) await g.stop().catch(() => undefined);
  await target?.drop();
});

describePg('crash during issues (PostgreSQL, child processes)', () => {
  it('kill -9 mid-stream: after restart every booking is issued-and-charged or not-issued-and-uncharged, and retries with the same keys complete', { timeout: 300_000 }, async () => {
    target = await freshDatabase();
    const db = target.database.db;

    // item 5: two instances at once on an empty database both come up
    const [a, b] = await Promise.all([gatewayOn(target.url, LATENCY), gatewayOn(target.url, LATENCY)]);
    running.push(a, b);

    const client = new Client(() => [a.url]);
    await client.login('f1admin');
    const [saoviet] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.code, 'SAOVIET'));
    await db.transaction((tx) => postEntry(tx, { type: 'T', agencyId: saoviet.id, amount: 10_000_000_000, reference: 'crash test top-up' }));
    // item 6: searches started on one instance are polled and held on the other (the client alternates)
    const alternating = new Client(() => [a.url, b.url]);
    alternating.token = client.token;
    const held = await holdMany(alternating, ISSUES, 20);
    expect(held).toHaveLength(ISSUES);

    // the stream, killed while issues are charged and waiting for the supplier
    const stream = pool(held, 10, (h) => client.post(`/api/bookings/${h.id}/issue`, { idempotencyKey: h.key, pnrs: [h.pnr] }, a.url));
    const charged = () => db.select({ n: sql<number>`count(*)::int` }).from(sagas).where(and(eq(sagas.status, 'running'), eq(sagas.step, 'charged')));
    await until(async () => {
      const done = await db.select({ n: sql<number>`count(*)::int` }).from(issueRequests).where(eq(issueRequests.status, 'done'));
      return done[0].n >= 5 && (await charged())[0].n >= 3;
    }, 120_000, 'issues charged and in flight');
    await a.kill();
    const answers = await stream;
    const interrupted = held.filter((_, i) => answers[i] instanceof Error);
    expect(interrupted.length).toBeGreaterThanOrEqual(3);
    const pendingAtCrash = await db.select().from(issueRequests).where(eq(issueRequests.status, 'pending'));
    expect(pendingAtCrash.length).toBeGreaterThanOrEqual(3);

    // restart; half of the interrupted keys retried at once (each resumes its saga), the rest left to the recovery
    const a2 = await gatewayOn(target.url, LATENCY);
    running.push(a2);
    const both = new Client(() => [a2.url, b.url]);
    both.token = client.token;
    const resumed = interrupted.slice(0, Math.ceil(interrupted.length / 2));
    const retried = await pool(resumed, 10, (h) => both.post(`/api/bookings/${h.id}/issue`, { idempotencyKey: h.key, pnrs: [h.pnr] }));
    for (const r of retried) expect((r as Answer).status, JSON.stringify(r)).toBe(200);
    await until(async () => (await db.select({ n: sql<number>`count(*)::int` }).from(sagas).where(eq(sagas.status, 'running')))[0].n === 0, 90_000, 'every saga settled');

    // the invariant: issued-and-charged or not-issued-and-uncharged; no key pending
    const check = async () => {
      const rows = await db.select().from(pnrs).where(inArray(pnrs.bookingId, held.map((h) => h.id)));
      let issued = 0;
      for (const h of held) {
        const row = rows.find((r) => r.bookingId === h.id)!;
        const net = await netChargedOf(db, h.id);
        if (row.recordStatus === 'ISSUE TICKET') {
          issued += 1;
          expect(net, `booking ${h.id} issued`).toBe(row.totalPrice);
        } else {
          expect(row.chargeEntryId, `booking ${h.id} not issued`).toBeNull();
          expect(net, `booking ${h.id} not issued`).toBe(0);
        }
      }
      expect(await db.select().from(issueRequests).where(eq(issueRequests.status, 'pending'))).toHaveLength(0);
      return issued;
    };
    const issuedAfterRecovery = await check();

    // every key again, alternating between the two instances: every booking issued, charged once
    const again = await pool(held, 10, (h) => both.post(`/api/bookings/${h.id}/issue`, { idempotencyKey: h.key, pnrs: [h.pnr] }));
    for (const r of again) expect((r as Answer).status, JSON.stringify(r)).toBe(200);
    expect(await check()).toBe(ISSUES);
    const reversals = await db.select({ n: sql<number>`count(*)::int` }).from(journalEntries).where(and(eq(journalEntries.type, 'V'), inArray(journalEntries.bookingRef, held.map((h) => String(h.id)))));
    console.info(
      `crash: ${ISSUES} issues, ${interrupted.length} without an answer (kill -9) (${pendingAtCrash.length} keys pending), ${resumed.length} resumed by their retry, ` +
        `${issuedAfterRecovery} issued after recovery, ${reversals[0].n} reversals; all ${ISSUES} issued after the retries`,
    );
  });
});
