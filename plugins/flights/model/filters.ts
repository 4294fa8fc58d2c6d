/**
 * Result filters of spec point 4: "Filters (held per direction): Price; flight (all, direct = 0 stops, transit =
 * 1 or more stops); utilities; cabin classes; airlines; GDS systems; departure and arrival time bands. Time bands:
 * 60 (00:00–06:00), 120 (06:00–12:00), 180 (12:00–18:00), 240 (18:00–24:00). Reset sets direct-only."
 * "Default is full fare, all flights, best price." And two rules of spec point 5 that always apply:
 * "Flights of carrier QH are hidden when departure is less than 1 day from now." and
 * "The VN carrier's list shows only the VN code itself."
 *
 * Definitions used here:
 * - Empty selections (airlines, cabins, systems, bands, utilities) and a null price range mean "no limit".
 * - A band is [start, end): 06:00 is in 120, 05:59 in 60, 23:59 in 240. Times are the airports' local times.
 * - Cabin classes and utilities are properties of a fare class: an offer passes when at least one of its fare
 *   classes has a selected cabin and every selected utility. The price range (inclusive, in the price select's
 *   mode) is checked against the offer's price among those matching classes. Offers are returned unchanged.
 * - Utilities: BAGGAGE_INCLUDED (free checked baggage > 0 pieces or kg), REFUNDABLE, CHANGEABLE.
 * - GDS systems limit only GDS offers (source 1A, 1B, 1G): a carrier-channel offer is not a GDS offer and is
 *   left to the airline filter.
 * - QH: airline QH and departure − now < QH_CUTOFF_DAYS × 24 h (exactly 24 h is shown; past flights are hidden).
 * - VN list: an offer from source VN whose airline is not VN is dropped.
 * - "Completed sign-in tasks count up to the number of sign-ins": each source search that finishes counts one,
 *   never past the number of sign-ins searched (`completeSignInTask`).
 * - The airline list and the filter options are derived from the offers given (pass the offers that remain
 *   after the always-on rules, `applyAlwaysOnRules`).
 */
import { QH_CUTOFF_DAYS } from '../../../contract/constants';
import { localToUtc, VIETNAM_TIME_ZONE } from '../../../contract/business-day';
import type { AirlineListEntry, FlightOffer, PriceInfo } from '../../../contract/flights';
import { CABIN_CLASSES, GDS_SYSTEMS, type CabinClass } from '../../../contract/flights-rules';
import { DEFAULT_PRICE_MODE, fareClassPrice, offerPrice, type PriceMode } from './sorting';

export const FLIGHT_KINDS = ['ALL', 'DIRECT', 'TRANSIT'] as const;
export type FlightKind = (typeof FLIGHT_KINDS)[number];

export const TIME_BANDS = [60, 120, 180, 240] as const;
export type TimeBand = (typeof TIME_BANDS)[number];
/** Start and end hour of each band, end excluded. */
export const TIME_BAND_HOURS: Record<TimeBand, readonly [number, number]> = { 60: [0, 6], 120: [6, 12], 180: [12, 18], 240: [18, 24] };

export const UTILITIES = ['BAGGAGE_INCLUDED', 'REFUNDABLE', 'CHANGEABLE'] as const;
export type Utility = (typeof UTILITIES)[number];

export type GdsSystem = (typeof GDS_SYSTEMS)[number];

export interface PriceRange {
  min: number;
  max: number;
}

export interface FlightFilters {
  price: PriceRange | null;
  flight: FlightKind;
  utilities: Utility[];
  cabinClasses: CabinClass[];
  airlines: string[];
  systems: GdsSystem[];
  departureTimes: TimeBand[];
  arrivalTimes: TimeBand[];
}

export type Direction = 'depart' | 'return';
export type DirectionFilters = Record<Direction, FlightFilters>;

export const DEFAULT_FILTERS: FlightFilters = {
  price: null, flight: 'ALL', utilities: [], cabinClasses: [], airlines: [], systems: [], departureTimes: [], arrivalTimes: [],
};

export function initialFilters(): FlightFilters {
  return { ...DEFAULT_FILTERS };
}

/** "Reset sets direct-only": every other filter back to its default. */
export function resetFilters(): FlightFilters {
  return { ...DEFAULT_FILTERS, flight: 'DIRECT' };
}

export function initialDirectionFilters(): DirectionFilters {
  return { depart: initialFilters(), return: initialFilters() };
}

/** The band of a 'YYYY-MM-DDTHH:mm' time. */
export function timeBandOf(dateTime: string): TimeBand {
  // the bands start on whole hours, so the hour decides; read from the characters (no split, no allocation)
  const hour = (dateTime.charCodeAt(11) - 48) * 10 + (dateTime.charCodeAt(12) - 48);
  for (const b of TIME_BANDS) {
    if (hour >= TIME_BAND_HOURS[b][0] && hour < TIME_BAND_HOURS[b][1]) return b;
  }
  return 240;
}

