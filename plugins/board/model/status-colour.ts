/** Flight status colours of the airport board (spec point 4). */
import type { BoardStatus } from '../../../contract/board';

export type StatusColour = 'blue' | 'teal' | 'red' | 'amber';

const COLOURS: Record<BoardStatus, StatusColour> = {
  DEPARTED: 'blue',
  ARRIVED: 'blue',
  ON_TIME: 'blue',
  BOARDING: 'teal',
  LAST_BOARDING: 'teal',
  LAST_CALL: 'teal',
  BAGS_DELIVERED: 'teal',
  CANCELLED: 'red',
  GATE_CLOSED: 'red',
  GATE_CHANGED: 'red',
  LATE_ARRIVAL: 'amber',
  DELAYED: 'amber',
  CHECKIN_CLOSED: 'amber',
};

export function statusColour(status: BoardStatus): StatusColour {
  return COLOURS[status];
}

/** The place of the route: an IATA airport code, upper case, or null when it cannot be one. */
export function placeCode(place: string | undefined): string | null {
  const code = (place ?? '').trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : null;
}

/** Local time HH:mm of a `yyyy-MM-ddTHH:mm` local timestamp. */
export function clockOf(local: string): string {
  return local.slice(11, 16);
}
