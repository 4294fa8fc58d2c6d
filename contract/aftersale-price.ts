/**
 * Re-pricing a HELD booking (nothing is ticketed, so no money moves): two after-sale screens of spec point 2.
 *
 * - quote-best-price (/booking/edit/quote-best-price/:id): the lowest fare the airline sells now on the same
 *   flights (another booking class or fare family with seats for the PNR's passengers), old vs new per
 *   passenger, the saving, the fare conditions in words; confirming rebooks the PNR's segments into that class,
 *   stores the new fares (TST) and moves the seats in the inventory.
 * - process-price (/booking/edit/process-price/:id): the same classes priced at today's fares; the stored fare
 *   (TST) vs the new price and the difference (up or down); confirming stores the new TST and sets the amounts
 *   the issue will charge.
 *
 * Both are quoted first (GET, nothing changes) and confirmed with the total the agent saw: a different total at
 * confirm time is 409 quoteChanged with the new quote. A held PNR only: an issued one is refused (exchange-route or
 * change-route-class apply), so is an expired hold. The rules below are pure and table-tested.
 */
import { z } from 'zod';
import type { PaxType } from './flights';

export const PRICE_API = {
  /** GET ?pnr → PriceQuote (nothing changes). */
  bestPriceQuote: '/api/aftersale/bookings/:id/best-price',
  /** POST priceRequest → priceResult. */
  bestPrice: '/api/aftersale/bookings/:id/best-price',
  /** GET ?pnr → PriceQuote (nothing changes). */
  repriceQuote: '/api/aftersale/bookings/:id/reprice',
  /** POST priceRequest → priceResult. */
  reprice: '/api/aftersale/bookings/:id/reprice',
} as const;

export const PRICE_SCREENS = ['quote-best-price', 'process-price'] as const;
export type PriceScreen = (typeof PRICE_SCREENS)[number];

const pnrCode = z.string().regex(/^[A-Z0-9]{6}$/);

/** Without `pnr`: the booking's first held PNR. */
export const priceQuery = z.object({ pnr: pnrCode.optional() });
export type PriceQuery = z.infer<typeof priceQuery>;

export const priceRequest = z.object({
  pnr: pnrCode,
  idempotencyKey: z.string().uuid(),
  /** The new total of the quote the agent confirmed (newPayable): another total now is 409 quoteChanged. */
  total: z.number().int().min(0),
});
export type PriceRequest = z.infer<typeof priceRequest>;

export const priceResult = z.object({
  pnr: z.string(),
  amount: z.number().int(),
  entryId: z.number().nullable(),
  emds: z.array(z.string()),
  replayed: z.boolean(),
  /** What the issue of the PNR will charge now. */
  total: z.number().int().optional(),
});
export type PriceResult = z.infer<typeof priceResult>;

/** The terms of one fare: class, family, baggage and the change/refund rule in words. */
export interface FareTerms {
  class: string;
  cabinClass: string;
  fareFamily: string;
  fareBasis: string;
  /** Carry-on and checked allowance as the airline states it (7kg, 23kg, 0kg). */
  handBaggage: string;
  freeBaggage: string;
  changeable: boolean;
  refundable: boolean;
  changeRule: string;
  refundRule: string;
  /** Seats on sale now in the class (after the inventory). */
  seatAvailable?: number;
}

/** One fare component of the PNR (a direction, or a leg of a multi-city journey) and its flights. */
export interface PriceComponent {
  direction: 'depart' | 'return';
  leg?: number;
  flights: { flightNo: string; from: string; to: string; departDate: string }[];
  old: FareTerms;
  new: FareTerms;
  /** The class changes (quote-best-price only). */
  rebook: boolean;
}

/** One passenger: the fares of every component, fare + tax + VAT (integer VND). */
export interface PriceLine {
  paxId: number;
  paxType: PaxType;
  name: string;
  oldAmount: number;
  newAmount: number;
}

export interface PriceQuote {
  screen: PriceScreen;
  pnr: string;
  airline: string;
  source: string;
  /** The booking's held PNRs (the screen offers a choice when there are several). */
  heldPnrs: string[];
  timeLimit: string;
  components: PriceComponent[];
  lines: PriceLine[];
  /** Fares of the PNR stored (TST) and new, and new − old. */
  oldFare: number;
  newFare: number;
  difference: number;
  /** What the issue will charge (fares, the agency's fees, luggage) before and after. */
  oldPayable: number;
  newPayable: number;
  /** quote-best-price: a cheaper fare than the one held exists now. */
  better: boolean;
}

// ----- Pure rules ----------------------------------------------------------------------------------------------

/** Why a PNR cannot be re-priced now (null: it is a live hold). */
export type HeldProblem = 'notHeld' | 'issued' | 'expired' | 'issueInProgress';

