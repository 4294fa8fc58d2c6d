/**
 * The simulated airline PNR: records kept in the given PnrStore, element edits applied all or nothing (a pure
 * function of the record), EMDs for paid extras, and a deterministic seat map per flight and date.
 *
 * Seat maps: a narrow body (A320/A321, 737) has 30 rows ABC|DEF, a wide body (787, 350, 777) 36 rows ABC|DEFG|HJK;
 * exit rows 10 and 11 (narrow) or 15 (wide) are 'exit' seats at a fee, rows 1–3 are front 'paid' seats, rows 4–9
 * 'paid' standard, the rest free; about one seat in thirteen is blocked by the airline (crew, broken). The same
 * flight on the same date always has the same map.
 */
import { createHash } from 'node:crypto';
import type { PnrRecord, SeatCell, SeatMap, SeatRow } from '../../../contract/aftersale';
import { seatKey } from '../flights';
import type { PnrCallContext, PnrEdit, PnrEditRequest, PnrSplitRequest, PnrSupplier, SeatClaim } from '../pnr';
import { TICKET_PREFIXES } from '../reference-data';
import { SupplierError, type SupplierSettings } from '../types';
import type { Source } from '../../../contract/flights';
import { simulateNetwork, type SimulationHooks } from './supplier';
// aftersale2: exchange-route
import { applyExchange } from './exchange';
import { applyElementEdit, checkElementEdit } from './pnr-elements';
import { applySegmentEdit, splitRecord } from './pnr-segments';
import { applyScheduleEdit, applyScheduleChanges } from './schedule-changes';
// as14b: re-pricing a held PNR
import { applyRepriceFare, withIssuedTickets } from './pnr-price';
import { flightsOn } from './schedule';
import { hash32 } from './random';
import type { FlightAlternative } from '../../../contract/aftersale-sched';
// as14a: paid extras
import { ancillaryOptions, applyExtrasEdit, infantFeeOf } from './pnr-extras';
import type { AncillaryOption, VjInfantQuote } from '../../../contract/aftersale-extras';
import type { Language } from '../../../contract/constants';

const hash = (s: string): number => createHash('sha256').update(s).digest().readUInt32BE(0);

const WIDE = /787|350|777|330/;

export const SEAT_PRICES = { front: 350_000, exit: 250_000, standard: 120_000 } as const;

/** The seat map of a flight (without who sits where). */
export function seatLayout(flightNo: string, departDate: string, aircraft: string): { layout: string; rows: SeatRow[] } {
  const wide = WIDE.test(aircraft);
  const layout = wide ? 'ABC|DEFG|HJK' : 'ABC|DEF';
  const rowCount = wide ? 36 : 30;
  const exitRows = wide ? [15] : [10, 11];
  const key = seatKey(flightNo, departDate.slice(0, 10));
  const rows: SeatRow[] = [];
  for (let row = 1; row <= rowCount; row++) {
    const exit = exitRows.includes(row);
    const cells: (SeatCell | null)[] = [...layout].map((ch) => {
      if (ch === '|') return null;
      const seat = `${row}${ch}`;
      const blocked = hash(`${key}|${seat}`) % 13 === 0;
      const kind = blocked ? 'blocked' : exit ? 'exit' : row <= 9 ? 'paid' : 'free';
      const price = kind === 'exit' ? SEAT_PRICES.exit : kind === 'paid' ? (row <= 3 ? SEAT_PRICES.front : SEAT_PRICES.standard) : 0;
      return { seat, kind, price, taken: false };
    });
    rows.push({ row, exit, cells });
  }
  return { layout, rows };
}

function invalid(source: Source, vi: string, en: string): SupplierError {
  return new SupplierError('INVALID_REQUEST', { source, vi, en });
}

/** An EMD number: the carrier's prefix + 10 digits from the PNR, the edit's key and its position. */
export function emdNumber(airline: string, pnr: string, key: string, index: number): string {
  const prefix = TICKET_PREFIXES[airline] ?? '999';
  const serial = createHash('sha256').update(`EMD|${pnr}|${key}|${index}`).digest().readBigUInt64BE(0) % 10_000_000_000n;
  return `${prefix}${serial.toString().padStart(10, '0')}`;
}

