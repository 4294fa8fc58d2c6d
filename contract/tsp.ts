/**
 * The tsp value a client sends: its clock in epoch milliseconds, strictly increasing within the process, so
 * two requests sent in the same millisecond still carry different values (the gateway refuses a (user, tsp)
 * pair it has already seen).
 */
let last = 0;

export function nextTspValue(now: number): number {
  last = Math.max(Math.floor(now), last + 1);
  return last;
}
