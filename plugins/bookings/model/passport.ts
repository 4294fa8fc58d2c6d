/**
 * The passport block of passenger information (spec point 3: passport {expiryDate, issuingCity, issuingCountry,
 * issuingDate, nationCountry, pNumber}; spec point 9: passport country VNM by default) and loyalty numbers.
 * The rules are the contract's `passportProblems`, the same the gateway applies to the hold: required on journeys
 * with requirePassport (optional otherwise, and then checked only once something is typed); number 5 to 15
 * letters or digits; nationality and issuing country ISO 3166-1 alpha-3; expiry a real date (dd/MM/yyyy) after
 * the last travel date, on international journeys at least PASSPORT_MIN_VALIDITY_MONTHS after it; issuing date
 * optional, when given a real date not in the future and before the expiry.
 */
import { loyaltyInput, type LoyaltyInput, type PassportInput } from '../../../contract/bookings';
import { passportProblems, type PassportProblem } from '../../../contract/bookings-rules';
import { DEFAULT_PASSPORT_COUNTRY } from '../../../contract/constants';

export interface PassportForm {
  nationCountry: string;
  pNumber: string;
  /** dd/MM/yyyy */
  expiryDate: string;
  issuingCountry: string;
  /** dd/MM/yyyy, optional */
  issuingDate: string;
  issuingCity: string;
}

export function emptyPassport(): PassportForm {
  return { nationCountry: DEFAULT_PASSPORT_COUNTRY, pNumber: '', expiryDate: '', issuingCountry: DEFAULT_PASSPORT_COUNTRY, issuingDate: '', issuingCity: '' };
}

/** Whether anything of the passport was typed (countries alone are defaults). */
export function passportTyped(p: PassportForm): boolean {
  return p.pNumber.trim() !== '' || p.expiryDate !== '' || p.issuingDate !== '' || p.issuingCity.trim() !== '';
}

/**
 * Problems of a passport form (the contract's passportProblems on what the request would carry); `lastTravelDate`
 * yyyy-MM-dd of the last departure. Empty when fine, or when not required and untouched.
 */
export function passportFormProblems(p: PassportForm | undefined, requirePassport: boolean, lastTravelDate: string, now: Date = new Date()): PassportProblem[] {
  if (!p) return requirePassport ? ['passport'] : [];
  if (!requirePassport && !passportTyped(p)) return [];
  return passportProblems(passportRequest(p), lastTravelDate, now, requirePassport);
}

/** The request's passport: trimmed, the number upper-cased, empty optional fields left out. */
export function passportRequest(p: PassportForm): PassportInput {
  return {
    nationCountry: p.nationCountry,
    pNumber: p.pNumber.trim().toUpperCase(),
    expiryDate: p.expiryDate,
    issuingCountry: p.issuingCountry,
    ...(p.issuingDate ? { issuingDate: p.issuingDate } : {}),
    ...(p.issuingCity.trim() ? { issuingCity: p.issuingCity.trim() } : {}),
  };
}

/** A passport number as shown after booking: all but the last 3 characters hidden. */
export function maskPassport(pNumber: string): string {
  const n = pNumber.trim();
  if (n.length <= 3) return n;
  return '•'.repeat(n.length - 3) + n.slice(-3);
}

export interface LoyaltyForm {
  airline: string;
  number: string;
}

/** At most this many loyalty numbers per passenger (contract passengerInput.loyalty). */
export const MAX_LOYALTY = 4;

export function loyaltyProblems(l: LoyaltyForm): Array<'airline' | 'number'> {
  const out: Array<'airline' | 'number'> = [];
  if (!loyaltyInput.shape.airline.safeParse(l.airline).success) out.push('airline');
  if (!loyaltyInput.shape.number.safeParse(l.number).success) out.push('number');
  return out;
}

export function loyaltyRequest(list: readonly LoyaltyForm[]): LoyaltyInput[] {
  return list.map((l) => ({ airline: l.airline, number: l.number.trim().toUpperCase() }));
}
