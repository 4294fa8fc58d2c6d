import { describe, expect, it } from 'vitest';
import type { FlightOffer, PriceInfo } from '../../contract/flights';
import {
  DEFAULT_PRICE_MODE, DEFAULT_SORT, cheapestBookingSummary, cheapestFareClass, compareOffers, fareClassPrice, hasNoSeat,
  isSoldOutVj, offerPrice, routeKey, sortOffers, sortWithSummary, toFareDisplay, upsertCheapestBookingDay,
} from '../../plugins/flights/model/sorting';

const bag = { pieces: 1, weightKg: 7, description: '7kg' };
function fare(fareADT: number, seatAvailable = 9, taxADT = 0, vatADT = 0, cls = 'Y'): PriceInfo {
  return {
    class: cls, seatAvailable, fareADT, taxADT, vatADT, baseFareADT: fareADT, fareCHD: 0, taxCHD: 0, vatCHD: 0, fareINF: 0, taxINF: 0, vatINF: 0,
    fareInfo: { cabinClass: 'ECONOMY', fareFamily: 'Eco', fareBasis: 'YOW', refundable: false, changeable: true },
    handBaggage: bag, freeBaggage: bag,
  };
}
function offer(id: string, o: Partial<FlightOffer> & { legs?: number } = {}): FlightOffer {
  const legs = o.legs ?? (o.numberOfStop ?? 0) + 1;
  const seg = {
    carrierCode: o.airline ?? 'VN', carrierName: 'Carrier', flightNo: 'VN1', from: 'HAN', to: 'SGN', departDate: '2026-03-20T08:00',
    arrivalDate: '2026-03-20T10:00', flightTimeHour: 2, flightTimeMinute: 0, airCraft: '321', aircraftType: 'A321',
  };
  return {
    id, airline: 'VN', source: 'VN', from: 'HAN', to: 'SGN', departDateTime: '2026-03-20T08:00', arrivalDateTime: '2026-03-20T10:00',
    lowestFare: 0, numberOfStop: 0, combineSegment: '', totalTimeDuring: 120, direction: 'depart',
    priceInfo: [fare(1_000_000)], routeInfo: Array.from({ length: legs }, () => seg), ...o,
  };
}
const ids = (list: FlightOffer[]) => list.map((o) => o.id);

describe('defaults: "full fare, all flights, best price"', () => {
  it('best price, full', () => expect([DEFAULT_SORT, DEFAULT_PRICE_MODE]).toEqual(['U_BEST_PRICE', 'FULL']));
});

describe('prices: "basic price, full price" (price select)', () => {
  const p = fare(1_000_000, 5, 200_000, 100_000);
  it.each([['BASIC', 1_000_000], ['FULL', 1_300_000]] as const)('%s → %i', (mode, v) => expect(fareClassPrice(p, mode)).toBe(v));
  it.each([
    ['cheapest with seats', [fare(900_000, 0), fare(1_100_000, 2), fare(1_000_000, 1)], 1_000_000],
    ['no class has seats → cheapest of all', [fare(900_000, 0), fare(800_000, 0)], 800_000],
    ['single', [fare(500_000)], 500_000],
  ] as const)('%s', (_n, priceInfo, v) => {
    const o = offer('a', { priceInfo: [...priceInfo] });
    expect(offerPrice(o)).toBe(v);
    expect(cheapestFareClass(o).fareADT).toBe(v);
  });
  it('full price picks the cheapest full fare, not the cheapest base fare', () => {
    const o = offer('a', { priceInfo: [fare(900_000, 1, 500_000), fare(1_000_000, 1, 100_000)] });
    expect([offerPrice(o, 'BASIC'), offerPrice(o, 'FULL')]).toEqual([900_000, 1_100_000]);
  });
});

describe('"VJ results with no available seats go to the end."', () => {
  it.each([
    ['VJ all zero', 'VJ', [0, 0], true, true],
    ['VJ one open', 'VJ', [0, 1], false, false],
    ['VN all zero (only VJ moves)', 'VN', [0, 0], true, false],
    ['QH all zero', 'QH', [0], true, false],
  ] as const)('%s', (_n, airline, seats, none, last) => {
    const o = offer('a', { airline, priceInfo: seats.map((s) => fare(1, s)) });
    expect(hasNoSeat(o)).toBe(none);
    expect(isSoldOutVj(o)).toBe(last);
  });
});

