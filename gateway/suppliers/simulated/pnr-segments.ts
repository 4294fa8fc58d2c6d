/**
 * The simulated airline's segment and passenger-structure edits (pnr-segments), pure functions of the record:
 * add and cancel a segment, ARNK, rebooking a class, online check-in and its cancellation, adding an infant, and
 * splitting passengers off into a new PNR. A refused edit throws a SupplierError and changes nothing (the caller
 * works on a copy and stores it only when every edit passed).
 */
import type { PnrRecord } from '../../../contract/aftersale';
import { arnkProblem, CHECK_IN_WINDOW_MS, itineraryGaps } from '../../../contract/aftersale-segments';
import type { Source } from '../../../contract/flights';
import { localToUtc, VIETNAM_TIME_ZONE } from '../../platform/clock';
import type { SegmentEdit } from '../pnr';
import { AIRPORTS, TICKET_PREFIXES } from '../reference-data';
import { SupplierError } from '../types';
import { createHash } from 'node:crypto';

const invalid = (source: Source, vi: string, en: string) => new SupplierError('INVALID_REQUEST', { source, vi, en });
const nextId = (list: readonly { id: number }[]) => list.reduce((m, x) => Math.max(m, x.id), 0) + 1;

/** The instant a segment departs (its local time at the departure airport). */
export function segmentDeparture(from: string, local: string): number {
  const [date, time = '00:00'] = local.split('T');
  const [h, m] = time.split(':').map(Number);
  return localToUtc(date, h * 60 + m, AIRPORTS[from]?.timeZone ?? VIETNAM_TIME_ZONE);
}

/** A ticket number of the carrier for an infant added later (prefix + 10 digits from the PNR and the edit's key). */
export function laterTicketNumber(airline: string, pnr: string, key: string, paxId: number): string {
  const serial = createHash('sha256').update(`TKT|${pnr}|${key}|${paxId}`).digest().readBigUInt64BE(0) % 10_000_000_000n;
  return `${TICKET_PREFIXES[airline] ?? '999'}${serial.toString().padStart(10, '0')}`;
}

