/**
 * The simulated airlines' schedule changes (branch sched). A flight on a date is changed or not by a seeded
 * roll (`scheduleChangeOf`: the same flight and date always get the same answer; `rate` of them change): a time
 * change (the departure and arrival move by 15 minutes to 3 hours, same flight number) or a renumbering (a new
 * flight number, often at another time). The airline applies a change to the PNRs holding the flight: a time
 * change makes the segment TK with the new times (the old ones kept as `previous`); a renumbering makes it UN
 * and adds the proposed replacement as a TK segment (`replacesSegId`).
 *
 * The edits an agent answers with (pure, all or nothing, in `applyScheduleEdit`): accept (TK→HK, UN removed,
 * the ticket revalidated), rebook one changed segment onto another flight of the same route and date, and the
 * segment status changes of change-route-status (TK/HL→HK, TK/HL/UN/UC→XX).
 */
import { segmentTransition } from '../../../contract/aftersale-sched';
import type { PnrRecord, PnrSegment } from '../../../contract/aftersale';
import type { Source } from '../../../contract/flights';
import { SupplierError } from '../types';
import type { PnrEdit } from '../pnr';
import { Rand } from './random';

export interface ScheduleChangeSpec {
  kind: 'time' | 'renumber';
  /** Minutes the flight moves (never 0 for a time change; may be 0 for a renumbering). */
  shiftMinutes: number;
  /** The flight number after the change. */
  flightNo: string;
}

/** The airline's change of `flightNo` on local date `date` (yyyy-MM-dd), or null (most flights). */
export function scheduleChangeOf(flightNo: string, date: string, rate: number): ScheduleChangeSpec | null {
  const rand = new Rand('schedule-change', flightNo, date);
  if (!(rand.float() < rate)) return null;
  const renumber = rand.chance(0.3);
  const sign = rand.chance(0.6) ? 1 : -1;
  const shift = sign * 5 * rand.int(3, 36);
  if (!renumber) return { kind: 'time', shiftMinutes: shift, flightNo };
  const carrier = flightNo.slice(0, 2);
  const number = Number(flightNo.slice(2)) || 0;
  return { kind: 'renumber', shiftMinutes: rand.chance(0.5) ? shift : 0, flightNo: `${carrier}${8000 + (number % 1000)}` };
}

/** yyyy-MM-ddTHH:mm moved by `minutes` (local wall-clock arithmetic). */
export function shiftLocal(local: string, minutes: number): string {
  const ms = Date.parse(`${local.slice(0, 16)}:00Z`) + minutes * 60_000;
  return new Date(ms).toISOString().slice(0, 16);
}

const nextSegId = (segs: readonly PnrSegment[]) => segs.reduce((m, s) => Math.max(m, s.segId), 0) + 1;

/**
 * The record after the airline's schedule changes (pure): every HK segment whose flight and date changed, and
 * which was not changed before, becomes TK or UN (+ replacement). Answers the changed segment ids (empty: the
 * record is unchanged). A segment already answered (accepted or rebooked) keeps its `previous` and is not
 * changed twice.
 */
export function applyScheduleChanges(record: PnrRecord, rate: number): { record: PnrRecord; changed: number[] } {
  const r = structuredClone(record);
  const changed: number[] = [];
  for (const s of [...r.segments]) {
    if (s.status !== 'HK' || s.previous) continue;
    const spec = scheduleChangeOf(s.flightNo, s.departDate.slice(0, 10), rate);
    if (!spec) continue;
    const previous = { flightNo: s.flightNo, departDate: s.departDate, arrivalDate: s.arrivalDate };
    const moved = { departDate: shiftLocal(s.departDate, spec.shiftMinutes), arrivalDate: shiftLocal(s.arrivalDate, spec.shiftMinutes) };
    if (spec.kind === 'time') {
      Object.assign(s, moved, { status: 'TK', previous });
      changed.push(s.segId);
    } else {
      s.status = 'UN';
      const replacement: PnrSegment = { ...s, ...moved, segId: nextSegId(r.segments), flightNo: spec.flightNo, status: 'TK', previous, replacesSegId: s.segId };
      // keep the itinerary in order: the replacement right after the segment it replaces
      r.segments.splice(r.segments.indexOf(s) + 1, 0, replacement);
      changed.push(s.segId, replacement.segId);
    }
  }
  return { record: changed.length ? r : record, changed };
}

export type ScheduleEdit = Extract<PnrEdit, { type: 'acceptScheduleChange' | 'rebookSegment' | 'setSegmentStatus' }>;

function refuse(source: Source, vi: string, en: string): SupplierError {
  return new SupplierError('INVALID_REQUEST', { source, vi, en });
}

