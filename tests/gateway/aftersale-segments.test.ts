/**
 * Segment and passenger-structure edits of issued bookings (gateway/aftersale/segment-edits.ts): add-route
 * (paid, seats taken), remove-route (seats given back), add-arunk (only across a gap), change-route-class (the
 * difference paid, seats moved between classes), remove-checkIn (after the simulator's online check-in),
 * split-passenger (a new PNR and pnrs row, tickets kept with their passengers) and add-infant (GDS only). Each
 * with a refusal that changes nothing; paid edits idempotent and reversed when the airline fails; the scope.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AfterSaleHub, HistoryEntry, PaidEditResult, PnrRecord } from '../../contract/aftersale';
import type { ClassOption, InfantQuote, RouteOffer, SplitResult } from '../../contract/aftersale-segments';
import type { BookingDetail } from '../../contract/bookings';
import { dbPnrStore } from '../../gateway/aftersale/pnr-store';
import { seatsTakenOf } from '../../gateway/flights/inventory';
import { balanceOf } from '../../gateway/platform/ledger';
import { auditLog, journalEntries, pnrs } from '../../gateway/platform/db/schema';
import { loadUserByUsername } from '../../gateway/platform/tenancy/users';
import { createSupplierRegistry, seatKey, SupplierError } from '../../gateway/suppliers';
import { segmentDeparture } from '../../gateway/suppliers/simulated/pnr-segments';
import { INSTANT_SUPPLY, registryWithFailingPnr } from './fake-pnr';
import { call, login, startGateway, type Gateway } from './helpers';
import { adult, callWithPin, hold, infant, type Held } from './lifecycle-helpers';
import { inDays } from './flights-helpers';

let gw: Gateway;
const tokens = new Map<string, string>();
const token = (u: string) => tokens.get(u)!;
let saoviet: number;
/** Makes the airline refuse every edit while true (the supplier failing after the payment). */
let failEdits = false;
const base = createSupplierRegistry(INSTANT_SUPPLY);

async function issued(user: string, days: number, passengers?: Record<string, unknown>[], source: 'VN' | '1A' = 'VN'): Promise<Held> {
  const h = await hold(gw, token(user), { source, days, passengers });
  const { res } = await callWithPin(gw, 'POST', `/api/bookings/${h.id}/issue`, token(user), { idempotencyKey: randomUUID(), pnrs: [h.pnr] });
  if (res.statusCode !== 200) throw new Error(`issue failed: ${res.body}`);
  return h;
}

const hubOf = async (id: number, user = 'f1agent') => (await call(gw, 'GET', `/api/aftersale/bookings/${id}`, { token: token(user) })).json<AfterSaleHub>();
const recordOf = async (id: number, pnr: string) => (await hubOf(id)).pnrs.find((r) => r.pnr === pnr)!;
const historyOf = async (id: number) => (await call(gw, 'GET', `/api/aftersale/bookings/${id}/history`, { token: token('f1agent') })).json<{ data: HistoryEntry[]; total: number }>();
const post = (id: number, path: string, body: unknown, user = 'f1agent') => callWithPin(gw, 'POST', `/api/aftersale/bookings/${id}/${path}`, token(user), body);
const get = <T>(id: number, path: string) => call(gw, 'GET', `/api/aftersale/bookings/${id}/${path}`, { token: token('f1agent') }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));
/** pnrsync: the booking detail's own PNR (what the booking-detail page shows). */
const detailPnr = async (id: number, pnr: string) => (await call(gw, 'GET', `/api/bookings/${id}/detail`, { token: token('f1agent') })).json<BookingDetail>().pnrs.find((p) => p.pnr === pnr)!;
const flightsOf = async (id: number, pnr: string) => (await detailPnr(id, pnr)).routeInfos.map((l) => `${l.flightNo} ${l.from}-${l.to} ${l.class} ${l.status}`.trim());
const reasonOf = (res: { json: <T>() => T }) => res.json<{ data: { reason: string; message: string } }>().data;

