/**
 * Flight bookings: passenger information (spec point 3 "Passenger information"), the hold request and the
 * Completed booking answer. Passenger rules (spec point 5) are pure functions shared by the portal form and
 * the gateway. Money is integer VND.
 */
import { compactDate, todayInVietnam } from './business-day';
import { z } from 'zod';
import { listOf } from './list';
import { pnrExtra } from './aftersale-money';
import { PAX_TYPES, SOURCES, bookingFee, type PaxType } from './flights';
import { DEFAULT_PASSPORT_COUNTRY } from './constants';
import { isValidBirthDate, isValidEmail, isValidName, isValidPhone, parseDate } from './validators';

export const BOOKINGS_API = {
  /** POST: hold; GET: booking/search (bookingListQuery → { data, total }). */
  create: '/api/bookings',
  list: '/api/bookings',
  /** The Completed booking of spec point 3. */
  one: '/api/bookings/:id',
  /** The Booking (PNR) entities in full with the actions allowed (booking-detail). */
  detail: '/api/bookings/:id/detail',
  /** POST issueRequest → issueResult (PIN when the caller must use one; the rule is in policies/endpoints.ts). */
  issue: '/api/bookings/:id/issue',
  /** POST voidRequest → moneyResult (PIN when the caller must use one). */
  void: '/api/bookings/:id/void',
  /** POST cancelRequest → moneyResult with amount 0 (a hold: no money moves, seats return). */
  cancel: '/api/bookings/:id/cancel',
  /** GET → refundQuote; POST refundRequest → moneyResult (each with its own rule). */
  refund: '/api/bookings/:id/refund',
  /** GET ?pnr= → printInfo (booking/print-ticket). */
  print: '/api/bookings/:id/print',
  /** GET ?pnr=&price=… → application/pdf, the printed ticket. */
  printPdf: '/api/bookings/:id/print.pdf',
  /** POST mailRequest → { queued } (booking/mail, through the outbox). */
  mail: '/api/bookings/:id/mail',
  /** GET ?pnr= → reservationStatus (/booking/reservation-status), the caller's scope only. */
  reservationStatus: '/api/reservation-status',
  /** GET luggageOptionsQuery → luggageOption[] (one list per from, to and airline). */
  luggageOptions: '/api/luggage-options',
  /** GET ticketFaceQuery → ticketFace; PUBLIC (/ticket-face), throttled per address. */
  ticketFace: '/api/ticket-face',
} as const;

/** Replace `:id` in a BOOKINGS_API path. */
export function bookingPath(path: string, id: number | string): string {
  return path.replace(':id', encodeURIComponent(String(id)));
}

export const ADULT_TITLES = ['MR', 'MRS', 'MS'] as const;
export const CHILD_TITLES = ['MSTR', 'MISS'] as const;

export function titlesFor(type: PaxType): readonly string[] {
  return type === 'ADT' ? ADULT_TITLES : CHILD_TITLES;
}

/** Whole years between a birth date (dd/MM/yyyy) and a travel date (yyyy-MM-dd), or null if unreadable. */
export function ageAt(birthday: string, travelDate: string): number | null {
  const b = parseDate(birthday);
  const t = /^(\d{4})-(\d{2})-(\d{2})/.exec(travelDate);
  if (!b || !t) return null;
  const [ty, tm, td] = [Number(t[1]), Number(t[2]), Number(t[3])];
  let age = ty - b.year;
  if (tm < b.month || (tm === b.month && td < b.day)) age -= 1;
  return age;
}

/** Age the type implies at the travel date: ADT 12 and over, CHD 2 to 11, INF under 2 (born by then). */
export function ageFitsType(type: PaxType, age: number): boolean {
  if (age < 0) return false;
  if (type === 'ADT') return age >= 12;
  if (type === 'CHD') return age >= 2 && age <= 11;
  return age < 2;
}

export type PassengerProblem = 'title' | 'firstName' | 'lastName' | 'birthday' | 'age' | 'parent';

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
export type PassportProblem = 'passport' | 'pNumber' | 'expiryDate' | 'issuingDate' | 'nationCountry' | 'issuingCountry';

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

/** Problems of one passenger against the others of the request (empty when it is fine). */
export function passengerProblems(p: PassengerInput, all: readonly PassengerInput[], travelDate: string, now: Date = new Date()): PassengerProblem[] {
  const out: PassengerProblem[] = [];
  if (!titlesFor(p.type).includes(p.title)) out.push('title');
  if (!isValidName(p.firstName)) out.push('firstName');
  if (!isValidName(p.lastName)) out.push('lastName');
  if (!isValidBirthDate(p.birthday, now)) out.push('birthday');
  else {
    const age = ageAt(p.birthday, travelDate);
    if (age === null || !ageFitsType(p.type, age)) out.push('age');
  }
  if (p.type === 'INF') {
    const parent = all.find((x) => x.paxId === p.parentId);
    const shared = all.filter((x) => x.type === 'INF' && x.parentId === p.parentId).length;
    if (!parent || parent.type !== 'ADT' || shared > 1) out.push('parent');
  }
  return out;
}

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

