/**
 * Time of the gateway: the current instant, local times of IANA zones (daylight saving included), calendar
 * dates yyyy-MM-dd, and the Vietnam business day (the agencies sell in Vietnam: "today", the void window's
 * day, a booking day's bounds).
 */

const MINUTE = 60_000;

/** The zone of the business day. */
export const VIETNAM_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** The current instant; tests give a fixed one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Offset of the zone from UTC at an instant, in minutes. */
export function zoneOffsetMinutes(timeZone: string, utcMs: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(utcMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  return Math.round((asUtc - Math.floor(utcMs / MINUTE) * MINUTE) / MINUTE);
}

/** UTC instant of a local date (yyyy-MM-dd) plus minutes after local midnight in a zone. */
export function localToUtc(date: string, minutesOfDay: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d) + minutesOfDay * MINUTE;
  const first = wall - zoneOffsetMinutes(timeZone, wall) * MINUTE;
  const second = wall - zoneOffsetMinutes(timeZone, first) * MINUTE;
  return second;
}

/** Local date-time yyyy-MM-ddTHH:mm of an instant in a zone. */
export function formatLocal(utcMs: number, timeZone: string): string {
  return new Date(utcMs + zoneOffsetMinutes(timeZone, utcMs) * MINUTE).toISOString().slice(0, 16);
}

/** The Vietnam business day (yyyy-MM-dd) of an instant: today by default. */
export function todayInVietnam(now: number = Date.now()): string {
  return formatLocal(now, VIETNAM_TIME_ZONE).slice(0, 10);
}

/** yyyy-MM-dd plus days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** true when the text is a real calendar date yyyy-MM-dd. */
export function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const [y, m, d] = date.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

export function compactDate(date: string): string {
  return date.replaceAll('-', '');
}