export function isGdsSource(source: string): source is GdsSystem {
  return (GDS_SYSTEMS as readonly string[]).includes(source);
}

export function matchesFlightKind(offer: FlightOffer, kind: FlightKind): boolean {
  if (kind === 'DIRECT') return offer.numberOfStop === 0;
  if (kind === 'TRANSIT') return offer.numberOfStop >= 1;
  return true;
}

export function hasUtility(p: PriceInfo, utility: Utility): boolean {
  if (utility === 'BAGGAGE_INCLUDED') return p.freeBaggage.pieces > 0 || p.freeBaggage.weightKg > 0;
  if (utility === 'REFUNDABLE') return p.fareInfo.refundable;
  return p.fareInfo.changeable;
}

/** The fare classes of an offer that have a selected cabin and every selected utility. */
export function matchingFareClasses(offer: FlightOffer, filters: Pick<FlightFilters, 'cabinClasses' | 'utilities'>): PriceInfo[] {
  return offer.priceInfo.filter((p) => classMatches(p, filters));
}

function classMatches(p: PriceInfo, filters: Pick<FlightFilters, 'cabinClasses' | 'utilities'>): boolean {
  if (filters.cabinClasses.length && !filters.cabinClasses.includes(p.fareInfo.cabinClass)) return false;
  for (const u of filters.utilities) if (!hasUtility(p, u)) return false;
  return true;
}

/** Whether one offer passes the user's filters. */
export function matchesFilters(offer: FlightOffer, filters: FlightFilters, mode: PriceMode = DEFAULT_PRICE_MODE): boolean {
  if (!matchesFlightKind(offer, filters.flight)) return false;
  if (filters.airlines.length && !filters.airlines.includes(offer.airline)) return false;
  if (filters.systems.length && isGdsSource(offer.source) && !filters.systems.includes(offer.source)) return false;
  if (filters.departureTimes.length && !filters.departureTimes.includes(timeBandOf(offer.departDateTime))) return false;
  if (filters.arrivalTimes.length && !filters.arrivalTimes.includes(timeBandOf(offer.arrivalDateTime))) return false;
  // the matching fare classes and, for the price range, their lowest price (with seats first) in one pass
  let matched = false;
  let open = Infinity;
  let any = Infinity;
  for (const p of offer.priceInfo) {
    if (!classMatches(p, filters)) continue;
    matched = true;
    if (!filters.price) break;
    const price = fareClassPrice(p, mode);
    if (price < any) any = price;
    if (p.seatAvailable > 0 && price < open) open = price;
  }
  if (!matched) return false;
  if (filters.price) {
    const price = open === Infinity ? any : open;
    if (price < filters.price.min || price > filters.price.max) return false;
  }
  return true;
}

/** QH flights departing less than QH_CUTOFF_DAYS from now are hidden. */
export function isHiddenQh(offer: FlightOffer, now: Date | string | number): boolean {
  if (offer.airline !== 'QH') return false;
  return vietnamInstant(offer.departDateTime) - vietnamInstant(now) < QH_CUTOFF_DAYS * 24 * 60 * 60 * 1000;
}

/** UTC ms of an instant, or of a zone-less local date-time read on the Vietnam clock (whatever the browser's zone). */
function vietnamInstant(value: Date | string | number): number {
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value.trim());
  if (!m) return new Date(value).getTime();
  return localToUtc(m[1], Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0), VIETNAM_TIME_ZONE);
}

/** The VN carrier's list shows only VN itself. */
export function isForeignOnVnList(offer: FlightOffer): boolean {
  return offer.source === 'VN' && offer.airline !== 'VN';
}

export function applyAlwaysOnRules(offers: readonly FlightOffer[], now: Date | string | number): FlightOffer[] {
  return offers.filter((o) => !isHiddenQh(o, now) && !isForeignOnVnList(o));
}

/** The always-on rules, then the user's filters. Order is kept. */
export function applyFilters(
  offers: readonly FlightOffer[], filters: FlightFilters, now: Date | string | number, mode: PriceMode = DEFAULT_PRICE_MODE,
): FlightOffer[] {
  return offers.filter((o) => !isHiddenQh(o, now) && !isForeignOnVnList(o) && matchesFilters(o, filters, mode));
}

