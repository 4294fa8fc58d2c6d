/**
 * Re-pricing a held booking (gateway/aftersale/price-edits.ts): quote-best-price rebooks a PNR held in an
 * expensive class into the cheapest class with seats (classes, TST, seats in the inventory, the amounts the issue
 * charges), process-price stores today's fares over an older stored price. Refusals change nothing (issued,
 * expired, a quote that changed, the airline failing, no right, outside the scope); a replay changes nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AfterSaleHub, HistoryEntry, PnrRecord } from '../../contract/aftersale';
import type { PriceQuote, PriceResult } from '../../contract/aftersale-price';
import type { FlightOffer, PriceInfo } from '../../contract/flights';
import { dbPnrStore } from '../../gateway/aftersale/pnr-store';
import { seatsTakenOf } from '../../gateway/flights/inventory';
import { auditLog, bookings, journalEntries, pnrs } from '../../gateway/platform/db/schema';
import { seatKey } from '../../gateway/suppliers';
import { registryWithFailingPnr } from './fake-pnr';
import { call, login, startGateway, type Gateway } from './helpers';
import { adult, callWithPin, child, contact, pnrRow } from './lifecycle-helpers';
import { inDays, searchToEnd } from './flights-helpers';

let gw: Gateway;
const tokens = new Map<string, string>();
const token = (u: string) => tokens.get(u)!;
let failEdits = false;
beforeAll(async () => {
  const suppliers = registryWithFailingPnr(['VN'], () => failEdits);
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' }, suppliers });
  for (const u of ['f1agent', 'f2agent']) tokens.set(u, (await login(gw, u)).accessToken);
}, 180_000);
afterAll(async () => {
  await gw?.close();
});

const perPax = (p: PriceInfo) => p.fareADT + p.taxADT + p.vatADT;
const perChild = (p: PriceInfo) => p.fareCHD + p.taxCHD + p.vatCHD;
const partyTotal = (p: PriceInfo, passengers: { type: string }[]) => passengers.reduce((s, x) => s + (x.type === 'CHD' ? perChild(p) : x.type === 'ADT' ? perPax(p) : 0), 0);
const economy = (o: FlightOffer) => o.priceInfo.filter((p) => p.fareInfo.cabinClass === 'ECONOMY');

interface Held {
  id: number;
  pnr: string;
  offer: FlightOffer;
  held: PriceInfo;
  cheapest: PriceInfo;
}

/**
 * Holds a VN HAN→SGN flight for the passengers in the dearest economy class with seats, on a flight where a
 * cheaper class has seats too (so a best price exists).
 */
async function holdDear(days: number, passengers = [adult(1)]): Promise<Held> {
  const seated = passengers.filter((p) => p.type !== 'INF').length;
  const run = await searchToEnd(gw, token('f1agent'), { legs: [{ from: 'HAN', to: 'SGN', departDate: inDays(days) }], adt: passengers.filter((p) => p.type === 'ADT').length, chd: passengers.filter((p) => p.type === 'CHD').length, inf: 0 });
  for (const offer of run.offers) {
    if (offer.source !== 'VN' || offer.airline !== 'VN' || offer.routeInfo.length !== 1) continue;
    // the rule's seats bound is the party itself (a class with exactly as many seats as the party is a best price)
    const open = economy(offer).filter((p) => p.seatAvailable >= seated);
    if (open.length < 2) continue;
    const byPrice = [...open].sort((a, b) => partyTotal(a, passengers) - partyTotal(b, passengers));
    const held = byPrice[byPrice.length - 1];
    if (partyTotal(byPrice[0], passengers) >= partyTotal(held, passengers)) continue;
    const res = await call(gw, 'POST', '/api/bookings', { token: token('f1agent'), body: { sessionId: run.started.sessionId, selected: [{ offerId: offer.id, class: held.class }], passengers, contact } });
    if (res.statusCode !== 200) throw new Error(`hold failed: ${res.body}`);
    const { id } = res.json<{ id: number }>();
    const [row] = await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, id));
    return { id, pnr: row.pnr!, offer, held, cheapest: byPrice[0] };
  }
  throw new Error('no VN flight with two open economy classes');
}

