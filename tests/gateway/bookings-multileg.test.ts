/**
 * Multi-city holds: each leg is its own one-way search session; one hold takes a leg of each, one PNR per
 * airline/source across the legs, and the booking reads (Completed booking, booking detail) and issues and
 * cancels as any other.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetail, CompletedBooking, IssueResult } from '../../contract/bookings';
import type { FlightOffer, Source } from '../../contract/flights';
import { seatsTakenOf } from '../../gateway/flights/inventory';
import { bookings, pnrs } from '../../gateway/platform/db/schema';
import { seatKey } from '../../gateway/suppliers';
import { inDays, searchToEnd } from './flights-helpers';
import { adult, callWithPin, contact } from './lifecycle-helpers';
import { call, login, startGateway, type Gateway } from './helpers';

let gw: Gateway;
const tokens = new Map<string, string>();
const token = (u: string) => tokens.get(u)!;

beforeAll(async () => {
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
  for (const u of ['f1agent', 'f2agent']) tokens.set(u, (await login(gw, u)).accessToken);
});
afterAll(async () => {
  await gw?.close();
});

interface Leg {
  sessionId: string;
  offer: FlightOffer;
  cls: string;
}

/** Searches one leg (one-way) and picks a direct offer of the source with seats. */
async function leg(user: string, from: string, to: string, days: number, source: Source): Promise<Leg> {
  const run = await searchToEnd(gw, token(user), { journeyType: 'OW', legs: [{ from, to, departDate: inDays(days) }], adt: 1 });
  for (const offer of run.offers) {
    if (offer.source !== source || offer.routeInfo.length !== 1) continue;
    const p = offer.priceInfo.find((x) => x.seatAvailable >= 2);
    if (p) return { sessionId: run.started.sessionId, offer, cls: p.class };
  }
  throw new Error(`no ${source} offer ${from}-${to}`);
}

const selected = (legs: Leg[]) => legs.map((l) => ({ offerId: l.offer.id, class: l.cls, sessionId: l.sessionId }));
const seatsOf = (l: Leg) => seatsTakenOf(gw.db, seatKey(l.offer.routeInfo[0].flightNo, l.offer.routeInfo[0].departDate.slice(0, 10)), l.cls);

describe('a multi-city hold', () => {
  it('three legs on two carriers: two PNRs (VN flies legs 1 and 3), seats of every leg, legs in order; issued for the held total', async () => {
    const legs = [await leg('f1agent', 'HAN', 'SGN', 40, 'VN'), await leg('f1agent', 'SGN', 'DAD', 43, 'VJ'), await leg('f1agent', 'DAD', 'HAN', 46, 'VN')];
    const before = await Promise.all(legs.map(seatsOf));
    const res = await call(gw, 'POST', '/api/bookings', {
      token: token('f1agent'),
      // the legs in any order: the gateway keeps flight order
      body: { sessionId: legs[0].sessionId, selected: selected([legs[2], legs[0], legs[1]]), passengers: [adult(1)], contact },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<{ id: number }>();
    expect(await Promise.all(legs.map(seatsOf))).toEqual(before.map((n) => n + 1));

    const b = (await call(gw, 'GET', `/api/bookings/${id}`, { token: token('f1agent') })).json<CompletedBooking>();
    expect(b.listPNR.map((p) => [p.airline, p.status, p.dep, p.ret])).toEqual([
      ['VN', 'BOOKED', 'HAN-SGN, DAD-HAN', ''],
      ['VJ', 'BOOKED', 'SGN-DAD', ''],
    ]);
    expect(b.routes.map((r) => [r.leg, r.airline, r.from, r.to, r.typeBook])).toEqual([
      [1, 'VN', 'HAN', 'SGN', 'depart'],
      [2, 'VJ', 'SGN', 'DAD', 'depart'],
      [3, 'VN', 'DAD', 'HAN', 'depart'],
    ]);
    // the issue fee per passenger and leg, as for the directions of a round trip
    const fee = (airline: string) => b.bookingFees.find((f) => f.airline === airline && f.paxType === 'ADT')!.issueFee;
    expect(b.totalFees).toBe(2 * fee('VN') + fee('VJ'));

    const detail = (await call(gw, 'GET', `/api/bookings/${id}/detail`, { token: token('f1agent') })).json<BookingDetail>();
    const vn = detail.pnrs.find((p) => p.airline === 'VN')!;
    expect(vn.routeInfos.map((r) => [r.leg, r.from, r.to, r.flightNo])).toEqual([
      [1, 'HAN', 'SGN', legs[0].offer.routeInfo[0].flightNo],
      [3, 'DAD', 'HAN', legs[2].offer.routeInfo[0].flightNo],
    ]);

    const codes = b.listPNR.map((p) => p.pnr);
    const issued = await callWithPin(gw, 'POST', `/api/bookings/${id}/issue`, token('f1agent'), { idempotencyKey: randomUUID(), pnrs: codes });
    expect(issued.res.statusCode, issued.res.body).toBe(200);
    const r = issued.res.json<IssueResult>();
    expect(r.amount).toBe(b.total);
    expect(r.pnrs.map((p) => p.status)).toEqual(['ISSUE TICKET', 'ISSUE TICKET']);
    const [row] = await gw.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row.status).toBe('EXPORT');
  });

  it('a cancelled multi-city hold gives the seats of every leg back', async () => {
    const legs = [await leg('f1agent', 'SGN', 'HAN', 50, 'VN'), await leg('f1agent', 'HAN', 'DAD', 52, 'VN')];
    const before = await Promise.all(legs.map(seatsOf));
    const res = await call(gw, 'POST', '/api/bookings', { token: token('f1agent'), body: { sessionId: legs[0].sessionId, selected: selected(legs), passengers: [adult(1)], contact } });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<{ id: number }>();
    const rows = await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, id));
    // one carrier and source: one PNR over both legs
    expect(rows).toHaveLength(1);
    expect(await Promise.all(legs.map(seatsOf))).toEqual(before.map((n) => n + 1));
    const cancel = await call(gw, 'POST', `/api/bookings/${id}/cancel`, { token: token('f1agent'), body: { pnrs: [rows[0].pnr] } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await Promise.all(legs.map(seatsOf))).toEqual(before);
  });

  it('a leg of another user’s or a gone search session: 404 and nothing held', async () => {
    const mine = await leg('f1agent', 'HAN', 'SGN', 55, 'VN');
    const theirs = await leg('f2agent', 'SGN', 'HAN', 58, 'VN');
    const count = async () => (await gw.db.select({ id: bookings.id }).from(bookings)).length;
    const n = await count();
    for (const other of [theirs, { ...theirs, sessionId: 'gone' }]) {
      const res = await call(gw, 'POST', '/api/bookings', { token: token('f1agent'), body: { sessionId: mine.sessionId, selected: selected([mine, other]), passengers: [adult(1)], contact } });
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await count()).toBe(n);
    expect(await seatsOf(mine)).toBe(0);
  });
});
