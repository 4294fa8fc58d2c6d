/**
 * booking-detail (GET /api/bookings/:id/detail) and /booking/reservation-status: the Booking (PNR) entities in
 * full, what the caller may do with each PNR, and what the booking has cost the deposit so far. Both answer
 * 404 outside the caller's booking scope (gateway/bookings/scope.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BookingDetail, BookingPnr, PnrAction, ReservationStatus } from '../../contract/bookings';
import { ErrorCode } from '../../contract/errors';
import type { Source } from '../../contract/flights';
import type { UserContext } from '../platform/tenancy/users';
import type { Conn } from '../platform/db/client';
import { agencies, bookings, journalEntries, pnrs, refunds, users } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { pnrActions } from './actions';
import type { PricedLuggage } from './luggage';
import { fareDataOf, firstDeparture, itineraryOf, luggageOfPnr, paxInfoEntries, routeInfosOf } from './pnr-view';
import { bookingInScope, bookingScope } from './scope';
import { shownStatus } from './service';

/** Integer VND the booking's PNRs have cost the agency's deposit: C − V − R entries of its PNR codes. */
export async function paidOf(conn: Conn, agencyId: number, codes: readonly string[]): Promise<number> {
  if (codes.length === 0) return 0;
  const [row] = await conn
    .select({
      paid: sql<string>`coalesce(sum(case ${journalEntries.type} when 'C' then ${journalEntries.amount} when 'V' then -${journalEntries.amount} when 'R' then -${journalEntries.amount} else 0 end), 0)`,
    })
    .from(journalEntries)
    .where(and(eq(journalEntries.agencyId, agencyId), inArray(journalEntries.pnr, [...codes])));
  return Number(row?.paid ?? 0);
}

export async function bookingDetail(conn: Conn, ctx: UserContext, id: number, permitted: ReadonlySet<PnrAction>, now: Date = new Date()): Promise<BookingDetail> {
  const b = await bookingInScope(conn, ctx, id);
  const [owner] = await conn
    .select({ code: agencies.code, name: agencies.name, agentName: users.fullName })
    .from(agencies)
    .leftJoin(users, eq(users.id, b.userId ?? -1))
    .where(eq(agencies.id, b.agencyId));
  const rows = await conn.select().from(pnrs).where(eq(pnrs.bookingId, id)).orderBy(pnrs.id);
  const ids = rows.map((r) => r.id);
  const refunded = ids.length
    ? await conn
        .select({ pnrId: refunds.pnrId, paxId: refunds.paxId, penalty: refunds.penalty })
        .from(refunds)
        .where(inArray(refunds.pnrId, ids))
    : [];
  const luggage = b.luggage as PricedLuggage[];
  const customerInfo = {
    customerName: b.customerName,
    customerAddress: b.customerAddress,
    listEmail: b.customerEmail ? [b.customerEmail] : [],
    listPhones: b.customerPhone ? [b.customerPhone] : [],
  };
  const list: BookingPnr[] = rows.map((r) => {
    const status = shownStatus(r.recordStatus, r.timeLimit, now);
    const done = refunded.filter((x) => x.pnrId === r.id);
    const otherFee = luggageOfPnr(r, luggage).reduce((s, l) => s + l.price, 0);
    const held = status === 'BOOKED' || status === 'TIME OUT COMMING';
    const refundablePax = r.tickets.filter((t) => !done.some((x) => x.paxId === t.paxId)).length;
    return {
      pnr: r.pnr ?? '',
      recordStatus: status,
      airline: r.airline,
      source: r.source as Source,
      timeLimit: r.timeLimit?.toISOString() ?? '',
      purchaseTimeLimit: held ? (r.timeLimit?.toISOString() ?? '') : '',
      ticketFace: r.pnr && r.tickets.length > 0 ? `/ticket-face?pnr=${r.pnr}` : '',
      paxInfos: paxInfoEntries(r),
      routeInfos: routeInfosOf(r, { surface: true }),
      fareData: fareDataOf(r, otherFee, done.reduce((s, x) => s + x.penalty, 0)),
      customerInfo,
      issuedAt: r.issuedAt?.toISOString() ?? '',
      voidUntil: r.voidUntil?.toISOString() ?? '',
      message: r.message ?? '',
      actions: pnrActions(
        { recordStatus: status, timeLimit: r.timeLimit?.toISOString() ?? '', voidUntil: r.voidUntil?.toISOString() ?? '', refundablePax },
        permitted,
        now,
      ),
    };
  });
  const codes = rows.map((r) => r.pnr).filter((c): c is string => c !== null);
  return {
    id: b.id,
    status: b.status as BookingDetail['status'],
    createdAt: b.createdAt.toISOString(),
    agentName: owner?.agentName ?? '',
    agencyCode: owner?.code ?? '',
    agencyName: owner?.name ?? '',
    customerInfo,
    pnrs: list,
    luggage: luggage.map((l) => ({ paxId: l.paxId, route: l.route, airline: l.airline, type: l.type, code: l.code, price: l.price, value: l.value, unit: l.unit })),
    total: b.totalFare + b.totalFees,
    paid: await paidOf(conn, b.agencyId, codes),
  };
}

/** A PNR of the caller's scope by its code (404 otherwise, the same answer whether it exists or not). */
export async function pnrInScope(conn: Conn, ctx: UserContext, code: string) {
  const [row] = await conn
    .select({ pnr: pnrs, booking: bookings })
    .from(pnrs)
    .innerJoin(bookings, eq(bookings.id, pnrs.bookingId))
    .where(and(eq(pnrs.pnr, code), bookingScope(ctx)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'pnr' });
  return row;
}

export async function reservationStatusOf(conn: Conn, ctx: UserContext, code: string, now: Date = new Date()): Promise<ReservationStatus> {
  const { pnr, booking } = await pnrInScope(conn, ctx, code);
  return {
    bookingId: booking.id,
    pnr: pnr.pnr ?? '',
    airline: pnr.airline,
    source: pnr.source as Source,
    recordStatus: shownStatus(pnr.recordStatus, pnr.timeLimit, now),
    bookingStatus: booking.status as ReservationStatus['bookingStatus'],
    timeLimit: pnr.timeLimit?.toISOString() ?? '',
    itinerary: itineraryOf([pnr]),
    departDate: firstDeparture([pnr]),
    passengers: pnr.paxInfos.length,
    tickets: pnr.tickets.length,
  };
}
