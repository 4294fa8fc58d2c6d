/**
 * What an administrator may grant (docs/admin-model.md): a permission string only when it holds the string's
 * name itself (super_admin may grant all). Role names (ADMIN_F1, AGENT_F2, ...) are never granted by strings:
 * they come from the role, which follows the level of the user's agency. On an update only the strings newly
 * added are checked, so an administrator can still edit a user who holds more than it does. A string that only
 * restricts its holder (use_pin_code: money actions ask for the holder's PIN) grants no power: any
 * administrator may give it, so an F1 administrator can staff its own agency's PIN-confirmed groups.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Role } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import { PERMISSION_STRINGS, PERMISSION_STRING_TO_NAME, isPermissionString, type PermissionString } from '../../policies/permissions';
import type { Conn } from '../platform/db/client';
import { permissionGroups } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { ancestorsOf } from '../platform/tenancy/scope';
import type { UserContext } from '../platform/tenancy/users';

/** Strings that restrict the holder rather than empower it: grantable by every administrator. */
export const RESTRICTING_STRINGS: readonly PermissionString[] = ['use_pin_code'];

/** The permission strings the caller may grant. */
export function grantableStrings(ctx: UserContext): PermissionString[] {
  if (ctx.user.role === 'super_admin') return [...PERMISSION_STRINGS];
  const held = new Set<string>(ctx.permissions);
  return PERMISSION_STRINGS.filter((s) => held.has(PERMISSION_STRING_TO_NAME[s]) || RESTRICTING_STRINGS.includes(s));
}

/** Unknown strings → 400/41; strings newly granted (not in `before`) beyond the caller's → 400/60. */
export function assertGrantable(ctx: UserContext, after: readonly string[], before: readonly string[] = []): void {
  const unknown = after.filter((s) => !isPermissionString(s));
  if (unknown.length > 0) throw new ApiError(ErrorCode.VALIDATION, { reason: 'unknownPermission', permissions: unknown });
  const grantable = new Set<string>(grantableStrings(ctx));
  const had = new Set(before);
  const exceeding = [...new Set(after)].filter((s) => !had.has(s) && !grantable.has(s));
  if (exceeding.length > 0) throw new ApiError(ErrorCode.GRANT_EXCEEDS, { permissions: exceeding.sort() });
}

/** Roles a user of an agency at this level may have; level 3 stands for 3 and deeper. */
export const ROLES_BY_LEVEL: Record<'1' | '2' | '3', Role[]> = {
  '1': ['admin_f1', 'agent_f1'],
  '2': ['admin_f2', 'agent_f2'],
  '3': ['admin_fn', 'agent_f2'],
};

export function rolesForLevel(level: number): Role[] {
  if (level <= 0) return [];
  return ROLES_BY_LEVEL[level >= 3 ? '3' : (String(level) as '1' | '2')];
}

export function assertRoleFits(role: Role, level: number): void {
  if (!rolesForLevel(level).includes(role)) throw new ApiError(ErrorCode.VALIDATION, { reason: 'roleNotForLevel', role, level });
}

/**
 * A group a user of `agencyId` may be given: one owned by that agency or one of its ancestors. Returns its
 * permissions; 404 when there is no such group.
 */
export async function assignableGroup(conn: Conn, groupId: number, agencyId: number): Promise<string[]> {
  const [row] = await conn
    .select({ permissions: permissionGroups.permissions })
    .from(permissionGroups)
    .where(and(eq(permissionGroups.id, groupId), inArray(permissionGroups.agencyId, ancestorsOf(agencyId))));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'group' });
  return row.permissions;
}
