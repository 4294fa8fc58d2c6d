import { describe, expect, it } from 'vitest';
import { foldName, matchStations } from '../../contract/trains';
import {
  berthLevel, compartmentOf, drawCarriage, filterTrains, formatCountdown, holdLeft, initialTrainFilter, initialTrainSearch, layoutOf,
  livePrices, passengersForSeats, paxDiscount, paxFare, runMinutes, searchErrors, seatChange, seatState, setDepartDate, setJourneyType,
  setReturnDate, sortTrains, timeBandOf, toggleIn, trainPassengerProblems, type ServerSeatState, type SortableTrain, type TrainFilter,
  type TrainPaxType, type TrainSort,
} from '../../plugins/trains/model';

const T = (trainId: string, departDateTime: string, arrivalDateTime: string, seatAvailable: number, free: Record<string, number> = {}): SortableTrain =>
  ({ trainId, departDateTime, arrivalDateTime, seatAvailable, carriages: Object.entries(free).map(([seatClass, n]) => ({ seatClass, free: n })) });

const trains = [
  T('SE1', '2026-12-01T19:25', '2026-12-03T04:55', 120, { NGM: 60, NAM: 10, NAC: 50 }), // 33h30
  T('SE3', '2026-12-01T22:15', '2026-12-03T04:30', 40, { NAM: 4, NAC: 36 }), // 30h15
  T('SE5', '2026-12-01T08:50', '2026-12-02T16:40', 300, { NGC: 100, NGM: 200 }), // 31h50
  T('SE7', '2026-12-01T06:00', '2026-12-02T16:40', 300, { GP: 5 }), // 34h40
];
const ids = (list: SortableTrain[]) => list.map((t) => t.trainId);

describe('train sorts (spec point 4)', () => {
  it.each<[TrainSort, string[]]>([
    ['seatNull', ['SE7', 'SE5', 'SE1', 'SE3']], // most seats first; SE7 and SE5 tie → earlier departure
    ['departTime', ['SE7', 'SE5', 'SE1', 'SE3']],
    ['returnTime', ['SE7', 'SE5', 'SE3', 'SE1']], // SE7/SE5 arrive together → earlier departure
    ['timeRun', ['SE3', 'SE5', 'SE1', 'SE7']],
  ])('%s', (sort, expected) => {
    expect(ids(sortTrains(trains, sort))).toEqual(expected);
    expect(ids(sortTrains([...trains].reverse(), sort))).toEqual(expected);
  });

  it('does not change its input', () => {
    const copy = [...trains];
    sortTrains(trains, 'timeRun');
    expect(trains).toEqual(copy);
  });

  it.each([
    ['2026-12-01T22:15', '2026-12-03T04:30', 30 * 60 + 15],
    ['2026-12-31T23:50', '2027-01-01T00:10', 20],
    ['2026-03-08T01:00', '2026-03-08T05:00', 240],
  ])('running time %s → %s is %i minutes', (d, a, m) => expect(runMinutes({ departDateTime: d, arrivalDateTime: a })).toBe(m));
});

describe('train filter (spec points 6 and 9)', () => {
  it.each<[Partial<TrainFilter>, string[]]>([
    [{}, ['SE1', 'SE3', 'SE5', 'SE7']],
    [{ seatClass: 'NAM' }, ['SE1', 'SE3']],
    [{ seatClass: 'NAC' }, ['SE1', 'SE3']],
    [{ seatClass: 'NGC' }, ['SE5']],
    [{ seatClass: 'NGM' }, ['SE1', 'SE5']],
    [{ seatClass: 'GP' }, ['SE7']],
    [{ departureTimes: [240] }, ['SE1', 'SE3']],
    [{ departureTimes: [120] }, ['SE5', 'SE7']],
    [{ departureTimes: [60, 180] }, []],
    [{ arrivalTimes: [60] }, ['SE1', 'SE3']],
    [{ seatClass: 'NGM', departureTimes: [240] }, ['SE1']],
    [{ seatClass: 'NAM', arrivalTimes: [180] }, []],
  ])('%j', (f, expected) => expect(ids(filterTrains(trains, { ...initialTrainFilter(), ...f }))).toEqual(expected));

  it('a class with 0 free places filters the train out', () => {
    expect(filterTrains([T('X', '2026-12-01T10:00', '2026-12-01T12:00', 0, { NAM: 0 })], { ...initialTrainFilter(), seatClass: 'NAM' })).toEqual([]);
  });

  it.each([
    ['2026-12-01T00:00', 60], ['2026-12-01T05:59', 60], ['2026-12-01T06:00', 120], ['2026-12-01T11:59', 120],
    ['2026-12-01T12:00', 180], ['2026-12-01T18:00', 240], ['2026-12-01T23:59', 240],
  ])('%s is in band %i', (dt, band) => expect(timeBandOf(dt)).toBe(band));

  it('toggles a band', () => {
    expect(toggleIn([60, 120], 120)).toEqual([60]);
    expect(toggleIn([60], 240)).toEqual([60, 240]);
  });
});

