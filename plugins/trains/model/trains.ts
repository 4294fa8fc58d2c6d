/**
 * The results rules of spec point 4 and 6 for trains: the four train sorts ("seatNull (most seats), departTime,
 * returnTime, timeRun") and the train filter (seat classes of spec point 9, departure and arrival time bands).
 *
 * Definitions used here:
 * - seatNull puts the train with the most free seats first; departTime the earliest departure; returnTime the
 *   earliest arrival (the time the train comes in); timeRun the shortest running time. Ties go to the earlier
 *   departure, then to the train code, so the order never depends on the input order.
 * - Times are the stations' local times 'YYYY-MM-DDTHH:mm'; durations are computed on them as written.
 * - Time bands are the flight ones: 60 (00:00–06:00), 120 (06:00–12:00), 180 (12:00–18:00), 240 (18:00–24:00),
 *   each [start, end). Empty band lists mean no limit.
 * - Seat class ALL lets every train through; another class lets through a train with a carriage of that class
 *   that has a free place.
 */

import { TRAIN_SEAT_CLASSES, TRAIN_SORTS, type TrainSeatClass, type TrainSeatClassFilter, type TrainSort } from '../../../contract/trains';

export { TRAIN_SORTS, type TrainSort };
export const DEFAULT_TRAIN_SORT: TrainSort = 'departTime';

export const SEAT_CLASSES = TRAIN_SEAT_CLASSES;
export type SeatClassFilter = TrainSeatClassFilter;
export type SeatClass = TrainSeatClass;

export const TIME_BANDS = [60, 120, 180, 240] as const;
export type TimeBand = (typeof TIME_BANDS)[number];
export const TIME_BAND_HOURS: Record<TimeBand, readonly [number, number]> = { 60: [0, 6], 120: [6, 12], 180: [12, 18], 240: [18, 24] };

/** What the rules read of a train: the fields of spec point 3 and the free places per class. */
export interface SortableTrain {
  trainId: string;
  seatAvailable: number;
  departDateTime: string;
  arrivalDateTime: string;
  /** Running time in minutes, when the server gives it. */
  timeRun?: number;
  /** The carriages with their class and free places. */
  carriages?: readonly { seatClass: string; free: number }[];
}

export interface TrainFilter {
  seatClass: SeatClassFilter;
  departureTimes: TimeBand[];
  arrivalTimes: TimeBand[];
}

export const initialTrainFilter = (): TrainFilter => ({ seatClass: 'ALL', departureTimes: [], arrivalTimes: [] });

/** Minutes since the epoch of a local date-time written 'YYYY-MM-DDTHH:mm' (read as written, no time zone). */
export function localMinutes(dateTime: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(dateTime);
  if (!m) return Number.NaN;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]) / 60_000;
}

/** Running time in minutes (arrival − departure). */
export function runMinutes(train: Pick<SortableTrain, 'departDateTime' | 'arrivalDateTime'>): number {
  return localMinutes(train.arrivalDateTime) - localMinutes(train.departDateTime);
}

/** "31h 05m" parts: hours and minutes of a running time. */
export function durationParts(minutes: number): { hours: number; minutes: number } {
  const m = Math.max(0, Math.round(minutes));
  return { hours: Math.floor(m / 60), minutes: m % 60 };
}

export function timeBandOf(dateTime: string): TimeBand {
  const hour = Number(/[T ](\d{2}):/.exec(dateTime)?.[1] ?? 0);
  for (const b of TIME_BANDS) if (hour >= TIME_BAND_HOURS[b][0] && hour < TIME_BAND_HOURS[b][1]) return b;
  return 240;
}

const key: Record<TrainSort, (t: SortableTrain) => number> = {
  seatNull: (t) => -t.seatAvailable,
  departTime: (t) => localMinutes(t.departDateTime),
  returnTime: (t) => localMinutes(t.arrivalDateTime),
  timeRun: (t) => t.timeRun ?? runMinutes(t),
};

/** The trains in the order of a sort (a new array). */
export function sortTrains<T extends SortableTrain>(trains: readonly T[], sort: TrainSort): T[] {
  const k = key[sort];
  return [...trains].sort(
    (a, b) => k(a) - k(b) || localMinutes(a.departDateTime) - localMinutes(b.departDateTime) || a.trainId.localeCompare(b.trainId),
  );
}

export function trainPasses(train: SortableTrain, filter: TrainFilter): boolean {
  if (filter.seatClass !== 'ALL' && !(train.carriages ?? []).some((c) => c.seatClass === filter.seatClass && c.free > 0)) return false;
  if (filter.departureTimes.length && !filter.departureTimes.includes(timeBandOf(train.departDateTime))) return false;
  if (filter.arrivalTimes.length && !filter.arrivalTimes.includes(timeBandOf(train.arrivalDateTime))) return false;
  return true;
}

export function filterTrains<T extends SortableTrain>(trains: readonly T[], filter: TrainFilter): T[] {
  return trains.filter((t) => trainPasses(t, filter));
}

/** Toggles a value in a list (a band, a class): added when absent, removed when present. */
export function toggleIn<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}
