/**
 * The booking contract's paths, lists of values and pure rules, without a schema: the passenger, passport and remark
 * rules of spec point 5, what a PNR's state allows, the booking status its PNRs imply. What the signed-in shell and
 * the after-sale contracts need of the booking contract, without zod; bookings.ts re-exports all of it beside the
 * schemas.
 */
import { compactDate, todayInVietnam } from './business-day';
import type { PaxType } from './flights-rules';
import { isValidBirthDate, isValidName, parseDate } from './validators';
import type { LuggageChoice, PassengerInput, PassportInput } from './bookings';

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

export type PassportProblem = 'passport' | 'pNumber' | 'expiryDate' | 'issuingDate' | 'nationCountry' | 'issuingCountry';

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

export const BOOKING_STATUSES = ['HOLD', 'EXPORT', 'CANCEL'] as const;
/** Airline-side statuses of spec point 4 (+ FAILED: the hold did not go through, see message). */
export const RECORD_STATUSES = ['BOOKED', 'TIME OUT COMMING', 'CHECK TIMELIMIT', 'ISSUE TICKET', 'VOIDED OR CANCEL', 'TIME LIMIT OUT', 'FAILED'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** Minutes before the time limit from which a hold shows TIME OUT COMMING. */
export const TIME_OUT_COMING_MINUTES = 30;

export const PNR_ACTIONS = ['issue', 'void', 'cancel', 'refund', 'print'] as const;
export type PnrAction = (typeof PNR_ACTIONS)[number];

export const BOOKING_SORTS = ['createdAt', 'departDate', 'total', 'deadline'] as const;

/**
 * The work lists an agent acts from: issue and cancel list bookings with a live hold (a PNR held, its time
 * limit not passed), void lists bookings with a ticket still inside its void window. Filtered on the server;
 * their `deadline` sort is the soonest such time limit (issue, cancel) or void cut-off (void).
 */
export const WORK_LISTS = ['issue', 'void', 'cancel'] as const;
export type WorkList = (typeof WORK_LISTS)[number];

export const PRICE_DISPLAYS = ['total', 'detail', 'none'] as const;

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
