import { describe, expect, it } from 'vitest';
import { flightSearchRequest } from '../../contract/flights';
import { DEFAULT_FILTERS } from '../../plugins/flights/model/filters';
import {
  MAX_LEGS, MIN_LEGS, addLeg, canAddLeg, canRemoveLeg, defaultLegDate, initialLegs, initialMultiFlightState, multiFlightReducer,
  newLeg, quoteStatusOf, removeLeg, setLegDate, setLegPlaces, setQuoteStatus, sortLegs, toSearchLegs, updateLeg, type MultiFlightLeg,
} from '../../plugins/flights/model/multi-leg';
import { initialSearchState, searchStateReducer, toSearchRequest } from '../../plugins/flights/model/search-state';

const TODAY = '2026-03-10';
const dates = (legs: readonly MultiFlightLeg[]) => legs.map((l) => l.departureTime);
const grow = (n: number) => {
  let legs: readonly MultiFlightLeg[] = initialLegs(TODAY);
  while (legs.length < n) legs = addLeg(legs, TODAY);
  return legs;
};

describe('"A new leg\'s default date is 3 days per leg index after today" (index from 0)', () => {
  it.each([
    [0, '2026-03-10'], [1, '2026-03-13'], [2, '2026-03-16'], [3, '2026-03-19'], [4, '2026-03-22'], [5, '2026-03-25'],
  ])('index %i → %s', (i, d) => expect(defaultLegDate(i, TODAY)).toBe(d));
  it('across a month end', () => expect(defaultLegDate(2, '2026-01-28')).toBe('2026-02-03'));
});

describe('a new leg', () => {
  it('has every field of the entity', () => {
    expect(newLeg(1, TODAY)).toEqual({
      sessionID: '', from: '', to: '', departureTime: '2026-03-13', selectedDeparture: null, selectedArrival: null,
      bookingFee: [], flightData: [], requestSearch: false, isInternational: false, requirePassport: false,
      filters: DEFAULT_FILTERS, GDSPrices: {}, listAirline: [], listCabinClass: [],
    });
  });
  it('starts with two legs', () => expect(dates(initialLegs(TODAY))).toEqual(['2026-03-10', '2026-03-13']));
});

describe('"Legs can be added or removed." (2 to 6 legs)', () => {
  it.each([
    [2, 3, '2026-03-16'], [3, 4, '2026-03-19'], [4, 5, '2026-03-22'], [5, 6, '2026-03-25'], [6, 6, undefined],
  ])('adding to %i legs → %i legs, new date %s', (from, to, newDate) => {
    const legs = grow(from);
    const out = addLeg(legs, TODAY);
    expect(out).toHaveLength(to);
    if (newDate) expect(dates(out)).toContain(newDate);
    else expect(out).toBe(legs);
  });
  it.each([
    [2, 1, 2], [3, 1, 2], [6, 0, 5], [3, 5, 3], [3, -1, 3],
  ])('removing from %i legs at %i → %i legs', (n, index, left) => expect(removeLeg(grow(n), index)).toHaveLength(left));
  it('removes the leg at the index', () => expect(dates(removeLeg(grow(3), 1))).toEqual(['2026-03-10', '2026-03-16']));
  it.each([[2, true, false], [3, true, true], [6, false, true]])('%i legs: can add %s, can remove %s', (n, add, remove) => {
    expect([canAddLeg(grow(n)), canRemoveLeg(grow(n))]).toEqual([add, remove]);
  });
  it('limits', () => expect([MIN_LEGS, MAX_LEGS]).toEqual([2, 6]));
  it('a new leg departs where the last leg arrives', () => {
    const legs = setLegPlaces(initialLegs(TODAY), 1, { value: 'SGN' }, { value: 'PQC', label: 'Phú Quốc' });
    const added = addLeg(legs, TODAY);
    expect([added[2].from, added[2].selectedDeparture]).toEqual(['PQC', { value: 'PQC', label: 'Phú Quốc' }]);
  });
});

