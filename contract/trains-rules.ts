/**
 * The pure railway rules both the portal and the gateway use (spec point 9 and the railway facts): the fare
 * a passenger type pays, the refund fee by hours before departure, the hold countdown, diacritics-free
 * station search, the train sorts of spec point 4 and the passenger checks. One implementation: the
 * gateway charges what the portal shows. Money is integer VND.
 */
import { isValidName, isValidPhone, isValidEmail } from './validators';

// ----- Passenger types and discounts (spec point 9) ---------------------------------------------------------

/** Train passenger types: 1 Vietnamese adult, 2 child, 12 student, 13 senior, 6 foreign adult, 7 foreign child. */
export const TRAIN_PAX_TYPES = [1, 2, 12, 13, 6, 7] as const;
export type TrainPaxType = (typeof TRAIN_PAX_TYPES)[number];

/** The share of the seat price each passenger type pays, in percent (spec point 9). */
export const TRAIN_PAX_PERCENT: Readonly<Record<TrainPaxType, number>> = { 1: 100, 2: 75, 12: 90, 13: 85, 6: 100, 7: 75 };

/** Types that travel on a passport rather than a Vietnamese ID card. */
export const FOREIGN_PAX_TYPES: readonly TrainPaxType[] = [6, 7];
/** Types that need no ID number (children travel on the adult's papers). */
export const CHILD_PAX_TYPES: readonly TrainPaxType[] = [2, 7];

/** Rounds to the nearest 1,000 VND (how the railway prints its fares). */
export function roundThousand(amount: number): number {
  return Math.round(amount / 1000) * 1000;
}

/** What a passenger of this type pays for a seat of this price (rounded to 1,000 VND). */
export function paxFare(seatPrice: number, paxType: TrainPaxType): number {
  return roundThousand((seatPrice * TRAIN_PAX_PERCENT[paxType]) / 100);
}

/** The discount a passenger of this type gets on a seat of this price. */
export function paxDiscount(seatPrice: number, paxType: TrainPaxType): number {
  return seatPrice - paxFare(seatPrice, paxType);
}

// ----- Seat classes (spec point 9) ------------------------------------------------------------------------

/** The search filter: ALL, or one class: GP extra seat, NGC hard seat, NGM soft seat, NAM soft berth (4- and 2-berth), NAC hard berth (6-berth). */
export const TRAIN_SEAT_CLASSES = ['ALL', 'GP', 'NGC', 'NGM', 'NAM', 'NAC'] as const;
export type TrainSeatClassFilter = (typeof TRAIN_SEAT_CLASSES)[number];
export type TrainSeatClass = Exclude<TrainSeatClassFilter, 'ALL'>;

// ----- Optional services per direction (addService) -------------------------------------------------------

/** Services a passenger can add per direction: travel insurance and an on-board meal. */
export const TRAIN_SERVICES = { INS: 10_000, MEAL: 40_000 } as const;
export type TrainServiceCode = keyof typeof TRAIN_SERVICES;

/** The agency's booking fee per ticket. */
export const TRAIN_BOOKING_FEE = 15_000;

// ----- Holds ---------------------------------------------------------------------------------------------

/** How long a hold lasts, in seconds. */
export const TRAIN_HOLD_SECONDS = 15 * 60;
/** Most seats one hold may take. */
export const TRAIN_MAX_SEATS = 20;

/** Seconds left of a hold: duration minus the seconds elapsed since startTime (spec point 4), never below 0. */
export function holdSecondsLeft(startTime: string | Date, duration: number, now: Date | number = Date.now()): number {
  const start = typeof startTime === 'string' ? Date.parse(startTime) : startTime.getTime();
  const at = typeof now === 'number' ? now : now.getTime();
  if (Number.isNaN(start)) return 0;
  return Math.max(0, duration - Math.floor((at - start) / 1000));
}

