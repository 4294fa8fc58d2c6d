/**
 * Support requests to the provider about a booking (/booking/support-request).
 *
 * - Anyone may open a request about a booking of its booking scope (by PNR), with up to five of its own
 *   uploads attached (uploaded through POST /api/uploads, so under the upload rules of spec point 5).
 * - The requester's side (whoever sees the booking) adds to the thread; that re-opens an answered request and
 *   rings the bell of the provider's administrators (admin_f1 / super_admin of the agency or an agency above).
 * - The provider answers: an ADMIN_F1 whose agency is the request's or above it (the endpoint's rule plus the
 *   subtree check here; anyone else gets 404). An answer sets the status to answered and rings the
 *   requester's bell with a link to the request.
 * - Either side closes; a closed request takes no more messages (409).
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SupportDetail, SupportListQuery, SupportMessage, SupportSide, SupportSummary } from '../../contract/desk';
import { ErrorCode } from '../../contract/errors';
import { PAGES } from '../../contract/pages';
import { bookingScope } from '../bookings/service';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { Conn, Db } from '../platform/db/client';
import { agencies, bookings, pnrs, supportMessages, supportRequests, uploads, users, type SupportAttachmentRef } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import type { Notifier } from '../platform/notifier';
import { ancestorsOf, subtreeOf } from '../platform/tenancy/scope';
import type { UserContext } from '../platform/tenancy/users';
import { uploadUrl } from '../uploads/service';
import { containsPattern } from '../platform/db/like';

export interface SupportDeps {
  db: Db;
  notifier: Notifier;
  now: () => Date;
}

/** The link the bell opens: the request on the support screen. */
export const supportLink = (id: number) => `${PAGES.desk.supportRequest}?id=${id}`;

/** Requests the caller sees: those of bookings in its booking scope (a provider's scope is its subtree). */
function visible(ctx: UserContext): SQL {
  return inArray(supportRequests.bookingId, sql`(select ${bookings.id} from ${bookings} where ${bookingScope(ctx)})`);
}

/** Whether the caller answers a request of this agency as the provider. */
async function isProviderOf(conn: Conn, ctx: UserContext, agencyId: number): Promise<boolean> {
  if (!ctx.permissions.includes('ADMIN_F1')) return false;
  const [row] = await conn
    .select({ id: agencies.id })
    .from(agencies)
    .where(and(eq(agencies.id, agencyId), inArray(agencies.id, subtreeOf(ctx.agency.id))));
  return row !== undefined;
}

/** The caller's own uploads by id (each must exist and be the caller's), in the order given. */
async function ownAttachments(conn: Conn, ctx: UserContext, ids: readonly string[]): Promise<SupportAttachmentRef[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await conn
    .select({ id: uploads.id, fileName: uploads.fileName, contentType: uploads.contentType, size: uploads.size })
    .from(uploads)
    .where(and(inArray(uploads.id, unique), eq(uploads.userId, ctx.user.id)));
  if (rows.length !== unique.length) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'attachment' });
  return unique.map((id) => rows.find((r) => r.id === id)!);
}

const summaryColumns = {
  id: supportRequests.id,
  bookingId: supportRequests.bookingId,
  pnr: supportRequests.pnr,
  subject: supportRequests.subject,
  status: supportRequests.status,
  agencyId: supportRequests.agencyId,
  agencyCode: agencies.code,
  requesterName: sql<string>`coalesce(${users.fullName}, '')`,
  replies: sql<number>`(select count(*)::int - 1 from ${supportMessages} where ${supportMessages.requestId} = ${supportRequests.id})`,
  createdAt: supportRequests.createdAt,
  lastMessageAt: supportRequests.lastMessageAt,
};

type SummaryRow = { id: number; bookingId: number; pnr: string; subject: string; status: SupportSummary['status']; agencyId: number; agencyCode: string; requesterName: string; replies: number; createdAt: Date; lastMessageAt: Date };

