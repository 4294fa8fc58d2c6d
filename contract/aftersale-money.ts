/**
 * What a PNR has cost, after its paid after-sale edits (pure; tests/unit/aftersale-money.test.ts).
 *
 * A PNR row keeps `totalPrice` (what the deposit paid for it: the issue's charge, then every paid edit's charge)
 * and `extras` (the edits' charges summed by kind). An edit paid `amount` moves both, and the booking's fare total,
 * by that amount, in the transaction that records the edit (`afterPaidEdit`). The booking detail's fare grid
 * (`fareBreakdown`) shows the fare, taxes and VAT of the passengers ticketed at issue, the agency's service fee,
 * the luggage bought with the booking, each kind of extra, and the total; the fee is what is left of the total
 * once the rest is taken out, so the grid always adds up to what was charged.
 */
import { z } from 'zod';

/** Kinds of paid extras as the fare grid shows them. */
export const EXTRA_KINDS = ['luggage', 'seat', 'ancillary', 'infant', 'exchange', 'classChange', 'route', 'other'] as const;
export type ExtraKind = (typeof EXTRA_KINDS)[number];

export const pnrExtra = z.object({ kind: z.enum(EXTRA_KINDS), amount: z.number().int() });
export type PnrExtra = z.infer<typeof pnrExtra>;

const KIND_OF_EDIT: Record<string, ExtraKind> = {
  'buy-luggage': 'luggage',
  'upgrade-luggage': 'luggage',
  'buy-seat': 'seat',
  'buy-ancillary': 'ancillary',
  'add-infant': 'infant',
  'add-infant-vj': 'infant',
  'exchange-route': 'exchange',
  'change-route-class': 'classChange',
  'add-route': 'route',
};

/** The grid's kind of an after-sale edit (its `pnr_edits.kind`). */
export const extraKindOf = (editKind: string): ExtraKind => KIND_OF_EDIT[editKind] ?? 'other';

/** The money fields an edit moves: the PNR's total and extras, the booking's fare total. */
export interface EditMoney {
  pnrTotal: number;
  extras: readonly PnrExtra[];
  bookingTotalFare: number;
}

/**
 * The money fields after an edit that charged `amount` (integer VND, ≥ 0): the totals grow by it and the kind's
 * extra with them (kept in EXTRA_KINDS order). Nothing charged, nothing changes.
 */
export function afterPaidEdit(m: EditMoney, edit: { kind: string; amount: number }): EditMoney {
  if (!Number.isInteger(edit.amount) || edit.amount < 0) throw new Error(`an edit's charge is a whole number of VND ≥ 0, got ${edit.amount}`);
  if (edit.amount === 0) return { pnrTotal: m.pnrTotal, extras: [...m.extras], bookingTotalFare: m.bookingTotalFare };
  const kind = extraKindOf(edit.kind);
  const byKind = new Map(m.extras.map((e) => [e.kind, e.amount]));
  byKind.set(kind, (byKind.get(kind) ?? 0) + edit.amount);
  return {
    pnrTotal: m.pnrTotal + edit.amount,
    extras: EXTRA_KINDS.filter((k) => byKind.has(k)).map((k) => ({ kind: k, amount: byKind.get(k)! })),
    bookingTotalFare: m.bookingTotalFare + edit.amount,
  };
}

export const extrasTotal = (extras: readonly PnrExtra[] | undefined): number => (extras ?? []).reduce((s, e) => s + e.amount, 0);

type PerType = Record<'fareADT' | 'taxADT' | 'vatADT' | 'fareCHD' | 'taxCHD' | 'vatCHD' | 'fareINF' | 'taxINF' | 'vatINF', number>;

export interface FareBreakdownInput {
  /** Fare, tax and VAT per passenger of each type, summed over the PNR's fare components. */
  perPax: PerType;
  /** Passengers of each type ticketed at issue (an infant added after sale is paid as an `infant` extra). */
  counts: Record<'ADT' | 'CHD' | 'INF', number>;
  /** What the PNR has cost (pnrs.totalPrice). */
  totalPrice: number;
  /** Luggage bought with the booking. */
  otherFee: number;
  extras: readonly PnrExtra[];
  totalChargeCancel: number;
}

export interface FareBreakdown extends PerType {
  /** The fares (without taxes) of the passengers ticketed at issue. */
  baseFare: number;
  /** Their taxes and VAT. */
  taxes: number;
  /** Fares + taxes + VAT of the passengers ticketed at issue (baseFare + taxes). */
  totalReserve: number;
  /** The agency's service (issue) fee. */
  issueFee: number;
  otherFee: number;
  extras: PnrExtra[];
  totalPrice: number;
  totalChargeCancel: number;
}

/** The booking detail's fare grid of a PNR (see the file's comment). */
export function fareBreakdown(i: FareBreakdownInput): FareBreakdown {
  const p = i.perPax;
  const baseFare = i.counts.ADT * p.fareADT + i.counts.CHD * p.fareCHD + i.counts.INF * p.fareINF;
  const taxes = i.counts.ADT * (p.taxADT + p.vatADT) + i.counts.CHD * (p.taxCHD + p.vatCHD) + i.counts.INF * (p.taxINF + p.vatINF);
  const totalReserve = baseFare + taxes;
  const extras = i.extras.filter((e) => e.amount !== 0).map((e) => ({ kind: e.kind, amount: e.amount }));
  return {
    ...p,
    baseFare,
    taxes,
    totalReserve,
    issueFee: Math.max(0, i.totalPrice - totalReserve - i.otherFee - extrasTotal(extras)),
    otherFee: i.otherFee,
    extras,
    totalPrice: i.totalPrice,
    totalChargeCancel: i.totalChargeCancel,
  };
}