describe('seat toggling (spec point 4: selection toggles a seat)', () => {
  it.each<[string, string[], string, ServerSeatState, { add: string[]; remove: string[] } | null]>([
    ['adds a free seat', [], 'a', 'free', { add: ['a'], remove: [] }],
    ['adds after the others', ['a'], 'b', 'free', { add: ['b'], remove: [] }],
    ['removes a chosen seat', ['a', 'b'], 'a', 'mine', { add: [], remove: ['a'] }],
    ['removes a chosen seat whatever the server says', ['a'], 'a', 'held', { add: [], remove: ['a'] }],
    ['refuses a seat held by others', ['a'], 'b', 'held', null],
    ['refuses a sold seat', [], 'b', 'sold', null],
  ])('%s', (_, selected, seat, server, change) => expect(seatChange(selected, seat, server)).toEqual(change));

  it.each<[ServerSeatState, boolean, string]>([
    ['free', false, 'free'], ['free', true, 'selected'], ['held', false, 'held'], ['held', true, 'selected'], ['sold', false, 'sold'],
    ['mine', true, 'selected'], ['mine', false, 'free'],
  ])('a %s seat, chosen %s, is drawn %s', (server, chosen, state) => {
    expect(seatState(server, 'x', chosen ? ['x'] : [])).toBe(state);
    expect(seatState(server, 'x', new Set(chosen ? ['x'] : []))).toBe(state);
  });
});

describe('hold countdown (duration minus the seconds elapsed since startTime)', () => {
  const startTime = '2026-12-01T10:00:00.000Z';
  const start = Date.parse(startTime);
  it.each([
    [600, 0, 600],
    [600, 999, 600],
    [600, 1000, 599],
    [600, 61_500, 539],
    [600, 599_999, 1],
    [600, 600_000, 0],
    [600, 3_600_000, 0],
  ])('duration %i, %i ms later → %i s', (duration, elapsed, left) => expect(holdLeft({ duration, startTime }, start + elapsed)).toBe(left));
  it('no hold: nothing to count', () => expect(holdLeft(null, start)).toBeNull());
  it.each([[0, '00:00'], [59, '00:59'], [600, '10:00'], [3599, '59:59'], [3600, '1:00:00'], [-3, '00:00']])('%i s shows %s', (s, text) =>
    expect(formatCountdown(s)).toBe(text));
});

