/**
 * booking/search (GET /api/bookings): the bookings of the caller's scope, filtered, sorted and paged on the
 * server. Two queries whatever the page size: one for the page (with the total count as a window over the
 * same filter), one for the PNRs of the bookings on it. Filters on PNRs are EXISTS subqueries over
 * pnrs_booking_idx; the scope and the booked-date range use bookings_agency_created_idx.
 */
import { and, desc, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  remarkText,
  TIME_OUT_COMING_MINUTES,
  type bookingList as bookingListSchema,
  type BookingListItem,
  type BookingListQuery,
  type WorkList,
} from '../../contract/bookings';
import type { Source } from '../../contract/flights';
import type { UserContext } from '../platform/tenancy/users';
import type { Conn } from '../platform/db/client';
import { agencies, bookings, pnrs, users } from '../platform/db/schema';
import { localToUtc } from '../platform/clock';
import { firstDeparture, itineraryOf } from './pnr-view';
import { bookingScope } from './scope';
import { shownStatus } from './service';

/** Local days of the booking screens are Vietnamese days. */
export const LOCAL_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** The instant a local day starts, and the next day's. */
export function localDayBounds(day: string, timeZone: string = LOCAL_TIME_ZONE): { start: Date; end: Date } {
  const start = localToUtc(day, 0, timeZone);
  const next = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) + 1)).toISOString().slice(0, 10);
  return { start: new Date(start), end: new Date(localToUtc(next, 0, timeZone)) };
}

/** A name as the search compares it: diacritics and Đ folded, upper case, single spaces (as remarks write it). */
export const foldName = remarkText;

const likeEscape = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The SQL filter of a query within the caller's scope. */
export function listFilter(ctx: UserContext, q: BookingListQuery, now: Date): SQL {
  const where: SQL[] = [bookingScope(ctx)];
  const pnrExists = (cond: SQL) => sql`exists (select 1 from ${pnrs} where ${pnrs.bookingId} = ${bookings.id} and ${cond})`;
  if (q.pnr) where.push(pnrExists(sql`${pnrs.pnr} like ${`${likeEscape(q.pnr)}%`}`));
  if (q.name) {
    // the folded names are stored with the booking (passenger_names, trigram-indexed): "last first" and "first last"
    where.push(sql`${bookings.passengerNames} like ${`%${likeEscape(foldName(q.name))}%`}`);
  }
  if (q.airline) where.push(pnrExists(sql`${pnrs.airline} = ${q.airline}`));
  if (q.status) where.push(eq(bookings.status, q.status));
  if (q.recordStatus) {
    const soon = new Date(now.getTime() + TIME_OUT_COMING_MINUTES * 60_000);
    if (q.recordStatus === 'TIME OUT COMMING') where.push(pnrExists(sql`${pnrs.recordStatus} = 'BOOKED' and ${pnrs.timeLimit} <= ${soon}`));
    else if (q.recordStatus === 'BOOKED') where.push(pnrExists(sql`${pnrs.recordStatus} = 'BOOKED' and ${pnrs.timeLimit} > ${soon}`));
    else where.push(pnrExists(sql`${pnrs.recordStatus} = ${q.recordStatus}`));
  }
  if (q.bookedFrom) where.push(gte(bookings.createdAt, localDayBounds(q.bookedFrom).start));
  if (q.bookedTo) where.push(lt(bookings.createdAt, localDayBounds(q.bookedTo).end));
  if (q.flightFrom || q.flightTo) {
    const legIn = [q.flightFrom ? sql`substr(r->>'departDate', 1, 10) >= ${q.flightFrom}` : sql`true`, q.flightTo ? sql`substr(r->>'departDate', 1, 10) <= ${q.flightTo}` : sql`true`];
    where.push(pnrExists(sql`exists (select 1 from jsonb_array_elements(${pnrs.routeInfos}) r where ${legIn[0]} and ${legIn[1]})`));
  }
  if (q.agentId) where.push(eq(bookings.userId, q.agentId));
  if (q.issuedOn) {
    const { start, end } = localDayBounds(q.issuedOn);
    where.push(pnrExists(sql`${pnrs.issuedAt} >= ${start} and ${pnrs.issuedAt} < ${end}`));
  }
  if (q.workList) where.push(pnrExists(workListPnr(q.workList, now)));
  return and(...where)!;
}

