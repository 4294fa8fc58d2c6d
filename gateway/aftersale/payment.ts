/**
 * The payment step of every paid after-sale edit, in ONE function (`payForEdit`), a recoverable saga
 * (platform/reliability/saga.ts, kind `aftersale.edit`, key `aftersale:<idempotency key>`; docs/reliability.md):
 *
 *   1. idempotency: the key is inserted `pending` in aftersale_orders (the same key and body again answers
 *      the stored result with replayed true, waits while pending, answers the same failure when it failed;
 *      the key with another body is 409/49 idempotencyKeyReused);
 *   2. charge (transaction 1): one C entry of the amount on the booking's agency deposit (key `aftersale:<key>`,
 *      409/70 when the deposit does not cover it: the order row goes away with the transaction), and the saga
 *      at step `charged` with what a recovery needs (the PNR, its source, the record before, the entry, the
 *      follow-up of the edit's kind);
 *   3. the supplier edit (no transaction open), sent with the request's key: the supplier applies a key once
 *      and its record lists the keys applied (`PnrRecord.appliedKeys`), so "did the edit land" is one retrieve;
 *   4. record (transaction 2): the order done, the history row (before, after), the booking's PNR row rewritten
 *      from the record the airline answered (booking-sync.ts: flights, passengers, tickets) and moved by what was
 *      charged (total, extras by kind, the booking's fare total), the audit entry, the saga done.
 *   A supplier failure after the charge gives the money back at once: a V entry "reversal of entry N" (key
 *   `reversal:N`), the order failed, audit aftersale.failed, the saga compensated, 502/80 with the airline's
 *   message; the PNR is as it was, since a failed edit changes nothing at the supplier.
 *
 * A crash between 2 and 4 leaves the saga running with a dead owner: the recovery pass (or a retry with the
 * key, at once) asks the supplier for the PNR (`recoverEdit`): the key applied → the edit is recorded (order
 * done, history, audit); not applied → the charge is reversed and the key freed, and the next request with the
 * key (same body) takes it over and makes the edit again. Work an edit does in the gateway besides the supplier
 * call (seats of the inventory taken for a new segment…) is described by a `followUp` whose `landed` and
 * `undone` handlers (registerEditFollowUp) the recovery runs; they must be idempotent.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PaidEditResult, PnrRecord } from '../../contract/aftersale';
import type { Language } from '../../contract/constants';
import { ErrorCode } from '../../contract/errors';
import type { Source } from '../../contract/flights';
import type { RequestMeta } from '../platform/audit';
import { writeAudit } from '../platform/audit';
import type { Db, Tx } from '../platform/db/client';
import { afterSaleOrders, pnrEdits, pnrs } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { postEntry } from '../platform/ledger';
import { PROCESS_INSTANCE_ID } from '../platform/reliability/instance';
import { beginSaga, endSaga, runRecovery, takeOrphan, type RecoveryOutcome } from '../platform/reliability/saga';
import type { UserContext } from '../platform/tenancy/users';
import { SupplierError, type SupplierRegistry } from '../suppliers';
import { dbPnrStore } from './pnr-store';
import { chargeBookingRow, syncBookingRow, type KnownLeg } from './booking-sync';

export interface Actor {
  ctx: UserContext;
  lang: Language;
  meta?: RequestMeta;
}

export const CONFLICTS = {
  idempotencyKeyReused: { vi: 'Mã yêu cầu này đã được dùng cho một yêu cầu khác.', en: 'This request key was already used for another request.' },
  inProgress: { vi: 'Yêu cầu đang được xử lý. Vui lòng chờ trong giây lát rồi tải lại.', en: 'The request is being processed. Please wait a moment and reload.' },
  notIssued: { vi: 'Chỉ đặt chỗ đã xuất vé mới dùng được dịch vụ sau bán. Vui lòng xuất vé trước.', en: 'After-sale services need issued tickets. Please issue the booking first.' },
  departed: { vi: 'Chuyến bay đã khởi hành, không thể thay đổi nữa.', en: 'The flight has departed; it can no longer be changed.' },
  nothingToBuy: { vi: 'Chưa chọn dịch vụ nào có phí. Vui lòng chọn rồi thử lại.', en: 'Nothing with a price was chosen. Please choose something and try again.' },
  seatUnavailable: { vi: 'Ghế đã chọn không còn trống. Vui lòng chọn ghế khác.', en: 'A chosen seat is no longer free. Please choose another seat.' },
} as const satisfies Record<string, Record<Language, string>>;

export type ConflictReason = keyof typeof CONFLICTS;

/**
 * The refusal maker of a screen's message table: `refuser(REFUSALS)(reason, lang, data)` is a 409/49 with the
 * reason and its message in the caller's language.
 */
