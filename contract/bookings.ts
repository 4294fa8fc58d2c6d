/**
 * Flight bookings: passenger information (spec point 3 "Passenger information"), the hold request and the
 * Completed booking answer. Passenger rules (spec point 5) are pure functions shared by the portal form and
 * the gateway. Money is integer VND.
 */
import { z } from 'zod';
import { PAX_TYPES, SOURCES, bookingFee, type PaxType } from './flights';
import { isValidBirthDate, isValidEmail, isValidName, isValidPhone, parseDate } from './validators';

export const BOOKINGS_API = {
  create: '/api/bookings',
  one: '/api/bookings/:id',
} as const;

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

export const createBookingRequest = z
  .object({
    sessionId: z.string().min(1).max(64),
    /** The chosen offers, one per direction (or per leg), with the booking class of each. */
    selected: z.array(z.object({ offerId: z.string().min(1).max(200), class: z.string().regex(/^[A-Z]$/) })).min(1).max(6),
    passengers: z.array(passengerInput).min(1).max(18),
    contact: contactInput,
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
    z.object({ paxId: z.number().int(), type: z.enum(PAX_TYPES), title: z.string(), firstName: z.string(), lastName: z.string(), birthday: z.string(), parentId: z.number().int().optional() }),
  ),
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
