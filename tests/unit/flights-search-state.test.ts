import { describe, expect, it } from 'vitest';
import { flightSearchRequest } from '../../contract/flights';
import { initialDateRange, pickDate } from '../../plugins/flights/model/date-range';
import {
  canSearch, changeJourneyType, initialSearchState, passengerCountsOf, searchStateReducer, toSearchRequest,
  type FlightSearchState, type SearchStateAction,
} from '../../plugins/flights/model/search-state';

const HAN = { value: 'HAN', label: 'Hà Nội' };
const SGN = { value: 'SGN', label: 'Hồ Chí Minh' };
const init = initialSearchState();
const run = (...actions: SearchStateAction[]) => actions.reduce(searchStateReducer, init);
const routed = run({ type: 'SET_DEPARTURE_PLACE', place: HAN }, { type: 'SET_ARRIVAL_PLACE', place: SGN });

describe('defaults: "journeyType (default OW, one way), searchType (default BP). adt, chd, inf (defaults 1, 0, 0)"', () => {
  it.each([
    ['journeyType', 'OW'], ['searchType', 'BP'], ['adt', 1], ['chd', 0], ['inf', 0], ['from', ''], ['to', ''],
    ['departurePlace', null], ['arrivalPlace', null], ['promotionInfo', null], ['alreadyChooseDate', false],
    ['promotionCodes', { VN: '', QH: '', VJ: '', VU: '' }],
  ] as const)('%s = %o', (key, value) => expect(init[key]).toEqual(value));
  it('is a fresh object each time', () => expect(initialSearchState()).not.toBe(initialSearchState()));
});

describe('places', () => {
  it.each([
    [[{ type: 'SET_DEPARTURE_PLACE', place: HAN }], { from: 'HAN', to: '', departurePlace: HAN, arrivalPlace: null }],
    [[{ type: 'SET_ARRIVAL_PLACE', place: SGN }], { from: '', to: 'SGN', departurePlace: null, arrivalPlace: SGN }],
    [[{ type: 'SET_DEPARTURE_PLACE', place: HAN }, { type: 'SET_ARRIVAL_PLACE', place: SGN }, { type: 'SWAP_PLACES' }],
      { from: 'SGN', to: 'HAN', departurePlace: SGN, arrivalPlace: HAN }],
    [[{ type: 'SET_DEPARTURE_PLACE', place: HAN }, { type: 'SWAP_PLACES' }], { from: '', to: 'HAN', departurePlace: null, arrivalPlace: HAN }],
    [[{ type: 'SET_DEPARTURE_PLACE', place: HAN }, { type: 'SET_DEPARTURE_PLACE', place: null }], { from: '', to: '', departurePlace: null, arrivalPlace: null }],
  ] as [SearchStateAction[], Partial<FlightSearchState>][])('%j', (actions, expected) => {
    expect(run(...actions)).toMatchObject(expected);
  });
});

describe('journey and search type', () => {
  it.each([['RT'], ['MC'], ['OW']] as const)('sets %s', (jt) => expect(run({ type: 'SET_JOURNEY_TYPE', journeyType: jt }).journeyType).toBe(jt));
  it('same journey type keeps the object', () => expect(searchStateReducer(init, { type: 'SET_JOURNEY_TYPE', journeyType: 'OW' })).toBe(init));
  it('sets search type', () => expect(run({ type: 'SET_SEARCH_TYPE', searchType: 'FC' }).searchType).toBe('FC'));

  it.each([
    ['OW', ''], ['MC', ''], ['RT', '2026-03-25'],
  ] as const)('changeJourneyType to %s: return = %o', (jt, ret) => {
    const range = pickDate(pickDate(initialDateRange('2026-03-10'), '2026-03-20', 'RT'), '2026-03-25', 'RT');
    const search = run({ type: 'SET_JOURNEY_TYPE', journeyType: 'RT' });
    const out = changeJourneyType(search, range, jt);
    expect(out.search.journeyType).toBe(jt);
    expect(out.range.arrivalTime).toBe(ret);
  });
});

describe('passenger counts go through passengers.ts', () => {
  it.each([
    [[{ type: 'INCREMENT_PASSENGER', paxType: 'adt' }], [2, 0, 0]],
    [[{ type: 'INCREMENT_PASSENGER', paxType: 'CHD' }], [1, 1, 0]],
    [[{ type: 'INCREMENT_PASSENGER', paxType: 'inf' }, { type: 'INCREMENT_PASSENGER', paxType: 'inf' }], [1, 0, 1]],
    [[{ type: 'DECREMENT_PASSENGER', paxType: 'chd' }], [1, 0, 0]],
    [[{ type: 'SET_PASSENGER_COUNT', paxType: 'adt', value: 9 }, { type: 'SET_PASSENGER_COUNT', paxType: 'inf', value: 9 },
      { type: 'DECREMENT_PASSENGER', paxType: 'adt' }], [8, 0, 8]],
    [[{ type: 'SET_PASSENGER_COUNT', paxType: 'adt', value: 5 }, { type: 'SET_PASSENGER_COUNT', paxType: 'chd', value: 5 }], [5, 0, 0]],
  ] as [SearchStateAction[], number[]][])('%j → %o', (actions, [adt, chd, inf]) => {
    expect(passengerCountsOf(run(...actions))).toEqual({ adt, chd, inf });
  });
  it('a refused change keeps the same state object', () => {
    const s = run({ type: 'SET_PASSENGER_COUNT', paxType: 'adt', value: 9 });
    expect(searchStateReducer(s, { type: 'INCREMENT_PASSENGER', paxType: 'adt' })).toBe(s);
  });
});