export const refuser =
  <R extends Record<string, Record<Language, string>>>(table: R) =>
  (reason: keyof R & string, lang: Language, data: Record<string, unknown> = {}): ApiError =>
    new ApiError(ErrorCode.CONFLICT, { reason, message: table[reason][lang], ...data });

/** The idempotency hash of an edit request: the booking and the body without its key. */
export const editKeyHash = (bookingId: number, body: { idempotencyKey: string }): string => bodyHashOf({ bookingId, ...body, idempotencyKey: undefined });

export function conflict(reason: ConflictReason, lang: Language, data: Record<string, unknown> = {}): ApiError {
  return new ApiError(ErrorCode.CONFLICT, { reason, message: CONFLICTS[reason][lang], ...data });
}

export function supplierFailed(error: unknown, lang: Language): ApiError {
  const e = error instanceof SupplierError ? error : new SupplierError('UNAVAILABLE');
  return new ApiError(ErrorCode.SUPPLIER_FAILED, { reason: e.code, ...(e.source ? { source: e.source } : {}), message: e.localized(lang) });
}

export const bodyHashOf = (body: unknown): string => createHash('sha256').update(JSON.stringify(body)).digest('hex');

export interface PaidEdit {
  bookingId: number;
  agencyId: number;
  pnr: string;
  /** buy-luggage, buy-seat, … */
  kind: string;
  idempotencyKey: string;
  bodyHash: string;
  /** Integer VND; 0: no entry (a free seat). */
  amount: number;
  /** The entry's reference and the history's summary (Vietnamese, the ledger's language). */
  summary: string;
  /** The supplier edit; answers the PNR before and after. */
  apply: () => Promise<{ before: PnrRecord; after: PnrRecord }>;
  /** What changed, for the history (the parts of the record the edit touches). */
  diff: (before: PnrRecord, after: PnrRecord) => { before: unknown; after: unknown; emds: string[] };
  /**
   * The supplier's record before the edit. Kept in the saga: a recovery that finds the edit applied writes the
   * history from it (the fields that changed, the new EMDs). Without it a recovered edit's history has no
   * before and no EMDs.
   */
  before?: PnrRecord;
  /** Gateway work of the edit besides the supplier call, for a recovery to finish or undo (registerEditFollowUp). */
  followUp?: { name: string; data: unknown };
  /** pnrsync: what a flight search said of flights the edit adds (terminals, aircraft type) for the booking's legs. */
  knownLegs?: KnownLeg[];
}


const WAIT_STEP_MS = 50;
const WAIT_MAX_MS = 60_000;

type OrderRow = typeof afterSaleOrders.$inferSelect;

/** The saga of a paid (or free) edit: one per request key. */
export const EDIT_SAGA = 'aftersale.edit';
export const editSagaKey = (idempotencyKey: string) => `aftersale:${idempotencyKey}`;

