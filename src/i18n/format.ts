/** Money and date formatting, in ONE place. Money is integer VND (spec point 9 and DESIGN). */
import dayjs, { type ConfigType } from 'dayjs';

export const CURRENCY_SYMBOL = '₫';

/** 1234567 → '1.234.567'. Non-integers are rounded (money is integer VND). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  const n = Math.round(value);
  const digits = Math.abs(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return n < 0 ? `-${digits}` : digits;
}

/** 1234567 → '1.234.567 ₫'. */
export function formatVnd(value: number): string {
  const s = formatNumber(value);
  return s ? `${s} ${CURRENCY_SYMBOL}` : '';
}

export const DATE_FORMAT = 'DD/MM/YYYY';
export const TIME_FORMAT = 'HH:mm';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

function fmt(value: ConfigType, format: string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(format) : '';
}

/** '21/11/2026' */
export const formatDate = (value: ConfigType): string => fmt(value, DATE_FORMAT);
/** '08:05' */
export const formatTime = (value: ConfigType): string => fmt(value, TIME_FORMAT);
/** '21/11/2026 08:05' */
export const formatDateTime = (value: ConfigType): string => fmt(value, DATE_TIME_FORMAT);
/** The weekday and date in the current dayjs locale: 'Thứ bảy, 21/11/2026' / 'Saturday, 21/11/2026'. */
export function formatLongDate(value: ConfigType): string {
  const d = dayjs(value);
  if (!d.isValid()) return '';
  const weekday = d.format('dddd');
  return `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)}, ${d.format(DATE_FORMAT)}`;
}
