/**
 * Search sorting of spec point 4: "Options: best price, highest price, earliest flight, fastest flight. Default
 * is full fare, all flights, best price. VJ results with no available seats go to the end. Ties are broken by
 * fewer legs, then by departure time. Best-price sort updates the cheapest-booking summary."
 * Spec point 9: "basic price, full price ... and four sorts prefixed U_ (names not shown)".
 *
 * Definitions used here:
 * - The price of a fare class is fareADT (basic) or fareADT + taxADT + vatADT (full), per adult, integer VND.
 * - The price of an offer is its cheapest fare class that has seats; when no class has seats, its cheapest class.
 * - "No available seats": every priceInfo of the offer has seatAvailable 0. Only VJ offers are moved to the end.
 * - Legs: numberOfStop, then the number of routeInfo segments. Departure time: departDateTime.
 * - Equal on every key keeps the input order (the sort is stable).
 * - The cheapest-booking summary of a day is the lowest offer price among offers that can be sold (VJ offers
 *   with no seats are left out), with fareDisplay = round(fareAmount / 1000) (K units). A new summary replaces
 *   the stored one for the same route and day.
 */
import dayjs from 'dayjs';
import type { CheapestBookingDay, FlightOffer, PriceInfo } from '../../../contract/flights';
import { DEFAULT_PRICE_MODE, fareClassPrice, PRICE_MODES, summaryPrice, type PriceMode } from '../../../contract/flights-rules';

