/**
 * What a screen reader hears of a countdown: a polite announcement when the time left crosses a threshold
 * (10, 5, 2 and 1 minutes, then the end), never every second. The visible clock stays aria-live off.
 */
export const ANNOUNCE_AT_SECONDS = [600, 300, 120, 60, 0] as const;

/**
 * The threshold the countdown has reached: the smallest announced mark at or above `left`, or null while more
 * than the first mark is left. A new value means a new announcement.
 */
export function countdownMark(left: number): number | null {
  if (!Number.isFinite(left)) return null;
  const l = Math.max(0, Math.ceil(left));
  if (l > ANNOUNCE_AT_SECONDS[0]) return null;
  let mark: number = ANNOUNCE_AT_SECONDS[0];
  for (const m of ANNOUNCE_AT_SECONDS) if (l <= m) mark = m;
  return mark;
}
