/**
 * The after-sale rules (contract/aftersale.ts): spec point 4's luggage, ancillary and upgrade selections, the
 * seat-map rules, the exchange quote in integers; and the simulated airline's seat map and element edits.
 */
import { describe, expect, it } from 'vitest';
import {
  chooseSeat,
  exchangeQuote,
  seatProblem,
  selectAncillary,
  selectLuggage,
  toggleUpgrade,
  type PnrRecord,
  type SeatMap,
} from '../../contract/aftersale';
import { applyEdits, seatLayout, SEAT_PRICES } from '../../gateway/suppliers/simulated/pnr';

describe('luggage selection (edit-booking luggage: replace per route and passenger, added only if the price is above 0)', () => {
  const a = { paxId: 1, route: 'HAN-SGN', code: 'BG20', price: 280_000 };
  it.each([
    ['adds a priced choice', [], a, [a]],
    ['replaces the passenger’s choice on the same route', [a], { ...a, code: 'BG30', price: 420_000 }, [{ ...a, code: 'BG30', price: 420_000 }]],
    ['keeps other passengers and routes', [a], { ...a, paxId: 2 }, [a, { ...a, paxId: 2 }]],
    ['keeps the other route of the passenger', [a], { ...a, route: 'SGN-HAN' }, [a, { ...a, route: 'SGN-HAN' }]],
    ['a price of 0 removes the earlier choice and adds nothing', [a], { ...a, code: '', price: 0 }, []],
    ['a price of 0 on an empty list adds nothing', [], { ...a, price: 0 }, []],
  ])('%s', (_, list, choice, expected) => {
    expect(selectLuggage(list, choice)).toEqual(expected);
  });
});

describe('ancillary selection (one option per groupCategory, the later wins, per route and passenger)', () => {
  const meal = { paxId: 1, routeId: 'R1', code: 'MEAL1', groupCategory: 'MEAL', price: 100_000 };
  it.each([
    ['adds', [], meal, [meal]],
    ['the later of the same group wins', [meal], { ...meal, code: 'MEAL2' }, [{ ...meal, code: 'MEAL2' }]],
    ['another group is kept beside it', [meal], { ...meal, code: 'LOUNGE', groupCategory: 'LOUNGE' }, [meal, { ...meal, code: 'LOUNGE', groupCategory: 'LOUNGE' }]],
    ['another route keeps its own', [meal], { ...meal, routeId: 'R2' }, [meal, { ...meal, routeId: 'R2' }]],
    ['another passenger keeps its own', [meal], { ...meal, paxId: 2 }, [meal, { ...meal, paxId: 2 }]],
  ])('%s', (_, list, choice, expected) => {
    expect(selectAncillary(list, choice)).toEqual(expected);
  });
});

describe('luggage upgrade toggles per passenger and journey', () => {
  it.each([
    ['on', [], { paxId: 1, journey: 'J1' }, [{ paxId: 1, journey: 'J1' }]],
    ['off again', [{ paxId: 1, journey: 'J1' }], { paxId: 1, journey: 'J1' }, []],
    ['another journey is its own toggle', [{ paxId: 1, journey: 'J1' }], { paxId: 1, journey: 'J2' }, [{ paxId: 1, journey: 'J1' }, { paxId: 1, journey: 'J2' }]],
  ])('%s', (_, list, item, expected) => {
    expect(toggleUpgrade(list, item)).toEqual(expected);
  });
});

