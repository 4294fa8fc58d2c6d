/**
 * pnrsync's pure rules: the readable lines of segments, names and fares kept by the history, the booking's legs,
 * passengers and tickets rebuilt from the airline's record, and the groups of segments a TST re-pricing quotes.
 */
import { describe, expect, it } from 'vitest';
import type { PnrRecord, PnrSegment } from '../../contract/aftersale';
import { airlineDate, nameLine, segmentLines, tstAmount } from '../../contract/aftersale-pnrsync';
import { syncedLegs, syncedPax, syncedTickets } from '../../gateway/aftersale/booking-sync';
import { quoteGroups } from '../../gateway/aftersale/tst-quote';
import type { StoredLeg } from '../../gateway/bookings/service';

const seg = (segId: number, flightNo: string, from: string, to: string, departDate: string, arrivalDate: string, extra: Partial<PnrSegment> = {}): PnrSegment => ({
  segId,
  carrier: 'VN',
  flightNo,
  from,
  to,
  departDate,
  arrivalDate,
  class: 'Y',
  cabinClass: 'ECONOMY',
  aircraft: '321',
  status: 'HK',
  direction: 'depart',
  ...extra,
});

const leg = (flightNo: string, from: string, to: string, departDate: string, arrivalDate: string, extra: Partial<StoredLeg> = {}): StoredLeg => ({
  carrierCode: 'VN',
  flightNo,
  from,
  to,
  departDate,
  arrivalDate,
  flightTimeHour: 2,
  flightTimeMinute: 5,
  airCraft: '321',
  aircraftType: 'Airbus A321',
  startTerminal: 'T1',
  endTerminal: 'T1',
  class: 'Y',
  cabinClass: 'ECONOMY',
  direction: 'depart',
  ...extra,
});

describe('readable lines', () => {
  it.each([
    ['2026-11-24T08:00', '24NOV'],
    ['2027-01-05T23:59', '05JAN'],
  ])('airlineDate(%s) is %s', (local, out) => expect(airlineDate(local)).toBe(out));

  it('lists the segments in the order flown with each ARNK after its segment', () => {
    const r = { segments: [seg(2, 'VN123', 'DAD', 'HAN', '2026-12-03T09:00', '2026-12-03T10:20', { class: 'M' }), seg(1, 'VN200', 'HAN', 'SGN', '2026-12-01T05:40', '2026-12-01T07:40', { status: 'TK' })], arnks: [{ id: 1, afterSegId: 1, from: 'SGN', to: 'DAD' }] };
    expect(segmentLines(r)).toEqual(['1 VN200 Y 01DEC HANSGN TK 05:40-07:40', 'ARNK SGN-DAD', '2 VN123 M 03DEC DADHAN HK 09:00-10:20']);
    expect(segmentLines({ segments: [] })).toEqual([]);
  });

  it('names an infant with its adult, and totals the stored fares per passenger', () => {
    expect(nameLine({ paxId: 3, paxType: 'INF', title: 'MISS', firstName: 'Be Na', lastName: 'Nguyen', birthDay: '01/02/2026', parentId: 1 })).toBe('P3 Nguyen/Be Na MISS (INF) DOB 01/02/2026 with P1');
    expect(nameLine({ paxId: 1, paxType: 'ADT', title: 'MR', firstName: 'An', lastName: 'Le' })).toBe('P1 Le/An MR (ADT)');
    const names = [{ paxId: 1, paxType: 'ADT' as const, title: 'MR', firstName: 'A', lastName: 'B' }, { paxId: 2, paxType: 'ADT' as const, title: 'MR', firstName: 'C', lastName: 'D' }, { paxId: 3, paxType: 'INF' as const, title: 'MISS', firstName: 'E', lastName: 'F', parentId: 1 }];
    const tst = [
      { id: 1, paxType: 'ADT' as const, segIds: [1], fareBasis: 'Y', fare: 1_000_000, tax: 250_000, total: 1_250_000 },
      { id: 2, paxType: 'INF' as const, segIds: [1], fareBasis: 'Y', fare: 100_000, tax: 10_000, total: 110_000 },
      { id: 3, paxType: 'CHD' as const, segIds: [1], fareBasis: 'Y', fare: 900_000, tax: 1, total: 900_001 },
    ];
    expect(tstAmount({ names, tst })).toBe(2 * 1_250_000 + 110_000);
  });
});