const toSummary = (r: SummaryRow): SupportSummary => ({
  id: r.id,
  bookingId: r.bookingId,
  pnr: r.pnr,
  subject: r.subject,
  status: r.status,
  agencyCode: r.agencyCode,
  requesterName: r.requesterName,
  replies: Math.max(0, Number(r.replies)),
  createdAt: r.createdAt.toISOString(),
  lastMessageAt: r.lastMessageAt.toISOString(),
});

export async function listSupportRequests(db: Db, ctx: UserContext, q: SupportListQuery): Promise<{ data: SupportSummary[]; total: number }> {
  const filters: SQL[] = [visible(ctx)];
  if (q.status) filters.push(eq(supportRequests.status, q.status));
  if (q.q) {
    const like = containsPattern(q.q);
    filters.push(or(ilike(supportRequests.pnr, like), ilike(supportRequests.subject, like))!);
  }
  const where = and(...filters);
  const [{ total }] = await db.select({ total: count() }).from(supportRequests).where(where);
  const rows = await db
    .select(summaryColumns)
    .from(supportRequests)
    .innerJoin(agencies, eq(agencies.id, supportRequests.agencyId))
    .leftJoin(users, eq(users.id, supportRequests.userId))
    .where(where)
    .orderBy(desc(supportRequests.lastMessageAt), desc(supportRequests.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { data: rows.map(toSummary), total };
}

async function requestInScope(conn: Conn, ctx: UserContext, id: number): Promise<SummaryRow> {
  const [row] = await conn
    .select(summaryColumns)
    .from(supportRequests)
    .innerJoin(agencies, eq(agencies.id, supportRequests.agencyId))
    .leftJoin(users, eq(users.id, supportRequests.userId))
    .where(and(eq(supportRequests.id, id), visible(ctx)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'supportRequest' });
  return row;
}

export async function supportRequestDetail(db: Db, ctx: UserContext, id: number): Promise<SupportDetail> {
  const row = await requestInScope(db, ctx, id);
  const messages = await db
    .select({ id: supportMessages.id, side: supportMessages.side, body: supportMessages.body, attachments: supportMessages.attachments, createdAt: supportMessages.createdAt, authorName: sql<string>`coalesce(${users.fullName}, '')` })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.userId))
    .where(eq(supportMessages.requestId, id))
    .orderBy(asc(supportMessages.id));
  return {
    ...toSummary(row),
    callerIsProvider: await isProviderOf(db, ctx, row.agencyId),
    messages: messages.map(
      (m): SupportMessage => ({
        id: m.id,
        side: m.side,
        authorName: m.authorName,
        body: m.body,
        attachments: m.attachments.map((a) => ({ ...a, url: uploadUrl(a.id) })),
        createdAt: m.createdAt.toISOString(),
      }),
    ),
  };
}

/** The provider's administrators of an agency: admin_f1 / super_admin of it or an agency above, unlocked. */
async function providerAdmins(conn: Conn, agencyId: number, except: number): Promise<number[]> {
  const rows = await conn
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.agencyId, ancestorsOf(agencyId)), inArray(users.role, ['admin_f1', 'super_admin']), eq(users.locked, false)));
  return rows.map((r) => r.id).filter((id) => id !== except);
}

