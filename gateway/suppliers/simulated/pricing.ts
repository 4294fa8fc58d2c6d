/**
 * Fares, taxes, VAT and seats of one itinerary. All money is integer VND: fares are rounded down to
 * thousands, charges are table figures, VAT is rounded to the dong.
 */
import type { Baggage, PaxType, PriceInfo, Source } from '../../../contract/flights';
import {
  AIRPORTS,
  ALL_ECONOMY_AIRCRAFT,
  CARRIERS,
  CARRIER_PRICE_FACTOR,
  CLASS_FARE_FACTORS,
  CONNECTION_FARE_FACTOR,
  DOMESTIC_CHARGES,
  DOMESTIC_FARE_CEILINGS,
  FARE_FAMILIES,
  GDS_FARE_BASIS_SUFFIX,
  GDS_PRICE_FACTOR,
  INTERNATIONAL_DEPARTURE_CHARGES,
  INTERNATIONAL_FARE_SCALE,
  LONG_HAUL_BUSINESS_BOOST,
  LOW_COST_INTERNATIONAL_FACTOR,
  PAX_FARE_RULES,
  ROUND_TRIP_FACTOR,
  TRANSIT_CHARGE_SHARE,
  VN_CLASS_GROUP_OF,
  WIDEBODY_AIRCRAFT,
  type BaggageAllowance,
  type FareFamily,
  type PaxFareRule,
} from '../reference-data';
import { Rand } from './random';
import { distanceKm, type Flight } from './schedule';

/** Carriers with their own family table; the others use the FOREIGN table. */
const familyTableKey = (airline: string): string => (FARE_FAMILIES[airline] ? airline : 'FOREIGN');

export function fareFamiliesOf(airline: string): readonly FareFamily[] {
  return FARE_FAMILIES[familyTableKey(airline)];
}

export function familyOfClass(airline: string, bookingClass: string): FareFamily | undefined {
  return fareFamiliesOf(airline).find((f) => f.classes.includes(bookingClass));
}

export function paxFareRule(airline: string): PaxFareRule {
  return PAX_FARE_RULES[airline] ?? PAX_FARE_RULES.FOREIGN;
}

/** Economy fare ceiling of a domestic flight of this distance. */
export function domesticCeiling(km: number): number {
  const band = DOMESTIC_FARE_CEILINGS.find((b) => km >= b.fromKm && km < b.toKm) ?? DOMESTIC_FARE_CEILINGS[DOMESTIC_FARE_CEILINGS.length - 1];
  return band.ceiling;
}

const floorThousand = (n: number): number => Math.max(0, Math.floor(n / 1000) * 1000);

/**
 * One frozen object per distinct value: the baggage and fare-info parts of the fare classes repeat across the
 * offers (a few dozen distinct values for hundreds of thousands of classes in the offers cache), so each class
 * refers to the shared one instead of a copy of its own. Keyed by the value's JSON, which is its whole content.
 */
const interned = new Map<string, object>();
function intern<T extends object>(value: T): T {
  const key = JSON.stringify(value);
  let shared = interned.get(key) as T | undefined;
  if (!shared) {
    shared = Object.freeze(value);
    // a bound for safety: the values come from the fare families' reference data, so there are only a few
    if (interned.size >= 10_000) interned.clear();
    interned.set(key, shared);
  }
  return shared;
}

export function describeBaggage(b: BaggageAllowance, kind: 'hand' | 'checked'): Baggage {
  if (kind === 'hand') return intern({ pieces: 1, weightKg: b.handKg, description: `${b.handKg}kg` });
  if (b.checkedPieces === 0) return intern({ pieces: 0, weightKg: 0, description: '0kg' });
  return intern({
    pieces: b.checkedPieces,
    weightKg: b.checkedKg,
    description: b.checkedPieces === 1 ? `${b.checkedKg}kg` : `${b.checkedPieces}x${b.checkedKg}kg`,
  });
}

export interface PricingInput {
  source: Source;
  airline: string;
  segments: Flight[];
  /** Round-trip fare sold with the opposite direction (GDS combined fares). */
  roundTrip: boolean;
  vatPercent: number;
}

/** A priced class with the base seat count of each segment (before the inventory adjustment). */
export interface DraftPrice {
  price: PriceInfo;
  segmentSeats: number[];
}

