/**
 * Strict input, checked in one place for every endpoint (defineEndpoint runs it before zod validates):
 *
 *   - path ids (`:id`, `:sessionId`) that read as a number are canonical: a decimal integer without sign,
 *     spaces, exponent, radix prefix, fraction or leading zeros (`0x1`, ` 1`, `1e0`, `+1`, `1.0`, `0b1`, `01`
 *     are refused); a UUID passes; an id that is a code and no number at all (an eSIM product `JP-5GB-30D`)
 *     is left to the endpoint's own schema, as no coercion can turn it into another record's number;
 *   - no string of the query or the body carries a control character (C0 except tab, line feed and carriage
 *     return, and DEL): a NUL byte cannot even be stored by PostgreSQL;
 *   - every date or date-time string (YYYY-MM-DD…) lies within the years DATE_MIN_YEAR–DATE_MAX_YEAR.
 *
 * Anything else is 400/41 with `data.issues`, like a zod validation error, and nothing is read or changed.
 */
import { ErrorCode } from '../../../contract/errors';
import { ApiError } from './errors';

export const CANONICAL_INT_RE = /^(?:0|[1-9]\d{0,15})$/;
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Path parameters that name a record by its id. */
export const ID_PARAMS: ReadonlySet<string> = new Set(['id', 'sessionId']);

// eslint-disable-next-line no-control-regex -- the point is to find them
const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const DATE_LIKE_RE = /^[+-]?(\d{4,6})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 2100;

interface Issue {
  path: string;
  code: string;
  message: string;
}

/** The id of a path as a number or UUID string; null when it is not canonical. */
export function parseCanonicalId(raw: string): number | string | null {
  if (CANONICAL_INT_RE.test(raw)) {
    const n = Number(raw);
    return Number.isSafeInteger(n) ? n : null;
  }
  return UUID_RE.test(raw) ? raw.toLowerCase() : null;
}

function checkString(value: string, path: string, issues: Issue[]): void {
  if (CONTROL_RE.test(value)) {
    issues.push({ path, code: 'control_character', message: 'Control characters (such as NUL) are not allowed.' });
    return;
  }
  const date = DATE_LIKE_RE.exec(value);
  if (date) {
    const year = Number(date[1]);
    if (value.startsWith('-') || value.startsWith('+') || year < DATE_MIN_YEAR || year > DATE_MAX_YEAR) {
      issues.push({ path, code: 'date_range', message: `Dates must lie between the years ${DATE_MIN_YEAR} and ${DATE_MAX_YEAR}.` });
    }
  }
}

function walk(value: unknown, path: string, issues: Issue[], depth: number): void {
  if (issues.length >= 20 || depth > 32) return;
  if (typeof value === 'string') checkString(value, path, issues);
  else if (value instanceof Uint8Array) return;
  else if (Array.isArray(value)) value.forEach((v, i) => walk(v, path ? `${path}.${i}` : String(i), issues, depth + 1));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (CONTROL_RE.test(k)) issues.push({ path: path ? `${path}.${k}` : k, code: 'control_character', message: 'Control characters are not allowed.' });
      walk(v, path ? `${path}.${k}` : k, issues, depth + 1);
    }
  }
}

/** A string that a number parser would read as a number (or blank, or padded): the ones a coercion resolves. */
export function numberLike(raw: string): boolean {
  return raw.trim() === '' || raw !== raw.trim() || Number.isFinite(Number(raw)) || /^[+-]?(0[xob]|\d|\.\d)/i.test(raw);
}

/** Throws 400/41 when a path id reads as a number but is not written canonically. */
export function checkPathIds(params: unknown): void {
  if (params === null || typeof params !== 'object') return;
  const issues: Issue[] = [];
  for (const [name, raw] of Object.entries(params as Record<string, unknown>)) {
    if (!ID_PARAMS.has(name)) continue;
    if (typeof raw !== 'string' || (parseCanonicalId(raw) === null && numberLike(raw))) {
      issues.push({ path: name, code: 'canonical_id', message: 'An id is a decimal integer without sign, spaces or leading zeros, or a UUID.' });
    }
  }
  if (issues.length > 0) throw new ApiError(ErrorCode.VALIDATION, { in: 'params', issues });
}

/** Throws 400/41 when a string of `value` (query or body) has a control character or an out-of-range date. */
export function checkStrings(value: unknown, where: 'querystring' | 'body' | 'params'): void {
  const issues: Issue[] = [];
  walk(value, '', issues, 0);
  if (issues.length > 0) throw new ApiError(ErrorCode.VALIDATION, { in: where, issues });
}