/** What the saga of an edit keeps once charged: enough to record the edit or undo the charge later. */
export interface EditSagaData {
  key: string;
  /** This attempt at the key (a key freed by a recovery is taken over by a new attempt): kept on the pending order. */
  attempt: string;
  bookingId: number;
  agencyId: number;
  pnr: string;
  source: string;
  kind: string;
  amount: number;
  summary: string;
  entryId: number | null;
  userId: number;
  before: PnrRecord | null;
  followUp: { name: string; data: unknown } | null;
  /** pnrsync: what a flight search said of flights the edit adds, for the booking's legs (absent in older sagas). */
  knownLegs?: KnownLeg[] | null;
}

/** The failure stored on a key a recovery undid: the next request with the key takes it over. */
interface FailureResult {
  code?: string;
  vi?: string;
  en?: string;
  recovered?: boolean;
}

const RECOVERED: FailureResult = {
  code: 'RECOVERED',
  vi: 'Yêu cầu bị gián đoạn và đã được hoàn tác (tiền đã hoàn lại). Vui lòng gửi lại.',
  en: 'The request was interrupted and has been undone (the money was given back). Please send it again.',
  recovered: true,
};

/**
 * The gateway side of an edit kind (what its `apply` does besides the supplier call), for the recovery: `landed`
 * when the supplier applied the edit, `undone` when it did not. Both idempotent (they may run after the request
 * itself did the same).
 */
export interface EditFollowUp {
  landed?: (db: Db, data: unknown) => Promise<void>;
  undone?: (db: Db, data: unknown) => Promise<void>;
}

const followUps = new Map<string, EditFollowUp>();

export function registerEditFollowUp(name: string, f: EditFollowUp): void {
  if (followUps.has(name) && followUps.get(name) !== f) throw new Error(`edit follow-up "${name}" is already registered`);
  followUps.set(name, f);
}

/** The recovery of edits on a database, set by the after-sale module (a retry meeting a dead request uses it). */
const recoveries = new WeakMap<Db, (saga: { data: unknown }) => Promise<RecoveryOutcome>>();

export function setEditRecovery(db: Db, deps: { db: Db; suppliers: SupplierRegistry }): (saga: { data: unknown }) => Promise<RecoveryOutcome> {
  const recover = (saga: { data: unknown }) => recoverEdit(deps, saga);
  recoveries.set(db, recover);
  return recover;
}

function answerOf(row: OrderRow, lang: Language): PaidEditResult {
  if (row.status === 'failed') {
    const r = (row.result ?? {}) as FailureResult;
    throw new ApiError(ErrorCode.SUPPLIER_FAILED, { reason: r.code ?? 'UNAVAILABLE', message: (lang === 'vi' ? r.vi : r.en) ?? '' });
  }
  return { ...(row.result as PaidEditResult), replayed: true };
}

const isFreed = (row: OrderRow) => row.status === 'failed' && (row.result as FailureResult | null)?.recovered === true;

/**
 * The earlier request of a key: its answer (replayed, or its failure thrown), 409 for another body, or null when
 * the key is new or was freed by a recovery (the caller goes on and makes the edit). A pending key waits for its
 * request; when that request died (its instance no longer beats), its saga is recovered at once.
 */
export async function priorEdit(db: Db, actor: Pick<Actor, 'lang'>, e: Pick<PaidEdit, 'idempotencyKey' | 'bodyHash' | 'bookingId'>): Promise<PaidEditResult | null> {
  const recover = recoveries.get(db);
  for (let waited = 0; waited < WAIT_MAX_MS; waited += WAIT_STEP_MS) {
    const [row] = await db.select().from(afterSaleOrders).where(eq(afterSaleOrders.idempotencyKey, e.idempotencyKey));
    if (!row) return null;
    if (row.bodyHash !== e.bodyHash || row.bookingId !== e.bookingId) throw conflict('idempotencyKeyReused', actor.lang);
    if (row.status !== 'pending') return isFreed(row) ? null : answerOf(row, actor.lang);
    if (recover) {
      const orphan = await takeOrphan(db, editSagaKey(e.idempotencyKey), PROCESS_INSTANCE_ID);
      if (orphan) {
        await runRecovery(db, orphan, PROCESS_INSTANCE_ID, recover);
        continue;
      }
    }
    await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
  }
  throw conflict('inProgress', actor.lang);
}