/** Moves the references (fares, bags, seats) of segment `from` to `to`, or drops them when `to` is null. */
function remap(r: PnrRecord, from: number, to: number | null): void {
  const swap = (ids: number[]) => [...new Set(ids.flatMap((id) => (id === from ? (to === null ? [] : [to]) : [id])))];
  r.tst = r.tst.map((t) => ({ ...t, segIds: swap(t.segIds) }));
  r.baggage = r.baggage.map((b) => ({ ...b, segIds: swap(b.segIds) })).filter((b) => b.segIds.length > 0);
  // a seat belongs to one aircraft: moved to another flight it is given up
  r.seats = r.seats.filter((s) => s.segId !== from);
  r.ssrs = r.ssrs.flatMap((x) => (x.segId !== from ? [x] : x.code === 'SEAT' || to === null ? [] : [{ ...x, segId: to }]));
}

function removeSegment(r: PnrRecord, segId: number): void {
  r.segments = r.segments.filter((s) => s.segId !== segId);
  remap(r, segId, null);
}

/** Confirms a TK segment (HK), keeping what it was before as `previous`; a replacement takes its UN's place. */
function confirm(r: PnrRecord, s: PnrSegment): void {
  s.status = 'HK';
  if (s.replacesSegId !== undefined) {
    const old = s.replacesSegId;
    delete s.replacesSegId;
    r.segments = r.segments.filter((x) => x.segId !== old);
    remap(r, old, s.segId);
  }
}

/** Applies one schedule-change edit to `r` in place (the caller works on a copy); throws a SupplierError. */
export function applyScheduleEdit(source: Source, r: PnrRecord, e: ScheduleEdit, at: string): void {
  const seg = (id: number) => r.segments.find((s) => s.segId === id);
  switch (e.type) {
    case 'acceptScheduleChange': {
      const tk = r.segments.filter((s) => s.status === 'TK');
      if (tk.length === 0 && !r.segments.some((s) => s.status === 'UN')) {
        throw refuse(source, 'PNR không có thay đổi lịch bay nào cần chấp nhận.', 'The PNR has no schedule change to accept.');
      }
      for (const s of tk) confirm(r, s);
      // a UN segment without a replacement is given up
      for (const s of r.segments.filter((x) => x.status === 'UN')) removeSegment(r, s.segId);
      r.tickets = r.tickets.map((t) => (t.status === 'OPEN' ? { ...t, revalidatedAt: at } : t));
      return;
    }
    case 'rebookSegment': {
      const s = seg(e.segId);
      if (!s || (s.status !== 'TK' && s.status !== 'UN')) {
        throw refuse(source, 'Chặng bay này không có thay đổi lịch bay.', 'This segment has no schedule change.');
      }
      // the segment that carries the traveller after the change: a UN's replacement, or the TK itself
      const target = s.status === 'UN' ? r.segments.find((x) => x.replacesSegId === s.segId) : s;
      const unSeg = s.status === 'UN' ? s : s.replacesSegId !== undefined ? seg(s.replacesSegId) : undefined;
      const previous = s.previous ?? (unSeg ? { flightNo: unSeg.flightNo, departDate: unSeg.departDate, arrivalDate: unSeg.arrivalDate } : undefined);
      if (target) {
        Object.assign(target, { flightNo: e.flight.flightNo, departDate: e.flight.departDate, arrivalDate: e.flight.arrivalDate, aircraft: e.flight.aircraft, status: 'HK' }, previous ? { previous } : {});
        if (target.replacesSegId !== undefined) confirm(r, target);
      } else if (unSeg) {
        Object.assign(unSeg, { flightNo: e.flight.flightNo, departDate: e.flight.departDate, arrivalDate: e.flight.arrivalDate, aircraft: e.flight.aircraft, status: 'HK', previous });
      }
      r.tickets = r.tickets.map((t) => (t.status === 'OPEN' ? { ...t, revalidatedAt: at } : t));
      return;
    }
    case 'setSegmentStatus': {
      const s = seg(e.segId);
      if (!s) throw refuse(source, 'Không có chặng bay này trong PNR.', 'No such segment in the PNR.');
      const verdict = segmentTransition(s.status, e.to, { seatsAvailable: e.seatsAvailable });
      if (!verdict.ok) throw refuse(source, `Hãng không cho phép chuyển chặng từ ${s.status} sang ${e.to}.`, `The airline does not allow the segment to go from ${s.status} to ${e.to}.`);
      if (e.to === 'XX') {
        // refusing a renumbering's replacement gives up the UN flight too
        if (s.replacesSegId !== undefined) removeSegment(r, s.replacesSegId);
        const replacement = r.segments.find((x) => x.replacesSegId === s.segId);
        if (replacement) removeSegment(r, replacement.segId);
        removeSegment(r, s.segId);
      } else {
        confirm(r, s);
      }
      return;
    }
  }
}
