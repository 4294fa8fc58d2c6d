/**
 * Seat selection and the hold of spec point 4: "selection toggles a seat. The hold countdown is duration minus
 * the seconds elapsed since startTime." The Selected seat entity of spec point 3: ticketId, id, carriageNo, type
 * (depart or return), duration, durationClone, startTime, promotion.
 *
 * Definitions used here:
 * - A seat is known by its ticketId. Choosing a selected seat again removes it; choosing a free one adds it.
 *   A seat held by others or sold cannot be chosen (the list is returned unchanged).
 * - One passenger per seat: the passengers of a booking are the selected seats, in the order chosen.
 * - duration is the hold's length in seconds, startTime the epoch milliseconds the hold started (server time);
 *   remaining = duration − whole seconds elapsed, never below 0; at 0 the hold has expired.
 * - durationClone keeps the length given at the start (the display can show how much of the hold is left).
 */

export type SeatState = 'free' | 'held' | 'sold' | 'selected';
export type Direction = 'depart' | 'return';

export interface SelectedSeat {
  ticketId: string;
  /** The seat number in its carriage. */
  id: string;
  carriageNo: number;
  type: Direction;
  trainId: string;
  /** Integer VND before the passenger type's discount. */
  price: number;
  /** Hold length in seconds, and the length at the start. */
  duration: number;
  durationClone: number;
  /** Epoch milliseconds when the hold started; 0 before it starts. */
  startTime: number;
  /** Promotion applied to the seat, if any. */
  promotion?: string;
}

/** The state a seat is drawn in: the server's state, unless this user has chosen it. */
export function seatState(server: 'free' | 'held' | 'sold', ticketId: string, selected: readonly Pick<SelectedSeat, 'ticketId'>[]): SeatState {
  if (selected.some((s) => s.ticketId === ticketId)) return 'selected';
  return server;
}

/** Toggles a seat: removed if chosen, added if free; refused (unchanged) when held by others or sold. */
export function toggleSeat<S extends Pick<SelectedSeat, 'ticketId'>>(selected: readonly S[], seat: S, server: 'free' | 'held' | 'sold' = 'free'): S[] {
  if (selected.some((s) => s.ticketId === seat.ticketId)) return selected.filter((s) => s.ticketId !== seat.ticketId);
  if (server !== 'free') return [...selected];
  return [...selected, seat];
}

/** Seconds left of a hold: duration − whole seconds elapsed since startTime, at least 0. */
export function holdRemaining(hold: Pick<SelectedSeat, 'duration' | 'startTime'>, now: number): number {
  if (!hold.startTime) return hold.duration;
  const elapsed = Math.floor((now - hold.startTime) / 1000);
  return Math.max(0, hold.duration - Math.max(0, elapsed));
}

export function holdExpired(hold: Pick<SelectedSeat, 'duration' | 'startTime'>, now: number): boolean {
  return hold.startTime > 0 && holdRemaining(hold, now) === 0;
}

/** "mm:ss" (or "h:mm:ss" from an hour) of a number of seconds. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
