/**
 * Users of the caller's scope (/agent/ticketing-management, /agent/child-ticketing-management): list with
 * search, filters, sorting and pages; create, edit, lock, unlock, reset password. An administrator never
 * edits, locks or resets itself here (its own profile and password have their endpoints), nor a
 * super_admin unless it is one. Locking and resetting end every sign-in of the user at once.
 */
import { randomInt } from 'node:crypto';
import { and, asc, count, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMIN_API } from '../../contract/admin-paths';
import {
  PERMISSION_LABELS,
  PRODUCTS,
  adminUser,
  agentOptions,
  idParam,
  lockRequest,
  resetPasswordRequest,
  resetPasswordResult,
  userCreate,
  userCreated,
  userListQuery,
  userPage,
  userUpdate,
  USER_SORTS,
  type AdminUser,
  type AgentOptions,
  type UserCreate,
  type UserListQuery,
  type UserPage,
  type UserUpdate,
} from '../../contract/agents';
import { ACCOUNT_TYPES } from '../../contract/auth';
import { parseSort } from '../../contract/list';
import { ErrorCode } from '../../contract/errors';
import { PERMISSION_STRINGS, PERMISSION_STRING_TO_NAME, derivePermissions } from '../../policies/permissions';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { writeAudit, type RequestMeta } from '../platform/audit';
import { hashPassword } from '../platform/passwords';
import { revokeAllOfUser } from '../auth/service';
import { userFields, type UserContext } from '../platform/tenancy/users';
import { isUniqueViolation, type Conn, type Db } from '../platform/db/client';
import { agencies, permissionGroups, users } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { ancestorsOf, assertInScope, requireAuth, scopeOf } from '../platform/tenancy/scope';
import { ROLES_BY_LEVEL, assertGrantable, assertRoleFits, assignableGroup, grantableStrings } from './grants';
import { containsPattern } from '../platform/db/like';

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const SPECIAL = '!@#$%^&*';