describe('discount by passenger type (spec point 9, the contract rule, fares to 1,000 VND)', () => {
  it.each<[TrainPaxType, number, number, number]>([
    [1, 1_000_000, 1_000_000, 0],
    [2, 1_000_000, 750_000, 250_000],
    [12, 1_000_000, 900_000, 100_000],
    [13, 1_000_000, 850_000, 150_000],
    [6, 1_000_000, 1_000_000, 0],
    [7, 1_000_000, 750_000, 250_000],
    [2, 1_234_000, 926_000, 308_000],
  ])('type %i of %i pays %i (discount %i)', (type, price, pays, discount) => {
    expect(paxFare(price, type)).toBe(pays);
    expect(paxDiscount(price, type)).toBe(discount);
  });

  it('live prices: each seat at its passenger type, the direction service, the booking fee', () => {
    const seats = [{ ticketId: 'a', price: 1_000_000, direction: 'depart' as const }, { ticketId: 'b', price: 800_000, direction: 'depart' as const }];
    const pax = passengersForSeats(seats, [{ ticketId: 'b', paxType: 2, fullName: 'Bé', idNumber: '' }]);
    expect(pax.map((p) => p.paxType)).toEqual([1, 2]);
    const plain = livePrices(seats, pax);
    expect([plain.fare, plain.discount]).toEqual([1_600_000, 200_000]);
    expect(plain.total).toBe(plain.fare + plain.bookingFees);
    const meal = livePrices(seats, pax, { depart: { isAdd: true, service: 'MEAL' } });
    expect(meal.services).toBeGreaterThan(0);
    expect(meal.total - plain.total).toBe(meal.services);
    expect(livePrices(seats, pax, { return: { isAdd: true, service: 'MEAL' } }).services).toBe(0);
  });

  it('one passenger per seat, typed data kept for seats still chosen', () => {
    const kept = { ticketId: 'b', paxType: 13 as const, fullName: 'Ông Ba', idNumber: '001234567890' };
    expect(passengersForSeats([{ ticketId: 'c' }, { ticketId: 'b' }], [{ ticketId: 'a', paxType: 1, fullName: 'A', idNumber: '' }, kept]))
      .toEqual([{ ticketId: 'c', paxType: 1, fullName: '', idNumber: '' }, kept]);
  });

  it.each<[TrainPaxType, string, string, string[]]>([
    [1, 'Nguyễn Văn An', '001234567890', []],
    [1, '', '001234567890', ['fullName']],
    [1, 'Nguyễn Văn An', '', ['idNumber']],
    [6, 'John Smith', 'C1234567', []],
    [2, 'Nguyễn Bé', '', []],
    [13, 'Trần Văn Ba', '', ['idNumber']],
  ])('passenger of type %i "%s" "%s"', (paxType, fullName, idNumber, problems) => expect(trainPassengerProblems({ paxType, fullName, idNumber })).toEqual(problems));
});

describe('carriage layouts', () => {
  const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ seatNo: i + 1 }));
  const no = (s: { seatNo: number } | null) => (s ? s.seatNo : null);

  it.each([
    ['seat64', 'seats'], ['seat56', 'seats'], ['hard80', 'seats'], ['berth6', 'berths'], ['berth4', 'berths'], ['berth2', 'berths'],
  ])('%s is drawn as %s', (kind, drawn) => expect(layoutOf(kind).kind).toBe(drawn));

  it('uses the positions the server gives: rows and columns, extra seats apart', () => {
    const d = drawCarriage({ kind: 'seats', perRow: 4 }, [
      { seatNo: 1, row: 1, column: 4 }, { seatNo: 2, row: 1, column: 1 }, { seatNo: 3, row: 2, column: 2 }, { seatNo: 81, row: 0 },
    ]);
    if (d.kind !== 'seats') throw new Error('kind');
    expect(d.rows.map((r) => r.map(no))).toEqual([[2, null, null, null, 1], [null, 3, null, null, null]]);
    expect(d.extra.map(no)).toEqual([81]);
  });

  it('uses the compartment, level and side the server gives', () => {
    const d = drawCarriage({ kind: 'berths', levels: 2 }, [
      { seatNo: 9, compartment: 1, level: 'upper', side: 'right' }, { seatNo: 5, compartment: 2, level: 'lower', side: 'left' },
    ]);
    if (d.kind !== 'berths') throw new Error('kind');
    expect(d.compartments.map((c) => c.levels.map((l) => l.berths.map(no)))).toEqual([[[null, 9], [null, null]], [[null, null], [5, null]]]);
  });

  it.each([[56, 14], [64, 16]])('%i soft seats make %i rows of 4 around the aisle', (n, rows) => {
    const d = drawCarriage({ kind: 'seats', perRow: 4 }, seats(n));
    if (d.kind !== 'seats') throw new Error('kind');
    expect(d.rows).toHaveLength(rows);
    expect(d.rows[0].map(no)).toEqual([1, 2, null, 3, 4]);
    expect(d.rows[rows - 1].map(no)).toEqual([n - 3, n - 2, null, n - 1, n]);
  });

  it('a missing seat leaves its place empty', () => {
    const d = drawCarriage({ kind: 'seats', perRow: 4 }, seats(8).filter((s) => s.seatNo !== 6));
    if (d.kind !== 'seats') throw new Error('kind');
    expect(d.rows[1].map(no)).toEqual([5, null, null, 7, 8]);
  });

  it.each<[1 | 2 | 3, number, number, string[], (number | null)[][]]>([
    [3, 42, 7, ['upper', 'middle', 'lower'], [[5, 6], [3, 4], [1, 2]]],
    [2, 28, 7, ['upper', 'lower'], [[3, 4], [1, 2]]],
    [1, 14, 7, ['lower'], [[1, 2]]],
  ])('%i level(s): %i berths in %i compartments', (levels, n, count, order, first) => {
    const d = drawCarriage({ kind: 'berths', levels }, seats(n));
    if (d.kind !== 'berths') throw new Error('kind');
    expect(d.compartments).toHaveLength(count);
    expect(d.compartments[0].levels.map((l) => l.level)).toEqual(order);
    expect(d.compartments[0].levels.map((l) => l.berths.map(no))).toEqual(first);
    expect(d.compartments.flatMap((c) => c.levels.flatMap((l) => l.berths.map(no))).sort((a, b) => a! - b!)).toEqual(seats(n).map((s) => s.seatNo));
  });

  it.each<[number, 1 | 2 | 3, string, number]>([
    [1, 3, 'lower', 1], [4, 3, 'middle', 1], [6, 3, 'upper', 1], [7, 3, 'lower', 2], [42, 3, 'upper', 7],
    [1, 2, 'lower', 1], [3, 2, 'upper', 1], [5, 2, 'lower', 2], [28, 2, 'upper', 7], [2, 1, 'lower', 1], [3, 1, 'lower', 2],
  ])('berth %i of a %i-level car is %s in compartment %i', (n, levels, level, c) => {
    expect(berthLevel(n, levels)).toBe(level);
    expect(compartmentOf(n, levels)).toBe(c);
  });
});

