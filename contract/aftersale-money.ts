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

export type PaxCounts = Record<'ADT' | 'CHD' | 'INF', number>;

type PerType = Record<'fareADT' | 'taxADT' | 'vatADT' | 'fareCHD' | 'taxCHD' | 'vatCHD' | 'fareINF' | 'taxINF' | 'vatINF', number>;

export interface FareBreakdownInput {
  /** Fare, tax and VAT per passenger of each type, summed over the PNR's fare components. */
  perPax: PerType;
  /** Passengers of each type ticketed at issue (an infant added after sale is paid as an `infant` extra). */
  counts: PaxCounts;
  /** What the PNR has cost (pnrs.totalPrice). */
  totalPrice: number;
  /** Luggage bought with the booking. */
  otherFee: number;
  extras: readonly PnrExtra[];
  totalChargeCancel: number;
}

export interface FareBreakdown extends PerType {
  /** Passengers of each type ticketed at issue (the count of the per-type lines). */
  counts: PaxCounts;
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
    counts: { ADT: i.counts.ADT, CHD: i.counts.CHD, INF: i.counts.INF },
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

// ----- The printed ticket's price lines (the same breakdown as the detail grid) ---------------------------------

/** A price line of a printed ticket (the HTML print view and the PDF both draw these). */
export interface TicketPriceLine {
  key: 'perType' | 'issueFee' | 'otherFee' | 'extra' | 'total';
  /** perType: the passenger type, the passengers ticketed at issue of it, the fare + tax + VAT of one. */
  paxType?: keyof PaxCounts;
  count?: number;
  unit?: number;
  /** extra: the kind of paid after-sale service. */
  kind?: ExtraKind;
  amount: number;
}

export type TicketPriceFare = PerType & { counts?: PaxCounts; issueFee: number; otherFee: number; totalPrice: number; extras?: readonly PnrExtra[] };

/**
 * The price lines of a printed ticket from the PNR's fare grid (`fareBreakdown`): none shows nothing, total one
 * line; detail the passengers ticketed at issue per type (one's fare + tax + VAT × their count), the issue fee,
 * the luggage bought with the booking, each kind of paid extra, then the total, which they add up to. An infant
 * added after sale is in the `infant` extra only, never in the per-type lines.
 */
export function ticketPriceLines(fare: TicketPriceFare, display: 'total' | 'detail' | 'none'): TicketPriceLine[] {
  if (display === 'none') return [];
  const total: TicketPriceLine = { key: 'total', amount: fare.totalPrice };
  if (display === 'total') return [total];
  const lines: TicketPriceLine[] = [];
  for (const type of ['ADT', 'CHD', 'INF'] as const) {
    const count = fare.counts?.[type] ?? 0;
    if (count === 0) continue;
    const unit = fare[`fare${type}`] + fare[`tax${type}`] + fare[`vat${type}`];
    lines.push({ key: 'perType', paxType: type, count, unit, amount: unit * count });
  }
  if (fare.issueFee) lines.push({ key: 'issueFee', amount: fare.issueFee });
  if (fare.otherFee) lines.push({ key: 'otherFee', amount: fare.otherFee });
  for (const e of fare.extras ?? []) if (e.amount !== 0) lines.push({ key: 'extra', kind: e.kind, amount: e.amount });
  lines.push(total);
  return lines;
}

// ----- A split: the moved passengers' share of the PNR's money ---------------------------------------------------

/** A paid after-sale edit as its history row keeps it (pnr_edits: kind, amount, the parts of the record before/after). */
export interface PaidEditRecord {
  kind: string;
  amount: number;
  before: unknown;
  after: unknown;
}

const ITEM_FIELD: Partial<Record<ExtraKind, string>> = { luggage: 'baggage', seat: 'seats', ancillary: 'ancillaries' };

/** The item list of one side of an edit's history: the list itself, or its field in a recovery's record diff. */
function itemsOf(side: unknown, field: string): unknown[] {
  if (Array.isArray(side)) return side;
  if (side && typeof side === 'object') {
    const v = (side as Record<string, unknown>)[field];
    if (Array.isArray(v)) return v;
  }
  return [];
}

/** `amount` divided in proportion to the weights (largest remainder, whole VND; equal parts when every weight is 0). */
function divide(amount: number, weights: readonly number[]): number[] {
  const w = weights.every((x) => x <= 0) ? weights.map(() => 1) : weights.map((x) => Math.max(0, x));
  const sum = w.reduce((s, x) => s + x, 0);
  const exact = w.map((x) => (amount * x) / sum);
  const out = exact.map(Math.floor);
  let left = amount - out.reduce((s, x) => s + x, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i] += 1;
    left -= 1;
  }
  return out;
}