describe('the booking follows the record', () => {
  const legs = [leg('VN200', 'HAN', 'SGN', '2026-12-01T05:40', '2026-12-01T07:40')];

  it('keeps what only the booking knows of an unchanged leg, and takes class, status and segment number from the record', () => {
    const out = syncedLegs(legs, { segments: [seg(1, 'VN200', 'HAN', 'SGN', '2026-12-01T05:40', '2026-12-01T07:40', { class: 'M', status: 'TK' })] });
    expect(out).toEqual([{ ...legs[0], class: 'M', status: 'TK', segId: 1, flightTimeHour: 2, flightTimeMinute: 0 }]);
  });

  it('adds a segment after the flown order with the search facts, marks the ARNK, and drops a removed one', () => {
    const known = [{ flightNo: 'VN123', departDate: '2026-12-03T09:00', startTerminal: 'T2', aircraftType: 'Boeing 787' }];
    const r = {
      segments: [seg(2, 'VN123', 'DAD', 'HAN', '2026-12-03T09:00', '2026-12-03T10:20', { class: 'B' }), seg(1, 'VN200', 'HAN', 'SGN', '2026-12-01T05:40', '2026-12-01T07:40')],
      arnks: [{ id: 1, afterSegId: 1, from: 'SGN', to: 'DAD' }],
    };
    const out = syncedLegs(legs, r, known);
    expect(out.map((l) => [l.segId, l.flightNo, l.class, l.arnkAfter])).toEqual([
      [1, 'VN200', 'Y', { from: 'SGN', to: 'DAD' }],
      [2, 'VN123', 'B', undefined],
    ]);
    expect(out[1]).toMatchObject({ startTerminal: 'T2', aircraftType: 'Boeing 787', flightTimeHour: 1, flightTimeMinute: 20, status: 'HK' });
    // once synced, legs are found by their segment number: removing segment 1 keeps segment 2's leg
    const again = syncedLegs(out, { segments: [r.segments[0]], arnks: [] });
    expect(again).toEqual([{ ...out[1] }]);
    expect(again[0].arnkAfter).toBeUndefined();
  });

  it('a flight the airline moved (exchange, schedule change) loses the old terminals', () => {
    const out = syncedLegs(legs, { segments: [seg(1, 'VN202', 'HAN', 'SGN', '2026-12-02T10:00', '2026-12-02T12:10')] });
    expect(out[0]).toMatchObject({ flightNo: 'VN202', departDate: '2026-12-02T10:00', flightTimeHour: 2, flightTimeMinute: 10 });
    expect(out[0].startTerminal).toBeUndefined();
  });

  it('adds an infant named by the record with its adult, drops a passenger split off; tickets follow the open ones', () => {
    const pax = [
      { paxId: 1, type: 'ADT' as const, title: 'MR', firstName: 'An', lastName: 'Le', birthday: '01/01/1980' },
      { paxId: 2, type: 'ADT' as const, title: 'MS', firstName: 'Hoa', lastName: 'Le', birthday: '01/01/1982' },
    ];
    const names: PnrRecord['names'] = [
      { paxId: 1, paxType: 'ADT', title: 'MR', firstName: 'An', lastName: 'Le' },
      { paxId: 3, paxType: 'INF', title: 'MISS', firstName: 'Be', lastName: 'Le', birthDay: '01/02/2026', parentId: 1 },
    ];
    expect(syncedPax(pax, { names })).toEqual([pax[0], { paxId: 3, type: 'INF', title: 'MISS', firstName: 'Be', lastName: 'Le', birthday: '01/02/2026', parentId: 1, addedAfterSale: true }]);
    const tickets = syncedTickets([{ paxId: 1, ticketNumber: '7380000000001' }, { paxId: 2, ticketNumber: '7380000000002' }], {
      names,
      tickets: [
        { paxId: 1, number: '7380000000001', status: 'EXCHANGED', issuedAt: '' },
        { paxId: 1, number: '7380000000009', status: 'OPEN', issuedAt: '', exchangedFrom: '7380000000001' },
        { paxId: 3, number: '7380000000010', status: 'OPEN', issuedAt: '' },
      ],
    });
    expect(tickets).toEqual([{ paxId: 1, ticketNumber: '7380000000009' }, { paxId: 3, ticketNumber: '7380000000010' }]);
  });
});

describe('the groups a TST re-pricing quotes', () => {
  it('prices each stored fare\'s segments together, and a segment no fare covers alone', () => {
    const segments = [seg(1, 'VN1', 'HAN', 'DAD', '2026-12-01T05:00', '2026-12-01T06:20'), seg(2, 'VN2', 'DAD', 'SGN', '2026-12-01T08:00', '2026-12-01T09:20'), seg(3, 'VN3', 'SGN', 'PQC', '2026-12-05T08:00', '2026-12-05T09:00')];
    const t = (id: number, segIds: number[], paxType: 'ADT' | 'CHD' = 'ADT') => ({ id, paxType, segIds, fareBasis: 'Y', fare: 1, tax: 0, total: 1 });
    expect(quoteGroups({ segments, tst: [t(1, [1, 2]), t(2, [1, 2], 'CHD')] })).toEqual([[1, 2], [3]]);
    expect(quoteGroups({ segments, tst: [t(1, [1, 2, 9])] })).toEqual([[1, 2], [3]]);
    expect(quoteGroups({ segments: segments.slice(0, 1), tst: [] })).toEqual([[1]]);
  });
});