const nextId = (list: readonly { id: number }[]) => list.reduce((m, x) => Math.max(m, x.id), 0) + 1;

/** The record after the edits (pure; throws a SupplierError on an edit the airline refuses). */
export function applyEdits(source: Source, record: PnrRecord, request: Pick<PnrEditRequest, 'edits' | 'idempotencyKey' | 'at'>): PnrRecord {
  const r: PnrRecord = structuredClone(record);
  const pax = (id: number) => r.names.find((n) => n.paxId === id);
  const seg = (id: number) => r.segments.find((s) => s.segId === id);
  let emdIndex = 0;
  const issueEmd = (paxId: number, segIds: number[], kind: 'luggage' | 'seat', description: string, amount: number): string => {
    const number = emdNumber(r.airline, r.pnr, request.idempotencyKey, emdIndex++);
    r.emds.push({ number, paxId, segIds, rfisc: kind === 'luggage' ? '0CC' : '0B5', kind, description, amount, issuedAt: request.at });
    return number;
  };
  for (const e of request.edits) {
    checkElementEdit(source, r, e); // pnr-elements: the airline's refusals of element edits
    switch (e.type) {
      case 'addSsr':
        r.ssrs.push({ ...e.ssr, id: nextId(r.ssrs), status: 'HK' });
        break;
      case 'addOsi':
        r.osis.push({ id: nextId(r.osis), airline: e.airline, text: e.text });
        break;
      case 'addRemark':
        r.remarks.push({ id: nextId(r.remarks), kind: e.kind, text: e.text });
        break;
      case 'setContact':
        r.contacts = [...r.contacts.filter((c) => c.kind !== e.kind), { id: nextId(r.contacts), kind: e.kind, value: e.value }];
        break;
      case 'setDocs':
        if (!pax(e.docs.paxId)) throw invalid(source, 'Không có hành khách này trong PNR.', 'No such passenger in the PNR.');
        r.docs = [...r.docs.filter((d) => d.paxId !== e.docs.paxId), e.docs];
        break;
      case 'setLoyalty':
        if (!pax(e.loyalty.paxId)) throw invalid(source, 'Không có hành khách này trong PNR.', 'No such passenger in the PNR.');
        r.loyalty = [...r.loyalty.filter((l) => !(l.paxId === e.loyalty.paxId && l.airline === e.loyalty.airline)), e.loyalty];
        break;
      case 'addEndorsement':
        r.endorsements.push({ ...e.endorsement, id: nextId(r.endorsements) });
        break;
      case 'placeQueue':
        r.queue = e.queue;
        break;
      case 'buyBaggage': {
        const b = e.baggage;
        const p = pax(b.paxId);
        if (!p || p.paxType === 'INF') throw invalid(source, 'Không thể mua hành lý cho hành khách này.', 'Luggage cannot be bought for this passenger.');
        if (b.segIds.length === 0 || b.segIds.some((id) => !seg(id) || seg(id)!.status !== 'HK')) {
          throw invalid(source, 'Chặng bay không còn xác nhận (HK), không thể mua thêm hành lý.', 'The flight segment is not confirmed (HK); luggage cannot be added.');
        }
        if (!(b.price > 0)) throw invalid(source, 'Gói hành lý không hợp lệ.', 'The luggage option is not valid.');
        const emd = issueEmd(b.paxId, b.segIds, 'luggage', `${b.value}${b.unit}`, b.price);
        r.baggage = [...r.baggage.filter((x) => !(x.paxId === b.paxId && x.segIds.join() === b.segIds.join())), { ...b, emd }];
        r.ssrs.push({ id: nextId(r.ssrs), code: 'XBAG', paxId: b.paxId, segId: b.segIds[0], text: `${b.value}${b.unit} ${b.code}`, status: 'HK' });
        break;
      }
      case 'assignSeat': {
        const p = pax(e.paxId);
        const s = seg(e.segId);
        if (!p || !s) throw invalid(source, 'Không có hành khách hoặc chặng bay này trong PNR.', 'No such passenger or segment in the PNR.');
        if (p.paxType === 'INF') throw invalid(source, 'Em bé ngồi cùng người lớn, không chọn ghế riêng.', 'Infants sit on an adult’s lap and get no seat.');
        if (s.status !== 'HK') throw invalid(source, 'Chặng bay không còn xác nhận (HK), không thể chọn ghế.', 'The flight segment is not confirmed (HK); no seat can be chosen.');
        if (r.seats.some((x) => x.segId === e.segId && x.seat === e.seat)) {
          throw new SupplierError('NO_AVAILABILITY', { source, vi: `Ghế ${e.seat} đã có người ngồi. Vui lòng chọn ghế khác.`, en: `Seat ${e.seat} is already taken. Please choose another seat.` });
        }
        const emd = e.price > 0 ? issueEmd(e.paxId, [e.segId], 'seat', e.seat, e.price) : undefined;
        r.seats = [...r.seats.filter((x) => !(x.paxId === e.paxId && x.segId === e.segId)), { paxId: e.paxId, segId: e.segId, seat: e.seat, price: e.price, ...(emd ? { emd } : {}) }];
        r.ssrs = r.ssrs.filter((x) => !(x.code === 'SEAT' && x.paxId === e.paxId && x.segId === e.segId));
        r.ssrs.push({ id: nextId(r.ssrs), code: 'SEAT', paxId: e.paxId, segId: e.segId, text: e.seat, status: 'HK' });
        break;
      }
      // aftersale2: exchange-route
      case 'exchange':
        applyExchange(source, r, e, request.idempotencyKey, request.at);
        break;
      // pnr-elements: issue 15's element edits
      case 'setPaxInfo':
      case 'changeName':
      case 'setBirthday':
      case 'setPaxPhone':
      case 'addSk':
      case 'setCustomerAccount':
      case 'storeTst':
      case 'moveQueue':
        applyElementEdit(source, r, e);
        break;
      // pnr-segments
      case 'addSegment':
      case 'removeSegment':
      case 'addArnk':
      case 'changeClass':
      case 'onlineCheckIn':
      case 'removeCheckIn':
      case 'addInfant':
        applySegmentEdit(source, r, e, request.at, request.idempotencyKey);
        break;
      // sched: schedule changes and change-route-status
      case 'acceptScheduleChange':
      case 'rebookSegment':
      case 'setSegmentStatus':
        applyScheduleEdit(source, r, e, request.at);
        break;
      // as14a: paid extras
      case 'upgradeBaggage':
      case 'buyAncillary':
        applyExtrasEdit(source, r, e, request.idempotencyKey, request.at);
        break;
      // as14b: re-pricing a held PNR
      case 'repriceFare':
        applyRepriceFare(source, r, e);
        break;
    }
  }
  r.appliedKeys = [...r.appliedKeys, request.idempotencyKey].slice(-50);
  return r;
}

