import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  formatLocal,
  isCalendarDate,
  isOnVietnamDay,
  localToUtc,
  monthToDateInVietnam,
  nowInVietnam,
  startOfMonth,
  todayInVietnam,
  vietnamDateOf,
  vietnamDayEnd,
  vietnamDayStart,
  VIETNAM_TIME_ZONE,
  weekday,
  zoneOffsetMinutes,
} from '../../contract/business-day';
import * as clock from '../../gateway/platform/clock';
import { setDiff } from '../../src/auth/storage';
import * as sdk from '../../src/sdk';

const at = (iso: string) => new Date(iso).getTime();

describe('the Vietnam business day', () => {
  it('is Asia/Ho_Chi_Minh', () => expect(VIETNAM_TIME_ZONE).toBe('Asia/Ho_Chi_Minh'));

  it.each([
    // instant (UTC)                 Vietnam day   Vietnam wall clock
    ['2026-11-23T16:59:59.999Z', '2026-11-23', '2026-11-23T23:59'],
    ['2026-11-23T17:00:00.000Z', '2026-11-24', '2026-11-24T00:00'],
    ['2026-11-23T17:30:00.000Z', '2026-11-24', '2026-11-24T00:30'],
    ['2026-11-24T00:00:00.000Z', '2026-11-24', '2026-11-24T07:00'],
    ['2026-12-31T17:00:00.000Z', '2027-01-01', '2027-01-01T00:00'],
    ['2028-02-28T20:00:00.000Z', '2028-02-29', '2028-02-29T03:00'],
    ['2026-11-23T10:00:00-08:00', '2026-11-24', '2026-11-24T01:00'],
  ])('%s is %s in Vietnam (%s)', (iso, day, wall) => {
    expect(todayInVietnam(at(iso))).toBe(day);
    expect(todayInVietnam(new Date(iso))).toBe(day);
    expect(todayInVietnam(iso)).toBe(day);
    expect(vietnamDateOf(iso)).toBe(day);
    expect(nowInVietnam(iso)).toBe(wall);
    expect(isOnVietnamDay(iso, day)).toBe(true);
    expect(isOnVietnamDay(iso, addDays(day, -1))).toBe(false);
  });

  it.each([[''], [null], [undefined], ['not a date']])('vietnamDateOf(%j) is empty', (v) => {
    expect(vietnamDateOf(v as string | null | undefined)).toBe('');
  });

  it.each([
    // Vietnam day    first instant                 last instant
    ['2026-11-24', '2026-11-23T17:00:00.000Z', '2026-11-24T16:59:59.999Z'],
    ['2027-01-01', '2026-12-31T17:00:00.000Z', '2027-01-01T16:59:59.999Z'],
    ['2028-03-01', '2028-02-29T17:00:00.000Z', '2028-03-01T16:59:59.999Z'],
  ])('the Vietnam day %s runs from %s to %s', (day, start, end) => {
    expect(new Date(vietnamDayStart(day)).toISOString()).toBe(start);
    expect(new Date(vietnamDayEnd(day)).toISOString()).toBe(end);
    expect(todayInVietnam(vietnamDayStart(day))).toBe(day);
    expect(todayInVietnam(vietnamDayEnd(day))).toBe(day);
    expect(todayInVietnam(vietnamDayEnd(day) + 1)).toBe(addDays(day, 1));
  });

  it.each([
    // zone                 instant                        offset  wall clock
    ['Asia/Ho_Chi_Minh', '2026-07-01T00:00:00Z', 420, '2026-07-01T07:00'],
    ['UTC', '2026-07-01T00:00:00Z', 0, '2026-07-01T00:00'],
    ['America/Los_Angeles', '2026-07-01T00:00:00Z', -420, '2026-06-30T17:00'],
    ['America/Los_Angeles', '2026-11-24T00:00:00Z', -480, '2026-11-23T16:00'],
    ['Europe/Paris', '2026-03-29T01:30:00Z', 120, '2026-03-29T03:30'],
  ])('%s at %s is UTC%+d (%s)', (zone, iso, offset, wall) => {
    expect(zoneOffsetMinutes(zone, at(iso))).toBe(offset);
    expect(formatLocal(at(iso), zone)).toBe(wall);
    expect(localToUtc(wall.slice(0, 10), Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14)), zone)).toBe(at(iso));
  });

  it.each([
    // zone             last instant before the change  offset before → after
    ['Europe/Paris', '2026-03-29T00:59:59.999Z', 60, 120],
    ['Europe/Paris', '2026-10-25T00:59:59.999Z', 120, 60],
    ['America/Los_Angeles', '2026-03-08T09:59:59.999Z', -480, -420],
    ['Asia/Kolkata', '2026-07-01T00:00:59.999Z', 330, 330],
  ])('%s: the offsets kept by minute answer as computed around %s (%d → %d)', (zone, iso, before, after) => {
    const last = at(iso);
    // asked in an order that would keep a wrong offset if a minute were shared across the change
    for (const t of [last + 1, last, last - 59_999, last + 60_000, last, last + 1]) {
      expect(zoneOffsetMinutes(zone, t)).toBe(t <= last ? before : after);
    }
  });

  it.each([
    ['2026-11-24', 1, '2026-11-25'],
    ['2026-11-30', 1, '2026-12-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2028-03-01', -1, '2028-02-29'],
    ['2026-11-24', 0, '2026-11-24'],
    ['2026-11-24', 365, '2027-11-24'],
  ])('%s plus %d days is %s', (date, n, expected) => {
    expect(addDays(date, n)).toBe(expected);
    expect(daysBetween(date, expected)).toBe(n);
  });

  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-11-24', -11, '2025-12-24'],
    ['2026-12-15', 1, '2027-01-15'],
  ])('%s plus %d months is %s', (date, n, expected) => expect(addMonths(date, n)).toBe(expected));

  it.each([
    ['2026-11-24', 2],
    ['2026-11-22', 0],
    ['2026-11-28', 6],
  ])('%s is weekday %d', (date, d) => expect(weekday(date)).toBe(d));

  it.each([
    ['2026-11-24', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['24/11/2026', false],
    ['', false],
  ])('isCalendarDate(%j) is %s', (date, ok) => expect(isCalendarDate(date)).toBe(ok));

  it.each([
    // after 17:00 UTC the month-to-date range already holds the new Vietnam day
    ['2026-11-30T17:05:00Z', ['2026-12-01', '2026-12-01']],
    ['2026-11-30T16:55:00Z', ['2026-11-01', '2026-11-30']],
    ['2026-11-23T17:00:00Z', ['2026-11-01', '2026-11-24']],
  ])('the month to date at %s is %j', (iso, range) => {
    expect(monthToDateInVietnam(iso)).toEqual(range);
    expect(startOfMonth(range[1])).toBe(range[0]);
  });

  it('is one rule for the portal (sdk) and the gateway (clock)', () => {
    expect(sdk.todayInVietnam).toBe(todayInVietnam);
    expect(clock.todayInVietnam).toBe(todayInVietnam);
    expect(clock.localToUtc).toBe(localToUtc);
    expect(sdk.vietnamDayStart).toBe(vietnamDayStart);
  });

  it.each([
    ['2026-11-23T17:10:00Z', '2026-11-24'],
    ['2026-11-23T16:50:00Z', '2026-11-23'],
  ])('counts the portal day on the gateway clock (gateway at %s: %s)', (iso, day) => {
    setDiff(at(iso) - Date.now());
    try {
      expect(Math.abs(sdk.serverNow() - at(iso))).toBeLessThan(5_000);
      expect(sdk.businessToday()).toBe(day);
    } finally {
      setDiff(0);
    }
  });
});