beforeAll(async () => {
  const suppliers = registryWithFailingPnr(['VN', '1A'], () => failEdits, base);
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' }, suppliers });
  for (const u of ['f1agent', 'f1admin', 'f2agent']) tokens.set(u, (await login(gw, u)).accessToken);
  saoviet = (await loadUserByUsername(gw.db, 'f1agent'))!.agency.id;
}, 180_000);
afterAll(async () => {
  await gw?.close();
});

/** A priced class of a DAD→HAN flight two days after the booking's, with seats for `n`. */
async function dadHan(id: number, pnr: string, days: number, n: number) {
  const offers = await get<RouteOffer[]>(id, `route-offers?pnr=${pnr}&from=DAD&to=HAN&date=${inDays(days)}`);
  expect(offers.status, JSON.stringify(offers.body)).toBe(200);
  for (const o of offers.body) {
    const c = o.classes.find((x) => x.seatAvailable >= n);
    if (c) return { offer: o, cls: c };
  }
  throw new Error('no DAD-HAN flight with seats');
}

describe('add-route, add-arunk, remove-route', () => {
  it('adds a paid segment (seats taken, one C entry, idempotent), then an ARNK across the gap only; removes it again (seats back)', async () => {
    const h = await issued('f1agent', 20, [adult(1), adult(2, 'Thi Hoa')]);
    let hub = await hubOf(h.id);
    expect(hub.actions.find((a) => a.action === 'add-arunk')).toMatchObject({ allowed: false, reason: 'noGap', message: expect.any(String) });
    expect(hub.actions.find((a) => a.action === 'remove-route')).toMatchObject({ allowed: false, reason: 'oneSegment' });
    expect(hub.actions.find((a) => a.action === 'add-route')!.allowed).toBe(true);
    // no gap yet: an ARNK is refused and nothing changes
    const refused = await post(h.id, 'arnk', { idempotencyKey: randomUUID(), pnr: h.pnr, afterSegId: 1 });
    expect(refused.res.statusCode).toBe(409);
    expect(reasonOf(refused.res).reason).toBe('continuous');

    const { offer, cls } = await dadHan(h.id, h.pnr, 22, 2);
    const key = seatKey(offer.flightNo, offer.departDate.slice(0, 10));
    const seatsBefore = await seatsTakenOf(gw.db, key, cls.class);
    const balance = await balanceOf(gw.db, saoviet);
    const body = { idempotencyKey: randomUUID(), pnr: h.pnr, flightNo: offer.flightNo, departDate: offer.departDate.slice(0, 10), from: 'DAD', to: 'HAN', class: cls.class };
    const added = await post(h.id, 'routes', body);
    expect(added.first.statusCode).toBe(403); // the PIN
    expect(added.res.statusCode).toBe(200);
    expect(added.res.json<PaidEditResult>()).toMatchObject({ amount: cls.total, replayed: false });
    expect(cls.total).toBeGreaterThan(0);
    expect(await balanceOf(gw.db, saoviet)).toBe(balance - cls.total);
    expect(await seatsTakenOf(gw.db, key, cls.class)).toBe(seatsBefore + 2);
    const again = await post(h.id, 'routes', body);
    expect(again.res.json<PaidEditResult>()).toMatchObject({ replayed: true, amount: cls.total });
    expect(await balanceOf(gw.db, saoviet)).toBe(balance - cls.total);
    expect(await seatsTakenOf(gw.db, key, cls.class)).toBe(seatsBefore + 2);
    let r = await recordOf(h.id, h.pnr);
    expect(r.segments.map((s) => `${s.from}-${s.to} ${s.status}`)).toEqual(['HAN-SGN HK', 'DAD-HAN HK']);
    // pnrsync: the booking itself shows the added flight, with its times and class
    const first = h.offer.routeInfo[0];
    expect(await flightsOf(h.id, h.pnr)).toEqual([`${first.flightNo} HAN-SGN ${h.cls} HK`, `${offer.flightNo} DAD-HAN ${cls.class} HK`]);
    const shown = (await detailPnr(h.id, h.pnr)).routeInfos[1];
    expect(shown).toMatchObject({ departDate: offer.departDate.slice(0, 10), timeFrom: offer.departDate.slice(11, 16), timeTo: offer.arrivalDate.slice(11, 16) });
    expect(shown.flightTime).toBeGreaterThan(0);
    expect(r.tst.some((t) => t.segIds.join() === '2')).toBe(true);
    const [row] = await gw.db.select().from(pnrs).where(eq(pnrs.pnr, h.pnr));
    expect(row.seatHolds).toContainEqual({ key, class: cls.class, n: 2 });

    // the gap SGN → DAD: the hub offers the ARNK; after the second segment it is refused
    hub = await hubOf(h.id);
    expect(hub.actions.find((a) => a.action === 'add-arunk')!.allowed).toBe(true);
    const wrong = await post(h.id, 'arnk', { idempotencyKey: randomUUID(), pnr: h.pnr, afterSegId: 2 });
    expect(wrong.res.statusCode).toBe(409);
    const arnk = await post(h.id, 'arnk', { idempotencyKey: randomUUID(), pnr: h.pnr, afterSegId: 1 });
    expect(arnk.res.statusCode).toBe(200);
    expect(arnk.res.json<PaidEditResult>()).toMatchObject({ amount: 0, entryId: null });
    r = await recordOf(h.id, h.pnr);
    expect(r.arnks).toEqual([{ id: 1, afterSegId: 1, from: 'SGN', to: 'DAD' }]);
    // pnrsync: the ARNK is a surface segment of the booking's flight list, between the two flights
    expect(await flightsOf(h.id, h.pnr)).toEqual([`${first.flightNo} HAN-SGN ${h.cls} HK`, 'ARNK SGN-DAD', `${offer.flightNo} DAD-HAN ${cls.class} HK`]);
    expect((await detailPnr(h.id, h.pnr)).routeInfos[1]).toMatchObject({ surface: true, flightNo: 'ARNK' });
    const twice = await post(h.id, 'arnk', { idempotencyKey: randomUUID(), pnr: h.pnr, afterSegId: 1 });
    expect(reasonOf(twice.res).reason).toBe('alreadyFilled');
    expect((await recordOf(h.id, h.pnr)).arnks).toHaveLength(1);

    // remove the added segment: free, its seats back, the ARNK goes with it, the ticket stays
    const removed = await post(h.id, 'routes/remove', { idempotencyKey: randomUUID(), pnr: h.pnr, segId: 2 });
    expect(removed.res.statusCode).toBe(200);
    expect(await seatsTakenOf(gw.db, key, cls.class)).toBe(seatsBefore);
    r = await recordOf(h.id, h.pnr);
    expect(r.segments.map((s) => s.segId)).toEqual([1]);
    expect(r.arnks).toEqual([]);
    expect(await flightsOf(h.id, h.pnr)).toEqual([`${first.flightNo} HAN-SGN ${h.cls} HK`]);
    expect(r.tickets.every((t) => t.status === 'OPEN')).toBe(true);
    const last = await post(h.id, 'routes/remove', { idempotencyKey: randomUUID(), pnr: h.pnr, segId: 1 });
    expect(reasonOf(last.res).reason).toBe('oneSegment');
    expect(await balanceOf(gw.db, saoviet)).toBe(balance - cls.total);
    const history = await historyOf(h.id);
    expect(history.data.map((e) => e.kind)).toEqual(['remove-route', 'add-arunk', 'add-route']);
    // pnrsync: readable before/after lines of the itinerary
    const line1 = expect.stringMatching(new RegExp(`^1 ${first.flightNo} ${h.cls} \\d{2}[A-Z]{3} HANSGN HK \\d{2}:\\d{2}-\\d{2}:\\d{2}$`));
    expect(history.data[2].before).toEqual([line1]);
    expect(history.data[2].after).toEqual([line1, expect.stringMatching(new RegExp(`^2 ${offer.flightNo} ${cls.class} .* DADHAN HK`))]);
    expect(history.data[1].after).toEqual([line1, 'ARNK SGN-DAD', expect.stringMatching(/^2 /)]);
    expect(history.data[0].after).toEqual([line1]);
    expect(await gw.db.select().from(auditLog).where(and(eq(auditLog.action, 'aftersale.edited'), eq(auditLog.target, h.pnr)))).toHaveLength(3);
  });

  it('scope: another agency gets 404 and changes nothing; a past date is refused', async () => {
    const h = await issued('f1agent', 21);
    const other = await post(h.id, 'arnk', { idempotencyKey: randomUUID(), pnr: h.pnr, afterSegId: 1 }, 'f2agent');
    expect(other.res.statusCode).toBe(404);
    const split = await post(h.id, 'split', { idempotencyKey: randomUUID(), pnr: h.pnr, paxIds: [1] }, 'f2agent');
    expect(split.res.statusCode).toBe(404);
    const past = await get<{ data: { reason: string } }>(h.id, `route-offers?pnr=${h.pnr}&from=DAD&to=HAN&date=2020-01-01`);
    expect(past.status).toBe(409);
    expect((await historyOf(h.id)).total).toBe(0);
  });

  it('a supplier failure after the payment reverses it (C + V) and gives the seats back; the PNR as it was', async () => {
    const h = await issued('f1agent', 23, [adult(1)]);
    const { offer, cls } = await dadHan(h.id, h.pnr, 25, 1);
    const key = seatKey(offer.flightNo, offer.departDate.slice(0, 10));
    const seatsBefore = await seatsTakenOf(gw.db, key, cls.class);
    const before = await recordOf(h.id, h.pnr);
    const balance = await balanceOf(gw.db, saoviet);
    failEdits = true;
    try {
      const res = (await post(h.id, 'routes', { idempotencyKey: randomUUID(), pnr: h.pnr, flightNo: offer.flightNo, departDate: offer.departDate.slice(0, 10), from: 'DAD', to: 'HAN', class: cls.class })).res;
      expect(res.statusCode).toBe(502);
    } finally {
      failEdits = false;
    }
    expect(await balanceOf(gw.db, saoviet)).toBe(balance);
    const entries = await gw.db.select().from(journalEntries).where(eq(journalEntries.pnr, h.pnr)).orderBy(journalEntries.id);
    expect(entries.map((e) => e.type)).toEqual(['C', 'C', 'V']);
    expect(await seatsTakenOf(gw.db, key, cls.class)).toBe(seatsBefore);
    expect(await recordOf(h.id, h.pnr)).toEqual(before);
    const [row] = await gw.db.select().from(pnrs).where(eq(pnrs.pnr, h.pnr));
    expect(row.seatHolds.some((s) => s.key === key)).toBe(false);
  });
});

