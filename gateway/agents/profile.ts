/**
 * Agency settings (/agent/config, ADMIN_F1), the signed-in user's own profile (/agent/change-account-info)
 * and PIN code (/system/pin-code), all open to any signed-in user except the agency settings. The signed-in
 * password change (/system/change-password) is an auth endpoint (gateway/auth/routes.ts).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMIN_API } from '../../contract/admin-paths';
import {
  accountInfo,
  accountInfoUpdate,
  agencyConfig,
  agencyConfigUpdate,
  pinRequest,
  pinStatus,
  type AccountInfo,
  type AgencyConfig,
  type AgencyConfigUpdate,
  type AccountInfoUpdate,
} from '../../contract/agents';
import { ErrorCode } from '../../contract/errors';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { writeAudit, type RequestMeta } from '../platform/audit';
import { hashPassword, verifyPassword } from '../platform/passwords';
import { loadUserById, userFields, type UserContext } from '../platform/tenancy/users';
import type { Db } from '../platform/db/client';
import { agencies, users } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { requireAuth } from '../platform/tenancy/scope';
import { assertOwnImage } from '../uploads/service';

type AgencyRow = typeof agencies.$inferSelect;

function toConfig(a: AgencyRow): AgencyConfig {
  return {
    id: a.id,
    code: a.code,
    name: a.name,
    logoUploadId: a.logoUploadId,
    hotline: a.hotline,
    phone: a.phone,
    email: a.email,
    address: a.address,
    facebook: a.facebook,
    issueFeeDomestic: a.issueFeeDomestic,
    issueFeeInternational: a.issueFeeInternational,
    hiddenIssueFee: a.hiddenIssueFee,
  };
}

export function updateAgencyConfig(db: Db, ctx: UserContext, input: AgencyConfigUpdate, meta: RequestMeta): Promise<AgencyConfig> {
  return db.transaction(async (tx) => {
    if (input.logoUploadId) await assertOwnImage(tx, ctx.agency.id, input.logoUploadId);
    const [row] = await tx
      .update(agencies)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(agencies.id, ctx.agency.id))
      .returning();
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'agency.config_updated', target: row.code, detail: { changes: input } }, meta);
    return toConfig(row);
  });
}

function toAccount(ctx: UserContext): AccountInfo {
  const u = ctx.user;
  return {
    ...userFields(u),
    agencyName: ctx.agency.name,
    hasPin: u.pinHash !== null,
  };
}

export async function updateAccountInfo(db: Db, ctx: UserContext, input: AccountInfoUpdate, meta: RequestMeta): Promise<AccountInfo> {
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(users.id, ctx.user.id));
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'profile.updated', target: ctx.user.username, detail: { changes: input } }, meta);
    const fresh = await loadUserById(tx, ctx.user.id);
    if (!fresh) throw new ApiError(ErrorCode.NOT_FOUND);
    return toAccount(fresh);
  });
}

/**
 * Sets or changes the PIN (argon2id). The first PIN needs only the signed-in session; changing it needs the
 * current PIN (403/121 when wrong).
 */
export async function setPin(db: Db, ctx: UserContext, oldPin: string | undefined, newPin: string, meta: RequestMeta): Promise<void> {
  const current = ctx.user.pinHash;
  if (current !== null) {
    if (!oldPin || !(await verifyPassword(current, oldPin))) throw new ApiError(ErrorCode.PIN_INVALID);
  }
  const pinHash = await hashPassword(newPin);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ pinHash, updatedAt: new Date() }).where(eq(users.id, ctx.user.id));
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'profile.pin_set', target: ctx.user.username, detail: { changed: current !== null } }, meta);
  });
}

export function registerProfileRoutes(app: FastifyInstance, deps: AccessDeps): void {
  const { db } = deps;

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.agencyConfig,
    tags: ['agencies'],
    summary: 'Settings of the caller’s agency (print-ticket and header: name, logo, hotline, address, facebook, issue fees)',
    response: agencyConfig,
    handler: async ({ auth: ctx }) => toConfig(requireAuth(ctx).agency),
  });

  defineEndpoint(app, deps, {
    method: 'PUT',
    url: ADMIN_API.agencyConfig,
    tags: ['agencies'],
    summary: 'Change the settings of the caller’s agency',
    description: 'logoUploadId must be an image uploaded by the agency (404/44 otherwise); facebook an http(s) URL.',
    body: agencyConfigUpdate,
    response: agencyConfig,
    handler: ({ auth: ctx, body, meta }) => updateAgencyConfig(db, requireAuth(ctx), body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.accountInfo,
    tags: ['profile'],
    summary: 'The signed-in user’s own profile',
    response: accountInfo,
    handler: async ({ auth: ctx }) => toAccount(requireAuth(ctx)),
  });

  defineEndpoint(app, deps, {
    method: 'PUT',
    url: ADMIN_API.accountInfo,
    tags: ['profile'],
    summary: 'Change one’s own full name, e-mail and phone',
    body: accountInfoUpdate,
    response: accountInfo,
    handler: ({ auth: ctx, body, meta }) => updateAccountInfo(db, requireAuth(ctx), body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.pinCode,
    tags: ['profile'],
    summary: 'Whether the signed-in user has a PIN code',
    response: pinStatus,
    handler: async ({ auth: ctx }) => ({ hasPin: requireAuth(ctx).user.pinHash !== null }),
  });

  defineEndpoint(app, deps, {
    method: 'PUT',
    url: ADMIN_API.pinCode,
    tags: ['profile'],
    summary: 'Set (first time) or change (with the current one) the 4–6 digit PIN code',
    description: 'Errors: 403/121 the current PIN is missing or wrong.',
    body: pinRequest,
    response: pinStatus,
    handler: async ({ auth: ctx, body, meta }) => {
      await setPin(db, requireAuth(ctx), body.oldPin, body.newPin, meta);
      return { hasPin: true };
    },
  });
}
