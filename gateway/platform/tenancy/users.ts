/** The signed-in user every module works with: a user with its agency, group and derived permissions. */
import { eq, sql, type SQL } from 'drizzle-orm';
import { derivePermissions, type PermissionName } from '../../../policies/permissions';
import type { Conn } from '../db/client';
import { agencies, permissionGroups, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type AgencyRow = typeof agencies.$inferSelect;

/** The fields of a user every answer that shows one carries (sign-in, own account, the users list). */
export function userFields(u: UserRow) {
  return {
    id: u.id,
    username: u.username,
    fullName: u.fullName,
    email: u.email,
    phone: u.phone,
    role: u.role,
    accountType: u.accountType,
  };
}

export interface UserContext {
  user: UserRow;
  agency: AgencyRow;
  group: { id: number; name: string; permissions: string[] } | null;
  /** Upper-case names (policies/permissions.ts). */
  permissions: PermissionName[];
}

/** The columns of a user context (users ⋈ agencies ⟕ permission_groups), read into `toUserContext`. */
export const userContextColumns = {
  user: users,
  agency: agencies,
  groupId: permissionGroups.id,
  groupName: permissionGroups.name,
  groupPermissions: permissionGroups.permissions,
};

async function loadWhere(conn: Conn, where: SQL): Promise<UserContext | null> {
  const rows = await conn
    .select(userContextColumns)
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .leftJoin(permissionGroups, eq(permissionGroups.id, users.groupId))
    .where(where)
    .limit(1);
  const row = rows[0];
  return row ? toUserContext(row) : null;
}

/** A row of users ⋈ agencies ⟕ permission_groups as the user context (the permissions derived). */
export function toUserContext(row: {
  user: UserRow;
  agency: AgencyRow;
  groupId: number | null;
  groupName: string | null;
  groupPermissions: string[] | null;
}): UserContext {
  const group =
    row.groupId !== null && row.groupName !== null
      ? { id: row.groupId, name: row.groupName, permissions: row.groupPermissions ?? [] }
      : null;
  return {
    user: row.user,
    agency: row.agency,
    group,
    permissions: derivePermissions(row.user.role, group?.permissions ?? [], row.user.extraPermissions),
  };
}

export function loadUserById(conn: Conn, id: number): Promise<UserContext | null> {
  return loadWhere(conn, eq(users.id, id));
}

/** User names are matched case-insensitively. */
export function loadUserByUsername(conn: Conn, username: string): Promise<UserContext | null> {
  return loadWhere(conn, eq(sql`lower(${users.username})`, username.toLowerCase()));
}

/** Can this user sign in at all (not locked by an administrator, agency active)? */
export function isBlocked(ctx: UserContext): boolean {
  return ctx.user.locked || ctx.agency.status !== 'active';
}