export const BOOKING_STATUSES = ['HOLD', 'EXPORT', 'CANCEL'] as const;
/** Airline-side statuses of spec point 4 (+ FAILED: the hold did not go through, see message). */
export const RECORD_STATUSES = ['BOOKED', 'TIME OUT COMMING', 'CHECK TIMELIMIT', 'ISSUE TICKET', 'VOIDED OR CANCEL', 'TIME LIMIT OUT', 'FAILED'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

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

/** Minutes before the time limit from which a hold shows TIME OUT COMMING. */
export const TIME_OUT_COMING_MINUTES = 30;

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

export const PNR_ACTIONS = ['issue', 'void', 'cancel', 'refund', 'print'] as const;
export type PnrAction = (typeof PNR_ACTIONS)[number];

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

export const BOOKING_SORTS = ['createdAt', 'departDate', 'total', 'deadline'] as const;

/**
 * The work lists an agent acts from: issue and cancel list bookings with a live hold (a PNR held, its time
 * limit not passed), void lists bookings with a ticket still inside its void window. Filtered on the server;
 * their `deadline` sort is the soonest such time limit (issue, cancel) or void cut-off (void).
 */
export const WORK_LISTS = ['issue', 'void', 'cancel'] as const;
export type WorkList = (typeof WORK_LISTS)[number];

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

export const PRICE_DISPLAYS = ['total', 'detail', 'none'] as const;

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

/** What a PNR's state allows, before permissions (the server refuses the rest with 409). */
export interface PnrState {
  recordStatus: RecordStatus;
  /** ISO or empty */
  timeLimit: string;
  /** ISO or empty */
  voidUntil: string;
  /** Passengers with a ticket not yet refunded. */
  refundablePax: number;
}

/**
 * What a PNR's state allows (spec point 4), in the order of booking-detail's buttons: issue and cancel a live
 * hold; void issued tickets before voidUntil; refund issued tickets after the void window while a passenger is
 * left to refund; print any PNR that exists. Whether the caller may is the rule of each action's endpoint
 * (policies/endpoints.ts), which the gateway applies on top.
 */
export function stateActions(p: PnrState, now: Date = new Date()): PnrAction[] {
  const live = (iso: string) => iso !== '' && new Date(iso).getTime() > now.getTime();
  const held = (p.recordStatus === 'BOOKED' || p.recordStatus === 'TIME OUT COMMING') && live(p.timeLimit);
  const issued = p.recordStatus === 'ISSUE TICKET';
  const out: PnrAction[] = [];
  if (held) out.push('issue');
  if (issued && live(p.voidUntil)) out.push('void');
  if (held) out.push('cancel');
  if (issued && !live(p.voidUntil) && p.refundablePax > 0) out.push('refund');
  if (p.recordStatus !== 'FAILED') out.push('print');
  return out;
}

// ----- Passport, remark and luggage rules (docs/booking-management.md) ------------------------------------------

/**
 * Months a passport must stay valid after the last travel date on international journeys (the common entry
 * rule, Vietnam's own for foreigners included). Domestic journeys only need it valid on the last travel date.
 */
export const PASSPORT_MIN_VALIDITY_MONTHS = 6;

const calendarKey = (d: { year: number; month: number; day: number }) => d.year * 10000 + d.month * 100 + d.day;

/** yyyy-MM-dd (or yyyy-MM-ddTHH:mm) plus whole months, as a yyyyMMdd key (the day clamped to the month's end). */
function addMonthsKey(iso: string, months: number): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return null;
  const total = Number(m[1]) * 12 + (Number(m[2]) - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return calendarKey({ year, month, day: Math.min(Number(m[3]), last) });
}

/**
 * Problems of a passenger's passport (empty when fine). `lastTravelDate` is the last departure of the journey
 * (yyyy-MM-dd). Rules: present ('passport'); number 5 to 15 letters or digits ('pNumber'); nationality and
 * issuing country ISO alpha-3 ('nationCountry', 'issuingCountry'; VNM when left out); expiry a real date
 * dd/MM/yyyy after the last travel date, on international journeys at least PASSPORT_MIN_VALIDITY_MONTHS
 * after it ('expiryDate'); issuing date, when given, a real date not after today nor after the expiry
 * ('issuingDate').
 */
export function passportProblems(
  passport: PassportInput | undefined,
  lastTravelDate: string,
  now: Date = new Date(),
  international = true,
): PassportProblem[] {
  if (!passport) return ['passport'];
  const out: PassportProblem[] = [];
  if (!/^[A-Z0-9]{5,15}$/i.test(passport.pNumber.trim())) out.push('pNumber');
  if (!/^[A-Z]{3}$/.test(passport.nationCountry)) out.push('nationCountry');
  if (!/^[A-Z]{3}$/.test(passport.issuingCountry)) out.push('issuingCountry');
  const expiry = parseDate(passport.expiryDate);
  const travel = /^(\d{4})-(\d{2})-(\d{2})/.exec(lastTravelDate);
  const minimum = addMonthsKey(lastTravelDate, international ? PASSPORT_MIN_VALIDITY_MONTHS : 0);
  if (!expiry || !travel || minimum === null) out.push('expiryDate');
  else if (international ? calendarKey(expiry) < minimum : calendarKey(expiry) <= minimum) out.push('expiryDate');
  if (passport.issuingDate !== undefined && passport.issuingDate !== '') {
    const issued = parseDate(passport.issuingDate);
    const today = Number(compactDate(todayInVietnam(now)));
    if (!issued || issued.year < 1900 || calendarKey(issued) > today || (expiry !== null && calendarKey(issued) >= calendarKey(expiry))) out.push('issuingDate');
  }
  return out;
}

/** Longest passenger name an airline remark element carries before the companion's last name is shortened. */
export const REMARK_NAME_LIMIT = 59;

export interface RemarkPerson {
  title: string;
  firstName: string;
  lastName: string;
  /** dd/MM/yyyy (infants: written into the element as ddMMMyy). */
  birthday?: string;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Upper-case ASCII of a name (Vietnamese diacritics and Đ folded), single spaces. */
export function remarkText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Initials of a (possibly several-word) last name: NGUYEN THI → NT. */
export function initials(name: string): string {
  return remarkText(name)
    .split(' ')
    .filter(Boolean)
    .map((w) => w[0])
    .join('');
}

/**
 * The remark element naming an adult and the infant (INF) or child companion (CHD) travelling with them
 * (spec point 5): `LAST/FIRST TITLE INF LAST/FIRST TITLE ddMMMyy`, e.g.
 * `NGUYEN/VAN AN MR INF NGUYEN/BE MISS 01JAN25`. When that text is longer than REMARK_NAME_LIMIT (59)
 * characters, the companion's last name is shortened to its initials (`INF N/BE MISS 01JAN25`).
 */
export function remarkName(holder: RemarkPerson, companion: RemarkPerson, kind: 'INF' | 'CHD' = 'INF'): string {
  const b = companion.birthday ? parseDate(companion.birthday) : null;
  const born = b ? `${String(b.day).padStart(2, '0')}${MONTHS[b.month - 1]}${String(b.year % 100).padStart(2, '0')}` : '';
  const head = `${remarkText(holder.lastName)}/${remarkText(holder.firstName)} ${remarkText(holder.title)} ${kind}`;
  const tail = `/${remarkText(companion.firstName)} ${remarkText(companion.title)}${born ? ` ${born}` : ''}`;
  const full = `${head} ${remarkText(companion.lastName)}${tail}`;
  return full.length > REMARK_NAME_LIMIT ? `${head} ${initials(companion.lastName)}${tail}` : full;
}

/**
 * Luggage choices as they stand (spec point 4): a later choice for the same passenger, route and type
 * replaces an earlier one, in the order the passenger first chose.
 */
export function latestLuggageChoices<T extends Pick<LuggageChoice, 'paxId' | 'route' | 'type'>>(choices: readonly T[]): T[] {
  const out: T[] = [];
  for (const c of choices) {
    const i = out.findIndex((x) => x.paxId === c.paxId && x.route === c.route && x.type === c.type);
    if (i >= 0) out[i] = c;
    else out.push(c);
  }
  return out;
}

/**
 * The booking status its PNRs imply (spec point 4): HOLD while a hold remains, else EXPORT when a ticket
 * stands, else CANCEL (every PNR voided, cancelled, expired or failed).
 */
export function bookingStatusFor(recordStatuses: readonly string[]): (typeof BOOKING_STATUSES)[number] {
  if (recordStatuses.some((s) => s === 'BOOKED' || s === 'TIME OUT COMMING')) return 'HOLD';
  if (recordStatuses.includes('ISSUE TICKET')) return 'EXPORT';
  return 'CANCEL';
}
