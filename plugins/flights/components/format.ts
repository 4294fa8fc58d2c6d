/** Small display helpers of the flight screens (times, durations, places). */
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

/** 'YYYY-MM-DDTHH:mm' → 'HH:mm'. */
export const hhmm = (dateTime: string): string => dateTime.slice(11, 16);
/** 'YYYY-MM-DDTHH:mm' or 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export const ddmmyyyy = (date: string): string => (date ? dayjs(date.slice(0, 10)).format('DD/MM/YYYY') : '');

export function duration(minutes: number, t: TFunction): string {
  return t('flights.offer.duration', { h: Math.floor(minutes / 60), m: String(minutes % 60).padStart(2, '0') });
}

export function stops(n: number, t: TFunction): string {
  return n === 0 ? t('flights.offer.direct') : t('flights.offer.stops', { count: n });
}

/** Days between the departure and the arrival dates: '+1' when landing the next day. */
export function dayShift(depart: string, arrive: string): string {
  const d = dayjs(arrive.slice(0, 10)).diff(dayjs(depart.slice(0, 10)), 'day');
  return d > 0 ? `+${d}` : '';
}
