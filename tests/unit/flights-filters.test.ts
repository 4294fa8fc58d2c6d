import { describe, expect, it } from 'vitest';
import type { CabinClass, FlightOffer, PriceInfo } from '../../contract/flights';
import {
  DEFAULT_FILTERS, TIME_BANDS, airlineList, applyAlwaysOnRules, applyFilters, completeSignInTask, filterOptions, filtersReducer, hasUtility,
  initialDirectionFilters, initialFilters, isForeignOnVnList, isGdsSource, isHiddenQh, matchesFilters, matchesFlightKind,
  matchingFareClasses, resetFilters, timeBandOf, type FlightFilters,
} from '../../plugins/flights/model/filters';

const bag = (pieces: number, weightKg: number) => ({ pieces, weightKg, description: '' });
function fare(fareADT: number, o: { seat?: number; cabin?: CabinClass; bagKg?: number; refundable?: boolean; changeable?: boolean; tax?: number } = {}): PriceInfo {
  return {
    class: 'Y', seatAvailable: o.seat ?? 9, fareADT, taxADT: o.tax ?? 0, vatADT: 0, baseFareADT: fareADT,
    fareCHD: 0, taxCHD: 0, vatCHD: 0, fareINF: 0, taxINF: 0, vatINF: 0,
    fareInfo: { cabinClass: o.cabin ?? 'ECONOMY', fareFamily: 'Eco', fareBasis: 'Y', refundable: o.refundable ?? false, changeable: o.changeable ?? false },
    handBaggage: bag(1, 7), freeBaggage: o.bagKg ? bag(1, o.bagKg) : bag(0, 0),
  };
}
function offer(id: string, o: Partial<FlightOffer> = {}): FlightOffer {
  const airline = o.airline ?? 'VN';
  const seg = {
    carrierCode: airline, carrierName: `${airline} Airlines`, flightNo: `${airline}1`, from: 'HAN', to: 'SGN', departDate: '2026-03-20T08:00',
    arrivalDate: '2026-03-20T10:00', flightTimeHour: 2, flightTimeMinute: 0, airCraft: '321', aircraftType: 'A321',
  };
  return {
    id, airline, source: 'VN', from: 'HAN', to: 'SGN', departDateTime: '2026-03-20T08:00', arrivalDateTime: '2026-03-20T10:00',
    lowestFare: 0, numberOfStop: 0, combineSegment: '', totalTimeDuring: 120, direction: 'depart',
    priceInfo: [fare(1_000_000)], routeInfo: [seg], ...o,
  };
}
const f = (patch: Partial<FlightFilters>): FlightFilters => ({ ...DEFAULT_FILTERS, ...patch });
const NOW = '2026-03-19T08:00';

describe('defaults and reset: "Default is full fare, all flights, best price." "Reset sets direct-only."', () => {
  it('default is all flights, no limits', () => expect(initialFilters()).toEqual({
    price: null, flight: 'ALL', utilities: [], cabinClasses: [], airlines: [], systems: [], departureTimes: [], arrivalTimes: [],
  }));
  it('"Reset sets direct-only"', () => expect(resetFilters()).toEqual({ ...DEFAULT_FILTERS, flight: 'DIRECT' }));
  it('held per direction', () => expect(initialDirectionFilters()).toEqual({ depart: DEFAULT_FILTERS, return: DEFAULT_FILTERS }));
});

describe('time bands [start, end): "60 (00:00–06:00), 120 (06:00–12:00), 180 (12:00–18:00), 240 (18:00–24:00)"', () => {
  it.each([
    ['00:00', 60], ['05:59', 60], ['06:00', 120], ['11:59', 120], ['12:00', 180], ['17:59', 180], ['18:00', 240], ['23:59', 240],
  ] as const)('%s → %i', (t, band) => expect(timeBandOf(`2026-03-20T${t}`)).toBe(band));
  it('four bands', () => expect(TIME_BANDS).toEqual([60, 120, 180, 240]));
});

describe('"flight (all, direct = 0 stops, transit = 1 or more stops)"', () => {
  it.each([
    [0, 'ALL', true], [1, 'ALL', true], [0, 'DIRECT', true], [1, 'DIRECT', false], [2, 'DIRECT', false],
    [0, 'TRANSIT', false], [1, 'TRANSIT', true], [3, 'TRANSIT', true],
  ] as const)('%i stops, %s → %s', (stops, kind, ok) => expect(matchesFlightKind(offer('a', { numberOfStop: stops }), kind)).toBe(ok));
});

