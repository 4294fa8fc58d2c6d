// The poll as sent (contract/flights-poll.ts): each offer's fare classes as one table of columns naming texts shared
// once per answer, and the full poll given back by expandSearchPoll, every amount exactly.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  columnOf, compactFares, segmentOfWire, wireSegment, wireSegmentOf, fareTextOfWire, fareTextsOf, wireFareText, wireFareTextOf, compactSearchPoll, expandSearchPoll, fareTextRefs, faresOf, SOURCES, searchPoll, searchPollWire,
  type FareText, type FlightOffer, type PriceInfo, type SearchPoll, type WireFares,
} from '../../contract/flights';
import { createSupplierRegistry } from '../../gateway/suppliers';
import { NETWORK } from '../../gateway/suppliers/reference-data';
import { makeOffer } from './helpers/flight-fixtures';

const head = { sessionId: 's1', tasks: [{ signInId: 3, source: 'VN' as const, label: 'HAN001', status: 'done' as const, elapsedMs: 12, offerCount: 2 }], total: 1, completed: 1, done: true, cursor: 2 };
const vn = (id: string, fares: { class: string; seats: number; fare: number; cabin?: 'ECONOMY' | 'BUSINESS' }[]) =>
  ({ ...makeOffer({ id, airline: 'VN', depart: '2030-01-20T06:00', minutes: 130, fares }), signInId: 3 });
/** What a value is once sent as JSON. */
const sent = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The poll as sent and expanded again, through JSON, as the portal gets it: exactly the poll. */
function expectRoundTrip(poll: SearchPoll): void {
  const wire = compactSearchPoll(poll);
  expect(isDeepStrictEqual(searchPollWire.parse(wire), wire)).toBe(true);
  const back = expandSearchPoll(sent(wire));
  expect(isDeepStrictEqual(back, sent(poll))).toBe(true);
  expect(isDeepStrictEqual(searchPoll.parse(back), back)).toBe(true);
}

describe('compactSearchPoll / expandSearchPoll', () => {
  const cases: { name: string; poll: SearchPoll; classes: number; texts: number }[] = [
    { name: 'no offers', poll: { ...head, offers: [] }, classes: 0, texts: 0 },
    { name: 'one offer, one class', poll: { ...head, offers: [vn('a', [{ class: 'Y', seats: 4, fare: 1_000_000 }])] }, classes: 1, texts: 1 },
    {
      name: 'classes sharing a text across offers are sent with it once',
      poll: {
        ...head,
        offers: [
          vn('a', [{ class: 'Y', seats: 4, fare: 1_000_000 }, { class: 'J', seats: 2, fare: 5_000_000, cabin: 'BUSINESS' }]),
          vn('b', [{ class: 'Y', seats: 0, fare: 900_000 }, { class: 'J', seats: 9, fare: 4_000_000, cabin: 'BUSINESS' }]),
        ],
      },
      classes: 4,
      texts: 2,
    },
    {
      name: 'multi-city legs and a combined segment keep their fields',
      poll: { ...head, offers: [{ ...vn('a:b', [{ class: 'M', seats: 1, fare: 0 }]), leg: 1, combineSegment: 'b' }] },
      classes: 1,
      texts: 1,
    },
  ];
  it.each(cases)('$name', ({ poll, classes, texts }) => {
    const wire = compactSearchPoll(poll);
    expect(wire.offers.reduce((n, o) => n + o.fares[0].length, 0)).toBe(classes);
    expect(Object.keys(wire.fareTexts)).toHaveLength(texts);
    expectRoundTrip(poll);
    if (poll.offers.length > 0) expect(JSON.stringify(wire).length).toBeLessThan(JSON.stringify(poll).length);
  });

  // every route of the simulated network, every source, one way and round trip, at both VAT rates: the offers as
  // the suppliers make them, sent and expanded, deep-equal to the full offers (every amount the same integer)
  const routes = NETWORK.map((r) => [r.a, r.b] as const);
  const registries = [8, 10].map((vatPercent) => createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 }, vatPercent }));
  const day = (n: number) => new Date(Date.now() + (7 * 60 + n * 1440) * 60_000).toISOString().slice(0, 10);
  it.each(routes)('every offer of %s–%s, every source, one way and round trip, 8 and 10 % VAT, expands to itself', async (from, to) => {
    let offers = 0;
    for (const registry of registries) {
      for (const source of SOURCES) {
        for (const search of [
          { from, to, departDate: day(20), pax: { adt: 2, chd: 1, inf: 1 } },
          { from: to, to: from, departDate: day(21), returnDate: day(24), pax: { adt: 1, chd: 0, inf: 0 } },
        ]) {
          const found = await registry.flight(source).search(search).catch(() => [] as FlightOffer[]);
          offers += found.length;
          expectRoundTrip({ ...head, offers: found });
        }
      }
    }
    expect(offers).toBeGreaterThan(0);
  }, 60_000);
});

