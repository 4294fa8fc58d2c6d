/** The validation rules of spec point 5, as pure functions shared by portal forms and gateway schemas. */
import { todayInVietnam } from './business-day';

export const PHONE_RE = /^(0[35789]\d{8}|84[1-9]\d{8})$/;
export const PASSWORD_RE = /^(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*])[A-Za-z\d!@#$%^&*]{8,}$/;
/** Letters of any script (Vietnamese included) and spaces. */
export const NAME_RE = /^[\p{L}\p{M} ]+$/u;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** A PIN code: 4 to 6 digits (the PIN page, the PIN dialog and the gateway all use this one rule). */
export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 6;
export const PIN_RE = /^\d{4,6}$/;

export function isValidPin(value: string): boolean {
  return PIN_RE.test(value);
}

export function isValidPhone(value: string): boolean {
  return PHONE_RE.test(value);
}

export function isValidPassword(value: string): boolean {
  return PASSWORD_RE.test(value);
}

export function isValidName(value: string): boolean {
  return NAME_RE.test(value) && value.trim().length > 0;
}

export function isValidEmail(value: string): boolean {
  return EMAIL_RE.test(value);
}

export interface CalendarDate {
  day: number;
  month: number;
  year: number;
}

/** Parses dd-MM-yyyy or dd/MM/yyyy into a real calendar date, or null. */
export function parseDate(value: string): CalendarDate | null {
  const m = /^(\d{2})([-/])(\d{2})\2(\d{4})$/.exec(value);
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[3]);
  const year = Number(m[4]);
  if (month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month)) return null;
  return { day, month, year };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function toKey(d: CalendarDate): number {
  return d.year * 10000 + d.month * 100 + d.day;
}

/** A real calendar date in dd-MM-yyyy or dd/MM/yyyy, optionally within [min, max] (same formats). */
export function isValidDate(value: string, bounds: { min?: string; max?: string } = {}): boolean {
  const d = parseDate(value);
  if (!d) return false;
  if (bounds.min) {
    const min = parseDate(bounds.min);
    if (min && toKey(d) < toKey(min)) return false;
  }
  if (bounds.max) {
    const max = parseDate(bounds.max);
    if (max && toKey(d) > toKey(max)) return false;
  }
  return true;
}

/** Birth dates: a real date, year from 1900 to the current year. */
export function isValidBirthDate(value: string, now: Date = new Date()): boolean {
  const d = parseDate(value);
  if (!d) return false;
  return d.year >= 1900 && d.year <= Number(todayInVietnam(now).slice(0, 4));
}

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_EXTENSIONS = ['jpg', 'gif', 'png', 'jpeg'] as const;
export const FILE_EXTENSIONS = ['jpg', 'png', 'jpeg', 'pdf', 'svg', 'gif', 'doc', 'docx', 'xls', 'xlsx'] as const;

export type UploadKind = 'image' | 'file';
export type UploadProblem = 'tooLarge' | 'badExtension' | 'empty' | null;

/** Size and extension check of spec point 5 (content is checked by the gateway too). */
export function checkUpload(file: { name: string; size: number }, kind: UploadKind): UploadProblem {
  if (file.size <= 0) return 'empty';
  if (file.size > UPLOAD_MAX_BYTES) return 'tooLarge';
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const allowed: readonly string[] = kind === 'image' ? IMAGE_EXTENSIONS : FILE_EXTENSIONS;
  if (!file.name.includes('.') || !allowed.includes(ext)) return 'badExtension';
  return null;
}

/** http or https only (banner links, links in rich text). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
