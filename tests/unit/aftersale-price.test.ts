/**
 * The rules of re-pricing a held booking (contract/aftersale-price.ts) and the simulated airline's repriceFare
 * edit (gateway/suppliers/simulated/pnr-price.ts), table-driven.
 */
import { describe, expect, it } from 'vitest';
import type { PnrRecord } from '../../contract/aftersale';
import { cheapestClass, conditionsLost, heldPnrProblem, priceMove, priceTotals, supportsScreen, type ClassPrice } from '../../contract/aftersale-price';
import { applyRepriceFare, withIssuedTickets } from '../../gateway/suppliers/simulated/pnr-price';
import { SupplierError } from '../../gateway/suppliers';

const now = new Date('2026-05-01T03:00:00Z');
const later = '2026-05-01T09:00:00.000Z';
const earlier = '2026-05-01T02:59:00.000Z';

describe('heldPnrProblem', () => {
  it.each([
    [{ pnr: 'ABC123', recordStatus: 'BOOKED', timeLimit: later, charging: false }, null],
    [{ pnr: 'ABC123', recordStatus: 'BOOKED', timeLimit: earlier, charging: false }, 'expired'],
    [{ pnr: 'ABC123', recordStatus: 'BOOKED', timeLimit: now.toISOString(), charging: false }, 'expired'],
    [{ pnr: 'ABC123', recordStatus: 'BOOKED', timeLimit: null, charging: false }, 'expired'],
    [{ pnr: 'ABC123', recordStatus: 'BOOKED', timeLimit: later, charging: true }, 'issueInProgress'],
    [{ pnr: 'ABC123', recordStatus: 'ISSUE TICKET', timeLimit: later, charging: true }, 'issued'],
    [{ pnr: 'ABC123', recordStatus: 'TIME LIMIT OUT', timeLimit: earlier, charging: false }, 'expired'],
    [{ pnr: 'ABC123', recordStatus: 'VOIDED OR CANCEL', timeLimit: later, charging: false }, 'notHeld'],
    [{ pnr: null, recordStatus: 'FAILED', timeLimit: null, charging: false }, 'notHeld'],
  ] as const)('%j → %s', (p, expected) => {
    expect(heldPnrProblem(p, now)).toBe(expected);
  });
});

describe('supportsScreen', () => {
  it.each([
    ['quote-best-price', 'VN', true],
    ['quote-best-price', '1A', true],
    ['quote-best-price', 'QH', true],
    ['quote-best-price', 'VJ', false],
    ['quote-best-price', 'VU', false],
    ['process-price', 'VJ', true],
    ['process-price', '1G', true],
  ] as const)('%s on %s → %s', (screen, source, ok) => {
    expect(supportsScreen(screen, source)).toBe(ok);
  });
});

const cls = (c: string, seats: number, adt: number, chd = Math.round(adt * 0.75), inf = 100_000): ClassPrice => ({ class: c, seatAvailable: seats, perPax: { ADT: adt, CHD: chd, INF: inf } });

describe('cheapestClass', () => {
  const two = { ADT: 2, CHD: 0, INF: 0 };
  it.each([
    ['the cheapest with seats', [cls('Y', 9, 3_000_000), cls('M', 3, 2_000_000), cls('E', 9, 1_000_000)], two, 'Y', 'E'],
    ['not a class without seats for every seated passenger', [cls('Y', 9, 3_000_000), cls('E', 1, 1_000_000)], two, 'Y', 'Y'],
    ['infants take no seat', [cls('Y', 9, 3_000_000), cls('E', 2, 1_000_000)], { ADT: 2, CHD: 0, INF: 2 }, 'Y', 'E'],
    ['children take one', [cls('Y', 9, 3_000_000), cls('E', 2, 1_000_000)], { ADT: 2, CHD: 1, INF: 0 }, 'Y', 'Y'],
    ['the held class qualifies without seats left (they are the PNR’s)', [cls('E', 0, 1_000_000), cls('M', 9, 2_000_000)], two, 'E', 'E'],
    ['a tie keeps the held class', [cls('A', 9, 1_000_000), cls('B', 9, 1_000_000)], two, 'B', 'B'],
    ['a tie of others takes the first letter', [cls('Y', 9, 3_000_000), cls('K', 9, 1_000_000), cls('H', 9, 1_000_000)], two, 'Y', 'H'],
    ['the total of the party decides (children priced apart)', [cls('Y', 9, 2_000_000, 1_000_000), cls('E', 9, 1_900_000, 1_900_000)], { ADT: 1, CHD: 2, INF: 0 }, 'Y', 'Y'],
  ] as const)('%s', (_name, options, counts, held, expected) => {
    expect(cheapestClass(options, counts, held)?.class).toBe(expected);
  });
  it('answers null when nothing qualifies', () => {
    expect(cheapestClass([cls('E', 0, 1)], { ADT: 1, CHD: 0, INF: 0 }, 'Y')).toBeNull();
  });
});

describe('priceTotals and priceMove', () => {
  it.each([
    [[{ oldAmount: 3_000_000, newAmount: 2_000_000 }, { oldAmount: 2_250_000, newAmount: 1_500_000 }], 5_400_000, { oldFare: 5_250_000, newFare: 3_500_000, difference: -1_750_000, newPayable: 3_650_000 }, 'down'],
    [[{ oldAmount: 1_000_000, newAmount: 1_150_000 }], 1_100_000, { oldFare: 1_000_000, newFare: 1_150_000, difference: 150_000, newPayable: 1_250_000 }, 'up'],
    [[{ oldAmount: 1_000_000, newAmount: 1_000_000 }], 1_000_000, { difference: 0, newPayable: 1_000_000 }, 'same'],
    [[], 0, { oldFare: 0, newFare: 0, difference: 0, oldPayable: 0, newPayable: 0 }, 'same'],
  ] as const)('%j', (lines, payable, expected, move) => {
    const totals = priceTotals(lines, payable);
    expect(totals).toMatchObject({ oldPayable: payable, ...expected });
    expect(priceMove(totals.difference)).toBe(move);
  });
  it.each([[{ oldAmount: 1.5, newAmount: 1 }], [{ oldAmount: -1, newAmount: 1 }], [{ oldAmount: 1, newAmount: Number.NaN }]])('refuses %j', (line) => {
    expect(() => priceTotals([line], 0)).toThrow(RangeError);
  });
});