describe('utilities', () => {
  it.each([
    [fare(1, { bagKg: 20 }), 'BAGGAGE_INCLUDED', true], [fare(1), 'BAGGAGE_INCLUDED', false],
    [fare(1, { refundable: true }), 'REFUNDABLE', true], [fare(1), 'REFUNDABLE', false],
    [fare(1, { changeable: true }), 'CHANGEABLE', true], [fare(1), 'CHANGEABLE', false],
  ] as const)('%#: %s → %s', (p, u, ok) => expect(hasUtility(p, u)).toBe(ok));
  it('baggage counted by pieces too', () => expect(hasUtility({ ...fare(1), freeBaggage: bag(1, 0) }, 'BAGGAGE_INCLUDED')).toBe(true));
});

describe('matchesFilters: "Price; flight; utilities; cabin classes; airlines; GDS systems; departure and arrival time bands"', () => {
  const o = offer('a', {
    airline: 'VJ', source: 'VJ', numberOfStop: 0, departDateTime: '2026-03-20T06:00', arrivalDateTime: '2026-03-20T12:00',
    priceInfo: [fare(700_000, { tax: 100_000 }), fare(1_500_000, { bagKg: 20, cabin: 'BUSINESS', refundable: true, tax: 100_000 })],
  });
  const gds = offer('g', { airline: 'VN', source: '1A' });
  it.each([
    ['no filters', o, f({}), true],
    ['direct', o, f({ flight: 'DIRECT' }), true],
    ['transit', o, f({ flight: 'TRANSIT' }), false],
    ['airline in', o, f({ airlines: ['VN', 'VJ'] }), true],
    ['airline out', o, f({ airlines: ['VN'] }), false],
    ['departure band 120 (06:00 start edge)', o, f({ departureTimes: [120] }), true],
    ['departure band 60 (06:00 is not in it)', o, f({ departureTimes: [60] }), false],
    ['several bands', o, f({ departureTimes: [60, 120] }), true],
    ['arrival band 180 (12:00 start edge)', o, f({ arrivalTimes: [180] }), true],
    ['arrival band 120 (12:00 end edge excluded)', o, f({ arrivalTimes: [120] }), false],
    ['cabin present', o, f({ cabinClasses: ['BUSINESS'] }), true],
    ['cabin absent', o, f({ cabinClasses: ['FIRST'] }), false],
    ['utility present on a class', o, f({ utilities: ['BAGGAGE_INCLUDED'] }), true],
    ['utilities on the same class', o, f({ utilities: ['BAGGAGE_INCLUDED', 'REFUNDABLE'] }), true],
    ['utility missing', o, f({ utilities: ['CHANGEABLE'] }), false],
    ['cabin and utility must meet on one class', o, f({ cabinClasses: ['ECONOMY'], utilities: ['BAGGAGE_INCLUDED'] }), false],
    ['price range includes full price (inclusive min)', o, f({ price: { min: 800_000, max: 900_000 } }), true],
    ['price range inclusive max', o, f({ price: { min: 0, max: 800_000 } }), true],
    ['price range below', o, f({ price: { min: 0, max: 799_999 } }), false],
    ['price range over the matching class', o, f({ cabinClasses: ['BUSINESS'], price: { min: 1_000_000, max: 2_000_000 } }), true],
    ['GDS system selected', gds, f({ systems: ['1A'] }), true],
    ['GDS system not selected', gds, f({ systems: ['1B', '1G'] }), false],
    ['systems leave carrier channels alone', o, f({ systems: ['1B'] }), true],
  ] as const)('%s → %s', (_n, off, filters, ok) => expect(matchesFilters(off, filters)).toBe(ok));

  it('price range in basic mode', () => {
    expect(matchesFilters(o, f({ price: { min: 700_000, max: 700_000 } }), 'BASIC')).toBe(true);
    expect(matchesFilters(o, f({ price: { min: 700_000, max: 700_000 } }), 'FULL')).toBe(false);
  });
  it('matchingFareClasses', () => expect(matchingFareClasses(o, { cabinClasses: [], utilities: ['REFUNDABLE'] }).map((p) => p.fareADT)).toEqual([1_500_000]));
});