/** A PNR a work list acts on at `now`: a live hold (issue, cancel) or a ticket inside its void window (void). */
function workListPnr(list: WorkList, now: Date): SQL {
  return list === 'void'
    ? sql`${pnrs.pnr} is not null and ${pnrs.recordStatus} = 'ISSUE TICKET' and ${pnrs.voidUntil} > ${now}`
    : sql`${pnrs.pnr} is not null and ${pnrs.recordStatus} = 'BOOKED' and ${pnrs.timeLimit} > ${now}`;
}

/** The soonest deadline of a booking's PNRs a work list acts on (time limit, or void cut-off for void). */
function deadlineOf(list: WorkList | undefined, now: Date): SQL {
  const column = list === 'void' ? pnrs.voidUntil : pnrs.timeLimit;
  return sql`(select min(${column}) from ${pnrs} where ${pnrs.bookingId} = ${bookings.id} and ${workListPnr(list ?? 'issue', now)})`;
}

export async function bookingList(conn: Conn, ctx: UserContext, q: BookingListQuery, now: Date = new Date()): Promise<z.infer<typeof bookingListSchema>> {
  // a PNR's legs are stored in the order flown: its first leg is its first departure
  const departDate = sql<string | null>`(select min(${pnrs.routeInfos}->0->>'departDate') from ${pnrs} where ${pnrs.bookingId} = ${bookings.id})`;
  const total = sql<number>`${bookings.totalFare} + ${bookings.totalFees}`;
  const field = q.sort.replace(/^-/, '');
  const direction = q.sort.startsWith('-') ? desc : asc;
  const order =
    field === 'total' ? direction(total)
    : field === 'departDate' ? direction(sql`depart_date`)
    : field === 'deadline' ? sql`${deadlineOf(q.workList, now)} ${q.sort.startsWith('-') ? sql`desc` : sql`asc`} nulls last`
    : direction(bookings.createdAt);
  const page = await conn
    .select({
      id: bookings.id,
      createdAt: bookings.createdAt,
      status: bookings.status,
      agentId: bookings.userId,
      agentName: users.fullName,
      agencyCode: agencies.code,
      passengers: bookings.passengers,
      total: sql<string>`${total}`.mapWith(Number),
      departDate: departDate.as('depart_date'),
      count: sql<string>`count(*) over ()`.mapWith(Number),
    })
    .from(bookings)
    .innerJoin(agencies, eq(agencies.id, bookings.agencyId))
    .leftJoin(users, eq(users.id, bookings.userId))
    .where(listFilter(ctx, q, now))
    .orderBy(order, direction(bookings.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  if (page.length === 0) {
    // a page past the end still says how many there are
    const [{ n }] = await conn
      .select({ n: sql<string>`count(*)`.mapWith(Number) })
      .from(bookings)
      .where(listFilter(ctx, q, now));
    return { data: [], total: n };
  }
  const rows = await conn
    .select({
      bookingId: pnrs.bookingId,
      pnr: pnrs.pnr,
      airline: pnrs.airline,
      source: pnrs.source,
      recordStatus: pnrs.recordStatus,
      timeLimit: pnrs.timeLimit,
      issuedAt: pnrs.issuedAt,
      voidUntil: pnrs.voidUntil,
      routeInfos: pnrs.routeInfos,
    })
    .from(pnrs)
    .where(inArray(pnrs.bookingId, page.map((b) => b.id)))
    .orderBy(pnrs.id);
  const data: BookingListItem[] = page.map((b) => {
    const own = rows.filter((r) => r.bookingId === b.id);
    const pax = b.passengers as { type: string; firstName: string; lastName: string }[];
    const lead = pax.find((p) => p.type === 'ADT') ?? pax[0];
    return {
      id: b.id,
      createdAt: b.createdAt.toISOString(),
      status: b.status as BookingListItem['status'],
      agentId: b.agentId,
      agentName: b.agentName ?? '',
      agencyCode: b.agencyCode,
      pnrs: own.map((r) => ({
        pnr: r.pnr ?? '',
        airline: r.airline,
        source: r.source as Source,
        recordStatus: shownStatus(r.recordStatus, r.timeLimit, now),
        timeLimit: r.timeLimit?.toISOString() ?? '',
        issuedAt: r.issuedAt?.toISOString() ?? '',
        voidUntil: r.voidUntil?.toISOString() ?? '',
      })),
      itinerary: itineraryOf(own),
      departDate: b.departDate ?? firstDeparture(own),
      leadPassenger: lead ? `${lead.lastName}/${lead.firstName}` : '',
      passengers: pax.length,
      total: b.total,
    };
  });
  return { data, total: page[0].count };
}
