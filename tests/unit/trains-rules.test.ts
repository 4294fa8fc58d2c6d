/** The shared railway rules (contract/trains-rules.ts), table-driven. */
import { describe, expect, it } from 'vitest';
import {
  foldName,
  holdSecondsLeft,
  inTimeBand,
  isValidTrainId,
  matchStations,
  paxDiscount,
  paxFare,
  priceTrainBooking,
  refundFee,
  sortTrains,
  toggleSeat,
  trainContactProblems,
  trainPassengerProblems,
  TRAIN_BOOKING_FEE,
  type TrainPaxType,
} from '../../contract/trains-rules';
import { parseTicketId, parseTrainId, ticketQrPayload } from '../../contract/trains';

describe('fare by passenger type (spec point 9)', () => {
  it.each<[TrainPaxType, number, number]>([
    [1, 1_000_000, 1_000_000],
    [2, 1_000_000, 750_000],
    [12, 1_000_000, 900_000],
    [13, 1_000_000, 850_000],
    [6, 1_000_000, 1_000_000],
    [7, 1_000_000, 750_000],
    [2, 485_000, 364_000],
    [13, 123_000, 105_000],
    [12, 0, 0],
  ])('type %i pays %i → %i', (type, price, fare) => {
    expect(paxFare(price, type)).toBe(fare);
    expect(paxDiscount(price, type)).toBe(price - fare);
  });
});

describe('refund fee by hours before departure', () => {
  it.each<[string, number, number, boolean, boolean, number, number]>([
    // label, price, hours, group, allowed, percent, fee
    ['individual 48 h', 1_000_000, 48, false, true, 10, 100_000],
    ['individual exactly 24 h', 1_000_000, 24, false, true, 10, 100_000],
    ['individual 23.9 h', 1_000_000, 23.9, false, true, 20, 200_000],
    ['individual exactly 4 h', 1_000_000, 4, false, true, 20, 200_000],
    ['individual 3.9 h', 1_000_000, 3.9, false, false, 0, 0],
    ['minimum fee 10K', 60_000, 30, false, true, 10, 10_000],
    ['minimum fee never above the price', 8_000, 30, false, true, 10, 8_000],
    ['group 72 h', 1_000_000, 72, true, true, 10, 100_000],
    ['group 48 h', 1_000_000, 48, true, true, 20, 200_000],
    ['group 23 h', 1_000_000, 23, true, false, 0, 0],
    ['departed', 1_000_000, -1, false, false, 0, 0],
  ])('%s', (_label, price, hours, group, allowed, percent, fee) => {
    const answer = refundFee(price, hours, group);
    expect(answer.allowed).toBe(allowed);
    expect(answer.percent).toBe(percent);
    expect(answer.fee).toBe(fee);
    expect(answer.refund).toBe(allowed ? price - fee : 0);
  });

  it('names why a refund is refused', () => {
    expect(refundFee(100_000, 2)).toMatchObject({ allowed: false, reason: 'tooLate' });
    expect(refundFee(100_000, 0)).toMatchObject({ allowed: false, reason: 'departed' });
  });
});

describe('hold countdown: duration minus the seconds since startTime', () => {
  const start = '2026-12-01T10:00:00.000Z';
  it.each<[number, number]>([
    [0, 900],
    [1_000, 899],
    [1_999, 899],
    [600_000, 300],
    [900_000, 0],
    [1_000_000, 0],
  ])('after %i ms → %i s', (elapsed, left) => {
    expect(holdSecondsLeft(start, 900, Date.parse(start) + elapsed)).toBe(left);
  });
  it('an unreadable start counts as expired', () => expect(holdSecondsLeft('never', 900, 0)).toBe(0));
});

describe('seat toggle', () => {
  it.each<[string[], string, string[]]>([
    [[], 'A', ['A']],
    [['A'], 'A', []],
    [['A', 'B'], 'C', ['A', 'B', 'C']],
    [['A', 'B', 'C'], 'B', ['A', 'C']],
  ])('%j toggle %s → %j', (selected, id, after) => expect(toggleSeat(selected, id)).toEqual(after));
});

describe('stations: diacritics-insensitive search', () => {
  const stations = [
    { code: 'HNO', name: 'Hà Nội' },
    { code: 'DHO', name: 'Đồng Hới' },
    { code: 'BHO', name: 'Biên Hoà' },
    { code: 'SGO', name: 'Sài Gòn' },
  ];
  it.each<[string, string[]]>([
    ['ha noi', ['HNO']],
    ['HÀ', ['HNO']],
    ['dong', ['DHO']],
    ['Đồng hới', ['DHO']],
    ['hoa', ['BHO']],
    ['sgo', ['SGO']],
    ['', ['HNO', 'DHO', 'BHO', 'SGO']],
    ['vinh', []],
  ])('%s → %j', (q, codes) => expect(matchStations(stations, q).map((s) => s.code)).toEqual(codes));
  it('folds đ and spaces', () => expect(foldName('  Đà   Nẵng ')).toBe('da nang'));
});