/** Applies one segment edit to `r` (a copy the caller owns). */
export function applySegmentEdit(source: Source, r: PnrRecord, e: SegmentEdit, at: string, key: string): void {
  const seg = (id: number) => r.segments.find((s) => s.segId === id);
  r.arnks ??= [];
  r.checkIns ??= [];
  switch (e.type) {
    case 'addSegment': {
      const s = e.segment;
      if (r.segments.some((x) => x.flightNo === s.flightNo && x.departDate.slice(0, 10) === s.departDate.slice(0, 10))) {
        throw invalid(source, `Chuyến ${s.flightNo} ngày này đã có trong PNR.`, `Flight ${s.flightNo} on that day is already in the PNR.`);
      }
      const segId = Math.max(0, ...r.segments.map((x) => x.segId)) + 1;
      r.segments.push({ ...s, segId, status: 'HK' });
      for (const p of e.perType) r.tst.push({ id: nextId(r.tst), paxType: p.paxType, segIds: [segId], fareBasis: e.fareBasis, fare: p.fare, tax: p.tax, total: p.fare + p.tax });
      // an ARNK no longer fits where the new segment closes the gap
      r.arnks = r.arnks.filter((a) => itineraryGaps(r).some((g) => g.afterSegId === a.afterSegId));
      return;
    }
    case 'removeSegment': {
      const s = seg(e.segId);
      if (!s) throw invalid(source, 'Không có chặng bay này trong PNR.', 'No such segment in the PNR.');
      if (r.segments.length === 1) throw invalid(source, 'Không thể hủy chặng duy nhất của PNR. Hãy hủy hoặc hoàn vé thay vì vậy.', 'The only segment of a PNR cannot be removed. Void or refund the ticket instead.');
      if (r.checkIns.some((c) => c.segId === e.segId)) throw invalid(source, 'Hành khách đã làm thủ tục trực tuyến trên chặng này. Hãy hủy làm thủ tục trước.', 'Passengers are checked in on this segment. Cancel the check-in first.');
      r.segments = r.segments.filter((x) => x.segId !== e.segId);
      r.seats = r.seats.filter((x) => x.segId !== e.segId);
      r.ssrs = r.ssrs.filter((x) => x.segId !== e.segId);
      r.baggage = r.baggage.map((b) => ({ ...b, segIds: b.segIds.filter((id) => id !== e.segId) })).filter((b) => b.segIds.length > 0);
      r.tst = r.tst.map((t) => ({ ...t, segIds: t.segIds.filter((id) => id !== e.segId) })).filter((t) => t.segIds.length > 0);
      r.arnks = r.arnks.filter((a) => a.afterSegId !== e.segId && itineraryGaps(r).some((g) => g.afterSegId === a.afterSegId));
      return;
    }
    case 'addArnk': {
      const problem = arnkProblem(r, e.afterSegId);
      if (problem === 'noSegment') throw invalid(source, 'Không có chặng bay này trong PNR.', 'No such segment in the PNR.');
      if (problem === 'continuous') throw invalid(source, 'Hành trình liền mạch sau chặng này: không cần ARNK.', 'The itinerary is continuous after this segment: no ARNK is needed.');
      if (problem === 'alreadyFilled') throw invalid(source, 'Đã có ARNK sau chặng này.', 'There is already an ARNK after this segment.');
      const gap = itineraryGaps(r).find((g) => g.afterSegId === e.afterSegId)!;
      r.arnks.push({ id: nextId(r.arnks), afterSegId: e.afterSegId, from: gap.from, to: gap.to });
      return;
    }
    case 'changeClass': {
      const s = seg(e.segId);
      if (!s) throw invalid(source, 'Không có chặng bay này trong PNR.', 'No such segment in the PNR.');
      if (s.status !== 'HK') throw invalid(source, 'Chặng bay không còn xác nhận (HK), không thể đổi hạng.', 'The segment is not confirmed (HK); its class cannot be changed.');
      if (s.class === e.class) throw invalid(source, `Chặng đã ở hạng ${e.class}.`, `The segment is already in class ${e.class}.`);
      if (r.checkIns.some((c) => c.segId === e.segId)) throw invalid(source, 'Hành khách đã làm thủ tục trên chặng này. Hãy hủy làm thủ tục trước.', 'Passengers are checked in on this segment. Cancel the check-in first.');
      s.class = e.class;
      s.cabinClass = e.cabinClass;
      // the segment's stored fares are replaced by the new class's
      r.tst = r.tst.map((t) => ({ ...t, segIds: t.segIds.filter((id) => id !== e.segId) })).filter((t) => t.segIds.length > 0);
      for (const p of e.perType) r.tst.push({ id: nextId(r.tst), paxType: p.paxType, segIds: [e.segId], fareBasis: e.fareBasis, fare: p.fare, tax: p.tax, total: p.fare + p.tax });
      return;
    }
    case 'onlineCheckIn': {
      const now = Date.parse(at);
      const open = r.segments.filter((s) => s.status === 'HK' && segmentDeparture(s.from, s.departDate) > now && segmentDeparture(s.from, s.departDate) - now <= CHECK_IN_WINDOW_MS);
      if (open.length === 0) throw invalid(source, 'Chưa mở làm thủ tục trực tuyến: chỉ mở trong 24 giờ trước giờ bay.', 'Online check-in is not open: it opens 24 hours before departure.');
      for (const s of open) {
        for (const n of r.names) if (!r.checkIns.some((c) => c.paxId === n.paxId && c.segId === s.segId)) r.checkIns.push({ paxId: n.paxId, segId: s.segId, at });
      }
      return;
    }
    case 'removeCheckIn': {
      if (!seg(e.segId)) throw invalid(source, 'Không có chặng bay này trong PNR.', 'No such segment in the PNR.');
      for (const paxId of e.paxIds) {
        if (!r.checkIns.some((c) => c.paxId === paxId && c.segId === e.segId)) throw invalid(source, 'Hành khách chưa làm thủ tục trực tuyến trên chặng này.', 'The passenger is not checked in on this segment.');
      }
      const infantsOf = r.names.filter((n) => n.paxType === 'INF' && e.paxIds.includes(n.parentId ?? -1)).map((n) => n.paxId);
      r.checkIns = r.checkIns.filter((c) => !(c.segId === e.segId && (e.paxIds.includes(c.paxId) || infantsOf.includes(c.paxId))));
      return;
    }
    case 'addInfant': {
      const parent = r.names.find((n) => n.paxId === e.parentId);
      if (!parent || parent.paxType !== 'ADT') throw invalid(source, 'Em bé phải đi cùng một người lớn của PNR.', 'An infant must travel with an adult of the PNR.');
      if (r.names.some((n) => n.paxType === 'INF' && n.parentId === e.parentId)) throw invalid(source, 'Người lớn này đã có em bé đi kèm.', 'This adult already has an infant.');
      const paxId = Math.max(0, ...r.names.map((n) => n.paxId)) + 1;
      r.names.push({ paxId, paxType: 'INF', title: e.title, firstName: e.firstName, lastName: e.lastName, birthDay: e.birthDay, parentId: e.parentId });
      r.ssrs.push({ id: nextId(r.ssrs), code: 'INFT', paxId: e.parentId, text: `${e.lastName}/${e.firstName} ${e.birthDay}`, status: 'HK' });
      for (const t of e.tst) r.tst.push({ id: nextId(r.tst), paxType: 'INF', segIds: t.segIds, fareBasis: t.fareBasis, fare: t.fare, tax: t.tax, total: t.fare + t.tax });
      r.tickets.push({ paxId, number: laterTicketNumber(r.airline, r.pnr, key, paxId), status: 'OPEN', issuedAt: at });
      return;
    }
  }
}