describe('seat maps', () => {
  const narrow = seatLayout('VN213', '2026-12-10T08:00', '321');
  const wide = seatLayout('VN1', '2026-12-10T08:00', '787');
  const cellsOf = (m: { rows: SeatMap['rows'] }) => m.rows.flatMap((r) => r.cells.filter((c) => c !== null));
  it('narrow body: 30 rows ABC|DEF, exit rows 10 and 11, front and standard paid rows, free seats at 0, some blocked; the same map each time', () => {
    expect(narrow.layout).toBe('ABC|DEF');
    expect(narrow.rows).toHaveLength(30);
    expect(narrow.rows.filter((r) => r.exit).map((r) => r.row)).toEqual([10, 11]);
    expect(narrow.rows[0].cells.map((c) => c?.seat ?? '|')).toEqual(['1A', '1B', '1C', '|', '1D', '1E', '1F']);
    const cells = cellsOf(narrow);
    expect(cells.filter((c) => c.kind === 'free').every((c) => c.price === 0)).toBe(true);
    expect(cells.filter((c) => c.kind === 'exit').every((c) => c.price === SEAT_PRICES.exit)).toBe(true);
    expect(cells.find((c) => c.seat.startsWith('2') && c.kind === 'paid')?.price).toBe(SEAT_PRICES.front);
    expect(cells.some((c) => c.kind === 'blocked')).toBe(true);
    expect(seatLayout('VN213', '2026-12-10T08:00', '321')).toEqual(narrow);
  });
  it('wide body: ABC|DEFG|HJK, 36 rows, exit row 15', () => {
    expect(wide.layout).toBe('ABC|DEFG|HJK');
    expect(wide.rows).toHaveLength(36);
    expect(wide.rows.filter((r) => r.exit).map((r) => r.row)).toEqual([15]);
  });

  const map: Pick<SeatMap, 'rows'> = {
    rows: [
      { row: 1, exit: false, cells: [{ seat: '1A', kind: 'paid', price: 350_000, taken: false }, null, { seat: '1C', kind: 'blocked', price: 0, taken: false }] },
      { row: 10, exit: true, cells: [{ seat: '10A', kind: 'exit', price: 250_000, taken: false }, null, { seat: '10C', kind: 'exit', price: 250_000, taken: true }] },
      { row: 20, exit: false, cells: [{ seat: '20A', kind: 'free', price: 0, taken: true, takenBy: 1 }] },
    ],
  };
  it.each([
    ['an adult on a paid seat', { paxId: 1, paxType: 'ADT' as const }, '1A', null],
    ['a blocked seat', { paxId: 1, paxType: 'ADT' as const }, '1C', 'blocked'],
    ['a seat taken by someone', { paxId: 1, paxType: 'ADT' as const }, '10C', 'taken'],
    ['the passenger’s own seat', { paxId: 1, paxType: 'ADT' as const }, '20A', 'sameSeat'],
    ['another passenger on a seat taken by this booking', { paxId: 2, paxType: 'ADT' as const }, '20A', 'taken'],
    ['a child in an exit row', { paxId: 2, paxType: 'CHD' as const }, '10A', 'exitRow'],
    ['an adult in an exit row', { paxId: 2, paxType: 'ADT' as const }, '10A', null],
    ['an infant', { paxId: 3, paxType: 'INF' as const }, '1A', 'infant'],
    ['a seat not on the map', { paxId: 1, paxType: 'ADT' as const }, '99Z', 'noSeat'],
  ])('%s', (_, pax, seat, expected) => {
    expect(seatProblem(map, pax, seat)).toBe(expected);
  });

  it('one seat per passenger per segment: a new pick replaces the passenger’s earlier one; a seat goes to one passenger', () => {
    const a = { paxId: 1, segId: 1, seat: '1A' };
    expect(chooseSeat([a], { paxId: 1, segId: 1, seat: '2B' })).toEqual([{ paxId: 1, segId: 1, seat: '2B' }]);
    expect(chooseSeat([a], { paxId: 1, segId: 2, seat: '1A' })).toEqual([a, { paxId: 1, segId: 2, seat: '1A' }]);
    expect(chooseSeat([a], { paxId: 2, segId: 1, seat: '1A' })).toEqual([{ paxId: 2, segId: 1, seat: '1A' }]);
  });
});

describe('exchange quote (integers)', () => {
  it.each([
    ['a dearer flight: difference + fee + penalty', { oldFare: 1_500_000, newFare: 2_350_000, changeFee: 400_000, penalty: 0 }, 850_000, 1_250_000, 0],
    ['with the carrier penalty', { oldFare: 1_500_000, newFare: 2_350_000, changeFee: 400_000, penalty: 300_000 }, 850_000, 1_550_000, 0],
    ['a cheaper flight: no refund of the difference (residual)', { oldFare: 2_000_000, newFare: 1_700_000, changeFee: 400_000, penalty: 0 }, -300_000, 400_000, 300_000],
    ['the same fare: fees only', { oldFare: 1_000_000, newFare: 1_000_000, changeFee: 0, penalty: 350_000 }, 0, 350_000, 0],
    ['large sums stay exact', { oldFare: 45_000_001, newFare: 99_999_999, changeFee: 1, penalty: 7 }, 54_999_998, 55_000_006, 0],
  ])('%s', (_, input, diff, total, residual) => {
    expect(exchangeQuote(input)).toEqual({ ...input, fareDifference: diff, total, residual });
  });
  it.each([{ oldFare: 1.5 }, { newFare: -1 }, { changeFee: Number.NaN }, { penalty: 2 ** 60 }])('refuses %o', (bad) => {
    expect(() => exchangeQuote({ oldFare: 1, newFare: 1, changeFee: 0, penalty: 0, ...bad })).toThrow(RangeError);
  });
});

