/**
 * Flight bookings: passenger information (spec point 3 "Passenger information"), the hold request and the
 * Completed booking answer. Passenger rules (spec point 5) are pure functions shared by the portal form and
 * the gateway. Money is integer VND.
 */
import { z } from 'zod';
import { listOf } from './list';
import { pnrExtra } from './aftersale-money';
import { PAX_TYPES, SOURCES, bookingFee, type PaxType } from './flights';
import { DEFAULT_PASSPORT_COUNTRY } from './constants';
import { isValidEmail, isValidName, isValidPhone } from './validators';
import { BOOKING_STATUSES, PNR_ACTIONS, PRICE_DISPLAYS, RECORD_STATUSES, WORK_LISTS } from './bookings-rules';

export * from './bookings-rules';

/** ISO 3166-1 alpha-3 country codes (passport nationality and issuing country; default VNM). */
const country = z.string().regex(/^[A-Z]{3}$/);

/** Passport block (spec point 3 Passenger information); dates dd/MM/yyyy. */
export const passportInput = z.object({
  nationCountry: country.default(DEFAULT_PASSPORT_COUNTRY),
  pNumber: z.string().trim().regex(/^[A-Z0-9]{5,15}$/i),
  expiryDate: z.string().max(10),
  issuingCountry: country.default(DEFAULT_PASSPORT_COUNTRY),
  issuingDate: z.string().max(10).optional(),
  issuingCity: z.string().trim().max(60).optional(),
});

/** A frequent-flyer number with the airline that runs the programme. */
export const loyaltyInput = z.object({
  airline: z.string().regex(/^[A-Z0-9]{2}$/),
  number: z.string().trim().regex(/^[A-Z0-9]{4,20}$/i),
});

export type PassportInput = z.infer<typeof passportInput>;
export type LoyaltyInput = z.infer<typeof loyaltyInput>;

export const passengerInput = z.object({
  /** Client-side passenger id (1-based), unique in the request; infants point to an adult's with parentId. */
  paxId: z.number().int().min(1).max(99),
  type: z.enum(PAX_TYPES),
  title: z.string().min(2).max(4),
  firstName: z.string().trim().min(1).max(60),
  lastName: z.string().trim().min(1).max(60),
  /** dd/MM/yyyy */
  birthday: z.string().max(10),
  parentId: z.number().int().optional(),
  /** Required on journeys with requirePassport (passportProblems). */
  passport: z.lazy(() => passportInput).optional(),
  loyalty: z.array(z.lazy(() => loyaltyInput)).max(4).optional(),
});

export type PassengerInput = z.infer<typeof passengerInput>;

export const contactInput = z.object({
  name: z.string().trim().min(1).max(120).refine(isValidName, 'name'),
  phone: z.string().trim().refine(isValidPhone, 'phone'),
  email: z.string().trim().max(200).refine(isValidEmail, 'email'),
});

/** GET /api/luggage-options?from&to&airline: the luggage a passenger can buy on one route. */
export const luggageOptionsQuery = z.object({
  from: z.string().regex(/^[A-Z]{3}$/),
  to: z.string().regex(/^[A-Z]{3}$/),
  airline: z.string().regex(/^[A-Z0-9]{2}$/),
});

/** One luggage option (edit-booking luggage `ancillary` of spec point 3: code, value, unit, name, price). */
export const luggageOption = z.object({
  code: z.string(),
  /** Weight in `unit`. */
  value: z.number().int().min(1),
  unit: z.string(),
  name: z.string(),
  /** Per passenger and route, integer VND. */
  price: z.number().int().min(0),
});

/** A passenger's luggage choice (dataLuggagePax of spec point 3: Route, PaxID, Luggage, Type, Price, Unit). */
export const luggageChoice = z.object({
  paxId: z.number().int().min(1).max(99),
  /** from-to of the direction, e.g. SGN-HAN */
  route: z.string().regex(/^[A-Z]{3}-[A-Z]{3}$/),
  airline: z.string().regex(/^[A-Z0-9]{2}$/),
  /** depart or return */
  type: z.enum(['depart', 'return']),
  /** luggageOption.code; the gateway re-reads price and weight from its own list. */
  code: z.string().min(1).max(20),
});

export type LuggageOption = z.infer<typeof luggageOption>;
export type LuggageChoice = z.infer<typeof luggageChoice>;