describe('change-route-class', () => {
  it('shows the difference first, pays a higher class once, moves the seats between classes; a cheaper class pays nothing and keeps a residual', async () => {
    const h = await issued('f1agent', 26, [adult(1), adult(2, 'Thi Hoa')]);
    const quotes = await get<ClassOption[]>(h.id, `class-quotes?pnr=${h.pnr}&segId=1`);
    expect(quotes.status, JSON.stringify(quotes.body)).toBe(200);
    const current = quotes.body.find((q) => q.current)!;
    expect(current).toMatchObject({ class: h.cls, difference: 0, toPay: 0 });
    const dearer = quotes.body.find((q) => q.toPay > 0 && q.seatAvailable >= 2);
    expect(dearer).toBeDefined();
    const key = seatKey(h.offer.routeInfo[0].flightNo, h.offer.routeInfo[0].departDate.slice(0, 10));
    const [oldTaken, newTaken] = [await seatsTakenOf(gw.db, key, h.cls), await seatsTakenOf(gw.db, key, dearer!.class)];
    const balance = await balanceOf(gw.db, saoviet);
    const body = { idempotencyKey: randomUUID(), pnr: h.pnr, segId: 1, class: dearer!.class };
    const res = (await post(h.id, 'class', body)).res;
    expect(res.statusCode).toBe(200);
    expect(res.json<PaidEditResult>().amount).toBe(dearer!.toPay);
    expect((await post(h.id, 'class', body)).res.json<PaidEditResult>().replayed).toBe(true);
    expect(await balanceOf(gw.db, saoviet)).toBe(balance - dearer!.toPay);
    expect(await seatsTakenOf(gw.db, key, h.cls)).toBe(oldTaken - 2);
    expect(await seatsTakenOf(gw.db, key, dearer!.class)).toBe(newTaken + 2);
    expect((await recordOf(h.id, h.pnr)).segments[0].class).toBe(dearer!.class);
    expect(await flightsOf(h.id, h.pnr)).toEqual([`${h.offer.routeInfo[0].flightNo} HAN-SGN ${dearer!.class} HK`]);
    expect((await historyOf(h.id)).data[0]).toMatchObject({ before: [expect.stringContaining(` ${h.cls} `), expect.stringMatching(/^TST \d+ ADT S1 /)], after: [expect.stringContaining(` ${dearer!.class} `), expect.stringMatching(/^TST \d+ ADT S1 /)] });
    // the same class again: refused, nothing changes
    const same = (await post(h.id, 'class', { ...body, idempotencyKey: randomUUID() })).res;
    expect(reasonOf(same).reason).toBe('sameClass');
    // back to the cheaper class: no payment, the residual stated
    const back = (await get<ClassOption[]>(h.id, `class-quotes?pnr=${h.pnr}&segId=1`)).body.find((q) => q.class === h.cls)!;
    expect(back).toMatchObject({ toPay: 0, residual: dearer!.toPay });
    const down = (await post(h.id, 'class', { idempotencyKey: randomUUID(), pnr: h.pnr, segId: 1, class: h.cls })).res;
    expect(down.json<PaidEditResult>()).toMatchObject({ amount: 0, entryId: null });
    expect(await balanceOf(gw.db, saoviet)).toBe(balance - dearer!.toPay);
    expect((await historyOf(h.id)).data[0].summary).toMatch(/không tự hoàn/);
  });
});