/** The seat claims of a record: one per passenger and segment seated. */
export function seatClaims(r: PnrRecord): SeatClaim[] {
  return r.seats.flatMap((s) => {
    const seg = r.segments.find((x) => x.segId === s.segId);
    return seg ? [{ flightKey: seatKey(seg.flightNo, seg.departDate.slice(0, 10)), seat: s.seat, pnr: r.pnr, paxId: s.paxId }] : [];
  });
}

const sameClaim = (a: SeatClaim, b: SeatClaim) => a.flightKey === b.flightKey && a.seat === b.seat && a.paxId === b.paxId;

export class SimulatedPnrSupplier implements PnrSupplier {
  constructor(
    readonly source: Source,
    private readonly settings: Readonly<SupplierSettings>,
    private readonly hooks: SimulationHooks,
  ) {}

  async retrieve(pnr: string, ctx: PnrCallContext, seed?: PnrRecord): Promise<PnrRecord> {
    const stored = await ctx.store.load(pnr);
    // as14b: a record made while the PNR was held gets the tickets of its issue
    const ticketed = stored && withIssuedTickets(stored.record, seed);
    if (ticketed && (await ctx.store.commit(pnr, this.source, ticketed, stored.version)) === 'ok') return ticketed;
    if (stored) return ticketed ? ((await ctx.store.load(pnr))?.record ?? stored.record) : stored.record;
    if (!seed || seed.pnr !== pnr) throw invalid(this.source, `Không tìm thấy PNR ${pnr}.`, `PNR ${pnr} was not found.`);
    const outcome = await ctx.store.commit(pnr, this.source, seed, null);
    if (outcome === 'ok') return seed;
    const again = await ctx.store.load(pnr);
    if (!again) throw new SupplierError('UNAVAILABLE', { source: this.source });
    return again.record;
  }