describe('train sorts (spec point 4)', () => {
  const trains = [
    { trainId: 'SE1', seatAvailable: 10, departDateTime: '2026-12-01T20:35', timeRun: 1900 },
    { trainId: 'SE3', seatAvailable: 50, departDateTime: '2026-12-01T19:25', timeRun: 1980 },
    { trainId: 'SE5', seatAvailable: 50, departDateTime: '2026-12-01T08:50', timeRun: 2100 },
    { trainId: 'SE7', seatAvailable: 5, departDateTime: '2026-12-01T06:00', timeRun: 1900 },
  ];
  it.each<[Parameters<typeof sortTrains>[1], string[]]>([
    ['seatNull', ['SE5', 'SE3', 'SE1', 'SE7']],
    ['departTime', ['SE7', 'SE5', 'SE3', 'SE1']],
    ['returnTime', ['SE7', 'SE5', 'SE3', 'SE1']],
    ['timeRun', ['SE7', 'SE1', 'SE3', 'SE5']],
  ])('%s', (sort, order) => expect(sortTrains(trains, sort).map((t) => t.trainId)).toEqual(order));
  it.each<[string, 60 | 120 | 180 | 240, boolean]>([
    ['2026-12-01T00:00', 60, true],
    ['2026-12-01T05:59', 60, true],
    ['2026-12-01T06:00', 60, false],
    ['2026-12-01T06:00', 120, true],
    ['2026-12-01T19:25', 240, true],
    ['2026-12-01T12:00', 180, true],
  ])('%s in band %i: %s', (at, band, inside) => expect(inTimeBand(at, band)).toBe(inside));
});

describe('passengers and contact', () => {
  it.each<[Record<string, unknown>, string[]]>([
    [{ paxType: 1, fullName: 'Nguyễn Văn An', idNumber: '001085012345' }, []],
    [{ paxType: 1, fullName: 'Nguyễn Văn An', idNumber: '012345678' }, []],
    [{ paxType: 1, fullName: 'Nguyễn Văn An', idNumber: '' }, ['idNumber']],
    [{ paxType: 2, fullName: 'Nguyễn Thị Lan', idNumber: '' }, []],
    [{ paxType: 7, fullName: 'Anna Smith', idNumber: '' }, []],
    [{ paxType: 6, fullName: 'John Smith', idNumber: 'C1234567' }, []],
    [{ paxType: 6, fullName: 'John Smith', idNumber: '001085012345' }, ['idNumber']],
    [{ paxType: 12, fullName: 'An 2', idNumber: '001085012345' }, ['fullName']],
    [{ paxType: 3, fullName: 'An', idNumber: '' }, ['paxType']],
  ])('%j → %j', (p, problems) => expect(trainPassengerProblems(p as never)).toEqual(problems));
  it('ID numbers by nationality', () => {
    expect(isValidTrainId('123456789', 13)).toBe(true);
    expect(isValidTrainId('B1234567', 6)).toBe(true);
    expect(isValidTrainId('B1234567', 1)).toBe(false);
  });
  it('contact', () => {
    expect(trainContactProblems({ name: 'Nguyễn Văn An', phone: '0912345678' })).toEqual([]);
    expect(trainContactProblems({ name: '', phone: '12', email: 'x' })).toEqual(['name', 'phone', 'email']);
  });
});

describe('prices of a booking', () => {
  it('adds fare after discount, services and the booking fee per ticket', () => {
    const priced = priceTrainBooking([
      { ticketId: 'a', direction: 'depart', seatPrice: 1_000_000, paxType: 1, service: 'MEAL' },
      { ticketId: 'b', direction: 'depart', seatPrice: 1_000_000, paxType: 2, service: null },
    ]);
    expect(priced.lines.map((l) => l.total)).toEqual([1_000_000 + 40_000 + TRAIN_BOOKING_FEE, 750_000 + TRAIN_BOOKING_FEE]);
    expect(priced).toMatchObject({ fare: 1_750_000, discount: 250_000, services: 40_000, bookingFees: 2 * TRAIN_BOOKING_FEE, total: 1_790_000 + 2 * TRAIN_BOOKING_FEE });
  });
});

describe('ids and the QR payload', () => {
  it('parses ticket and train ids', () => {
    expect(parseTicketId('SE3_20261201_HNO_SGO_9_14')).toEqual({ trainId: 'SE3_20261201_HNO_SGO', trainNo: 'SE3', date: '2026-12-01', from: 'HNO', to: 'SGO', carriageNo: 9, seatNo: 14 });
    expect(parseTrainId('SNT2_20261201_SGO_NTR')).toEqual({ trainNo: 'SNT2', date: '2026-12-01', from: 'SGO', to: 'NTR' });
    expect(parseTicketId('SE3_2026-12-01_HNO_SGO_9_14')).toBeNull();
  });
  it('joins the ticket facts', () => {
    expect(ticketQrPayload({ ticketNumber: 'VNR0000000001', trainNo: 'SE3', departDateTime: '2026-12-01T19:25', from: 'HNO', to: 'SGO', carriageNo: 9, seatNo: 14, fullName: 'NGUYỄN VĂN AN' })).toBe(
      'VNR|VNR0000000001|SE3|2026-12-01T19:25|HNO-SGO|C9|S14|NGUYỄN VĂN AN',
    );
  });
});
