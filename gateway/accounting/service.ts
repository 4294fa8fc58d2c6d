/**
 * Deposit reading (balance, entries with their running balance, the deposit report) and top-up requests:
 * create (with a receipt upload checked by content), list in scope, approve (writes the T entry once) and
 * reject (with a reason). Approving or rejecting locks the request row, so double clicks and races decide it
 * once; the T entry's idempotency key `topup:<id>` and the request's unique entry_id back that up.
 */
import { and, count, desc, eq, gte, ilike, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ENTRY_SIGN,
  ENTRY_TYPES,
  RECEIPT_CONTENT_TYPES,
  type Balance,
  type DepositReport,
  type EntriesPage,
  type EntriesQuery,
  type ReportQuery,
  type TopUpCreate,
  type TopUpPage,
  type TopUpQuery,
  type TopUpRequest,
} from '../../contract/accounting';
import type { Language } from '../../contract/constants';
import { ErrorCode } from '../../contract/errors';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { Notifier } from '../platform/notifier';
import type { UserContext } from '../platform/tenancy/users';
import type { Conn, Db } from '../platform/db/client';
import { agencies, journalEntries, topUpRequests, uploads, users } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { inspectUpload, uploadUrl } from '../uploads/service';
import { balanceOf, creditLimitOf, postEntry } from '../platform/ledger';
import { depositAgency, depositScope } from './scope';
import { containsPattern } from '../platform/db/like';