/** Step 2 in the caller's transaction: the C entry, and the saga at `charged`. */
async function charge(tx: Tx, actor: Actor, e: PaidEdit, ledgerKey: string): Promise<{ entryId: number | null; attempt: string }> {
  const { ctx, meta } = actor;
  const attempt = randomUUID();
  let entryId: number | null = null;
  if (e.amount > 0) {
    const entry = await postEntry(tx, {
      type: 'C',
      agencyId: e.agencyId,
      amount: e.amount,
      reference: `${e.summary} (PNR ${e.pnr}, đặt chỗ #${e.bookingId})`,
      idempotencyKey: ledgerKey,
      bookingRef: String(e.bookingId),
      pnr: e.pnr,
      createdBy: ctx.user.id,
      meta,
    });
    entryId = entry.id;
  }
  await tx.update(afterSaleOrders).set({ entryId, amount: e.amount, result: { attempt } }).where(eq(afterSaleOrders.idempotencyKey, e.idempotencyKey));
  const [row] = await tx.select({ source: pnrs.source }).from(pnrs).where(and(eq(pnrs.bookingId, e.bookingId), eq(pnrs.pnr, e.pnr)));
  const data: EditSagaData = {
    key: e.idempotencyKey,
    attempt,
    bookingId: e.bookingId,
    agencyId: e.agencyId,
    pnr: e.pnr,
    source: row?.source ?? '',
    kind: e.kind,
    amount: e.amount,
    summary: e.summary,
    entryId,
    userId: ctx.user.id,
    before: e.before ?? null,
    followUp: e.followUp ?? null,
    knownLegs: e.knownLegs ?? null,
  };
  await beginSaga(tx, { kind: EDIT_SAGA, key: editSagaKey(e.idempotencyKey), owner: PROCESS_INSTANCE_ID, step: 'charged', data });
  return { entryId, attempt };
}

/** Pays for an edit and makes it, or changes nothing (see the file's comment). */
export async function payForEdit(db: Db, actor: Actor, e: PaidEdit): Promise<PaidEditResult> {
  const { ctx, lang, meta } = actor;
  let started: { entryId: number | null; attempt: string } | null = null;
  while (!started) {
    // 1 + 2: the key and the charge, in one transaction
    started = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(afterSaleOrders)
        .values({ idempotencyKey: e.idempotencyKey, bookingId: e.bookingId, pnr: e.pnr, kind: e.kind, bodyHash: e.bodyHash, amount: e.amount, createdBy: ctx.user.id })
        .onConflictDoNothing()
        .returning({ key: afterSaleOrders.idempotencyKey });
      return inserted.length === 0 ? null : charge(tx, actor, e, `aftersale:${e.idempotencyKey}`);
    });
    if (started) break;
    const prior = await priorEdit(db, actor, e);
    if (prior) return prior;
    // a key freed by a recovery: this request takes it over (one of several racing wins) and makes the edit again
    started = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(afterSaleOrders).where(eq(afterSaleOrders.idempotencyKey, e.idempotencyKey)).for('update');
      if (!row || !isFreed(row)) return null;
      await tx
        .update(afterSaleOrders)
        .set({ status: 'pending', result: null, entryId: null, reversalEntryId: null, createdBy: ctx.user.id, updatedAt: new Date() })
        .where(eq(afterSaleOrders.idempotencyKey, e.idempotencyKey));
      return charge(tx, actor, e, `aftersale:${e.idempotencyKey}:after:${row.entryId ?? row.reversalEntryId ?? 'free'}:${row.updatedAt.getTime()}`);
    });
  }
  // 3: the supplier
  let change: { before: PnrRecord; after: PnrRecord };
  try {
    change = await e.apply();
  } catch (err) {
    const failure = err instanceof SupplierError ? err : new SupplierError('UNAVAILABLE');
    const settledRow = await undoCharge(db, { userId: ctx.user.id, meta }, { ...e, key: e.idempotencyKey, entryId: started.entryId, attempt: started.attempt }, { code: failure.code, vi: failure.messageVi, en: failure.messageEn });
    if (settledRow) return answerOf(settledRow, lang);
    throw supplierFailed(failure, lang);
  }
  // 4: record
  const diff = e.diff(change.before, change.after);
  const result: PaidEditResult = { pnr: e.pnr, amount: e.amount, entryId: started.entryId, emds: diff.emds, replayed: false };
  const settledRow = await recordEdit(db, { userId: ctx.user.id, meta }, { ...e, key: e.idempotencyKey, entryId: started.entryId, attempt: started.attempt }, change.after, diff, result);
  return settledRow ? answerOf(settledRow, lang) : result;
}

