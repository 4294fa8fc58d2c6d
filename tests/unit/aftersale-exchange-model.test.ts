/**
 * exchange-route rules: the quote of a PNR from its per-passenger-type lines (integers), the plain-words sentence
 * of a quote, the carrier's change conditions per family (the simulator's fare-family table), and the simulated
 * airline's reissue edit (all or nothing).
 */
import { describe, expect, it } from 'vitest';
import type { PnrRecord } from '../../contract/aftersale';
import { exchangeTotals, exchangeWords, type ExchangeLine } from '../../contract/aftersale-exchange';
import { changeConditionsOf } from '../../gateway/suppliers/simulated/exchange';
import { applyEdits } from '../../gateway/suppliers/simulated/pnr';

const line = (paxType: ExchangeLine['paxType'], count: number, oldFare: number, newFare: number, changeFee: number, penalty: number): ExchangeLine => ({ paxType, count, oldFare, newFare, changeFee, penalty });

describe('the quote of a PNR from its lines', () => {
  it.each([
    // one adult: 850.000 more fare, 100.000 fee, 300.000 penalty
    [[line('ADT', 1, 1_500_000, 2_350_000, 100_000, 300_000)], { oldFare: 1_500_000, newFare: 2_350_000, changeFee: 100_000, penalty: 300_000, fareDifference: 850_000, total: 1_250_000, residual: 0 }],
    // two adults, a child and an infant (no penalty for the infant)
    [
      [line('ADT', 2, 1_000_000, 1_200_000, 50_000, 300_000), line('CHD', 1, 750_000, 900_000, 50_000, 300_000), line('INF', 1, 150_000, 150_000, 0, 0)],
      { oldFare: 2_900_000, newFare: 3_450_000, changeFee: 150_000, penalty: 900_000, fareDifference: 550_000, total: 1_600_000, residual: 0 },
    ],
    // a cheaper new fare: nothing given back, the fees still due
    [[line('ADT', 1, 2_000_000, 1_400_000, 100_000, 0)], { oldFare: 2_000_000, newFare: 1_400_000, changeFee: 100_000, penalty: 0, fareDifference: -600_000, total: 100_000, residual: 600_000 }],
    // a free change to the same fare
    [[line('ADT', 1, 1_000_000, 1_000_000, 0, 0)], { oldFare: 1_000_000, newFare: 1_000_000, changeFee: 0, penalty: 0, fareDifference: 0, total: 0, residual: 0 }],
  ])('%j → %j', (lines, expected) => {
    expect(exchangeTotals(lines)).toEqual(expected);
  });
  it.each([[[line('ADT', 1.5, 1, 1, 0, 0)]], [[line('ADT', -1, 1, 1, 0, 0)]], [[line('ADT', 1, 1, 1.2, 0, 0)]]])('refuses non-integers or negatives: %j', (lines) => {
    expect(() => exchangeTotals(lines)).toThrow(RangeError);
  });
});

describe('the quote in plain words', () => {
  it.each([
    [{ oldFare: 1_500_000, newFare: 2_350_000, changeFee: 400_000, penalty: 0 }, 'payMore', [['fareDifference', 850_000], ['changeFee', 400_000]], 1_250_000],
    [{ oldFare: 1_500_000, newFare: 2_350_000, changeFee: 100_000, penalty: 300_000 }, 'payMore', [['fareDifference', 850_000], ['changeFee', 100_000], ['penalty', 300_000]], 1_250_000],
    [{ oldFare: 2_000_000, newFare: 1_400_000, changeFee: 100_000, penalty: 350_000 }, 'residual', [['changeFee', 100_000], ['penalty', 350_000]], 450_000],
    [{ oldFare: 1_000_000, newFare: 900_000, changeFee: 0, penalty: 0 }, 'nothingToPay', [], 0],
  ] as const)('%j → %s', (input, key, parts, total) => {
    const q = exchangeTotals([line('ADT', 1, input.oldFare, input.newFare, input.changeFee, input.penalty)]);
    const w = exchangeWords(q);
    expect(w.key).toBe(key);
    expect(w.total).toBe(total);
    expect(w.parts.map((p) => [p.part, p.amount])).toEqual(parts);
    // the parts add up to what is paid
    expect(w.parts.reduce((s, p) => s + p.amount, 0)).toBe(w.total);
  });
});

describe('the carrier’s change conditions per fare family (domain facts)', () => {
  it.each([
    ['VN', 'K', false, 300_000, 0],
    ['VN', 'T', false, 600_000, 0],
    ['VN', 'Y', false, 0, 0],
    ['VN', 'A', false, null, 0],
    ['VN', 'K', true, 1_000_000, 0],
    ['VJ', 'E', false, 350_000, 3],
    ['VJ', 'E', true, 800_000, 3],
    ['VJ', 'M', false, 0, 3],
    ['QH', 'M', false, 300_000, 3],
    ['QH', 'Y', false, 0, 3],
    ['QH', 'R', false, null, 0],
  ] as const)('%s class %s international=%s: penalty %s, %s h before', (airline, cls, international, penalty, cutoff) => {
    const c = changeConditionsOf({ airline, class: cls, international }, 'vi');
    expect(c.penalty).toBe(penalty);
    expect(c.cutoffHours).toBe(cutoff);
    expect(c.rule).toMatch(penalty === null ? /Không được phép đổi/ : /đổi/i);
  });
  it('an unknown class is refused', () => {
    expect(() => changeConditionsOf({ airline: 'VN', class: 'X', international: false }, 'en')).toThrow();
  });
});

