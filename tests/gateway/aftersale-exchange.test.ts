/**
 * exchange-route (gateway/aftersale/exchange.ts): new flights found by the ordinary flight search, the quote
 * (fare held, new fare, the agency's reissue fee, the carrier's change penalty of the family held) before
 * anything changes, the paid exchange (one C entry of the quote's total, idempotent, PIN) that reissues the
 * tickets, and a supplier failure after the payment (reversed, the PNR as it was). PGlite by default,
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AfterSaleHub, HistoryEntry, PnrRecord } from '../../contract/aftersale';
import type { ExchangeQuoteAnswer, ExchangeResult } from '../../contract/aftersale-exchange';
import type { PriceInfo } from '../../contract/flights';
import type { BookingDetail } from '../../contract/bookings';
import { departed, type AfterSaleDeps } from '../../gateway/aftersale/services';
import { departureInstant } from '../../gateway/bookings/service';
import { seatsTakenOf } from '../../gateway/flights/inventory';
import { auditLog, journalEntries, pnrs } from '../../gateway/platform/db/schema';
import { balanceOf } from '../../gateway/platform/ledger';
import { loadUserByUsername } from '../../gateway/platform/tenancy/users';
import { seatKey } from '../../gateway/suppliers';
import { inDays, searchToEnd } from './flights-helpers';
import { registryWithFailingPnr } from './fake-pnr';
import { call, login, startGateway, type Gateway } from './helpers';
import { adult, callWithPin, child, hold, infant, type Held } from './lifecycle-helpers';

let gw: Gateway;
let token: string;
let agency: number;

const classic = (p: PriceInfo) => p.fareInfo.fareFamily === 'Economy Classic';
const superLite = (p: PriceInfo) => p.fareInfo.fareFamily === 'Economy Super Lite';

async function issued(g: Gateway, t: string, days: number, cls: (p: PriceInfo) => boolean, passengers?: Record<string, unknown>[]): Promise<Held> {
  const h = await hold(g, t, { source: 'VN', days, cls, passengers });
  const { res } = await callWithPin(g, 'POST', `/api/bookings/${h.id}/issue`, t, { idempotencyKey: randomUUID(), pnrs: [h.pnr] });
  if (res.statusCode !== 200) throw new Error(`issue failed: ${res.body}`);
  return h;
}

/** A VN flight HAN-SGN `days` ahead from a new search session, and a class with seats for `seats` passengers. */
async function newFlight(g: Gateway, t: string, days: number, pax = { adt: 1, chd: 0, inf: 0 }, seats = 1) {
  const run = await searchToEnd(g, t, { legs: [{ from: 'HAN', to: 'SGN', departDate: inDays(days) }], ...pax });
  for (const offer of run.offers) {
    if (offer.source !== 'VN' || offer.airline !== 'VN' || offer.routeInfo.length !== 1) continue;
    const price = offer.priceInfo.find((p) => p.seatAvailable >= seats && !superLite(p));
    if (price) return { sessionId: run.started.sessionId, offerId: offer.id, class: price.class, offer, price };
  }
  throw new Error('no VN offer');
}

const quoteUrl = (id: number) => `/api/aftersale/bookings/${id}/exchange-quote`;
const exchangeUrl = (id: number) => `/api/aftersale/bookings/${id}/exchange`;
const getQuote = (g: Gateway, t: string, id: number, q: Record<string, string>) => call(g, 'GET', quoteUrl(id), { token: t, query: q });
const hubOf = async (g: Gateway, t: string, id: number) => (await call(g, 'GET', `/api/aftersale/bookings/${id}`, { token: t })).json<AfterSaleHub>();

beforeAll(async () => {
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
  token = (await login(gw, 'f1agent')).accessToken;
  agency = (await loadUserByUsername(gw.db, 'f1agent'))!.agency.id;
});
afterAll(async () => {
  await gw?.close();
});

