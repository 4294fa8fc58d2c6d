/**
 * Permission groups (/system/group-permissions, ADMIN_F1): named sets of permission strings owned by the
 * caller's agency. A group's strings must be grantable by the caller (grants.ts); a group with members cannot
 * be deleted (409, data.members). Members see a change on their next request (the gateway derives
 * permissions per request) and in the portal at their next token refresh.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMIN_API } from '../../contract/admin-paths';
import { groupInput, groupList, groupUpdate, idParam, permissionGroup, type GroupInput, type GroupUpdate, type PermissionGroup } from '../../contract/agents';
import { okResult } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { UserContext } from '../platform/tenancy/users';
import { isUniqueViolation, type Conn, type Db } from '../platform/db/client';
import { permissionGroups, users } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { requireAuth } from '../platform/tenancy/scope';
import { assertGrantable } from './grants';

type GroupRow = typeof permissionGroups.$inferSelect;

function toGroup(row: GroupRow, members: number): PermissionGroup {
  return {
    id: row.id,
    agencyId: row.agencyId,
    name: row.name,
    description: row.description,
    permissions: row.permissions,
    members,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function memberCount(conn: Conn, groupId: number): Promise<number> {
  const [row] = await conn.select({ n: count() }).from(users).where(eq(users.groupId, groupId));
  return row?.n ?? 0;
}

async function ownGroup(conn: Conn, ctx: UserContext, id: number, lock = false): Promise<GroupRow> {
  const q = conn
    .select()
    .from(permissionGroups)
    .where(and(eq(permissionGroups.id, id), eq(permissionGroups.agencyId, ctx.agency.id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

export async function listGroups(conn: Conn, ctx: UserContext): Promise<PermissionGroup[]> {
  const rows = await conn
    .select({ group: permissionGroups, members: count(users.id) })
    .from(permissionGroups)
    .leftJoin(users, eq(users.groupId, permissionGroups.id))
    .where(eq(permissionGroups.agencyId, ctx.agency.id))
    .groupBy(permissionGroups.id)
    .orderBy(asc(permissionGroups.name));
  return rows.map((r) => toGroup(r.group, r.members));
}

function uniqueName<T>(p: Promise<T>): Promise<T> {
  return p.catch((e: unknown) => {
    if (isUniqueViolation(e)) throw new ApiError(ErrorCode.CONFLICT, { reason: 'nameTaken' });
    throw e;
  });
}

export function createGroup(db: Db, ctx: UserContext, input: GroupInput, meta: RequestMeta): Promise<PermissionGroup> {
  assertGrantable(ctx, input.permissions);
  return uniqueName(
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(permissionGroups)
        .values({ agencyId: ctx.agency.id, name: input.name, description: input.description, permissions: [...new Set(input.permissions)].sort() })
        .returning();
      await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'group.created', target: row.name, detail: { id: row.id, permissions: row.permissions } }, meta);
      return toGroup(row, 0);
    }),
  );
}

export function updateGroup(db: Db, ctx: UserContext, id: number, input: GroupUpdate, meta: RequestMeta): Promise<PermissionGroup> {
  return uniqueName(
    db.transaction(async (tx) => {
      const before = await ownGroup(tx, ctx, id, true);
      if (input.permissions) assertGrantable(ctx, input.permissions, before.permissions);
      const [row] = await tx
        .update(permissionGroups)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.permissions ? { permissions: [...new Set(input.permissions)].sort() } : {}),
          updatedAt: new Date(),
        })
        .where(eq(permissionGroups.id, id))
        .returning();
      await writeAudit(
        tx,
        { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'group.updated', target: row.name, detail: { id, before: before.permissions, after: row.permissions } },
        meta,
      );
      return toGroup(row, await memberCount(tx, id));
    }),
  );
}

export function deleteGroup(db: Db, ctx: UserContext, id: number, meta: RequestMeta): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await ownGroup(tx, ctx, id, true);
    const members = await memberCount(tx, id);
    if (members > 0) throw new ApiError(ErrorCode.CONFLICT, { reason: 'groupInUse', members });
    await tx.delete(permissionGroups).where(eq(permissionGroups.id, id));
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'group.deleted', target: row.name, detail: { id } }, meta);
  });
}

export function registerGroupRoutes(app: FastifyInstance, deps: AccessDeps): void {
  const tags = ['groups'];
  const { db } = deps;

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.groups,
    tags,
    summary: 'Permission groups of the caller’s agency, with member counts',
    response: groupList,
    handler: async ({ auth }) => {
      const data = await listGroups(db, requireAuth(auth));
      return { data, total: data.length };
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.group,
    tags,
    summary: 'One permission group',
    params: idParam,
    response: permissionGroup,
    handler: async ({ auth, params }) => {
      const ctx = requireAuth(auth);
      return toGroup(await ownGroup(db, ctx, params.id), await memberCount(db, params.id));
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ADMIN_API.groups,
    tags,
    summary: 'Create a permission group',
    description: 'Errors: 400/60 a permission the caller does not hold; 409/49 the name is taken (data.reason nameTaken).',
    body: groupInput,
    response: permissionGroup,
    handler: ({ auth, body, meta }) => createGroup(db, requireAuth(auth), body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'PUT',
    url: ADMIN_API.group,
    tags,
    summary: 'Change a permission group (members see it on their next request)',
    description: 'Only strings newly added are checked against the caller’s own. Errors: 400/60, 404/44, 409/49.',
    params: idParam,
    body: groupUpdate,
    response: permissionGroup,
    handler: ({ auth, body, params, meta }) => updateGroup(db, requireAuth(auth), params.id, body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'DELETE',
    url: ADMIN_API.group,
    tags,
    summary: 'Delete a permission group without members',
    description: 'Errors: 409/49 the group still has members (data.reason groupInUse, data.members); 404/44.',
    params: idParam,
    response: okResult,
    handler: async ({ auth, params, meta }) => {
      await deleteGroup(db, requireAuth(auth), params.id, meta);
      return { ok: true as const };
    },
  });
}
