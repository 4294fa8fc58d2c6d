/**
 * News (/agent/news, /agent/news-by-tag, /agent/news/{id} open; /agent/change-news for writers:
 * AGENT_F1 || ADMIN_NEWS || ONLY_SHOW_NEW).
 *
 * An article belongs to the writer's agency. A reader sees an article when it is published, inside its
 * publish window, owned by the reader's agency or an ancestor, and the reader's agency level (1, 2, or 3 for
 * 3 and deeper) is in its audience. Writers see and edit their agency's articles, drafts included. The body
 * is sanitised on every write (sanitize.ts). Publishing (created as, or changed to, published) notifies the
 * audience's users once.
 */
import { and, arrayContains, count, desc, eq, gt, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMIN_API } from '../../contract/admin-paths';
import { idParam } from '../../contract/agents';
import { okResult } from '../../contract/auth';
import {
  newsArticle,
  newsInput,
  newsPage,
  newsQuery,
  newsTags,
  newsUpdate,
  type NewsArticle,
  type NewsInput,
  type NewsPage,
  type NewsQuery,
  type NewsUpdate,
} from '../../contract/content';
import { ErrorCode } from '../../contract/errors';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { ancestorsOf, requireAuth } from '../platform/tenancy/scope';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { Notifier } from '../platform/notifier';
import type { UserContext } from '../platform/tenancy/users';
import type { Conn, Db } from '../platform/db/client';
import { news, users } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { assertOwnImage, uploadUrl } from '../uploads/service';
import { normaliseTags, sanitizeRichHtml } from '../platform/rich-text';
import { containsPattern } from '../platform/db/like';

type Row = typeof news.$inferSelect;

function toArticle(r: Row, authorName: string | null): NewsArticle {
  return {
    id: r.id,
    agencyId: r.agencyId,
    title: r.title,
    summary: r.summary,
    tags: r.tags,
    coverUploadId: r.coverUploadId,
    coverUrl: r.coverUploadId ? uploadUrl(r.coverUploadId) : null,
    bodyHtml: r.bodyHtml,
    status: r.status,
    publishFrom: r.publishFrom?.toISOString() ?? null,
    publishTo: r.publishTo?.toISOString() ?? null,
    audience: r.audience,
    authorName,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
  };
}

const audienceLevel = (ctx: UserContext) => Math.min(ctx.agency.level, 3);

/** What a reader may see. */
function readable(ctx: UserContext, now: Date): SQL {
  return and(
    inArray(news.agencyId, ancestorsOf(ctx.agency.id)),
    eq(news.status, 'published'),
    or(isNull(news.publishFrom), lte(news.publishFrom, now)),
    or(isNull(news.publishTo), gt(news.publishTo, now)),
    arrayContains(news.audience, [audienceLevel(ctx)]),
  )!;
}

const authored = (ctx: UserContext): SQL => eq(news.agencyId, ctx.agency.id);

async function page(conn: Conn, base: SQL, q: NewsQuery): Promise<NewsPage> {
  const filters: SQL[] = [base];
  if (q.q) {
    const like = containsPattern(q.q);
    filters.push(or(ilike(news.title, like), ilike(news.summary, like))!);
  }
  if (q.tag) filters.push(arrayContains(news.tags, [q.tag.toLowerCase()]));
  if (q.status) filters.push(eq(news.status, q.status));
  const where = and(...filters);
  const [total] = await conn.select({ n: count() }).from(news).where(where);
  const rows = await conn
    .select({ n: news, author: users.fullName })
    .from(news)
    .leftJoin(users, eq(users.id, news.authorId))
    .where(where)
    .orderBy(sql`coalesce(${news.publishFrom}, ${news.publishedAt}, ${news.createdAt}) desc`, desc(news.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    data: rows.map((r) => {
      const { bodyHtml: _body, ...summary } = toArticle(r.n, r.author);
      return summary;
    }),
    total: total?.n ?? 0,
  };
}

async function one(conn: Conn, where: SQL): Promise<NewsArticle> {
  const [row] = await conn.select({ n: news, author: users.fullName }).from(news).leftJoin(users, eq(users.id, news.authorId)).where(where);
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  // Sanitised again when shown: rows written before a policy change, or by other means, are covered too.
  return { ...toArticle(row.n, row.author), bodyHtml: sanitizeRichHtml(row.n.bodyHtml) };
}

function checkWindow(from: string | null | undefined, to: string | null | undefined): void {
  if (from && to && Date.parse(to) <= Date.parse(from)) throw new ApiError(ErrorCode.VALIDATION, { reason: 'publishWindow' });
}

async function announce(notifier: Notifier, conn: Conn, ctx: UserContext, row: Row): Promise<void> {
  await notifier.notifyAudience(
    conn,
    row.agencyId,
    row.audience,
    { type: 'news', titleVi: `Tin mới: ${row.title}`, titleEn: `News: ${row.title}`, body: row.summary, link: `/agent/news/${row.id}` },
    ctx.user.id,
  );
}

export function createNews(db: Db, notifier: Notifier, ctx: UserContext, input: NewsInput, meta: RequestMeta): Promise<NewsArticle> {
  checkWindow(input.publishFrom, input.publishTo);
  return db.transaction(async (tx) => {
    if (input.coverUploadId) await assertOwnImage(tx, ctx.agency.id, input.coverUploadId);
    const now = new Date();
    const [row] = await tx
      .insert(news)
      .values({
        agencyId: ctx.agency.id,
        authorId: ctx.user.id,
        title: input.title,
        summary: input.summary,
        tags: normaliseTags(input.tags),
        coverUploadId: input.coverUploadId,
        bodyHtml: sanitizeRichHtml(input.bodyHtml),
        status: input.status,
        publishFrom: input.publishFrom ? new Date(input.publishFrom) : null,
        publishTo: input.publishTo ? new Date(input.publishTo) : null,
        audience: [...new Set(input.audience)].sort(),
        publishedAt: input.status === 'published' ? now : null,
      })
      .returning();
    if (row.status === 'published') await announce(notifier, tx, ctx, row);
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'news.created', target: String(row.id), detail: { title: row.title, status: row.status } }, meta);
    return one(tx, eq(news.id, row.id));
  });
}

