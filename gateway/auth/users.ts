/** Reading a user with its agency and group, and the shapes the API returns for them. */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AgentInfo, MemberInfo } from '../../contract/auth';
import { derivePermissions, type PermissionName } from '../../policies/permissions';
import type { Conn } from '../db/client';
import { agencies, permissionGroups, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type AgencyRow = typeof agencies.$inferSelect;

export interface UserContext {
  user: UserRow;
  agency: AgencyRow;
  group: { id: number; name: string; permissions: string[] } | null;
  /** Upper-case names (policies/permissions.ts). */
  permissions: PermissionName[];
}

async function loadWhere(conn: Conn, where: SQL): Promise<UserContext | null> {
  const rows = await conn
    .select({
      user: users,
      agency: agencies,
      groupId: permissionGroups.id,
      groupName: permissionGroups.name,
      groupPermissions: permissionGroups.permissions,
    })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .leftJoin(permissionGroups, eq(permissionGroups.id, users.groupId))
    .where(where)
    .limit(1);
  const row = rows[0];
  if (!row) return null;
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

export function toMemberInfo(ctx: UserContext): MemberInfo {
  const u = ctx.user;
  return {
    id: u.id,
    username: u.username,
    fullName: u.fullName,
    email: u.email,
    phone: u.phone,
    role: u.role,
    accountType: u.accountType,
    groupId: ctx.group?.id ?? null,
    groupName: ctx.group?.name ?? null,
    hasPin: u.pinHash !== null,
  };
}

export function toAgentInfo(ctx: UserContext): AgentInfo {
  const a = ctx.agency;
  return {
    id: a.id,
    code: a.code,
    name: a.name,
    level: a.level,
    accountType: a.accountType,
    parentId: a.parentId,
    phone: a.phone,
    hotline: a.hotline,
    address: a.address,
  };
}

/** productKey, osi and tourCode of the login and refresh answers, present only when the agency has them. */
export function agencyExtras(ctx: UserContext): { productKey?: string; osi?: string; tourCode?: string } {
  const extras: { productKey?: string; osi?: string; tourCode?: string } = {};
  if (ctx.agency.productKey) extras.productKey = ctx.agency.productKey;
  if (ctx.agency.osi) extras.osi = ctx.agency.osi;
  if (ctx.agency.tourCode) extras.tourCode = ctx.agency.tourCode;
  return extras;
}

/** E-mail masked for display: nguyen.an@saoviet.vn → n***@s***.vn */
export function maskEmail(email: string): string {
  const [local, domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}