type Settling = Pick<EditSagaData, 'key' | 'attempt' | 'bookingId' | 'agencyId' | 'pnr' | 'kind' | 'amount' | 'summary' | 'entryId'> & { knownLegs?: KnownLeg[] | null };

/** The pending order of this attempt (not one settled meanwhile, nor a later attempt at the key). */
const pendingAttempt = (s: Pick<Settling, 'key' | 'attempt'>) =>
  and(eq(afterSaleOrders.idempotencyKey, s.key), eq(afterSaleOrders.status, 'pending'), sql`${afterSaleOrders.result}->>'attempt' = ${s.attempt}`);

/**
 * The order done, the history row and the audit entry, the saga done: only while this attempt's order is still
 * pending (a recovery may have settled it while this request was slow). Answers the settled row when it was.
 */
async function recordEdit(db: Db, who: { userId: number; meta?: RequestMeta }, s: Settling, after: PnrRecord, diff: { before: unknown; after: unknown; emds: string[] }, result: PaidEditResult, recovered = false): Promise<OrderRow | null> {
  return db.transaction(async (tx) => {
    const [mine] = await tx
      .update(afterSaleOrders)
      .set({ status: 'done', result, updatedAt: new Date() })
      .where(pendingAttempt(s))
      .returning({ key: afterSaleOrders.idempotencyKey });
    if (!mine) {
      const [row] = await tx.select().from(afterSaleOrders).where(eq(afterSaleOrders.idempotencyKey, s.key));
      return row;
    }
    await tx.insert(pnrEdits).values({ bookingId: s.bookingId, pnr: s.pnr, kind: s.kind, summary: s.summary, userId: who.userId, amount: s.amount, entryId: s.entryId, before: diff.before, after: diff.after });
    // pnrsync: the booking's own row follows the airline's record, with the history row
    await syncBookingRow(tx, s.bookingId, s.pnr, after, s.knownLegs ?? undefined);
    // the booking's money follows what was charged (totals and extras by kind)
    await chargeBookingRow(tx, s.bookingId, s.pnr, { kind: s.kind, amount: s.amount });
    await writeAudit(
      tx,
      { userId: who.userId, agencyId: s.agencyId, action: 'aftersale.edited', target: s.pnr, detail: { kind: s.kind, bookingId: s.bookingId, amount: s.amount, entryId: s.entryId, emds: diff.emds, before: diff.before, after: diff.after, ...(recovered ? { recovered } : {}) } },
      who.meta,
    );
    await endSaga(tx, editSagaKey(s.key), 'done');
    return null;
  });
}

/**
 * The charge given back (V "reversal of entry N", key `reversal:N`), the order failed with `failure`, the audit
 * entry, the saga compensated: only while the order is still pending. Answers the settled row when it was not.
 */