describe('sortOffers: "best price, highest price, earliest flight, fastest flight" … "Ties are broken by fewer legs, then by departure time."', () => {
  const cheap = offer('cheap', { priceInfo: [fare(800_000)], departDateTime: '2026-03-20T12:00', totalTimeDuring: 130 });
  const mid = offer('mid', { priceInfo: [fare(1_000_000)], departDateTime: '2026-03-20T06:00', totalTimeDuring: 125 });
  const dear = offer('dear', { priceInfo: [fare(1_500_000)], departDateTime: '2026-03-20T09:00', totalTimeDuring: 115 });
  const vjOut = offer('vjOut', { airline: 'VJ', source: 'VJ', priceInfo: [fare(100_000, 0)], departDateTime: '2026-03-20T05:00', totalTimeDuring: 100 });
  const vnOut = offer('vnOut', { priceInfo: [fare(900_000, 0)], departDateTime: '2026-03-20T13:00', totalTimeDuring: 200 });
  const all = [dear, vjOut, cheap, mid, vnOut];
  it.each([
    ['U_BEST_PRICE', ['cheap', 'vnOut', 'mid', 'dear', 'vjOut']],
    ['U_HIGHEST_PRICE', ['dear', 'mid', 'vnOut', 'cheap', 'vjOut']],
    ['U_EARLIEST_FLIGHT', ['mid', 'dear', 'cheap', 'vnOut', 'vjOut']],
    ['U_FASTEST_FLIGHT', ['dear', 'mid', 'cheap', 'vnOut', 'vjOut']],
  ] as const)('%s, sold-out VJ last', (sort, expected) => expect(ids(sortOffers(all, sort))).toEqual(expected));

  it('default is best price', () => expect(ids(sortOffers(all))).toEqual(ids(sortOffers(all, 'U_BEST_PRICE'))));

  it('basic vs full price can change the order', () => {
    const a = offer('a', { priceInfo: [fare(900_000, 9, 400_000)] });
    const b = offer('b', { priceInfo: [fare(1_000_000, 9, 100_000)] });
    expect(ids(sortOffers([a, b], 'U_BEST_PRICE', 'BASIC'))).toEqual(['a', 'b']);
    expect(ids(sortOffers([a, b], 'U_BEST_PRICE', 'FULL'))).toEqual(['b', 'a']);
  });

  it.each([
    ['fewer stops first', [offer('x', { numberOfStop: 1 }), offer('y', { numberOfStop: 0 })], ['y', 'x']],
    ['then fewer segments', [offer('x', { legs: 2 }), offer('y', { legs: 1 })], ['y', 'x']],
    ['then departure time', [offer('x', { departDateTime: '2026-03-20T09:00' }), offer('y', { departDateTime: '2026-03-20T07:30' })], ['y', 'x']],
    ['legs before time', [offer('x', { numberOfStop: 1, departDateTime: '2026-03-20T06:00' }), offer('y', { departDateTime: '2026-03-20T20:00' })], ['y', 'x']],
    ['all equal keeps input order', [offer('x'), offer('y'), offer('z')], ['x', 'y', 'z']],
  ] as const)('ties: %s', (_n, list, expected) => {
    for (const sort of ['U_BEST_PRICE', 'U_HIGHEST_PRICE', 'U_FASTEST_FLIGHT'] as const) {
      expect(ids(sortOffers([...list], sort))).toEqual(expected);
    }
  });

  it('sold-out VJ offers are sorted among themselves at the end', () => {
    const list = [
      offer('x', { airline: 'VJ', priceInfo: [fare(2, 0)] }), offer('y', { airline: 'VJ', priceInfo: [fare(1, 0)] }), offer('z', { priceInfo: [fare(3)] }),
    ];
    expect(ids(sortOffers(list, 'U_BEST_PRICE'))).toEqual(['z', 'y', 'x']);
    expect(ids(sortOffers(list, 'U_HIGHEST_PRICE'))).toEqual(['z', 'x', 'y']);
  });

  it('does not mutate the input', () => {
    const list = [dear, cheap];
    sortOffers(list);
    expect(ids(list)).toEqual(['dear', 'cheap']);
  });
  it('compareOffers is a comparator', () => expect(compareOffers()(cheap, dear)).toBeLessThan(0));
});

