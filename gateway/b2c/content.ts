/**
 * The storefront's articles (/b2c/news, news-by-tag, news/{id}, change-news) and fare-rule texts for
 * customers (/b2c/fare-rules, change-fare-rule). Both belong to the writer's agency, are drafts until
 * published, and only published ones reach the storefront. Bodies go through the platform's rich-text policy
 * (platform/rich-text.ts, the same one as the portal's news) on every write and again on every read.
 */
import { and, arrayContains, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  compareFareRules,
  type B2cNews,
  type b2cNewsInput,
  type b2cNewsQuery,
  type FareRule,
  type fareRuleInput,
  type fareRuleQuery,
} from '../../contract/b2c';
import { ErrorCode } from '../../contract/errors';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { Conn, Db } from '../platform/db/client';
import { b2cFareRules, b2cNews, users } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { normaliseTags, sanitizeRichHtml } from '../platform/rich-text';
import type { UserContext } from '../platform/tenancy/users';
import { assertOwnImage, uploadUrl } from '../uploads/service';
import { containsPattern } from '../platform/db/like';

type NewsRow = typeof b2cNews.$inferSelect;
type RuleRow = typeof b2cFareRules.$inferSelect;


// ---------------------------------------------------------------- articles

function toNews(r: NewsRow, authorName: string | null): B2cNews {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    tags: r.tags,
    coverUploadId: r.coverUploadId,
    coverUrl: r.coverUploadId ? uploadUrl(r.coverUploadId) : null,
    // Sanitised again when shown: rows written before a policy change are covered too.
    bodyHtml: sanitizeRichHtml(r.bodyHtml),
    status: r.status as B2cNews['status'],
    authorName,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export const ownNewsWhere = (agencyId: number): SQL => eq(b2cNews.agencyId, agencyId);
export const publishedNewsWhere = (agencyId: number): SQL => and(eq(b2cNews.agencyId, agencyId), eq(b2cNews.status, 'published'))!;

export async function newsPage(conn: Conn, base: SQL, q: z.output<typeof b2cNewsQuery>) {
  const filters: SQL[] = [base];
  if (q.q) filters.push(or(ilike(b2cNews.title, containsPattern(q.q)), ilike(b2cNews.summary, containsPattern(q.q)))!);
  if (q.tag) filters.push(arrayContains(b2cNews.tags, [q.tag.toLowerCase()]));
  if (q.status) filters.push(eq(b2cNews.status, q.status));
  const where = and(...filters);
  const [total] = await conn.select({ n: count() }).from(b2cNews).where(where);
  const rows = await conn
    .select({ n: b2cNews, author: users.fullName })
    .from(b2cNews)
    .leftJoin(users, eq(users.id, b2cNews.authorId))
    .where(where)
    .orderBy(sql`coalesce(${b2cNews.publishedAt}, ${b2cNews.createdAt}) desc`, desc(b2cNews.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    data: rows.map((r) => {
      const { bodyHtml: _body, ...summary } = toNews(r.n, r.author);
      return summary;
    }),
    total: total?.n ?? 0,
  };
}

export async function oneNews(conn: Conn, where: SQL): Promise<B2cNews> {
  const [row] = await conn.select({ n: b2cNews, author: users.fullName }).from(b2cNews).leftJoin(users, eq(users.id, b2cNews.authorId)).where(where);
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return toNews(row.n, row.author);
}

export async function newsTags(conn: Conn, base: SQL) {
  const rows = await conn
    .select({ tag: sql<string>`t.tag`, count: sql<number>`count(*)::int` })
    .from(sql`${b2cNews} cross join lateral unnest(${b2cNews.tags}) as t(tag)`)
    .where(base)
    .groupBy(sql`t.tag`)
    .orderBy(sql`count(*) desc`, sql`t.tag`);
  return { data: rows.map((r) => ({ tag: r.tag, count: Number(r.count) })), total: rows.length };
}

type NewsInput = z.output<typeof b2cNewsInput>;

function newsColumns(input: NewsInput) {
  return {
    title: input.title,
    summary: input.summary,
    tags: normaliseTags(input.tags),
    coverUploadId: input.coverUploadId,
    bodyHtml: sanitizeRichHtml(input.bodyHtml),
    status: input.status,
  };
}

export function createNews(db: Db, ctx: UserContext, input: NewsInput, meta: RequestMeta): Promise<B2cNews> {
  return db.transaction(async (tx) => {
    if (input.coverUploadId) await assertOwnImage(tx, ctx.agency.id, input.coverUploadId);
    const [row] = await tx
      .insert(b2cNews)
      .values({ agencyId: ctx.agency.id, authorId: ctx.user.id, ...newsColumns(input), publishedAt: input.status === 'published' ? new Date() : null })
      .returning();
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'b2c.news.created', target: String(row.id), detail: { title: row.title, status: row.status } }, meta);
    return oneNews(tx, eq(b2cNews.id, row.id));
  });
}

export function updateNews(db: Db, ctx: UserContext, id: number, input: NewsInput, meta: RequestMeta): Promise<B2cNews> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(b2cNews).where(and(eq(b2cNews.id, id), ownNewsWhere(ctx.agency.id))).for('update');
    if (!before) throw new ApiError(ErrorCode.NOT_FOUND);
    if (input.coverUploadId) await assertOwnImage(tx, ctx.agency.id, input.coverUploadId);
    const firstPublication = input.status === 'published' && !before.publishedAt;
    await tx
      .update(b2cNews)
      .set({ ...newsColumns(input), ...(firstPublication ? { publishedAt: new Date() } : {}), updatedAt: new Date() })
      .where(eq(b2cNews.id, id));
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'b2c.news.updated', target: String(id), detail: { title: input.title, status: input.status } }, meta);
    return oneNews(tx, eq(b2cNews.id, id));
  });
}