describe('the simulated airline’s element edits', () => {
  const record: PnrRecord = {
    pnr: 'ABC123', airline: 'VN', source: 'VN',
    names: [
      { paxId: 1, paxType: 'ADT', title: 'MR', firstName: 'AN', lastName: 'NGUYEN' },
      { paxId: 2, paxType: 'INF', title: 'MSTR', firstName: 'BE', lastName: 'NGUYEN', parentId: 1 },
    ],
    segments: [{ segId: 1, carrier: 'VN', flightNo: 'VN213', from: 'HAN', to: 'SGN', departDate: '2026-12-10T08:00', arrivalDate: '2026-12-10T10:10', class: 'Y', cabinClass: 'Economy', aircraft: '321', status: 'HK', direction: 'depart' }],
    ssrs: [], osis: [], remarks: [], contacts: [], docs: [], loyalty: [], tst: [], endorsements: [], queue: null, tickets: [], emds: [], seats: [], baggage: [], appliedKeys: [],
  };
  const at = '2026-11-24T05:00:00Z';
  it('a bag replaces the passenger’s bag on the route, with an EMD and an XBAG SSR; the input record is not changed', () => {
    const one = applyEdits('VN', record, { idempotencyKey: 'k1', at, edits: [{ type: 'buyBaggage', baggage: { paxId: 1, segIds: [1], code: 'BG20', value: 20, unit: 'kg', price: 280_000 } }] });
    const two = applyEdits('VN', one, { idempotencyKey: 'k2', at, edits: [{ type: 'buyBaggage', baggage: { paxId: 1, segIds: [1], code: 'BG30', value: 30, unit: 'kg', price: 420_000 } }] });
    expect(two.baggage.map((b) => b.code)).toEqual(['BG30']);
    expect(two.emds.map((e) => e.amount)).toEqual([280_000, 420_000]);
    expect(two.emds[0].number).toMatch(/^738\d{10}$/);
    expect(two.ssrs.filter((s) => s.code === 'XBAG')).toHaveLength(2);
    expect(record.baggage).toEqual([]);
  });
  it.each([
    ['a seat for an infant', { type: 'assignSeat' as const, paxId: 2, segId: 1, seat: '20A', price: 0 }],
    ['luggage for an infant', { type: 'buyBaggage' as const, baggage: { paxId: 2, segIds: [1], code: 'BG20', value: 20, unit: 'kg', price: 280_000 } }],
    ['luggage at price 0', { type: 'buyBaggage' as const, baggage: { paxId: 1, segIds: [1], code: 'BG0', value: 0, unit: 'kg', price: 0 } }],
    ['an unknown segment', { type: 'assignSeat' as const, paxId: 1, segId: 9, seat: '20A', price: 0 }],
  ])('refuses %s (all or nothing: no record is returned)', (_, edit) => {
    expect(() => applyEdits('VN', record, { idempotencyKey: 'k', at, edits: [{ type: 'addRemark', kind: 'RM', text: 'OK' }, edit] })).toThrow();
  });
  it('element edits of the PNR: OSI, remark, contact (replaced per kind), DOCS, FQTV, endorsement, queue', () => {
    const r = applyEdits('VN', record, {
      idempotencyKey: 'k', at,
      edits: [
        { type: 'addOsi', airline: 'VN', text: 'VIP CORP' },
        { type: 'addRemark', kind: 'RM', text: 'CALL BEFORE' },
        { type: 'setContact', kind: 'AP', value: '0912345678' },
        { type: 'setContact', kind: 'AP', value: '0987654321' },
        { type: 'setDocs', docs: { paxId: 1, docType: 'P', number: 'B1234567', nationality: 'VNM', issuingCountry: 'VNM', expiry: '2030-01-01', birthDay: '1985-04-15', gender: 'M' } },
        { type: 'setLoyalty', loyalty: { paxId: 1, airline: 'VN', number: '123456789' } },
        { type: 'addEndorsement', endorsement: { text: 'NON-END' } },
        { type: 'placeQueue', queue: { office: 'HANVN08SV', queue: 8, category: 1 } },
      ],
    });
    expect(r.osis[0].text).toBe('VIP CORP');
    expect(r.contacts.map((c) => [c.kind, c.value])).toEqual([['AP', '0987654321']]);
    expect(r.docs[0].number).toBe('B1234567');
    expect(r.loyalty).toHaveLength(1);
    expect(r.endorsements[0].text).toBe('NON-END');
    expect(r.queue?.queue).toBe(8);
    expect(r.appliedKeys).toEqual(['k']);
  });
});
