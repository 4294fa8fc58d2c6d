/**
 * Sub-agencies: the F2s of an F1 (/agent/config-f2, ADMIN_F1) and the children of an F2
 * (/agent/config-child, ADMIN_F2 && CHILD_AGENT_MANAGER). Both manage the DIRECT children of the caller's
 * agency: create, edit, suspend, credit limit and products. A child's products are a subset of its
 * parent's. Suspending an agency blocks its users at once (their tokens and refreshes are refused).
 */
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMIN_API } from '../../contract/admin-paths';
import {
  agencyStatusRequest,
  idParam,
  subAgency,
  subAgencyCreate,
  subAgencyPage,
  subAgencyQuery,
  subAgencyUpdate,
  type SubAgency,
  type SubAgencyCreate,
  type SubAgencyPage,
  type SubAgencyQuery,
  type SubAgencyUpdate,
} from '../../contract/agents';
import { ErrorCode } from '../../contract/errors';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { writeAudit, type RequestMeta } from '../platform/audit';
import { revokeAllOfUser } from '../auth/service';
import type { UserContext } from '../platform/tenancy/users';
import { isUniqueViolation, type Conn, type Db } from '../platform/db/client';
import { agencies, users, type AgencyStatus } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { requireAuth } from '../platform/tenancy/scope';
import { containsPattern } from '../platform/db/like';

type AgencyRow = typeof agencies.$inferSelect;

const userCount = sql<number>`(select count(*)::int from ${users} where ${users.agencyId} = ${agencies.id})`;
const childCount = sql<number>`(select count(*)::int from ${agencies} c where c.parent_id = ${agencies.id})`;

function toSubAgency(a: AgencyRow, usersN: number, childrenN: number): SubAgency {
  return {
    id: a.id,
    parentId: a.parentId,
    code: a.code,
    name: a.name,
    level: a.level,
    accountType: a.accountType,
    status: a.status,
    phone: a.phone,
    hotline: a.hotline,
    address: a.address,
    email: a.email,
    creditLimit: a.creditLimit,
    products: a.products,
    users: Number(usersN),
    children: Number(childrenN),
    createdAt: a.createdAt.toISOString(),
  };
}

export async function listChildren(conn: Conn, ctx: UserContext, q: SubAgencyQuery): Promise<SubAgencyPage> {
  const filters: SQL[] = [eq(agencies.parentId, ctx.agency.id)];
  if (q.q) {
    const like = containsPattern(q.q);
    filters.push(or(ilike(agencies.code, like), ilike(agencies.name, like), ilike(agencies.phone, like), ilike(agencies.email, like))!);
  }
  if (q.status) filters.push(eq(agencies.status, q.status));
  const where = and(...filters);
  const [total] = await conn.select({ n: count() }).from(agencies).where(where);
  const rows = await conn
    .select({ a: agencies, users: userCount, children: childCount })
    .from(agencies)
    .where(where)
    .orderBy(asc(agencies.code))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { data: rows.map((r) => toSubAgency(r.a, r.users, r.children)), total: total?.n ?? 0 };
}