  async edit(request: PnrEditRequest, ctx: PnrCallContext): Promise<PnrRecord> {
    await this.respond(ctx);
    const stored = await ctx.store.load(request.pnr);
    if (!stored) throw invalid(this.source, `Không tìm thấy PNR ${request.pnr}.`, `PNR ${request.pnr} was not found.`);
    if (stored.record.appliedKeys.includes(request.idempotencyKey)) return stored.record;
    const next = applyEdits(this.source, stored.record, request);
    const before = seatClaims(stored.record);
    const after = seatClaims(next);
    const seats = { claim: after.filter((c) => !before.some((b) => sameClaim(b, c))), release: before.filter((b) => !after.some((c) => sameClaim(b, c))) };
    const outcome = await ctx.store.commit(request.pnr, this.source, next, stored.version, seats);
    if (outcome === 'seatTaken') {
      throw new SupplierError('NO_AVAILABILITY', { source: this.source, vi: 'Ghế vừa được người khác chọn. Vui lòng chọn ghế khác.', en: 'The seat was just taken by someone else. Please choose another seat.' });
    }
    if (outcome === 'conflict') {
      throw new SupplierError('UNAVAILABLE', { source: this.source, vi: 'PNR vừa được thay đổi bởi yêu cầu khác. Vui lòng thử lại.', en: 'The PNR was just changed by another request. Please try again.' });
    }
    return next;
  }

  async seatMap(pnr: string, segId: number, ctx: PnrCallContext): Promise<SeatMap> {
    const stored = await ctx.store.load(pnr);
    const seg = stored?.record.segments.find((s) => s.segId === segId);
    if (!stored || !seg) throw invalid(this.source, 'Không có chặng bay này trong PNR.', 'No such segment in the PNR.');
    const { layout, rows } = seatLayout(seg.flightNo, seg.departDate, seg.aircraft);
    const taken = await ctx.store.seatsTaken(seatKey(seg.flightNo, seg.departDate.slice(0, 10)));
    for (const row of rows) {
      for (const cell of row.cells) {
        const claim = cell && taken.get(cell.seat);
        if (!cell || !claim) continue;
        cell.taken = true;
        if (claim.pnr === pnr) cell.takenBy = claim.paxId;
      }
    }
    return { pnr, segId, flightNo: seg.flightNo, from: seg.from, to: seg.to, aircraft: seg.aircraft, layout, rows };
  }

  // pnr-segments
  async split(request: PnrSplitRequest, ctx: PnrCallContext): Promise<{ parent: PnrRecord; child: PnrRecord }> {
    await this.respond(ctx);
    const stored = await ctx.store.load(request.pnr);
    if (!stored) throw invalid(this.source, `Không tìm thấy PNR ${request.pnr}.`, `PNR ${request.pnr} was not found.`);
    if (stored.record.appliedKeys.includes(request.idempotencyKey)) {
      const child = await ctx.store.load(request.newPnr);
      if (child) return { parent: stored.record, child: child.record };
    }
    if (!ctx.store.commitSplit) throw new SupplierError('UNAVAILABLE', { source: this.source });
    const { parent, child } = splitRecord(this.source, stored.record, request.paxIds, request.newPnr, request.idempotencyKey);
    const outcome = await ctx.store.commitSplit({ pnr: request.pnr, record: parent, expectedVersion: stored.version }, { pnr: request.newPnr, source: this.source, record: child }, request.paxIds);
    if (outcome === 'conflict') {
      throw new SupplierError('UNAVAILABLE', { source: this.source, vi: 'PNR vừa được thay đổi bởi yêu cầu khác. Vui lòng thử lại.', en: 'The PNR was just changed by another request. Please try again.' });
    }
    return { parent, child };
  }

