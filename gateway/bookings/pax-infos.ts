/**
 * The paxInfos a PNR stores at hold (spec point 3 Passenger: extraInfos each with code and value):
 *
 * - DOCS  the passport, as airlines take it: P/issuing country/number/nationality/birth ddMMMyy/gender/expiry
 *         ddMMMyy/LAST/FIRST (gender M or F from the title, MI or FI for infants);
 * - FQTV  each frequent-flyer number: airline and number;
 * - INFT  on an infant: the remark naming the adult it travels with (remarkName, spec point 5);
 * - RM    on a child: the remark naming the first adult of the booking as its companion.
 *
 * `loyalty` holds the numbers as text (AIRLINE NUMBER, comma separated).
 */
import { remarkName, remarkText, type PassengerInput } from '../../contract/bookings';
import { parseDate } from '../../contract/validators';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

export interface ExtraInfo {
  code: string;
  value: string;
}

export type StoredPax = PassengerInput & { extraInfos: ExtraInfo[]; loyaltyText: string };

/** dd/MM/yyyy → ddMMMyy (01JAN25), or '' when unreadable. */
export function airlineDate(ddmmyyyy: string): string {
  const d = parseDate(ddmmyyyy);
  return d ? `${String(d.day).padStart(2, '0')}${MONTHS[d.month - 1]}${String(d.year % 100).padStart(2, '0')}` : '';
}

function gender(p: PassengerInput): string {
  const g = p.title === 'MR' || p.title === 'MSTR' ? 'M' : 'F';
  return p.type === 'INF' ? `${g}I` : g;
}

/** Passengers with the extraInfos and loyalty text a PNR keeps. */
export function paxInfosOf(passengers: readonly PassengerInput[]): StoredPax[] {
  const firstAdult = passengers.find((p) => p.type === 'ADT');
  return passengers.map((p) => {
    const extraInfos: ExtraInfo[] = [];
    if (p.passport) {
      const pp = p.passport;
      const docs = ['P', pp.issuingCountry, pp.pNumber.trim().toUpperCase(), pp.nationCountry, airlineDate(p.birthday), gender(p), airlineDate(pp.expiryDate), remarkText(p.lastName), remarkText(p.firstName)];
      extraInfos.push({ code: 'DOCS', value: docs.join('/') });
    }
    for (const l of p.loyalty ?? []) extraInfos.push({ code: 'FQTV', value: `${l.airline} ${l.number.trim().toUpperCase()}` });
    if (p.type === 'INF') {
      const parent = passengers.find((x) => x.paxId === p.parentId);
      if (parent) extraInfos.push({ code: 'INFT', value: remarkName(parent, p, 'INF') });
    } else if (p.type === 'CHD' && firstAdult) {
      extraInfos.push({ code: 'RM', value: remarkName(firstAdult, p, 'CHD') });
    }
    const loyaltyText = (p.loyalty ?? []).map((l) => `${l.airline} ${l.number.trim().toUpperCase()}`).join(', ');
    return { ...p, extraInfos, loyaltyText };
  });
}

/**
 * What `bookings.passenger_names` holds for a booking's passengers: each name folded, as "LAST FIRST" and
 * "FIRST LAST", one a line (a search never spans two lines: a folded needle has no line break).
 */
export function passengerNamesOf(passengers: readonly { firstName?: string; lastName?: string }[]): string {
  return passengers
    .map((p) => {
      const l = remarkText(p.lastName ?? '');
      const f = remarkText(p.firstName ?? '');
      return `${l} ${f}\n${f} ${l}`;
    })
    .join('\n');
}