async function child(conn: Conn, ctx: UserContext, id: number, lock = false): Promise<AgencyRow> {
  const q = conn
    .select()
    .from(agencies)
    .where(and(eq(agencies.id, id), eq(agencies.parentId, ctx.agency.id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

export async function getChild(conn: Conn, ctx: UserContext, id: number): Promise<SubAgency> {
  const [row] = await conn
    .select({ a: agencies, users: userCount, children: childCount })
    .from(agencies)
    .where(and(eq(agencies.id, id), eq(agencies.parentId, ctx.agency.id)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return toSubAgency(row.a, row.users, row.children);
}

function assertProducts(ctx: UserContext, products: readonly string[] | undefined): void {
  if (!products) return;
  const exceeding = products.filter((p) => !ctx.agency.products.includes(p as never));
  if (exceeding.length > 0) throw new ApiError(ErrorCode.GRANT_EXCEEDS, { products: exceeding });
}

export function createChild(db: Db, ctx: UserContext, input: SubAgencyCreate, meta: RequestMeta): Promise<SubAgency> {
  assertProducts(ctx, input.products);
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(agencies)
        .values({ ...input, products: [...new Set(input.products)], parentId: ctx.agency.id, level: ctx.agency.level + 1 })
        .returning();
      await writeAudit(tx, { userId: ctx.user.id, agencyId: row.id, action: 'agency.created', target: row.code, detail: { ...input } }, meta);
      return toSubAgency(row, 0, 0);
    })
    .catch((e: unknown) => {
      if (isUniqueViolation(e)) throw new ApiError(ErrorCode.CONFLICT, { reason: 'codeTaken' });
      throw e;
    });
}

export function updateChild(db: Db, ctx: UserContext, id: number, input: SubAgencyUpdate, meta: RequestMeta): Promise<SubAgency> {
  assertProducts(ctx, input.products);
  return db.transaction(async (tx) => {
    const before = await child(tx, ctx, id, true);
    await tx
      .update(agencies)
      .set({ ...input, ...(input.products ? { products: [...new Set(input.products)] } : {}), updatedAt: new Date() })
      .where(eq(agencies.id, id));
    await writeAudit(
      tx,
      { userId: ctx.user.id, agencyId: id, action: 'agency.updated', target: before.code, detail: { changes: input, before: { creditLimit: before.creditLimit, products: before.products } } },
      meta,
    );
    return getChild(tx, ctx, id);
  });
}

export function setChildStatus(db: Db, ctx: UserContext, id: number, status: AgencyStatus, meta: RequestMeta): Promise<SubAgency> {
  return db.transaction(async (tx) => {
    const before = await child(tx, ctx, id, true);
    const now = new Date();
    await tx.update(agencies).set({ status, updatedAt: now }).where(eq(agencies.id, id));
    if (status === 'suspended') {
      const members = await tx.select({ id: users.id }).from(users).where(eq(users.agencyId, id));
      for (const m of members) await revokeAllOfUser(tx, m.id, now);
    }
    await writeAudit(tx, { userId: ctx.user.id, agencyId: id, action: 'agency.status_changed', target: before.code, detail: { from: before.status, to: status } }, meta);
    return getChild(tx, ctx, id);
  });
}

function registerSet(
  app: FastifyInstance,
  deps: AccessDeps,
  paths: { list: string; item: string; status: string },
  what: string,
): void {
  const tags = ['agencies'];
  const { db } = deps;
  defineEndpoint(app, deps, {
    method: 'GET',
    url: paths.list,
    tags,
    summary: `${what} of the caller’s agency (its direct children)`,
    query: subAgencyQuery,
    response: subAgencyPage,
    handler: ({ auth, query }) => listChildren(db, requireAuth(auth), query),
  });
  defineEndpoint(app, deps, {
    method: 'GET',
    url: paths.item,
    tags,
    summary: `One of the ${what.toLowerCase()}`,
    params: idParam,
    response: subAgency,
    handler: ({ auth, params }) => getChild(db, requireAuth(auth), params.id),
  });
  defineEndpoint(app, deps, {
    method: 'POST',
    url: paths.list,
    tags,
    summary: `Create one of the ${what.toLowerCase()} (level = caller’s level + 1)`,
    description: 'Errors: 400/60 products the caller’s agency may not sell (data.products); 409/49 code taken.',
    body: subAgencyCreate,
    response: subAgency,
    handler: ({ auth, body, meta }) => createChild(db, requireAuth(auth), body, meta),
  });
  defineEndpoint(app, deps, {
    method: 'PUT',
    url: paths.item,
    tags,
    summary: `Change one of the ${what.toLowerCase()} (contact, credit limit, products)`,
    params: idParam,
    body: subAgencyUpdate,
    response: subAgency,
    handler: ({ auth, body, params, meta }) => updateChild(db, requireAuth(auth), params.id, body, meta),
  });
  defineEndpoint(app, deps, {
    method: 'POST',
    url: paths.status,
    tags,
    summary: `Suspend or reactivate one of the ${what.toLowerCase()}; suspension ends its users’ sign-ins at once`,
    params: idParam,
    body: agencyStatusRequest,
    response: subAgency,
    handler: ({ auth, body, params, meta }) => setChildStatus(db, requireAuth(auth), params.id, body.status, meta),
  });
}

export function registerAgencyRoutes(app: FastifyInstance, deps: AccessDeps): void {
  registerSet(app, deps, { list: ADMIN_API.subAgencies, item: ADMIN_API.subAgency, status: ADMIN_API.subAgencyStatus }, 'F2 sub-agencies');
  registerSet(app, deps, { list: ADMIN_API.childAgencies, item: ADMIN_API.childAgency, status: ADMIN_API.childAgencyStatus }, 'Child agencies');
}