/** Toggles a ticket id in a selection (spec point 4: selecting a seat again clears it). */
export function toggleSeat(selected: readonly string[], ticketId: string): string[] {
  return selected.includes(ticketId) ? selected.filter((t) => t !== ticketId) : [...selected, ticketId];
}

// ----- Refunds (railway refund rules) ---------------------------------------------------------------------

/** A booking of this many tickets or more is a group: the group refund bands apply. */
export const TRAIN_GROUP_MIN_TICKETS = 11;
/** The smallest refund fee per ticket. */
export const TRAIN_REFUND_MIN_FEE = 10_000;

export type RefundRefusal = 'tooLate' | 'departed';

export type RefundFeeAnswer =
  | { allowed: true; percent: number; fee: number; refund: number }
  | { allowed: false; reason: RefundRefusal; percent: 0; fee: 0; refund: 0 };

/**
 * The refund fee of one ticket: individual tickets 10 % at 24 h or more before departure, 20 % at 4–24 h,
 * refused under 4 h; group tickets 10 % at 72 h or more, 20 % at 24–72 h, refused under 24 h. Never below
 * 10,000 VND, never above the ticket's price.
 */
export function refundFee(price: number, hoursBeforeDeparture: number, group = false): RefundFeeAnswer {
  if (hoursBeforeDeparture <= 0) return { allowed: false, reason: 'departed', percent: 0, fee: 0, refund: 0 };
  const [low, high] = group ? [24, 72] : [4, 24];
  if (hoursBeforeDeparture < low) return { allowed: false, reason: 'tooLate', percent: 0, fee: 0, refund: 0 };
  const percent = hoursBeforeDeparture >= high ? 10 : 20;
  const fee = Math.min(price, Math.max(TRAIN_REFUND_MIN_FEE, Math.round((price * percent) / 100)));
  return { allowed: true, percent, fee, refund: price - fee };
}

/** Hours (fractional) between an instant and a departure instant. */
export function hoursBefore(departure: string | Date, now: Date | number): number {
  const d = typeof departure === 'string' ? Date.parse(departure) : departure.getTime();
  const at = typeof now === 'number' ? now : now.getTime();
  return (d - at) / 3_600_000;
}

// ----- Stations -----------------------------------------------------------------------------------------

/** Lower case, no diacritics, đ → d, spaces folded: "Biên Hoà" → "bien hoa". */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Stations whose folded name or code contains the folded query (diacritics-insensitive). */
export function matchStations<T extends { code: string; name: string; folded?: string }>(stations: readonly T[], query: string): T[] {
  const q = foldName(query);
  if (!q) return [...stations];
  return stations.filter((s) => (s.folded ?? foldName(s.name)).includes(q) || s.code.toLowerCase().includes(q));
}

// ----- Train sorts (spec point 4) -------------------------------------------------------------------------

/** seatNull: most free seats first; departTime / returnTime: earliest departure first; timeRun: shortest run first. */
export const TRAIN_SORTS = ['seatNull', 'departTime', 'returnTime', 'timeRun'] as const;
export type TrainSort = (typeof TRAIN_SORTS)[number];

export function sortTrains<T extends { seatAvailable: number; departDateTime: string; timeRun: number; trainId: string }>(trains: readonly T[], sort: TrainSort): T[] {
  const cmp = (a: T, b: T): number => {
    switch (sort) {
      case 'seatNull':
        return b.seatAvailable - a.seatAvailable || a.departDateTime.localeCompare(b.departDateTime);
      case 'timeRun':
        return a.timeRun - b.timeRun || a.departDateTime.localeCompare(b.departDateTime);
      default:
        return a.departDateTime.localeCompare(b.departDateTime);
    }
  };
  return [...trains].sort((a, b) => cmp(a, b) || a.trainId.localeCompare(b.trainId));
}

/** Departure time bands of the train filter (minutes after midnight, [from, to)). */
export const TRAIN_TIME_BANDS = { 60: [0, 360], 120: [360, 720], 180: [720, 1080], 240: [1080, 1440] } as const;
export type TrainTimeBand = keyof typeof TRAIN_TIME_BANDS;