describe('station search without diacritics (the contract rule)', () => {
  const stations = [
    { code: 'HNO', name: 'Hà Nội' }, { code: 'HUE', name: 'Huế' }, { code: 'DNA', name: 'Đà Nẵng' }, { code: 'SGO', name: 'Sài Gòn' },
    { code: 'DTR', name: 'Diêu Trì' }, { code: 'BHO', name: 'Biên Hoà' },
  ];
  it.each([
    ['hue', ['HUE']], ['HUẾ', ['HUE']], ['da nang', ['DNA']], ['Đà  nẵng', ['DNA']], ['sai', ['SGO']], ['dieu tri', ['DTR']],
    ['bien hoa', ['BHO']], ['ha', ['HNO']], ['nang', ['DNA']], ['sgo', ['SGO']], ['', stations.map((s) => s.code)], ['xyz', []],
  ])('"%s" finds %j', (q, codes) => expect(matchStations(stations, q).map((s) => s.code)).toEqual(codes));
  it('folds đ and marks', () => expect(foldName('  Đồng   Hới ')).toBe('dong hoi'));
});

describe('search dates (the flight date rules for two fields)', () => {
  const today = '2026-12-01';
  const rt = { ...initialTrainSearch(today), from: 'HNO', to: 'SGO', journeyType: 'RT' as const, departDate: '2026-12-05', returnDate: '2026-12-10' };
  it.each([
    ['a return earlier than the departure swaps', setReturnDate(rt, '2026-12-03', today), ['2026-12-03', '2026-12-05']],
    ['the same day is a valid return', setReturnDate(rt, '2026-12-05', today), ['2026-12-05', '2026-12-05']],
    ['a departure after the return swaps', setDepartDate(rt, '2026-12-12', today), ['2026-12-10', '2026-12-12']],
    ['a departure before today is refused', setDepartDate(rt, '2026-11-30', today), ['2026-12-05', '2026-12-10']],
    ['removing the return', setReturnDate(rt, '', today), ['2026-12-05', '']],
    ['one way drops the return', setJourneyType(rt, 'OW'), ['2026-12-05', '']],
  ])('%s', (_, s, [d, r]) => expect([s.departDate, s.returnDate]).toEqual([d, r]));

  it.each([
    [{}, []],
    [{ from: '' }, ['fromRequired']],
    [{ to: 'HNO' }, ['sameStation']],
    [{ departDate: '2026-11-30', returnDate: '2026-12-10' }, ['departPast']],
    [{ returnDate: '' }, ['returnRequired']],
    [{ departDate: '2026-12-11' }, ['returnBeforeDepart']],
    [{ journeyType: 'OW', returnDate: '' }, []],
  ])('errors of %j', (patch, errors) => expect(searchErrors({ ...rt, ...patch } as typeof rt, today)).toEqual(errors));
});
