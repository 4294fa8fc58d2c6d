/**
 * The simulated booking calls after a hold: ticket numbers at issue, the void window, and the refund penalty
 * of a ticket under its fare family. Everything here is deterministic; latency and failures are added by
 * SimulatedSupplier around it.
 *
 * - Ticket numbers: the airline's 3-digit accounting prefix + 10 digits, one per passenger (infants too),
 *   derived from the PNR, the issue's idempotency key and the passenger, so a repeated issue call answers
 *   the same numbers.
 * - Void window: tickets can be voided until the source's cut-off of the local day of issue (Vietnam time)
 *   and never after the first departure (domain facts: the same day, GDS cut-offs 23:30–23:59).
 * - Refund penalty: a refundable family keeps its fixed fee per passenger and fare component; a
 *   non-refundable one keeps the fare (and the issue fee and luggage) and gives back taxes and VAT only.
 *   Never more than what was paid.
 */
import { createHash } from 'node:crypto';
import type { Source } from '../../../contract/flights';
import { formatLocal, localToUtc, VIETNAM_TIME_ZONE } from '../../platform/clock';
import { TICKET_PREFIXES, type FareFamily } from '../reference-data';
import { paidOf, type TicketShare } from '../flights';
import { familyOfClass, fareFamiliesOf } from './pricing';

/**
 * Void cut-off per source as minutes after local midnight (Vietnam time) of the day of issue. Carrier
 * channels close earlier than the GDSs (whose cut-off is commonly 23:30–23:59 local).
 */
export const VOID_CUTOFF_MINUTES: Readonly<Record<Source, number>> = {
  VN: 23 * 60 + 30,
  VJ: 22 * 60,
  QH: 23 * 60,
  VU: 23 * 60,
  '1A': 23 * 60 + 59,
  '1B': 23 * 60 + 45,
  '1G': 23 * 60 + 30,
};

/** 13 digits: the carrier's prefix (999 for an unknown carrier) + 10 digits from the PNR, key and passenger. */
export function ticketNumber(airline: string, pnr: string, idempotencyKey: string, paxIndex: number): string {
  const prefix = TICKET_PREFIXES[airline] ?? '999';
  const digest = createHash('sha256').update(`${pnr}|${idempotencyKey}|${paxIndex}`).digest();
  const serial = digest.readBigUInt64BE(0) % 10_000_000_000n;
  return `${prefix}${serial.toString().padStart(10, '0')}`;
}

/**
 * The last instant the tickets of a PNR issued at `issuedAt` can be voided: the source's cut-off on the local
 * day of issue, no later than the first departure. Equal to `issuedAt` when issued after the cut-off.
 */
export function voidDeadline(source: Source, issuedAt: Date, firstDeparture: Date, cutoffMinutes: number = VOID_CUTOFF_MINUTES[source]): Date {
  const day = formatLocal(issuedAt.getTime(), VIETNAM_TIME_ZONE).slice(0, 10);
  const cutoff = localToUtc(day, cutoffMinutes, VIETNAM_TIME_ZONE);
  return new Date(Math.max(issuedAt.getTime(), Math.min(cutoff, firstDeparture.getTime())));
}

export function familyOf(airline: string, cls: string, fareFamily?: string): FareFamily | undefined {
  return (fareFamily ? fareFamiliesOf(airline).find((f) => f.name === fareFamily && f.classes.includes(cls)) : undefined) ?? familyOfClass(airline, cls);
}

/** The refund penalty of a family on a route in VND per passenger, or null when not refundable. */
export function refundPenaltyOf(family: FareFamily | undefined, international: boolean): number | null {
  if (!family) return null;
  return (international ? family.penalties.international : family.penalties.domestic).refund;
}

/**
 * Penalty kept on refunding one passenger's ticket. Per component: a refundable family keeps its fixed fee
 * (never more than the component's price); a non-refundable one keeps the fare and the luggage and gives the
 * taxes and VAT back. The issue fee is kept only when no component is refundable. Never above paid.
 */
export function ticketRefundPenalty(t: TicketShare): number {
  let penalty = 0;
  let anyRefundable = false;
  for (const c of t.components) {
    const fixed = refundPenaltyOf(familyOf(c.airline, c.class, c.fareFamily), c.international);
    if (fixed === null) penalty += c.fare + c.luggage;
    else {
      anyRefundable = true;
      penalty += Math.min(fixed, c.fare + c.tax + c.vat + c.luggage);
    }
  }
  if (!anyRefundable) penalty += t.issueFee;
  return Math.min(penalty, paidOf(t));
}