export function deleteNews(db: Db, ctx: UserContext, id: number, meta: RequestMeta): Promise<void> {
  return db.transaction(async (tx) => {
    const gone = await tx.delete(b2cNews).where(and(eq(b2cNews.id, id), ownNewsWhere(ctx.agency.id))).returning({ title: b2cNews.title });
    if (gone.length === 0) throw new ApiError(ErrorCode.NOT_FOUND);
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'b2c.news.deleted', target: String(id), detail: { title: gone[0].title } }, meta);
  });
}

// ---------------------------------------------------------------- fare rules

function toRule(r: RuleRow): FareRule {
  return {
    id: r.id,
    airline: r.airline,
    fareFamily: r.fareFamily,
    title: r.title,
    bodyHtml: sanitizeRichHtml(r.bodyHtml),
    status: r.status as FareRule['status'],
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function fareRulePage(conn: Conn, ctx: UserContext, q: z.output<typeof fareRuleQuery>) {
  const filters: SQL[] = [eq(b2cFareRules.agencyId, ctx.agency.id)];
  if (q.airline) filters.push(eq(b2cFareRules.airline, q.airline));
  if (q.status) filters.push(eq(b2cFareRules.status, q.status));
  const where = and(...filters);
  const [total] = await conn.select({ n: count() }).from(b2cFareRules).where(where);
  const rows = await conn
    .select()
    .from(b2cFareRules)
    .where(where)
    .orderBy(asc(b2cFareRules.airline), asc(sql`lower(${b2cFareRules.fareFamily})`), asc(b2cFareRules.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    data: rows.map((r) => {
      const { bodyHtml: _body, ...rest } = toRule(r);
      return rest;
    }),
    total: total?.n ?? 0,
  };
}

/** The published rules of an agency, in the storefront's order. */
export async function publishedRules(conn: Conn, agencyId: number): Promise<FareRule[]> {
  const rows = await conn.select().from(b2cFareRules).where(and(eq(b2cFareRules.agencyId, agencyId), eq(b2cFareRules.status, 'published'))).limit(200);
  return rows.map(toRule).sort(compareFareRules);
}

export async function ownRule(conn: Conn, ctx: UserContext, id: number): Promise<FareRule> {
  const [row] = await conn.select().from(b2cFareRules).where(and(eq(b2cFareRules.id, id), eq(b2cFareRules.agencyId, ctx.agency.id)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return toRule(row);
}

type RuleInput = z.output<typeof fareRuleInput>;

/** One text per airline and fare family: another rule of the agency with the same key is a 409 reason fareRuleTaken. */
async function checkKey(tx: Conn, ctx: UserContext, input: RuleInput, exceptId: number | null): Promise<void> {
  const [taken] = await tx
    .select({ id: b2cFareRules.id })
    .from(b2cFareRules)
    .where(and(eq(b2cFareRules.agencyId, ctx.agency.id), eq(b2cFareRules.airline, input.airline), sql`lower(${b2cFareRules.fareFamily}) = lower(${input.fareFamily})`));
  if (taken && taken.id !== exceptId) throw new ApiError(ErrorCode.CONFLICT, { reason: 'fareRuleTaken', id: taken.id });
}

function ruleColumns(input: RuleInput) {
  return { airline: input.airline, fareFamily: input.fareFamily, title: input.title, bodyHtml: sanitizeRichHtml(input.bodyHtml), status: input.status };
}

export function createRule(db: Db, ctx: UserContext, input: RuleInput, meta: RequestMeta): Promise<FareRule> {
  return db.transaction(async (tx) => {
    await checkKey(tx, ctx, input, null);
    const [row] = await tx.insert(b2cFareRules).values({ agencyId: ctx.agency.id, ...ruleColumns(input) }).returning();
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'b2c.fareRule.created', target: String(row.id), detail: { airline: row.airline, fareFamily: row.fareFamily } }, meta);
    return toRule(row);
  });
}

export function updateRule(db: Db, ctx: UserContext, id: number, input: RuleInput, meta: RequestMeta): Promise<FareRule> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ id: b2cFareRules.id }).from(b2cFareRules).where(and(eq(b2cFareRules.id, id), eq(b2cFareRules.agencyId, ctx.agency.id))).for('update');
    if (!before) throw new ApiError(ErrorCode.NOT_FOUND);
    await checkKey(tx, ctx, input, id);
    const [row] = await tx.update(b2cFareRules).set({ ...ruleColumns(input), updatedAt: new Date() }).where(eq(b2cFareRules.id, id)).returning();
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'b2c.fareRule.updated', target: String(id), detail: { airline: row.airline, fareFamily: row.fareFamily, status: row.status } }, meta);
    return toRule(row);
  });
}

export function deleteRule(db: Db, ctx: UserContext, id: number, meta: RequestMeta): Promise<void> {
  return db.transaction(async (tx) => {
    const gone = await tx.delete(b2cFareRules).where(and(eq(b2cFareRules.id, id), eq(b2cFareRules.agencyId, ctx.agency.id))).returning({ airline: b2cFareRules.airline, fareFamily: b2cFareRules.fareFamily });
    if (gone.length === 0) throw new ApiError(ErrorCode.NOT_FOUND);
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'b2c.fareRule.deleted', target: String(id), detail: gone[0] }, meta);
  });
}
