/**
 * Issue 18 item 5: open holds are capped per user and per agency (HOLDS_OPEN_PER_USER, HOLDS_OPEN_PER_AGENCY),
 * with a clear error, and the cap holds under concurrency. PGlite by default; PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, searchToEnd } from './flights-helpers';
import { call, login, startGateway, type Gateway } from './helpers';
import { adult, contact, hold } from './lifecycle-helpers';

describe('open holds are capped (item 5)', () => {
  let gw: Gateway;
  const tokens = new Map<string, string>();
  const token = (u: string) => tokens.get(u)!;

  beforeAll(async () => {
    gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0', HOLDS_OPEN_PER_USER: '3', HOLDS_OPEN_PER_AGENCY: '5' } });
    for (const u of ['member', 'f2agent']) tokens.set(u, (await login(gw, u)).accessToken);
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('8 parallel holds of a member with a cap of 3: exactly 3 held, 5 refused with 409/49 openHoldsLimit and a clear message', async () => {
    const run = await searchToEnd(gw, token('member'), { legs: [{ from: 'HAN', to: 'SGN', departDate: inDays(50) }], adt: 1 });
    const offer = run.offers.find((o) => o.routeInfo.length === 1 && o.priceInfo.some((p) => p.seatAvailable >= 9))!;
    const cls = offer.priceInfo.find((p) => p.seatAvailable >= 9)!.class;
    const body = { sessionId: run.started.sessionId, selected: [{ offerId: offer.id, class: cls }], passengers: [adult(1)], contact };
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(gw, 'POST', '/api/bookings', { token: token('member'), body, headers: { 'x-language': i % 2 ? 'en' : 'vi' } })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(409);
      const e = r.json<{ code: number; data: { reason: string; scope: string; limit: number; message: string } }>();
      expect(e.code).toBe(49);
      expect(e.data).toMatchObject({ reason: 'openHoldsLimit', scope: 'user', limit: 3 });
      // what happened and what to do next, in the caller's language (the passenger form shows data.message)
      expect(e.data.message).toMatch(/(chỗ giữ chưa xuất vé.*hủy bớt|open holds without tickets.*cancel)/);
    }
  });

  it('the agency cap counts every user of the agency; cancelling a hold frees a place', async () => {
    await hold(gw, token('f2agent'), { source: 'VJ', days: 51 });
    await hold(gw, token('f2agent'), { source: 'VJ', days: 52 });
    // member 3 + f2agent 2 = the agency's 5
    const third = await hold(gw, token('f2agent'), { source: 'VJ', days: 53 }).catch((e: Error) => e);
    expect(third).toBeInstanceOf(Error);
    expect((third as Error).message).toMatch(/409.*openHoldsLimit.*"scope":"agency"/);
    // the member cancels one of its holds: one place frees for the agency, and for the member
    const mine = await call(gw, 'GET', '/api/bookings?pageSize=50', { token: token('member') });
    const open = mine.json<{ data: { id: number; listPNR?: { pnr: string }[] }[] }>().data;
    expect(open.length).toBeGreaterThanOrEqual(3);
    const detail = await call(gw, 'GET', `/api/bookings/${open[0].id}`, { token: token('member') });
    const pnr = detail.json<{ listPNR: { pnr: string }[] }>().listPNR[0].pnr;
    const cancelled = await call(gw, 'POST', `/api/bookings/${open[0].id}/cancel`, { token: token('member'), body: { pnrs: [pnr] } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const again = await hold(gw, token('member'), { source: 'VJ', days: 54 });
    expect(again.pnr).toMatch(/^[A-Z0-9]{6}$/);
  });
});