export const createBookingRequest = z
  .object({
    sessionId: z.string().min(1).max(64),
    /** The chosen offers, one per direction (or per leg), with the booking class of each. */
    selected: z
      .array(
        z.object({
          offerId: z.string().min(1).max(200),
          class: z.string().regex(/^[A-Z]$/),
          /** Multi-city: the search session of this leg (each leg is its own one-way search); default sessionId. */
          sessionId: z.string().min(1).max(64).optional(),
        }),
      )
      .min(1)
      .max(6),
    passengers: z.array(passengerInput).min(1).max(18),
    contact: contactInput,
    luggage: z.array(luggageChoice).max(40).optional(),
  })
  .superRefine((v, ctx) => {
    const count = (t: PaxType) => v.passengers.filter((p) => p.type === t).length;
    if (count('ADT') < 1) ctx.addIssue({ code: 'custom', path: ['passengers'], message: 'adult' });
    if (count('ADT') + count('CHD') > 9) ctx.addIssue({ code: 'custom', path: ['passengers'], message: 'seated' });
    if (count('INF') > count('ADT')) ctx.addIssue({ code: 'custom', path: ['passengers'], message: 'infants' });
    if (new Set(v.passengers.map((p) => p.paxId)).size !== v.passengers.length) ctx.addIssue({ code: 'custom', path: ['passengers'], message: 'paxId' });
  });

export type CreateBookingRequest = z.infer<typeof createBookingRequest>;

export const bookingCreated = z.object({ id: z.number().int() });

export const pnrEntry = z.object({
  airline: z.string(),
  source: z.enum(SOURCES),
  /** Empty when the hold failed. */
  pnr: z.string(),
  /** ISO date-time by which to issue; empty when the hold failed. */
  timelimit: z.string(),
  status: z.enum(RECORD_STATUSES),
  /** e.g. HAN-SGN */
  dep: z.string(),
  ret: z.string(),
  /** yyyy-MM-ddTHH:mm of the first departure. */
  departDate: z.string(),
  message: z.string(),
  total: z.number().int(),
});

export const bookingRouteLeg = z.object({
  flightNo: z.string(),
  from: z.string(),
  to: z.string(),
  departDate: z.string(),
  arrivalDate: z.string(),
  class: z.string(),
  cabinClass: z.string(),
  airCraft: z.string(),
});

export const bookingRoute = z.object({
  airline: z.string(),
  from: z.string(),
  to: z.string(),
  /** depart or return */
  typeBook: z.string(),
  /** Multi-city: the leg number (1-based, in flight order); absent on one-way and round trips. */
  leg: z.number().int().optional(),
  departDate: z.string(),
  listRoute: z.array(bookingRouteLeg),
});

export const completedBooking = z.object({
  id: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  createdAt: z.string(),
  adt: z.number().int(),
  chd: z.number().int(),
  inf: z.number().int(),
  customerInfo: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  listPNR: z.array(pnrEntry),
  passengers: z.array(
    z.object({
      paxId: z.number().int(), type: z.enum(PAX_TYPES), title: z.string(), firstName: z.string(), lastName: z.string(), birthday: z.string(), parentId: z.number().int().optional(),
      /** The passport given with the hold, if any (the portal shows the number masked to its last 3 characters). */
      passport: z.object({ nationCountry: z.string(), pNumber: z.string(), expiryDate: z.string() }).optional(),
    }),
  ),
  /** Luggage bought with the booking (priced in totalFare); absent on bookings without any. */
  luggage: z.array(luggageChoice.extend({ price: z.number().int(), value: z.number().int(), unit: z.string() })).optional(),
  routes: z.array(bookingRoute),
  /** Fares, taxes, VAT and fees of the PNRs held, integer VND. */
  total: z.number().int(),
  totalFare: z.number().int(),
  totalFees: z.number().int(),
  bookingFees: z.array(bookingFee),
});

export type PnrEntry = z.infer<typeof pnrEntry>;
export type CompletedBooking = z.infer<typeof completedBooking>;
export type BookingRoute = z.infer<typeof bookingRoute>;

// ----- Lifecycle: issue, void, cancel, refund (docs/bookings.md) -------------------------------------------

const pnrCode = z.string().regex(/^[A-Z0-9]{6}$/);

/**
 * booking/issue. `idempotencyKey` (a UUID made by the portal once per click of "issue") issues once and charges
 * once; the same key with other `pnrs` is refused (409/49). `pnrs` lists the held PNR codes to issue.
 */