const record = (over: Partial<PnrRecord> = {}): PnrRecord => ({
  pnr: 'ABC123',
  airline: 'VN',
  source: 'VN',
  names: [{ paxId: 1, paxType: 'ADT', title: 'MR', firstName: 'AN', lastName: 'NGUYEN', birthDay: '15/04/1985' }],
  segments: [
    { segId: 1, carrier: 'VN', flightNo: 'VN213', from: 'HAN', to: 'SGN', departDate: '2026-06-01T08:00', arrivalDate: '2026-06-01T10:10', class: 'Y', cabinClass: 'ECONOMY', aircraft: 'A321', status: 'HK', direction: 'depart' },
    { segId: 2, carrier: 'VN', flightNo: 'VN220', from: 'SGN', to: 'HAN', departDate: '2026-06-05T08:00', arrivalDate: '2026-06-05T10:10', class: 'M', cabinClass: 'ECONOMY', aircraft: 'A321', status: 'HK', direction: 'return' },
  ],
  ssrs: [], osis: [], remarks: [], contacts: [], docs: [], loyalty: [],
  tst: [
    { id: 1, paxType: 'ADT', segIds: [1], fareBasis: 'YEFDOW', fare: 3_000_000, tax: 400_000, total: 3_400_000 },
    { id: 2, paxType: 'ADT', segIds: [2], fareBasis: 'MEFDOW', fare: 2_000_000, tax: 300_000, total: 2_300_000 },
  ],
  endorsements: [], queue: null, tickets: [], emds: [], seats: [], baggage: [], appliedKeys: [],
  ...over,
});

describe('applyRepriceFare', () => {
  const edit = { type: 'repriceFare' as const, segIds: [1], rebook: { class: 'E', cabinClass: 'ECONOMY' }, fareBasis: 'EELDOW', perType: [{ paxType: 'ADT' as const, fare: 900_000, tax: 200_000 }] };
  it('rebooks the component’s segments and replaces its TST only', () => {
    const r = record();
    applyRepriceFare('VN', r, edit);
    expect(r.segments.map((s) => s.class)).toEqual(['E', 'M']);
    expect(r.tst.map((t) => [t.segIds.join(), t.fareBasis, t.total])).toEqual([
      ['2', 'MEFDOW', 2_300_000],
      ['1', 'EELDOW', 1_100_000],
    ]);
    expect(new Set(r.tst.map((t) => t.id)).size).toBe(2);
  });
  it('stores the TST again without rebooking', () => {
    const r = record();
    applyRepriceFare('VN', r, { ...edit, rebook: undefined, fareBasis: 'YEFDOW', perType: [{ paxType: 'ADT', fare: 3_100_000, tax: 400_000 }] });
    expect(r.segments[0].class).toBe('Y');
    expect(r.tst.find((t) => t.segIds.join() === '1')!.total).toBe(3_500_000);
  });
  it.each([
    ['a ticketed PNR', record({ tickets: [{ paxId: 1, number: '7380000000001', status: 'OPEN', issuedAt: later }] }), edit],
    ['an unknown segment', record(), { ...edit, segIds: [9] }],
    ['a segment not HK', record({ segments: record().segments.map((s) => ({ ...s, status: 'UN' as const })) }), edit],
    ['no fare', record(), { ...edit, perType: [] }],
    ['a negative fare', record(), { ...edit, perType: [{ paxType: 'ADT' as const, fare: -1, tax: 0 }] }],
  ])('refuses %s and changes nothing', (_name, r, e) => {
    const copy = structuredClone(r);
    expect(() => applyRepriceFare('VN', copy, e)).toThrow(SupplierError);
    expect(copy.segments).toEqual(r.segments);
  });
});

describe('withIssuedTickets', () => {
  const tickets = [{ paxId: 1, number: '7380000000001', status: 'OPEN' as const, issuedAt: later }];
  it.each([
    ['a held record learns the tickets of its issue', record(), record({ tickets }), tickets],
    ['a record with tickets stays', record({ tickets }), record({ tickets: [] }), null],
    ['no tickets in the seed', record(), record(), null],
    ['another PNR', record(), record({ pnr: 'XYZ999', tickets }), null],
  ])('%s', (_name, stored, seed, expected) => {
    const out = withIssuedTickets(stored, seed);
    expect(out?.tickets ?? null).toEqual(expected);
  });
});

describe('conditionsLost', () => {
  const t = (changeable: boolean, refundable: boolean, freeBaggage: string) => ({ changeable, refundable, freeBaggage });
  it.each([
    [t(true, true, '23kg'), t(false, false, '0kg'), ['change', 'refund', 'baggage']],
    [t(true, true, '23kg'), t(true, true, '23kg'), []],
    [t(false, false, '0kg'), t(false, false, '0kg'), []],
    [t(false, true, '20kg'), t(true, false, '20kg'), ['refund']],
    [t(true, false, '23kg'), t(true, false, ''), ['baggage']],
    [t(true, false, '0kg'), t(true, false, '23kg'), []],
  ] as const)('%j → %j gives up %j', (held, next, lost) => {
    expect(conditionsLost(held, next)).toEqual(lost);
  });
});
