/**
 * After-sale services on issued bookings (gateway/aftersale): the PNR read through the supplier, the hub, extra
 * luggage and seats paid from the deposit (one C entry, idempotent, PIN), the history and the audit log, and a
 * supplier failure after the payment (reversed; the PNR as it was). PGlite by default, PostgreSQL with
 * TEST_DATABASE_URL; the races are in aftersale-races.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetail } from '../../contract/bookings';
import { todayInVietnam } from '../../contract/business-day';
import type { BookingReportAnswer } from '../../contract/desk';
import type { AfterSaleHub, HistoryEntry, LuggageOffer, PaidEditResult, PnrRecord, SeatMap } from '../../contract/aftersale';
import { balanceOf } from '../../gateway/platform/ledger';
import { auditLog, journalEntries } from '../../gateway/platform/db/schema';
import { loadUserByUsername } from '../../gateway/platform/tenancy/users';
import { createSupplierRegistry } from '../../gateway/suppliers';
import { registryWithFailingPnr } from './fake-pnr';
import { call, login, startGateway, type Gateway } from './helpers';
import { adult, callWithPin, hold, infant, type Held } from './lifecycle-helpers';

let gw: Gateway;
const tokens = new Map<string, string>();
const token = (u: string) => tokens.get(u)!;
let saoviet: number;

async function issued(user: string, days: number, passengers?: Record<string, unknown>[]): Promise<Held> {
  const h = await hold(gw, token(user), { source: 'VN', days, passengers });
  const { res } = await callWithPin(gw, 'POST', `/api/bookings/${h.id}/issue`, token(user), { idempotencyKey: randomUUID(), pnrs: [h.pnr] });
  if (res.statusCode !== 200) throw new Error(`issue failed: ${res.body}`);
  return h;
}

const hubOf = async (user: string, id: number) => (await call(gw, 'GET', `/api/aftersale/bookings/${id}`, { token: token(user) })).json<AfterSaleHub>();
const cells = (m: SeatMap) => m.rows.flatMap((r) => r.cells.filter((c): c is NonNullable<typeof c> => c !== null).map((c) => ({ ...c, row: r })));

beforeAll(async () => {
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
  for (const u of ['f1agent', 'f1admin', 'f2agent']) tokens.set(u, (await login(gw, u)).accessToken);
  saoviet = (await loadUserByUsername(gw.db, 'f1agent'))!.agency.id;
});
afterAll(async () => {
  await gw?.close();
});

describe('the PNR through the supplier and the hub', () => {
  it('an issued booking reads as the airline PNR: names, HK segments, contacts, TST, tickets; actions with prices', async () => {
    const h = await issued('f1agent', 12, [adult(1), infant(2, 1)]);
    const hub = await hubOf('f1agent', h.id);
    expect(hub.pnrs).toHaveLength(1);
    const r = hub.pnrs[0];
    expect(r.pnr).toBe(h.pnr);
    expect(r.names.map((n) => n.paxType)).toEqual(['ADT', 'INF']);
    expect(r.segments.every((s) => s.status === 'HK')).toBe(true);
    expect(r.contacts.map((c) => c.kind)).toEqual(['AP', 'APE']);
    expect(r.ssrs.some((s) => s.code === 'INFT' && s.paxId === 1)).toBe(true);
    expect(r.tst.map((t) => t.paxType).sort()).toEqual(['ADT', 'INF']);
    expect(r.tickets).toHaveLength(2);
    expect(r.tickets[0].number).toMatch(/^738\d{10}$/);
    const luggage = hub.actions.find((a) => a.action === 'buy-luggage')!;
    expect(luggage).toMatchObject({ allowed: true, priceFrom: 220_000, priceTo: 560_000 });
    expect(hub.actions.find((a) => a.action === 'buy-seat')!.allowed).toBe(true);
  });

  it('a held booking: actions refused with the reason; a user without EXPORT_TICKET sees why; outside the scope 404', async () => {
    const h = await hold(gw, token('f1agent'), { source: 'VN', days: 13 });
    const hub = await hubOf('f1agent', h.id);
    // as14b: re-pricing (quote-best-price, process-price) is what a hold allows; every other action waits for the issue
    const repricing = ['quote-best-price', 'process-price'];
    expect(hub.actions.filter((a) => !repricing.includes(a.action)).every((a) => !a.allowed && a.reason === 'notIssued' && a.message)).toBe(true);
    expect(hub.actions.filter((a) => repricing.includes(a.action)).map((a) => a.allowed)).toEqual([true, true]);
    const done = await issued('f1agent', 13);
    const f2 = await call(gw, 'GET', `/api/aftersale/bookings/${done.id}`, { token: token('f2agent') });
    expect(f2.statusCode).toBe(404);
    // f1admin sees the agency's bookings and may ticket
    // (the structure edits of a one-passenger, one-segment PNR are refused for their own reasons: see aftersale-segments.test.ts)
    expect((await hubOf('f1admin', done.id)).actions.filter((a) => a.reason !== undefined && ['notIssued', 'departed', 'permission'].includes(a.reason))).toEqual([]);
    expect((await hubOf('f1admin', done.id)).actions.filter((a) => ['buy-luggage', 'buy-seat'].includes(a.action)).every((a) => a.allowed)).toBe(true);
    const buy = await call(gw, 'POST', `/api/aftersale/bookings/${done.id}/luggage`, { token: token('f2agent'), body: { idempotencyKey: randomUUID(), pnr: done.pnr, items: [{ paxId: 1, route: 'HAN-SGN', code: 'BG20' }] } });
    expect(buy.statusCode).toBe(403);
  });
});

describe('buy-luggage', () => {
  it('pays the option once (C entry = price), issues an EMD, replaces the bag of the route, keeps history and audit; the same key replays', async () => {
    const h = await issued('f1agent', 14);
    const offer = (await call(gw, 'GET', `/api/aftersale/bookings/${h.id}/luggage`, { token: token('f1agent') })).json<LuggageOffer>();
    expect(offer.routes).toHaveLength(1);
    const route = offer.routes[0];
    const bg20 = route.options.find((o) => o.code === 'BG20')!;
    const before = await balanceOf(gw.db, saoviet);
    const key = randomUUID();
    const body = { idempotencyKey: key, pnr: h.pnr, items: [{ paxId: 1, route: route.route, code: 'BG20' }] };
    const { first, res } = await callWithPin(gw, 'POST', `/api/aftersale/bookings/${h.id}/luggage`, token('f1agent'), body);
    expect(first.statusCode).toBe(403); // the PIN is asked first
    expect(res.statusCode).toBe(200);
    const r = res.json<PaidEditResult>();
    expect(r).toMatchObject({ amount: bg20.price, replayed: false });
    expect(r.emds).toHaveLength(1);
    expect(r.emds[0]).toMatch(/^738\d{10}$/);
    expect(await balanceOf(gw.db, saoviet)).toBe(before - bg20.price);
    // replay: nothing new
    const again = (await callWithPin(gw, 'POST', `/api/aftersale/bookings/${h.id}/luggage`, token('f1agent'), body)).res.json<PaidEditResult>();
    expect(again).toMatchObject({ amount: bg20.price, replayed: true, entryId: r.entryId });
    expect(await balanceOf(gw.db, saoviet)).toBe(before - bg20.price);
    // the key with another body
    const other = await callWithPin(gw, 'POST', `/api/aftersale/bookings/${h.id}/luggage`, token('f1agent'), { ...body, items: [{ paxId: 1, route: route.route, code: 'BG30' }] });
    expect(other.res.statusCode).toBe(409);
    // a bigger bag replaces the first on the route
    const bigger = await callWithPin(gw, 'POST', `/api/aftersale/bookings/${h.id}/luggage`, token('f1agent'), { idempotencyKey: randomUUID(), pnr: h.pnr, items: [{ paxId: 1, route: route.route, code: 'BG30' }] });
    expect(bigger.res.statusCode).toBe(200);
    const record = (await hubOf('f1agent', h.id)).pnrs[0];
    expect(record.baggage).toHaveLength(1);
    expect(record.baggage[0]).toMatchObject({ code: 'BG30', value: 30 });
    expect(record.emds.filter((m) => m.kind === 'luggage')).toHaveLength(2);
    expect(record.ssrs.filter((s) => s.code === 'XBAG')).toHaveLength(2);
    // history and audit
    const history = (await call(gw, 'GET', `/api/aftersale/bookings/${h.id}/history`, { token: token('f1agent') })).json<{ data: HistoryEntry[]; total: number }>();
    expect(history.total).toBe(2);
    expect(history.data[0]).toMatchObject({ kind: 'buy-luggage', pnr: h.pnr, userName: expect.any(String) });
    expect(history.data[0].before).toEqual([expect.objectContaining({ code: 'BG20' })]);
    expect(history.data[0].after).toEqual([expect.objectContaining({ code: 'BG30' })]);
    const audits = await gw.db.select().from(auditLog).where(and(eq(auditLog.action, 'aftersale.edited'), eq(auditLog.target, h.pnr)));
    expect(audits).toHaveLength(2);
  });

  it('bad items change nothing: unknown code, infant, unknown route (400/41 per item)', async () => {
    const h = await issued('f1agent', 15, [adult(1), infant(2, 1)]);
    const before = await balanceOf(gw.db, saoviet);
    const { res } = await callWithPin(gw, 'POST', `/api/aftersale/bookings/${h.id}/luggage`, token('f1agent'), {
      idempotencyKey: randomUUID(),
      pnr: h.pnr,
      items: [
        { paxId: 1, route: 'HAN-SGN', code: 'BG99' },
        { paxId: 2, route: 'HAN-SGN', code: 'BG20' },
        { paxId: 1, route: 'DAD-SGN', code: 'BG20' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ data: { luggage: { problem: string }[] } }>().data.luggage.map((p) => p.problem)).toEqual(['code', 'infant', 'route']);
    expect(await balanceOf(gw.db, saoviet)).toBe(before);
  });
});

describe('buy-seat', () => {
  it('the seat map: rows with aisles, exit rows, free/paid/blocked seats with prices', async () => {
    const h = await issued('f1agent', 16, [adult(1), infant(2, 1)]);
    const map = (await call(gw, 'GET', `/api/aftersale/bookings/${h.id}/seat-map?pnr=${h.pnr}&segId=1`, { token: token('f1agent') })).json<SeatMap>();
    expect(map.layout).toMatch(/\|/);
    expect(map.rows[0].cells.some((c) => c === null)).toBe(true);
    expect(map.rows.some((r) => r.exit)).toBe(true);
    const kinds = new Set(cells(map).map((c) => c.kind));
    expect([...kinds].sort()).toEqual(['blocked', 'exit', 'free', 'paid']);
    expect(cells(map).filter((c) => c.kind === 'free').every((c) => c.price === 0)).toBe(true);
    expect(cells(map).filter((c) => c.kind === 'paid' || c.kind === 'exit').every((c) => c.price > 0)).toBe(true);
    // an infant gets no seat, a blocked seat cannot be taken
    const free = cells(map).find((c) => c.kind === 'free')!;
    const blocked = cells(map).find((c) => c.kind === 'blocked')!;
    const before = await balanceOf(gw.db, saoviet);
    const bad = await callWithPin(gw, 'POST', `/api/aftersale/bookings/${h.id}/seats`, token('f1agent'), {
      idempotencyKey: randomUUID(),
      pnr: h.pnr,
      seats: [
        { paxId: 2, segId: 1, seat: free.seat },
        { paxId: 1, segId: 1, seat: blocked.seat },
      ],
    });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.json<{ data: { seats: { problem: string }[] } }>().data.seats.map((p) => p.problem)).toEqual(['infant', 'blocked']);
    expect(await balanceOf(gw.db, saoviet)).toBe(before);
  });

  it('a paid seat is one C entry and an EMD; choosing another seat moves the passenger (one seat per segment); a free seat costs nothing', async () => {
    const h = await issued('f1agent', 17);
    const map = (await call(gw, 'GET', `/api/aftersale/bookings/${h.id}/seat-map?pnr=${h.pnr}&segId=1`, { token: token('f1agent') })).json<SeatMap>();
    const paid = cells(map).find((c) => c.kind === 'paid' && !c.taken)!;
    const free = cells(map).find((c) => c.kind === 'free' && !c.taken)!;
    const before = await balanceOf(gw.db, saoviet);
    const r1 = await callWithPin(gw, 'POST', `/api/aftersale/bookings/${h.id}/seats`, token('f1agent'), { idempotencyKey: randomUUID(), pnr: h.pnr, seats: [{ paxId: 1, segId: 1, seat: paid.seat }] });
    expect(r1.res.statusCode).toBe(200);
    expect(r1.res.json<PaidEditResult>()).toMatchObject({ amount: paid.price, emds: [expect.stringMatching(/^738\d{10}$/)] });
    expect(await balanceOf(gw.db, saoviet)).toBe(before - paid.price);
    const after1 = (await call(gw, 'GET', `/api/aftersale/bookings/${h.id}/seat-map?pnr=${h.pnr}&segId=1`, { token: token('f1agent') })).json<SeatMap>();
    expect(cells(after1).find((c) => c.seat === paid.seat)).toMatchObject({ taken: true, takenBy: 1 });
    const r2 = await callWithPin(gw, 'POST', `/api/aftersale/bookings/${h.id}/seats`, token('f1agent'), { idempotencyKey: randomUUID(), pnr: h.pnr, seats: [{ paxId: 1, segId: 1, seat: free.seat }] });
    expect(r2.res.json<PaidEditResult>()).toMatchObject({ amount: 0, entryId: null, emds: [] });
    expect(await balanceOf(gw.db, saoviet)).toBe(before - paid.price);
    const after2 = (await call(gw, 'GET', `/api/aftersale/bookings/${h.id}/seat-map?pnr=${h.pnr}&segId=1`, { token: token('f1agent') })).json<SeatMap>();
    expect(cells(after2).find((c) => c.seat === paid.seat)!.taken).toBe(false);
    expect(cells(after2).find((c) => c.seat === free.seat)).toMatchObject({ taken: true, takenBy: 1 });
    const record = (await hubOf('f1agent', h.id)).pnrs[0];
    expect(record.seats).toEqual([expect.objectContaining({ paxId: 1, segId: 1, seat: free.seat })]);
    // another booking cannot take a seat someone holds
    const other = await issued('f1admin', 17);
    if (other.offer.routeInfo[0].flightNo === h.offer.routeInfo[0].flightNo) {
      const taken = await callWithPin(gw, 'POST', `/api/aftersale/bookings/${other.id}/seats`, token('f1admin'), { idempotencyKey: randomUUID(), pnr: other.pnr, seats: [{ paxId: 1, segId: 1, seat: free.seat }] });
      expect(taken.res.statusCode).toBe(409);
      expect(taken.res.json<{ data: { reason: string } }>().data.reason).toBe('seatUnavailable');
    }
  });
});

describe("the booking's money follows the paid edits", () => {
  it('total, extras by kind and the booking total move by what each edit charged; the fee stays; the report and the ledger agree', async () => {
    const h = await issued('f1agent', 19);
    const detail = async () => (await call(gw, 'GET', `/api/bookings/${h.id}/detail`, { token: token('f1agent') })).json<BookingDetail>();
    const today = todayInVietnam();
    const revenue = async () =>
      (await call(gw, 'GET', `/api/desk/reports/analyze-sales?from=${today}&to=${today}&groupBy=agent`, { token: token('f1admin') })).json<BookingReportAnswer>().totals.revenue as number;
    const d0 = await detail();
    const f0 = d0.pnrs[0].fareData;
    expect(f0).toMatchObject({ extras: [], otherFee: 0 });
    expect(f0.baseFare! + f0.taxes!).toBe(f0.totalReserve);
    expect(f0.baseFare! + f0.taxes! + f0.issueFee).toBe(f0.totalPrice);
    const revenue0 = await revenue();
    // luggage, then a paid seat
    const lug = await callWithPin(gw, 'POST', `/api/aftersale/bookings/${h.id}/luggage`, token('f1agent'), { idempotencyKey: randomUUID(), pnr: h.pnr, items: [{ paxId: 1, route: 'HAN-SGN', code: 'BG20' }] });
    expect(lug.res.statusCode).toBe(200);
    const bag = lug.res.json<PaidEditResult>().amount;
    const map = (await call(gw, 'GET', `/api/aftersale/bookings/${h.id}/seat-map?pnr=${h.pnr}&segId=1`, { token: token('f1agent') })).json<SeatMap>();
    const paid = cells(map).find((c) => c.kind === 'paid' && !c.taken)!;
    const seatBody = { idempotencyKey: randomUUID(), pnr: h.pnr, seats: [{ paxId: 1, segId: 1, seat: paid.seat }] };
    const first = (await callWithPin(gw, 'POST', `/api/aftersale/bookings/${h.id}/seats`, token('f1agent'), seatBody)).res;
    expect(first.statusCode, first.body).toBe(200);
    // a replay charges nothing and moves nothing (answered before the seat, now the passenger's, is checked again)
    const replay = (await callWithPin(gw, 'POST', `/api/aftersale/bookings/${h.id}/seats`, token('f1agent'), seatBody)).res;
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json<PaidEditResult>()).toMatchObject({ replayed: true, amount: paid.price });
    const d1 = await detail();
    const f1 = d1.pnrs[0].fareData;
    expect(f1).toMatchObject({
      totalPrice: f0.totalPrice + bag + paid.price,
      issueFee: f0.issueFee,
      baseFare: f0.baseFare,
      taxes: f0.taxes,
      extras: [
        { kind: 'luggage', amount: bag },
        { kind: 'seat', amount: paid.price },
      ],
    });
    expect(d1.total).toBe(d0.total + bag + paid.price);
    // the PNR's total is what the deposit paid for it: its C entries
    const entries = await gw.db.select().from(journalEntries).where(eq(journalEntries.pnr, h.pnr));
    expect(entries.filter((e) => e.type === 'C').reduce((s, e) => s + e.amount, 0)).toBe(f1.totalPrice);
    expect(d1.paid).toBe(f1.totalPrice);
    // the sales report follows: its revenue grows by what was charged
    expect(await revenue()).toBe(revenue0 + bag + paid.price);
  });
});

describe('a supplier failure after the payment', () => {
  it('reverses the charge (C + V, balance unchanged), leaves the PNR as it was, writes aftersale.failed; the same key answers the failure', async () => {
    const broken = registryWithFailingPnr(['VN']);
    const other = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' }, suppliers: broken });
    const keep = gw;
    gw = other;
    try {
      for (const u of ['f1agent']) tokens.set(u, (await login(gw, u)).accessToken);
      const h = await issued('f1agent', 18);
      const agency = (await loadUserByUsername(gw.db, 'f1agent'))!.agency.id;
      const recordBefore = (await hubOf('f1agent', h.id)).pnrs[0];
      const before = await balanceOf(gw.db, agency);
      const body = { idempotencyKey: randomUUID(), pnr: h.pnr, items: [{ paxId: 1, route: 'HAN-SGN', code: 'BG25' }] };
      const { res } = await callWithPin(gw, 'POST', `/api/aftersale/bookings/${h.id}/luggage`, token('f1agent'), body);
      expect(res.statusCode).toBe(502);
      expect(res.json<{ code: number; data: { message: string } }>()).toMatchObject({ code: 80, data: { message: expect.stringMatching(/\S/) } });
      expect(await balanceOf(gw.db, agency)).toBe(before);
      const entries = await gw.db.select().from(journalEntries).where(eq(journalEntries.pnr, h.pnr));
      expect(entries.map((e) => e.type)).toEqual(['C', 'C', 'V']); // the issue, the luggage, its reversal
      expect(entries[1].amount).toBe(entries[2].amount);
      const recordAfter = (await hubOf('f1agent', h.id)).pnrs[0];
      expect(recordAfter).toEqual(recordBefore);
      // the booking's money as it was: nothing charged stays
      const fare = (await call(gw, 'GET', `/api/bookings/${h.id}/detail`, { token: token('f1agent') })).json<BookingDetail>().pnrs[0].fareData;
      expect(fare).toMatchObject({ extras: [], totalPrice: entries[0].amount });
      expect(await gw.db.select().from(auditLog).where(and(eq(auditLog.action, 'aftersale.failed'), eq(auditLog.target, h.pnr)))).toHaveLength(1);
      const again = await callWithPin(gw, 'POST', `/api/aftersale/bookings/${h.id}/luggage`, token('f1agent'), body);
      expect(again.res.statusCode).toBe(502);
      expect(await balanceOf(gw.db, agency)).toBe(before);
      const history = (await call(gw, 'GET', `/api/aftersale/bookings/${h.id}/history`, { token: token('f1agent') })).json<{ total: number }>();
      expect(history.total).toBe(0);
    } finally {
      gw = keep;
      tokens.set('f1agent', (await login(gw, 'f1agent')).accessToken);
      await other.close();
    }
  }, 180_000); // starts a gateway of its own (migrations and demo data) before its calls
});

describe('the PNR record survives a restart', () => {
  it('edits are read back from the database by a new supplier registry', async () => {
    const h = await issued('f1agent', 19);
    await callWithPin(gw, 'POST', `/api/aftersale/bookings/${h.id}/luggage`, token('f1agent'), { idempotencyKey: randomUUID(), pnr: h.pnr, items: [{ paxId: 1, route: 'HAN-SGN', code: 'BG15' }] });
    const { dbPnrStore } = await import('../../gateway/aftersale/pnr-store');
    const fresh = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0 } }).pnr('VN');
    const record: PnrRecord = await fresh.retrieve(h.pnr, { store: dbPnrStore(gw.db) });
    expect(record.baggage).toEqual([expect.objectContaining({ code: 'BG15', value: 15 })]);
  });
});
