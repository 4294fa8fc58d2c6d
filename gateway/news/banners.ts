/**
 * Banners (/banner: ((AGENT_F2 || ADMIN_F1) && ONLY_SHOW_NEW) || ADMIN_NEWS): image, http(s) link, order,
 * schedule, active flag, owned by the editor's agency. The home page (any signed-in user) shows the active,
 * in-schedule banners of the user's agency and its ancestors, in order.
 */
import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMIN_API } from '../../contract/admin-paths';
import { idParam } from '../../contract/agents';
import { okResult } from '../../contract/auth';
import { banner, bannerInput, bannerList, bannerUpdate, type Banner, type BannerInput, type BannerUpdate } from '../../contract/content';
import { ErrorCode } from '../../contract/errors';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { ancestorsOf, requireAuth } from '../platform/tenancy/scope';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { UserContext } from '../platform/tenancy/users';
import type { Conn, Db } from '../platform/db/client';
import { agencies, banners } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { assertOwnImage, uploadUrl } from '../uploads/service';

type Row = typeof banners.$inferSelect;

function toBanner(r: Row): Banner {
  return {
    id: r.id,
    agencyId: r.agencyId,
    title: r.title,
    imageUploadId: r.imageUploadId,
    imageUrl: uploadUrl(r.imageUploadId),
    link: r.link,
    sortOrder: r.sortOrder,
    startsAt: r.startsAt?.toISOString() ?? null,
    endsAt: r.endsAt?.toISOString() ?? null,
    active: r.active,
  };
}

const date = (v: string | null | undefined) => (v ? new Date(v) : null);

function checkSchedule(from: string | null | undefined, to: string | null | undefined): void {
  if (from && to && Date.parse(to) <= Date.parse(from)) throw new ApiError(ErrorCode.VALIDATION, { reason: 'schedule' });
}

export async function activeBanners(conn: Conn, agencyId: number, now: Date = new Date()): Promise<Banner[]> {
  const rows = await conn
    .select({ b: banners })
    .from(banners)
    .innerJoin(agencies, eq(agencies.id, banners.agencyId))
    .where(
      and(
        inArray(banners.agencyId, ancestorsOf(agencyId)),
        eq(banners.active, true),
        or(isNull(banners.startsAt), lte(banners.startsAt, now)),
        or(isNull(banners.endsAt), gt(banners.endsAt, now)),
      ),
    )
    .orderBy(asc(banners.sortOrder), asc(agencies.level), asc(banners.id));
  return rows.map((r) => toBanner(r.b));
}

async function own(conn: Conn, ctx: UserContext, id: number): Promise<Row> {
  const [row] = await conn
    .select()
    .from(banners)
    .where(and(eq(banners.id, id), eq(banners.agencyId, ctx.agency.id)))
    .for('update');
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

export function createBanner(db: Db, ctx: UserContext, input: BannerInput, meta: RequestMeta): Promise<Banner> {
  checkSchedule(input.startsAt, input.endsAt);
  return db.transaction(async (tx) => {
    await assertOwnImage(tx, ctx.agency.id, input.imageUploadId);
    const [row] = await tx
      .insert(banners)
      .values({ ...input, agencyId: ctx.agency.id, startsAt: date(input.startsAt), endsAt: date(input.endsAt) })
      .returning();
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'banner.created', target: String(row.id), detail: { title: row.title, link: row.link } }, meta);
    return toBanner(row);
  });
}

export function updateBanner(db: Db, ctx: UserContext, id: number, input: BannerUpdate, meta: RequestMeta): Promise<Banner> {
  return db.transaction(async (tx) => {
    const before = await own(tx, ctx, id);
    checkSchedule(
      input.startsAt !== undefined ? input.startsAt : before.startsAt?.toISOString(),
      input.endsAt !== undefined ? input.endsAt : before.endsAt?.toISOString(),
    );
    if (input.imageUploadId) await assertOwnImage(tx, ctx.agency.id, input.imageUploadId);
    const { startsAt, endsAt, ...rest } = input;
    const [row] = await tx
      .update(banners)
      .set({
        ...rest,
        ...(startsAt !== undefined ? { startsAt: date(startsAt) } : {}),
        ...(endsAt !== undefined ? { endsAt: date(endsAt) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(banners.id, id))
      .returning();
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'banner.updated', target: String(id), detail: { changes: input } }, meta);
    return toBanner(row);
  });
}

export function deleteBanner(db: Db, ctx: UserContext, id: number, meta: RequestMeta): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await own(tx, ctx, id);
    await tx.delete(banners).where(eq(banners.id, id));
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'banner.deleted', target: String(id), detail: { title: row.title } }, meta);
  });
}

export function registerBannerRoutes(app: FastifyInstance, deps: AccessDeps): void {
  const tags = ['banners'];
  const { db } = deps;

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.activeBanners,
    tags,
    summary: 'Active, in-schedule banners for the caller’s home page (its agency’s and its ancestors’), in order',
    response: bannerList,
    handler: async ({ auth }) => {
      const data = await activeBanners(db, requireAuth(auth).agency.id);
      return { data, total: data.length };
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.banners,
    tags,
    summary: 'Every banner of the caller’s agency',
    response: bannerList,
    handler: async ({ auth }) => {
      const ctx = requireAuth(auth);
      const rows = await db.select().from(banners).where(eq(banners.agencyId, ctx.agency.id)).orderBy(asc(banners.sortOrder), asc(banners.id));
      return { data: rows.map(toBanner), total: rows.length };
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ADMIN_API.banners,
    tags,
    summary: 'Add a banner (image uploaded by the agency; link http or https only)',
    body: bannerInput,
    response: banner,
    handler: ({ auth, body, meta }) => createBanner(db, requireAuth(auth), body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'PUT',
    url: ADMIN_API.banner,
    tags,
    summary: 'Change a banner of the agency',
    params: idParam,
    body: bannerUpdate,
    response: banner,
    handler: ({ auth, body, params, meta }) => updateBanner(db, requireAuth(auth), params.id, body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'DELETE',
    url: ADMIN_API.banner,
    tags,
    summary: 'Remove a banner of the agency',
    params: idParam,
    response: okResult,
    handler: async ({ auth, params, meta }) => {
      await deleteBanner(db, requireAuth(auth), params.id, meta);
      return { ok: true as const };
    },
  });
}