/** A 12-character password meeting the rule of spec point 5. */
export function generatePassword(): string {
  const pick = (set: string) => set[randomInt(0, set.length)];
  const all = UPPER + LOWER + DIGITS + SPECIAL;
  const chars = [pick(UPPER), pick(DIGITS), pick(SPECIAL), ...Array.from({ length: 9 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(0, i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

const selection = {
  user: users,
  agencyCode: agencies.code,
  agencyName: agencies.name,
  agencyLevel: agencies.level,
  groupName: permissionGroups.name,
  groupPermissions: permissionGroups.permissions,
};

type Joined = {
  user: typeof users.$inferSelect;
  agencyCode: string;
  agencyName: string;
  agencyLevel: number;
  groupName: string | null;
  groupPermissions: string[] | null;
};

function toAdminUser(r: Joined): AdminUser {
  const u = r.user;
  return {
    ...userFields(u),
    agencyId: u.agencyId,
    agencyCode: r.agencyCode,
    agencyName: r.agencyName,
    agencyLevel: r.agencyLevel,
    groupId: u.groupId,
    groupName: r.groupName,
    extraPermissions: u.extraPermissions,
    permissions: derivePermissions(u.role, r.groupPermissions ?? [], u.extraPermissions),
    locked: u.locked,
    lockedReason: u.lockedReason,
    mustChangePassword: u.mustChangePassword,
    hasPin: u.pinHash !== null,
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
  };
}

function joined(conn: Conn) {
  return conn
    .select(selection)
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .leftJoin(permissionGroups, eq(permissionGroups.id, users.groupId));
}

type UserSort = (typeof USER_SORTS)[number];

const SORT_COLUMNS: Record<UserSort, SQL | AnyColumn> = {
  username: sql`lower(${users.username})`,
  fullName: users.fullName,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  role: users.role,
  agency: agencies.code,
} as const;

export async function listUsers(conn: Conn, ctx: UserContext, q: UserListQuery): Promise<UserPage> {
  const filters: SQL[] = [inArray(users.agencyId, scopeOf(ctx))];
  if (ctx.user.role !== 'super_admin') filters.push(sql`${users.role} <> 'super_admin'`);
  if (q.q) {
    const like = containsPattern(q.q);
    filters.push(or(ilike(users.username, like), ilike(users.fullName, like), ilike(users.phone, like), ilike(users.email, like))!);
  }
  if (q.agencyId) filters.push(eq(users.agencyId, q.agencyId));
  if (q.role) filters.push(eq(users.role, q.role));
  if (q.accountType) filters.push(eq(users.accountType, q.accountType));
  if (q.status) filters.push(eq(users.locked, q.status === 'locked'));
  const where = and(...filters);
  const [total] = await conn.select({ n: count() }).from(users).innerJoin(agencies, eq(agencies.id, users.agencyId)).where(where);
  const order = parseSort<UserSort>(q.sort).map(({ field, desc }) => {
    const column = SORT_COLUMNS[field];
    return desc ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  });
  const rows = await joined(conn)
    .where(where)
    .orderBy(...order, asc(users.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { data: rows.map(toAdminUser), total: total?.n ?? 0 };
}

/** A user of the caller's scope (404 otherwise), optionally locked for update. */
async function scopedUser(conn: Conn, ctx: UserContext, id: number): Promise<Joined> {
  const [row] = await joined(conn).where(and(eq(users.id, id), inArray(users.agencyId, scopeOf(ctx))));
  if (!row || (row.user.role === 'super_admin' && ctx.user.role !== 'super_admin')) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

export async function getUser(conn: Conn, ctx: UserContext, id: number): Promise<AdminUser> {
  return toAdminUser(await scopedUser(conn, ctx, id));
}

function notSelf(ctx: UserContext, id: number): void {
  if (ctx.user.id === id) throw new ApiError(ErrorCode.CONFLICT, { reason: 'self' });
}

async function agencyLevel(conn: Conn, agencyId: number): Promise<number> {
  const [row] = await conn.select({ level: agencies.level }).from(agencies).where(eq(agencies.id, agencyId));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'agency' });
  return row.level;
}

function usernameTaken<T>(p: Promise<T>): Promise<T> {
  return p.catch((e: unknown) => {
    if (isUniqueViolation(e)) throw new ApiError(ErrorCode.CONFLICT, { reason: 'usernameTaken' });
    throw e;
  });
}

export async function createManagedUser(db: Db, ctx: UserContext, input: UserCreate, meta: RequestMeta) {
  const generated = input.password ? undefined : generatePassword();
  const passwordHash = await hashPassword(input.password ?? generated!);
  const user = await usernameTaken(
    db.transaction(async (tx) => {
      await assertInScope(tx, ctx, input.agencyId);
      assertRoleFits(input.role, await agencyLevel(tx, input.agencyId));
      const groupStrings = input.groupId ? await assignableGroup(tx, input.groupId, input.agencyId) : [];
      assertGrantable(ctx, [...groupStrings, ...input.extraPermissions]);
      const [row] = await tx
        .insert(users)
        .values({
          agencyId: input.agencyId,
          username: input.username,
          passwordHash,
          fullName: input.fullName,
          email: input.email,
          phone: input.phone,
          role: input.role,
          accountType: input.accountType,
          groupId: input.groupId,
          extraPermissions: [...new Set(input.extraPermissions)].sort(),
          mustChangePassword: true,
        })
        .returning({ id: users.id });
      await writeAudit(
        tx,
        {
          userId: ctx.user.id,
          agencyId: input.agencyId,
          action: 'user.created',
          target: input.username,
          detail: { id: row.id, role: input.role, groupId: input.groupId, extraPermissions: input.extraPermissions },
        },
        meta,
      );
      return getUser(tx, ctx, row.id);
    }),
  );
  return generated ? { user, generatedPassword: generated } : { user };
}

export function updateManagedUser(db: Db, ctx: UserContext, id: number, input: UserUpdate, meta: RequestMeta): Promise<AdminUser> {
  notSelf(ctx, id);
  return db.transaction(async (tx) => {
    const before = await scopedUser(tx, ctx, id);
    const b = before.user;
    const agencyId = input.agencyId ?? b.agencyId;
    if (agencyId !== b.agencyId) await assertInScope(tx, ctx, agencyId);
    const role = input.role ?? b.role;
    if (input.role !== undefined || agencyId !== b.agencyId) assertRoleFits(role, await agencyLevel(tx, agencyId));
    const groupId = input.groupId !== undefined ? input.groupId : b.groupId;
    const groupStrings = groupId !== null ? await assignableGroup(tx, groupId, agencyId) : [];
    const extras = input.extraPermissions ?? b.extraPermissions;
    assertGrantable(ctx, [...groupStrings, ...extras], [...(before.groupPermissions ?? []), ...b.extraPermissions]);
    await tx
      .update(users)
      .set({
        ...(input.fullName !== undefined ? { fullName: input.fullName } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
        ...(input.accountType !== undefined ? { accountType: input.accountType } : {}),
        role,
        agencyId,
        groupId,
        extraPermissions: [...new Set(extras)].sort(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id));
    const after = await getUser(tx, ctx, id);
    await writeAudit(
      tx,
      { userId: ctx.user.id, agencyId, action: 'user.updated', target: b.username, detail: { id, changes: input, before: { role: b.role, groupId: b.groupId, agencyId: b.agencyId, extraPermissions: b.extraPermissions } } },
      meta,
    );
    return after;
  });
}

export function setLocked(db: Db, ctx: UserContext, id: number, locked: boolean, reason: string | null, meta: RequestMeta): Promise<AdminUser> {
  notSelf(ctx, id);
  return db.transaction(async (tx) => {
    const before = await scopedUser(tx, ctx, id);
    const now = new Date();
    await tx
      .update(users)
      .set({ locked, lockedReason: locked ? reason : null, updatedAt: now })
      .where(eq(users.id, id));
    if (locked) await revokeAllOfUser(tx, id, now);
    await writeAudit(
      tx,
      { userId: ctx.user.id, agencyId: before.user.agencyId, action: locked ? 'user.locked' : 'user.unlocked', target: before.user.username, detail: { id, reason } },
      meta,
    );
    return getUser(tx, ctx, id);
  });
}

export async function resetManagedPassword(db: Db, ctx: UserContext, id: number, password: string | undefined, meta: RequestMeta) {
  notSelf(ctx, id);
  const generated = password ? undefined : generatePassword();
  const passwordHash = await hashPassword(password ?? generated!);
  await db.transaction(async (tx) => {
    const before = await scopedUser(tx, ctx, id);
    const now = new Date();
    await tx.update(users).set({ passwordHash, mustChangePassword: true, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, id));
    await revokeAllOfUser(tx, id, now);
    await writeAudit(tx, { userId: ctx.user.id, agencyId: before.user.agencyId, action: 'user.password_reset', target: before.user.username, detail: { id, generated: !password } }, meta);
  });
  return generated ? { ok: true as const, generatedPassword: generated } : { ok: true as const };
}

export async function agentOptionsFor(conn: Conn, ctx: UserContext): Promise<AgentOptions> {
  const scoped = await conn
    .select({ id: agencies.id, code: agencies.code, name: agencies.name, level: agencies.level, parentId: agencies.parentId, status: agencies.status })
    .from(agencies)
    .where(inArray(agencies.id, scopeOf(ctx)))
    .orderBy(asc(agencies.level), asc(agencies.code));
  // Groups owned by an agency in scope or above the caller's agency (a user may get a group of its own agency or an ancestor).
  const groups = await conn
    .select({ id: permissionGroups.id, agencyId: permissionGroups.agencyId, name: permissionGroups.name, permissions: permissionGroups.permissions })
    .from(permissionGroups)
    .where(or(inArray(permissionGroups.agencyId, scopeOf(ctx)), inArray(permissionGroups.agencyId, ancestorsOf(ctx.agency.id))))
    .orderBy(asc(permissionGroups.agencyId), asc(permissionGroups.name));
  const grantable = new Set<string>(grantableStrings(ctx));
  return {
    agencies: scoped,
    groups,
    permissions: PERMISSION_STRINGS.map((value) => ({
      value,
      name: PERMISSION_STRING_TO_NAME[value],
      vi: PERMISSION_LABELS[value]?.vi ?? value,
      en: PERMISSION_LABELS[value]?.en ?? value,
      grantable: grantable.has(value),
    })),
    rolesByLevel: ROLES_BY_LEVEL,
    accountTypes: [...ACCOUNT_TYPES],
    products: [...PRODUCTS],
  };
}

export function registerUserRoutes(app: FastifyInstance, deps: AccessDeps): void {
  const tags = ['agents'];
  const { db } = deps;

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.agentOptions,
    tags,
    summary: 'What the caller may assign: agencies in scope, groups, permission strings (vi/en, grantable), roles',
    response: agentOptions,
    handler: ({ auth }) => agentOptionsFor(db, requireAuth(auth)),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.users,
    tags,
    summary: 'Users of the caller’s scope: search, filters, sorting, pages',
    description:
      'Scope: ADMIN_F1, or ADMIN_F2 with CHILD_AGENT_MANAGER, sees its agency and every agency below; other ADMIN_F2 its own agency. ' +
      '`q` searches user name, full name, phone and e-mail.',
    query: userListQuery,
    response: userPage,
    handler: ({ auth, query }) => listUsers(db, requireAuth(auth), query),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.user,
    tags,
    summary: 'One user of the caller’s scope',
    params: idParam,
    response: adminUser,
    handler: ({ auth, params }) => getUser(db, requireAuth(auth), params.id),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ADMIN_API.users,
    tags,
    summary: 'Create a user (must change the password at first sign-in)',
    description:
      'Without `password` one meeting the rule is generated and returned once. The role must fit the level of the agency ' +
      '(data.reason roleNotForLevel). Errors: 400/60 group or extra permissions beyond the caller’s; 404/44 agency or group ' +
      'out of scope; 409/49 user name taken.',
    body: userCreate,
    response: userCreated,
    handler: ({ auth, body, meta }) => createManagedUser(db, requireAuth(auth), body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'PUT',
    url: ADMIN_API.user,
    tags,
    summary: 'Change a user (contact, role, account type, agency, group, extra permissions)',
    description: 'Only permission strings newly given are checked against the caller’s. Not on oneself (409/49 data.reason self).',
    params: idParam,
    body: userUpdate,
    response: adminUser,
    handler: ({ auth, body, params, meta }) => updateManagedUser(db, requireAuth(auth), params.id, body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ADMIN_API.userLock,
    tags,
    summary: 'Lock a user: its tokens stop working at once and its sign-ins are revoked',
    params: idParam,
    body: lockRequest,
    response: adminUser,
    handler: ({ auth, body, params, meta }) => setLocked(db, requireAuth(auth), params.id, true, body.reason, meta),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ADMIN_API.userUnlock,
    tags,
    summary: 'Unlock a user',
    params: idParam,
    response: adminUser,
    handler: ({ auth, params, meta }) => setLocked(db, requireAuth(auth), params.id, false, null, meta),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ADMIN_API.userResetPassword,
    tags,
    summary: 'Reset a user’s password (generated when not given); the user must change it at next sign-in',
    params: idParam,
    body: resetPasswordRequest,
    response: resetPasswordResult,
    handler: ({ auth, body, params, meta }) => resetManagedPassword(db, requireAuth(auth), params.id, body.password, meta),
  });
}
