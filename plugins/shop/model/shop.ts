/** Pure rules of the shop reserve screens (the gateway's rules are contract/shop.ts; these only shape the forms). */
import { RELEASE_BEFORE_DEPARTURE_HOURS, reserveCharge } from '../../../contract/shop';

const HOUR = 3_600_000;

/**
 * The release time a new allotment's form proposes: a day before departure, but never later than the latest the
 * gateway accepts (4 h before) nor earlier than an hour from now; null when even that is not possible.
 */
export function defaultReleaseAt(departAt: Date, now: Date): Date | null {
  const latest = departAt.getTime() - RELEASE_BEFORE_DEPARTURE_HOURS * HOUR;
  const earliest = now.getTime() + HOUR;
  if (latest <= now.getTime()) return null;
  const proposed = Math.min(departAt.getTime() - 24 * HOUR, latest);
  return new Date(Math.max(proposed, Math.min(earliest, latest)));
}

/** The instant of a local departure (yyyy-MM-ddTHH:mm at a Vietnamese airport, UTC+7). */
export const vietnamInstant = (local: string): Date => new Date(`${local}:00+07:00`);

export interface PassengerName {
  title: string;
  firstName: string;
  lastName: string;
  /** dd/MM/yyyy */
  birthday: string;
}

/** The passenger rows of a sale of `n` seats: the names already typed are kept, new rows are empty (title MR). */
export function passengerSlots(n: number, current: readonly (PassengerName | undefined)[]): PassengerName[] {
  return Array.from({ length: Math.max(0, n) }, (_, i) => current[i] ?? { title: 'MR', firstName: '', lastName: '', birthday: '' });
}

export interface SaleAttempt {
  key: string;
  /** What the key stands for (the sale's allotment and body, as text). */
  body: string;
}

/**
 * The idempotency key of a sale: kept while the same sale is sent again (a retry after a network error or a PIN
 * prompt), so the gateway sells and charges once; a new key once anything of the sale changed.
 */
export function saleAttempt(previous: SaleAttempt | null, body: string, makeKey: () => string): SaleAttempt {
  return previous && previous.body === body ? previous : { key: makeKey(), body };
}

/** Share of an allotment sold, released and left, in whole percent (for its bar). */
export function shares(r: { quantity: number; sold: number; released: number }): { sold: number; released: number } {
  if (r.quantity <= 0) return { sold: 0, released: 0 };
  const sold = Math.round((r.sold * 100) / r.quantity);
  return { sold, released: Math.min(100 - sold, Math.round((r.released * 100) / r.quantity)) };
}

export interface PurchaseSummary {
  /** What buying the block takes from the deposit (net price × seats). */
  amount: number;
  /** The deposit balance after it (null while the balance is not known). */
  balanceAfter: number | null;
  /** The deposit (with its credit limit) covers it; null while the balance is not known. */
  covered: boolean | null;
}

/**
 * What the creation form shows under its fields: the purchase's amount and the balance after it; null while the
 * seats or the net price are not a valid whole amount yet.
 */
export function purchaseSummary(quantity: unknown, netPrice: unknown, deposit: { balance: number; creditLimit: number } | null): PurchaseSummary | null {
  if (typeof quantity !== 'number' || typeof netPrice !== 'number') return null;
  let amount: number;
  try {
    amount = reserveCharge({ quantity, netPrice });
  } catch {
    return null;
  }
  if (!deposit) return { amount, balanceAfter: null, covered: null };
  const balanceAfter = deposit.balance - amount;
  return { amount, balanceAfter, covered: balanceAfter >= -deposit.creditLimit };
}
