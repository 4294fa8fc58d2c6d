/**
 * The business day: the agencies sell in Vietnam, so "today", the search's default day, the dates a picker
 * refuses, report ranges, countdowns and void windows are all counted in Vietnam time (Asia/Ho_Chi_Minh),
 * whatever the zone of the browser or the server. Pure functions over instants (UTC milliseconds) and
 * calendar dates (yyyy-MM-dd); shared by the portal (through src/sdk.ts) and the gateway (platform/clock.ts).
 */

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/** The zone of the business day. */
export const VIETNAM_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** An instant: a Date, UTC milliseconds, or an ISO date-time text. */
export type Instant = Date | number | string;

function ms(instant: Instant): number {
  if (typeof instant === 'number') return instant;
  if (typeof instant === 'string') return new Date(instant).getTime();
  return instant.getTime();
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

/**
 * Offsets already computed, by zone and UTC minute (an offset changes on a whole minute at most, so the minute
 * decides it): formatToParts costs tens of microseconds, and the gateway asks for the same few departures and days
 * on every booking call. Bounded: cleared when full.
 */
const offsets = new Map<string, number>();
const OFFSETS_MAX = 4_096;

/** Offset of the zone from UTC at an instant, in minutes. */
export function zoneOffsetMinutes(timeZone: string, utcMs: number): number {
  const key = `${timeZone}|${Math.floor(utcMs / MINUTE)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size >= OFFSETS_MAX) offsets.clear();
    offsets.set(key, (offset = computeOffsetMinutes(timeZone, utcMs)));
  }
  return offset;
}

function computeOffsetMinutes(timeZone: string, utcMs: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(utcMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute);
  return Math.round((asUtc - Math.floor(utcMs / MINUTE) * MINUTE) / MINUTE);
}

/** UTC instant of a local date (yyyy-MM-dd) plus minutes after local midnight in a zone. */
export function localToUtc(date: string, minutesOfDay: number, timeZone: string = VIETNAM_TIME_ZONE): number {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d) + minutesOfDay * MINUTE;
  const first = wall - zoneOffsetMinutes(timeZone, wall) * MINUTE;
  return wall - zoneOffsetMinutes(timeZone, first) * MINUTE;
}

/** Local date-time yyyy-MM-ddTHH:mm of an instant in a zone. */
export function formatLocal(utcMs: number, timeZone: string = VIETNAM_TIME_ZONE): string {
  return new Date(utcMs + zoneOffsetMinutes(timeZone, utcMs) * MINUTE).toISOString().slice(0, 16);
}

/** The Vietnam business day (yyyy-MM-dd) of an instant: today by default. */
export function todayInVietnam(now: Instant = Date.now()): string {
  return formatLocal(ms(now), VIETNAM_TIME_ZONE).slice(0, 10);
}

/** The Vietnam day (yyyy-MM-dd) an instant falls on; '' for an empty or invalid instant. */
export function vietnamDateOf(instant: Instant | null | undefined): string {
  if (instant === null || instant === undefined || instant === '') return '';
  const t = ms(instant);
  return Number.isFinite(t) ? todayInVietnam(t) : '';
}

/** Vietnam wall-clock time of an instant: yyyy-MM-ddTHH:mm. */
export function nowInVietnam(now: Instant = Date.now()): string {
  return formatLocal(ms(now), VIETNAM_TIME_ZONE);
}

/** First instant (UTC ms) of a Vietnam day. */
export function vietnamDayStart(date: string): number {
  return localToUtc(date, 0, VIETNAM_TIME_ZONE);
}

/** Last millisecond (UTC ms) of a Vietnam day. */
export function vietnamDayEnd(date: string): number {
  return localToUtc(date, DAY_MINUTES, VIETNAM_TIME_ZONE) - 1;
}

/** true when the instant falls on the given Vietnam day. */
export function isOnVietnamDay(instant: Instant, date: string): boolean {
  return vietnamDateOf(instant) === date;
}

/** yyyy-MM-dd plus days (negative to go back). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** yyyy-MM-dd plus months, the day clamped to the month's last (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}

/** Whole days from a to b (b − a), both yyyy-MM-dd. */
export function daysBetween(a: string, b: string): number {
  const [ay, am, ad] = a.split('-').map(Number);
  const [by, bm, bd] = b.split('-').map(Number);
  return Math.round((Date.UTC(by, bm - 1, bd) - Date.UTC(ay, am - 1, ad)) / (DAY_MINUTES * MINUTE));
}

/** The first day of the date's month. */
export function startOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
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

/** yyyyMMdd. */
export function compactDate(date: string): string {
  return date.replaceAll('-', '');
}

/** Month-to-date range of the Vietnam day of `now`: [first of the month, today], both included. */
export function monthToDateInVietnam(now: Instant = Date.now()): [string, string] {
  const today = todayInVietnam(now);
  return [startOfMonth(today), today];
}