export function inTimeBand(localDateTime: string, band: TrainTimeBand): boolean {
  const [h, m] = localDateTime.slice(11, 16).split(':').map(Number);
  const minutes = h * 60 + m;
  const [from, to] = TRAIN_TIME_BANDS[band];
  return minutes >= from && minutes < to;
}

// ----- Passengers -----------------------------------------------------------------------------------------

export type TrainPassengerProblem = 'fullName' | 'idNumber' | 'paxType';

/** Vietnamese ID card (9 or 12 digits) for Vietnamese passengers; passport (6–9 letters or digits) for foreigners. */
export function isValidTrainId(idNumber: string, paxType: TrainPaxType): boolean {
  const v = idNumber.trim();
  return FOREIGN_PAX_TYPES.includes(paxType) ? /^[A-Za-z0-9]{6,9}$/.test(v) : /^(\d{9}|\d{12})$/.test(v);
}

/** What is wrong with one train passenger (empty when nothing is). */
export function trainPassengerProblems(p: { paxType: number; fullName: string; idNumber?: string }): TrainPassengerProblem[] {
  const problems: TrainPassengerProblem[] = [];
  if (!(TRAIN_PAX_TYPES as readonly number[]).includes(p.paxType)) return ['paxType'];
  const type = p.paxType as TrainPaxType;
  const name = p.fullName.trim();
  if (!name || name.length > 70 || !isValidName(name)) problems.push('fullName');
  const id = p.idNumber?.trim() ?? '';
  if (CHILD_PAX_TYPES.includes(type) ? id !== '' && !isValidTrainId(id, type) : !isValidTrainId(id, type)) problems.push('idNumber');
  return problems;
}

export function trainContactProblems(c: { name: string; phone: string; email?: string }): ('name' | 'phone' | 'email')[] {
  const problems: ('name' | 'phone' | 'email')[] = [];
  if (!c.name.trim() || !isValidName(c.name.trim())) problems.push('name');
  if (!isValidPhone(c.phone.trim())) problems.push('phone');
  if (c.email !== undefined && c.email.trim() !== '' && !isValidEmail(c.email.trim())) problems.push('email');
  return problems;
}

// ----- Prices of a booking --------------------------------------------------------------------------------

export interface TrainPriceLine {
  ticketId: string;
  direction: 'depart' | 'return';
  seatPrice: number;
  paxType: TrainPaxType;
  /** true when the passenger takes the direction's added service. */
  service?: TrainServiceCode | null;
}

export interface TrainPricedLine {
  ticketId: string;
  seatPrice: number;
  percent: number;
  discount: number;
  fare: number;
  service: number;
  fee: number;
  total: number;
}

/** Prices every ticket of a booking: fare after the type's discount, the service, the booking fee. */
export function priceTrainBooking(lines: readonly TrainPriceLine[], feePerTicket = TRAIN_BOOKING_FEE): { lines: TrainPricedLine[]; fare: number; discount: number; services: number; bookingFees: number; total: number } {
  const priced = lines.map((l) => {
    const fare = paxFare(l.seatPrice, l.paxType);
    const service = l.service ? TRAIN_SERVICES[l.service] : 0;
    return {
      ticketId: l.ticketId,
      seatPrice: l.seatPrice,
      percent: TRAIN_PAX_PERCENT[l.paxType],
      discount: l.seatPrice - fare,
      fare,
      service,
      fee: feePerTicket,
      total: fare + service + feePerTicket,
    };
  });
  const sum = (f: (l: TrainPricedLine) => number) => priced.reduce((s, l) => s + f(l), 0);
  return { lines: priced, fare: sum((l) => l.fare), discount: sum((l) => l.discount), services: sum((l) => l.service), bookingFees: sum((l) => l.fee), total: sum((l) => l.total) };
}
