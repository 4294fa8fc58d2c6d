/**
 * Flight search: the request, the result entities of spec point 3 (Flight search result, priceInfo,
 * routeInfo, Airline list entry, Cheapest-booking summary, Fare rule) and the search-session protocol.
 * Field names are the spec's; fields the spec does not show are added with plain names. Money is integer VND.
 */
import { z } from 'zod';

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

const iata = z.string().regex(/^[A-Z]{3}$/);
/** yyyy-MM-dd */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** yyyy-MM-ddTHH:mm (local time of the airport) */
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
const vnd = z.number().int().min(0);

export const baggage = z.object({ pieces: z.number().int().min(0), weightKg: z.number().int().min(0), description: z.string() });

/** One flown segment of an offer (spec: routeInfo entry, extended with the Route leg fields). */
export const routeInfo = z.object({
  carrierCode: z.string(),
  carrierName: z.string(),
  /** Marketing flight number, e.g. VN213. */
  flightNo: z.string(),
  operatingCarrier: z.string().optional(),
  from: iata,
  to: iata,
  departDate: localDateTime,
  arrivalDate: localDateTime,
  flightTimeHour: z.number().int().min(0),
  flightTimeMinute: z.number().int().min(0).max(59),
  airCraft: z.string(),
  aircraftType: z.string(),
  startTerminal: z.string().optional(),
  endTerminal: z.string().optional(),
});

/** One fare class of an offer (spec: priceInfo entry). Fares are per passenger, tax and VAT separate. */
export const priceInfo = z.object({
  class: z.string().regex(/^[A-Z]$/),
  seatAvailable: z.number().int().min(0),
  fareADT: vnd,
  taxADT: vnd,
  vatADT: vnd,
  /** The published fare before any promotion. */
  baseFareADT: vnd,
  fareCHD: vnd,
  taxCHD: vnd,
  vatCHD: vnd,
  fareINF: vnd,
  taxINF: vnd,
  vatINF: vnd,
  fareInfo: z.object({
    cabinClass: z.enum(CABIN_CLASSES),
    /** Fare family / branded fare, e.g. Economy Classic, Eco, SkyBoss. */
    fareFamily: z.string(),
    fareBasis: z.string(),
    /** VN fare class group of spec point 9 (PAG, QNRTE, SHKL, YBM, ZUW, CJ, DI) for VN fares. */
    classGroup: z.string().optional(),
    refundable: z.boolean(),
    changeable: z.boolean(),
  }),
  handBaggage: baggage,
  freeBaggage: baggage,
});

export const flightOffer = z.object({
  /** Unique within a search session. Combined segments use `A:B` (compare the part before the colon). */
  id: z.string(),
  airline: z.string(),
  source: z.enum(SOURCES),
  /** true when sold through the carrier's own channel (not a GDS). */
  isCarrierChannel: z.boolean().optional(),
  from: iata,
  to: iata,
  departDateTime: localDateTime,
  arrivalDateTime: localDateTime,
  lowestFare: vnd,
  numberOfStop: z.number().int().min(0),
  /** Id of the matching return/departure offer for GDS round-trip fares (`A:B`), else empty. */
  combineSegment: z.string().default(''),
  /** Minutes, door to door including connections. */
  totalTimeDuring: z.number().int().min(0),
  direction: z.enum(['depart', 'return']),
  priceInfo: z.array(priceInfo).min(1),
  routeInfo: z.array(routeInfo).min(1),
});

export const passengerCounts = z.object({
  adt: z.number().int().min(0).max(9),
  chd: z.number().int().min(0).max(9),
  inf: z.number().int().min(0).max(9),
});

export const searchLeg = z.object({ from: iata, to: iata, departDate: isoDate });

export const flightSearchRequest = z.object({
  journeyType: z.enum(JOURNEY_TYPES).default('OW'),
  searchType: z.enum(SEARCH_TYPES).default('BP'),
  legs: z.array(searchLeg).min(1).max(6),
  /** Return date for RT. */
  returnDate: isoDate.optional(),
  adt: z.number().int().min(0).max(9).default(1),
  chd: z.number().int().min(0).max(9).default(0),
  inf: z.number().int().min(0).max(9).default(0),
  promotionCodes: z.object({ VN: z.string().max(20), QH: z.string().max(20), VJ: z.string().max(20), VU: z.string().max(20) }).partial().default({}),
});

/** Fees the agency adds per passenger when issuing (spec: bookingFees). */
export const bookingFee = z.object({
  airline: z.string(),
  domestic: z.boolean(),
  paxType: z.enum(PAX_TYPES),
  issueFee: vnd,
});

export const airlineListEntry = z.object({ airlineCode: z.string(), airlineName: z.string(), lowestPrice: vnd });

export const cheapestBookingDay = z.object({
  day: z.number().int(),
  month: z.number().int(),
  year: z.number().int(),
  route: z.string(),
  fareAmount: vnd,
  /** fareAmount in thousands (K units), rounded: 1.250.000 → 1250. */
  fareDisplay: z.number().int(),
});

export const fareRule = z.object({
  list: z.array(z.object({ type: z.string(), fareRule: z.string() })),
  isInternational: z.boolean(),
  isCondition: z.boolean(),
});

export type Baggage = z.infer<typeof baggage>;
export type RouteInfo = z.infer<typeof routeInfo>;
export type PriceInfo = z.infer<typeof priceInfo>;
export type FlightOffer = z.infer<typeof flightOffer>;
export type FlightSearchRequest = z.infer<typeof flightSearchRequest>;
export type PassengerCounts = z.infer<typeof passengerCounts>;
export type BookingFee = z.infer<typeof bookingFee>;
export type AirlineListEntry = z.infer<typeof airlineListEntry>;
export type CheapestBookingDay = z.infer<typeof cheapestBookingDay>;
export type FareRule = z.infer<typeof fareRule>;