  // sched: schedule changes
  async syncSchedule(pnr: string, ctx: PnrCallContext): Promise<{ record: PnrRecord; changed: number[] }> {
    const stored = await ctx.store.load(pnr);
    if (!stored) throw invalid(this.source, `Không tìm thấy PNR ${pnr}.`, `PNR ${pnr} was not found.`);
    const { record, changed } = applyScheduleChanges(stored.record, this.settings.scheduleChangeRate ?? 0);
    if (changed.length === 0) return { record: stored.record, changed };
    const before = seatClaims(stored.record);
    const after = seatClaims(record);
    const seats = { claim: after.filter((c) => !before.some((b) => sameClaim(b, c))), release: before.filter((b) => !after.some((c) => sameClaim(b, c))) };
    const outcome = await ctx.store.commit(pnr, this.source, record, stored.version, seats);
    // another edit came first (or the moved seat is taken on the new date): the next round tries again
    if (outcome !== 'ok') return { record: stored.record, changed: [] };
    return { record, changed };
  }

  async alternatives(pnr: string, segId: number, ctx: PnrCallContext): Promise<FlightAlternative[]> {
    const stored = await ctx.store.load(pnr);
    const seg = stored?.record.segments.find((s) => s.segId === segId);
    if (!stored || !seg) throw invalid(this.source, 'Không có chặng bay này trong PNR.', 'No such segment in the PNR.');
    const date = seg.departDate.slice(0, 10);
    const taken = new Set(stored.record.segments.map((s) => `${s.flightNo}|${s.departDate.slice(0, 10)}`));
    return flightsOn(seg.carrier, seg.from, seg.to, date)
      .filter((f) => !taken.has(`${f.flightNo}|${date}`))
      .map((f) => ({ flightNo: f.flightNo, departDate: f.depLocal.slice(0, 16), arrivalDate: f.arrLocal.slice(0, 16), aircraft: f.aircraft }));
  }

  async seatsAvailable(pnr: string, segId: number, ctx: PnrCallContext): Promise<number> {
    const stored = await ctx.store.load(pnr);
    const seg = stored?.record.segments.find((s) => s.segId === segId);
    if (!stored || !seg) throw invalid(this.source, 'Không có chặng bay này trong PNR.', 'No such segment in the PNR.');
    // a waitlisted flight clears for about two flights in three
    return hash32(`seats|${seg.flightNo}|${seg.departDate.slice(0, 10)}`) % 3 === 0 ? 0 : 1 + (hash32(`n|${seg.flightNo}`) % 9);
  }

  // as14a: paid extras
  ancillaryOptions(airline: string, from: string, to: string, lang: Language = 'vi'): AncillaryOption[] {
    return airline === this.source ? ancillaryOptions(airline, from, to, lang) : [];
  }

  async infantFee(pnr: string, ctx: PnrCallContext): Promise<VjInfantQuote> {
    const stored = await ctx.store.load(pnr);
    if (!stored) throw invalid(this.source, `Không tìm thấy PNR ${pnr}.`, `PNR ${pnr} was not found.`);
    return infantFeeOf(stored.record);
  }

  private respond(ctx: PnrCallContext): Promise<void> {
    return simulateNetwork(this.settings, this.hooks, ctx, {
      cancelled: { source: this.source, vi: 'Yêu cầu tới hệ thống đặt chỗ đã bị hủy.', en: 'The request to the reservation system was cancelled.' },
      timeout: { source: this.source },
      unavailable: { source: this.source },
    });
  }
}

export type { PnrEdit };
