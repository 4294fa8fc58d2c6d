import { describe, expect, it } from 'vitest';
import type { BookingFee, FlightOffer, PassengerCounts, PriceInfo } from '../../contract/flights';
import {
  baseId, clearSelection, customerPriceDetail, emptySide, findCombinedMatch, grandTotal, initialSelectedFlightSession,
  isCombinedMatch, issueFeeFor, partyAvailability, pickClass, priceDetailOf, repriceSession, sameOfferId, seatsNeeded, selectFlight, selectionReducer,
  sideTotal, visibleOffers, type PricingContext,
} from '../../plugins/flights/model/selection';

const bag = { pieces: 0, weightKg: 0, description: '' };
function fare(cls: string, adt: [number, number, number], chd: [number, number, number] = [0, 0, 0], inf: [number, number, number] = [0, 0, 0], seat = 9): PriceInfo {
  return {
    class: cls, seatAvailable: seat, fareADT: adt[0], taxADT: adt[1], vatADT: adt[2], baseFareADT: adt[0],
    fareCHD: chd[0], taxCHD: chd[1], vatCHD: chd[2], fareINF: inf[0], taxINF: inf[1], vatINF: inf[2],
    fareInfo: { cabinClass: 'ECONOMY', fareFamily: 'Eco', fareBasis: cls, refundable: false, changeable: false },
    handBaggage: bag, freeBaggage: bag,
  };
}
function offer(id: string, o: Partial<FlightOffer> = {}): FlightOffer {
  const seg = {
    carrierCode: 'VN', carrierName: 'Vietnam Airlines', flightNo: 'VN1', from: 'HAN', to: 'SGN', departDate: '2026-03-20T08:00',
    arrivalDate: '2026-03-20T10:00', flightTimeHour: 2, flightTimeMinute: 0, airCraft: '321', aircraftType: 'A321',
  };
  return {
    id, airline: 'VN', source: 'VN', from: 'HAN', to: 'SGN', departDateTime: '2026-03-20T08:00', arrivalDateTime: '2026-03-20T10:00',
    lowestFare: 0, numberOfStop: 0, combineSegment: '', totalTimeDuring: 120, direction: 'depart',
    priceInfo: [fare('Y', [1_000_000, 200_000, 100_000], [750_000, 200_000, 75_000], [100_000, 0, 10_000])], routeInfo: [seg], ...o,
  };
}
const fees: BookingFee[] = [
  { airline: 'VN', domestic: true, paxType: 'ADT', issueFee: 50_000 },
  { airline: 'VN', domestic: true, paxType: 'CHD', issueFee: 30_000 },
  { airline: 'VN', domestic: false, paxType: 'ADT', issueFee: 200_000 },
  { airline: 'VJ', domestic: true, paxType: 'ADT', issueFee: 40_000 },
];
const counts = (adt: number, chd = 0, inf = 0): PassengerCounts => ({ adt, chd, inf });
const ctx = (c = counts(1), domestic = true): PricingContext => ({ counts: c, bookingFees: fees, domestic });
const empty = initialSelectedFlightSession({ id: 's1', departureCity: 'Hà Nội', arrivalCity: 'Hồ Chí Minh' });

describe('initial session: "Each side: data, id, loading, priceDetail, totalFare, totalTax, totalVat, totalIssueFee, typeOfBook (default NN)"', () => {
  it('sides empty, typeOfBook NN', () => {
    expect(empty).toEqual({ id: 's1', hiddenIssueFee: false, departureCity: 'Hà Nội', arrivalCity: 'Hồ Chí Minh', depart: emptySide(), return: emptySide() });
    expect(emptySide()).toEqual({ data: null, id: '', loading: false, priceDetail: null, totalFare: 0, totalTax: 0, totalVat: 0, totalIssueFee: 0, typeOfBook: 'NN' });
  });
});

describe('"For combined-segment fares, ids are compared only on the part before the colon."', () => {
  it.each([
    ['A1', 'A1'], ['A1:R7', 'A1'], ['A1:R7:x', 'A1'], [':x', ''],
  ])('baseId(%s) = %s', (id, base) => expect(baseId(id)).toBe(base));
  it.each([
    ['A1', 'A1', true], ['A1:R7', 'A1:R8', true], ['A1:R7', 'A1', true], ['A1', 'A2', false], ['A1:R7', 'A2:R7', false], ['', '', false],
  ])('%s ~ %s → %s', (a, b, ok) => expect(sameOfferId(a, b)).toBe(ok));
});

