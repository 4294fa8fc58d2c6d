/**
 * booking/print-ticket and booking/mail: the price display options (total, detail, none) (the price lines each
 * shows are `ticketPriceLines` of contract/aftersale-money.ts, shared with the PDF), the page's query (?id=&pnr=&price=) and the recipients of a mail.
 */
import type { PaxInfoEntry } from '../../../contract/bookings';
import { PRICE_DISPLAYS } from '../../../contract/bookings-rules';
import { isValidEmail } from '../../../contract/validators';

export type PriceDisplay = (typeof PRICE_DISPLAYS)[number];

export interface PaxCounts {
  ADT: number;
  CHD: number;
  INF: number;
}

export function paxCounts(passengers: readonly Pick<PaxInfoEntry, 'paxType'>[]): PaxCounts {
  const out: PaxCounts = { ADT: 0, CHD: 0, INF: 0 };
  for (const p of passengers) out[p.paxType] += 1;
  return out;
}

export interface PrintParams {
  id: number | null;
  pnr: string | null;
  price: PriceDisplay;
}

/** The print page's query: a positive booking id, a 6-character PNR code, a price display (default total). */
export function printParams(query: string | URLSearchParams): PrintParams {
  const q = typeof query === 'string' ? new URLSearchParams(query) : query;
  const id = Number(q.get('id'));
  const pnr = (q.get('pnr') ?? '').toUpperCase();
  const price = q.get('price') ?? '';
  return {
    id: Number.isSafeInteger(id) && id >= 1 ? id : null,
    pnr: /^[A-Z0-9]{6}$/.test(pnr) ? pnr : null,
    price: (PRICE_DISPLAYS as readonly string[]).includes(price) ? (price as PriceDisplay) : 'total',
  };
}

export function printQuery(p: { id: number; pnr?: string | null; price?: PriceDisplay }): string {
  const q = new URLSearchParams({ id: String(p.id) });
  if (p.pnr) q.set('pnr', p.pnr);
  if (p.price && p.price !== 'total') q.set('price', p.price);
  return q.toString();
}

/** A baggage allowance as text: '1 × 23kg'; nothing when no piece is included. */
export function baggageText(b: { pieces: number; description: string }): string {
  return b.pieces > 0 ? `${b.pieces} × ${b.description}` : '';
}

export const MAX_RECIPIENTS = 5;

/** Recipients typed as a list (commas, semicolons, spaces or new lines): valid and invalid, no duplicates. */
export function parseRecipients(text: string): { valid: string[]; invalid: string[]; tooMany: boolean } {
  const seen = new Set<string>();
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const e = part.trim();
    if (!e || seen.has(e.toLowerCase())) continue;
    seen.add(e.toLowerCase());
    (isValidEmail(e) ? valid : invalid).push(e);
  }
  return { valid, invalid, tooMany: valid.length > MAX_RECIPIENTS };
}
