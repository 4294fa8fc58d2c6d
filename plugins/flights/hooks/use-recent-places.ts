/** The places the user chose lately, kept in this browser (newest first, at most 6). */
import { useCallback, useSyncExternalStore } from 'react';
import type { Airport } from '../../../contract/flights';

export const RECENT_PLACES_KEY = 'flightsRecentPlaces';
export const RECENT_PLACES_MAX = 6;

const listeners = new Set<() => void>();
let cache: { raw: string | null; list: Airport[] } = { raw: null, list: [] };

const STRING_FIELDS = ['cityVi', 'cityEn', 'nameVi', 'nameEn', 'countryCode'] as const;

/**
 * What the contract's `airport` schema accepts (an IATA code, the names, the country, domestic or not), checked
 * by hand: the home's search panel (the first page after sign-in) does not load zod for a browser-kept list.
 */
export function isAirport(value: unknown): value is Airport {
  if (typeof value !== 'object' || value === null) return false;
  const a = value as Record<string, unknown>;
  return typeof a.code === 'string' && /^[A-Z]{3}$/.test(a.code) && STRING_FIELDS.every((k) => typeof a[k] === 'string') && typeof a.domestic === 'boolean';
}

export function readRecentPlaces(): Airport[] {
  const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(RECENT_PLACES_KEY);
  if (raw === cache.raw) return cache.list;
  let list: Airport[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    list = Array.isArray(parsed) ? parsed.filter(isAirport) : [];
  } catch {
    list = [];
  }
  cache = { raw, list };
  return list;
}

export function rememberPlace(place: Airport): void {
  const next = [place, ...readRecentPlaces().filter((a) => a.code !== place.code)].slice(0, RECENT_PLACES_MAX);
  localStorage.setItem(RECENT_PLACES_KEY, JSON.stringify(next));
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRecentPlaces(): { recent: Airport[]; remember: (place: Airport) => void } {
  const recent = useSyncExternalStore(subscribe, readRecentPlaces, readRecentPlaces);
  const remember = useCallback((place: Airport) => rememberPlace(place), []);
  return { recent, remember };
}