describe('price detail per passenger type', () => {
  const o = offer('x');
  it.each([
    ['1 adult', counts(1), [['ADT', 1, 1_000_000, 200_000, 100_000, 50_000, 1_350_000]]],
    ['2 adults 1 child 1 infant', counts(2, 1, 1), [
      ['ADT', 2, 2_000_000, 400_000, 200_000, 100_000, 2_700_000],
      ['CHD', 1, 750_000, 200_000, 75_000, 30_000, 1_055_000],
      ['INF', 1, 100_000, 0, 10_000, 0, 110_000], // no INF fee configured → 0
    ]],
    ['children only', counts(0, 2), [['CHD', 2, 1_500_000, 400_000, 150_000, 60_000, 2_110_000]]],
  ] as const)('%s', (_n, c, rows) => {
    const d = priceDetailOf(o, o.priceInfo[0], ctx(c));
    expect(d.class).toBe('Y');
    expect(d.lines.map((l) => [l.paxType, l.count, l.totalFare, l.totalTax, l.totalVat, l.totalIssueFee, l.total])).toEqual(rows);
  });

  it.each([
    ['VN', true, 'ADT', 50_000], ['VN', false, 'ADT', 200_000], ['VN', true, 'INF', 0], ['VJ', true, 'ADT', 40_000], ['QH', true, 'ADT', 0],
  ] as const)('issue fee %s domestic=%s %s → %i', (airline, domestic, pax, fee) => expect(issueFeeFor(fees, airline, domestic, pax)).toBe(fee));
});

describe('selectFlight: "Selecting a flight on one side sets its id and price detail. Selecting the same one again clears it and restores the full list."', () => {
  const a = offer('A1', { priceInfo: [fare('Y', [1_000_000, 200_000, 100_000]), fare('E', [800_000, 200_000, 80_000]), fare('Z', [500_000, 0, 0], undefined, undefined, 0)] });
  const b = offer('B1');

  it('select sets id, data, cheapest class with seats, totals', () => {
    const s = selectFlight(empty, 'depart', a, ctx(counts(2)));
    expect(s.depart.id).toBe('A1');
    expect(s.depart.data).toBe(a);
    expect(s.depart.priceDetail?.class).toBe('E');
    expect([s.depart.totalFare, s.depart.totalTax, s.depart.totalVat, s.depart.totalIssueFee]).toEqual([1_600_000, 400_000, 160_000, 100_000]);
    expect(sideTotal(s.depart)).toBe(2_260_000);
    expect(s.return).toBe(empty.return);
  });

  it.each([
    ['same offer again → cleared', [['A1'], ['A1']], ''],
    ['same base id again (combined) → cleared', [['A1'], ['A1:R9']], ''],
    ['other offer → replaced', [['A1'], ['B1']], 'B1'],
    ['same offer, other class → class changes', [['A1'], ['A1', 'Y']], 'A1'],
    ['same offer, same class named → cleared', [['A1', 'E'], ['A1', 'E']], ''],
    ['unknown class → unchanged', [['A1', 'Q']], ''],
    ['class without seats → unchanged (nothing to hold)', [['A1', 'Z']], ''],
    ['sold-out offer → unchanged', [['S1']], ''],
    ['three times → selected again', [['A1'], ['A1'], ['A1']], 'A1'],
  ] as const)('%s', (_n, steps, id) => {
    const soldOut = offer('S1', { priceInfo: [fare('Y', [1_000_000, 0, 0], undefined, undefined, 0)] });
    const byId: Record<string, FlightOffer> = { A1: a, 'A1:R9': { ...a, id: 'A1:R9' }, B1: b, S1: soldOut };
    const s = steps.reduce((acc, [oid, cls]) => selectFlight(acc, 'depart', byId[oid], ctx(), { fareClass: cls }), empty);
    expect(s.depart.id).toBe(id);
    if (!id) expect(s.depart).toEqual(emptySide());
  });

  it('the sides are independent', () => {
    const s = selectFlight(selectFlight(empty, 'depart', a, ctx()), 'return', b, ctx());
    expect([s.depart.id, s.return.id]).toEqual(['A1', 'B1']);
    expect(grandTotal(s)).toBe(sideTotal(s.depart) + sideTotal(s.return));
    expect(grandTotal(s)).toBe(1_130_000 + 1_350_000);
  });

  it('does not mutate the session', () => {
    const before = structuredClone(empty);
    selectFlight(empty, 'depart', a, ctx());
    expect(empty).toEqual(before);
  });
});

