/**
 * What passenger information reads from the selection handed over by the flight results (contract/booking-draft.ts):
 * passenger counts, travel dates, the luggage routes and the money of the selection (integer VND).
 */
import type { PaxType } from '../../../contract/flights';
import type { BookingDraft, DraftFlight } from '../../../contract/booking-draft';
import { groupIntoPnrs } from '../../../contract/pnr-groups';

export type { BookingDraft, DraftFlight } from '../../../contract/booking-draft';
export { loadBookingDraft as loadDraft } from '../booking-draft';

/** Passenger counts of the selection (the first flight's price lines). */
export function countsOf(draft: BookingDraft): Record<PaxType, number> {
  const out: Record<PaxType, number> = { ADT: 0, CHD: 0, INF: 0 };
  for (const l of draft.flights[0]?.lines ?? []) out[l.paxType] = l.count;
  return out;
}

/** First travel date (yyyy-MM-dd): the ages of the types are taken on it. */
export function travelDateOf(draft: BookingDraft): string {
  return draft.flights.map((f) => f.offer.departDateTime.slice(0, 10)).sort()[0] ?? '';
}

/** Last travel date (yyyy-MM-dd, the last departure, as the gateway checks it): a passport must expire after it. */
export function lastTravelDateOf(draft: BookingDraft): string {
  return draft.flights.map((f) => f.offer.departDateTime.slice(0, 10)).sort().at(-1) ?? '';
}

/** Fare, tax and VAT of one flight for every passenger. */
export function flightFare(f: DraftFlight): number {
  return f.lines.reduce((acc, l) => acc + l.totalFare + l.totalTax + l.totalVat, 0);
}

/** Issue fees of one flight for every passenger. */
export function flightFees(f: DraftFlight): number {
  return f.lines.reduce((acc, l) => acc + l.totalIssueFee, 0);
}

/** A flight of the selection, named uniquely: its direction, or its leg on a multi-city journey ('leg-2'). */
export function flightKey(f: Pick<DraftFlight, 'direction' | 'leg'>): string {
  return f.leg !== undefined ? `leg-${f.leg}` : f.direction;
}

/** What a flight is called: "Chiều đi" / "Chiều về", or "Chặng 2" on a multi-city journey. */
export function flightLabel(t: (key: string, options?: Record<string, unknown>) => string, f: Pick<DraftFlight, 'direction' | 'leg'>): string {
  return f.leg !== undefined ? t('bookings.typeBook.leg', { n: f.leg }) : t(`bookings.typeBook.${f.direction}`);
}

/** The route a luggage list and a luggage choice belong to: one per flight of the selection. */
export interface LuggageRoute {
  type: DraftFlight['direction'];
  /** Multi-city: the leg number. */
  leg?: number;
  from: string;
  to: string;
  airline: string;
  /** Prepaid luggage is sold by the carrier's own channel only; a GDS fare (1A, 1B, 1G) carries its allowance. */
  sold: boolean;
}

export function luggageRoutesOf(draft: BookingDraft): LuggageRoute[] {
  return draft.flights.map((f) => ({
    type: f.direction, ...(f.leg !== undefined ? { leg: f.leg } : {}), from: f.offer.from, to: f.offer.to, airline: f.offer.airline, sold: f.offer.source === f.offer.airline,
  }));
}

export interface DraftTotals {
  fare: number;
  fees: number;
  luggage: number;
  total: number;
}

/**
 * Issue fees are per passenger and flight direction, as the selected-flight session shows them per side (spec
 * point 3) and as the gateway charges: a round trip on one carrier is one reference but two fees per passenger.
 */
export function draftFees(draft: BookingDraft): number {
  return draft.flights.reduce((acc, f) => acc + flightFees(f), 0);
}

/** The totals shown live on passenger information: fare + fees + luggage. */
export function draftTotals(draft: BookingDraft, luggage: number): DraftTotals {
  const fare = draft.flights.reduce((acc, f) => acc + flightFare(f), 0);
  const fees = draftFees(draft);
  return { fare, fees, luggage, total: fare + fees + luggage };
}

/** A reference the hold will create, shown as LOADING on the completed booking until the gateway answers. */
export interface PendingPnr {
  airline: string;
  source: string;
  /** from-to of the departure flown by this reference, else '' */
  dep: string;
  /** from-to of the return flown by this reference, else '' */
  ret: string;
}

/**
 * One reference per airline and source across the directions or legs (contract/pnr-groups.ts, as the gateway holds
 * them), in flight order; a reference flying several legs of a multi-city journey lists them ("HAN-SGN, DAD-HAN").
 */
export function pendingPnrsOf(draft: BookingDraft): PendingPnr[] {
  const ordered = [...draft.flights].sort((a, b) => a.offer.departDateTime.localeCompare(b.offer.departDateTime));
  return groupIntoPnrs(ordered.map((f) => ({ airline: f.offer.airline, source: f.offer.source, f }))).map((g) => {
    const od = (d: DraftFlight['direction']) => g.flights.filter(({ f }) => f.direction === d).map(({ f }) => `${f.offer.from}-${f.offer.to}`).join(', ');
    return { airline: g.airline, source: g.source, dep: od('depart'), ret: od('return') };
  });
}