export const issueRequest = z.object({
  idempotencyKey: z.string().uuid(),
  pnrs: z.array(pnrCode).min(1).max(6),
});

export const issuedTicket = z.object({ paxId: z.number().int(), ticketNumber: z.string() });

export const moneyResult = z.object({
  bookingId: z.number().int(),
  /** Integer VND moved by this call: charged (issue) or credited (void, refund). */
  amount: z.number().int(),
  /** The agency's deposit balance after it. */
  balanceAfter: z.number().int(),
  /** True when this answer repeats an earlier call with the same idempotency key: nothing new happened. */
  replayed: z.boolean(),
});

export const issueResult = moneyResult.extend({
  pnrs: z.array(
    z.object({
      pnr: z.string(),
      status: z.enum(RECORD_STATUSES),
      tickets: z.array(issuedTicket),
      /** Present when the fare re-priced at issue differed from the held one: held and charged totals of the PNR. */
      repriced: z.object({ from: z.number().int(), to: z.number().int() }).optional(),
    }),
  ),
});

export const voidRequest = z.object({ pnrs: z.array(pnrCode).min(1).max(6) });
export const cancelRequest = z.object({ pnrs: z.array(pnrCode).min(1).max(6) });

/** Refund of issued tickets per passenger (edit screen refund-ticket/{id}). */
export const refundRequest = z.object({
  idempotencyKey: z.string().uuid(),
  pnr: pnrCode,
  paxIds: z.array(z.number().int().min(1).max(99)).min(1).max(18),
});

export const refundQuoteLine = z.object({
  pnr: z.string(),
  paxId: z.number().int(),
  paxType: z.enum(PAX_TYPES),
  name: z.string(),
  ticketNumber: z.string(),
  /** Paid for this passenger's ticket (fare, tax, VAT, fees), integer VND. */
  paid: z.number().int(),
  /** Kept under the fare rule. */
  penalty: z.number().int(),
  /** paid − penalty, credited to the deposit. */
  refundable: z.number().int(),
  /** Already refunded (the line can no longer be chosen). */
  refunded: z.boolean(),
  /** The fare rule's text on refunds, in the caller's language. */
  rule: z.string(),
});

export const refundQuote = z.object({ bookingId: z.number().int(), lines: z.array(refundQuoteLine) });

export type IssueRequest = z.infer<typeof issueRequest>;
export type IssueResult = z.infer<typeof issueResult>;
export type MoneyResult = z.infer<typeof moneyResult>;
export type VoidRequest = z.infer<typeof voidRequest>;
export type CancelRequest = z.infer<typeof cancelRequest>;
export type RefundRequest = z.infer<typeof refundRequest>;
export type RefundQuote = z.infer<typeof refundQuote>;
export type RefundQuoteLine = z.infer<typeof refundQuoteLine>;

// ----- Booking (PNR) in full: booking-detail ------------------------------------------------------------------

const baggageInfo = z.object({ pieces: z.number().int(), description: z.string() });

/** Route leg of spec point 3. */
export const routeInfoEntry = z.object({
  from: z.string(),
  to: z.string(),
  /** yyyy-MM-dd local */
  departDate: z.string(),
  /** HH:mm local */
  timeFrom: z.string(),
  timeTo: z.string(),
  flightNo: z.string(),
  airCraft: z.string(),
  aircraftType: z.string(),
  /** minutes */
  flightTime: z.number().int(),
  startTerminal: z.string(),
  endTerminal: z.string(),
  handBaggage: baggageInfo,
  freeBaggage: baggageInfo,
  cabinClass: z.string(),
  class: z.string(),
  /** Segment status: HK confirmed, XX cancelled… */
  status: z.string(),
  direction: z.enum(['depart', 'return']),
  /** Multi-city: the leg number (1-based, in flight order); absent on one-way and round trips. */
  leg: z.number().int().optional(),
  /** pnrsync: an ARNK (surface segment, flightNo ARNK): the traveller goes from `from` to `to` by other means. */
  surface: z.boolean().optional(),
});

/** Passenger of spec point 3 (paxInfos). */
export const paxInfoEntry = z.object({
  paxId: z.number().int(),
  paxType: z.enum(PAX_TYPES),
  title: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** dd/MM/yyyy */
  birthDay: z.string(),
  /** Empty until issued. */
  ticketNumber: z.string(),
  loyalty: z.string(),
  extraInfos: z.array(z.object({ code: z.string(), value: z.string() })),
  /** pnrsync: the adult an infant travels with. */
  parentId: z.number().int().optional(),
});

