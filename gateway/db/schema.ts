/**
 * The gateway's tables. After a change, generate the next migration (no npm script needed):
 *
 *   node node_modules/drizzle-kit/bin.cjs generate --config gateway/drizzle.config.ts --name <what-changed>
 *
 * and commit gateway/db/migrations. Migrations are applied at start (db/client.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { AccountType, Role } from '../../contract/auth';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export type AgencyStatus = 'active' | 'suspended';

/** The agency tree: provider (level 0) → F1 → F2 → Fn. */
export const agencies = pgTable(
  'agencies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => agencies.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    level: smallint('level').notNull(),
    accountType: text('account_type').$type<AccountType>().notNull(),
    phone: text('phone'),
    hotline: text('hotline'),
    address: text('address'),
    email: text('email'),
    status: text('status').$type<AgencyStatus>().notNull().default('active'),
    productKey: text('product_key'),
    osi: text('osi'),
    tourCode: text('tour_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('agencies_code_idx').on(t.code),
    index('agencies_parent_idx').on(t.parentId),
    check('agencies_level_check', sql`${t.level} >= 0`),
    check('agencies_account_type_check', sql`${t.accountType} in ('AGT', 'SUB', 'MB')`),
    check('agencies_status_check', sql`${t.status} in ('active', 'suspended')`),
  ],
);

/** A named set of lower-case permission strings (spec point 6) defined by an agency. */
export const permissionGroups = pgTable(
  'permission_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('permission_groups_agency_name_idx').on(t.agencyId, t.name)],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'restrict' }),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    role: text('role').$type<Role>().notNull(),
    accountType: text('account_type').$type<AccountType>().notNull(),
    groupId: integer('group_id').references(() => permissionGroups.id, { onDelete: 'set null' }),
    /** Lower-case permission strings held besides the group's. */
    extraPermissions: text('extra_permissions').array().notNull().default(sql`'{}'::text[]`),
    pinHash: text('pin_hash'),
    locked: boolean('locked').notNull().default(false),
    lockedReason: text('locked_reason'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_idx').on(sql`lower(${t.username})`),
    index('users_agency_idx').on(t.agencyId),
    check('users_role_check', sql`${t.role} in ('super_admin', 'admin_f1', 'admin_f2', 'admin_fn', 'agent_f2', 'agent_f1')`),
    check('users_account_type_check', sql`${t.accountType} in ('AGT', 'SUB', 'MB')`),
  ],
);

/** Opaque refresh tokens (sha256 only), rotated on each use within a family (one sign-in = one family). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by'),
    createdAt: createdAt(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** Every sign-in (and change-password) attempt; the throttle counts the failures here. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased. */
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_username_idx').on(t.username, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);

/** E-mails to send (no mail transport yet: read them with `npm run gateway -- outbox`). */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target: text('target'),
    ip: text('ip'),
    requestId: text('request_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_agency_at_idx').on(t.agencyId, t.at), index('audit_log_action_at_idx').on(t.action, t.at)],
);

/** Captcha challenges: the answer is kept as a hash; each is used once. */
export const captchas = pgTable(
  'captchas',
  {
    id: text('id').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/** Server secrets generated on first start (the JWT signing key when JWT_SECRET is unset). */
export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
