/**
 * When a hold's agent is reminded: once per booking and threshold (REMIND_THRESHOLDS, minutes before the
 * booking's earliest time limit). Of the thresholds the time left has crossed, only the tightest counts; it is
 * due when it was not sent yet. A wider threshold crossed later than a tighter one was sent (the job was down)
 * is never sent after it, and nothing is due once the time limit has passed.
 */
import { REMIND_THRESHOLDS, type RemindThreshold } from '../../contract/desk';

export function reminderDue(minutesLeft: number, sent: readonly number[], thresholds: readonly RemindThreshold[] = REMIND_THRESHOLDS): RemindThreshold | null {
  if (!Number.isFinite(minutesLeft) || minutesLeft <= 0) return null;
  const crossed = thresholds.filter((t) => minutesLeft <= t);
  if (crossed.length === 0) return null;
  const tightest = Math.min(...crossed) as RemindThreshold;
  if (sent.some((s) => s <= tightest)) return null;
  return tightest;
}
