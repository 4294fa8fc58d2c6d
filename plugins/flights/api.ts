/**
 * The flight-search endpoints (contract/flights.ts, search-session protocol). Screens reach them through
 * Refine's hooks over the portal's data provider: places, the cheapest fare by day and the fare rules with
 * useCustom (bare answers, not `{ data, total }` lists), the search session with the data provider's `custom`
 * (hooks/use-flight-search.ts).
 */
import type { MetaQuery } from '@refinedev/core';

export const FLIGHTS_API = {
  search: '/api/flights/search',
  poll: (sessionId: string) => `/api/flights/search/${encodeURIComponent(sessionId)}`,
  airports: '/api/flights/airports',
  cheapest: '/api/flights/cheapest',
  fareRules: '/api/flights/fare-rules',
} as const;

/** Background reads: no loading overlay, no network toast (the screen shows its own state). */
export const QUIET_READ: MetaQuery = { overlay: false, silent: true };

/** A list answer may come bare or as `{ data: [...] }`. */
export function rowsOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as T[]) : [];
}
