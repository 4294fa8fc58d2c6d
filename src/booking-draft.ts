/**
 * The selection handed from the flight results to passenger information: the chosen offers with their fare
 * class and price detail, and what the search session says about the journey (isInternational,
 * requirePassport). The flights plugin builds it, the bookings plugin reads it; it travels as router state
 * and is kept in sessionStorage per search session id, so a reload of the passenger page still has it.
 * Plugins never import each other: this file is the one place both sides know.
 */
import type { FlightOffer, PaxType } from '../contract/flights';

export type DraftDirection = 'depart' | 'return';

/** One passenger type's price on one flight: per passenger and times the count (integer VND). */
export interface DraftPriceLine {
  paxType: PaxType;
  count: number;
  fare: number;
  tax: number;
  vat: number;
  issueFee: number;
  totalFare: number;
  totalTax: number;
  totalVat: number;
  totalIssueFee: number;
  total: number;
}

/** One chosen flight: the offer, the booking class and its price detail. */
export interface DraftFlight {
  direction: DraftDirection;
  offer: FlightOffer;
  class: string;
  lines: DraftPriceLine[];
}

export interface BookingDraft {
  sessionId: string;
  /** depart first, then return on a round trip. */
  flights: DraftFlight[];
  isInternational: boolean;
  /** Passport details are required for every passenger (international journeys). */
  requirePassport: boolean;
}

const KEY = 'bookingDraft:';

export function saveBookingDraft(draft: BookingDraft, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(KEY + draft.sessionId, JSON.stringify(draft));
  } catch {
    // storage full or unavailable: router state still carries the draft
  }
}

export function isBookingDraft(value: unknown, sessionId: string): value is BookingDraft {
  const d = value as BookingDraft | null;
  return (
    !!d &&
    d.sessionId === sessionId &&
    typeof d.requirePassport === 'boolean' &&
    Array.isArray(d.flights) &&
    d.flights.length > 0 &&
    d.flights.every((f) => !!f?.offer?.id && typeof f.class === 'string' && Array.isArray(f.lines) && f.lines.length > 0)
  );
}

/** The draft of a search session: router state first, else sessionStorage; null when neither has it. */
export function loadBookingDraft(sessionId: string, state: unknown, storage: Storage = sessionStorage): BookingDraft | null {
  const fromState = (state as { draft?: unknown } | null)?.draft;
  if (isBookingDraft(fromState, sessionId)) return fromState;
  try {
    const raw = storage.getItem(KEY + sessionId);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isBookingDraft(parsed, sessionId) ? parsed : null;
  } catch {
    return null;
  }
}
