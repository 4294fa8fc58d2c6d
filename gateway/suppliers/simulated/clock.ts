/**
 * Distances and local times. Departure and arrival times are local to their airport (IANA time zone,
 * daylight saving included); durations are computed in UTC.
 */
import type { Airport } from '../reference-data';

const EARTH_RADIUS_KM = 6371;
const MINUTE = 60_000;

/** Great-circle distance in whole kilometres. */
export function greatCircleKm(a: Pick<Airport, 'lat' | 'lon'>, b: Pick<Airport, 'lat' | 'lon'>): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h))));
}

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
