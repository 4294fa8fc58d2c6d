/**
 * /ticket-face (GET /api/ticket-face, public): a customer opens the e-ticket with the PNR and the last name
 * of one of its passengers (case and accents ignored). The answer carries no price and no contact data;
 * anything that does not match is the same 404, whichever part was wrong. Lookups are throttled per client
 * address with a sliding window (TICKET_FACE_LIMIT per TICKET_FACE_WINDOW_MS, then 429 with Retry-After).
 */
import { eq } from 'drizzle-orm';
import type { TicketFace } from '../../contract/bookings';
import { ErrorCode } from '../../contract/errors';
import type { Conn } from '../platform/db/client';
import { agencies, bookings, pnrs } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { foldName } from './list';
import { paxInfoEntries, routeInfosOf } from './pnr-view';
import { shownStatus } from './service';

export const TICKET_FACE_LIMIT = 20;
export const TICKET_FACE_WINDOW_MS = 10 * 60_000;

export interface WindowVerdict {
  allowed: boolean;
  /** The hits kept (within the window, this one included when allowed). */
  hits: number[];
  /** Seconds until the oldest hit leaves the window (0 when allowed). */
  retryAfterSeconds: number;
}

/** Sliding-window limit (pure): at most `limit` hits within `windowMs` before `now`. */
export function slidingWindow(hits: readonly number[], now: number, limit: number, windowMs: number): WindowVerdict {
  const kept = hits.filter((t) => t > now - windowMs);
  if (kept.length >= limit) {
    const oldest = Math.min(...kept);
    return { allowed: false, hits: kept, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
  }
  return { allowed: true, hits: [...kept, now], retryAfterSeconds: 0 };
}

/** The windows of every client address, in this process's memory (idle addresses are forgotten). */
export class AddressThrottle {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number = TICKET_FACE_LIMIT,
    readonly windowMs: number = TICKET_FACE_WINDOW_MS,
  ) {}

  /** Counts a lookup; throws 429 (RATE_LIMITED, retryAfterSeconds) past the limit. */
  hit(address: string, now: number = Date.now()): void {
    const verdict = slidingWindow(this.hits.get(address) ?? [], now, this.limit, this.windowMs);
    this.hits.set(address, verdict.hits);
    if (this.hits.size > 10_000) this.sweep(now);
    if (!verdict.allowed) throw new ApiError(ErrorCode.RATE_LIMITED, { retryAfterSeconds: verdict.retryAfterSeconds });
  }

  private sweep(now: number): void {
    for (const [address, hits] of this.hits) if (!hits.some((t) => t > now - this.windowMs)) this.hits.delete(address);
  }
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
