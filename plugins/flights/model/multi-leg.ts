/**
 * Multi-flight legs of spec point 3 ("Multi-flight leg: sessionID, from, to, departureTime, selectedDeparture,
 * selectedArrival, bookingFee, flightData, requestSearch, isInternational, requirePassport, filters, GDSPrices,
 * listAirline, listCabinClass") and the Multi-flight rules of spec point 4: "Legs can be added or removed. A new
 * leg's default date is 3 days per leg index after today. Legs sort by departure time. Quote-price status is
 * kept per id." Spacing is MULTI_LEG_SPACING_DAYS (spec point 9).
 *
 * Decisions where the spec is silent:
 * - Leg indexes count from 0, so the default date of the leg at index i is today + 3 × i: a search starts
 *   with today and today + 3, and the third leg added defaults to today + 6 (the Date range also starts today).
 * - A multi-city search has 2 to 6 legs (the contract's request allows at most 6); adding a seventh or
 *   removing below two changes nothing.
 * - A new leg departs from where the last leg arrives.
 * - Sorting by departureTime is stable: legs on the same day keep their order. Legs are re-sorted after a
 *   leg is added or its date changes.
 * - selectedDeparture / selectedArrival are the leg's chosen places (as in the search state); GDSPrices is the
 *   lowest price per GDS system; quote-price status is kept per offer id, default 'idle'.
 */
import dayjs from 'dayjs';
import { MULTI_LEG_SPACING_DAYS } from '../../../contract/constants';
import type { AirlineListEntry, BookingFee, CabinClass, FlightOffer } from '../../../contract/flights';
import type { BookingDraft } from '../../../contract/booking-draft';
import type { SelectedFlightSession } from './selection';
import { DATE_FORMAT } from './date-range';
import { initialFilters, type FlightFilters, type GdsSystem } from './filters';
import type { Place, SearchLeg } from './search-state';

export const MIN_LEGS = 2;
export const MAX_LEGS = 6;

export interface MultiFlightLeg {
  sessionID: string;
  from: string;
  to: string;
  /** 'YYYY-MM-DD' */
  departureTime: string;
  selectedDeparture: Place | null;
  selectedArrival: Place | null;
  bookingFee: BookingFee[];
  flightData: FlightOffer[];
  requestSearch: boolean;
  isInternational: boolean;
  requirePassport: boolean;
  filters: FlightFilters;
  GDSPrices: Partial<Record<GdsSystem, number>>;
  listAirline: AirlineListEntry[];
  listCabinClass: CabinClass[];
}

export type QuoteStatus = 'idle' | 'loading' | 'done' | 'error';
export type QuoteStatusById = Readonly<Record<string, QuoteStatus>>;

export interface MultiFlightState {
  legs: MultiFlightLeg[];
  quoteStatus: QuoteStatusById;
}

/** The default date of the leg at an index (0-based): today + 3 days × index. */
export function defaultLegDate(index: number, today: string): string {
  return dayjs(today).add(MULTI_LEG_SPACING_DAYS * index, 'day').format(DATE_FORMAT);
}

export function newLeg(index: number, today: string, from: Place | null = null): MultiFlightLeg {
  return {
    sessionID: '', from: from?.value ?? '', to: '', departureTime: defaultLegDate(index, today),
    selectedDeparture: from, selectedArrival: null, bookingFee: [], flightData: [], requestSearch: false,
    isInternational: false, requirePassport: false, filters: initialFilters(), GDSPrices: {}, listAirline: [], listCabinClass: [],
  };
}

/** Stable sort by departure date. */
export function sortLegs(legs: readonly MultiFlightLeg[]): MultiFlightLeg[] {
  return [...legs].sort((a, b) => (a.departureTime < b.departureTime ? -1 : a.departureTime > b.departureTime ? 1 : 0));
}

export function initialLegs(today: string): MultiFlightLeg[] {
  return Array.from({ length: MIN_LEGS }, (_, i) => newLeg(i, today));
}

export function initialMultiFlightState(today: string): MultiFlightState {
  return { legs: initialLegs(today), quoteStatus: {} };
}

export function canAddLeg(legs: readonly MultiFlightLeg[]): boolean {
  return legs.length < MAX_LEGS;
}

export function canRemoveLeg(legs: readonly MultiFlightLeg[]): boolean {
  return legs.length > MIN_LEGS;
}

/** Adds a leg (default date by its index, departing where the last leg arrives); unchanged at 6 legs. */
export function addLeg(legs: readonly MultiFlightLeg[], today: string): readonly MultiFlightLeg[] {
  if (!canAddLeg(legs)) return legs;
  const last = legs[legs.length - 1];
  const from = last?.selectedArrival ?? (last?.to ? { value: last.to } : null);
  return sortLegs([...legs, newLeg(legs.length, today, from)]);
}