/**
 * Whom a paid edit's charge was for, from its history row: luggage, seats and ancillaries the items the edit added
 * (each names its passenger; the charge divided by their prices), an infant the infant added (its whole fare).
 * Null when the charge is the PNR's as a whole (an exchange, a class change, a flight added, a re-pricing) or the
 * row names nobody.
 */
export function editPaxShares(e: PaidEditRecord): { paxId: number; amount: number }[] | null {
  if (!(e.amount > 0)) return null;
  const kind = extraKindOf(e.kind);
  if (kind === 'infant') {
    const added = (side: unknown): number[] => {
      if (Array.isArray(side)) return side.flatMap((l) => (typeof l === 'string' ? [/^P(\d+) .*\(INF\)/.exec(l)] : [])).filter((m) => m !== null).map((m) => Number(m![1]));
      return itemsOf(side, 'names').flatMap((n) => (n && typeof n === 'object' && (n as { paxType?: unknown }).paxType === 'INF' && Number.isInteger((n as { paxId?: unknown }).paxId) ? [(n as { paxId: number }).paxId] : []));
    };
    const before = new Set(added(e.before));
    const infant = added(e.after).find((id) => !before.has(id));
    return infant === undefined ? null : [{ paxId: infant, amount: e.amount }];
  }
  const field = ITEM_FIELD[kind];
  if (!field) return null;
  const was = new Set(itemsOf(e.before, field).map((x) => JSON.stringify(x)));
  const fresh = itemsOf(e.after, field).filter((x): x is { paxId: number; price?: unknown } => {
    return !!x && typeof x === 'object' && Number.isInteger((x as { paxId?: unknown }).paxId) && !was.has(JSON.stringify(x));
  });
  if (fresh.length === 0) return null;
  const parts = divide(e.amount, fresh.map((x) => (typeof x.price === 'number' ? x.price : 0)));
  const byPax = new Map<number, number>();
  fresh.forEach((x, i) => byPax.set(x.paxId, (byPax.get(x.paxId) ?? 0) + parts[i]));
  return [...byPax].map(([paxId, amount]) => ({ paxId, amount }));
}

export interface SplitMoneyInput {
  /** The original row's money before the split. */
  totalPrice: number;
  extras: readonly PnrExtra[];
  /** The moved passengers' share of what was paid at issue: their fares, taxes and VAT, their luggage bought with the booking. */
  movedBase: number;
  /** The passengers moved (an adult's infant with it). */
  moved: readonly number[];
  /** The row's paid edits (its history). */
  edits: readonly PaidEditRecord[];
}

export interface SplitMoney {
  parent: { totalPrice: number; extras: PnrExtra[] };
  child: { totalPrice: number; extras: PnrExtra[] };
}

/**
 * The money of the two rows of a split (pure; no money moves, so the two totals add up to the original and each
 * kind of extra too). The new row takes the moved passengers' base share and the extras bought for them (by
 * `editPaxShares`), never more of a kind than the original row holds nor more than its total; the PNR-wide
 * extras and the issue fee stay on the original row.
 */
export function splitMoney(i: SplitMoneyInput): SplitMoney {
  const moved = new Set(i.moved);
  const held = new Map(i.extras.map((e) => [e.kind, e.amount]));
  const taken = new Map<ExtraKind, number>();
  for (const e of i.edits) {
    const shares = editPaxShares(e);
    if (!shares) continue;
    const kind = extraKindOf(e.kind);
    const mine = shares.filter((s) => moved.has(s.paxId)).reduce((s, x) => s + x.amount, 0);
    if (mine > 0) taken.set(kind, (taken.get(kind) ?? 0) + mine);
  }
  let room = Math.max(0, i.totalPrice - Math.max(0, i.movedBase));
  const childExtras: PnrExtra[] = [];
  for (const kind of EXTRA_KINDS) {
    const amount = Math.min(taken.get(kind) ?? 0, Math.max(0, held.get(kind) ?? 0), room);
    if (amount <= 0) continue;
    childExtras.push({ kind, amount });
    room -= amount;
  }
  const childTotal = Math.min(i.totalPrice, Math.max(0, i.movedBase)) + extrasTotal(childExtras);
  const left = new Map(held);
  for (const e of childExtras) left.set(e.kind, (left.get(e.kind) ?? 0) - e.amount);
  return {
    parent: { totalPrice: i.totalPrice - childTotal, extras: EXTRA_KINDS.filter((k) => (left.get(k) ?? 0) !== 0).map((k) => ({ kind: k, amount: left.get(k)! })) },
    child: { totalPrice: childTotal, extras: childExtras },
  };
}
