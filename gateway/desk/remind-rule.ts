/**
 * When a hold's agent is reminded: once per booking and threshold (REMIND_THRESHOLDS, minutes before the
 * booking's earliest time limit). A threshold as wide as the hold itself (time limit minus booking time) never
 * counts: the agent has just made the booking. Of the thresholds the time left has crossed, only the tightest
 * counts; it is due when no threshold as tight or tighter was sent (a wider one crossed while the job was down
 * is never sent after a tighter one), and nothing is due once the time limit has passed.
 */
import { REMIND_THRESHOLDS } from '../../contract/desk';

export function reminderDue(
  minutesLeft: number,
  holdMinutes: number,
  sent: readonly number[],
  thresholds: readonly number[] = REMIND_THRESHOLDS,
): number | null {
  if (!Number.isFinite(minutesLeft) || minutesLeft <= 0) return null;
  const crossed = thresholds.filter((t) => minutesLeft <= t && t < holdMinutes);
  if (crossed.length === 0) return null;
  const tightest = Math.min(...crossed);
  if (sent.some((s) => s <= tightest)) return null;
  return tightest;
}
