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

export const SORT_OPTIONS = ['U_BEST_PRICE', 'U_HIGHEST_PRICE', 'U_EARLIEST_FLIGHT', 'U_FASTEST_FLIGHT'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: SortOption = 'U_BEST_PRICE';

/** The price select: basic price (fare only) or full price (fare + tax + VAT). */
export const PRICE_MODES = ['BASIC', 'FULL'] as const;
export type PriceMode = (typeof PRICE_MODES)[number];
export const DEFAULT_PRICE_MODE: PriceMode = 'FULL';

export function fareClassPrice(p: PriceInfo, mode: PriceMode = DEFAULT_PRICE_MODE): number {
  return mode === 'BASIC' ? p.fareADT : p.fareADT + p.taxADT + p.vatADT;
}

export function hasNoSeat(offer: FlightOffer): boolean {
  return offer.priceInfo.every((p) => p.seatAvailable === 0);
}

/** The offers sent to the end of every sort: VJ with no available seats. */
export function isSoldOutVj(offer: FlightOffer): boolean {
  return offer.airline === 'VJ' && hasNoSeat(offer);
}

/** The fare class shown for an offer: the cheapest with seats, else the cheapest. */
export function cheapestFareClass(offer: FlightOffer, mode: PriceMode = DEFAULT_PRICE_MODE): PriceInfo {
  const open = offer.priceInfo.filter((p) => p.seatAvailable > 0);
  const pool = open.length ? open : offer.priceInfo;
  return pool.reduce((best, p) => (fareClassPrice(p, mode) < fareClassPrice(best, mode) ? p : best));
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

/** A sorted copy; the input is not changed. */
export function sortOffers(offers: readonly FlightOffer[], sort: SortOption = DEFAULT_SORT, mode: PriceMode = DEFAULT_PRICE_MODE): FlightOffer[] {
  return [...offers].sort(compareOffers(sort, mode));
}

/** Thousands of VND, rounded: 1 250 000 → 1250. */
export function toFareDisplay(fareAmount: number): number {
  return Math.round(fareAmount / 1000);
}

/** The cheapest-booking summary of one route and day ('YYYY-MM-DD'), or null when nothing can be sold. */
export function cheapestBookingSummary(
  offers: readonly FlightOffer[], route: string, date: string, mode: PriceMode = DEFAULT_PRICE_MODE,
): CheapestBookingDay | null {
  const prices = offers.filter((o) => !isSoldOutVj(o)).map((o) => offerPrice(o, mode));
  if (!prices.length) return null;
  const fareAmount = Math.min(...prices);
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
