/**
 * Online support (/agent/online-support, ADMIN_F1: the agency's contacts; /agent/online-support-config,
 * open: the contacts shown to the caller in the floating panel). An agency without contacts of its own shows
 * those of its nearest ancestor that has any (a sub-agency its F1's).
 */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMIN_API } from '../../contract/admin-paths';
import { idParam } from '../../contract/agents';
import { okResult } from '../../contract/auth';
import {
  supportContact,
  supportInput,
  supportList,
  supportUpdate,
  type SupportContact,
  type SupportInput,
  type SupportList,
  type SupportUpdate,
} from '../../contract/content';
import { ErrorCode } from '../../contract/errors';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { ancestorsOf, requireAuth } from '../platform/tenancy/scope';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { UserContext } from '../platform/tenancy/users';
import type { Conn, Db } from '../platform/db/client';
import { agencies, supportContacts } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';

type Row = typeof supportContacts.$inferSelect;

const toContact = (r: Row): SupportContact => ({
  id: r.id,
  agencyId: r.agencyId,
  name: r.name,
  phone: r.phone,
  zalo: r.zalo,
  hours: r.hours,
  topic: r.topic,
  sortOrder: r.sortOrder,
  active: r.active,
});

/** The active contacts shown to users of `agencyId`: its own, else its nearest ancestor's. */
export async function supportPanelFor(conn: Conn, agencyId: number): Promise<SupportList> {
  const [owner] = await conn
    .select({ id: agencies.id })
    .from(agencies)
    .innerJoin(supportContacts, and(eq(supportContacts.agencyId, agencies.id), eq(supportContacts.active, true)))
    .where(inArray(agencies.id, ancestorsOf(agencyId)))
    .groupBy(agencies.id, agencies.level)
    .orderBy(desc(agencies.level))
    .limit(1);
  if (!owner) return { data: [], total: 0, inherited: false };
  const rows = await conn
    .select()
    .from(supportContacts)
    .where(and(eq(supportContacts.agencyId, owner.id), eq(supportContacts.active, true)))
    .orderBy(asc(supportContacts.sortOrder), asc(supportContacts.id));
  return { data: rows.map(toContact), total: rows.length, inherited: owner.id !== agencyId };
}

async function own(conn: Conn, ctx: UserContext, id: number): Promise<Row> {
  const [row] = await conn
    .select()
    .from(supportContacts)
    .where(and(eq(supportContacts.id, id), eq(supportContacts.agencyId, ctx.agency.id)))
    .for('update');
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

export async function insertSupportContact(conn: Conn, agencyId: number, input: SupportInput): Promise<Row> {
  const [row] = await conn
    .insert(supportContacts)
    .values({ ...input, agencyId })
    .returning();
  return row;
}

export function createSupport(db: Db, ctx: UserContext, input: SupportInput, meta: RequestMeta): Promise<SupportContact> {
  return db.transaction(async (tx) => {
    const [n] = await tx.select({ n: count() }).from(supportContacts).where(eq(supportContacts.agencyId, ctx.agency.id));
    if ((n?.n ?? 0) >= 50) throw new ApiError(ErrorCode.VALIDATION, { reason: 'tooMany', max: 50 });
    const row = await insertSupportContact(tx, ctx.agency.id, input);
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'support.created', target: String(row.id), detail: { name: row.name } }, meta);
    return toContact(row);
  });
}

export function updateSupport(db: Db, ctx: UserContext, id: number, input: SupportUpdate, meta: RequestMeta): Promise<SupportContact> {
  return db.transaction(async (tx) => {
    await own(tx, ctx, id);
    const [row] = await tx
      .update(supportContacts)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(supportContacts.id, id))
      .returning();
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'support.updated', target: String(id), detail: { changes: input } }, meta);
    return toContact(row);
  });
}

export function deleteSupport(db: Db, ctx: UserContext, id: number, meta: RequestMeta): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await own(tx, ctx, id);
    await tx.delete(supportContacts).where(eq(supportContacts.id, id));
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'support.deleted', target: String(id), detail: { name: row.name } }, meta);
  });
}

export function registerSupportRoutes(app: FastifyInstance, deps: AccessDeps): void {
  const tags = ['online-support'];
  const { db } = deps;

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.supportPanel,
    tags,
    summary: 'Support contacts shown to the caller (its agency’s, else inherited from the nearest ancestor)',
    response: supportList,
    handler: ({ auth }) => supportPanelFor(db, requireAuth(auth).agency.id),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.supportContacts,
    tags,
    summary: 'Every support contact of the caller’s agency, inactive included',
    response: supportList,
    handler: async ({ auth }) => {
      const ctx = requireAuth(auth);
      const rows = await db
        .select()
        .from(supportContacts)
        .where(eq(supportContacts.agencyId, ctx.agency.id))
        .orderBy(asc(supportContacts.sortOrder), asc(supportContacts.id));
      return { data: rows.map(toContact), total: rows.length, inherited: false };
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ADMIN_API.supportContacts,
    tags,
    summary: 'Add a support contact',
    body: supportInput,
    response: supportContact,
    handler: ({ auth, body, meta }) => createSupport(db, requireAuth(auth), body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'PUT',
    url: ADMIN_API.supportContact,
    tags,
    summary: 'Change a support contact',
    params: idParam,
    body: supportUpdate,
    response: supportContact,
    handler: ({ auth, body, params, meta }) => updateSupport(db, requireAuth(auth), params.id, body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'DELETE',
    url: ADMIN_API.supportContact,
    tags,
    summary: 'Remove a support contact',
    params: idParam,
    response: okResult,
    handler: async ({ auth, params, meta }) => {
      await deleteSupport(db, requireAuth(auth), params.id, meta);
      return { ok: true as const };
    },
  });
}