describe('the fare table (WireFares)', () => {
  const text: FareText = {
    fareInfo: { cabinClass: 'ECONOMY', fareFamily: 'Economy Classic', fareBasis: 'YCLDOW', refundable: true, changeable: true },
    handBaggage: { pieces: 1, weightKg: 7, description: '7kg' },
    freeBaggage: { pieces: 1, weightKg: 23, description: '23kg' },
  };
  const klass = (cls: string, amounts: Partial<PriceInfo> = {}): PriceInfo => ({
    class: cls, seatAvailable: 5, fareADT: 1_000_000, taxADT: 200_000, vatADT: 96_000, baseFareADT: 1_000_000,
    fareCHD: 900_000, taxCHD: 100_000, vatCHD: 80_000, fareINF: 100_000, taxINF: 0, vatINF: 8_000, ...text, ...amounts,
  });
  const keyed = (list: PriceInfo[]) => compactFares(list, (_, i) => 7 + i);
  const texts = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [7 + i, text]));

  const cases: { name: string; list: PriceInfo[]; expect?: (f: WireFares) => void }[] = [
    {
      name: 'the amounts a fare rule makes cost nothing: taxes once, VAT, child and infant shares, the published fare',
      list: [klass('Y'), klass('M', { fareADT: 2_000_000, baseFareADT: 2_000_000, vatADT: 176_000, fareCHD: 1_800_000, vatCHD: 152_000, fareINF: 200_000, vatINF: 16_000 })],
      expect: (f) => expect(f.slice(2)).toEqual([100_000, 9000, 1000, 800, [10, 20], 2, 0, 0, 1, 0, 0, 0, 0, 0, [7]]),
    },
    {
      name: 'a fixed infant fare is one number; a promotion below the published fare is its difference',
      list: [klass('P', { baseFareADT: 1_300_000 }), klass('E', { fareADT: 1_500_000, baseFareADT: 1_500_000, vatADT: 136_000, fareCHD: 1_350_000, vatCHD: 116_000, fareINF: 100_000 })],
      expect: (f) => {
        expect(f[2]).toBe(50_000);
        expect(f[4]).toBe(0);
        expect(f[11]).toBe(2);
        expect(f[8]).toEqual([6]);
      },
    },
    { name: 'amounts off any rule are still exact', list: [klass('Y', { vatADT: 1, fareCHD: 777_777, vatCHD: 3, fareINF: 5, vatINF: 0, taxINF: 13 }), klass('B', { seatAvailable: 0 })] },
    { name: 'no VAT (international), zero fares', list: [klass('Y', { vatADT: 0, vatCHD: 0, vatINF: 0 }), klass('Z', { fareADT: 0, baseFareADT: 0, fareCHD: 0, fareINF: 0, vatADT: 0, vatCHD: 0, vatINF: 0, taxADT: 0, taxCHD: 0 })] },
    { name: 'amounts near the largest safe integer', list: [klass('Y', { fareADT: 9_007_199_254_740_000, baseFareADT: 9_007_199_254_740_000, fareCHD: 8_106_479_329_266_000, vatADT: 720_575_940_379_216 })] },
    { name: 'amounts that are not integers are sent as they are', list: [klass('Y', { fareADT: 1_000_000.5, vatADT: 0.25 })], expect: (f) => expect(f.slice(2, 7)).toEqual([1, 0, 0, 0, 1_000_000.5]) },
    { name: 'classes of more than one letter', list: [klass('Y1'), klass('Y2', { seatAvailable: 0 })], expect: (f) => expect(f[0]).toEqual(['Y1', 'Y2']) },
  ];
  it.each(cases)('$name', ({ list, expect: check }) => {
    const fares = keyed(list);
    expect(faresOf(sent(fares), texts)).toEqual(list);
    check?.(fares);
  });

  it('texts: keys in a row are one number, others their differences, inline texts as they are; an unknown key is an error', () => {
    const list = [klass('A'), klass('B'), klass('C')];
    expect(compactFares(list, (_, i) => 40 + i)[16]).toEqual([40]);
    expect(compactFares(list, (_, i) => i)[16]).toEqual([]);
    expect(compactFares(list, (_, i) => [5, 2, 3][i])[16]).toEqual([5, -4]);
    const inline = compactFares(list, (_, i) => (i === 1 ? wireFareTextOf(text) : 9));
    expect(inline[16]).toEqual([9, wireFareTextOf(text), 9]);
    expect(fareTextRefs(inline)).toEqual([9, wireFareTextOf(text), 9]);
    expect(faresOf(inline, { 9: text })).toEqual(list);
    expect(() => faresOf(compactFares(list, (_, i) => i), { 0: text, 1: text })).toThrow(/fare text 2/);
  });

  it('a text is sent as its values in order, a fare without a class group with null, and read back the same', () => {
    const grouped: FareText = { ...text, fareInfo: { ...text.fareInfo, classGroup: 'PAG', refundable: false } };
    const cases: [FareText, unknown[]][] = [
      [text, ['ECONOMY', 'Economy Classic', 'YCLDOW', null, true, true, 1, 7, '7kg', 1, 23, '23kg']],
      [grouped, ['ECONOMY', 'Economy Classic', 'YCLDOW', 'PAG', false, true, 1, 7, '7kg', 1, 23, '23kg']],
    ];
    for (const [t, values] of cases) {
      expect(wireFareTextOf(t)).toEqual(values);
      expect(wireFareText.parse(values)).toEqual(values);
      expect(isDeepStrictEqual(fareTextOfWire(sent(wireFareTextOf(t))), t)).toBe(true);
    }
    expect(fareTextsOf({ 3: wireFareTextOf(grouped) })).toEqual({ 3: grouped });
    expect(wireFareText.safeParse(['ECONOMY', 'x', 'y', undefined, true, true, 1, 7, '7kg', 1, 23, '23kg']).success).toBe(false);
  });

  it('a segment is sent as its values in order, null for a field it does not have, and read back the same', () => {
    const full = { carrierCode: 'VN', carrierName: 'Vietnam Airlines', flightNo: 'VN213', operatingCarrier: 'BL', from: 'HAN', to: 'SGN', departDate: '2030-01-20T06:00', arrivalDate: '2030-01-20T08:10', flightTimeHour: 2, flightTimeMinute: 10, airCraft: '321', aircraftType: 'Airbus A321', startTerminal: 'T1', endTerminal: 'T1' };
    const { operatingCarrier: _o, startTerminal: _s, endTerminal: _e, ...bare } = full;
    const cases: [typeof bare, unknown[]][] = [
      [full, ['VN', 'Vietnam Airlines', 'VN213', 'BL', 'HAN', 'SGN', '2030-01-20T06:00', '2030-01-20T08:10', 2, 10, '321', 'Airbus A321', 'T1', 'T1']],
      [bare, ['VN', 'Vietnam Airlines', 'VN213', null, 'HAN', 'SGN', '2030-01-20T06:00', '2030-01-20T08:10', 2, 10, '321', 'Airbus A321', null, null]],
    ];
    for (const [segment, values] of cases) {
      expect(wireSegmentOf(segment)).toEqual(values);
      expect(wireSegment.parse(values)).toEqual(values);
      expect(isDeepStrictEqual(segmentOfWire(sent(wireSegmentOf(segment))), segment)).toBe(true);
    }
    expect(wireSegment.safeParse([...cases[0][1].slice(0, 4), 'Hanoi', ...cases[0][1].slice(5)]).success).toBe(false);
  });

  it('a column is one number when all are equal, else the list without trailing zeros', () => {
    const cases: [number[], number | number[]][] = [[[], 0], [[3], 3], [[3, 3], 3], [[1, 0, 0], [1]], [[0, 2, 0], [0, 2]], [[-1, 1], [-1, 1]]];
    for (const [values, column] of cases) expect(columnOf(values)).toEqual(column);
  });

  it('the wire schema refuses a table whose lists are longer than its classes, a bad unit or rate, or a text key that is not a number', () => {
    const wire = compactSearchPoll({ ...head, offers: [vn('a', [{ class: 'Y', seats: 4, fare: 1_000_000 }, { class: 'M', seats: 2, fare: 800_000 }])] });
    const fares = wire.offers[0].fares;
    const withFares = (f: unknown) => ({ ...wire, offers: [{ ...wire.offers[0], fares: f }] });
    const replaced = (at: number, value: unknown) => fares.map((v, i) => (i === at ? value : v));
    const bad = [
      withFares(replaced(1, [1, 2, 3])),
      withFares(replaced(2, 0)),
      withFares(replaced(3, -1)),
      withFares(replaced(6, [1.5, 2])),
      withFares(replaced(16, [wireFareTextOf(text)])),
      withFares(replaced(0, '')),
      withFares(fares.slice(0, 16)),
      { ...wire, fareTexts: { x: Object.values(wire.fareTexts)[0] } },
    ];
    expect(searchPollWire.safeParse(wire).success).toBe(true);
    for (const b of bad) expect(searchPollWire.safeParse(b).success).toBe(false);
  });
});
