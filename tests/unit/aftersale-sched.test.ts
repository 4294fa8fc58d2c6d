/**
 * Schedule changes (branch sched), pure rules: the simulated airlines' change generator (deterministic per
 * flight and date, about the configured share of flights), the record after a change (TK with new times; UN with
 * the replacement TK), accept and rebook, and change-route-status's allowed transitions.
 */
import { describe, expect, it } from 'vitest';
import { changesOf, segmentTransition, shiftMinutes, type SegmentTarget, type TransitionRefusal } from '../../contract/aftersale-sched';
import type { PnrRecord, PnrSegment, SegmentStatus } from '../../contract/aftersale';
import { applyScheduleChanges, applyScheduleEdit, scheduleChangeOf, shiftLocal } from '../../gateway/suppliers/simulated/schedule-changes';
import { SupplierError } from '../../gateway/suppliers/types';

describe('scheduleChangeOf: the airline’s changes', () => {
  it('is deterministic per flight and date', () => {
    for (let n = 200; n < 260; n++) {
      const a = scheduleChangeOf(`VN${n}`, '2026-12-01', 0.3);
      expect(scheduleChangeOf(`VN${n}`, '2026-12-01', 0.3)).toEqual(a);
    }
  });

  it('changes about the configured share of flights, none at 0 and all at 1', () => {
    const flights = Array.from({ length: 4000 }, (_, i) => [`VN${100 + (i % 400)}`, `2026-12-${String(1 + Math.floor(i / 400)).padStart(2, '0')}`] as const);
    const changed = flights.filter(([f, d]) => scheduleChangeOf(f, d, 0.03)).length;
    expect(changed / flights.length).toBeGreaterThan(0.02);
    expect(changed / flights.length).toBeLessThan(0.04);
    expect(flights.filter(([f, d]) => scheduleChangeOf(f, d, 0)).length).toBe(0);
    expect(flights.filter(([f, d]) => scheduleChangeOf(f, d, 1)).length).toBe(flights.length);
  });

  it('a time change moves 15 minutes to 3 hours (never 0); a renumbering gives another number of the carrier', () => {
    const all = Array.from({ length: 500 }, (_, i) => scheduleChangeOf(`VJ${120 + i}`, '2026-12-24', 1)!);
    const times = all.filter((c) => c.kind === 'time');
    const renumbers = all.filter((c) => c.kind === 'renumber');
    expect(times.length).toBeGreaterThan(250);
    expect(renumbers.length).toBeGreaterThan(80);
    for (const c of times) {
      expect(Math.abs(c.shiftMinutes)).toBeGreaterThanOrEqual(15);
      expect(Math.abs(c.shiftMinutes)).toBeLessThanOrEqual(180);
      expect(Math.abs(c.shiftMinutes) % 5).toBe(0);
    }
    for (const c of renumbers) expect(c.flightNo).toMatch(/^VJ8\d{3}$/);
  });

  it('shiftLocal moves local wall-clock times across midnight', () => {
    expect(shiftLocal('2026-12-24T23:30', 45)).toBe('2026-12-25T00:15');
    expect(shiftLocal('2026-12-24T00:10', -20)).toBe('2026-12-23T23:50');
    expect(shiftMinutes('2026-12-24T23:30', '2026-12-25T00:15')).toBe(45);
  });
});

const seg = (segId: number, flightNo: string, departDate: string, arrivalDate: string, status: SegmentStatus = 'HK', direction: 'depart' | 'return' = 'depart'): PnrSegment => ({
  segId, carrier: flightNo.slice(0, 2), flightNo, from: direction === 'depart' ? 'HAN' : 'SGN', to: direction === 'depart' ? 'SGN' : 'HAN', departDate, arrivalDate, class: 'Y', cabinClass: 'Economy', aircraft: 'A321', status, direction,
});