export const SORT_OPTIONS = ['U_BEST_PRICE', 'U_HIGHEST_PRICE', 'U_EARLIEST_FLIGHT', 'U_FASTEST_FLIGHT'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: SortOption = 'U_BEST_PRICE';

/** The price select: basic price (fare only) or full price (fare + tax + VAT). */
export { DEFAULT_PRICE_MODE, fareClassPrice, PRICE_MODES, type PriceMode };

export function hasNoSeat(offer: FlightOffer): boolean {
  return offer.priceInfo.every((p) => p.seatAvailable === 0);
}

/** The offers sent to the end of every sort: VJ with no available seats. */
export function isSoldOutVj(offer: FlightOffer): boolean {
  return offer.airline === 'VJ' && hasNoSeat(offer);
}

/**
 * The cheapest class of each offer, per price mode, remembered per offer object: the list is sorted,
 * filtered and summarised again on every change while its offers stay the same. Offers are read-only once
 * received (a changed offer is a new object).
 */
const cheapestByMode: Record<PriceMode, WeakMap<FlightOffer, PriceInfo>> = { BASIC: new WeakMap(), FULL: new WeakMap() };

/** The fare class shown for an offer: the cheapest with seats, else the cheapest (the first of equal ones). */
export function cheapestFareClass(offer: FlightOffer, mode: PriceMode = DEFAULT_PRICE_MODE): PriceInfo {
  const cache = mode === 'BASIC' ? cheapestByMode.BASIC : cheapestByMode.FULL;
  const known = cache.get(offer);
  if (known) return known;
  let best = offer.priceInfo[0];
  let bestPrice = Infinity;
  let bestOpen = false;
  for (const p of offer.priceInfo) {
    const open = p.seatAvailable > 0;
    if (bestOpen && !open) continue;
    const price = fareClassPrice(p, mode);
    if ((open && !bestOpen) || price < bestPrice) {
      best = p;
      bestPrice = price;
      bestOpen = open;
    }
  }
  if (best) cache.set(offer, best);
  return best;
}

export function offerPrice(offer: FlightOffer, mode: PriceMode = DEFAULT_PRICE_MODE): number {
  return fareClassPrice(cheapestFareClass(offer, mode), mode);
}

const byPrimary: Record<SortOption, (a: FlightOffer, b: FlightOffer, mode: PriceMode) => number> = {
  U_BEST_PRICE: (a, b, mode) => offerPrice(a, mode) - offerPrice(b, mode),
  U_HIGHEST_PRICE: (a, b, mode) => offerPrice(b, mode) - offerPrice(a, mode),
  U_EARLIEST_FLIGHT: (a, b) => compareText(a.departDateTime, b.departDateTime),
  U_FASTEST_FLIGHT: (a, b) => a.totalTimeDuring - b.totalTimeDuring,
};

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The comparator of a sort: sold-out VJ last, the sort key, then fewer legs, then departure time. */
export function compareOffers(sort: SortOption = DEFAULT_SORT, mode: PriceMode = DEFAULT_PRICE_MODE) {
  return (a: FlightOffer, b: FlightOffer): number =>
    Number(isSoldOutVj(a)) - Number(isSoldOutVj(b))
    || byPrimary[sort](a, b, mode)
    || a.numberOfStop - b.numberOfStop
    || a.routeInfo.length - b.routeInfo.length
    || compareText(a.departDateTime, b.departDateTime);
}

/** An offer with its sort keys worked out once (the comparator would otherwise price it at every comparison). */
interface Keyed {
  offer: FlightOffer;
  soldOut: number;
  num: number;
  legs: number;
  departs: number;
}

/**
 * 'YYYY-MM-DDTHH:mm' as the number YYYYMMDDHHmm, which orders like the text. Anything else (not the contract's
 * format) gives NaN, and the comparator then falls back to comparing the text.
 */
export function departureKey(dateTime: string): number {
  if (dateTime.length !== 16) return NaN;
  let n = 0;
  for (let i = 0; i < 16; i += 1) {
    if (i === 4 || i === 7 || i === 10 || i === 13) continue;
    const d = dateTime.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    n = n * 10 + d;
  }
  return n;
}

function keyOf(offer: FlightOffer, sort: SortOption, mode: PriceMode): Keyed {
  const departs = departureKey(offer.departDateTime);
  const keyed = { offer, soldOut: Number(isSoldOutVj(offer)), num: 0, legs: offer.routeInfo.length, departs };
  if (sort === 'U_BEST_PRICE') keyed.num = offerPrice(offer, mode);
  else if (sort === 'U_HIGHEST_PRICE') keyed.num = -offerPrice(offer, mode);
  else if (sort === 'U_FASTEST_FLIGHT') keyed.num = offer.totalTimeDuring;
  else keyed.num = departs;
  return keyed;
}

function compareDeparture(a: Keyed, b: Keyed): number {
  const d = a.departs - b.departs;
  return Number.isNaN(d) ? compareText(a.offer.departDateTime, b.offer.departDateTime) : d;
}

/**
 * A sorted copy; the input is not changed. The same order as `compareOffers` (sold-out VJ last, the sort key,
 * fewer legs, departure time, then input order), with each offer's keys computed once.
 */
export function sortOffers(offers: readonly FlightOffer[], sort: SortOption = DEFAULT_SORT, mode: PriceMode = DEFAULT_PRICE_MODE): FlightOffer[] {
  const keyed = offers.map((o) => keyOf(o, sort, mode));
  keyed.sort((a, b) => a.soldOut - b.soldOut
    || (sort === 'U_EARLIEST_FLIGHT' ? compareDeparture(a, b) : a.num - b.num)
    || a.offer.numberOfStop - b.offer.numberOfStop
    || a.legs - b.legs
    || compareDeparture(a, b));
  return keyed.map((k) => k.offer);
}

/** Thousands of VND, rounded: 1 250 000 → 1250. */
export function toFareDisplay(fareAmount: number): number {
  return Math.round(fareAmount / 1000);
}

/** The cheapest-booking summary of one route and day ('YYYY-MM-DD'), or null when nothing can be sold. */
export function cheapestBookingSummary(
  offers: readonly FlightOffer[], route: string, date: string, mode: PriceMode = DEFAULT_PRICE_MODE,
): CheapestBookingDay | null {
  let fareAmount = Infinity;
  for (const o of offers) {
    if (isSoldOutVj(o)) continue;
    const price = summaryPrice(o, mode);
    if (price !== null && price < fareAmount) fareAmount = price;
  }
  if (fareAmount === Infinity) return null;
  const d = dayjs(date);
  return { day: d.date(), month: d.month() + 1, year: d.year(), route, fareAmount, fareDisplay: toFareDisplay(fareAmount) };
}

const sameDay = (a: CheapestBookingDay, b: CheapestBookingDay) =>
  a.route === b.route && a.year === b.year && a.month === b.month && a.day === b.day;

/** Puts a day's summary into the list, replacing the one of the same route and day. */
export function upsertCheapestBookingDay(list: readonly CheapestBookingDay[], entry: CheapestBookingDay): CheapestBookingDay[] {
  const i = list.findIndex((d) => sameDay(d, entry));
  if (i < 0) return [...list, entry];
  return list.map((d, j) => (j === i ? entry : d));
}

/**
 * Sorts, and for the best-price sort also updates the cheapest-booking summary of the searched route and day.
 * Other sorts return the summaries unchanged (same array).
 */
export function sortWithSummary(
  offers: readonly FlightOffer[],
  options: { sort?: SortOption; priceMode?: PriceMode; route: string; date: string },
  summaries: readonly CheapestBookingDay[],
): { offers: FlightOffer[]; summaries: readonly CheapestBookingDay[] } {
  const sort = options.sort ?? DEFAULT_SORT;
  const mode = options.priceMode ?? DEFAULT_PRICE_MODE;
  const sorted = sortOffers(offers, sort, mode);
  if (sort !== 'U_BEST_PRICE') return { offers: sorted, summaries };
  const entry = cheapestBookingSummary(offers, options.route, options.date, mode);
  return { offers: sorted, summaries: entry ? upsertCheapestBookingDay(summaries, entry) : summaries };
}

/** The route key of a summary: 'HAN-SGN'. */
export function routeKey(from: string, to: string): string {
  return `${from}-${to}`;
}