/** Families sold on this itinerary. */
function familiesFor(airline: string, segments: Flight[], international: boolean): FareFamily[] {
  const widebody = segments.every((s) => WIDEBODY_AIRCRAFT.includes(s.aircraft));
  const trunk = segments.every((s) => s.trunk);
  const noBusiness = segments.some((s) => ALL_ECONOMY_AIRCRAFT.includes(s.aircraft));
  return fareFamiliesOf(airline).filter((f) => {
    if (noBusiness && f.cabin !== 'ECONOMY') return false;
    if (f.availability === 'WIDEBODY') return widebody;
    if (f.availability === 'TRUNK_OR_INTERNATIONAL') return trunk || international;
    return true;
  });
}

/** Taxes and charges of the itinerary for one passenger type. */
export function chargesFor(segments: Flight[], paxType: PaxType, domestic: boolean): number {
  let total = 0;
  segments.forEach((segment, index) => {
    const airport = AIRPORTS[segment.from];
    if (domestic) {
      total += DOMESTIC_CHARGES.passengerService[airport.chargeGroup ?? 'B'][paxType] + DOMESTIC_CHARGES.security[paxType];
      return;
    }
    if (paxType === 'INF') return;
    const charges = INTERNATIONAL_DEPARTURE_CHARGES[airport.country] ?? { passengerService: 500_000, security: 0 };
    const full = charges.passengerService + charges.security;
    total += index === 0 ? full : floorThousand(full * TRANSIT_CHARGE_SHARE);
  });
  return total;
}

/** Seeded base seats per class of one flight (the same whichever source sells it). */
function baseSeats(segment: Flight, classesCheapestFirst: string[], airline: string): Map<string, number> {
  const rand = new Rand('seats', segment.flightNo, segment.date, airline);
  const seats = new Map<string, number>();
  const soldOutChance = CARRIERS[segment.carrier]?.kind === 'LOW_COST' ? 0.12 : 0.03;
  if (rand.chance(soldOutChance)) {
    for (const c of classesCheapestFirst) seats.set(c, 0);
    return seats;
  }
  const load = rand.float();
  const n = classesCheapestFirst.length;
  const closed = Math.floor(load * 0.7 * n);
  classesCheapestFirst.forEach((c, j) => {
    if (j < closed) seats.set(c, 0);
    else seats.set(c, rand.chance(0.35 + 0.6 * (j / n)) ? 9 : rand.int(1, 8));
  });
  return seats;
}