describe('"Flights of carrier QH are hidden when departure is less than 1 day from now."', () => {
  it.each([
    ['QH', '2026-03-20T08:00', false], // exactly 1 day: shown
    ['QH', '2026-03-20T07:59', true],
    ['QH', '2026-03-19T09:00', true],
    ['QH', '2026-03-19T07:00', true], // already departed
    ['QH', '2026-03-21T08:00', false],
    ['VN', '2026-03-19T09:00', false], // other carriers are not affected
    ['VJ', '2026-03-19T09:00', false],
  ] as const)('%s departing %s → hidden %s', (airline, dep, hidden) => {
    expect(isHiddenQh(offer('a', { airline, source: airline, departDateTime: dep }), NOW)).toBe(hidden);
  });
  it.each([
    // a browser in UTC or UTC−8 still counts the departure on the Vietnam clock
    ['2026-03-21T00:00', '2026-03-19T17:30:00Z', true], // 23 h 30 after 00:30 on the 20th in Vietnam
    ['2026-03-21T00:30', Date.parse('2026-03-19T17:30:00Z'), false], // exactly 1 day
    ['2026-03-21T00:29', new Date('2026-03-19T09:30:00-08:00'), true],
  ] as const)('QH departing %s (Vietnam) seen at the instant %s → hidden %s', (dep, now, hidden) => {
    expect(isHiddenQh(offer('a', { airline: 'QH', departDateTime: dep }), now)).toBe(hidden);
  });
  it('accepts a Date', () => {
    expect(isHiddenQh(offer('a', { airline: 'QH', departDateTime: '2026-03-20T07:00' }), new Date(2026, 2, 19, 8, 0))).toBe(true);
  });
});

describe('"The VN carrier\'s list shows only the VN code itself."', () => {
  it.each([
    ['VN', 'VN', false], ['VN', 'BL', true], ['VN', 'AF', true], ['1A', 'AF', false], ['VJ', 'VJ', false],
  ] as const)('source %s airline %s → dropped %s', (source, airline, dropped) => {
    expect(isForeignOnVnList(offer('a', { source, airline }))).toBe(dropped);
  });
});

describe('applyFilters: the always-on rules (QH cut-off, VN list), then "Filters (held per direction)"', () => {
  const list = [
    offer('vn', { departDateTime: '2026-03-20T09:00' }),
    offer('qhSoon', { airline: 'QH', source: 'QH', departDateTime: '2026-03-19T20:00' }),
    offer('qhLater', { airline: 'QH', source: 'QH', departDateTime: '2026-03-21T20:00' }),
    offer('bl', { airline: 'BL', source: 'VN' }),
    offer('transit', { numberOfStop: 1, departDateTime: '2026-03-20T13:00' }),
  ];
  it.each([
    ['always-on only', f({}), ['vn', 'qhLater', 'transit']],
    ['direct', f({ flight: 'DIRECT' }), ['vn', 'qhLater']],
    ['transit', f({ flight: 'TRANSIT' }), ['transit']],
    ['airline QH', f({ airlines: ['QH'] }), ['qhLater']],
    ['band 240', f({ departureTimes: [240] }), ['qhLater']],
  ] as const)('%s', (_n, filters, ids) => expect(applyFilters(list, filters, NOW).map((o) => o.id)).toEqual(ids));
  it('always-on rules alone', () => expect(applyAlwaysOnRules(list, NOW).map((o) => o.id)).toEqual(['vn', 'qhLater', 'transit']));
});