export function updateNews(db: Db, notifier: Notifier, ctx: UserContext, id: number, input: NewsUpdate, meta: RequestMeta): Promise<NewsArticle> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(news).where(and(eq(news.id, id), authored(ctx))).for('update');
    if (!before) throw new ApiError(ErrorCode.NOT_FOUND);
    checkWindow(
      input.publishFrom !== undefined ? input.publishFrom : before.publishFrom?.toISOString(),
      input.publishTo !== undefined ? input.publishTo : before.publishTo?.toISOString(),
    );
    if (input.coverUploadId) await assertOwnImage(tx, ctx.agency.id, input.coverUploadId);
    const publishing = input.status === 'published' && before.status !== 'published';
    const [row] = await tx
      .update(news)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.summary !== undefined ? { summary: input.summary } : {}),
        ...(input.tags !== undefined ? { tags: normaliseTags(input.tags) } : {}),
        ...(input.coverUploadId !== undefined ? { coverUploadId: input.coverUploadId } : {}),
        ...(input.bodyHtml !== undefined ? { bodyHtml: sanitizeRichHtml(input.bodyHtml) } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.publishFrom !== undefined ? { publishFrom: input.publishFrom ? new Date(input.publishFrom) : null } : {}),
        ...(input.publishTo !== undefined ? { publishTo: input.publishTo ? new Date(input.publishTo) : null } : {}),
        ...(input.audience !== undefined ? { audience: [...new Set(input.audience)].sort() } : {}),
        ...(publishing && !before.publishedAt ? { publishedAt: new Date() } : {}),
        updatedAt: new Date(),
      })
      .where(eq(news.id, id))
      .returning();
    if (publishing && !before.publishedAt) await announce(notifier, tx, ctx, row);
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'news.updated', target: String(id), detail: { title: row.title, status: row.status } }, meta);
    return one(tx, eq(news.id, id));
  });
}

export function deleteNews(db: Db, ctx: UserContext, id: number, meta: RequestMeta): Promise<void> {
  return db.transaction(async (tx) => {
    const gone = await tx.delete(news).where(and(eq(news.id, id), authored(ctx))).returning({ title: news.title });
    if (gone.length === 0) throw new ApiError(ErrorCode.NOT_FOUND);
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'news.deleted', target: String(id), detail: { title: gone[0].title } }, meta);
  });
}

export async function readerTags(conn: Conn, ctx: UserContext) {
  const rows = await conn
    .select({ tag: sql<string>`t.tag`, count: sql<number>`count(*)::int` })
    .from(sql`${news} cross join lateral unnest(${news.tags}) as t(tag)`)
    .where(readable(ctx, new Date()))
    .groupBy(sql`t.tag`)
    .orderBy(sql`count(*) desc`, sql`t.tag`);
  return { data: rows.map((r) => ({ tag: r.tag, count: Number(r.count) })), total: rows.length };
}

export function registerNewsRoutes(app: FastifyInstance, deps: AccessDeps, notifier: Notifier): void {
  const tags = ['news'];
  const { db } = deps;

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.news,
    tags,
    summary: 'Published news for the caller: search, tag filter (news-by-tag), pages',
    query: newsQuery,
    response: newsPage,
    handler: ({ auth, query }) => {
      const ctx = requireAuth(auth);
      return page(db, readable(ctx, new Date()), { ...query, status: undefined });
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.newsTags,
    tags,
    summary: 'Tags of the news the caller can read, with counts',
    response: newsTags,
    handler: ({ auth }) => readerTags(db, requireAuth(auth)),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.newsItem,
    tags,
    summary: 'One published article the caller can read (404 otherwise)',
    params: idParam,
    response: newsArticle,
    handler: ({ auth, params }) => one(db, and(eq(news.id, params.id), readable(requireAuth(auth), new Date()))!),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.newsManage,
    tags,
    summary: 'The agency’s articles for writers, drafts included',
    query: newsQuery,
    response: newsPage,
    handler: ({ auth, query }) => page(db, authored(requireAuth(auth)), query),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.newsManageItem,
    tags,
    summary: 'One of the agency’s articles, draft or not',
    params: idParam,
    response: newsArticle,
    handler: ({ auth, params }) => one(db, and(eq(news.id, params.id), authored(requireAuth(auth)))!),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ADMIN_API.newsManage,
    tags,
    summary: 'Write an article (the body is sanitised; publishing notifies the audience)',
    description: 'coverUploadId must be an image uploaded by the agency. Errors: 400/41 data.reason publishWindow; 404/44 cover.',
    body: newsInput,
    response: newsArticle,
    handler: ({ auth, body, meta }) => createNews(db, notifier, requireAuth(auth), body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'PUT',
    url: ADMIN_API.newsManageItem,
    tags,
    summary: 'Change an article of the agency (first publication notifies the audience)',
    params: idParam,
    body: newsUpdate,
    response: newsArticle,
    handler: ({ auth, body, params, meta }) => updateNews(db, notifier, requireAuth(auth), params.id, body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'DELETE',
    url: ADMIN_API.newsManageItem,
    tags,
    summary: 'Delete an article of the agency',
    params: idParam,
    response: okResult,
    handler: async ({ auth, params, meta }) => {
      await deleteNews(db, requireAuth(auth), params.id, meta);
      return { ok: true as const };
    },
  });
}
