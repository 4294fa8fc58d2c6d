/**
 * The airport board (/electronic-board/{place}, spec points 2 and 4): departures and arrivals of one airport
 * around now, each with its live status. A status is a pure function of the flight's scheduled time, the
 * current instant and the flight's disruption (delay, cancellation, gate change) as the supplier reports it:
 * `boardStatusAt` below, the one rule the gateway answers with.
 */
import { z } from 'zod';

export const BOARD_API = {
  board: '/api/board/:place',
} as const;

export const boardPath = (place: string): string => BOARD_API.board.replace(':place', encodeURIComponent(place));

/** Every status a board row can show (spec point 4 names them; colours in the board plugin's model). */
export const BOARD_STATUSES = [
  'ON_TIME',
  'DELAYED',
  'GATE_CHANGED',
  'CHECKIN_CLOSED',
  'BOARDING',
  'LAST_CALL',
  'LAST_BOARDING',
  'GATE_CLOSED',
  'DEPARTED',
  'LATE_ARRIVAL',
  'ARRIVED',
  'BAGS_DELIVERED',
  'CANCELLED',
] as const;
export type BoardStatus = (typeof BOARD_STATUSES)[number];

export type BoardDirection = 'departure' | 'arrival';

/** What the supplier says went wrong with one flight (nothing for most). */
export interface Disruption {
  /** Minutes late, 0 when on time. */
  delayMinutes: number;
  cancelled: boolean;
  /** The new gate when the gate was changed, else null. */
  gateChangedTo: string | null;
}

const MINUTE = 60_000;

/**
 * Minutes relative to the (possibly delayed) departure at which a departure's status changes. Before the
 * first one the flight is on time, delayed or has a changed gate.
 */
export const DEPARTURE_STEPS: readonly { from: number; status: BoardStatus }[] = [
  { from: -50, status: 'CHECKIN_CLOSED' },
  { from: -41, status: 'BOARDING' },
  { from: -22, status: 'LAST_CALL' },
  { from: -14, status: 'LAST_BOARDING' },
  { from: -8, status: 'GATE_CLOSED' },
  { from: 0, status: 'DEPARTED' },
];
/** A landed flight shows ARRIVED, then BAGS_DELIVERED this many minutes after landing. */
export const BAGS_AFTER_MINUTES = 18;
/** An arrival this many minutes late or more shows LATE_ARRIVAL before landing. */
export const LATE_ARRIVAL_MINUTES = 15;

export interface BoardStatusAnswer {
  status: BoardStatus;
  /** The next instant (epoch ms) the status changes by itself, or null when it no longer changes. */
  changesAt: number | null;
}

/**
 * The status of a flight at `now` (epoch ms). `scheduled` is the scheduled departure (direction
 * 'departure') or arrival ('arrival') in epoch ms; the delay moves every step by the same minutes.
 */
export function boardStatusAt(direction: BoardDirection, scheduled: number, now: number, d: Disruption): BoardStatusAnswer {
  if (d.cancelled) return { status: 'CANCELLED', changesAt: null };
  const expected = scheduled + Math.max(0, d.delayMinutes) * MINUTE;
  if (direction === 'arrival') {
    if (now < expected) return { status: d.delayMinutes >= LATE_ARRIVAL_MINUTES ? 'LATE_ARRIVAL' : 'ON_TIME', changesAt: expected };
    const bags = expected + BAGS_AFTER_MINUTES * MINUTE;
    if (now < bags) return { status: 'ARRIVED', changesAt: bags };
    return { status: 'BAGS_DELIVERED', changesAt: null };
  }
  let status: BoardStatus = d.gateChangedTo ? 'GATE_CHANGED' : d.delayMinutes > 0 ? 'DELAYED' : 'ON_TIME';
  for (const step of DEPARTURE_STEPS) {
    const at = expected + step.from * MINUTE;
    if (now < at) return { status, changesAt: at };
    status = step.status;
  }
  return { status, changesAt: null };
}

export const placeParams = z.object({ place: z.string().trim().min(2).max(8) });

export const boardFlight = z.object({
  /** flightNo/date: stable across refreshes. */
  key: z.string(),
  airline: z.string(),
  flightNo: z.string(),
  /** The other end: destination of a departure, origin of an arrival. */
  place: z.string(),
  placeNameVi: z.string(),
  placeNameEn: z.string(),
  /** Scheduled time, ISO, and the same as local time of the board's airport (yyyy-MM-ddTHH:mm). */
  scheduled: z.string(),
  scheduledLocal: z.string(),
  /** Expected local time when delayed, else null. */
  expectedLocal: z.string().nullable(),
  terminal: z.string().nullable(),
  /** The gate (departures; the new one after a change) or the baggage belt (arrivals). */
  gate: z.string().nullable(),
  status: z.enum(BOARD_STATUSES),
  changesAt: z.string().nullable(),
});
export type BoardFlight = z.infer<typeof boardFlight>;

export const boardAnswer = z.object({
  code: z.string(),
  nameVi: z.string(),
  nameEn: z.string(),
  cityVi: z.string(),
  cityEn: z.string(),
  timeZone: z.string(),
  /** The gateway's now, ISO, and as local time of the airport. */
  now: z.string(),
  nowLocal: z.string(),
  /** The soonest instant any row changes status by itself (ISO), or null. */
  nextChangeAt: z.string().nullable(),
  departures: z.array(boardFlight),
  arrivals: z.array(boardFlight),
});
export type BoardAnswer = z.infer<typeof boardAnswer>;