export function heldPnrProblem(p: { pnr: string | null; recordStatus: string; timeLimit: string | null; charging: boolean }, now: Date): HeldProblem | null {
  if (p.recordStatus === 'ISSUE TICKET') return 'issued';
  if (p.recordStatus === 'TIME LIMIT OUT') return 'expired';
  if (!p.pnr || p.recordStatus !== 'BOOKED') return 'notHeld';
  if (!p.timeLimit || Date.parse(p.timeLimit) <= now.getTime()) return 'expired';
  if (p.charging) return 'issueInProgress';
  return null;
}

/**
 * A hold sold from an agency's allotment (shop reserves): its fares are stored under a pooled offer
 * (`pool:<name>:<id>`) at the allotment's selling price, which the agency fixed when it bought the block; the
 * airline has no fare to re-price it from, so neither screen may change it.
 */
export const isAllotmentPriced = (fares: readonly { offerId?: string }[]): boolean => fares.some((f) => typeof f.offerId === 'string' && f.offerId.startsWith('pool:'));

/**
 * Sources that rebook a held reservation into another fare. The low-cost carriers' own channels (VJ, VU) do
 * not: a held reservation keeps its fare there (cancel and book again); they still re-price the same class.
 */
export const BEST_PRICE_UNSUPPORTED: readonly string[] = ['VJ', 'VU'];
export const supportsScreen = (screen: PriceScreen, source: string): boolean => screen === 'process-price' || !BEST_PRICE_UNSUPPORTED.includes(source);

export interface ClassPrice {
  class: string;
  seatAvailable: number;
  /** Fare + tax + VAT per passenger of each type. */
  perPax: Record<PaxType, number>;
}

export interface PaxCounts {
  ADT: number;
  CHD: number;
  INF: number;
}

export const totalFor = (p: Pick<ClassPrice, 'perPax'>, c: PaxCounts): number => p.perPax.ADT * c.ADT + p.perPax.CHD * c.CHD + p.perPax.INF * c.INF;

/**
 * The cheapest class the PNR's passengers can have now: seats for every seated passenger (adults and children;
 * the held class always qualifies, its seats are the PNR's), the lowest total for them; on a tie the held class
 * (no needless rebooking), then the class letter. Null when no class qualifies.
 */
export function cheapestClass(options: readonly ClassPrice[], counts: PaxCounts, heldClass: string): ClassPrice | null {
  const seated = counts.ADT + counts.CHD;
  const eligible = options.filter((o) => o.class === heldClass || o.seatAvailable >= seated);
  let best: ClassPrice | null = null;
  for (const o of eligible) {
    if (!best) {
      best = o;
      continue;
    }
    const a = totalFor(o, counts);
    const b = totalFor(best, counts);
    if (a < b || (a === b && (o.class === heldClass || (best.class !== heldClass && o.class < best.class)))) best = o;
  }
  return best;
}

/** The quote's totals from its lines (integers; difference = new − old). */
export function priceTotals(lines: readonly Pick<PriceLine, 'oldAmount' | 'newAmount'>[], oldPayable: number): Pick<PriceQuote, 'oldFare' | 'newFare' | 'difference' | 'oldPayable' | 'newPayable'> {
  for (const l of lines) {
    if (!Number.isSafeInteger(l.oldAmount) || !Number.isSafeInteger(l.newAmount) || l.oldAmount < 0 || l.newAmount < 0) throw new RangeError('amounts must be non-negative integers');
  }
  const oldFare = lines.reduce((s, l) => s + l.oldAmount, 0);
  const newFare = lines.reduce((s, l) => s + l.newAmount, 0);
  const difference = newFare - oldFare;
  return { oldFare, newFare, difference, oldPayable, newPayable: Math.max(0, oldPayable + difference) };
}

/** How the difference reads: the agent sees a rise before confirming. */
export const priceMove = (difference: number): 'up' | 'down' | 'same' => (difference > 0 ? 'up' : difference < 0 ? 'down' : 'same');

/** What the new fare gives up against the one held (the agent is told before rebooking). */
export function conditionsLost(held: Pick<FareTerms, 'changeable' | 'refundable' | 'freeBaggage'>, next: Pick<FareTerms, 'changeable' | 'refundable' | 'freeBaggage'>): ('change' | 'refund' | 'baggage')[] {
  const bag = (d: string) => d !== '' && d !== '0kg';
  return [
    ...(held.changeable && !next.changeable ? (['change'] as const) : []),
    ...(held.refundable && !next.refundable ? (['refund'] as const) : []),
    ...(bag(held.freeBaggage) && !bag(next.freeBaggage) ? (['baggage'] as const) : []),
  ];
}
