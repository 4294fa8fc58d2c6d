/**
 * Time of the gateway: the current instant (a Clock, fixed in tests). Local times of IANA zones, calendar
 * dates yyyy-MM-dd and the Vietnam business day ("today", the void window's day, a booking day's bounds)
 * come from contract/business-day.ts, the one rule the portal uses too.
 */
export {
  addDays,
  addMonths,
  compactDate,
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
  type Instant,
} from '../../contract/business-day';

/** The current instant; tests give a fixed one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