describe('"Best-price sort updates the cheapest-booking summary" (fareDisplay in K units)', () => {
  it.each([
    [1_250_000, 1250], [1_250_499, 1250], [1_250_500, 1251], [999, 1], [499, 0], [0, 0],
  ])('fareDisplay of %i → %i', (amount, k) => expect(toFareDisplay(amount)).toBe(k));

  it('the lowest sellable full price of the day', () => {
    const offers = [
      offer('a', { priceInfo: [fare(1_000_000, 9, 150_000, 100_000)] }),
      offer('b', { priceInfo: [fare(800_000, 9, 150_000, 95_000)] }),
      offer('c', { airline: 'VJ', priceInfo: [fare(100_000, 0)] }),
    ];
    expect(cheapestBookingSummary(offers, routeKey('HAN', 'SGN'), '2026-03-05')).toEqual({
      day: 5, month: 3, year: 2026, route: 'HAN-SGN', fareAmount: 1_045_000, fareDisplay: 1045,
    });
    expect(cheapestBookingSummary(offers, 'HAN-SGN', '2026-03-05', 'BASIC')?.fareAmount).toBe(800_000);
  });

  it.each([
    // VJ zero-fare promotion class with seats: never a 0K day, in either price mode
    ['FULL', 245_000, 245],
    ['BASIC', 500_000, 500],
  ] as const)('a zero-fare class does not make the day free (%s)', (mode, amount, k) => {
    const offers = [
      offer('vj', { airline: 'VJ', priceInfo: [fare(0, 9, 200_000, 45_000, 'E'), fare(500_000, 9, 200_000, 95_000, 'Y')] }),
      offer('vn', { priceInfo: [fare(900_000, 9, 150_000, 105_000)] }),
    ];
    const summary = cheapestBookingSummary(offers, 'HAN-SGN', '2026-03-05', mode);
    expect(summary?.fareAmount).toBe(amount);
    expect(summary?.fareDisplay).toBe(k);
  });
  it('a day whose only classes with seats are free has no summary', () => {
    expect(cheapestBookingSummary([offer('vj', { airline: 'VJ', priceInfo: [fare(0, 9, 0, 0)] })], 'HAN-SGN', '2026-03-05', 'BASIC')).toBeNull();
  });
  it.each([
    ['no offers', []],
    ['only sold-out VJ', [offer('c', { airline: 'VJ', priceInfo: [fare(1, 0)] })]],
  ])('%s → null', (_n, offers) => expect(cheapestBookingSummary(offers, 'HAN-SGN', '2026-03-05')).toBeNull());

  const day = (d: number, fareAmount: number, route = 'HAN-SGN') => ({ day: d, month: 3, year: 2026, route, fareAmount, fareDisplay: toFareDisplay(fareAmount) });
  it.each([
    ['adds a new day', [day(1, 1_000_000)], day(2, 900_000), [day(1, 1_000_000), day(2, 900_000)]],
    ['replaces the same day', [day(1, 1_000_000), day(2, 900_000)], day(1, 1_200_000), [day(1, 1_200_000), day(2, 900_000)]],
    ['other route is another entry', [day(1, 1_000_000)], day(1, 700_000, 'SGN-HAN'), [day(1, 1_000_000), day(1, 700_000, 'SGN-HAN')]],
  ])('upsert: %s', (_n, list, entry, expected) => expect(upsertCheapestBookingDay(list, entry)).toEqual(expected));

  it.each([
    ['U_BEST_PRICE', true], ['U_HIGHEST_PRICE', false], ['U_EARLIEST_FLIGHT', false], ['U_FASTEST_FLIGHT', false],
  ] as const)('sortWithSummary %s updates the summary: %s', (sort, updates) => {
    const before = [day(20, 2_000_000)];
    const out = sortWithSummary([offer('a'), offer('b', { priceInfo: [fare(700_000)] })], { sort, route: 'HAN-SGN', date: '2026-03-20' }, before);
    expect(out.offers).toHaveLength(2);
    if (updates) expect(out.summaries).toEqual([day(20, 700_000)]);
    else expect(out.summaries).toBe(before);
  });
  it('sortWithSummary with nothing sellable keeps the summary', () => {
    const before = [day(20, 2_000_000)];
    expect(sortWithSummary([], { route: 'HAN-SGN', date: '2026-03-20' }, before).summaries).toBe(before);
  });
});