async function undoCharge(db: Db, who: { userId: number; meta?: RequestMeta }, s: Settling, failure: FailureResult): Promise<OrderRow | null> {
  return db.transaction(async (tx) => {
    const [mine] = await tx.select().from(afterSaleOrders).where(pendingAttempt(s)).for('update');
    if (!mine) {
      const [row] = await tx.select().from(afterSaleOrders).where(eq(afterSaleOrders.idempotencyKey, s.key));
      return row ?? null;
    }
    let reversalId: number | null = null;
    if (s.entryId !== null) {
      const v = await postEntry(tx, {
        type: 'V',
        agencyId: s.agencyId,
        amount: s.amount,
        reference: `Hoàn lại bút toán ${s.entryId}: ${s.summary} không thực hiện được (PNR ${s.pnr})`,
        idempotencyKey: `reversal:${s.entryId}`,
        bookingRef: String(s.bookingId),
        pnr: s.pnr,
        createdBy: who.userId,
        meta: who.meta,
      });
      reversalId = v.id;
    }
    await tx.update(afterSaleOrders).set({ status: 'failed', reversalEntryId: reversalId, result: failure, updatedAt: new Date() }).where(eq(afterSaleOrders.idempotencyKey, s.key));
    await writeAudit(
      tx,
      { userId: who.userId, agencyId: s.agencyId, action: 'aftersale.failed', target: s.pnr, detail: { kind: s.kind, bookingId: s.bookingId, amount: s.amount, entryId: s.entryId, reversalEntryId: reversalId, error: failure.code, ...(failure.recovered ? { recovered: true } : {}) } },
      who.meta,
    );
    await endSaga(tx, editSagaKey(s.key), 'compensated', failure.code);
    return null;
  });
}

/** The history of an edit a recovery found applied: the top-level parts of the record that changed, the new EMDs. */
export function recordDiff(before: PnrRecord | null, after: PnrRecord): { before: unknown; after: unknown; emds: string[] } {
  if (!before) return { before: null, after: null, emds: [] };
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  const a = after as unknown as Record<string, unknown>;
  const b = before as unknown as Record<string, unknown>;
  for (const k of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (k === 'appliedKeys' || JSON.stringify(b[k]) === JSON.stringify(a[k])) continue;
    was[k] = b[k] ?? null;
    now[k] = a[k] ?? null;
  }
  return { before: was, after: now, emds: after.emds.filter((m) => !before.emds.some((o) => o.number === m.number)).map((m) => m.number) };
}

/**
 * The recovery of an edit whose request died (platform/reliability/saga.ts): the supplier is asked for the PNR;
 * the request's key applied → the edit is recorded (its follow-up's `landed` first); not applied → its
 * follow-up's `undone`, the charge reversed and the key freed. A supplier that does not answer leaves the saga
 * for the next pass (the error releases it).
 */
export async function recoverEdit(deps: { db: Db; suppliers: SupplierRegistry }, saga: { data: unknown }): Promise<RecoveryOutcome> {
  const { db } = deps;
  const d = saga.data as EditSagaData;
  const [order] = await db.select().from(afterSaleOrders).where(eq(afterSaleOrders.idempotencyKey, d.key));
  const attempt = (order?.result as { attempt?: string } | null)?.attempt;
  if (!order || order.status !== 'pending' || attempt !== d.attempt) return order?.status === 'done' && attempt === undefined ? 'done' : 'compensated';
  const record = await deps.suppliers.pnr(d.source as Source).retrieve(d.pnr, { store: dbPnrStore(db) });
  const follow = d.followUp ? followUps.get(d.followUp.name) : undefined;
  if (record.appliedKeys.includes(d.key)) {
    await follow?.landed?.(db, d.followUp!.data);
    const diff = recordDiff(d.before, record);
    const result: PaidEditResult = { pnr: d.pnr, amount: d.amount, entryId: d.entryId, emds: diff.emds, replayed: false };
    const settled = await recordEdit(db, { userId: d.userId }, d, record, diff, result, true);
    return settled?.status === 'failed' ? 'compensated' : 'done';
  }
  await follow?.undone?.(db, d.followUp!.data);
  const settled = await undoCharge(db, { userId: d.userId }, d, RECOVERED);
  return settled?.status === 'done' ? 'done' : 'compensated';
}