describe('visibleOffers: only the selected one, the full list otherwise', () => {
  const list = [offer('A1:R1'), offer('A2:R2'), offer('A3')];
  it.each([
    ['', ['A1:R1', 'A2:R2', 'A3']],
    ['A2:R2', ['A2:R2']],
    ['A2', ['A2:R2']],
    ['A2:R9', ['A2:R2']],
    ['A3', ['A3']],
    ['GONE', ['A1:R1', 'A2:R2', 'A3']],
  ])('selected %o → %o', (id, ids) => expect(visibleOffers(list, id).map((o) => o.id)).toEqual(ids));
});

describe('"For sign-ins 1G, 1B and 1A, choosing a departure automatically selects the matching return, and vice versa."', () => {
  const dep = (source: FlightOffer['source'], id = 'D1:R1', combineSegment = 'R1:D1') => offer(id, { source, combineSegment, direction: 'depart' });
  const ret = (source: FlightOffer['source'], id = 'R1:D1', combineSegment = 'D1:R1') => offer(id, { source, combineSegment, direction: 'return', from: 'SGN', to: 'HAN' });
  const returns = (source: FlightOffer['source']) => [offer('R0', { source, direction: 'return' }), ret(source)];

  it.each(['1G', '1B', '1A'] as const)('%s departure selects the return', (src) => {
    const s = selectFlight(empty, 'depart', dep(src), ctx(), { otherList: returns(src) });
    expect([s.depart.id, s.return.id]).toEqual(['D1:R1', 'R1:D1']);
    expect(s.return.priceDetail?.lines).toHaveLength(1);
  });
  it.each(['1G', '1B', '1A'] as const)('%s return selects the departure', (src) => {
    const s = selectFlight(empty, 'return', ret(src), ctx(), { otherList: [offer('D0', { source: src }), dep(src)] });
    expect([s.depart.id, s.return.id]).toEqual(['D1:R1', 'R1:D1']);
  });
  it.each(['VN', 'VJ', 'QH', 'VU'] as const)('%s (carrier channel) does not', (src) => {
    const s = selectFlight(empty, 'depart', dep(src), ctx(), { otherList: returns(src) });
    expect([s.depart.id, s.return.id]).toEqual(['D1:R1', '']);
  });
  it.each([
    ['match by the return naming the departure only', offer('D1', { source: '1A' }), [offer('R1', { source: '1A', combineSegment: 'D1' })], 'R1'],
    ['match by the departure naming the return only', offer('D1', { source: '1A', combineSegment: 'R1:x' }), [offer('R1:y', { source: '1A' })], 'R1:y'],
    ['other source does not match', offer('D1', { source: '1A', combineSegment: 'R1' }), [offer('R1', { source: '1G' })], undefined],
    ['no combineSegment on either', offer('D1', { source: '1A' }), [offer('R1', { source: '1A' })], undefined],
  ] as const)('findCombinedMatch: %s', (_n, o, list, id) => expect(findCombinedMatch(o, list)?.id).toBe(id));
  it('isCombinedMatch is symmetric', () => {
    expect(isCombinedMatch(dep('1A'), ret('1A'))).toBe(true);
    expect(isCombinedMatch(ret('1A'), dep('1A'))).toBe(true);
  });

  it('clearing one half clears its match', () => {
    const s = selectFlight(empty, 'depart', dep('1B'), ctx(), { otherList: returns('1B') });
    const cleared = selectFlight(s, 'depart', dep('1B'), ctx(), { otherList: returns('1B') });
    expect([cleared.depart.id, cleared.return.id]).toEqual(['', '']);
    expect([clearSelection(s, 'return').depart.id, clearSelection(s, 'return').return.id]).toEqual(['', '']);
  });
  it('replacing one half by an unmatched offer clears the other half', () => {
    const s = selectFlight(empty, 'depart', dep('1B'), ctx(), { otherList: returns('1B') });
    const r = selectFlight(s, 'depart', offer('VN7'), ctx(), { otherList: returns('1B') });
    expect([r.depart.id, r.return.id]).toEqual(['VN7', '']);
  });
  it('a plain selection on the other side survives clearing', () => {
    const s = selectFlight(selectFlight(empty, 'depart', offer('A'), ctx()), 'return', offer('B'), ctx());
    expect(clearSelection(s, 'depart').return.id).toBe('B');
  });
});

