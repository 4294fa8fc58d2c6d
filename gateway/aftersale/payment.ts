/**
 * The payment step of every paid after-sale edit, in ONE function (`payForEdit`) so it can become a step of a
 * recoverable saga later:
 *
 *   1. idempotency: the key is inserted `pending` in aftersale_orders (the same key and body again answers
 *      the stored result with replayed true, waits while pending, answers the same failure when it failed;
 *      the key with another body is 409/49 idempotencyKeyReused);
 *   2. charge (transaction 1): one C entry of the amount on the booking's agency deposit (key `aftersale:<key>`,
 *      409/70 when the deposit does not cover it: the order row goes away with the transaction);
 *   3. the supplier edit (no transaction open);
 *   4. record (transaction 2): the order done, the history row (before, after), the booking's PNR row rewritten
 *      from the record the airline answered (booking-sync.ts: flights, passengers, tickets), the audit entry.
 *   A supplier failure after the charge gives the money back at once: a V entry "reversal of entry N" (key
 *   `reversal:N`), the order failed, audit aftersale.failed, 502/80 with the airline's message; the PNR is
 *   as it was, since a failed edit changes nothing at the supplier.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PaidEditResult, PnrRecord } from '../../contract/aftersale';
import type { Language } from '../../contract/constants';
import { ErrorCode } from '../../contract/errors';
import type { RequestMeta } from '../platform/audit';
import { writeAudit } from '../platform/audit';
import type { Db } from '../platform/db/client';
import { afterSaleOrders, pnrEdits } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { postEntry } from '../platform/ledger';
import type { UserContext } from '../platform/tenancy/users';
import { SupplierError } from '../suppliers';
import { syncBookingRow, type KnownLeg } from './booking-sync';

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
  /** pnrsync: what a flight search said of flights the edit adds (terminals, aircraft type) for the booking's legs. */
  knownLegs?: KnownLeg[];
}

const WAIT_STEP_MS = 50;
const WAIT_MAX_MS = 60_000;

type OrderRow = typeof afterSaleOrders.$inferSelect;

async function settled(db: Db, key: string, lang: Language): Promise<OrderRow> {
  for (let waited = 0; waited < WAIT_MAX_MS; waited += WAIT_STEP_MS) {
    const [row] = await db.select().from(afterSaleOrders).where(eq(afterSaleOrders.idempotencyKey, key));
    if (row && row.status !== 'pending') return row;
    await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
  }
  throw conflict('inProgress', lang);
}

function answerOf(row: OrderRow, lang: Language): PaidEditResult {
  if (row.status === 'failed') {
    const r = (row.result ?? {}) as { code?: string; vi?: string; en?: string };
    throw new ApiError(ErrorCode.SUPPLIER_FAILED, { reason: r.code ?? 'UNAVAILABLE', message: (lang === 'vi' ? r.vi : r.en) ?? '' });
  }
  return { ...(row.result as PaidEditResult), replayed: true };
}

/** Pays for an edit and makes it, or changes nothing (see the file's comment). */
export async function payForEdit(db: Db, actor: Actor, e: PaidEdit): Promise<PaidEditResult> {
  const { ctx, lang, meta } = actor;
  // 1 + 2: the key and the charge, in one transaction
  const started = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(afterSaleOrders)
      .values({ idempotencyKey: e.idempotencyKey, bookingId: e.bookingId, pnr: e.pnr, kind: e.kind, bodyHash: e.bodyHash, amount: e.amount, createdBy: ctx.user.id })
      .onConflictDoNothing()
      .returning({ key: afterSaleOrders.idempotencyKey });
    if (inserted.length === 0) return null;
    if (e.amount === 0) return { entryId: null as number | null };
    const entry = await postEntry(tx, {
      type: 'C',
      agencyId: e.agencyId,
      amount: e.amount,
      reference: `${e.summary} (PNR ${e.pnr}, đặt chỗ #${e.bookingId})`,
      idempotencyKey: `aftersale:${e.idempotencyKey}`,
      bookingRef: String(e.bookingId),
      pnr: e.pnr,
      createdBy: ctx.user.id,
      meta,
    });
    await tx.update(afterSaleOrders).set({ entryId: entry.id }).where(eq(afterSaleOrders.idempotencyKey, e.idempotencyKey));
    return { entryId: entry.id as number | null };
  });
  if (!started) {
    const [row] = await db.select().from(afterSaleOrders).where(eq(afterSaleOrders.idempotencyKey, e.idempotencyKey));
    if (!row || row.bodyHash !== e.bodyHash || row.bookingId !== e.bookingId) throw conflict('idempotencyKeyReused', lang);
    return answerOf(row.status === 'pending' ? await settled(db, e.idempotencyKey, lang) : row, lang);
  }
  // 3: the supplier
  let change: { before: PnrRecord; after: PnrRecord };
  try {
    change = await e.apply();
  } catch (err) {
    const failure = err instanceof SupplierError ? err : new SupplierError('UNAVAILABLE');
    await db.transaction(async (tx) => {
      let reversalId: number | null = null;
      if (started.entryId !== null) {
        const v = await postEntry(tx, {
          type: 'V',
          agencyId: e.agencyId,
          amount: e.amount,
          reference: `Hoàn lại bút toán ${started.entryId}: ${e.summary} không thực hiện được (PNR ${e.pnr})`,
          idempotencyKey: `reversal:${started.entryId}`,
          bookingRef: String(e.bookingId),
          pnr: e.pnr,
          createdBy: ctx.user.id,
          meta,
        });
        reversalId = v.id;
      }
      await tx
        .update(afterSaleOrders)
        .set({ status: 'failed', reversalEntryId: reversalId, result: { code: failure.code, vi: failure.messageVi, en: failure.messageEn }, updatedAt: new Date() })
        .where(eq(afterSaleOrders.idempotencyKey, e.idempotencyKey));
      await writeAudit(
        tx,
        { userId: ctx.user.id, agencyId: e.agencyId, action: 'aftersale.failed', target: e.pnr, detail: { kind: e.kind, bookingId: e.bookingId, amount: e.amount, entryId: started.entryId, reversalEntryId: reversalId, error: failure.code } },
        meta,
      );
    });
    throw supplierFailed(failure, lang);
  }
  // 4: record
  const diff = e.diff(change.before, change.after);
  const result: PaidEditResult = { pnr: e.pnr, amount: e.amount, entryId: started.entryId, emds: diff.emds, replayed: false };
  await db.transaction(async (tx) => {
    await tx.update(afterSaleOrders).set({ status: 'done', result, updatedAt: new Date() }).where(eq(afterSaleOrders.idempotencyKey, e.idempotencyKey));
    await tx.insert(pnrEdits).values({
      bookingId: e.bookingId,
      pnr: e.pnr,
      kind: e.kind,
      summary: e.summary,
      userId: ctx.user.id,
      amount: e.amount,
      entryId: started.entryId,
      before: diff.before,
      after: diff.after,
    });
    // pnrsync: the booking's own row follows the airline's record, with the history row
    await syncBookingRow(tx, e.bookingId, e.pnr, change.after, e.knownLegs);
    await writeAudit(
      tx,
      { userId: ctx.user.id, agencyId: e.agencyId, action: 'aftersale.edited', target: e.pnr, detail: { kind: e.kind, bookingId: e.bookingId, amount: e.amount, entryId: started.entryId, emds: diff.emds, before: diff.before, after: diff.after } },
      meta,
    );
  });
  return result;
}