const num = (v: unknown): number => Number(v ?? 0);
/** Start of a calendar day in Vietnam time. */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00+07:00`);
const nextDayStart = (day: string): Date => new Date(dayStart(day).getTime() + 86_400_000);
const signedAmount = sql<string>`case when ${journalEntries.type} in ('T', 'V', 'R') then ${journalEntries.amount} else -${journalEntries.amount} end`;

export async function balanceView(conn: Conn, agencyId: number): Promise<Balance> {
  const [balance, creditLimit] = await Promise.all([balanceOf(conn, agencyId), creditLimitOf(conn, agencyId)]);
  return { agencyId, balance, creditLimit, available: balance + creditLimit };
}

export async function listEntries(conn: Conn, ctx: UserContext, query: EntriesQuery): Promise<EntriesPage> {
  const agency = await depositAgency(conn, ctx, query.agencyId);
  // The running balance is computed over all the agency's entries before the filters pick some of them.
  const ledger = conn.$with('ledger').as(
    conn
      .select({
        id: journalEntries.id,
        type: journalEntries.type,
        agencyId: journalEntries.agencyId,
        amount: journalEntries.amount,
        reference: journalEntries.reference,
        bookingRef: journalEntries.bookingRef,
        pnr: journalEntries.pnr,
        createdById: journalEntries.createdBy,
        createdAt: journalEntries.createdAt,
        signedAmount: sql<string>`${signedAmount}`.as('signed_amount'),
        balanceAfter: sql<string>`sum(${signedAmount}) over (order by ${journalEntries.id})`.as('balance_after'),
      })
      .from(journalEntries)
      .where(eq(journalEntries.agencyId, agency.id)),
  );
  const filters: SQL[] = [];
  if (query.type) filters.push(eq(ledger.type, query.type));
  if (query.from) filters.push(gte(ledger.createdAt, dayStart(query.from)));
  if (query.to) filters.push(lt(ledger.createdAt, nextDayStart(query.to)));
  if (query.reference) {
    const r = containsPattern(query.reference);
    filters.push(sql`(${ilike(ledger.reference, r)} or ${ilike(ledger.pnr, r)} or ${ilike(ledger.bookingRef, r)})`);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [total] = await conn.with(ledger).select({ n: count() }).from(ledger).where(where);
  const rows = await conn
    .with(ledger)
    .select({
      id: ledger.id,
      type: ledger.type,
      agencyId: ledger.agencyId,
      amount: ledger.amount,
      signedAmount: ledger.signedAmount,
      balanceAfter: ledger.balanceAfter,
      reference: ledger.reference,
      bookingRef: ledger.bookingRef,
      pnr: ledger.pnr,
      createdAt: ledger.createdAt,
      createdBy: users.username,
    })
    .from(ledger)
    .leftJoin(users, eq(users.id, ledger.createdById))
    .where(where)
    .orderBy(desc(ledger.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    data: rows.map(({ createdBy, ...e }) => ({
      id: num(e.id),
      type: e.type,
      agencyId: e.agencyId,
      amount: num(e.amount),
      signedAmount: num(e.signedAmount),
      balanceAfter: num(e.balanceAfter),
      reference: e.reference,
      bookingRef: e.bookingRef,
      pnr: e.pnr,
      createdBy,
      createdAt: new Date(e.createdAt).toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

export async function depositReport(conn: Conn, ctx: UserContext, query: ReportQuery): Promise<DepositReport> {
  const agency = await depositAgency(conn, ctx, query.agencyId);
  const start = dayStart(query.from);
  const end = nextDayStart(query.to);
  const [opening] = await conn
    .select({ total: sql<string>`coalesce(sum(${signedAmount}), 0)` })
    .from(journalEntries)
    .where(and(eq(journalEntries.agencyId, agency.id), lt(journalEntries.createdAt, start)));
  const rows = await conn
    .select({ type: journalEntries.type, n: count(), amount: sql<string>`coalesce(sum(${journalEntries.amount}), 0)` })
    .from(journalEntries)
    .where(and(eq(journalEntries.agencyId, agency.id), gte(journalEntries.createdAt, start), lt(journalEntries.createdAt, end)))
    .groupBy(journalEntries.type);
  const byType = new Map(rows.map((r) => [r.type, r]));
  const totals = ENTRY_TYPES.map((type) => {
    const r = byType.get(type);
    const amount = num(r?.amount);
    return { type, count: r?.n ?? 0, amount, signedAmount: ENTRY_SIGN[type] * amount };
  });
  const totalCredit = totals.filter((t) => t.signedAmount > 0).reduce((s, t) => s + t.amount, 0);
  const totalDebit = totals.filter((t) => t.signedAmount < 0).reduce((s, t) => s + t.amount, 0);
  const openingBalance = num(opening?.total);
  return {
    agencyId: agency.id,
    agencyCode: agency.code,
    agencyName: agency.name,
    from: query.from,
    to: query.to,
    openingBalance,
    closingBalance: openingBalance + totalCredit - totalDebit,
    totals,
    totalCredit,
    totalDebit,
  };
}

// ---- top-up requests ----

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

function selectTopUps(conn: Conn) {
  return conn
    .select({
      r: topUpRequests,
      agencyCode: agencies.code,
      agencyName: agencies.name,
      receiptFileName: uploads.fileName,
      receiptContentType: uploads.contentType,
      requestedBy: requester.username,
      decidedBy: decider.username,
    })
    .from(topUpRequests)
    .innerJoin(agencies, eq(agencies.id, topUpRequests.agencyId))
    .innerJoin(uploads, eq(uploads.id, topUpRequests.receiptUploadId))
    .leftJoin(requester, eq(requester.id, topUpRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, topUpRequests.decidedBy));
}

type TopUpRow = Awaited<ReturnType<ReturnType<typeof selectTopUps>['where']>>[number];

function toView(row: TopUpRow): TopUpRequest {
  const r = row.r;
  return {
    id: r.id,
    agencyId: r.agencyId,
    agencyCode: row.agencyCode,
    agencyName: row.agencyName,
    amount: num(r.amount),
    bankReference: r.bankReference,
    receiptUploadId: r.receiptUploadId,
    receiptUrl: uploadUrl(r.receiptUploadId),
    receiptFileName: row.receiptFileName,
    receiptContentType: row.receiptContentType,
    note: r.note,
    status: r.status,
    requestedBy: row.requestedBy,
    requestedById: r.requestedBy,
    createdAt: r.createdAt.toISOString(),
    decidedBy: row.decidedBy,
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    rejectReason: r.rejectReason,
    entryId: r.entryId === null ? null : num(r.entryId),
  };
}

async function topUpView(conn: Conn, id: number): Promise<TopUpRequest> {
  const [row] = await selectTopUps(conn).where(eq(topUpRequests.id, id));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return toView(row);
}

export async function getTopUp(conn: Conn, ctx: UserContext, id: number): Promise<TopUpRequest> {
  const [row] = await selectTopUps(conn).where(and(eq(topUpRequests.id, id), inArray(topUpRequests.agencyId, depositScope(ctx))));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return toView(row);
}

export async function listTopUps(conn: Conn, ctx: UserContext, query: TopUpQuery): Promise<TopUpPage> {
  const filters: SQL[] = [inArray(topUpRequests.agencyId, depositScope(ctx))];
  if (query.agencyId) filters.push(eq(topUpRequests.agencyId, query.agencyId));
  if (query.status) filters.push(eq(topUpRequests.status, query.status));
  if (query.from) filters.push(gte(topUpRequests.createdAt, dayStart(query.from)));
  if (query.to) filters.push(lt(topUpRequests.createdAt, nextDayStart(query.to)));
  const where = and(...filters);
  const [total] = await conn.select({ n: count() }).from(topUpRequests).where(where);
  const rows = await selectTopUps(conn)
    .where(where)
    .orderBy(desc(topUpRequests.createdAt), desc(topUpRequests.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { data: rows.map(toView), total: total?.n ?? 0 };
}

/** A receipt must be the requester's agency's own upload, an image or PDF by its bytes, and not used by another live request. */
async function checkReceipt(tx: Conn, agencyId: number, uploadId: string): Promise<void> {
  const [upload] = await tx.select().from(uploads).where(and(eq(uploads.id, uploadId), eq(uploads.agencyId, agencyId)));
  if (!upload) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'receipt' });
  if (!(RECEIPT_CONTENT_TYPES as readonly string[]).includes(upload.contentType)) {
    throw new ApiError(ErrorCode.UPLOAD_REFUSED, { reason: 'badContent' });
  }
  const verdict = inspectUpload(upload.fileName, upload.data, 'file');
  if ('refused' in verdict || verdict.contentType !== upload.contentType) {
    throw new ApiError(ErrorCode.UPLOAD_REFUSED, { reason: 'refused' in verdict ? verdict.refused : 'badContent' });
  }
  const [used] = await tx
    .select({ id: topUpRequests.id })
    .from(topUpRequests)
    .where(and(eq(topUpRequests.receiptUploadId, uploadId), ne(topUpRequests.status, 'rejected')));
  if (used) throw new ApiError(ErrorCode.CONFLICT, { reason: 'receiptUsed' });
}

export async function createTopUp(db: Db, ctx: UserContext, input: TopUpCreate, meta: RequestMeta): Promise<TopUpRequest> {
  const agencyId = ctx.agency.id;
  const id = await db.transaction(async (tx) => {
    await checkReceipt(tx, agencyId, input.receiptUploadId);
    const [dup] = await tx
      .select({ id: topUpRequests.id })
      .from(topUpRequests)
      .where(and(eq(topUpRequests.agencyId, agencyId), eq(topUpRequests.bankReference, input.bankReference), ne(topUpRequests.status, 'rejected')));
    if (dup) throw new ApiError(ErrorCode.CONFLICT, { reason: 'duplicateReference', id: dup.id });
    const [row] = await tx
      .insert(topUpRequests)
      .values({
        agencyId,
        requestedBy: ctx.user.id,
        amount: input.amount,
        bankReference: input.bankReference,
        receiptUploadId: input.receiptUploadId,
        note: input.note || null,
      })
      .returning({ id: topUpRequests.id });
    await writeAudit(
      tx,
      { userId: ctx.user.id, agencyId, action: 'deposit.topup_requested', target: String(row.id), detail: { amount: input.amount, bankReference: input.bankReference } },
      meta,
    );
    return row.id;
  });
  return topUpView(db, id);
}

/** The request, locked for the rest of the transaction; 404 outside the caller's scope. */
async function lockTopUp(tx: Conn, ctx: UserContext, id: number) {
  const [row] = await tx
    .select()
    .from(topUpRequests)
    .where(and(eq(topUpRequests.id, id), inArray(topUpRequests.agencyId, depositScope(ctx))))
    .for('update');
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

export const TOPUP_LINK = '/accounting/deposit-topup';

const PARENT_DECIDES = {
  vi: 'Yêu cầu nạp tiền chỉ được duyệt hoặc từ chối bởi đại lý cấp trên (nhà cung cấp với đại lý cấp 1), không phải bởi chính đại lý nhận tiền. Vui lòng liên hệ đại lý cấp trên.',
  en: 'A top-up can only be approved or rejected by the parent agency (the provider for an F1 agency), never by the agency that receives the money. Please contact your parent agency.',
};

/**
 * Money flows up the tree: an agency pays its parent (an F1 pays the provider, an F2 its F1, …), so only
 * the parent agency, which received the transfer, may credit the deposit. Nobody of the receiving agency
 * decides on its own top-up, whatever permissions its administrator grants; the root has no parent, so
 * its requests cannot be approved at all. 403/30 reason parentApproves.
 */
async function requireParentOf(tx: Conn, ctx: UserContext, agencyId: number, lang: Language): Promise<void> {
  const [row] = await tx.select({ parentId: agencies.parentId }).from(agencies).where(eq(agencies.id, agencyId));
  if (!row || row.parentId === null || row.parentId !== ctx.agency.id) {
    throw new ApiError(ErrorCode.FORBIDDEN, { reason: 'parentApproves', message: PARENT_DECIDES[lang] });
  }
}

/**
 * Approves a pending request: one T entry (idempotency key `topup:<id>`), audit, notification. Approving an
 * approved request again changes nothing and answers it as it is; a rejected one answers 409/49. The
 * requester cannot approve its own request (409/49, data.reason ownRequest).
 */
export async function approveTopUp(db: Db, notifier: Notifier, ctx: UserContext, id: number, meta: RequestMeta, lang: Language = 'vi'): Promise<TopUpRequest> {
  await db.transaction(async (tx) => {
    const req = await lockTopUp(tx, ctx, id);
    if (req.requestedBy === ctx.user.id && req.status === 'pending') throw new ApiError(ErrorCode.CONFLICT, { reason: 'ownRequest' });
    await requireParentOf(tx, ctx, req.agencyId, lang);
    if (req.status === 'approved') return;
    if (req.status !== 'pending') throw new ApiError(ErrorCode.CONFLICT, { reason: 'alreadyDecided', status: req.status });
    const amount = num(req.amount);
    const entry = await postEntry(tx, {
      type: 'T',
      agencyId: req.agencyId,
      amount,
      reference: `TOPUP-${req.id} ${req.bankReference}`,
      idempotencyKey: `topup:${req.id}`,
      createdBy: ctx.user.id,
      meta,
    });
    await tx
      .update(topUpRequests)
      .set({ status: 'approved', entryId: entry.id, decidedBy: ctx.user.id, decidedAt: new Date() })
      .where(and(eq(topUpRequests.id, req.id), eq(topUpRequests.status, 'pending')));
    await writeAudit(
      tx,
      { userId: ctx.user.id, agencyId: req.agencyId, action: 'deposit.topup_approved', target: String(req.id), detail: { amount, entryId: entry.id } },
      meta,
    );
    if (req.requestedBy !== null) await notifier.topUpApproved(tx, req.requestedBy, amount, TOPUP_LINK);
  });
  return topUpView(db, id);
}

/** Rejects a pending request with a reason; rejecting a rejected one again changes nothing; an approved one answers 409/49. */
export async function rejectTopUp(db: Db, notifier: Notifier, ctx: UserContext, id: number, reason: string, meta: RequestMeta, lang: Language = 'vi'): Promise<TopUpRequest> {
  await db.transaction(async (tx) => {
    const req = await lockTopUp(tx, ctx, id);
    await requireParentOf(tx, ctx, req.agencyId, lang);
    if (req.status === 'rejected') return;
    if (req.status !== 'pending') throw new ApiError(ErrorCode.CONFLICT, { reason: 'alreadyDecided', status: req.status });
    await tx
      .update(topUpRequests)
      .set({ status: 'rejected', rejectReason: reason, decidedBy: ctx.user.id, decidedAt: new Date() })
      .where(eq(topUpRequests.id, req.id));
    const amount = num(req.amount);
    await writeAudit(
      tx,
      { userId: ctx.user.id, agencyId: req.agencyId, action: 'deposit.topup_rejected', target: String(req.id), detail: { amount, reason } },
      meta,
    );
    if (req.requestedBy !== null) {
      await notifier.notify(tx, [req.requestedBy], {
        type: 'topup_rejected',
        titleVi: `Yêu cầu nạp ${amount.toLocaleString('vi-VN')} VND bị từ chối`,
        titleEn: `Your top-up of ${amount.toLocaleString('en-US')} VND was rejected`,
        body: reason,
        link: TOPUP_LINK,
      });
    }
  });
  return topUpView(db, id);
}