/** Removes the leg at an index; unchanged at 2 legs or for an index out of range. */
export function removeLeg(legs: readonly MultiFlightLeg[], index: number): readonly MultiFlightLeg[] {
  if (!canRemoveLeg(legs) || index < 0 || index >= legs.length) return legs;
  return legs.filter((_, i) => i !== index);
}

/** Changes one leg; the legs are sorted again when its date changed. */
export function updateLeg(legs: readonly MultiFlightLeg[], index: number, patch: Partial<MultiFlightLeg>): readonly MultiFlightLeg[] {
  if (index < 0 || index >= legs.length) return legs;
  const next = legs.map((l, i) => (i === index ? { ...l, ...patch } : l));
  return patch.departureTime !== undefined && patch.departureTime !== legs[index].departureTime ? sortLegs(next) : next;
}

export function setLegPlaces(legs: readonly MultiFlightLeg[], index: number, departure: Place | null, arrival: Place | null): readonly MultiFlightLeg[] {
  return updateLeg(legs, index, { selectedDeparture: departure, selectedArrival: arrival, from: departure?.value ?? '', to: arrival?.value ?? '' });
}

export function setLegDate(legs: readonly MultiFlightLeg[], index: number, departureTime: string): readonly MultiFlightLeg[] {
  return updateLeg(legs, index, { departureTime });
}

/** The legs of a multi-city FlightSearchRequest. */
export function toSearchLegs(legs: readonly MultiFlightLeg[]): SearchLeg[] {
  return legs.map((l) => ({ from: l.from, to: l.to, departDate: l.departureTime }));
}

export function setQuoteStatus(map: QuoteStatusById, id: string, status: QuoteStatus): QuoteStatusById {
  return map[id] === status ? map : { ...map, [id]: status };
}

export function quoteStatusOf(map: QuoteStatusById, id: string): QuoteStatus {
  return map[id] ?? 'idle';
}

export type MultiFlightAction =
  | { type: 'ADD_LEG'; today: string }
  | { type: 'REMOVE_LEG'; index: number }
  | { type: 'UPDATE_LEG'; index: number; patch: Partial<MultiFlightLeg> }
  | { type: 'SET_QUOTE_STATUS'; id: string; status: QuoteStatus }
  | { type: 'RESET'; today: string };

export function multiFlightReducer(state: MultiFlightState, action: MultiFlightAction): MultiFlightState {
  const withLegs = (legs: readonly MultiFlightLeg[]) => (legs === state.legs ? state : { ...state, legs: [...legs] });
  switch (action.type) {
    case 'ADD_LEG': return withLegs(addLeg(state.legs, action.today));
    case 'REMOVE_LEG': return withLegs(removeLeg(state.legs, action.index));
    case 'UPDATE_LEG': return withLegs(updateLeg(state.legs, action.index, action.patch));
    case 'SET_QUOTE_STATUS': {
      const quoteStatus = setQuoteStatus(state.quoteStatus, action.id, action.status);
      return quoteStatus === state.quoteStatus ? state : { ...state, quoteStatus };
    }
    case 'RESET': return initialMultiFlightState(action.today);
    default: return state;
  }
}

/** What one leg's board hands up: its own one-way search session and the flight chosen on it. */
export interface ChosenLeg {
  sessionId: string;
  isInternational: boolean;
  requirePassport: boolean;
  selection: SelectedFlightSession;
}

/** Is a flight (with its price detail) chosen on this leg? */
export function legChosen(leg: ChosenLeg | undefined): boolean {
  return !!leg?.sessionId && !!leg.selection.depart.data && !!leg.selection.depart.priceDetail;
}

/** The first leg (index) without a chosen flight, or -1 when every leg of `count` has one. */
export function firstOpenLeg(chosen: Readonly<Record<number, ChosenLeg | undefined>>, count: number): number {
  for (let i = 0; i < count; i++) if (!legChosen(chosen[i])) return i;
  return -1;
}

/**
 * The booking draft of a multi-city selection (contract/booking-draft.ts), or null until every leg has a flight:
 * one flight per leg in the search's leg order, numbered from 1, each naming its own search session; the draft is
 * kept under the first leg's session; passports are asked when any leg asks for them.
 */
export function multiLegDraft(chosen: Readonly<Record<number, ChosenLeg | undefined>>, count: number): BookingDraft | null {
  if (count < 1 || firstOpenLeg(chosen, count) !== -1) return null;
  const legs = Array.from({ length: count }, (_, i) => chosen[i]!);
  return {
    sessionId: legs[0].sessionId,
    isInternational: legs.some((l) => l.isInternational),
    requirePassport: legs.some((l) => l.requirePassport),
    flights: legs.map((l, i) => ({
      direction: 'depart' as const,
      leg: i + 1,
      sessionId: l.sessionId,
      offer: l.selection.depart.data!,
      class: l.selection.depart.priceDetail!.class,
      lines: l.selection.depart.priceDetail!.lines,
    })),
  };
}
