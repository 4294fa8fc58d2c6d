/** Money and date formatting, in ONE place. Money is integer VND (spec point 9 and DESIGN). */
import dayjs, { type ConfigType } from 'dayjs';
import { formatLocal, VIETNAM_TIME_ZONE } from '../../contract/business-day';

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

const ZONED = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The value as a Vietnam wall clock, whatever the browser's zone: instants (Date, epoch ms, ISO texts with Z
 * or an offset) are shown in Vietnam time; dates and local date-times without a zone are shown as written.
 */
export function inVietnam(value: ConfigType): dayjs.Dayjs {
  if (value === null || value === undefined || value === '') return dayjs(null);
  const instant =
    value instanceof Date || dayjs.isDayjs(value) ? value.valueOf()
    : typeof value === 'number' ? value
    : typeof value === 'string' && ZONED.test(value.trim()) ? new Date(value).getTime()
    : undefined;
  if (instant === undefined) return dayjs(value);
  if (!Number.isFinite(instant)) return dayjs(null);
  const wall = formatLocal(instant, VIETNAM_TIME_ZONE);
  const seconds = new Date(instant).getUTCSeconds();
  return dayjs(`${wall}:${String(seconds).padStart(2, '0')}`);
}

function fmt(value: ConfigType, format: string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = inVietnam(value);
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
  const d = inVietnam(value);
  if (!d.isValid()) return '';
  const weekday = d.format('dddd');
  return `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)}, ${d.format(DATE_FORMAT)}`;
}