export async function createSupportRequest(
  deps: SupportDeps,
  ctx: UserContext,
  input: { pnr: string; subject: string; body: string; attachments: string[] },
  meta: RequestMeta,
): Promise<{ id: number }> {
  const { db, notifier } = deps;
  const now = deps.now();
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ id: bookings.id, agencyId: bookings.agencyId })
      .from(pnrs)
      .innerJoin(bookings, eq(bookings.id, pnrs.bookingId))
      .where(and(eq(pnrs.pnr, input.pnr), bookingScope(ctx)));
    if (!booking) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'booking' });
    const attachments = await ownAttachments(tx, ctx, input.attachments);
    const [created] = await tx
      .insert(supportRequests)
      .values({ bookingId: booking.id, agencyId: booking.agencyId, userId: ctx.user.id, pnr: input.pnr, subject: input.subject, status: 'open', lastMessageAt: now })
      .returning({ id: supportRequests.id });
    await tx.insert(supportMessages).values({ requestId: created.id, userId: ctx.user.id, side: 'agent', body: input.body, attachments, createdAt: now });
    await notifier.notify(
      tx,
      await providerAdmins(tx, booking.agencyId, ctx.user.id),
      { type: 'support_request', titleVi: `Yêu cầu hỗ trợ mới về đặt chỗ ${input.pnr}`, titleEn: `New support request about booking ${input.pnr}`, body: input.subject, link: supportLink(created.id) },
      now,
    );
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'support_request.created', target: String(created.id), detail: { pnr: input.pnr, attachments: attachments.length } }, meta);
    return { id: created.id };
  });
}

/**
 * Adds a message to the thread: `side` provider answers (status answered, the requester's bell), agent
 * writes again (status open, the provider administrators' bell). A closed request refuses (409).
 */
export async function addSupportMessage(
  deps: SupportDeps,
  ctx: UserContext,
  id: number,
  side: SupportSide,
  input: { body: string; attachments: string[] },
  meta: RequestMeta,
): Promise<{ ok: true }> {
  const { db, notifier } = deps;
  const now = deps.now();
  return db.transaction(async (tx) => {
    const row = await requestInScope(tx, ctx, id);
    if (side === 'provider' && !(await isProviderOf(tx, ctx, row.agencyId))) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'supportRequest' });
    const attachments = await ownAttachments(tx, ctx, input.attachments);
    const status = side === 'provider' ? 'answered' : 'open';
    // one conditional update: a request closed meanwhile takes no message
    const [updated] = await tx
      .update(supportRequests)
      .set({ status, lastMessageAt: now, updatedAt: now })
      .where(and(eq(supportRequests.id, id), sql`${supportRequests.status} <> 'closed'`))
      .returning({ userId: supportRequests.userId });
    if (!updated) throw new ApiError(ErrorCode.CONFLICT, { reason: 'supportClosed' });
    await tx.insert(supportMessages).values({ requestId: id, userId: ctx.user.id, side, body: input.body, attachments, createdAt: now });
    const content =
      side === 'provider'
        ? { type: 'support_reply' as const, titleVi: `Nhà cung cấp đã trả lời yêu cầu hỗ trợ ${row.pnr}`, titleEn: `The provider answered your support request about ${row.pnr}` }
        : { type: 'support_request' as const, titleVi: `Đại lý đã bổ sung yêu cầu hỗ trợ ${row.pnr}`, titleEn: `The agent wrote again about support request ${row.pnr}` };
    const audience = side === 'provider' ? (updated.userId !== null && updated.userId !== ctx.user.id ? [updated.userId] : []) : await providerAdmins(tx, row.agencyId, ctx.user.id);
    await notifier.notify(tx, audience, { ...content, body: row.subject, link: supportLink(id) }, now);
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: side === 'provider' ? 'support_request.answered' : 'support_request.replied', target: String(id), detail: { attachments: attachments.length } }, meta);
    return { ok: true as const };
  });
}

export async function closeSupportRequest(deps: SupportDeps, ctx: UserContext, id: number, meta: RequestMeta): Promise<{ ok: true }> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await requestInScope(tx, ctx, id);
    const [updated] = await tx
      .update(supportRequests)
      .set({ status: 'closed', updatedAt: now })
      .where(and(eq(supportRequests.id, id), sql`${supportRequests.status} <> 'closed'`))
      .returning({ id: supportRequests.id });
    if (!updated) throw new ApiError(ErrorCode.CONFLICT, { reason: 'supportClosed' });
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'support_request.closed', target: String(id) }, meta);
    return { ok: true as const };
  });
}
