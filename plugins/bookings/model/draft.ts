/**
 * What passenger information reads from the selection handed over by the flight results (contract/booking-draft.ts):
 * passenger counts, travel dates, the luggage routes and the money of the selection (integer VND).
 */
import type { PaxType } from '../../../contract/flights';
import type { BookingDraft, DraftFlight } from '../../../contract/booking-draft';

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

/** The route a luggage list and a luggage choice belong to: one per flight of the selection. */
export interface LuggageRoute {
  type: DraftFlight['direction'];
  from: string;
  to: string;
  airline: string;
  /** Prepaid luggage is sold by the carrier's own channel only; a GDS fare (1A, 1B, 1G) carries its allowance. */
  sold: boolean;
}

export function luggageRoutesOf(draft: BookingDraft): LuggageRoute[] {
  return draft.flights.map((f) => ({ type: f.direction, from: f.offer.from, to: f.offer.to, airline: f.offer.airline, sold: f.offer.source === f.offer.airline }));
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

/** One reference per airline and source (the gateway holds one PNR per airline/source), in flight order. */
export function pendingPnrsOf(draft: BookingDraft): PendingPnr[] {
  const out: PendingPnr[] = [];
  for (const f of draft.flights) {
    let p = out.find((x) => x.airline === f.offer.airline && x.source === f.offer.source);
    if (!p) out.push((p = { airline: f.offer.airline, source: f.offer.source, dep: '', ret: '' }));
    p[f.direction === 'depart' ? 'dep' : 'ret'] = `${f.offer.from}-${f.offer.to}`;
  }
  return out;
}