describe('"Airline list entry: airlineCode, airlineName, lowestPrice" and the filter options', () => {
  const list = [
    offer('a', { airline: 'VN', priceInfo: [fare(1_200_000), fare(900_000, { seat: 0 })] }),
    offer('b', { airline: 'VJ', source: 'VJ', priceInfo: [fare(600_000, { cabin: 'BUSINESS' })], departDateTime: '2026-03-20T19:00', arrivalDateTime: '2026-03-20T21:00' }),
    offer('c', { airline: 'VN', source: '1G', priceInfo: [fare(1_100_000, { tax: 50_000 })] }),
    offer('d', { airline: 'VU', source: 'VU', priceInfo: [fare(600_000)], routeInfo: [] as never }),
  ];
  it('one entry per airline, lowest price with seats, cheapest first, code as name when unknown', () => {
    expect(airlineList(list)).toEqual([
      { airlineCode: 'VJ', airlineName: 'VJ Airlines', lowestPrice: 600_000 },
      { airlineCode: 'VU', airlineName: 'VU', lowestPrice: 600_000 },
      { airlineCode: 'VN', airlineName: 'VN Airlines', lowestPrice: 1_150_000 },
    ]);
  });
  it('filter options', () => {
    expect(filterOptions(list)).toEqual({
      airlines: airlineList(list),
      cabinClasses: ['ECONOMY', 'BUSINESS'],
      systems: ['1G'],
      price: { min: 600_000, max: 1_200_000 },
      departureTimes: [120, 240],
      arrivalTimes: [120, 240],
    });
  });
  it('basic mode', () => expect(filterOptions(list, 'BASIC').price).toEqual({ min: 600_000, max: 1_200_000 }));
  it('no offers', () => expect(filterOptions([])).toEqual({ airlines: [], cabinClasses: [], systems: [], price: null, departureTimes: [], arrivalTimes: [] }));
  it.each([['1A', true], ['1B', true], ['1G', true], ['VN', false], ['VJ', false]])('isGdsSource %s → %s', (s, ok) => expect(isGdsSource(s)).toBe(ok));
});

describe('filtersReducer: "Filters (held per direction)", "Reset sets direct-only"', () => {
  const s0 = initialDirectionFilters();
  it.each([
    [{ type: 'SET_FLIGHT', direction: 'depart', flight: 'TRANSIT' } as const, { flight: 'TRANSIT' }],
    [{ type: 'SET_PRICE', direction: 'depart', price: { min: 1, max: 2 } } as const, { price: { min: 1, max: 2 } }],
    [{ type: 'TOGGLE_UTILITY', direction: 'depart', value: 'REFUNDABLE' } as const, { utilities: ['REFUNDABLE'] }],
    [{ type: 'TOGGLE_CABIN_CLASS', direction: 'depart', value: 'FIRST' } as const, { cabinClasses: ['FIRST'] }],
    [{ type: 'TOGGLE_AIRLINE', direction: 'depart', value: 'VN' } as const, { airlines: ['VN'] }],
    [{ type: 'TOGGLE_SYSTEM', direction: 'depart', value: '1B' } as const, { systems: ['1B'] }],
    [{ type: 'TOGGLE_DEPARTURE_TIME', direction: 'depart', value: 60 } as const, { departureTimes: [60] }],
    [{ type: 'TOGGLE_ARRIVAL_TIME', direction: 'depart', value: 240 } as const, { arrivalTimes: [240] }],
    [{ type: 'RESET_FILTERS', direction: 'depart' } as const, { flight: 'DIRECT' }],
  ])('%o changes only the depart side', (action, patch) => {
    const s = filtersReducer(s0, action);
    expect(s.depart).toEqual({ ...DEFAULT_FILTERS, ...patch });
    expect(s.return).toBe(s0.return);
  });
  it('toggling twice removes the value', () => {
    const a = { type: 'TOGGLE_AIRLINE', direction: 'return', value: 'QH' } as const;
    expect(filtersReducer(filtersReducer(s0, a), a).return.airlines).toEqual([]);
  });
  it('reset of one direction keeps the other', () => {
    const s = filtersReducer(filtersReducer(s0, { type: 'TOGGLE_AIRLINE', direction: 'return', value: 'QH' }), { type: 'RESET_FILTERS', direction: 'depart' });
    expect(s.return.airlines).toEqual(['QH']);
    expect(s.depart.flight).toBe('DIRECT');
  });
  it('RESET resets both to the defaults', () => {
    const s = filtersReducer(s0, { type: 'RESET_FILTERS', direction: 'depart' });
    expect(filtersReducer(s, { type: 'RESET' })).toEqual(initialDirectionFilters());
  });
});

describe('"Completed sign-in tasks count up to the number of sign-ins"', () => {
  it.each([[0, 3, 1], [2, 3, 3], [3, 3, 3], [5, 3, 3], [0, 0, 0]])('%i done of %i, one more → %i', (done, total, out) => {
    expect(completeSignInTask(done, total)).toBe(out);
  });
});
