/**
 * The flight-search calls, through the portal's one api client (contract/flights.ts, search-session protocol):
 * start a search, poll its session, find places and the cheapest fare by day (the fare-rule dialog of src/ui
 * calls the fare rules itself).
 */
import { api } from '../../src/sdk';
import type {
  Airport, CheapestBookingDay, FlightSearchRequest, SearchPoll, SearchStarted,
} from '../../contract/flights';

export const FLIGHTS_API = {
  search: '/api/flights/search',
  poll: (sessionId: string) => `/api/flights/search/${encodeURIComponent(sessionId)}`,
  airports: '/api/flights/airports',
  cheapest: '/api/flights/cheapest',
} as const;

/** A list answer may come bare or as `{ data: [...] }`. */
export function listOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as T[]) : [];
}

export async function startSearch(request: FlightSearchRequest, signal?: AbortSignal): Promise<SearchStarted> {
  const { data } = await api.post<SearchStarted>(FLIGHTS_API.search, request, { overlay: false, signal });
  return data;
}

/** Offers after `since`; the gateway holds the answer up to `waitMs` while nothing new arrived. */
export async function pollSearch(sessionId: string, since: number, waitMs: number, signal?: AbortSignal): Promise<SearchPoll> {
  const { data } = await api.get<SearchPoll>(FLIGHTS_API.poll(sessionId), { params: { since, waitMs }, signal, overlay: false });
  return data;
}

export async function findAirports(q: string, signal?: AbortSignal): Promise<Airport[]> {
  const { data } = await api.get(FLIGHTS_API.airports, { params: { q }, signal, overlay: false, silent: true });
  return listOf<Airport>(data);
}

export async function cheapestDays(
  query: { from: string; to: string; date: string; days?: number }, signal?: AbortSignal,
): Promise<CheapestBookingDay[]> {
  const { data } = await api.get(FLIGHTS_API.cheapest, { params: query, signal, overlay: false, silent: true });
  return listOf<CheapestBookingDay>(data);
}

export interface FareRuleQuery {
  source?: string;
  airline: string;
  class: string;
  fareBasis?: string;
  international?: boolean;
}
