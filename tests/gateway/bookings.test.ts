import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletedBooking } from '../../contract/bookings';
import type { FlightOffer } from '../../contract/flights';
import { expireHolds, warnExpiringHolds } from '../../gateway/bookings/service';
import { notifier } from '../../gateway/notifications/service';
import { bookings, notifications, pnrs, reservationErrors } from '../../gateway/platform/db/schema';
import { seatsTakenOf, takeSeats } from '../../gateway/flights/inventory';
import { createSupplierRegistry, seatKey } from '../../gateway/suppliers';
import { inDays, searchToEnd } from './flights-helpers';
import { call, login, startGateway, usingPostgres, type Gateway } from './helpers';

let gw: Gateway;
const tokens = new Map<string, string>();
const token = (u: string) => tokens.get(u)!;
const instant = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 } });

beforeAll(async () => {
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
  for (const u of ['f1agent', 'f2agent', 'accountant']) tokens.set(u, (await login(gw, u)).accessToken);
});
afterAll(async () => {
  await gw?.close();
});

const adult = { paxId: 1, type: 'ADT', title: 'MR', firstName: 'Van An', lastName: 'Nguyen', birthday: '15/04/1985' };
const contact = { name: 'Nguyen Van An', phone: '0912345678', email: 'an@example.vn' };

/** A single-segment offer with a class having at least `seats` seats; its class. */
function pick(offers: FlightOffer[], where: (o: FlightOffer) => boolean, seats = 2): { offer: FlightOffer; cls: string } {
  for (const o of offers) {
    if (!where(o) || o.routeInfo.length !== 1) continue;
    const p = o.priceInfo.find((x) => x.seatAvailable >= seats);
    if (p) return { offer: o, cls: p.class };
  }
  throw new Error('no offer');
}

async function book(user: string, body: unknown) {
  return call(gw, 'POST', '/api/bookings', { token: token(user), body });
}

async function view(user: string, id: number) {
  return call(gw, 'GET', `/api/bookings/${id}`, { token: token(user) });
}

