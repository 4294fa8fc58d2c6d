/** The pure rules of the segment and passenger-structure edits (contract/aftersale-segments.ts), table-driven. */
import { describe, expect, it } from 'vitest';
import type { PnrName, PnrSegment } from '../../contract/aftersale';
import { arnkProblem, classChangeQuote, farePrice, infantProblems, itineraryGaps, paxCountsOf, seatsNeeded, splitSelection } from '../../contract/aftersale-segments';

const seg = (segId: number, from: string, to: string, day: string): PnrSegment => ({
  segId, carrier: 'VN', flightNo: `VN${100 + segId}`, from, to, departDate: `${day}T08:00`, arrivalDate: `${day}T10:00`, class: 'Y', cabinClass: 'ECONOMY', aircraft: 'A321', status: 'HK', direction: 'depart',
});
const name = (paxId: number, paxType: PnrName['paxType'], parentId?: number): PnrName => ({ paxId, paxType, title: paxType === 'ADT' ? 'MR' : 'MSTR', firstName: 'An', lastName: 'Nguyen', ...(parentId ? { parentId } : {}) });

describe('ARNK only where the itinerary is discontinuous', () => {
  const gap = [seg(1, 'HAN', 'SGN', '2030-01-10'), seg(2, 'DAD', 'HAN', '2030-01-12')];
  const continuous = [seg(1, 'HAN', 'SGN', '2030-01-10'), seg(2, 'SGN', 'HAN', '2030-01-12')];
  it.each([
    ['a gap after segment 1', gap, [], 1, null],
    ['no gap after the last segment', gap, [], 2, 'continuous'],
    ['a continuous itinerary', continuous, [], 1, 'continuous'],
    ['the gap already has an ARNK', gap, [{ id: 1, afterSegId: 1, from: 'SGN', to: 'DAD' }], 1, 'alreadyFilled'],
    ['an unknown segment', gap, [], 7, 'noSegment'],
    // the order is by departure, not by segment number
    ['segments added out of order', [seg(2, 'DAD', 'HAN', '2030-01-12'), seg(1, 'HAN', 'SGN', '2030-01-10')], [], 1, null],
  ] as const)('%s', (_, segments, arnks, after, problem) => {
    expect(arnkProblem({ segments: [...segments], arnks: [...arnks] }, after)).toBe(problem);
  });
  it('lists the gaps with their airports', () => {
    expect(itineraryGaps({ segments: gap })).toEqual([{ afterSegId: 1, from: 'SGN', to: 'DAD', filled: false }]);
  });
});

describe('pricing in integers', () => {
  const p = { fareADT: 1_000_000, taxADT: 200_000, vatADT: 80_000, fareCHD: 750_000, taxCHD: 200_000, vatCHD: 60_000, fareINF: 100_000, taxINF: 0, vatINF: 10_000 };
  it.each([
    [{ adt: 1, chd: 0, inf: 0 }, 1_280_000],
    [{ adt: 2, chd: 1, inf: 1 }, 2 * 1_280_000 + 1_010_000 + 110_000],
    [{ adt: 0, chd: 0, inf: 0 }, 0],
  ])('%o costs %i', (counts, total) => {
    expect(farePrice(p, counts)).toBe(total);
  });
  it('refuses fractions and negatives', () => {
    expect(() => farePrice({ ...p, fareADT: 10.5 }, { adt: 1, chd: 0, inf: 0 })).toThrow(RangeError);
    expect(() => farePrice(p, { adt: -1, chd: 0, inf: 0 })).toThrow(RangeError);
  });
  it('counts seats without infants', () => {
    const counts = paxCountsOf([name(1, 'ADT'), name(2, 'CHD'), name(3, 'INF', 1)]);
    expect(counts).toEqual({ adt: 1, chd: 1, inf: 1 });
    expect(seatsNeeded(counts)).toBe(2);
  });
  it.each([
    ['a dearer class pays the difference', 2_000_000, 2_450_000, { difference: 450_000, toPay: 450_000, residual: 0 }],
    ['a cheaper class pays nothing and leaves a residual', 2_450_000, 2_000_000, { difference: -450_000, toPay: 0, residual: 450_000 }],
    ['the same price', 1_000_000, 1_000_000, { difference: 0, toPay: 0, residual: 0 }],
  ])('%s', (_, oldTotal, newTotal, out) => {
    expect(classChangeQuote(oldTotal, newTotal)).toMatchObject({ oldTotal, newTotal, ...out });
  });
  it('a class quote refuses non-integers', () => {
    expect(() => classChangeQuote(1.5, 2)).toThrow(RangeError);
  });
});

describe('split selection', () => {
  const names = [name(1, 'ADT'), name(2, 'ADT'), name(3, 'INF', 1), name(4, 'CHD')];
  it.each([
    ['an adult takes its infant along', [1], { moved: [1, 3] }],
    ['two of three seated passengers', [2, 4], { moved: [2, 4] }],
    ['nobody', [], { problem: 'none' }],
    ['everyone (the infant follows)', [1, 2, 4], { problem: 'all' }],
    ['an infant alone', [3], { problem: 'infantAlone' }],
    ['an unknown passenger', [9], { problem: 'unknown' }],
    ['twice the same', [2, 2], { problem: 'duplicate' }],
  ] as const)('%s', (_, chosen, out) => {
    expect(splitSelection(names, [...chosen])).toEqual(out);
  });
});

describe('add-infant validation', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  const record = { source: '1A', names: [name(1, 'ADT'), name(2, 'ADT'), name(3, 'INF', 2)], segments: [seg(1, 'HAN', 'SGN', '2030-02-01')] };
  const ok = { title: 'MISS', firstName: 'Be Na', lastName: 'Nguyễn', birthday: '01/06/2029' };
  it.each([
    ['a named infant on a free adult', record, 1, ok, []],
    ['a carrier channel', { ...record, source: 'VN' }, 1, ok, ['source']],
    ['VJ (its own screen)', { ...record, source: 'VJ' }, 1, ok, ['source']],
    ['an adult with an infant', record, 2, ok, ['hasInfant']],
    ['not an adult', record, 3, ok, ['notAdult']],
    ['two years old at the flight', record, 1, { ...ok, birthday: '01/01/2028' }, ['age']],
    ['a bad date', record, 1, { ...ok, birthday: '31/02/2029' }, ['birthday']],
    ['digits in the name', record, 1, { ...ok, firstName: 'Be 2' }, ['firstName']],
    ['an adult title', record, 1, { ...ok, title: 'MR' }, ['title']],
  ] as const)('%s', (_, r, parentId, infant, problems) => {
    expect(infantProblems(r, parentId, infant, now)).toEqual(problems);
  });
});
