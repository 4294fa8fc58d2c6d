/**
 * Flight search: the request, the result entities of spec point 3 (Flight search result, priceInfo,
 * routeInfo, Airline list entry, Cheapest-booking summary, Fare rule) and the search-session protocol.
 * Field names are the spec's; fields the spec does not show are added with plain names. Money is integer VND.
 */
import { z } from 'zod';
import { CABIN_CLASSES, DEFAULT_PRICE_MODE, JOURNEY_TYPES, PAX_TYPES, PRICE_MODES, SEARCH_TYPES, SOURCES } from './flights-rules';

export * from './flights-rules';
export * from './flights-poll';

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
  /** Search sessions: the sign-in (signInTask.signInId) that found the offer; book through the same one. */
  signInId: z.number().int().optional(),
  /** Multi-city (MC) searches: index of the request's leg the offer answers (0-based); absent for OW and RT. */
  leg: z.number().int().min(0).optional(),
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

/**
 * Fees the agency adds per passenger when issuing (spec: bookingFees). Offers' fares, taxes and VAT are the
 * carrier's; everything the selling agency and its parents add is here, per ticket, never inside fareADT.
 */
export const bookingFee = z.object({
  airline: z.string(),
  domestic: z.boolean(),
  paxType: z.enum(PAX_TYPES),
  /** The whole fee per ticket: default issue fee + the agency's own issue fee setting + `serviceFee`. */
  issueFee: vnd,
  /** Part of issueFee from the commission and service fees of the agency path (/system/commission-fee). */
  serviceFee: vnd.optional(),
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

/* ---------- Search session protocol: fan-out to the agency's sign-ins, the portal polls ---------- */

/** One sign-in task of a search: one configured sign-in of the agency (spec: completed sign-in tasks). */
export const signInTask = z.object({
  signInId: z.number().int(),
  source: z.enum(SOURCES),
  /** Office / sign code shown to the agent. */
  label: z.string(),
  status: z.enum(['pending', 'done', 'failed']),
  /** Supplier error in the caller's language when failed. */
  message: z.string().optional(),
  elapsedMs: z.number().int().optional(),
  offerCount: z.number().int(),
});

/** POST /api/flights/search → a session; the portal then polls GET /api/flights/search/:sessionId. */
export const searchStarted = z.object({
  sessionId: z.string(),
  tasks: z.array(signInTask),
  /** Number of sign-ins the search fans out to (the denominator of the progress). */
  total: z.number().int(),
  isInternational: z.boolean(),
  requirePassport: z.boolean(),
  bookingFees: z.array(bookingFee),
});

/** GET /api/flights/search/:sessionId?since=<n>&waitMs=<0..10000>: offers that arrived after `since`. */
export const searchPollQuery = z.object({
  since: z.coerce.number().int().min(0).default(0),
  waitMs: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const searchPoll = z.object({
  sessionId: z.string(),
  tasks: z.array(signInTask),
  total: z.number().int(),
  /** Tasks done or failed. */
  completed: z.number().int(),
  done: z.boolean(),
  /** Offers with sequence number > since, in arrival order. */
  offers: z.array(flightOffer),
  /** Pass as `since` in the next poll. */
  cursor: z.number().int(),
});

/** What fare classes share, sent once per poll answer (contract/flights-poll.ts). */
export const fareText = priceInfo.pick({ fareInfo: true, handBaggage: true, freeBaggage: true });

/** A `fareText` as sent (`WireFareText` of contract/flights-poll.ts): its values in order, without their names. */
export const wireFareText = z.tuple([
  priceInfo.shape.fareInfo.shape.cabinClass, z.string(), z.string(), z.string().nullable(), z.boolean(), z.boolean(),
  baggage.shape.pieces, baggage.shape.weightKg, baggage.shape.description, baggage.shape.pieces, baggage.shape.weightKg, baggage.shape.description,
]);

const fareColumn = z.union([z.number().int(), z.array(z.number().int()).min(1)]);
const fareRate = z.number().int().min(0).max(1_000_000);

/**
 * An offer's fare classes as sent, one table of columns (`WireFares` of contract/flights-poll.ts says how each
 * amount is written): [classes, seatAvailable, unit, chdRate, infRate, vatRate, fareADT, taxADT, baseFareADT,
 * fareCHD, taxCHD, fareINF, taxINF, vatADT, vatCHD, vatINF, texts]. No list is longer than the classes; texts
 * given inline come one per class.
 */
export const wireFares = z
  .tuple([
    z.union([z.string().regex(/^[A-Z]+$/), z.array(priceInfo.shape.class).min(1)]),
    fareColumn, z.number().int().min(1), fareRate, fareRate, fareRate,
    fareColumn, fareColumn, fareColumn, fareColumn, fareColumn, fareColumn, fareColumn, fareColumn, fareColumn, fareColumn,
    z.array(z.union([z.number().int(), wireFareText])),
  ])
  .superRefine((fares, ctx) => {
    const n = fares[0].length;
    fares.forEach((column, at) => {
      if (at === 0 || !Array.isArray(column)) return;
      const inline = at === 16 && column.some((t) => typeof t !== 'number');
      if (inline ? column.length !== n : column.length > n) ctx.addIssue({ code: 'custom', path: [at], message: `${column.length} values for ${n} classes` });
    });
  });

/** A flown segment as sent (`WireSegment` of contract/flights-poll.ts): its values in order, null for an absent one. */
export const wireSegment = z.tuple([
  routeInfo.shape.carrierCode, routeInfo.shape.carrierName, routeInfo.shape.flightNo, z.string().nullable(), iata, iata, localDateTime, localDateTime,
  routeInfo.shape.flightTimeHour, routeInfo.shape.flightTimeMinute, routeInfo.shape.airCraft, routeInfo.shape.aircraftType, z.string().nullable(), z.string().nullable(),
]);

/** An offer as sent in a poll: its fare classes as one table (`fares`) instead of `priceInfo`, its segments as values. */
export const wireOffer = flightOffer.omit({ priceInfo: true, routeInfo: true }).extend({ fares: wireFares, routeInfo: z.array(wireSegment).min(1) });

/**
 * GET /api/flights/search/:sessionId as sent: `searchPoll` with each offer's fare classes as a table and the texts
 * they share once (`fareTexts`, by key). `expandSearchPoll` gives the `searchPoll`.
 */
export const searchPollWire = searchPoll.omit({ offers: true }).extend({
  offers: z.array(wireOffer),
  fareTexts: z.record(z.string().regex(/^\d+$/), wireFareText),
});

/** A place for the departure/arrival pickers (GET /api/flights/airports). */
export const airport = z.object({
  code: iata,
  cityVi: z.string(),
  cityEn: z.string(),
  nameVi: z.string(),
  nameEn: z.string(),
  countryCode: z.string(),
  domestic: z.boolean(),
});

/**
 * GET /api/flights/cheapest?from&to&date&days&mode: lowest price per day around a date (cheapest-booking
 * summary), in the list's price mode (FULL by default).
 */
export const cheapestQuery = z.object({
  from: iata,
  to: iata,
  date: isoDate,
  days: z.coerce.number().int().min(1).max(15).default(7),
  mode: z.enum(PRICE_MODES).default(DEFAULT_PRICE_MODE),
});

/**
 * GET /api/flights/fare-rules?source&airline&class&fareBasis (by airline) or ?pnr= (by booking reference: the
 * rules of the fares that PNR holds, per direction when they differ; PNRs outside the caller's scope are 404).
 */
export const fareRulesQuery = z
  .object({
    source: z.enum(SOURCES).optional(),
    airline: z.string().regex(/^[A-Z0-9]{2}$/).optional(),
    class: z.string().regex(/^[A-Z]$/).optional(),
    fareBasis: z.string().max(16).optional(),
    /** "true"/"1" or "false"/"0"; taken from the fare basis when absent. */
    international: z.preprocess((v) => (v === 'false' || v === '0' ? false : v), z.coerce.boolean()).optional(),
    /** Booking reference (6 letters or digits) instead of airline + class. */
    pnr: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{6}$/).optional(),
  })
  .refine((q) => q.pnr !== undefined || (q.airline !== undefined && q.class !== undefined), { message: 'airline and class, or pnr', path: ['pnr'] });

export type FareRulesQuery = z.infer<typeof fareRulesQuery>;

export type SignInTask = z.infer<typeof signInTask>;
export type SearchStarted = z.infer<typeof searchStarted>;
export type SearchPoll = z.infer<typeof searchPoll>;
export type Airport = z.infer<typeof airport>;
