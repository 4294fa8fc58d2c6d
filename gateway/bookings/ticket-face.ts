/**
 * /ticket-face (GET /api/ticket-face, public): a customer opens the e-ticket with the PNR and the last name
 * of one of its passengers (case and accents ignored). The answer carries no price and no contact data;
 * anything that does not match is the same 404, whichever part was wrong. Lookups are throttled per client
 * address on the platform limiter (TICKET_FACE_LIMIT per TICKET_FACE_WINDOW_MS, then 429 with Retry-After).
 */
import { eq } from 'drizzle-orm';
import type { TicketFace } from '../../contract/bookings';
import { ErrorCode } from '../../contract/errors';
import type { Conn } from '../platform/db/client';
import { agencies, bookings, pnrs } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { cap, take } from '../platform/limits';
import { foldName } from './list';
import { paxInfoEntries, routeInfosOf } from './pnr-view';
import { shownStatus } from './service';

export const TICKET_FACE_LIMIT = 20;
export const TICKET_FACE_WINDOW_MS = 10 * 60_000;

/** The ticket-face limit on the platform limiter: TICKET_FACE_LIMIT lookups per window per client address. */
export const TICKET_FACE_RULE = cap(TICKET_FACE_LIMIT, TICKET_FACE_WINDOW_MS);

/** Counts a lookup of the address (shared by every instance); throws 429 (RATE_LIMITED, retryAfterSeconds) past the limit. */
export async function countTicketFaceLookup(conn: Conn, address: string, now: Date = new Date()): Promise<void> {
  const verdict = await take(conn, `ticket-face:ip:${address}`, TICKET_FACE_RULE, now);
  if (!verdict.allowed) throw new ApiError(ErrorCode.RATE_LIMITED, { retryAfterSeconds: verdict.retryAfterSeconds });
}

export async function ticketFaceOf(conn: Conn, pnr: string, lastName: string, now: Date = new Date()): Promise<TicketFace> {
  const [row] = await conn
    .select({ pnr: pnrs, agentName: agencies.name, hotline: agencies.hotline })
    .from(pnrs)
    .innerJoin(bookings, eq(bookings.id, pnrs.bookingId))
    .innerJoin(agencies, eq(agencies.id, bookings.agencyId))
    .where(eq(pnrs.pnr, pnr));
  const wanted = foldName(lastName);
  const passengers = row ? paxInfoEntries(row.pnr) : [];
  if (!row || !passengers.some((p) => foldName(p.lastName) === wanted)) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'ticket' });
  return {
    pnr: row.pnr.pnr ?? '',
    airline: row.pnr.airline,
    status: shownStatus(row.pnr.recordStatus, row.pnr.timeLimit, now),
    issuedAt: row.pnr.issuedAt?.toISOString() ?? '',
    passengers: passengers.map((p) => ({ paxType: p.paxType, title: p.title, firstName: p.firstName, lastName: p.lastName, ticketNumber: p.ticketNumber })),
    routeInfos: routeInfosOf(row.pnr),
    agentName: row.agentName,
    hotline: row.hotline ?? '',
  };
}
