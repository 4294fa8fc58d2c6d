/**
 * exchange-route (/booking/edit/exchange-route/:id): new flights for one direction of an issued PNR, found by
 * the ordinary flight search (same route, another date, same airline and source), a quote stated in plain
 * words before anything is committed, then one paid edit: the new tickets issued, the old ones exchanged.
 *
 * The quote per passenger type: the fare held (TST total of the direction), the new fare (fare + tax + VAT of
 * the chosen class), the agency's fee for the reissue (its issue fee) and the carrier's change penalty of the
 * fare family held (infants pay no penalty). `exchangeQuote` (aftersale.ts) does the arithmetic in integers.
 */
import { z } from 'zod';
import { exchangeQuote, type ExchangeQuote, type PnrSegment } from './aftersale';
import type { PaxType } from './flights';

export const EXCHANGE_API = {
  /** GET ?pnr&direction&sessionId&offerId&class → exchangeQuoteAnswer (nothing is changed). */
  quote: '/api/aftersale/bookings/:id/exchange-quote',
  /** POST exchangeRequest → exchangeResult (PIN when the caller must use one). */
  exchange: '/api/aftersale/bookings/:id/exchange',
} as const;

const pnrCode = z.string().regex(/^[A-Z0-9]{6}$/);
const direction = z.enum(['depart', 'return']);

export const exchangeQuoteQuery = z.object({
  pnr: pnrCode,
  direction,
  sessionId: z.string().min(1).max(100),
  offerId: z.string().min(1).max(200),
  class: z.string().regex(/^[A-Z]$/),
});
export type ExchangeQuoteQuery = z.infer<typeof exchangeQuoteQuery>;

export const exchangeRequest = exchangeQuoteQuery.extend({
  idempotencyKey: z.string().uuid(),
  /** The total of the quote the user confirmed: a different total now is 409 quoteChanged with the new quote. */
  total: z.number().int().min(0),
});
export type ExchangeRequest = z.infer<typeof exchangeRequest>;

/** One passenger type's part of the quote (amounts per passenger; `count` passengers). */
export interface ExchangeLine {
  paxType: PaxType;
  count: number;
  oldFare: number;
  newFare: number;
  changeFee: number;
  penalty: number;
}

export interface ExchangeQuoteAnswer {
  pnr: string;
  direction: 'depart' | 'return';
  /** The segments replaced and the flights that replace them. */
  oldSegments: PnrSegment[];
  newSegments: Omit<PnrSegment, 'segId' | 'status' | 'direction'>[];
  fareFamily: string;
  /** The carrier's change rule of the fare held, in the caller's language. */
  changeRule: string;
  lines: ExchangeLine[];
  quote: ExchangeQuote;
}

export const exchangeResult = z.object({
  pnr: z.string(),
  amount: z.number(),
  entryId: z.number().nullable(),
  emds: z.array(z.string()),
  /** The new ticket numbers. */
  tickets: z.array(z.string()),
  replayed: z.boolean(),
});
export type ExchangeResult = z.infer<typeof exchangeResult>;

/** The quote of the whole PNR from its lines: every amount times the passengers, then `exchangeQuote`. */
export function exchangeTotals(lines: readonly ExchangeLine[]): ExchangeQuote {
  const sum = (f: (l: ExchangeLine) => number) => lines.reduce((s, l) => s + f(l) * l.count, 0);
  for (const l of lines) {
    if (!Number.isSafeInteger(l.count) || l.count < 0) throw new RangeError('count must be a non-negative integer');
  }
  return exchangeQuote({ oldFare: sum((l) => l.oldFare), newFare: sum((l) => l.newFare), changeFee: sum((l) => l.changeFee), penalty: sum((l) => l.penalty) });
}

export type ExchangeWordsKey = 'payMore' | 'nothingToPay' | 'residual';

/**
 * The quote in plain words: which sentence and its parts, each amount once and only when it is above 0
 * ("You pay 1.250.000 ₫ more: fare difference 850.000 ₫, change fee 400.000 ₫"). A lower new fare is not
 * given back: the sentence says so with the residual.
 */
export function exchangeWords(q: ExchangeQuote): { key: ExchangeWordsKey; total: number; parts: { part: 'fareDifference' | 'changeFee' | 'penalty'; amount: number }[]; residual: number } {
  const parts = [
    { part: 'fareDifference' as const, amount: Math.max(0, q.fareDifference) },
    { part: 'changeFee' as const, amount: q.changeFee },
    { part: 'penalty' as const, amount: q.penalty },
  ].filter((p) => p.amount > 0);
  const key: ExchangeWordsKey = q.total === 0 ? 'nothingToPay' : q.residual > 0 ? 'residual' : 'payMore';
  return { key, total: q.total, parts, residual: q.residual };
}
