/**
 * Keyboard moves in the date calendar (the grid pattern of WAI-ARIA's date picker): arrows by a day or a
 * week, Home/End to the week's Monday/Sunday, PageUp/PageDown by a month. A move never lands before the
 * first day that can be chosen (today, on the business day), so the focus stays on an enabled day.
 */
import dayjs from 'dayjs';
import { DATE_FORMAT } from './date-range';

export const CALENDAR_KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'] as const;
export type CalendarKey = (typeof CALENDAR_KEYS)[number];

export function isCalendarKey(key: string): key is CalendarKey {
  return (CALENDAR_KEYS as readonly string[]).includes(key);
}

export function calendarMove(date: string, key: CalendarKey, today: string): string {
  const d = dayjs(date, DATE_FORMAT);
  const weekday = (d.day() + 6) % 7; // Monday 0 … Sunday 6
  const next = {
    ArrowLeft: () => d.subtract(1, 'day'),
    ArrowRight: () => d.add(1, 'day'),
    ArrowUp: () => d.subtract(7, 'day'),
    ArrowDown: () => d.add(7, 'day'),
    Home: () => d.subtract(weekday, 'day'),
    End: () => d.add(6 - weekday, 'day'),
    PageUp: () => d.subtract(1, 'month'),
    PageDown: () => d.add(1, 'month'),
  }[key]().format(DATE_FORMAT);
  return next < today ? today : next;
}
