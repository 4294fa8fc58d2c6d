/**
 * booking-detail's actions: the buttons of a PNR from the gateway's `actions` (what the PNR's state allows,
 * contract/bookings.ts stateActions, and the caller's permissions pass, decided by the server), what each
 * confirmation says moves (issue: the total charged and the balance after; void: the amount returned; cancel:
 * the seats released, no money), the idempotency key of an issue (one per click of confirm, kept for retries
 * of that click) and the countdowns to a hold's time limit and a ticket's void cut-off.
 */
import type { BookingPnr } from '../../../contract/bookings';
import { PNR_ACTIONS, type PnrAction } from '../../../contract/bookings-rules';
import { extrasTotal } from '../../../contract/aftersale-money';

export type DetailAction = PnrAction | 'mail' | 'fareRule';

export interface ActionButton {
  action: DetailAction;
  /** i18n key of the label */
  label: string;
  /** Irreversible: asks for confirmation first. */
  confirm: boolean;
  danger: boolean;
  primary: boolean;
}

const CONFIRMED: ReadonlySet<DetailAction> = new Set(['issue', 'void', 'cancel']);
const DANGER: ReadonlySet<DetailAction> = new Set(['void', 'cancel']);

/**
 * The buttons of one PNR: the gateway's actions in the fixed order issue, void, cancel, refund, print (unknown
 * or repeated entries ignored), then mail (with print: the same ticket, sent) and the fare rules (any PNR with
 * a code).
 */
export function actionButtons(pnr: Pick<BookingPnr, 'pnr' | 'actions'>): ActionButton[] {
  const given = new Set<string>(pnr.actions);
  const list: DetailAction[] = PNR_ACTIONS.filter((a) => given.has(a));
  if (given.has('print')) list.push('mail');
  if (pnr.pnr) list.push('fareRule');
  return list.map((action) => ({
    action,
    label: `bookings.actions.${action}`,
    confirm: CONFIRMED.has(action),
    danger: DANGER.has(action),
    primary: action === 'issue',
  }));
}

/** Issue: what is charged (the PNRs' totals) and the deposit balance after it (null when the balance is unknown). */
export function issueCharge(pnrs: readonly Pick<BookingPnr, 'fareData'>[], balance: number | null | undefined): { total: number; balanceAfter: number | null } {
  const total = pnrs.reduce((sum, p) => sum + p.fareData.totalPrice, 0);
  return { total, balanceAfter: typeof balance === 'number' ? balance - total : null };
}

/** Issue cannot go through when the balance (plus credit) would not cover the total. */
export function coversCharge(total: number, available: number | null | undefined): boolean {
  return typeof available !== 'number' || available >= total;
}

/**
 * Void: what the issue charged for the PNR comes back to the deposit (no penalty inside the void window); paid
 * after-sale extras are not part of the issue's charge.
 */
export function voidRefund(pnr: Pick<BookingPnr, 'fareData'>): number {
  return pnr.fareData.totalPrice - extrasTotal(pnr.fareData.extras);
}

/** Cancel: seats given back (adults and children; infants hold no seat) on each flight of the PNR. */
export function seatsReleased(pnr: Pick<BookingPnr, 'paxInfos' | 'routeInfos'>): { seats: number; flights: number } {
  return { seats: pnr.paxInfos.filter((p) => p.paxType !== 'INF').length, flights: pnr.routeInfos.length };
}

// ----- idempotency of issue ---------------------------------------------------------------------------------

export interface IssueAttempt {
  key: string;
  pnrs: string[];
}

/**
 * The attempt a request belongs to. A click of the confirm button starts a new attempt with a fresh key;
 * a retry of that click (after a failure) keeps the key while the PNRs are the same, so the gateway issues
 * and charges once however many times the request reaches it.
 */
export function issueAttempt(previous: IssueAttempt | null, pnrs: readonly string[], retry: boolean, makeKey: () => string): IssueAttempt {
  const same = previous !== null && previous.pnrs.length === pnrs.length && previous.pnrs.every((p, i) => p === pnrs[i]);
  if (retry && same) return previous;
  return { key: makeKey(), pnrs: [...pnrs] };
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

// ----- countdowns -------------------------------------------------------------------------------------------

/** Milliseconds left until an ISO moment (0 when past or empty). */
export function msLeft(iso: string, now: number): number {
  if (!iso) return 0;
  const t = new Date(iso).getTime();
  return Number.isFinite(t) ? Math.max(0, t - now) : 0;
}

/** hh:mm:ss left, with whole days first when more than one ('1d 02:03:04'). */
export function countdown(ms: number): string {
  if (ms <= 0) return '00:00:00';
  const total = Math.floor(ms / 1000);
  const days = Math.floor(total / 86400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hms = `${pad(Math.floor((total % 86400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days}d ${hms}` : hms;
}