describe('split-passenger', () => {
  it('moves the chosen adult with its infant to a new PNR: tickets kept, both rows in the booking, both histories; refusals change nothing', async () => {
    const h = await issued('f1agent', 27, [adult(1), adult(2, 'Thi Hoa'), infant(3, 1)]);
    const before = await recordOf(h.id, h.pnr);
    const ticketOf = (r: PnrRecord, paxId: number) => r.tickets.find((t) => t.paxId === paxId)!.number;
    for (const [paxIds, reason] of [[[1, 2], 'splitAll'], [[3], 'splitInfantAlone'], [[9], 'splitUnknown']] as const) {
      const res = (await post(h.id, 'split', { idempotencyKey: randomUUID(), pnr: h.pnr, paxIds })).res;
      expect(res.statusCode).toBe(409);
      expect(reasonOf(res).reason).toBe(reason);
    }
    expect(await recordOf(h.id, h.pnr)).toEqual(before);
    const body = { idempotencyKey: randomUUID(), pnr: h.pnr, paxIds: [1] };
    const res = (await post(h.id, 'split', body)).res;
    expect(res.statusCode).toBe(200);
    const out = res.json<SplitResult>();
    expect(out).toMatchObject({ pnr: h.pnr, moved: [1, 3], replayed: false });
    expect(out.newPnr).toMatch(/^[A-Z0-9]{6}$/);
    expect((await post(h.id, 'split', body)).res.json<SplitResult>()).toMatchObject({ newPnr: out.newPnr, replayed: true });
    const hub = await hubOf(h.id);
    expect(hub.pnrs.map((r) => r.pnr).sort()).toEqual([h.pnr, out.newPnr].sort());
    const parent = hub.pnrs.find((r) => r.pnr === h.pnr)!;
    const child = hub.pnrs.find((r) => r.pnr === out.newPnr)!;
    expect(parent.names.map((n) => n.paxId)).toEqual([2]);
    expect(child.names.map((n) => n.paxId)).toEqual([1, 3]);
    expect(ticketOf(child, 1)).toBe(ticketOf(before, 1));
    expect(ticketOf(child, 3)).toBe(ticketOf(before, 3));
    expect(ticketOf(parent, 2)).toBe(ticketOf(before, 2));
    expect(parent.tickets).toHaveLength(1);
    const rows = await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, h.id)).orderBy(pnrs.id);
    expect(rows.map((r) => r.pnr)).toEqual([h.pnr, out.newPnr]);
    expect(rows[1]).toMatchObject({ recordStatus: 'ISSUE TICKET', chargeEntryId: null });
    expect(rows[0].seatHolds[0].n + rows[1].seatHolds[0].n).toBe(2);
    expect(rows[0].totalPrice + rows[1].totalPrice).toBe((await gw.db.select().from(journalEntries).where(eq(journalEntries.pnr, h.pnr)))[0].amount);
    const history = await historyOf(h.id);
    expect(history.data.filter((e) => e.kind === 'split-passenger').map((e) => e.pnr).sort()).toEqual([h.pnr, out.newPnr].sort());
    // a one-passenger PNR cannot be split
    expect(hub.actions.find((a) => a.action === 'split-passenger')!.allowed).toBe(false);
  });
});

