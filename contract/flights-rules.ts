/**
 * The flight contract's constants and pure rules, without a schema: the sources, passenger types, cabin classes,
 * journey and search types, and how a class and a day are priced. What the signed-in shell and the home's search
 * panel need of the flight contract, without zod; flights.ts re-exports all of it beside the schemas.
 */
import type { FlightOffer, PriceInfo } from './flights';

export const AIRLINES_DOMESTIC = ['VN', 'QH', 'VJ', 'VU'] as const;
export const GDS_SYSTEMS = ['1A', '1B', '1G'] as const;
/** Search sources (sign-in systems) of spec point 9 that the reference gateway simulates. */
export const SOURCES = ['VN', 'VJ', 'QH', 'VU', '1A', '1B', '1G'] as const;
export const PAX_TYPES = ['ADT', 'CHD', 'INF'] as const;
export const CABIN_CLASSES = ['ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS', 'FIRST'] as const;
export const JOURNEY_TYPES = ['OW', 'RT', 'MC'] as const;
/** Search type: BP (best price, the default of spec point 9) or FC (fare calendar / flexible). */
export const SEARCH_TYPES = ['BP', 'FC'] as const;

export type Source = (typeof SOURCES)[number];
export type PaxType = (typeof PAX_TYPES)[number];
export type CabinClass = (typeof CABIN_CLASSES)[number];
export type JourneyType = (typeof JOURNEY_TYPES)[number];

/** How the results price a class for one adult: the basic fare, or the full price (fare, tax and VAT). */
export const PRICE_MODES = ['BASIC', 'FULL'] as const;
export type PriceMode = (typeof PRICE_MODES)[number];
export const DEFAULT_PRICE_MODE: PriceMode = 'FULL';

/** The adult price of a class in a price mode, as the result list shows it. */
export function fareClassPrice(p: Pick<PriceInfo, 'fareADT' | 'taxADT' | 'vatADT'>, mode: PriceMode = DEFAULT_PRICE_MODE): number {
  return mode === 'BASIC' ? p.fareADT : p.fareADT + p.taxADT + p.vatADT;
}

/**
 * The price a day's summary takes from one offer: its lowest positive class price (in the list's price mode)
 * among classes with seats; null when no class with seats has a price above 0 (zero-fare promotion classes
 * in basic mode never make a day look free).
 */
export function summaryPrice(offer: Pick<FlightOffer, 'priceInfo'>, mode: PriceMode = DEFAULT_PRICE_MODE): number | null {
  let lowest = Infinity;
  for (const p of offer.priceInfo) {
    if (p.seatAvailable <= 0) continue;
    const price = fareClassPrice(p, mode);
    if (price > 0 && price < lowest) lowest = price;
  }
  return Number.isFinite(lowest) ? lowest : null;
}