/** Fare data of spec point 3, integer VND (per passenger of each type, then totals of the PNR). */
export const fareDataEntry = z.object({
  fareADT: z.number().int(),
  taxADT: z.number().int(),
  vatADT: z.number().int(),
  fareCHD: z.number().int(),
  taxCHD: z.number().int(),
  vatCHD: z.number().int(),
  fareINF: z.number().int(),
  taxINF: z.number().int(),
  vatINF: z.number().int(),
  issueFee: z.number().int(),
  otherFee: z.number().int(),
  totalPrice: z.number().int(),
  totalReserve: z.number().int(),
  totalChargeCancel: z.number().int(),
  /** The fares and the taxes + VAT of the passengers ticketed at issue (totalReserve split in two). */
  baseFare: z.number().int().optional(),
  taxes: z.number().int().optional(),
  /** Paid after-sale edits by kind (contract/aftersale-money.ts), included in totalPrice. */
  extras: z.array(pnrExtra).optional(),
  /** The passengers of each type ticketed at issue (an infant added after sale is an extra, not counted). */
  counts: z.object({ ADT: z.number().int(), CHD: z.number().int(), INF: z.number().int() }).optional(),
});

export const customerInfoEntry = z.object({
  customerName: z.string(),
  customerAddress: z.string(),
  listEmail: z.array(z.string()),
  listPhones: z.array(z.string()),
});

/** Booking (PNR) of spec point 3, plus what the detail screen needs. */
export const bookingPnr = z.object({
  pnr: z.string(),
  recordStatus: z.enum(RECORD_STATUSES),
  airline: z.string(),
  source: z.enum(SOURCES),
  /** ISO; empty when not held. */
  timeLimit: z.string(),
  /** ISO: the last moment the fare can be paid (the time limit for holds; empty once issued). */
  purchaseTimeLimit: z.string(),
  /** Path of the open e-ticket page (/ticket-face?pnr=…), empty until issued. */
  ticketFace: z.string(),
  paxInfos: z.array(paxInfoEntry),
  routeInfos: z.array(routeInfoEntry),
  fareData: fareDataEntry,
  customerInfo: customerInfoEntry,
  issuedAt: z.string(),
  voidUntil: z.string(),
  message: z.string(),
  /** What the caller may do now: what the PNR's state allows (stateActions) and the caller's permissions. */
  actions: z.array(z.enum(PNR_ACTIONS)),
});

export const bookingDetail = z.object({
  id: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  createdAt: z.string(),
  agentName: z.string(),
  agencyCode: z.string(),
  agencyName: z.string(),
  customerInfo: customerInfoEntry,
  pnrs: z.array(bookingPnr),
  luggage: z.array(luggageChoice.extend({ price: z.number().int(), value: z.number().int(), unit: z.string() })),
  total: z.number().int(),
  /** Charged to the deposit so far, net of voids and refunds. */
  paid: z.number().int(),
});

export type RouteInfoEntry = z.infer<typeof routeInfoEntry>;
export type PaxInfoEntry = z.infer<typeof paxInfoEntry>;
export type FareDataEntry = z.infer<typeof fareDataEntry>;
export type CustomerInfoEntry = z.infer<typeof customerInfoEntry>;
export type BookingPnr = z.infer<typeof bookingPnr>;
export type BookingDetail = z.infer<typeof bookingDetail>;

// ----- booking/search --------------------------------------------------------------------------------------

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** GET /api/bookings (data provider list protocol: page, pageSize, sort=field or -field, filters as fields). */
export const bookingListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  sort: z
    .string()
    .regex(/^-?(createdAt|departDate|total|deadline)$/)
    .default('-createdAt'),
  pnr: z.string().trim().toUpperCase().max(6).optional(),
  /** Any part of a passenger's first or last name (accents ignored). */
  name: z.string().trim().max(60).optional(),
  airline: z.string().regex(/^[A-Z0-9]{2}$/).optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
  recordStatus: z.enum(RECORD_STATUSES).optional(),
  bookedFrom: day.optional(),
  bookedTo: day.optional(),
  flightFrom: day.optional(),
  flightTo: day.optional(),
  /** user id of the agent who booked (admins only; others always see their own). */
  agentId: z.coerce.number().int().min(1).optional(),
  /** Issued on this local (Vietnam) day. */
  issuedOn: day.optional(),
  /** Only the bookings a work list acts on now (WORK_LISTS). */
  workList: z.enum(WORK_LISTS).optional(),
});

