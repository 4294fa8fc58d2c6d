/**
 * Schedule changes (branch sched):
 *
 *   - the job (`runScheduleChanges`, every SCHEDULE_CHANGE_EVERY_MS on ctx.clock's time): each issued PNR that
 *     has not flown is synced with its airline (`PnrSupplier.syncSchedule`); a change becomes an open row of
 *     the inbox (schedule_changes), a history entry, an audit entry and a bell notification to the booking's
 *     agency;
 *   - the inbox (GET /api/aftersale/schedule-changes): the caller's booking scope, filters, server paging;
 *   - submit-sc: the old and new schedule per segment with the other flights of the route; accept (TK→HK, UN
 *     removed, replacement confirmed, tickets revalidated) or rebook one changed segment onto another flight
 *     of the route, free of charge (docs/schedule-changes.md); one supplier call each, all or nothing;
 *   - change-route-status: one segment to HK or XX as `segmentTransition` allows, refused with the reason.
 *
 * Free edits go through payForEdit with amount 0 (idempotency, history and audit, no ledger entry).
 */
import { and, asc, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import {
  changesOf,
  segmentTransition,
  type ChangedSegment,
  type ScheduleAcceptRequest,
  type ScheduleChangeRow,
  type ScheduleChangeView,
  type ScheduleInboxQuery,
  type ScheduleRebookRequest,
  type SegmentStatusRequest,
  type TransitionRefusal,
} from '../../contract/aftersale-sched';
import type { AfterSaleActionState, PnrRecord } from '../../contract/aftersale';
import { segmentLines, ticketLines } from '../../contract/aftersale-pnrsync';
import type { Language } from '../../contract/constants';
import { ErrorCode } from '../../contract/errors';
import { parseSort } from '../../contract/list';
import { PAGES } from '../../contract/pages';
import { writeAudit } from '../platform/audit';
import type { Db } from '../platform/db/client';
import { bookings, pnrEdits, pnrs, scheduleChanges, users } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import type { Notifier } from '../platform/notifier';
import type { PnrEdit } from '../suppliers';
import { bookingScope, departureInstant } from '../bookings/service';
import { bodyHashOf, payForEdit, supplierFailed, type Actor } from './payment';
import { syncBookingRow } from './booking-sync';
import { dbPnrStore } from './pnr-store';
import { afterSaleBooking, isIssued, seedRecord, sourceOf, type AfterSaleBooking, type PnrRowFull } from './record';
import type { AfterSaleDeps } from './services';

export interface ScheduleDeps extends AfterSaleDeps {
  notifier: Notifier;
}

const MESSAGES = {
  noScheduleChange: { vi: 'Đặt chỗ này không có thay đổi lịch bay nào đang chờ xử lý.', en: 'This booking has no schedule change waiting for an answer.' },
  allConfirmed: { vi: 'Mọi chặng bay đều đã xác nhận (HK), không có trạng thái nào cần xử lý.', en: 'Every segment is confirmed (HK); there is no status to handle.' },
  notIssued: { vi: 'Chỉ đặt chỗ đã xuất vé mới xử lý được thay đổi lịch bay. Vui lòng xuất vé trước.', en: 'Schedule changes are handled on issued bookings. Please issue the booking first.' },
  departed: { vi: 'Chuyến bay đã khởi hành, không thể thay đổi nữa.', en: 'The flight has departed; it can no longer be changed.' },
  notAlternative: { vi: 'Chuyến bay đã chọn không phải chuyến cùng hành trình trong ngày. Vui lòng chọn một chuyến trong danh sách.', en: 'The chosen flight is not a flight of the same route that day. Please choose one from the list.' },
  notChanged: { vi: 'Chặng bay này không có thay đổi lịch bay. Vui lòng chọn chặng có trạng thái TK hoặc UN.', en: 'This segment has no schedule change. Please choose a TK or UN segment.' },
  noSegment: { vi: 'Không có chặng bay này trong PNR. Vui lòng tải lại trang.', en: 'No such segment in the PNR. Please reload the page.' },
} as const;

export const TRANSITION_MESSAGES: Record<TransitionRefusal, Record<Language, string>> = {
  same: { vi: 'Chặng bay đã ở trạng thái này.', en: 'The segment already has this status.' },
  confirmedUseRemoveRoute: { vi: 'Chặng đã xác nhận (HK) không đổi trạng thái ở đây. Để hủy chặng, dùng màn hình xóa chặng bay.', en: 'A confirmed (HK) segment is not changed here. To cancel it, use the remove-route screen.' },
  unableNotConfirmable: { vi: 'Hãng không khai thác được chặng này (UN/UC), không thể xác nhận. Hãy chấp nhận chuyến thay thế, đổi chuyến khác, hoặc hủy chặng (XX).', en: 'The airline cannot operate or confirm this segment (UN/UC). Accept the replacement, rebook, or cancel the segment (XX).' },
  noSeats: { vi: 'Chuyến bay hiện chưa có chỗ, chặng chờ (HL) chưa thể xác nhận. Vui lòng thử lại sau.', en: 'The flight has no seats now; the waitlisted (HL) segment cannot be confirmed yet. Please try again later.' },
  notAllowed: { vi: 'Không thể chuyển trạng thái chặng bay này.', en: 'This status change is not allowed.' },
};

function refused(reason: keyof typeof MESSAGES, lang: Language, data: Record<string, unknown> = {}): ApiError {
  return new ApiError(ErrorCode.CONFLICT, { reason, message: MESSAGES[reason][lang], ...data });
}

const store = (deps: Pick<AfterSaleDeps, 'db'>) => ({ store: dbPnrStore(deps.db) });
const supplierOf = (deps: Pick<AfterSaleDeps, 'suppliers'>, row: Pick<PnrRowFull, 'source'>) => deps.suppliers.pnr(sourceOf(row));

function departed(now: Date, row: Pick<PnrRowFull, 'routeInfos'>): boolean {
  const first = (row.routeInfos as { from: string; departDate: string }[])[0];
  return !first || departureInstant(first.from, first.departDate).getTime() <= now.getTime();
}

async function recordOf(deps: AfterSaleDeps, b: AfterSaleBooking, row: PnrRowFull, lang: Language): Promise<PnrRecord> {
  try {
    return await supplierOf(deps, row).retrieve(row.pnr!, store(deps), seedRecord(b.booking, row));
  } catch (err) {
    throw supplierFailed(err, lang);
  }
}

const firstDeparture = (changes: readonly ChangedSegment[]) => changes.map((c) => c.newDepartDate || c.oldDepartDate).sort()[0] ?? '';

function describe(changes: readonly ChangedSegment[]): string {
  return changes
    .map((c) =>
      c.status === 'TK'
        ? `${c.from}-${c.to} ${c.oldFlightNo} ${c.oldDepartDate.replace('T', ' ')} → ${c.newDepartDate.replace('T', ' ')} (TK)`
        : `${c.from}-${c.to} ${c.oldFlightNo} hủy (UN) → ${c.newFlightNo} ${c.newDepartDate.replace('T', ' ')} (TK)`,
    )
    .join('; ');
}

/** Keeps the inbox row of a PNR in step with its record: open while TK/UN segments remain, else `done`. */
async function settleInbox(db: Db, pnr: string, record: PnrRecord, done: 'accepted' | 'rebooked' | 'resolved', userId: number, now: Date): Promise<void> {
  const changes = changesOf(record.segments);
  if (changes.length > 0) {
    await db.update(scheduleChanges).set({ segments: changes, firstDeparture: firstDeparture(changes) }).where(and(eq(scheduleChanges.pnr, pnr), eq(scheduleChanges.status, 'open')));
  } else {
    await db.update(scheduleChanges).set({ status: done, resolvedAt: now, resolvedBy: userId }).where(and(eq(scheduleChanges.pnr, pnr), eq(scheduleChanges.status, 'open')));
  }
}

// ----- The job -------------------------------------------------------------------------------------------------

/**
 * One round: every issued PNR not flown yet is synced with its airline; answers the PNRs changed now. A PNR
 * the airline fails to answer is tried again next round.
 */
export async function runScheduleChanges(deps: Pick<ScheduleDeps, 'db' | 'suppliers' | 'now' | 'notifier'>): Promise<string[]> {
  const now = deps.now();
  const rows = await deps.db
    .select({ row: pnrs, booking: bookings })
    .from(pnrs)
    .innerJoin(bookings, eq(bookings.id, pnrs.bookingId))
    .where(and(eq(pnrs.recordStatus, 'ISSUE TICKET'), sql`${pnrs.pnr} is not null`))
    .orderBy(asc(pnrs.id));
  const changedPnrs: string[] = [];
  for (const { row, booking } of rows) {
    if (departed(now, row)) continue;
    const supplier = supplierOf(deps, row);
    let result: { record: PnrRecord; changed: number[] };
    let before: PnrRecord;
    try {
      before = await supplier.retrieve(row.pnr!, store(deps), seedRecord(booking, row));
      result = await supplier.syncSchedule(row.pnr!, store(deps));
    } catch {
      continue;
    }
    if (result.changed.length === 0) continue;
    const changes = changesOf(result.record.segments);
    const summary = `Hãng thay đổi lịch bay: ${describe(changes)}`;
    const link = PAGES.bookingEdit.submitSc.replace(':id', String(booking.id));
    await deps.db.transaction(async (tx) => {
      const updated = await tx
        .update(scheduleChanges)
        .set({ segments: changes, firstDeparture: firstDeparture(changes), detectedAt: now })
        .where(and(eq(scheduleChanges.pnr, row.pnr!), eq(scheduleChanges.status, 'open')))
        .returning({ id: scheduleChanges.id });
      if (updated.length === 0) {
        await tx.insert(scheduleChanges).values({ bookingId: booking.id, agencyId: booking.agencyId, pnr: row.pnr!, airline: row.airline, segments: changes, firstDeparture: firstDeparture(changes), detectedAt: now });
      }
      await tx.insert(pnrEdits).values({ bookingId: booking.id, pnr: row.pnr!, kind: 'schedule-change', summary, userId: null, before: segmentLines(before), after: segmentLines(result.record), createdAt: now });
      // pnrsync: the booking shows the changed flights (TK/UN) at once
      await syncBookingRow(tx, booking.id, row.pnr!, result.record);
      await writeAudit(tx, { userId: null, agencyId: booking.agencyId, action: 'aftersale.scheduleChanged', target: row.pnr!, detail: { bookingId: booking.id, changed: result.changed, changes } });
      const audience = await tx.select({ id: users.id }).from(users).where(and(eq(users.agencyId, booking.agencyId), eq(users.locked, false)));
      await deps.notifier.notify(
        tx,
        audience.map((u) => u.id),
        {
          type: 'schedule_change',
          titleVi: `Hãng ${row.airline} thay đổi lịch bay của đặt chỗ ${row.pnr}`,
          titleEn: `${row.airline} changed the schedule of booking ${row.pnr}`,
          body: describe(changes),
          link,
        },
        now,
      );
    });
    changedPnrs.push(row.pnr!);
  }
  return changedPnrs;
}

// ----- The inbox -----------------------------------------------------------------------------------------------

const SORTS = { detectedAt: scheduleChanges.detectedAt, firstDeparture: scheduleChanges.firstDeparture, pnr: scheduleChanges.pnr } as const;

export async function inboxOf(deps: AfterSaleDeps, actor: Actor, q: ScheduleInboxQuery): Promise<{ data: ScheduleChangeRow[]; total: number }> {
  const where: SQL[] = [bookingScope(actor.ctx)];
  if (q.status) where.push(eq(scheduleChanges.status, q.status));
  if (q.airline) where.push(eq(scheduleChanges.airline, q.airline));
  if (q.q) where.push(like(scheduleChanges.pnr, `${q.q}%`));
  const cond = and(...where);
  const order = parseSort<keyof typeof SORTS>(q.sort ?? '')
    .filter(({ field }) => field in SORTS)
    .map(({ field, desc: d }) => (d ? desc(SORTS[field]) : asc(SORTS[field])));
  const rows = await deps.db
    .select({ s: scheduleChanges })
    .from(scheduleChanges)
    .innerJoin(bookings, eq(bookings.id, scheduleChanges.bookingId))
    .where(cond)
    .orderBy(...(order.length ? order : [asc(sql`case when ${scheduleChanges.status} = 'open' then 0 else 1 end`), asc(scheduleChanges.firstDeparture)]), desc(scheduleChanges.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [{ n }] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(scheduleChanges).innerJoin(bookings, eq(bookings.id, scheduleChanges.bookingId)).where(cond);
  return {
    data: rows.map(({ s }) => ({
      id: s.id,
      bookingId: s.bookingId,
      pnr: s.pnr,
      airline: s.airline,
      agencyId: s.agencyId,
      status: s.status as ScheduleChangeRow['status'],
      detectedAt: s.detectedAt.toISOString(),
      resolvedAt: s.resolvedAt?.toISOString() ?? null,
      firstDeparture: s.firstDeparture,
      segments: s.segments as ChangedSegment[],
    })),
    total: n,
  };
}

// ----- submit-sc -----------------------------------------------------------------------------------------------

/** The issued PNR `code` of the booking, not flown yet (404 / 409 otherwise). */
function openPnr(deps: AfterSaleDeps, b: AfterSaleBooking, code: string, lang: Language): PnrRowFull {
  const row = b.pnrs.find((p) => p.pnr === code);
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'pnr' });
  if (!isIssued(row)) throw refused('notIssued', lang);
  if (departed(deps.now(), row)) throw refused('departed', lang);
  return row;
}

/** The segment a changed one carries the traveller on after the change (a UN's replacement, or the TK itself). */
const carrierSegId = (c: ChangedSegment) => c.replacementSegId ?? c.segId;

export async function scheduleViewOf(deps: AfterSaleDeps, actor: Actor, bookingId: number): Promise<ScheduleChangeView> {
  const b = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const rows = b.pnrs.filter((r) => isIssued(r));
  const out: ScheduleChangeView['pnrs'] = [];
  for (const row of rows) {
    const record = await recordOf(deps, b, row, actor.lang);
    const changes = changesOf(record.segments);
    const alternatives: Record<string, ScheduleChangeView['pnrs'][number]['alternatives'][string]> = {};
    for (const c of changes) {
      try {
        alternatives[String(c.segId)] = await supplierOf(deps, row).alternatives(row.pnr!, carrierSegId(c), store(deps));
      } catch (err) {
        throw supplierFailed(err, actor.lang);
      }
    }
    out.push({ pnr: row.pnr!, airline: row.airline, segments: record.segments, changes, alternatives });
  }
  return { bookingId, pnrs: out };
}

// pnrsync: readable lines of the itinerary and the tickets (revalidated ones included)
const segmentsDiff = (x: PnrRecord, y: PnrRecord) => ({ before: [...segmentLines(x), ...ticketLines(x)], after: [...segmentLines(y), ...ticketLines(y)], emds: [] });

async function freeEdit(deps: AfterSaleDeps, actor: Actor, b: AfterSaleBooking, row: PnrRowFull, before: PnrRecord, e: { kind: string; key: string; hash: string; summary: string; edits: PnrEdit[] }): Promise<{ pnr: string; replayed: boolean; after: PnrRecord | null }> {
  let after: PnrRecord | null = null;
  const result = await payForEdit(deps.db, actor, {
    bookingId: b.booking.id,
    agencyId: b.booking.agencyId,
    pnr: row.pnr!,
    kind: e.kind,
    idempotencyKey: e.key,
    bodyHash: e.hash,
    amount: 0,
    summary: e.summary,
    diff: segmentsDiff,
    before,
    apply: async () => {
      after = await supplierOf(deps, row).edit({ pnr: row.pnr!, idempotencyKey: e.key, edits: e.edits, at: deps.now().toISOString() }, store(deps));
      return { before, after };
    },
  });
  return { pnr: result.pnr, replayed: result.replayed, after };
}

export async function acceptScheduleChange(deps: AfterSaleDeps, actor: Actor, bookingId: number, body: ScheduleAcceptRequest): Promise<{ pnr: string; replayed: boolean }> {
  const b = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const row = openPnr(deps, b, body.pnr, actor.lang);
  const before = await recordOf(deps, b, row, actor.lang);
  const changes = changesOf(before.segments);
  const hash = bodyHashOf({ bookingId, kind: 'accept', pnr: body.pnr });
  if (changes.length === 0 && !before.appliedKeys.includes(body.idempotencyKey)) throw refused('noScheduleChange', actor.lang);
  const r = await freeEdit(deps, actor, b, row, before, { kind: 'submit-sc', key: body.idempotencyKey, hash, summary: `Chấp nhận thay đổi lịch bay: ${describe(changes)}`, edits: [{ type: 'acceptScheduleChange' }] });
  if (r.after) await settleInbox(deps.db, row.pnr!, r.after, 'accepted', actor.ctx.user.id, deps.now());
  return { pnr: r.pnr, replayed: r.replayed };
}

export async function rebookScheduleChange(deps: AfterSaleDeps, actor: Actor, bookingId: number, body: ScheduleRebookRequest): Promise<{ pnr: string; replayed: boolean }> {
  const b = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const row = openPnr(deps, b, body.pnr, actor.lang);
  const before = await recordOf(deps, b, row, actor.lang);
  const hash = bodyHashOf({ bookingId, kind: 'rebook', ...body, idempotencyKey: undefined });
  const change = changesOf(before.segments).find((c) => c.segId === body.segId || c.replacementSegId === body.segId);
  if (!change) {
    if (before.appliedKeys.includes(body.idempotencyKey)) {
      const r = await freeEdit(deps, actor, b, row, before, { kind: 'submit-sc', key: body.idempotencyKey, hash, summary: '', edits: [] });
      return { pnr: r.pnr, replayed: r.replayed };
    }
    throw refused('notChanged', actor.lang);
  }
  let options;
  try {
    options = await supplierOf(deps, row).alternatives(row.pnr!, carrierSegId(change), store(deps));
  } catch (err) {
    throw supplierFailed(err, actor.lang);
  }
  const flight = options.find((o) => o.flightNo === body.flightNo);
  if (!flight) throw new ApiError(ErrorCode.VALIDATION, { reason: 'flightNo', message: MESSAGES.notAlternative[actor.lang] });
  const summary = `Đổi chuyến do thay đổi lịch bay (miễn phí): ${change.from}-${change.to} ${change.oldFlightNo} ${change.oldDepartDate.replace('T', ' ')} → ${flight.flightNo} ${flight.departDate.replace('T', ' ')}`;
  const r = await freeEdit(deps, actor, b, row, before, { kind: 'submit-sc', key: body.idempotencyKey, hash, summary, edits: [{ type: 'rebookSegment', segId: change.segId, flight }] });
  if (r.after) await settleInbox(deps.db, row.pnr!, r.after, 'rebooked', actor.ctx.user.id, deps.now());
  return { pnr: r.pnr, replayed: r.replayed };
}

// ----- change-route-status -------------------------------------------------------------------------------------

export async function changeSegmentStatus(deps: AfterSaleDeps, actor: Actor, bookingId: number, body: SegmentStatusRequest): Promise<{ pnr: string; replayed: boolean }> {
  const b = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const row = openPnr(deps, b, body.pnr, actor.lang);
  const before = await recordOf(deps, b, row, actor.lang);
  const hash = bodyHashOf({ bookingId, kind: 'segment-status', ...body, idempotencyKey: undefined });
  const seg = before.segments.find((s) => s.segId === body.segId);
  if (!seg) {
    if (before.appliedKeys.includes(body.idempotencyKey)) {
      const r = await freeEdit(deps, actor, b, row, before, { kind: 'change-route-status', key: body.idempotencyKey, hash, summary: '', edits: [] });
      return { pnr: r.pnr, replayed: r.replayed };
    }
    throw refused('noSegment', actor.lang);
  }
  let seatsAvailable = 0;
  if (seg.status === 'HL' && body.to === 'HK') {
    try {
      seatsAvailable = await supplierOf(deps, row).seatsAvailable(row.pnr!, seg.segId, store(deps));
    } catch (err) {
      throw supplierFailed(err, actor.lang);
    }
  }
  const verdict = segmentTransition(seg.status, body.to, { seatsAvailable });
  if (!verdict.ok && !before.appliedKeys.includes(body.idempotencyKey)) {
    throw new ApiError(ErrorCode.CONFLICT, { reason: verdict.reason, message: TRANSITION_MESSAGES[verdict.reason][actor.lang] });
  }
  const summary = `Đổi trạng thái chặng ${seg.from}-${seg.to} ${seg.flightNo}: ${seg.status} → ${body.to}`;
  const r = await freeEdit(deps, actor, b, row, before, { kind: 'change-route-status', key: body.idempotencyKey, hash, summary, edits: [{ type: 'setSegmentStatus', segId: seg.segId, to: body.to, seatsAvailable }] });
  if (r.after) await settleInbox(deps.db, row.pnr!, r.after, 'resolved', actor.ctx.user.id, deps.now());
  return { pnr: r.pnr, replayed: r.replayed };
}

// ----- The hub's actions ---------------------------------------------------------------------------------------

/** submit-sc and change-route-status in the hub (free): allowed with a change / a segment not HK, else why not. */
export function scheduleActions(actor: Actor, state: { issued: number; open: number; records: readonly PnrRecord[] }): AfterSaleActionState[] {
  const base = state.issued === 0 ? 'notIssued' : state.open === 0 ? 'departed' : undefined;
  const changed = state.records.some((r) => changesOf(r.segments).length > 0);
  const unconfirmed = state.records.some((r) => r.segments.some((s) => s.status !== 'HK'));
  const one = (action: AfterSaleActionState['action'], reason: 'notIssued' | 'departed' | 'noScheduleChange' | 'allConfirmed' | undefined): AfterSaleActionState =>
    // free (the involuntary-change rule): no price range shown
    reason ? { action, allowed: false, reason, message: MESSAGES[reason][actor.lang] } : { action, allowed: true };
  return [one('submit-sc', base ?? (changed ? undefined : 'noScheduleChange')), one('change-route-status', base ?? (unconfirmed ? undefined : 'allConfirmed'))];
}

/** The PNR codes of a list of bookings with an open schedule change (tests, the inbox badge). */
export async function openChangesOf(db: Db, bookingIds: readonly number[]): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db.select({ pnr: scheduleChanges.pnr }).from(scheduleChanges).where(and(inArray(scheduleChanges.bookingId, [...bookingIds]), eq(scheduleChanges.status, 'open')));
  return rows.map((r) => r.pnr);
}
