/**
 * Crash safety of the paid after-sale edits (docs/reliability.md, "Paid edits"), on PostgreSQL with a real
 * process: issued bookings buy checked luggage (one paid edit each) at concurrency 10 with supplier latency
 * 300–1500 ms, and the gateway is killed with SIGKILL while edits are charged and at the airline. After the
 * restart every edit is charged-and-done (the airline's record has it, the history too) or uncharged-and-not-
 * done (the charge reversed, the airline's record without it), no key stays pending, and retries with the same
 * keys all complete, each charged once.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import type { LuggageOffer, PnrRecord } from '../../contract/aftersale';
import { netChargedOf } from '../../gateway/bookings/lifecycle';
import { afterSaleOrders, agencies, journalEntries, pnrEdits, sagas, supplierPnrs } from '../../gateway/platform/db/schema';
import { postEntry } from '../../gateway/platform/ledger';
import type { RunningGateway } from '../support/gateway-process';
import { Client, describePg, freshDatabase, gatewayOn, holdMany, pool, until, type Answer, type PgTarget } from './harness';

const EDITS = Number(process.env.CRASH_EDITS ?? 24);
const LATENCY = { SUPPLIER_LATENCY_MS: '300-1500' };

let target: PgTarget | undefined;
const running: RunningGateway[] = [];
afterAll(async () => {
  for (const g of running) await g.stop().catch(() => undefined);
  await target?.drop();
});

interface Edit {
  id: number;
  pnr: string;
  price: number;
  body: { idempotencyKey: string; pnr: string; items: { paxId: number; route: string; code: string }[] };
}

describePg('crash during paid edits (PostgreSQL, child process)', () => {
  it('kill -9 mid-stream: after restart every edit is charged-and-done or uncharged-and-not-done, and retries with the same keys complete', { timeout: 300_000 }, async () => {
    target = await freshDatabase();
    const db = target.database.db;
    const a = await gatewayOn(target.url, LATENCY);
    running.push(a);
    const client = new Client(() => [a.url]);
    await client.login('f1admin');
    const [saoviet] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.code, 'SAOVIET'));
    await db.transaction((tx) => postEntry(tx, { type: 'T', agencyId: saoviet.id, amount: 10_000_000_000, reference: 'crash test top-up' }));

    // issued bookings, and for each the dearest bag on sale for its passenger
    const held = await holdMany(client, EDITS, 40);
    expect(held).toHaveLength(EDITS);
    const issued = await pool(held, 10, (h) => client.post(`/api/bookings/${h.id}/issue`, { idempotencyKey: h.key, pnrs: [h.pnr] }));
    for (const r of issued) expect((r as Answer).status, JSON.stringify(r)).toBe(200);
    const edits: Edit[] = [];
    for (const h of held) {
      const offer = (await client.get(`/api/aftersale/bookings/${h.id}/luggage`)).body as LuggageOffer;
      const route = offer.routes[0];
      const option = [...route.options].sort((x, y) => y.price - x.price)[0];
      expect(option.price).toBeGreaterThan(0);
      edits.push({ id: h.id, pnr: h.pnr, price: option.price, body: { idempotencyKey: randomUUID(), pnr: h.pnr, items: [{ paxId: 1, route: route.route, code: option.code }] } });
    }
    const ticketed = new Map<number, number>();
    for (const e of edits) ticketed.set(e.id, await netChargedOf(db, e.id));

    // the stream, killed while edits are charged and waiting for the airline
    const buy = (e: Edit, base?: string) => client.post(`/api/aftersale/bookings/${e.id}/luggage`, e.body, base);
    const stream = pool(edits, 10, (e) => buy(e, a.url));
    const count = async (where: ReturnType<typeof and>) => (await db.select({ n: sql<number>`count(*)::int` }).from(sagas).where(where))[0].n;
    await until(
      async () =>
        (await count(and(eq(sagas.kind, 'aftersale.edit'), eq(sagas.status, 'done')))) >= 3 &&
        (await count(and(eq(sagas.kind, 'aftersale.edit'), eq(sagas.status, 'running'), eq(sagas.step, 'charged')))) >= 3,
      120_000,
      'edits charged and in flight',
    );
    await a.kill();
    const answers = await stream;
    const interrupted = edits.filter((_, i) => answers[i] instanceof Error);
    expect(interrupted.length).toBeGreaterThanOrEqual(3);
    const pendingAtCrash = await db.select().from(afterSaleOrders).where(eq(afterSaleOrders.status, 'pending'));
    expect(pendingAtCrash.length).toBeGreaterThanOrEqual(3);
    const chargedAtCrash = pendingAtCrash.reduce((s, o) => s + o.amount, 0);

    // restart; half of the interrupted keys retried at once (each resumes its saga), the rest left to the recovery
    const a2 = await gatewayOn(target.url, LATENCY);
    running.push(a2);
    const restarted = new Client(() => [a2.url]);
    restarted.token = client.token;
    const resumed = interrupted.slice(0, Math.ceil(interrupted.length / 2));
    const retried = await pool(resumed, 10, (e) => restarted.post(`/api/aftersale/bookings/${e.id}/luggage`, e.body));
    for (const r of retried) expect((r as Answer).status, JSON.stringify(r)).toBe(200);
    await until(async () => (await count(and(eq(sagas.kind, 'aftersale.edit'), eq(sagas.status, 'running')))) === 0, 90_000, 'every edit saga settled');

    // the invariant: charged-and-done (the airline has it, the history too) or uncharged-and-not-done
    const check = async () => {
      let done = 0;
      const records = new Map(
        (await db.select().from(supplierPnrs).where(inArray(supplierPnrs.pnr, edits.map((e) => e.pnr)))).map((r) => [r.pnr, r.record as PnrRecord]),
      );
      for (const e of edits) {
        const [order] = await db.select().from(afterSaleOrders).where(eq(afterSaleOrders.idempotencyKey, e.body.idempotencyKey));
        const net = (await netChargedOf(db, e.id)) - ticketed.get(e.id)!;
        const applied = records.get(e.pnr)?.appliedKeys.includes(e.body.idempotencyKey) ?? false;
        const history = await db.select().from(pnrEdits).where(and(eq(pnrEdits.pnr, e.pnr), eq(pnrEdits.kind, 'buy-luggage')));
        if (order?.status === 'done') {
          done += 1;
          expect(net, `edit of booking ${e.id} done`).toBe(e.price);
          expect(applied, `edit of booking ${e.id} done`).toBe(true);
          expect(history, `edit of booking ${e.id} done`).toHaveLength(1);
        } else {
          expect(order?.status ?? 'none', `edit of booking ${e.id}`).not.toBe('pending');
          expect(net, `edit of booking ${e.id} not done`).toBe(0);
          expect(applied, `edit of booking ${e.id} not done`).toBe(false);
          expect(history, `edit of booking ${e.id} not done`).toHaveLength(0);
        }
      }
      return done;
    };
    const doneAfterRecovery = await check();

    // every key again: every edit made, charged once
    const again = await pool(edits, 10, (e) => restarted.post(`/api/aftersale/bookings/${e.id}/luggage`, e.body));
    for (const r of again) expect((r as Answer).status, JSON.stringify(r)).toBe(200);
    expect(await check()).toBe(EDITS);
    const bookingRefs = edits.map((e) => String(e.id));
    const reversals = await db
      .select({ n: sql<number>`count(*)::int`, amount: sql<number>`coalesce(sum(${journalEntries.amount}), 0)::bigint` })
      .from(journalEntries)
      .where(and(eq(journalEntries.type, 'V'), inArray(journalEntries.bookingRef, bookingRefs)));
    const total = edits.reduce((s, e) => s + e.price, 0);
    console.info(
      `crash (paid edits): ${EDITS} luggage edits, ${interrupted.length} without an answer (kill -9) (${pendingAtCrash.length} keys pending, ${chargedAtCrash} ₫ charged in flight), ` +
        `${resumed.length} resumed by their retry, ${doneAfterRecovery} done after recovery, ${reversals[0].n} reversals (${Number(reversals[0].amount)} ₫ given back); ` +
        `all ${EDITS} done after the retries, ${total} ₫ charged once each`,
    );
  });
});