describe('the simulated reissue', () => {
  const record: PnrRecord = {
    pnr: 'EXC123', airline: 'VN', source: 'VN',
    names: [
      { paxId: 1, paxType: 'ADT', title: 'MR', firstName: 'AN', lastName: 'NGUYEN' },
      { paxId: 2, paxType: 'INF', title: 'MSTR', firstName: 'BE', lastName: 'NGUYEN', parentId: 1 },
    ],
    segments: [
      { segId: 1, carrier: 'VN', flightNo: 'VN213', from: 'HAN', to: 'SGN', departDate: '2026-12-10T08:00', arrivalDate: '2026-12-10T10:10', class: 'K', cabinClass: 'ECONOMY', aircraft: '321', status: 'HK', direction: 'depart' },
      { segId: 2, carrier: 'VN', flightNo: 'VN240', from: 'SGN', to: 'HAN', departDate: '2026-12-15T08:00', arrivalDate: '2026-12-15T10:10', class: 'K', cabinClass: 'ECONOMY', aircraft: '321', status: 'HK', direction: 'return' },
    ],
    ssrs: [{ id: 1, code: 'SEAT', paxId: 1, segId: 1, text: '12A', status: 'HK' }, { id: 2, code: 'XBAG', paxId: 1, segId: 1, text: '20kg', status: 'HK' }],
    osis: [], remarks: [], contacts: [], docs: [], loyalty: [],
    tst: [{ id: 1, paxType: 'ADT', segIds: [1], fareBasis: 'KECVN', fare: 1_000_000, tax: 200_000, total: 1_200_000 }, { id: 2, paxType: 'ADT', segIds: [2], fareBasis: 'KECVN', fare: 1_000_000, tax: 200_000, total: 1_200_000 }],
    endorsements: [], queue: null,
    tickets: [{ paxId: 1, number: '7380000000001', status: 'OPEN', issuedAt: 'x' }, { paxId: 2, number: '7380000000002', status: 'OPEN', issuedAt: 'x' }],
    emds: [], seats: [{ paxId: 1, segId: 1, seat: '12A', price: 0 }], baggage: [{ paxId: 1, segIds: [1], code: 'BG20', value: 20, unit: 'kg', price: 280_000 }], appliedKeys: [],
  };
  const at = '2026-11-24T05:00:00Z';
  const edit = {
    type: 'exchange' as const,
    direction: 'depart' as const,
    segments: [{ carrier: 'VN', flightNo: 'VN219', from: 'HAN', to: 'SGN', departDate: '2026-12-11T09:00', arrivalDate: '2026-12-11T11:10', class: 'M', cabinClass: 'ECONOMY', aircraft: '321' }],
    tst: [{ paxType: 'ADT' as const, fareBasis: 'MEFVN', fare: 1_800_000, tax: 250_000, total: 2_050_000 }],
  };
  it('replaces the direction’s segments and fares, moves the bag, frees the seat, reissues every open ticket', () => {
    const r = applyEdits('VN', record, { idempotencyKey: 'x1', at, edits: [edit] });
    expect(r.segments.map((s) => [s.segId, s.flightNo, s.direction, s.status])).toEqual([[3, 'VN219', 'depart', 'HK'], [2, 'VN240', 'return', 'HK']]);
    expect(r.tst.map((t) => [t.segIds, t.total])).toEqual([[[2], 1_200_000], [[3], 2_050_000]]);
    expect(r.baggage[0].segIds).toEqual([3]);
    expect(r.seats).toEqual([]);
    expect(r.ssrs.map((s) => [s.code, s.segId])).toEqual([['XBAG', 3]]);
    expect(r.tickets.map((t) => t.status)).toEqual(['EXCHANGED', 'EXCHANGED', 'OPEN', 'OPEN']);
    expect(r.tickets[2]).toMatchObject({ paxId: 1, exchangedFrom: '7380000000001', issuedAt: at });
    expect(r.tickets[2].number).toMatch(/^738\d{10}$/);
    expect(r.tickets[2].number).not.toBe(r.tickets[3].number);
    // the same key gives the same numbers; the input is not changed
    expect(applyEdits('VN', record, { idempotencyKey: 'x1', at, edits: [edit] }).tickets).toEqual(r.tickets);
    expect(record.tickets.every((t) => t.status === 'OPEN')).toBe(true);
  });
  it.each([
    ['no open ticket', { ...record, tickets: record.tickets.map((t) => ({ ...t, status: 'VOID' as const })) }, edit],
    ['a direction the PNR lacks', { ...record, segments: record.segments.filter((s) => s.direction === 'return') }, edit],
    ['a segment not confirmed', { ...record, segments: record.segments.map((s) => ({ ...s, status: 'UN' as const })) }, edit],
    ['no new flight', record, { ...edit, segments: [] }],
  ])('refuses %s', (_, rec, e) => {
    expect(() => applyEdits('VN', rec, { idempotencyKey: 'x2', at, edits: [e] })).toThrow();
  });
});