describe('remove-checkIn', () => {
  it('only after the online check-in (which the airline opens 24 h before departure)', async () => {
    const h = await issued('f1agent', 28, [adult(1), adult(2, 'Thi Hoa')]);
    expect((await hubOf(h.id)).actions.find((a) => a.action === 'remove-checkIn')).toMatchObject({ allowed: false, reason: 'noCheckIn' });
    const refused = (await post(h.id, 'check-in/remove', { idempotencyKey: randomUUID(), pnr: h.pnr, segId: 1, paxIds: [1] })).res;
    expect(reasonOf(refused).reason).toBe('notCheckedIn');
    const supplier = base.pnr('VN');
    const seg = (await recordOf(h.id, h.pnr)).segments[0];
    const departs = segmentDeparture(seg.from, seg.departDate);
    // too early: the airline refuses
    await expect(supplier.edit({ pnr: h.pnr, idempotencyKey: randomUUID(), edits: [{ type: 'onlineCheckIn' }], at: new Date(departs - 30 * 3_600_000).toISOString() }, { store: dbPnrStore(gw.db) })).rejects.toThrow(SupplierError);
    await supplier.edit({ pnr: h.pnr, idempotencyKey: randomUUID(), edits: [{ type: 'onlineCheckIn' }], at: new Date(departs - 3 * 3_600_000).toISOString() }, { store: dbPnrStore(gw.db) });
    expect((await recordOf(h.id, h.pnr)).checkIns).toHaveLength(2);
    expect((await hubOf(h.id)).actions.find((a) => a.action === 'remove-checkIn')!.allowed).toBe(true);
    // a checked-in segment cannot change class
    const cls = (await post(h.id, 'class', { idempotencyKey: randomUUID(), pnr: h.pnr, segId: 1, class: h.cls === 'Y' ? 'B' : 'Y' })).res;
    expect(cls.statusCode).toBe(409);
    const res = (await post(h.id, 'check-in/remove', { idempotencyKey: randomUUID(), pnr: h.pnr, segId: 1, paxIds: [2] })).res;
    expect(res.statusCode).toBe(200);
    expect((await recordOf(h.id, h.pnr)).checkIns!.map((c) => c.paxId)).toEqual([1]);
    expect((await historyOf(h.id)).data[0]).toMatchObject({ kind: 'remove-checkIn', before: [expect.anything(), expect.anything()], after: [expect.objectContaining({ paxId: 1 })] });
  });
});