/** Airline list entries: one per airline, with its name and lowest offer price, cheapest first. */
export function airlineList(offers: readonly FlightOffer[], mode: PriceMode = DEFAULT_PRICE_MODE): AirlineListEntry[] {
  const byCode = new Map<string, AirlineListEntry>();
  for (const o of offers) {
    const price = offerPrice(o, mode);
    const seen = byCode.get(o.airline);
    if (seen) {
      if (price < seen.lowestPrice) seen.lowestPrice = price;
      continue;
    }
    const segment = o.routeInfo.find((r) => r.carrierCode === o.airline);
    byCode.set(o.airline, { airlineCode: o.airline, airlineName: segment?.carrierName ?? o.airline, lowestPrice: price });
  }
  return [...byCode.values()].sort((a, b) => a.lowestPrice - b.lowestPrice || (a.airlineCode < b.airlineCode ? -1 : 1));
}

export interface FilterOptions {
  airlines: AirlineListEntry[];
  cabinClasses: CabinClass[];
  systems: GdsSystem[];
  price: PriceRange | null;
  departureTimes: TimeBand[];
  arrivalTimes: TimeBand[];
}

/** What the filter panel offers for a list of results. */
export function filterOptions(offers: readonly FlightOffer[], mode: PriceMode = DEFAULT_PRICE_MODE): FilterOptions {
  const cabins = new Set<CabinClass>();
  const sources = new Set<string>();
  const dep = new Set<TimeBand>();
  const arr = new Set<TimeBand>();
  let min = Infinity;
  let max = -Infinity;
  for (const o of offers) {
    for (const p of o.priceInfo) cabins.add(p.fareInfo.cabinClass);
    sources.add(o.source);
    const price = offerPrice(o, mode);
    if (price < min) min = price;
    if (price > max) max = price;
    dep.add(timeBandOf(o.departDateTime));
    arr.add(timeBandOf(o.arrivalDateTime));
  }
  return {
    airlines: airlineList(offers, mode),
    cabinClasses: CABIN_CLASSES.filter((c) => cabins.has(c)),
    systems: GDS_SYSTEMS.filter((s) => sources.has(s)),
    price: offers.length ? { min, max } : null,
    departureTimes: TIME_BANDS.filter((b) => dep.has(b)),
    arrivalTimes: TIME_BANDS.filter((b) => arr.has(b)),
  };
}

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

export type FiltersAction =
  | { type: 'SET_PRICE'; direction: Direction; price: PriceRange | null }
  | { type: 'SET_FLIGHT'; direction: Direction; flight: FlightKind }
  | { type: 'TOGGLE_UTILITY'; direction: Direction; value: Utility }
  | { type: 'TOGGLE_CABIN_CLASS'; direction: Direction; value: CabinClass }
  | { type: 'TOGGLE_AIRLINE'; direction: Direction; value: string }
  | { type: 'TOGGLE_SYSTEM'; direction: Direction; value: GdsSystem }
  | { type: 'TOGGLE_DEPARTURE_TIME'; direction: Direction; value: TimeBand }
  | { type: 'TOGGLE_ARRIVAL_TIME'; direction: Direction; value: TimeBand }
  | { type: 'RESET_FILTERS'; direction: Direction }
  | { type: 'RESET' };

function updateFilters(f: FlightFilters, action: Exclude<FiltersAction, { type: 'RESET' }>): FlightFilters {
  switch (action.type) {
    case 'SET_PRICE': return { ...f, price: action.price };
    case 'SET_FLIGHT': return { ...f, flight: action.flight };
    case 'TOGGLE_UTILITY': return { ...f, utilities: toggle(f.utilities, action.value) };
    case 'TOGGLE_CABIN_CLASS': return { ...f, cabinClasses: toggle(f.cabinClasses, action.value) };
    case 'TOGGLE_AIRLINE': return { ...f, airlines: toggle(f.airlines, action.value) };
    case 'TOGGLE_SYSTEM': return { ...f, systems: toggle(f.systems, action.value) };
    case 'TOGGLE_DEPARTURE_TIME': return { ...f, departureTimes: toggle(f.departureTimes, action.value) };
    case 'TOGGLE_ARRIVAL_TIME': return { ...f, arrivalTimes: toggle(f.arrivalTimes, action.value) };
    case 'RESET_FILTERS': return resetFilters();
    default: return f;
  }
}

/** Filters held per direction. RESET_FILTERS is the panel's reset (direct-only); RESET is the client-wide reset. */
export function filtersReducer(state: DirectionFilters, action: FiltersAction): DirectionFilters {
  if (action.type === 'RESET') return initialDirectionFilters();
  return { ...state, [action.direction]: updateFilters(state[action.direction], action) };
}

/** One more finished sign-in (source) search, capped at the number of sign-ins. */
export function completeSignInTask(completed: number, signInCount: number): number {
  return Math.max(0, Math.min(completed + 1, signInCount));
}