const url = (id: number, screen: 'best-price' | 'reprice') => `/api/aftersale/bookings/${id}/${screen}`;
const quoteOf = async (id: number, screen: 'best-price' | 'reprice', user = 'f1agent') => call(gw, 'GET', url(id, screen), { token: token(user) });
const confirm = (id: number, screen: 'best-price' | 'reprice', body: Record<string, unknown>, user = 'f1agent') => call(gw, 'POST', url(id, screen), { token: token(user), body });
const reasonOf = (res: { json: <T>() => T }) => res.json<{ data: { reason: string; message: string } }>().data;
const hubOf = async (id: number) => (await call(gw, 'GET', `/api/aftersale/bookings/${id}`, { token: token('f1agent') })).json<AfterSaleHub>();
const historyOf = async (id: number) => (await call(gw, 'GET', `/api/aftersale/bookings/${id}/history`, { token: token('f1agent') })).json<{ data: HistoryEntry[]; total: number }>();
const supplierRecord = async (pnr: string) => (await dbPnrStore(gw.db).load(pnr))?.record as PnrRecord | undefined;
const bookingRow = async (id: number) => (await gw.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const flightKey = (h: Held) => seatKey(h.offer.routeInfo[0].flightNo, h.offer.routeInfo[0].departDate.slice(0, 10));

/** Everything a refused edit must leave as it was. */
async function snapshot(h: Held) {
  const row = await pnrRow(gw, h.pnr);
  return {
    row: { routeInfos: row.routeInfos, fareData: row.fareData, totalPrice: row.totalPrice, seatHolds: row.seatHolds },
    totalFare: (await bookingRow(h.id)).totalFare,
    record: await supplierRecord(h.pnr),
    held: await seatsTakenOf(gw.db, flightKey(h), h.held.class),
    cheapest: await seatsTakenOf(gw.db, flightKey(h), h.cheapest.class),
    history: (await historyOf(h.id)).total,
  };
}

describe('hub', () => {
  it('offers both screens on a live hold, and says why not on an issued booking', async () => {
    const h = await holdDear(30);
    const actions = (await hubOf(h.id)).actions.filter((a) => a.action === 'quote-best-price' || a.action === 'process-price');
    expect(actions).toEqual([
      { action: 'quote-best-price', allowed: true },
      { action: 'process-price', allowed: true },
    ]);
    const issue = await callWithPin(gw, 'POST', `/api/bookings/${h.id}/issue`, token('f1agent'), { idempotencyKey: randomUUID(), pnrs: [h.pnr] });
    expect(issue.res.statusCode).toBe(200);
    const after = (await hubOf(h.id)).actions.find((a) => a.action === 'quote-best-price')!;
    expect(after).toMatchObject({ allowed: false, reason: 'issuedUseExchange' });
    expect(after.message).toMatch(/xuất vé/);
  });
});

describe('quote-best-price', () => {
  it('quotes the cheapest class with seats, rebooks into it (classes, TST, seats, amounts, history, audit), and the issue charges the new price', async () => {
    const h = await holdDear(31, [adult(1), adult(2, 'Thi Hoa'), child(3)]);
    const res = await quoteOf(h.id, 'best-price');
    expect(res.statusCode, res.body).toBe(200);
    const before = await snapshot(h);
    const q = res.json<PriceQuote>();
    expect(q).toMatchObject({ screen: 'quote-best-price', pnr: h.pnr, better: true, heldPnrs: [h.pnr], oldPayable: before.row.totalPrice });
    expect(q.components).toHaveLength(1);
    expect(q.components[0]).toMatchObject({ rebook: true, old: { class: h.held.class }, new: { class: h.cheapest.class } });
    expect(q.components[0].new.freeBaggage).toMatch(/kg/);
    expect(q.components[0].new.changeRule.length).toBeGreaterThan(0);
    expect(q.lines.map((l) => [l.paxType, l.oldAmount])).toEqual([
      ['ADT', perPax(h.held)],
      ['ADT', perPax(h.held)],
      ['CHD', h.held.fareCHD + h.held.taxCHD + h.held.vatCHD],
    ]);
    expect(q.lines[0].newAmount).toBe(perPax(h.cheapest));
    expect(q.difference).toBe(q.newFare - q.oldFare);
    expect(q.difference).toBeLessThan(0);
    expect(q.newPayable).toBe(q.oldPayable + q.difference);
    // a total other than the quote's: 409 quoteChanged with the new quote, nothing changes
    const stale = await confirm(h.id, 'best-price', { pnr: h.pnr, idempotencyKey: randomUUID(), total: q.newPayable + 1000 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ data: { reason: string; quote: PriceQuote } }>().data).toMatchObject({ reason: 'quoteChanged', quote: { newPayable: q.newPayable } });
    expect(await snapshot(h)).toEqual(before);

    const key = randomUUID();
    const done = await confirm(h.id, 'best-price', { pnr: h.pnr, idempotencyKey: key, total: q.newPayable });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<PriceResult>()).toMatchObject({ pnr: h.pnr, amount: 0, entryId: null, replayed: false, total: q.newPayable });
    const row = await pnrRow(gw, h.pnr);
    expect(row.totalPrice).toBe(q.newPayable);
    expect((row.routeInfos as { class: string }[])[0].class).toBe(h.cheapest.class);
    expect((row.fareData as PriceInfo[])[0]).toMatchObject({ class: h.cheapest.class, fareADT: h.cheapest.fareADT });
    expect((await bookingRow(h.id)).totalFare).toBe(before.totalFare + q.difference);
    const record = (await supplierRecord(h.pnr))!;
    expect(record.segments[0].class).toBe(h.cheapest.class);
    expect(record.tst.filter((t) => t.paxType === 'ADT').map((t) => t.total)).toEqual([perPax(h.cheapest)]);
    // the seats moved from the old class to the new one
    expect(await seatsTakenOf(gw.db, flightKey(h), h.held.class)).toBe(before.held - 3);
    expect(await seatsTakenOf(gw.db, flightKey(h), h.cheapest.class)).toBe(before.cheapest + 3);
    expect(row.seatHolds).toEqual([{ key: flightKey(h), class: h.cheapest.class, n: 3 }]);
    const history = await historyOf(h.id);
    expect(history.data[0]).toMatchObject({ kind: 'quote-best-price', pnr: h.pnr, amount: 0 });
    const audits = await gw.db.select().from(auditLog).where(and(eq(auditLog.action, 'aftersale.edited'), eq(auditLog.target, h.pnr)));
    expect(audits).toHaveLength(1);
    // a replay changes nothing twice
    const again = await confirm(h.id, 'best-price', { pnr: h.pnr, idempotencyKey: key, total: q.newPayable });
    expect(again.json<PriceResult>()).toMatchObject({ replayed: true });
    expect((await historyOf(h.id)).total).toBe(history.total);
    // nothing cheaper now: the quote says so, a confirm is refused
    const now = (await quoteOf(h.id, 'best-price')).json<PriceQuote>();
    expect(now.better).toBe(false);
    expect(reasonOf(await confirm(h.id, 'best-price', { pnr: h.pnr, idempotencyKey: randomUUID(), total: now.newPayable }))).toMatchObject({ reason: 'noBetterFare' });

    // the issue charges the new price
    const issue = await callWithPin(gw, 'POST', `/api/bookings/${h.id}/issue`, token('f1agent'), { idempotencyKey: randomUUID(), pnrs: [h.pnr] });
    expect(issue.res.statusCode, issue.res.body).toBe(200);
    const charge = await gw.db.select().from(journalEntries).where(and(eq(journalEntries.pnr, h.pnr), eq(journalEntries.type, 'C')));
    expect(charge.map((e) => e.amount)).toEqual([q.newPayable]);
    // the record learns its tickets; an issued booking is refused with the reason, nothing changes
    expect((await hubOf(h.id)).pnrs[0].tickets).toHaveLength(3);
    const refused = await quoteOf(h.id, 'best-price');
    expect(refused.statusCode).toBe(409);
    expect(reasonOf(refused).reason).toBe('issued');
    expect(reasonOf(await confirm(h.id, 'reprice', { pnr: h.pnr, idempotencyKey: randomUUID(), total: q.newPayable })).reason).toBe('issued');
  });

  it('the airline refusing leaves the PNR, the seats and the amounts as they were', async () => {
    const h = await holdDear(32);
    const q = (await quoteOf(h.id, 'best-price')).json<PriceQuote>();
    const before = await snapshot(h);
    failEdits = true;
    try {
      const res = await confirm(h.id, 'best-price', { pnr: h.pnr, idempotencyKey: randomUUID(), total: q.newPayable });
      expect(res.statusCode).toBe(502);
    } finally {
      failEdits = false;
    }
    const after = await snapshot(h);
    expect({ ...after, history: before.history }).toEqual(before);
  });

  it('refuses an expired hold, a user without the ticketing right and a booking outside the scope', async () => {
    const h = await holdDear(33);
    const q = (await quoteOf(h.id, 'best-price')).json<PriceQuote>();
    expect((await quoteOf(h.id, 'best-price', 'f2agent')).statusCode).toBe(403);
    expect((await confirm(h.id, 'best-price', { pnr: h.pnr, idempotencyKey: randomUUID(), total: q.newPayable }, 'f2agent')).statusCode).toBe(403);
    // outside the caller's booking scope (here: no such booking) is 404
    expect((await quoteOf(h.id + 100_000, 'best-price')).statusCode).toBe(404);
    await gw.db.update(pnrs).set({ timeLimit: new Date(Date.now() - 60_000) }).where(eq(pnrs.pnr, h.pnr));
    const before = await snapshot(h);
    const res = await confirm(h.id, 'best-price', { pnr: h.pnr, idempotencyKey: randomUUID(), total: q.newPayable });
    expect(res.statusCode).toBe(409);
    expect(reasonOf(res).reason).toBe('expired');
    expect(reasonOf(await quoteOf(h.id, 'reprice')).reason).toBe('expired');
    expect(await snapshot(h)).toEqual(before);
    expect((await hubOf(h.id)).actions.find((a) => a.action === 'process-price')).toMatchObject({ allowed: false, reason: 'holdExpired' });
  });
});