describe('add-infant (GDS)', () => {
  it('adds a paid infant on an adult without one (ticket, TST, INFT), refused on an adult with one and on a carrier channel', async () => {
    const vn = await issued('f1agent', 29, [adult(1)]);
    expect((await hubOf(vn.id)).actions.find((a) => a.action === 'add-infant')).toMatchObject({ allowed: false, reason: 'notGds' });
    const infantBody = { title: 'MISS', firstName: 'Be Na', lastName: 'Nguyen', birthday: new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/') };
    const notGds = (await post(vn.id, 'infant', { idempotencyKey: randomUUID(), pnr: vn.pnr, parentId: 1, infant: infantBody })).res;
    expect(reasonOf(notGds).reason).toBe('notGds');

    const h = await issued('f1agent', 30, [adult(1), adult(2, 'Thi Hoa'), infant(3, 2)], '1A');
    const quote = await get<InfantQuote>(h.id, `infant-quote?pnr=${h.pnr}&parentId=1`);
    expect(quote.status).toBe(200);
    expect(quote.body.total).toBeGreaterThan(0);
    const bad = (await post(h.id, 'infant', { idempotencyKey: randomUUID(), pnr: h.pnr, parentId: 1, infant: { ...infantBody, birthday: '01/01/2000' } })).res;
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ data: { infant: string[] } }>().data.infant).toEqual(['age']);
    const taken = (await post(h.id, 'infant', { idempotencyKey: randomUUID(), pnr: h.pnr, parentId: 2, infant: infantBody })).res;
    expect(reasonOf(taken).reason).toBe('hasInfant');
    const balance = await balanceOf(gw.db, saoviet);
    const body = { idempotencyKey: randomUUID(), pnr: h.pnr, parentId: 1, infant: infantBody };
    const res = (await post(h.id, 'infant', body)).res;
    expect(res.statusCode).toBe(200);
    expect(res.json<PaidEditResult>().amount).toBe(quote.body.total);
    expect((await post(h.id, 'infant', body)).res.json<PaidEditResult>().replayed).toBe(true);
    expect(await balanceOf(gw.db, saoviet)).toBe(balance - quote.body.total);
    const r = await recordOf(h.id, h.pnr);
    const added = r.names.find((n) => n.paxType === 'INF' && n.parentId === 1)!;
    expect(added).toMatchObject({ firstName: 'Be Na' });
    expect(r.tickets.some((t) => t.paxId === added.paxId)).toBe(true);
    expect(r.ssrs.filter((s) => s.code === 'INFT')).toHaveLength(2);
    // pnrsync: the booking's passenger list shows the infant with its adult and its own ticket
    const pax = (await detailPnr(h.id, h.pnr)).paxInfos;
    expect(pax.find((p) => p.paxId === added.paxId)).toMatchObject({ paxType: 'INF', firstName: 'Be Na', parentId: 1, ticketNumber: r.tickets.find((t) => t.paxId === added.paxId)!.number });
    expect(pax).toHaveLength(4);
    const history = await historyOf(h.id);
    expect(history.data[0].after).toContain(`P${added.paxId} Nguyen/Be Na MISS (INF) DOB ${infantBody.birthday} with P1`);
    expect((await hubOf(h.id)).actions.find((a) => a.action === 'add-infant')).toMatchObject({ allowed: false, reason: 'allHaveInfants' });
  });
});