/** Priced classes of one itinerary, cheapest first. */
export function priceItinerary(input: PricingInput): DraftPrice[] {
  const { source, airline, segments, roundTrip, vatPercent } = input;
  const from = segments[0].from;
  const to = segments[segments.length - 1].to;
  const domestic = segments.every((s) => !s.international);
  const odKm = distanceKm(from, to);
  const longHaul = odKm > 4500;
  const connection = segments.length > 1 ? CONNECTION_FARE_FACTOR : 1;
  const gds = source in GDS_PRICE_FACTOR;
  const gdsFactor = GDS_PRICE_FACTOR[source] ?? 1;
  const rtFactor = roundTrip ? ROUND_TRIP_FACTOR : 1;
  const carrierKind = CARRIERS[airline]?.kind;
  const factors = CLASS_FARE_FACTORS[familyTableKey(airline)];
  const rule = paxFareRule(airline);
  const families = familiesFor(airline, segments, !domestic);
  const date = segments[0].date;
  const offerKey = segments.map((s) => s.flightNo).join('.');

  // Reference fare: the sum of the segment ceilings (domestic) or the international scale on the O&D.
  const ceilings = domestic ? segments.reduce((sum, s) => sum + domesticCeiling(s.distanceKm), 0) : 0;
  const reference = domestic
    ? ceilings
    : (INTERNATIONAL_FARE_SCALE.base + INTERNATIONAL_FARE_SCALE.perKm * odKm) *
      (CARRIER_PRICE_FACTOR[airline] ?? 1) *
      (carrierKind === 'LOW_COST' ? LOW_COST_INTERNATIONAL_FACTOR : 1);

  const allClasses = families.flatMap((f) => f.classes.map((c) => ({ family: f, cls: c })));
  const cheapestFirst = [...allClasses].sort((a, b) => factors[a.cls] - factors[b.cls]);
  const lowestClass = cheapestFirst[0]?.cls;
  // Seats nest within each cabin: the cheapest classes close first.
  const seatMaps = segments.map((segment) => {
    const byCabin = new Map<string, string[]>();
    for (const { family, cls } of cheapestFirst) byCabin.set(family.cabin, [...(byCabin.get(family.cabin) ?? []), cls]);
    const merged = new Map<string, number>();
    for (const [cabin, classes] of byCabin) for (const [c, n] of baseSeats(segment, classes, `${airline}|${cabin}`)) merged.set(c, n);
    return merged;
  });

  const taxes: Record<PaxType, number> = {
    ADT: chargesFor(segments, 'ADT', domestic),
    CHD: chargesFor(segments, 'CHD', domestic),
    INF: chargesFor(segments, 'INF', domestic),
  };
  const vat = (fare: number, tax: number) => vatOf(fare, tax, vatPercent, domestic);
  const chdRatio = domestic ? rule.chdDomestic : rule.chdInternational;

  const prices: DraftPrice[] = allClasses.map(({ family, cls }) => {
    const rand = new Rand('fare', source, offerKey, date, cls, roundTrip ? 'RT' : 'OW');
    const boost = !domestic && longHaul && family.cabin === 'BUSINESS' ? LONG_HAUL_BUSINESS_BOOST : 1;
    const noise = rand.between(0.94, 1.0);
    let published = floorThousand(reference * factors[cls] * boost * connection * noise * gdsFactor * rtFactor);
    if (domestic && family.cabin === 'ECONOMY') published = Math.min(published, floorThousand(ceilings));
    let fare = published;
    // Promotions on the lowest class: deep discounts, on low-cost carriers sometimes zero.
    if (cls === lowestClass && rand.chance(0.3)) {
      fare = carrierKind === 'LOW_COST' && rand.chance(0.3) ? 0 : floorThousand(published * rand.between(0.35, 0.8));
    }
    const fareCHD = floorThousand(fare * chdRatio);
    const fareINF =
      rule.inf.kind === 'ratio' ? floorThousand(fare * rule.inf.ratio) : (domestic ? rule.inf.domestic : rule.inf.international) * segments.length;
    const allowance = domestic ? family.baggage.domestic : family.baggage.international;
    const penalties = domestic ? family.penalties.domestic : family.penalties.international;
    const fareBasis = `${cls}${family.code}${domestic ? 'D' : 'I'}${roundTrip ? 'RT' : 'OW'}${gds ? GDS_FARE_BASIS_SUFFIX[source] : ''}`;
    const price: PriceInfo = {
      class: cls,
      seatAvailable: Math.min(...seatMaps.map((m) => m.get(cls) ?? 0)),
      fareADT: fare,
      taxADT: taxes.ADT,
      vatADT: vat(fare, taxes.ADT),
      baseFareADT: published,
      fareCHD,
      taxCHD: taxes.CHD,
      vatCHD: vat(fareCHD, taxes.CHD),
      fareINF,
      taxINF: taxes.INF,
      vatINF: vat(fareINF, taxes.INF),
      fareInfo: intern({
        cabinClass: family.cabin,
        fareFamily: family.name,
        fareBasis,
        ...(airline === 'VN' && VN_CLASS_GROUP_OF[cls] ? { classGroup: VN_CLASS_GROUP_OF[cls] } : {}),
        refundable: penalties.refund !== null,
        changeable: penalties.change !== null,
      }),
      handBaggage: describeBaggage(allowance, 'hand'),
      freeBaggage: describeBaggage(allowance, 'checked'),
    };
    return { price, segmentSeats: seatMaps.map((m) => m.get(cls) ?? 0) };
  });
  return prices.sort((a, b) => a.price.fareADT - b.price.fareADT || a.price.class.localeCompare(b.price.class));
}

/** VAT on fare and charges: charged on domestic flights only (international carriage is zero-rated). */
export function vatOf(fare: number, tax: number, vatPercent: number, domestic: boolean): number {
  return domestic ? Math.round(((fare + tax) * vatPercent) / 100) : 0;
}