describe('the quote', () => {
  it('states the new fare, the difference, the reissue fee and the carrier penalty per passenger type, and changes nothing', async () => {
    const h = await issued(gw, token, 20, classic, [adult(1), child(2), infant(3, 1)]);
    const f = await newFlight(gw, token, 23, { adt: 1, chd: 1, inf: 1 }, 2);
    const before = await balanceOf(gw.db, agency);
    const recordBefore = (await hubOf(gw, token, h.id)).pnrs[0];
    const res = await getQuote(gw, token, h.id, { pnr: h.pnr, direction: 'depart', sessionId: f.sessionId, offerId: f.offerId, class: f.class });
    expect(res.statusCode).toBe(200);
    const q = res.json<ExchangeQuoteAnswer>();
    expect(q.lines.map((l) => [l.paxType, l.count])).toEqual([
      ['ADT', 1],
      ['CHD', 1],
      ['INF', 1],
    ]);
    const adt = q.lines[0];
    // the fare held is the TST, the new fare the class's fare + tax + VAT
    expect(adt.oldFare).toBe(h.price.fareADT + h.price.taxADT + h.price.vatADT);
    expect(adt.newFare).toBe(f.price.fareADT + f.price.taxADT + f.price.vatADT);
    expect(q.lines[1].newFare).toBe(f.price.fareCHD + f.price.taxCHD + f.price.vatCHD);
    // VN Economy Classic, domestic: 300.000 per seated passenger, none for the infant
    expect(q.lines.map((l) => l.penalty)).toEqual([300_000, 300_000, 0]);
    expect(adt.changeFee).toBeGreaterThan(0);
    const sum = (k: 'oldFare' | 'newFare' | 'changeFee' | 'penalty') => q.lines.reduce((s, l) => s + l[k] * l.count, 0);
    expect(q.quote).toMatchObject({ oldFare: sum('oldFare'), newFare: sum('newFare'), changeFee: sum('changeFee'), penalty: 600_000 });
    expect(q.quote.total).toBe(Math.max(0, sum('newFare') - sum('oldFare')) + sum('changeFee') + 600_000);
    expect(q.changeRule).toMatch(/300\.000/);
    expect(q.newSegments[0]).toMatchObject({ flightNo: f.offer.routeInfo[0].flightNo, departDate: f.offer.routeInfo[0].departDate, class: f.class });
    expect(await balanceOf(gw.db, agency)).toBe(before);
    expect((await hubOf(gw, token, h.id)).pnrs[0]).toEqual(recordBefore);
    // the hub names the action with the penalty part of its price
    const action = (await hubOf(gw, token, h.id)).actions.find((a) => a.action === 'exchange-route')!;
    expect(action).toMatchObject({ allowed: true, priceFrom: 600_000, priceTo: 600_000 });
  });

  it('refuses what cannot be exchanged: a Super Lite fare, another route, the same flight, an unknown session', async () => {
    const lite = await issued(gw, token, 21, superLite);
    const f = await newFlight(gw, token, 24);
    const q = { pnr: lite.pnr, direction: 'depart', sessionId: f.sessionId, offerId: f.offerId, class: f.class };
    const res = await getQuote(gw, token, lite.id, q);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ data: { reason: string; message: string } }>().data).toMatchObject({ reason: 'notChangeable', message: expect.stringMatching(/đổi/) });
    const action = (await hubOf(gw, token, lite.id)).actions.find((a) => a.action === 'exchange-route')!;
    expect(action).toMatchObject({ allowed: false, reason: 'notChangeable', message: expect.any(String) });

    const h = await issued(gw, token, 22, classic);
    const same = await searchToEnd(gw, token, { legs: [{ from: 'HAN', to: 'SGN', departDate: inDays(22) }], adt: 1, chd: 0, inf: 0 });
    const held = same.offers.find((o) => o.source === 'VN' && o.routeInfo.length === 1 && o.routeInfo[0].flightNo === h.offer.routeInfo[0].flightNo)!;
    const sameRes = await getQuote(gw, token, h.id, { pnr: h.pnr, direction: 'depart', sessionId: same.started.sessionId, offerId: held.id, class: h.cls });
    expect(sameRes.json<{ data: { reason: string } }>().data.reason).toBe('sameFlight');
    const other = await searchToEnd(gw, token, { legs: [{ from: 'HAN', to: 'DAD', departDate: inDays(23) }], adt: 1, chd: 0, inf: 0 });
    const dad = other.offers.find((o) => o.source === 'VN' && o.airline === 'VN')!;
    const wrong = await getQuote(gw, token, h.id, { pnr: h.pnr, direction: 'depart', sessionId: other.started.sessionId, offerId: dad.id, class: dad.priceInfo[0].class });
    expect(wrong.json<{ data: { reason: string } }>().data.reason).toBe('wrongOffer');
    const gone = await getQuote(gw, token, h.id, { pnr: h.pnr, direction: 'depart', sessionId: randomUUID(), offerId: 'x', class: 'Y' });
    expect(gone.statusCode).toBe(409);
    expect(gone.json<{ data: { reason: string } }>().data.reason).toBe('searchExpired');
    // a sub-agency's agent without the ticketing right is refused by the server
    const f2 = (await login(gw, 'f2agent')).accessToken;
    expect((await getQuote(gw, f2, h.id, { pnr: h.pnr, direction: 'depart', sessionId: f.sessionId, offerId: f.offerId, class: f.class })).statusCode).toBe(403);
  });
});

