/**
 * The Flight search state of spec point 3: "Selected departure and arrival places (each with a value), from, to.
 * journeyType (default OW, one way), searchType (default BP). adt, chd, inf (defaults 1, 0, 0). Per-airline
 * promotion codes for VN, QH, VJ and VU. Promotion info: airline, numberOfUse, promotionCode, promotionFake,
 * timeActive, type. alreadyChooseDate." Point 4: "Any RESET action resets the whole client state."
 *
 * Dates are not part of this entity: they live in the Date range (date-range.ts). Switching to one way clears
 * the return there (`applyJourneyType`), and `toSearchRequest` sends a return date only for RT, so a stale
 * return can never reach a one-way search. Passenger counts change only through passengers.ts.
 */
import { DEFAULT_JOURNEY_TYPE, DEFAULT_SEARCH_TYPE } from '../../../contract/constants';
import type { FlightSearchRequest, PassengerCounts } from '../../../contract/flights';
import { AIRLINES_DOMESTIC, type JourneyType, type PaxType } from '../../../contract/flights-rules';
import { applyJourneyType, type DateRange } from './date-range';
import { DEFAULT_PASSENGER_COUNTS, decrementPassenger, incrementPassenger, seatedPassengers, setPassengerCount, type PassengerKey } from './passengers';

export type DomesticAirline = (typeof AIRLINES_DOMESTIC)[number];
export type SearchType = FlightSearchRequest['searchType'];
export type SearchLeg = FlightSearchRequest['legs'][number];

/** A selected airport: value is its IATA code; label is what the picker shows. */
export interface Place {
  value: string;
  label?: string;
}

export interface PromotionInfo {
  airline: string;
  numberOfUse: number;
  promotionCode: string;
  promotionFake: string;
  timeActive: string;
  type: string;
}

export interface FlightSearchState extends PassengerCounts {
  departurePlace: Place | null;
  arrivalPlace: Place | null;
  from: string;
  to: string;
  journeyType: JourneyType;
  searchType: SearchType;
  promotionCodes: Record<DomesticAirline, string>;
  promotionInfo: PromotionInfo | null;
  alreadyChooseDate: boolean;
}

export function initialSearchState(): FlightSearchState {
  return {
    departurePlace: null,
    arrivalPlace: null,
    from: '',
    to: '',
    journeyType: DEFAULT_JOURNEY_TYPE,
    searchType: DEFAULT_SEARCH_TYPE,
    ...DEFAULT_PASSENGER_COUNTS,
    promotionCodes: { VN: '', QH: '', VJ: '', VU: '' },
    promotionInfo: null,
    alreadyChooseDate: false,
  };
}

export const passengerCountsOf = (s: FlightSearchState): PassengerCounts => ({ adt: s.adt, chd: s.chd, inf: s.inf });

function withCounts(state: FlightSearchState, counts: PassengerCounts): FlightSearchState {
  return counts.adt === state.adt && counts.chd === state.chd && counts.inf === state.inf ? state : { ...state, ...counts };
}

export type SearchStateAction =
  | { type: 'SET_DEPARTURE_PLACE'; place: Place | null }
  | { type: 'SET_ARRIVAL_PLACE'; place: Place | null }
  | { type: 'SWAP_PLACES' }
  | { type: 'SET_JOURNEY_TYPE'; journeyType: JourneyType }
  | { type: 'SET_SEARCH_TYPE'; searchType: SearchType }
  | { type: 'INCREMENT_PASSENGER'; paxType: PassengerKey | PaxType }
  | { type: 'DECREMENT_PASSENGER'; paxType: PassengerKey | PaxType }
  | { type: 'SET_PASSENGER_COUNT'; paxType: PassengerKey | PaxType; value: number }
  | { type: 'SET_PROMOTION_CODE'; airline: DomesticAirline; code: string }
  | { type: 'SET_PROMOTION_INFO'; promotionInfo: PromotionInfo | null }
  | { type: 'SET_ALREADY_CHOOSE_DATE'; value: boolean }
  | { type: 'RESET' };