describe('"Legs sort by departure time"', () => {
  it.each([
    [['2026-03-20', '2026-03-12', '2026-03-15'], ['2026-03-12', '2026-03-15', '2026-03-20']],
    [['2026-04-01', '2026-03-31'], ['2026-03-31', '2026-04-01']],
  ])('%o → %o', (input, out) => expect(dates(sortLegs(input.map((d) => ({ ...newLeg(0, TODAY), departureTime: d }))))).toEqual(out));
  it('same day keeps its order', () => {
    const legs = [{ ...newLeg(0, TODAY), from: 'A' }, { ...newLeg(0, TODAY), from: 'B' }];
    expect(sortLegs(legs).map((l) => l.from)).toEqual(['A', 'B']);
  });
  it('changing a date re-sorts', () => {
    const legs = setLegDate(grow(3), 0, '2026-03-30');
    expect(dates(legs)).toEqual(['2026-03-13', '2026-03-16', '2026-03-30']);
  });
  it('a new leg is placed by its date', () => {
    const legs = setLegDate(initialLegs(TODAY), 1, '2026-03-28');
    expect(dates(addLeg(legs, TODAY))).toEqual(['2026-03-10', '2026-03-16', '2026-03-28']);
  });
  it('other changes keep the order and the input', () => {
    const legs = grow(3);
    const out = updateLeg(legs, 2, { requestSearch: true });
    expect(out[2].requestSearch).toBe(true);
    expect(legs[2].requestSearch).toBe(false);
    expect(updateLeg(legs, 9, { requestSearch: true })).toBe(legs);
  });
});

describe('"Quote-price status is kept per id"', () => {
  it.each([
    [{}, 'A1', 'loading', { A1: 'loading' }],
    [{ A1: 'loading' }, 'A1', 'done', { A1: 'done' }],
    [{ A1: 'done' }, 'B2', 'error', { A1: 'done', B2: 'error' }],
  ] as const)('%o + %s=%s', (map, id, status, out) => expect(setQuoteStatus(map, id, status)).toEqual(out));
  it('unknown id is idle', () => expect(quoteStatusOf({}, 'X')).toBe('idle'));
  it('same status keeps the object', () => { const m = { A: 'done' as const }; expect(setQuoteStatus(m, 'A', 'done')).toBe(m); });
});

describe('reducer', () => {
  const s0 = initialMultiFlightState(TODAY);
  it.each([
    [{ type: 'ADD_LEG', today: TODAY } as const, 3],
    [{ type: 'REMOVE_LEG', index: 0 } as const, 2],
    [{ type: 'UPDATE_LEG', index: 0, patch: { to: 'SGN' } } as const, 2],
    [{ type: 'RESET', today: TODAY } as const, 2],
  ])('%o → %i legs', (action, n) => expect(multiFlightReducer(s0, action).legs).toHaveLength(n));
  it('refused change keeps the state object', () => expect(multiFlightReducer(s0, { type: 'REMOVE_LEG', index: 0 })).toBe(s0));
  it('quote status', () => {
    const s = multiFlightReducer(s0, { type: 'SET_QUOTE_STATUS', id: 'A1', status: 'loading' });
    expect(quoteStatusOf(s.quoteStatus, 'A1')).toBe('loading');
    expect(multiFlightReducer(s, { type: 'RESET', today: TODAY })).toEqual(s0);
  });
});

describe('toSearchLegs → a multi-city request', () => {
  it('builds a valid FlightSearchRequest', () => {
    let legs = setLegPlaces(initialLegs(TODAY), 0, { value: 'HAN' }, { value: 'SGN' });
    legs = setLegPlaces(legs, 1, { value: 'SGN' }, { value: 'PQC' });
    expect(toSearchLegs(legs)).toEqual([
      { from: 'HAN', to: 'SGN', departDate: '2026-03-10' }, { from: 'SGN', to: 'PQC', departDate: '2026-03-13' },
    ]);
    const state = searchStateReducer(initialSearchState(), { type: 'SET_JOURNEY_TYPE', journeyType: 'MC' });
    const req = toSearchRequest(state, { departureTime: TODAY }, toSearchLegs(legs));
    expect(flightSearchRequest.parse(req).legs).toHaveLength(2);
  });
});
