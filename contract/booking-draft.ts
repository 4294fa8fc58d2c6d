/**
 * The selection handed from the flight results (flights) to passenger information (bookings): the chosen
 * offers with their fare class and price detail, and what the search session says about the journey
 * (isInternational, requirePassport). It travels as router state and is kept in sessionStorage under
 * BOOKING_DRAFT_STORAGE_PREFIX + the search session id, so a reload of the passenger page still has it.
 * The price line and side types are the flight selection's own (spec point 3), one definition for both plugins.
 */
import type { FlightOffer, PaxType } from './flights';

/** A side of a round trip. */
export type Side = 'depart' | 'return';

/** One passenger type's price on one flight: per passenger and times the count (integer VND). */
export interface PriceDetailLine {
  paxType: PaxType;
  count: number;
  /** Per passenger. */
  fare: number;
  tax: number;
  vat: number;
  issueFee: number;
  /** Per passenger × count. */
  totalFare: number;
  totalTax: number;
  totalVat: number;
  totalIssueFee: number;
  total: number;
}

/** One chosen flight: the offer, the booking class and its price detail. */
export interface DraftFlight {
  /** 'depart' for every leg of a multi-city journey. */
  direction: Side;
  offer: FlightOffer;
  class: string;
  lines: PriceDetailLine[];
  /** Multi-city: the leg number (1-based, in the order of the search's legs). */
  leg?: number;
  /** Multi-city: the leg's own one-way search session, which holds its offer. */
  sessionId?: string;
}

export interface BookingDraft {
  /** The search session (multi-city: the first leg's); the draft is kept under it. */
  sessionId: string;
  /** depart first, then return on a round trip; the legs in order on a multi-city journey. */
  flights: DraftFlight[];
  isInternational: boolean;
  /** Passport details are required for every passenger (international journeys). */
  requirePassport: boolean;
}

export const BOOKING_DRAFT_STORAGE_PREFIX = 'bookingDraft:';

/** Is this a usable draft of that search session? */
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
