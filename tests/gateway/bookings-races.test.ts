/**
 * Races of the booking lifecycle. PGlite serves one connection, so these need PostgreSQL (TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssueResult } from '../../contract/bookings';
import { encryptWithSecret } from '../../contract/crypto';
import type { FlightOffer } from '../../contract/flights';
import { balanceOf, unbalancedEntries } from '../../gateway/platform/ledger';
import { loadUserByUsername } from '../../gateway/platform/tenancy/users';
import { users } from '../../gateway/platform/db/schema';
import { seatsTakenOf, takeSeats } from '../../gateway/flights/inventory';
import { DEMO_PIN } from '../../gateway/seed/demo';
import { createSupplierRegistry, seatKey } from '../../gateway/suppliers';
import { inDays, searchToEnd } from './flights-helpers';
import { call, login, startGateway, usingPostgres, type Gateway } from './helpers';
import { adult, contact, countEntries, hold, pnrRow } from './lifecycle-helpers';

describe.skipIf(!usingPostgres)('booking lifecycle under concurrency (PostgreSQL)', () => {
  let gw: Gateway;
  const tokens = new Map<string, string>();
  const token = (u: string) => tokens.get(u)!;
  const instant = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 } });

  beforeAll(async () => {
    gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
    for (const u of ['f1agent', 'f1admin', 'f2agent']) tokens.set(u, (await login(gw, u)).accessToken);
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('50 parallel holds for the last 5 seats of a class: exactly 5 held, the inventory shows 0 left', async () => {
    const departDate = inDays(40);
    const run = await searchToEnd(gw, token('f1agent'), { legs: [{ from: 'SGN', to: 'DAD', departDate }], adt: 1 });
    const offer = run.offers.find((o) => o.source === 'VJ' && o.routeInfo.length === 1 && o.priceInfo.some((p) => p.seatAvailable >= 6))!;
    const cls = offer.priceInfo.find((p) => p.seatAvailable >= 6)!.class;
    const r = offer.routeInfo[0];
    const key = seatKey(r.flightNo, r.departDate.slice(0, 10));
    const direct = await instant.flight('VJ').search({ from: 'SGN', to: 'DAD', departDate, pax: { adt: 1, chd: 0, inf: 0 } });
    const capacity = direct.find((o) => o.id === offer.id)!.priceInfo.find((p) => p.class === cls)!.seatAvailable;
    expect(await takeSeats(gw.db, key, cls, capacity - (await seatsTakenOf(gw.db, key, cls)) - 5, capacity)).toBe(true);
    const body = { sessionId: run.started.sessionId, selected: [{ offerId: offer.id, class: cls }], passengers: [adult(1)], contact };
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(gw, 'POST', '/api/bookings', { token: token('f1agent'), body })));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(45);
    expect(await seatsTakenOf(gw.db, key, cls)).toBe(capacity);
    const again = await searchToEnd(gw, token('f1agent'), { legs: [{ from: 'SGN', to: 'DAD', departDate }], adt: 1 });
    const seen = again.offers.find((o: FlightOffer) => o.id === offer.id && o.source === 'VJ')!;
    expect(seen.priceInfo.find((p) => p.class === cls)!.seatAvailable).toBe(0);
  });

  it('20 parallel issues with one idempotency key: one C entry, one charge, every answer the same tickets', async () => {
    const h = await hold(gw, token('f1agent'), { source: 'VN', days: 41 });
    const ctx = (await loadUserByUsername(gw.db, 'f1agent'))!;
    const before = await balanceOf(gw.db, ctx.agency.id);
    const body = { idempotencyKey: randomUUID(), pnrs: [h.pnr] };
    const url = `/api/bookings/${h.id}/issue`;
    const first = await call(gw, 'POST', url, { token: token('f1agent'), body });
    expect(first.json<{ code: number }>().code).toBe(120);
    const pin = encryptWithSecret(DEMO_PIN, first.json<{ data: { salt: string } }>().data.salt, gw.cipher);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(gw, 'POST', url, { token: token('f1agent'), body, headers: { 'x-pin': pin } })));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const results = answers.map((a) => a.json<IssueResult>());
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const tickets = JSON.stringify(results[0].pnrs);
    for (const r of results) {
      expect(JSON.stringify(r.pnrs)).toBe(tickets);
      expect(r.amount).toBe(results[0].amount);
    }
    expect(await countEntries(gw, 'C', h.pnr)).toBe(1);
    expect(await balanceOf(gw.db, ctx.agency.id)).toBe(before - results[0].amount);
    expect((await pnrRow(gw, h.pnr)).recordStatus).toBe('ISSUE TICKET');
    expect(await unbalancedEntries(gw.db)).toEqual([]);
  });

  it('20 parallel issues of one PNR with different keys: charged once, the others refused with 409', async () => {
    const h = await hold(gw, token('f1admin'), { source: 'QH', days: 42 });
    const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
    const before = await balanceOf(gw.db, ctx.agency.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(gw, 'POST', `/api/bookings/${h.id}/issue`, { token: token('f1admin'), body: { idempotencyKey: randomUUID(), pnrs: [h.pnr] } })),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    expect(await countEntries(gw, 'C', h.pnr)).toBe(1);
    expect(await balanceOf(gw.db, ctx.agency.id)).toBe(before - ok[0].json<IssueResult>().amount);
  });

  it('an agent of another agency can neither read nor act on the booking, even concurrently with its owner', async () => {
    const h = await hold(gw, token('f1admin'), { source: 'VJ', days: 43 });
    const [f2] = await gw.db.select().from(users).where(eq(users.username, 'f2agent'));
    await gw.db.update(users).set({ extraPermissions: ['export_ticket', 'void_vna', 'refund_ticket'] }).where(eq(users.id, f2.id));
    try {
      const foreign = [
        call(gw, 'GET', `/api/bookings/${h.id}`, { token: token('f2agent') }),
        call(gw, 'POST', `/api/bookings/${h.id}/issue`, { token: token('f2agent'), body: { idempotencyKey: randomUUID(), pnrs: [h.pnr] } }),
        call(gw, 'POST', `/api/bookings/${h.id}/cancel`, { token: token('f2agent'), body: { pnrs: [h.pnr] } }),
        call(gw, 'GET', `/api/bookings/${h.id}/refund`, { token: token('f2agent') }),
      ];
      const own = call(gw, 'POST', `/api/bookings/${h.id}/issue`, { token: token('f1admin'), body: { idempotencyKey: randomUUID(), pnrs: [h.pnr] } });
      const [ownRes, ...res] = await Promise.all([own, ...foreign]);
      for (const r of res) expect(r.statusCode).toBe(404);
      expect(ownRes.statusCode, ownRes.body).toBe(200);
    } finally {
      await gw.db.update(users).set({ extraPermissions: [] }).where(eq(users.id, f2.id));
    }
  });
});