describe('holding a booking', () => {
  it('a round trip on two carriers gives two PNRs, seats taken, readable as the Completed booking', async () => {
    const run = await searchToEnd(gw, token('f1agent'), { journeyType: 'RT', legs: [{ from: 'HAN', to: 'SGN', departDate: inDays(10) }], returnDate: inDays(14), adt: 1, inf: 1 });
    const dep = pick(run.offers, (o) => o.source === 'VN' && o.direction === 'depart');
    const ret = pick(run.offers, (o) => o.source === 'VJ' && o.direction === 'return');
    const key = seatKey(dep.offer.routeInfo[0].flightNo, dep.offer.routeInfo[0].departDate.slice(0, 10));
    const before = await seatsTakenOf(gw.db, key, dep.cls);
    const infant = { paxId: 2, type: 'INF', title: 'MISS', firstName: 'Be', lastName: 'Nguyen', birthday: '01/01/' + (new Date().getFullYear() - 1), parentId: 1 };
    const res = await book('f1agent', {
      sessionId: run.started.sessionId,
      selected: [{ offerId: dep.offer.id, class: dep.cls }, { offerId: ret.offer.id, class: ret.cls }],
      passengers: [adult, infant],
      contact,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<{ id: number }>();
    // the adult takes a seat, the infant none
    expect(await seatsTakenOf(gw.db, key, dep.cls)).toBe(before + 1);

    const got = await view('f1agent', id);
    expect(got.statusCode, got.body).toBe(200);
    const b = got.json<CompletedBooking>();
    expect(b).toMatchObject({ status: 'HOLD', adt: 1, chd: 0, inf: 1, customerInfo: contact });
    expect(b.listPNR).toHaveLength(2);
    expect(b.listPNR.map((p) => p.airline)).toEqual(['VN', 'VJ']);
    for (const p of b.listPNR) {
      expect(p.pnr).toMatch(/^[A-Z0-9]{6}$/);
      expect(p.status).toBe('BOOKED');
      expect(Date.parse(p.timelimit)).toBeGreaterThan(Date.now());
    }
    expect(b.listPNR[0]).toMatchObject({ dep: 'HAN-SGN', ret: '' });
    expect(b.listPNR[1]).toMatchObject({ dep: '', ret: 'SGN-HAN' });
    expect(b.routes.map((r) => r.typeBook)).toEqual(['depart', 'return']);
    expect(b.passengers.map((p) => [p.type, p.lastName])).toEqual([['ADT', 'NGUYEN'], ['INF', 'NGUYEN']]);
    expect(b.total).toBe(b.totalFare + b.totalFees);
    expect(b.totalFare).toBeGreaterThan(0);
    // the parent agency reads it; the sub-agency does not
    expect((await view('f2agent', id)).statusCode).toBe(404);
    expect((await view('f1agent', 999_999)).statusCode).toBe(404);
  });

  it('refuses invalid passengers and contacts with 400/41', async () => {
    const run = await searchToEnd(gw, token('f1agent'), { legs: [{ from: 'HAN', to: 'SGN', departDate: inDays(11) }], adt: 1 });
    const dep = pick(run.offers, (o) => o.source === 'VN');
    const base = { sessionId: run.started.sessionId, selected: [{ offerId: dep.offer.id, class: dep.cls }], contact };
    const year = new Date().getFullYear();
    const cases: unknown[] = [
      // infant without a parent
      { ...base, passengers: [adult, { paxId: 2, type: 'INF', title: 'MSTR', firstName: 'Be', lastName: 'Tran', birthday: `01/01/${year - 1}` }] },
      // more infants than adults
      { ...base, passengers: [adult, ...[2, 3].map((paxId) => ({ paxId, type: 'INF', title: 'MSTR', firstName: 'Be', lastName: 'Tran', birthday: `01/01/${year - 1}`, parentId: 1 }))] },
      // a name with digits
      { ...base, passengers: [{ ...adult, firstName: 'An 2' }] },
      // a bad phone
      { ...base, passengers: [adult], contact: { ...contact, phone: '0212345678' } },
      // a child too old
      { ...base, passengers: [adult, { paxId: 2, type: 'CHD', title: 'MISS', firstName: 'Lan', lastName: 'Tran', birthday: `01/01/${year - 14}` }] },
      // an adult with a child's title
      { ...base, passengers: [{ ...adult, title: 'MSTR' }] },
    ];
    for (const body of cases) {
      const res = await book('f1agent', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ code: number }>().code).toBe(41);
    }
    // a search session that is gone
    expect((await book('f1agent', { ...base, sessionId: 'gone', passengers: [adult] })).statusCode).toBe(404);
    // another user's session is not found either
    expect((await book('f2agent', { ...base, passengers: [adult] })).statusCode).toBe(404);
  });

  it('refuses a user without the booking permission', async () => {
    const res = await book('accountant', { sessionId: 'x', selected: [{ offerId: 'a', class: 'Y' }], passengers: [adult], contact });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ code: number }>().code).toBe(30);
  });

  it('the next search shows fewer seats; expireHolds gives them back and cancels the booking', async () => {
    const departDate = inDays(12);
    const run = await searchToEnd(gw, token('f1agent'), { legs: [{ from: 'HAN', to: 'DAD', departDate }], adt: 2 });
    const dep = pick(run.offers, (o) => o.source === 'VN', 3);
    const seatsOf = (offers: FlightOffer[]) => offers.find((o) => o.id === dep.offer.id && o.source === 'VN')!.priceInfo.find((p) => p.class === dep.cls)!.seatAvailable;
    const before = seatsOf(run.offers);
    const res = await book('f1agent', {
      sessionId: run.started.sessionId,
      selected: [{ offerId: dep.offer.id, class: dep.cls }],
      passengers: [adult, { ...adult, paxId: 2, title: 'MRS', firstName: 'Thi Binh' }],
      contact,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<{ id: number }>();
    const again = await searchToEnd(gw, token('f1agent'), { legs: [{ from: 'HAN', to: 'DAD', departDate }], adt: 1 });
    expect(seatsOf(again.offers)).toBe(before - 2);

    // not yet due
    expect(await expireHolds(gw.db, new Date())).toBe(0);
    const [pnr] = await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, id));
    // 10 minutes before the limit it shows TIME OUT COMMING
    await gw.db.update(pnrs).set({ timeLimit: new Date(Date.now() + 10 * 60_000) }).where(eq(pnrs.id, pnr.id));
    expect((await view('f1agent', id)).json<CompletedBooking>().listPNR[0].status).toBe('TIME OUT COMMING');
    // the agent is told once in the bell that the hold is about to expire
    expect(await warnExpiringHolds(gw.db, notifier)).toBe(1);
    expect(await warnExpiringHolds(gw.db, notifier)).toBe(0);
    const bell = await gw.db.select().from(notifications).where(and(eq(notifications.type, 'hold_expiring'), eq(notifications.link, `/booking/completed/${id}`)));
    expect(bell).toHaveLength(1);
    expect(await expireHolds(gw.db, new Date(Date.now() + 11 * 60_000))).toBeGreaterThanOrEqual(1);
    const after = (await view('f1agent', id)).json<CompletedBooking>();
    expect(after.status).toBe('CANCEL');
    expect(after.listPNR[0].status).toBe('TIME LIMIT OUT');
    const third = await searchToEnd(gw, token('f1agent'), { legs: [{ from: 'HAN', to: 'DAD', departDate }], adt: 1 });
    expect(seatsOf(third.offers)).toBe(before);
  });

  it('a hold that expires beside a ticketed PNR of the same booking leaves the booking EXPORT, not CANCEL', async () => {
    const departDate = inDays(14);
    const run = await searchToEnd(gw, token('f1agent'), { legs: [{ from: 'HAN', to: 'DAD', departDate }], adt: 1 });
    const dep = pick(run.offers, (o) => o.source === 'VN', 1);
    const res = await book('f1agent', { sessionId: run.started.sessionId, selected: [{ offerId: dep.offer.id, class: dep.cls }], passengers: [adult], contact });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<{ id: number }>();
    const [held] = await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, id));
    // a second PNR of the booking (another carrier) already ticketed
    const { id: _, pnr: __, createdAt: ___, updatedAt: ____, ...copy } = held;
    await gw.db.insert(pnrs).values({ ...copy, pnr: null, airline: 'VJ', source: 'VJ', recordStatus: 'ISSUE TICKET', seatHolds: [] });
    await gw.db.update(pnrs).set({ timeLimit: new Date(Date.now() - 60_000) }).where(eq(pnrs.id, held.id));
    expect(await expireHolds(gw.db)).toBeGreaterThanOrEqual(1);
    const after = (await view('f1agent', id)).json<CompletedBooking>();
    expect(after.listPNR.map((p) => p.status)).toEqual(['TIME LIMIT OUT', 'ISSUE TICKET']);
    expect(after.status).toBe('EXPORT');
  });

  it('no seat left: 409 with a message, logged as a reservation error, no booking written', async () => {
    const departDate = inDays(13);
    const run = await searchToEnd(gw, token('f1agent'), { legs: [{ from: 'SGN', to: 'HAN', departDate }], adt: 1 });
    const dep = pick(run.offers, (o) => o.source === 'VJ', 1);
    const r = dep.offer.routeInfo[0];
    const key = seatKey(r.flightNo, r.departDate.slice(0, 10));
    const direct = await instant.flight('VJ').search({ from: 'SGN', to: 'HAN', departDate, pax: { adt: 1, chd: 0, inf: 0 } });
    const capacity = direct.find((o) => o.routeInfo[0].flightNo === r.flightNo)!.priceInfo.find((p) => p.class === dep.cls)!.seatAvailable;
    // someone else sells every remaining seat after the search
    const left = capacity - (await seatsTakenOf(gw.db, key, dep.cls));
    expect(await takeSeats(gw.db, key, dep.cls, left, capacity)).toBe(true);
    const count = async () => (await gw.db.select({ id: bookings.id }).from(bookings)).length;
    const n = await count();
    const res = await book('f1agent', { sessionId: run.started.sessionId, selected: [{ offerId: dep.offer.id, class: dep.cls }], passengers: [adult], contact });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ data: { message: string } }>().data.message).toMatch(/chỗ|seats/);
    expect(await count()).toBe(n);
    const logged = await gw.db.select().from(reservationErrors).where(and(eq(reservationErrors.source, 'VJ'), eq(reservationErrors.errorCode, 'NO_AVAILABILITY')));
    expect(logged.length).toBeGreaterThanOrEqual(1);
  });

  it.skipIf(!usingPostgres)('10 parallel bookings for the last 3 seats: exactly 3 succeed', async () => {
    const departDate = inDays(15);
    const run = await searchToEnd(gw, token('f1agent'), { legs: [{ from: 'HAN', to: 'SGN', departDate }], adt: 1 });
    const dep = pick(run.offers, (o) => o.source === 'QH', 4);
    const r = dep.offer.routeInfo[0];
    const key = seatKey(r.flightNo, r.departDate.slice(0, 10));
    const direct = await instant.flight('QH').search({ from: 'HAN', to: 'SGN', departDate, pax: { adt: 1, chd: 0, inf: 0 } });
    const capacity = direct.find((o) => o.routeInfo[0].flightNo === r.flightNo)!.priceInfo.find((p) => p.class === dep.cls)!.seatAvailable;
    const taken = await seatsTakenOf(gw.db, key, dep.cls);
    expect(await takeSeats(gw.db, key, dep.cls, capacity - taken - 3, capacity)).toBe(true);
    const body = { sessionId: run.started.sessionId, selected: [{ offerId: dep.offer.id, class: dep.cls }], passengers: [adult], contact };
    const results = await Promise.all(Array.from({ length: 10 }, () => book('f1agent', body)));
    const codes = results.map((x) => x.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    expect(await seatsTakenOf(gw.db, key, dep.cls)).toBe(capacity);
  });
});
