/**
 * Luggage bought with a booking (spec point 4, Luggage and ancillaries):
 * - "A luggage option list is stored once per from, to and airline combination." (dataLuggage): a list already
 *   stored or being loaded is not asked for again, so a second passenger on the same route loads nothing.
 * - "A luggage choice replaces an earlier one for the same passenger, route and type." (dataLuggagePax): choosing
 *   "none" removes the choice.
 * Decisions where the spec is silent: infants buy no luggage (they have no seat and no allowance of their own),
 * so their choices are neither kept nor counted; a list that failed to load can be asked for again.
 */
import type { LuggageChoice, LuggageOption } from '../../../contract/bookings';
import type { PaxType } from '../../../contract/flights';

export type LuggageType = LuggageChoice['type'];

/** One stored option list (dataLuggage entry: data, from, to, airline). */
export interface LuggageList {
  from: string;
  to: string;
  airline: string;
  data: LuggageOption[];
}

/** A choice with what it costs (dataLuggagePax entry: Route, PaxID, Luggage, Type, Price, Unit). */
export interface LuggagePick extends LuggageChoice {
  /** Weight in `unit`. */
  value: number;
  unit: string;
  /** Integer VND. */
  price: number;
}

export interface LuggageState {
  /** By luggageKey. */
  lists: Record<string, LuggageList>;
  /** Keys being loaded. */
  loading: string[];
  /** Keys whose last load failed. */
  failed: string[];
  picks: LuggagePick[];
}

export const initialLuggageState = (): LuggageState => ({ lists: {}, loading: [], failed: [], picks: [] });

export function luggageKey(from: string, to: string, airline: string): string {
  return `${from}-${to}-${airline}`;
}

export function routeOf(from: string, to: string): string {
  return `${from}-${to}`;
}

/** Whether the list of a from/to/airline combination still has to be asked for. */
export function needsLoad(state: LuggageState, from: string, to: string, airline: string): boolean {
  const key = luggageKey(from, to, airline);
  return !state.lists[key] && !state.loading.includes(key);
}

export type LuggageAction =
  | { type: 'LOAD_START'; from: string; to: string; airline: string }
  | { type: 'LOAD_DONE'; from: string; to: string; airline: string; data: LuggageOption[] }
  | { type: 'LOAD_FAIL'; from: string; to: string; airline: string }
  /** code '' chooses none */
  | { type: 'CHOOSE'; paxId: number; paxType: PaxType; from: string; to: string; airline: string; direction: LuggageType; code: string }
  | { type: 'REMOVE_PAX'; paxId: number }
  | { type: 'RESET' };

const without = (list: readonly string[], key: string) => list.filter((k) => k !== key);

/** Stores a list once per from/to/airline: a second answer for the same combination changes nothing. */
export function storeLuggageList(state: LuggageState, from: string, to: string, airline: string, data: LuggageOption[]): LuggageState {
  const key = luggageKey(from, to, airline);
  if (state.lists[key]) return { ...state, loading: without(state.loading, key) };
  return { ...state, lists: { ...state.lists, [key]: { from, to, airline, data } }, loading: without(state.loading, key), failed: without(state.failed, key) };
}

/** A choice replaces an earlier one for the same passenger, route and type; code '' (none) just removes it. */
export function chooseLuggage(state: LuggageState, a: Extract<LuggageAction, { type: 'CHOOSE' }>): LuggageState {
  const route = routeOf(a.from, a.to);
  const rest = state.picks.filter((p) => !(p.paxId === a.paxId && p.route === route && p.type === a.direction));
  if (a.code === '' || a.paxType === 'INF') return { ...state, picks: rest };
  const option = state.lists[luggageKey(a.from, a.to, a.airline)]?.data.find((o) => o.code === a.code);
  if (!option) return state;
  const pick: LuggagePick = { paxId: a.paxId, route, airline: a.airline, type: a.direction, code: option.code, value: option.value, unit: option.unit, price: option.price };
  return { ...state, picks: [...rest, pick] };
}

export function luggageReducer(state: LuggageState, action: LuggageAction): LuggageState {
  switch (action.type) {
    case 'LOAD_START': {
      const key = luggageKey(action.from, action.to, action.airline);
      if (!needsLoad(state, action.from, action.to, action.airline)) return state;
      return { ...state, loading: [...state.loading, key], failed: without(state.failed, key) };
    }
    case 'LOAD_DONE':
      return storeLuggageList(state, action.from, action.to, action.airline, action.data);
    case 'LOAD_FAIL': {
      const key = luggageKey(action.from, action.to, action.airline);
      return { ...state, loading: without(state.loading, key), failed: state.failed.includes(key) ? state.failed : [...state.failed, key] };
    }
    case 'CHOOSE':
      return chooseLuggage(state, action);
    case 'REMOVE_PAX':
      return { ...state, picks: state.picks.filter((p) => p.paxId !== action.paxId) };
    case 'RESET':
      // baggage choices go; the stored lists stay (they are the airline's, not the passengers')
      return { ...state, picks: [] };
    default:
      return state;
  }
}

/** The choice of one passenger on one route and type, if any. */
export function pickOf(state: LuggageState, paxId: number, from: string, to: string, type: LuggageType): LuggagePick | undefined {
  const route = routeOf(from, to);
  return state.picks.find((p) => p.paxId === paxId && p.route === route && p.type === type);
}

/** Integer VND of the luggage chosen. */
export function luggageTotal(picks: readonly LuggagePick[]): number {
  return picks.reduce((acc, p) => acc + p.price, 0);
}

/** The `luggage` of the hold request: the choices of passengers present, by passenger then direction. */
export function luggageRequest(picks: readonly LuggagePick[], paxIds: readonly number[]): LuggageChoice[] {
  const order = (t: LuggageType) => (t === 'depart' ? 0 : 1);
  return picks
    .filter((p) => paxIds.includes(p.paxId))
    .sort((a, b) => a.paxId - b.paxId || order(a.type) - order(b.type))
    .map(({ paxId, route, airline, type, code }) => ({ paxId, route, airline, type, code }));
}
