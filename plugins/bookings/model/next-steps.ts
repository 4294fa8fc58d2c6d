/**
 * What the completed booking page offers after "Giữ chỗ": for each PNR still held (its time limit not passed)
 * issue it now (the PIN is asked when the user has use_pin_code) and cancel the hold, as the user's access
 * allows; always open the booking detail and print the quote of the booking.
 */
import type { CompletedBooking } from '../../../contract/bookings';
import { liveRecordStatus } from './status';

export type NextStep =
  | { kind: 'issue' | 'cancel'; pnr: string }
  | { kind: 'detail' }
  | { kind: 'quote'; pnr: string };

export function nextSteps(
  booking: Pick<CompletedBooking, 'status' | 'listPNR'>,
  now: number,
  allowed: (action: 'issue' | 'cancel') => boolean,
): NextStep[] {
  const held = booking.status === 'HOLD'
    ? booking.listPNR.filter((p) => p.pnr && ['BOOKED', 'TIME OUT COMMING'].includes(liveRecordStatus(p.status, p.timelimit, now)))
    : [];
  const steps: NextStep[] = [];
  for (const action of ['issue', 'cancel'] as const) {
    if (!allowed(action)) continue;
    for (const p of held) steps.push({ kind: action, pnr: p.pnr });
  }
  steps.push({ kind: 'detail' });
  const first = booking.listPNR.find((p) => p.pnr);
  if (first) steps.push({ kind: 'quote', pnr: first.pnr });
  return steps;
}
