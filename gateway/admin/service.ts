/** Operator actions on users (CLI and seed): create a user, reset a password. Each runs in one transaction. */
import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_TYPES, ROLES, type AccountType, type Role } from '../../contract/auth';
import { isValidEmail, isValidPassword, isValidPhone } from '../../contract/validators';
import { isPermissionString, PERMISSION_STRINGS } from '../../policies/permissions';
import { writeAudit } from '../platform/audit';
import { hashPassword } from '../platform/passwords';
import { revokeAllOfUser } from '../auth/service';
import { isUniqueViolation, type Conn, type Db } from '../platform/db/client';
import { agencies, permissionGroups, users } from '../platform/db/schema';

export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}

export interface NewUser {
  username: string;
  password: string;
  role: Role;
  /** Agency code. */
  agency: string;
  fullName?: string;
  email?: string | null;
  phone?: string | null;
  accountType?: AccountType;
  /** Permission group name within the agency. */
  group?: string | null;
  /** Lower-case permission strings (spec point 6). */
  permissions?: string[];
  mustChangePassword?: boolean;
}

const USERNAME_RE = /^[A-Za-z0-9._-]{3,64}$/;

export function validateNewUser(u: NewUser): void {
  if (!USERNAME_RE.test(u.username)) throw new AdminError('username: 3 to 64 letters, digits, dots, dashes or underscores');
  if (!isValidPassword(u.password)) {
    throw new AdminError('password: at least 8 characters with an uppercase letter, a digit and one of !@#$%^&*');
  }
  if (!(ROLES as readonly string[]).includes(u.role)) throw new AdminError(`role: one of ${ROLES.join(', ')}`);
  if (u.accountType && !(ACCOUNT_TYPES as readonly string[]).includes(u.accountType)) {
    throw new AdminError(`account type: one of ${ACCOUNT_TYPES.join(', ')}`);
  }
  const bad = (u.permissions ?? []).filter((p) => !isPermissionString(p));
  if (bad.length > 0) throw new AdminError(`unknown permission(s) ${bad.join(', ')}; known: ${PERMISSION_STRINGS.join(', ')}`);
  if (u.email && !isValidEmail(u.email)) throw new AdminError('email: not a valid address');
  if (u.phone && !isValidPhone(u.phone)) throw new AdminError('phone: not a valid Vietnamese number');
}

/** Creates a user (hashing outside the transaction). Returns its id. */
export async function createUser(db: Db, u: NewUser): Promise<number> {
  validateNewUser(u);
  const passwordHash = await hashPassword(u.password);
  try {
    return await db.transaction((tx) => insertUser(tx, u, passwordHash));
  } catch (e) {
    if (isUniqueViolation(e)) throw new AdminError(`username "${u.username}" is taken`);
    throw e;
  }
}

export async function insertUser(tx: Conn, u: NewUser, passwordHash: string): Promise<number> {
  const [agency] = await tx.select().from(agencies).where(eq(agencies.code, u.agency));
  if (!agency) throw new AdminError(`no agency with code "${u.agency}"`);
  let groupId: number | null = null;
  if (u.group) {
    const [group] = await tx
      .select({ id: permissionGroups.id })
      .from(permissionGroups)
      .where(sql`${permissionGroups.agencyId} = ${agency.id} and ${permissionGroups.name} = ${u.group}`);
    if (!group) throw new AdminError(`no permission group "${u.group}" in agency ${u.agency}`);
    groupId = group.id;
  }
  const [row] = await tx
    .insert(users)
    .values({
      agencyId: agency.id,
      username: u.username,
      passwordHash,
      fullName: u.fullName ?? u.username,
      email: u.email ?? null,
      phone: u.phone ?? null,
      role: u.role,
      accountType: u.accountType ?? agency.accountType,
      groupId,
      extraPermissions: [...new Set(u.permissions ?? [])],
      mustChangePassword: u.mustChangePassword ?? false,
    })
    .returning({ id: users.id });
  await writeAudit(tx, { userId: row.id, agencyId: agency.id, action: 'admin.user_created', target: u.username, detail: { role: u.role } });
  return row.id;
}

/** Sets a new password, ends the user's sign-ins and (by default) forces a change at next sign-in. */
export async function resetPassword(db: Db, username: string, password: string, forceChange: boolean): Promise<void> {
  if (!isValidPassword(password)) {
    throw new AdminError('password: at least 8 characters with an uppercase letter, a digit and one of !@#$%^&*');
  }
  const passwordHash = await hashPassword(password);
  const now = new Date();
  await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: forceChange, passwordChangedAt: now, updatedAt: now })
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
      .returning({ id: users.id, agencyId: users.agencyId, username: users.username });
    if (!user) throw new AdminError(`no user "${username}"`);
    await revokeAllOfUser(tx, user.id, now);
    await writeAudit(tx, { userId: user.id, agencyId: user.agencyId, action: 'admin.password_reset', target: user.username, detail: { forceChange } });
  });
}