const record = (segments: PnrSegment[]): PnrRecord => ({
  pnr: 'ABC123', airline: 'VN', source: 'VN', names: [{ paxId: 1, paxType: 'ADT', title: 'MR', firstName: 'AN', lastName: 'NGUYEN' }], segments,
  ssrs: [{ id: 1, code: 'SEAT', paxId: 1, segId: 1, text: '12A', status: 'HK' }], osis: [], remarks: [], contacts: [], docs: [], loyalty: [],
  tst: [{ id: 1, paxType: 'ADT', segIds: segments.map((s) => s.segId), fareBasis: 'Y', fare: 1_000_000, tax: 200_000, total: 1_200_000 }],
  endorsements: [], queue: null, tickets: [{ paxId: 1, number: '7381234567890', status: 'OPEN', issuedAt: '2026-11-01T00:00:00Z' }], emds: [],
  seats: [{ paxId: 1, segId: 1, seat: '12A', price: 0 }], baggage: [{ paxId: 1, segIds: [1], code: 'BG20', value: 20, unit: 'kg', price: 280_000 }], appliedKeys: [],
});

/** A flight number and date the generator changes with `kind` at rate 1. */
function flightWith(kind: 'time' | 'renumber'): string {
  for (let n = 200; ; n++) if (scheduleChangeOf(`VN${n}`, '2026-12-20', 1)!.kind === kind) return `VN${n}`;
}

describe('applyScheduleChanges and the answers', () => {
  it('a time change: TK with the new times, the old kept; nothing changes twice; rate 0 leaves the record as it was', () => {
    const f = flightWith('time');
    const r = record([seg(1, f, '2026-12-20T08:00', '2026-12-20T10:10')]);
    expect(applyScheduleChanges(r, 0)).toEqual({ record: r, changed: [] });
    const { record: after, changed } = applyScheduleChanges(r, 1);
    expect(changed).toEqual([1]);
    const s = after.segments[0];
    const shift = scheduleChangeOf(f, '2026-12-20', 1)!.shiftMinutes;
    expect(s).toMatchObject({ status: 'TK', flightNo: f, departDate: shiftLocal('2026-12-20T08:00', shift), previous: { flightNo: f, departDate: '2026-12-20T08:00', arrivalDate: '2026-12-20T10:10' } });
    expect(applyScheduleChanges(after, 1).changed).toEqual([]);
    expect(changesOf(after.segments)).toEqual([expect.objectContaining({ segId: 1, status: 'TK', oldDepartDate: '2026-12-20T08:00', newDepartDate: s.departDate })]);
    // accept: HK, the ticket revalidated, never changed again
    const accepted = structuredClone(after);
    applyScheduleEdit('VN', accepted, { type: 'acceptScheduleChange' }, '2026-11-24T08:00:00Z');
    expect(accepted.segments[0].status).toBe('HK');
    expect(accepted.tickets[0].revalidatedAt).toBe('2026-11-24T08:00:00Z');
    expect(applyScheduleChanges(accepted, 1).changed).toEqual([]);
    expect(changesOf(accepted.segments)).toEqual([]);
  });

  it('a renumbering: UN plus the replacement TK; accept confirms it, removes the UN and moves fares and bags, gives up the seat', () => {
    const f = flightWith('renumber');
    const r = record([seg(1, f, '2026-12-20T08:00', '2026-12-20T10:10')]);
    const { record: after, changed } = applyScheduleChanges(r, 1);
    expect(changed).toEqual([1, 2]);
    expect(after.segments.map((s) => [s.segId, s.status])).toEqual([[1, 'UN'], [2, 'TK']]);
    expect(after.segments[1]).toMatchObject({ replacesSegId: 1, flightNo: scheduleChangeOf(f, '2026-12-20', 1)!.flightNo });
    expect(changesOf(after.segments)).toEqual([expect.objectContaining({ segId: 1, status: 'UN', oldFlightNo: f, newFlightNo: after.segments[1].flightNo, replacementSegId: 2 })]);
    applyScheduleEdit('VN', after, { type: 'acceptScheduleChange' }, '2026-11-24T08:00:00Z');
    expect(after.segments.map((s) => [s.segId, s.status])).toEqual([[2, 'HK']]);
    expect(after.segments[0].replacesSegId).toBeUndefined();
    expect(after.tst[0].segIds).toEqual([2]);
    expect(after.baggage[0].segIds).toEqual([2]);
    expect(after.seats).toEqual([]);
    expect(after.ssrs.filter((x) => x.code === 'SEAT')).toEqual([]);
  });

  it('rebook moves a changed segment onto the chosen flight, HK; an unchanged segment is refused', () => {
    const f = flightWith('renumber');
    const { record: after } = applyScheduleChanges(record([seg(1, f, '2026-12-20T08:00', '2026-12-20T10:10')]), 1);
    const flight = { flightNo: 'VN999', departDate: '2026-12-20T14:00', arrivalDate: '2026-12-20T16:10', aircraft: 'A350' };
    const viaUn = structuredClone(after);
    applyScheduleEdit('VN', viaUn, { type: 'rebookSegment', segId: 1, flight }, '2026-11-24T08:00:00Z');
    expect(viaUn.segments).toEqual([expect.objectContaining({ segId: 2, status: 'HK', flightNo: 'VN999', departDate: '2026-12-20T14:00', aircraft: 'A350' })]);
    const accepted = structuredClone(viaUn);
    expect(() => applyScheduleEdit('VN', accepted, { type: 'rebookSegment', segId: 2, flight }, 'x')).toThrow(SupplierError);
    expect(() => applyScheduleEdit('VN', accepted, { type: 'acceptScheduleChange' }, 'x')).toThrow(SupplierError);
  });
});

