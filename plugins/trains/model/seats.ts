/**
 * Seat selection and the hold of spec point 4: "selection toggles a seat. The hold countdown is duration minus
 * the seconds elapsed since startTime." The selection lives on the server (the hold: its seats are the
 * Selected seats of spec point 3, carriageNo and type = direction); the countdown and the toggle themselves are
 * the contract's rules (holdSecondsLeft, toggleSeat). This file adds what the seat map needs around them.
 *
 * Definitions used here:
 * - A seat is known by its ticketId. Choosing a selected seat again removes it; choosing a free one adds it.
 *   A seat held by others or sold cannot be chosen (nothing changes).
 * - The server's state 'mine' is a seat of the caller's own hold: it is drawn as selected.
 */
import { holdSecondsLeft, toggleSeat } from '../../../contract/trains';

export type ServerSeatState = 'free' | 'held' | 'sold' | 'mine';
export type SeatState = 'free' | 'held' | 'sold' | 'selected';
export type Direction = 'depart' | 'return';

/** The state a seat is drawn in: selected when it is in this user's selection, else the server's. */
export function seatState(server: ServerSeatState, ticketId: string, selected: ReadonlySet<string> | readonly string[]): SeatState {
  const has = 'has' in selected ? selected.has(ticketId) : selected.includes(ticketId);
  if (has) return 'selected';
  return server === 'mine' ? 'free' : server;
}

/** What choosing a seat asks of the hold: add it, remove it, or nothing (held by others or sold). */
export function seatChange(selected: readonly string[], ticketId: string, server: ServerSeatState): { add: string[]; remove: string[] } | null {
  const next = toggleSeat(selected, ticketId);
  if (next.length < selected.length) return { add: [], remove: [ticketId] };
  if (server === 'held' || server === 'sold') return null;
  return { add: [ticketId], remove: [] };
}

/** Seconds left of a hold (the contract's rule), and whether it has run out. */
export function holdLeft(hold: { startTime: string; duration: number } | null | undefined, now: number): number | null {
  return hold ? holdSecondsLeft(hold.startTime, hold.duration, now) : null;
}

/** "mm:ss" (or "h:mm:ss" from an hour) of a number of seconds. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