describe('the paid exchange', () => {
  it('charges the quote once, reissues the tickets on the new flight, keeps history and audit; a replay charges nothing', async () => {
    const h = await issued(gw, token, 25, classic);
    const recordBefore = (await hubOf(gw, token, h.id)).pnrs[0];
    const f = await newFlight(gw, token, 27);
    const q = { pnr: h.pnr, direction: 'depart' as const, sessionId: f.sessionId, offerId: f.offerId, class: f.class };
    const quote = (await getQuote(gw, token, h.id, q)).json<ExchangeQuoteAnswer>();
    const before = await balanceOf(gw.db, agency);
    // a total other than the quote's is refused with the new quote
    const stale = await callWithPin(gw, 'POST', exchangeUrl(h.id), token, { ...q, idempotencyKey: randomUUID(), total: quote.quote.total + 1 });
    expect(stale.res.statusCode).toBe(409);
    expect(stale.res.json<{ data: { reason: string; quote: ExchangeQuoteAnswer } }>().data).toMatchObject({ reason: 'quoteChanged', quote: { quote: quote.quote } });
    expect(await balanceOf(gw.db, agency)).toBe(before);

    // pnrsync: the seats of both flights, measured around the exchange
    const oldLeg = h.offer.routeInfo[0];
    const newLeg = f.offer.routeInfo[0];
    const oldKey = seatKey(oldLeg.flightNo, oldLeg.departDate.slice(0, 10));
    const newKey = seatKey(newLeg.flightNo, newLeg.departDate.slice(0, 10));
    const [oldTaken, newTaken] = [await seatsTakenOf(gw.db, oldKey, h.cls), await seatsTakenOf(gw.db, newKey, f.class)];
    const body = { ...q, idempotencyKey: randomUUID(), total: quote.quote.total };
    const { first, res } = await callWithPin(gw, 'POST', exchangeUrl(h.id), token, body);
    expect(first.statusCode).toBe(403); // the PIN is asked first
    expect(res.statusCode).toBe(200);
    const r = res.json<ExchangeResult>();
    expect(r).toMatchObject({ pnr: h.pnr, amount: quote.quote.total, replayed: false });
    expect(r.tickets).toHaveLength(1);
    expect(r.tickets[0]).toMatch(/^738\d{10}$/);
    expect(await balanceOf(gw.db, agency)).toBe(before - quote.quote.total);
    const record: PnrRecord = (await hubOf(gw, token, h.id)).pnrs[0];
    expect(record.segments).toHaveLength(1);
    expect(record.segments[0]).toMatchObject({ flightNo: f.offer.routeInfo[0].flightNo, departDate: f.offer.routeInfo[0].departDate, class: f.class, status: 'HK' });
    expect(record.tickets).toEqual([
      expect.objectContaining({ number: recordBefore.tickets[0].number, status: 'EXCHANGED' }),
      expect.objectContaining({ number: r.tickets[0], status: 'OPEN', exchangedFrom: recordBefore.tickets[0].number }),
    ]);
    expect(record.tst.find((t) => t.paxType === 'ADT')).toMatchObject({ total: quote.lines[0].newFare, segIds: [record.segments[0].segId] });

    // pnrsync: the old flight's seat is given back and the new flight's taken, through the bookings' inventory
    expect(await seatsTakenOf(gw.db, oldKey, h.cls)).toBe(oldTaken - 1);
    expect(await seatsTakenOf(gw.db, newKey, f.class)).toBe(newTaken + 1);
    const [row] = await gw.db.select().from(pnrs).where(eq(pnrs.pnr, h.pnr));
    expect(row.seatHolds).toEqual([{ key: newKey, class: f.class, n: 1 }]);
    // the booking's flight panel shows the new flight and the new ticket
    const shown = (await call(gw, 'GET', `/api/bookings/${h.id}/detail`, { token })).json<BookingDetail>().pnrs[0];
    expect(shown.routeInfos).toHaveLength(1);
    expect(shown.routeInfos[0]).toMatchObject({ flightNo: newLeg.flightNo, departDate: newLeg.departDate.slice(0, 10), timeFrom: newLeg.departDate.slice(11, 16), timeTo: newLeg.arrivalDate.slice(11, 16), class: f.class, status: 'HK' });
    expect(shown.paxInfos[0].ticketNumber).toBe(r.tickets[0]);
    // the departure checks follow the new flight: an hour after the old flight left, the PNR has not departed
    const afterOld = new Date(departureInstant(oldLeg.from, oldLeg.departDate).getTime() + 3_600_000);
    expect(departed({ now: () => afterOld } as AfterSaleDeps, row)).toBe(false);
    expect(departed({ now: () => new Date(departureInstant(newLeg.from, newLeg.departDate).getTime() + 60_000) } as AfterSaleDeps, row)).toBe(true);

    // the same key again: the first result, no second charge
    const again = (await callWithPin(gw, 'POST', exchangeUrl(h.id), token, body)).res;
    expect(again.statusCode).toBe(200);
    expect(again.json<ExchangeResult>()).toMatchObject({ amount: quote.quote.total, entryId: r.entryId, replayed: true, tickets: r.tickets });
    expect(await balanceOf(gw.db, agency)).toBe(before - quote.quote.total);
    const entries = await gw.db.select().from(journalEntries).where(eq(journalEntries.pnr, h.pnr));
    expect(entries.map((e) => e.type)).toEqual(['C', 'C']); // the issue, the exchange

    const history = (await call(gw, 'GET', `/api/aftersale/bookings/${h.id}/history`, { token })).json<{ data: HistoryEntry[]; total: number }>();
    expect(history.total).toBe(1);
    expect(history.data[0]).toMatchObject({ kind: 'exchange-route', amount: quote.quote.total, entryId: r.entryId });
    expect(history.data[0].summary).toContain(f.offer.routeInfo[0].flightNo);
    // readable before/after: the direction's flights and the tickets
    expect(history.data[0].before).toEqual([expect.stringMatching(new RegExp(`^1 ${oldLeg.flightNo} ${h.cls} .* HANSGN HK`)), `TKT P1 ${recordBefore.tickets[0].number} OPEN`]);
    expect(history.data[0].after).toEqual([
      expect.stringMatching(new RegExp(`^2 ${newLeg.flightNo} ${f.class} .* HANSGN HK`)),
      `TKT P1 ${recordBefore.tickets[0].number} EXCHANGED`,
      `TKT P1 ${r.tickets[0]} OPEN (${recordBefore.tickets[0].number})`,
    ]);
    expect(await gw.db.select().from(auditLog).where(and(eq(auditLog.action, 'aftersale.edited'), eq(auditLog.target, h.pnr)))).toHaveLength(1);
  });

  it('a supplier failure after the payment reverses it and leaves the PNR as it was; the same key answers the failure', async () => {
    const broken = registryWithFailingPnr(['VN']);
    const other = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' }, suppliers: broken });
    try {
      const t = (await login(other, 'f1agent')).accessToken;
      const id = (await loadUserByUsername(other.db, 'f1agent'))!.agency.id;
      const h = await issued(other, t, 26, classic);
      const f = await newFlight(other, t, 28);
      const q = { pnr: h.pnr, direction: 'depart' as const, sessionId: f.sessionId, offerId: f.offerId, class: f.class };
      const quote = (await getQuote(other, t, h.id, q)).json<ExchangeQuoteAnswer>();
      const recordBefore = (await hubOf(other, t, h.id)).pnrs[0];
      const before = await balanceOf(other.db, id);
      const newKey = seatKey(f.offer.routeInfo[0].flightNo, f.offer.routeInfo[0].departDate.slice(0, 10));
      const newTaken = await seatsTakenOf(other.db, newKey, f.class);
      const [rowBefore] = await other.db.select().from(pnrs).where(eq(pnrs.pnr, h.pnr));
      const body = { ...q, idempotencyKey: randomUUID(), total: quote.quote.total };
      const { res } = await callWithPin(other, 'POST', exchangeUrl(h.id), t, body);
      expect(res.statusCode).toBe(502);
      expect(res.json<{ code: number; data: { message: string } }>()).toMatchObject({ code: 80, data: { message: expect.stringMatching(/\S/) } });
      expect(await balanceOf(other.db, id)).toBe(before);
      const entries = await other.db.select().from(journalEntries).where(eq(journalEntries.pnr, h.pnr));
      expect(entries.map((e) => e.type)).toEqual(['C', 'C', 'V']);
      expect(entries[1].amount).toBe(quote.quote.total);
      expect(entries[2].amount).toBe(quote.quote.total);
      expect((await hubOf(other, t, h.id)).pnrs[0]).toEqual(recordBefore);
      // pnrsync: the new flight's seat given back, the booking's row as it was
      expect(await seatsTakenOf(other.db, newKey, f.class)).toBe(newTaken);
      const [rowAfter] = await other.db.select().from(pnrs).where(eq(pnrs.pnr, h.pnr));
      expect({ ...rowAfter, updatedAt: null }).toEqual({ ...rowBefore, updatedAt: null });
      const again = await callWithPin(other, 'POST', exchangeUrl(h.id), t, body);
      expect(again.res.statusCode).toBe(502);
      expect(await balanceOf(other.db, id)).toBe(before);
      expect(await other.db.select().from(auditLog).where(and(eq(auditLog.action, 'aftersale.failed'), eq(auditLog.target, h.pnr)))).toHaveLength(1);
    } finally {
      await other.close();
    }
  }, 120_000);
});
