/**
 * The commission / service fee table as the screen edits it: one row per airline and domestic /
 * international, one integer VND amount per passenger type. Pure conversions from and to the gateway's
 * lines, and the checks before saving.
 */
import type { FeeItem } from '../../../contract/admin-system';
import { PAX_TYPES } from '../../../contract/flights-rules';

export type PaxType = (typeof PAX_TYPES)[number];

export interface FeeRow {
  key: string;
  airline: string;
  international: boolean;
  amounts: Record<PaxType, number>;
}

export const rowKey = (airline: string, international: boolean): string => `${airline}|${international ? 'I' : 'D'}`;

const zero = (): Record<PaxType, number> => ({ ADT: 0, CHD: 0, INF: 0 });

/** Lines → rows, sorted: '*' first, then airlines A–Z, domestic before international. */
export function toRows(items: readonly FeeItem[]): FeeRow[] {
  const rows = new Map<string, FeeRow>();
  for (const item of items) {
    const key = rowKey(item.airline, item.international);
    const row = rows.get(key) ?? { key, airline: item.airline, international: item.international, amounts: zero() };
    row.amounts[item.paxType] = item.amount;
    rows.set(key, row);
  }
  return [...rows.values()].sort(
    (a, b) =>
      Number(b.airline === '*') - Number(a.airline === '*') || a.airline.localeCompare(b.airline) || Number(a.international) - Number(b.international),
  );
}

/** Rows → lines (one per pax type). */
export function toItems(rows: readonly FeeRow[]): FeeItem[] {
  return rows.flatMap((r) => PAX_TYPES.map((paxType) => ({ airline: r.airline, international: r.international, paxType, amount: r.amounts[paxType] })));
}

export type RowProblem = 'airline' | 'duplicate' | 'amount' | null;

/** Why a row cannot be added or saved: airline not '*' or 2 letters/digits, a second row of the same key, a bad amount. */
export function rowProblem(row: Pick<FeeRow, 'airline' | 'international' | 'amounts'>, others: readonly FeeRow[]): RowProblem {
  if (!/^(\*|[A-Z0-9]{2})$/.test(row.airline)) return 'airline';
  if (others.some((o) => o.airline === row.airline && o.international === row.international)) return 'duplicate';
  for (const p of PAX_TYPES) {
    const v = row.amounts[p];
    if (!Number.isInteger(v) || v < 0 || v > 1_000_000_000_000) return 'amount';
  }
  return null;
}

export function newRow(airline: string, international: boolean): FeeRow {
  const code = airline.trim().toUpperCase();
  return { key: rowKey(code, international), airline: code, international, amounts: zero() };
}