describe('hiddenIssueFee: hidden from the customer, still charged', () => {
  const s = selectFlight(initialSelectedFlightSession({ hiddenIssueFee: true }), 'depart', offer('A1'), ctx(counts(2, 1)));
  const detail = s.depart.priceDetail!;
  it.each([false, true])('hidden=%s keeps every total', (hidden) => {
    const shown = customerPriceDetail(detail, hidden);
    expect(shown.lines.map((l) => l.total)).toEqual(detail.lines.map((l) => l.total));
    const visible = shown.lines.reduce((acc, l) => acc + l.totalFare + l.totalTax + l.totalVat + l.totalIssueFee, 0);
    expect(visible).toBe(sideTotal(s.depart));
  });
  it('hidden folds the fee into the fare', () => {
    expect(customerPriceDetail(detail, true).lines.map((l) => [l.paxType, l.fare, l.issueFee, l.totalFare, l.totalIssueFee])).toEqual([
      ['ADT', 1_050_000, 0, 2_100_000, 0], ['CHD', 780_000, 0, 780_000, 0],
    ]);
    expect(customerPriceDetail(detail, false)).toBe(detail);
  });
  it('the charged total includes the fee', () => expect(grandTotal(s)).toBe(2 * 1_350_000 + 1_055_000));
});

describe('reducer', () => {
  const a = offer('A1');
  it.each([
    [{ type: 'SET_LOADING', side: 'return', loading: true } as const, (s: typeof empty) => s.return.loading, true],
    [{ type: 'SET_HIDDEN_ISSUE_FEE', value: true } as const, (s: typeof empty) => s.hiddenIssueFee, true],
    [{ type: 'SELECT', side: 'depart', offer: a, ctx: ctx() } as const, (s: typeof empty) => s.depart.id, 'A1'],
    [{ type: 'CLEAR', side: 'depart' } as const, (s: typeof empty) => s.depart.id, ''],
    [{ type: 'RESET' } as const, (s: typeof empty) => s.id, ''],
  ])('%o', (action, read, value) => expect(read(selectionReducer(empty, action))).toBe(value));

  it('REPRICE follows new passenger counts, keeping the class', () => {
    const s = selectFlight(empty, 'depart', a, ctx(counts(1)));
    const r = selectionReducer(s, { type: 'REPRICE', ctx: ctx(counts(3)) });
    expect(r.depart.totalFare).toBe(3_000_000);
    expect(r.depart.priceDetail?.class).toBe('Y');
    expect(repriceSession(empty, ctx())).toEqual(empty);
  });
  it('amounts are integers', () => {
    const s = selectFlight(empty, 'depart', a, ctx(counts(9, 0, 9)));
    for (const v of [s.depart.totalFare, s.depart.totalTax, s.depart.totalVat, s.depart.totalIssueFee, grandTotal(s)]) expect(Number.isInteger(v)).toBe(true);
  });
});

describe('the class selected holds the whole party: never fewer seats than adults + children (infants sit on a lap)', () => {
  const twoClasses = offer('o1', { priceInfo: [fare('E', [800_000, 200_000, 80_000], undefined, undefined, 2), fare('Y', [1_000_000, 200_000, 100_000], undefined, undefined, 9)] });
  it.each([
    [counts(1), 1],
    [counts(2, 1, 1), 3],
    [counts(0, 0, 0), 1],
  ])('seats needed for %j: %i', (c, n) => {
    expect(seatsNeeded(c)).toBe(n);
  });
  it.each([
    ['the cheapest class when it has the seats', undefined, 2, 'E'],
    ['the next cheapest when the cheapest has too few', undefined, 3, 'Y'],
    ['the class asked for when it has the seats', 'Y', 3, 'Y'],
    ['nothing when the class asked for has too few', 'E', 3, undefined],
    ['nothing when no class has enough', undefined, 10, undefined],
  ] as const)('%s', (_name, asked, seats, expected) => {
    expect(pickClass(twoClasses, asked, seats)?.class).toBe(expected);
  });
  it.each([
    ['a class holds the party', [2, 9], 3, 'ok'],
    ['exactly the party', [3, 0], 3, 'ok'],
    ['seats left but no class holds the party', [2, 1], 3, 'tooFew'],
    ['no seat at all', [0, 0], 1, 'soldOut'],
    ['no seat at all, a party of 3', [0, 0], 3, 'soldOut'],
    ['one seat for one', [0, 1], 1, 'ok'],
  ] as const)('party availability: %s', (_name, seatsLeft, seats, expected) => {
    const o = offer('o2', { priceInfo: seatsLeft.map((n, i) => fare(i ? 'Y' : 'E', [800_000, 200_000, 80_000], undefined, undefined, n)) });
    expect(partyAvailability(o, seats)).toBe(expected);
    // the rule of the button and of the selection agree: ok exactly when a class can be picked
    expect(partyAvailability(o, seats) === 'ok').toBe(pickClass(o, undefined, seats) !== undefined);
  });
  it('selecting for 2 adults and 1 child takes Y (E has 2 seats left)', () => {
    const next = selectFlight(empty, 'depart', twoClasses, ctx(counts(2, 1, 1)));
    expect(next.depart.priceDetail?.class).toBe('Y');
  });
});
