/**
 * Schedule changes in plain words (branch sched): what the airline changed on a segment, as an i18n key and its
 * values, from the old and new schedule (pure; the screens translate it).
 */
import { shiftMinutes, type ChangedSegment } from '../../../contract/aftersale-sched';

export interface Words {
  key: string;
  values: Record<string, string | number>;
}

const time = (local: string) => local.slice(11, 16);
const day = (local: string) => `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)}`;

/** "hours h minutes min" parts of a shift (absolute). */
export function durationParts(minutes: number): { hours: number; minutes: number } {
  const m = Math.abs(minutes);
  return { hours: Math.floor(m / 60), minutes: m % 60 };
}

/** The sentence that says what happened to a changed segment. */
export function changeWords(c: ChangedSegment): Words {
  const base = { route: `${c.from} → ${c.to}`, oldFlight: c.oldFlightNo, newFlight: c.newFlightNo, oldTime: time(c.oldDepartDate), oldDay: day(c.oldDepartDate) };
  if (c.status === 'UN') {
    if (!c.newFlightNo) return { key: 'aftersale.sched.words.cancelled', values: base };
    return { key: 'aftersale.sched.words.renumbered', values: { ...base, newTime: time(c.newDepartDate), newDay: day(c.newDepartDate), newArrival: time(c.newArrivalDate) } };
  }
  const shift = shiftMinutes(c.oldDepartDate, c.newDepartDate);
  const { hours, minutes } = durationParts(shift);
  const key = shift > 0 ? 'aftersale.sched.words.later' : 'aftersale.sched.words.earlier';
  const by = hours > 0 ? (minutes > 0 ? 'hm' : 'h') : 'm';
  return { key, values: { ...base, newTime: time(c.newDepartDate), newDay: day(c.newDepartDate), newArrival: time(c.newArrivalDate), hours, minutes, by } };
}

/** Whether a departure day changed (the traveller should be told). */
export const dayChanged = (c: ChangedSegment): boolean => Boolean(c.newDepartDate) && c.newDepartDate.slice(0, 10) !== c.oldDepartDate.slice(0, 10);