describe('segmentTransition (change-route-status)', () => {
  const cases: [SegmentStatus, SegmentTarget, number, true | TransitionRefusal][] = [
    ['TK', 'HK', 0, true],
    ['TK', 'XX', 0, true],
    ['UN', 'XX', 0, true],
    ['UC', 'XX', 0, true],
    ['UN', 'HK', 9, 'unableNotConfirmable'],
    ['UC', 'HK', 9, 'unableNotConfirmable'],
    ['HL', 'HK', 3, true],
    ['HL', 'HK', 0, 'noSeats'],
    ['HL', 'XX', 0, true],
    ['HK', 'HK', 9, 'same'],
    ['HK', 'XX', 9, 'confirmedUseRemoveRoute'],
  ];
  it.each(cases)('%s → %s with %i seats: %s', (from, to, seatsAvailable, expected) => {
    const v = segmentTransition(from, to, { seatsAvailable });
    expect(v).toEqual(expected === true ? { ok: true } : { ok: false, reason: expected });
  });

  it('the airline applies the same rule: XX on a TK replacement also gives up its UN flight; a refused change throws and leaves the record', () => {
    const f = flightWith('renumber');
    const changed = applyScheduleChanges(record([seg(1, f, '2026-12-20T08:00', '2026-12-20T10:10')]), 1).record;
    const after = { ...changed, segments: [...changed.segments, seg(3, 'VN300', '2026-12-25T08:00', '2026-12-25T10:10', 'HK', 'return')] };
    const tk = after.segments.find((s) => s.replacesSegId === 1)!;
    const removed = structuredClone(after);
    applyScheduleEdit('VN', removed, { type: 'setSegmentStatus', segId: tk.segId, to: 'XX', seatsAvailable: 0 }, 'x');
    expect(removed.segments.map((s) => s.segId)).toEqual(after.segments.filter((s) => s.segId !== 1 && s.segId !== tk.segId).map((s) => s.segId));
    const confirmed = after.segments.find((s) => s.status === 'HK')!;
    const copy = structuredClone(after);
    expect(() => applyScheduleEdit('VN', copy, { type: 'setSegmentStatus', segId: confirmed.segId, to: 'XX', seatsAvailable: 9 }, 'x')).toThrow(SupplierError);
  });
});