export const bookingListItem = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  status: z.enum(BOOKING_STATUSES),
  agentId: z.number().int().nullable(),
  agentName: z.string(),
  agencyCode: z.string(),
  pnrs: z.array(z.object({ pnr: z.string(), airline: z.string(), source: z.enum(SOURCES), recordStatus: z.enum(RECORD_STATUSES), timeLimit: z.string(), issuedAt: z.string(), voidUntil: z.string() })),
  /** e.g. SGN-HAN-SGN */
  itinerary: z.string(),
  /** yyyy-MM-ddTHH:mm of the first departure */
  departDate: z.string(),
  /** LAST/FIRST of the first adult */
  leadPassenger: z.string(),
  passengers: z.number().int(),
  total: z.number().int(),
});

export const bookingList = listOf(bookingListItem);

export type BookingListQuery = z.infer<typeof bookingListQuery>;
export type BookingListItem = z.infer<typeof bookingListItem>;

// ----- Print, mail, reservation status, ticket face -----------------------------------------------------------

export const printQuery = z.object({
  pnr: pnrCode.optional(),
  /** total: one amount; detail: fare, tax and fees per type; none: no price at all. */
  price: z.enum(PRICE_DISPLAYS).default('total'),
  lang: z.enum(['vi', 'en']).optional(),
});

/** printInfo of spec point 3 (+ the agency's logo unless hide_logo). */
export const printInfo = z.object({
  passengerPhone: z.string(),
  agentName: z.string(),
  agentPhone: z.string(),
  facebook: z.string(),
  hotline: z.string(),
  address: z.string(),
  pnrCode: z.string(),
  passengers: z.array(paxInfoEntry),
  /** Integer VND (0 with price=none). */
  amount: z.number().int(),
  airline: z.string(),
  routeInfos: z.array(routeInfoEntry),
  status: z.enum(RECORD_STATUSES),
  currency: z.string(),
  note: z.string(),
  /** Whether the amount is shown (price display not none). */
  checkTotal: z.boolean(),
  /** Airports of the route with their cities (code, name) for the header. */
  listLocation: z.array(z.object({ code: z.string(), city: z.string(), name: z.string() })),
  fareData: fareDataEntry,
  priceDisplay: z.enum(PRICE_DISPLAYS),
  /** Data URL or path of the agency logo; empty with hide_logo. */
  logo: z.string(),
  /** The SMS text to copy (contentSms). */
  contentSms: z.string(),
});

export const mailRequest = z.object({
  to: z.array(z.string().trim().max(200)).min(1).max(5),
  pnr: pnrCode.optional(),
  price: z.enum(PRICE_DISPLAYS).default('total'),
  lang: z.enum(['vi', 'en']).default('vi'),
  message: z.string().max(1000).optional(),
});

export const reservationStatusQuery = z.object({ pnr: pnrCode });

export const reservationStatus = z.object({
  bookingId: z.number().int(),
  pnr: z.string(),
  airline: z.string(),
  source: z.enum(SOURCES),
  recordStatus: z.enum(RECORD_STATUSES),
  bookingStatus: z.enum(BOOKING_STATUSES),
  timeLimit: z.string(),
  itinerary: z.string(),
  departDate: z.string(),
  passengers: z.number().int(),
  tickets: z.number().int(),
});

/** /ticket-face: a customer opens the e-ticket with the PNR and a passenger's last name. */
export const ticketFaceQuery = z.object({
  pnr: z.string().trim().toUpperCase().pipe(pnrCode),
  lastName: z.string().trim().min(1).max(60),
});

export const ticketFace = z.object({
  pnr: z.string(),
  airline: z.string(),
  status: z.enum(RECORD_STATUSES),
  issuedAt: z.string(),
  passengers: z.array(paxInfoEntry.pick({ paxType: true, title: true, firstName: true, lastName: true, ticketNumber: true })),
  routeInfos: z.array(routeInfoEntry),
  agentName: z.string(),
  hotline: z.string(),
});

export type PrintQuery = z.infer<typeof printQuery>;
export type PrintInfo = z.infer<typeof printInfo>;
export type MailRequest = z.infer<typeof mailRequest>;
export type ReservationStatus = z.infer<typeof reservationStatus>;
export type TicketFace = z.infer<typeof ticketFace>;