export function searchStateReducer(state: FlightSearchState, action: SearchStateAction): FlightSearchState {
  switch (action.type) {
    case 'SET_DEPARTURE_PLACE':
      return { ...state, departurePlace: action.place, from: action.place?.value ?? '' };
    case 'SET_ARRIVAL_PLACE':
      return { ...state, arrivalPlace: action.place, to: action.place?.value ?? '' };
    case 'SWAP_PLACES':
      return { ...state, departurePlace: state.arrivalPlace, arrivalPlace: state.departurePlace, from: state.to, to: state.from };
    case 'SET_JOURNEY_TYPE':
      return state.journeyType === action.journeyType ? state : { ...state, journeyType: action.journeyType };
    case 'SET_SEARCH_TYPE':
      return { ...state, searchType: action.searchType };
    case 'INCREMENT_PASSENGER':
      return withCounts(state, incrementPassenger(passengerCountsOf(state), action.paxType));
    case 'DECREMENT_PASSENGER':
      return withCounts(state, decrementPassenger(passengerCountsOf(state), action.paxType));
    case 'SET_PASSENGER_COUNT':
      return withCounts(state, setPassengerCount(passengerCountsOf(state), action.paxType, action.value));
    case 'SET_PROMOTION_CODE':
      if (!(AIRLINES_DOMESTIC as readonly string[]).includes(action.airline)) return state;
      return { ...state, promotionCodes: { ...state.promotionCodes, [action.airline]: action.code } };
    case 'SET_PROMOTION_INFO':
      return { ...state, promotionInfo: action.promotionInfo };
    case 'SET_ALREADY_CHOOSE_DATE':
      return { ...state, alreadyChooseDate: action.value };
    case 'RESET':
      return initialSearchState();
    default:
      return state;
  }
}

/** Sets the journey type on the search state and its Date range together: switching to OW clears the return. */
export function changeJourneyType(
  search: FlightSearchState, range: DateRange, journeyType: JourneyType,
): { search: FlightSearchState; range: DateRange } {
  return { search: searchStateReducer(search, { type: 'SET_JOURNEY_TYPE', journeyType }), range: applyJourneyType(range, journeyType) };
}

/** The dates of a search: the Date range's departureTime and arrivalTime ('' = none). */
export interface SearchDates {
  departureTime: string;
  arrivalTime?: string;
}

/**
 * Whether a one-way or round-trip search can be sent: both places, different, a departure date, a return not
 * before it for RT, and at least one seated passenger (adults or children). MC is checked on its legs.
 */
export function canSearch(state: FlightSearchState, dates: SearchDates, multiLegs: SearchLeg[] = []): boolean {
  if (seatedPassengers(passengerCountsOf(state)) < 1) return false;
  if (state.journeyType === 'MC') return multiLegs.length >= 2 && multiLegs.every((l) => l.from && l.to && l.from !== l.to && l.departDate);
  if (!state.from || !state.to || state.from === state.to || !dates.departureTime) return false;
  if (state.journeyType === 'RT') return !!dates.arrivalTime && dates.arrivalTime >= dates.departureTime;
  return true;
}

/** The contract FlightSearchRequest of the state. MC takes its legs from the multi-flight legs. */
export function toSearchRequest(state: FlightSearchState, dates: SearchDates, multiLegs: SearchLeg[] = []): FlightSearchRequest {
  const promotionCodes: FlightSearchRequest['promotionCodes'] = {};
  for (const airline of AIRLINES_DOMESTIC) {
    const code = state.promotionCodes[airline].trim();
    if (code) promotionCodes[airline] = code;
  }
  const request: FlightSearchRequest = {
    journeyType: state.journeyType,
    searchType: state.searchType,
    legs: state.journeyType === 'MC'
      ? multiLegs.map((l) => ({ from: l.from, to: l.to, departDate: l.departDate }))
      : [{ from: state.from, to: state.to, departDate: dates.departureTime }],
    adt: state.adt,
    chd: state.chd,
    inf: state.inf,
    promotionCodes,
  };
  if (state.journeyType === 'RT' && dates.arrivalTime) request.returnDate = dates.arrivalTime;
  return request;
}