/**
 * A split: the moved passengers (with their tickets, seats, bags, DOCS, FQTV, SSRs and check-ins) go to a new PNR
 * of the same itinerary; the rest stay. Passenger numbers are kept in both. OSI, remarks, contacts, ARNK and the
 * stored fares are copied to both (a fare per passenger type).
 */
export function splitRecord(source: Source, r: PnrRecord, moved: readonly number[], newPnr: string, key: string): { parent: PnrRecord; child: PnrRecord } {
  const stays = (paxId: number | undefined) => paxId === undefined || !moved.includes(paxId);
  const goes = (paxId: number | undefined) => paxId === undefined || moved.includes(paxId);
  if (moved.length === 0 || r.names.every((n) => moved.includes(n.paxId))) throw invalid(source, 'Chọn một phần hành khách để tách (không phải tất cả).', 'Choose some of the passengers to split off (not all).');
  if (moved.some((id) => !r.names.some((n) => n.paxId === id))) throw invalid(source, 'Không có hành khách này trong PNR.', 'No such passenger in the PNR.');
  const parent = structuredClone(r);
  const child = structuredClone(r);
  const typesOf = (x: PnrRecord) => new Set(x.names.map((n) => n.paxType));
  parent.names = r.names.filter((n) => stays(n.paxId));
  child.names = r.names.filter((n) => moved.includes(n.paxId));
  for (const [x, keep] of [[parent, stays], [child, goes]] as const) {
    x.tickets = r.tickets.filter((t) => keep(t.paxId));
    x.emds = r.emds.filter((m) => keep(m.paxId));
    x.seats = r.seats.filter((s) => keep(s.paxId));
    x.baggage = r.baggage.filter((b) => keep(b.paxId));
    x.docs = r.docs.filter((d) => keep(d.paxId));
    x.loyalty = r.loyalty.filter((l) => keep(l.paxId));
    x.ssrs = r.ssrs.filter((s) => keep(s.paxId));
    x.endorsements = r.endorsements.filter((e) => keep(e.paxId));
    x.checkIns = (r.checkIns ?? []).filter((c) => keep(c.paxId));
    const types = typesOf(x);
    x.tst = r.tst.filter((t) => types.has(t.paxType));
  }
  child.pnr = newPnr;
  child.remarks = [...r.remarks, { id: nextId(r.remarks), kind: 'RM', text: `SPLIT FROM ${r.pnr}` }];
  parent.remarks = [...r.remarks, { id: nextId(r.remarks), kind: 'RM', text: `SPLIT TO ${newPnr}` }];
  child.appliedKeys = [key];
  parent.appliedKeys = [...r.appliedKeys, key].slice(-50);
  return { parent, child };
}