describe('"Per-airline promotion codes for VN, QH, VJ and VU. Promotion info: airline, numberOfUse, promotionCode, promotionFake, timeActive, type"', () => {
  it.each(['VN', 'QH', 'VJ', 'VU'] as const)('sets the %s code only', (airline) => {
    const s = run({ type: 'SET_PROMOTION_CODE', airline, code: 'TET2026' });
    expect(s.promotionCodes).toEqual({ VN: '', QH: '', VJ: '', VU: '', [airline]: 'TET2026' });
  });
  it('ignores an airline without a code field', () => {
    const s = searchStateReducer(init, { type: 'SET_PROMOTION_CODE', airline: 'BL' as never, code: 'X' });
    expect(s).toBe(init);
  });
  it('stores promotion info', () => {
    const info = { airline: 'VJ', numberOfUse: 3, promotionCode: 'VJ50', promotionFake: 'VJ**', timeActive: '2026-12-31', type: 'PERCENT' };
    expect(run({ type: 'SET_PROMOTION_INFO', promotionInfo: info }).promotionInfo).toEqual(info);
  });
  it('alreadyChooseDate', () => expect(run({ type: 'SET_ALREADY_CHOOSE_DATE', value: true }).alreadyChooseDate).toBe(true));
});

describe('"Any RESET action resets the whole client state."', () => {
  it('from a changed state', () => {
    const s = searchStateReducer(routed, { type: 'SET_PROMOTION_CODE', airline: 'VN', code: 'A' });
    expect(searchStateReducer(s, { type: 'RESET' })).toEqual(init);
  });
  it('does not mutate the previous state', () => {
    const before = structuredClone(routed);
    searchStateReducer(routed, { type: 'SWAP_PLACES' });
    expect(routed).toEqual(before);
  });
});

describe('canSearch', () => {
  const rt = searchStateReducer(routed, { type: 'SET_JOURNEY_TYPE', journeyType: 'RT' });
  const mc = searchStateReducer(init, { type: 'SET_JOURNEY_TYPE', journeyType: 'MC' });
  const leg = (from: string, to: string, departDate = '2026-03-20') => ({ from, to, departDate });
  it.each([
    ['OW complete', routed, { departureTime: '2026-03-20' }, [], true],
    ['no places', init, { departureTime: '2026-03-20' }, [], false],
    ['same places', searchStateReducer(routed, { type: 'SET_ARRIVAL_PLACE', place: HAN }), { departureTime: '2026-03-20' }, [], false],
    ['no departure date', routed, { departureTime: '' }, [], false],
    ['no seated passenger', searchStateReducer(routed, { type: 'DECREMENT_PASSENGER', paxType: 'adt' }), { departureTime: '2026-03-20' }, [], false],
    ['RT without return', rt, { departureTime: '2026-03-20', arrivalTime: '' }, [], false],
    ['RT with return', rt, { departureTime: '2026-03-20', arrivalTime: '2026-03-22' }, [], true],
    ['RT same day', rt, { departureTime: '2026-03-20', arrivalTime: '2026-03-20' }, [], true],
    ['RT return before departure', rt, { departureTime: '2026-03-20', arrivalTime: '2026-03-19' }, [], false],
    ['MC two legs', mc, { departureTime: '' }, [leg('HAN', 'SGN'), leg('SGN', 'DAD')], true],
    ['MC one leg', mc, { departureTime: '' }, [leg('HAN', 'SGN')], false],
    ['MC leg without place', mc, { departureTime: '' }, [leg('HAN', 'SGN'), leg('SGN', '')], false],
  ] as const)('%s → %s', (_n, state, dates, legs, ok) => expect(canSearch(state, dates, [...legs])).toBe(ok));
});

describe('toSearchRequest → contract FlightSearchRequest', () => {
  it('one way', () => {
    const s = searchStateReducer(routed, { type: 'SET_PROMOTION_CODE', airline: 'VJ', code: ' VJ50 ' });
    const req = toSearchRequest(s, { departureTime: '2026-03-20', arrivalTime: '2026-03-25' });
    expect(req).toEqual({
      journeyType: 'OW', searchType: 'BP', legs: [{ from: 'HAN', to: 'SGN', departDate: '2026-03-20' }],
      adt: 1, chd: 0, inf: 0, promotionCodes: { VJ: 'VJ50' },
    });
    expect(flightSearchRequest.parse(req)).toEqual(req);
  });
  it('round trip sends the return date', () => {
    const s = searchStateReducer(routed, { type: 'SET_JOURNEY_TYPE', journeyType: 'RT' });
    const req = toSearchRequest(s, { departureTime: '2026-03-20', arrivalTime: '2026-03-25' });
    expect(req.returnDate).toBe('2026-03-25');
    expect(req.legs).toHaveLength(1);
    expect(flightSearchRequest.parse(req)).toEqual(req);
  });
  it('multi-city takes the legs', () => {
    const s = searchStateReducer(routed, { type: 'SET_JOURNEY_TYPE', journeyType: 'MC' });
    const legs = [{ from: 'HAN', to: 'SGN', departDate: '2026-03-20' }, { from: 'SGN', to: 'PQC', departDate: '2026-03-23' }];
    const req = toSearchRequest(s, { departureTime: '2026-03-20' }, legs);
    expect(req.legs).toEqual(legs);
    expect(req.returnDate).toBeUndefined();
    expect(flightSearchRequest.parse(req)).toEqual(req);
  });
});