describe('process-price', () => {
  it('shows a rise over the stored price before confirming, stores today’s fare and the amounts the issue charges', async () => {
    const h = await holdDear(34);
    // a hold priced earlier at 150.000 ₫ less than today (the stored fare and amounts as the hold left them)
    const row0 = await pnrRow(gw, h.pnr);
    const fares = (row0.fareData as PriceInfo[]).map((f) => ({ ...f, fareADT: f.fareADT - 150_000 }));
    await gw.db.update(pnrs).set({ fareData: fares, totalPrice: row0.totalPrice - 150_000 }).where(eq(pnrs.pnr, h.pnr));
    const totalFare = (await bookingRow(h.id)).totalFare;
    const q = (await quoteOf(h.id, 'reprice')).json<PriceQuote>();
    expect(q).toMatchObject({ screen: 'process-price', difference: 150_000, oldPayable: row0.totalPrice - 150_000, newPayable: row0.totalPrice, better: false });
    expect(q.components[0]).toMatchObject({ rebook: false, old: { class: h.held.class }, new: { class: h.held.class } });
    expect(q.lines[0]).toMatchObject({ oldAmount: perPax(h.held) - 150_000, newAmount: perPax(h.held) });
    const seats = await seatsTakenOf(gw.db, flightKey(h), h.held.class);
    const done = await confirm(h.id, 'reprice', { pnr: h.pnr, idempotencyKey: randomUUID(), total: q.newPayable });
    expect(done.statusCode, done.body).toBe(200);
    expect((await pnrRow(gw, h.pnr)).totalPrice).toBe(row0.totalPrice);
    expect((await bookingRow(h.id)).totalFare).toBe(totalFare + 150_000);
    expect((await supplierRecord(h.pnr))!.tst.find((t) => t.paxType === 'ADT')!.total).toBe(perPax(h.held));
    expect(await seatsTakenOf(gw.db, flightKey(h), h.held.class)).toBe(seats);
    expect((await historyOf(h.id)).data[0]).toMatchObject({ kind: 'process-price', amount: 0 });
    // priced again now: no difference
    expect((await quoteOf(h.id, 'reprice')).json<PriceQuote>().difference).toBe(0);
  });
});
