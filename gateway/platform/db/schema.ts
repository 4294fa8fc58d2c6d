/**
 * The gateway's tables. After a change, generate the next migration (no npm script needed):
 *
 *   node node_modules/drizzle-kit/bin.cjs generate --config gateway/drizzle.config.ts --name <what-changed>
 *
 * and commit gateway/platform/db/migrations. Migrations are applied at start (db/client.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  customType,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { AccountType, Role } from '../../../contract/auth';
import type { Product } from '../../../contract/agents';

/** bytea as a Buffer on both drivers (PGlite gives a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

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
    /** Integer VND the agency may go below zero (ledger). */
    creditLimit: bigint('credit_limit', { mode: 'number' }).notNull().default(0),
    /** What the agency may sell: flights, train, esim, b2c. */
    products: text('products').array().$type<Product[]>().notNull().default(sql`'{flights,train,esim,b2c}'::text[]`),
    logoUploadId: uuid('logo_upload_id'),
    facebook: text('facebook'),
    /** Default issue fees (integer VND) per ticket, shown on print-ticket. */
    issueFeeDomestic: integer('issue_fee_domestic').notNull().default(0),
    issueFeeInternational: integer('issue_fee_international').notNull().default(0),
    hiddenIssueFee: boolean('hidden_issue_fee').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('agencies_code_idx').on(t.code),
    check('agencies_credit_limit_check', sql`${t.creditLimit} >= 0`),
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

/** Uploaded images and files, kept in the database (works the same on PGlite and PostgreSQL). */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'image' | 'file'>().notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_agency_idx').on(t.agencyId), check('uploads_kind_check', sql`${t.kind} in ('image', 'file')`)],
);

/** Supplier sign-ins of an agency per source; the secret is AES-256-GCM ciphertext (gateway/system/signin-crypto.ts). */
export const signIns = pgTable(
  'sign_ins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    officeCode: text('office_code').notNull(),
    username: text('username').notNull(),
    secretCipher: text('secret_cipher').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sign_ins_agency_source_office_idx').on(t.agencyId, t.source, t.officeCode)],
);

/**
 * Service fees and commissions: set by `ownerAgencyId` for sales of `targetAgencyId` (itself or a direct
 * sub-agency), per airline ('*' = any), domestic/international and passenger type. Integer VND per ticket.
 */
export const serviceFees = pgTable(
  'service_fees',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerAgencyId: integer('owner_agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    targetAgencyId: integer('target_agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    airline: text('airline').notNull(),
    international: boolean('international').notNull(),
    paxType: text('pax_type').notNull(),
    amount: integer('amount').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('service_fees_key_idx').on(t.ownerAgencyId, t.targetAgencyId, t.airline, t.international, t.paxType),
    index('service_fees_target_idx').on(t.targetAgencyId),
    check('service_fees_pax_check', sql`${t.paxType} in ('ADT', 'CHD', 'INF')`),
    check('service_fees_amount_check', sql`${t.amount} >= 0`),
  ],
);

export type NewsStatus = 'draft' | 'published';

/** News articles of an agency, read by its subtree's users at the audience levels (1, 2, 3 = 3 and deeper). */
export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    summary: text('summary'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    coverUploadId: uuid('cover_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** Sanitised HTML. */
    bodyHtml: text('body_html').notNull(),
    status: text('status').$type<NewsStatus>().notNull().default('draft'),
    publishFrom: timestamp('publish_from', { withTimezone: true }),
    publishTo: timestamp('publish_to', { withTimezone: true }),
    audience: smallint('audience').array().notNull().default(sql`'{1,2,3}'::smallint[]`),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('news_agency_idx').on(t.agencyId, t.status),
    check('news_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
);

export const banners = pgTable(
  'banners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    imageUploadId: uuid('image_upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'restrict' }),
    link: text('link'),
    sortOrder: integer('sort_order').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('banners_agency_idx').on(t.agencyId)],
);

/** Online-support contacts of an agency (sub-agencies without their own see their F1's). */
export const supportContacts = pgTable(
  'support_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone'),
    zalo: text('zalo'),
    hours: text('hours'),
    topic: text('topic'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('support_contacts_agency_idx').on(t.agencyId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    titleVi: text('title_vi').notNull(),
    titleEn: text('title_en').notNull(),
    body: text('body'),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/** Failed booking attempts with the supplier's error (/system/log-reservation-error). */
export const reservationErrors = pgTable(
  'reservation_errors',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    airline: text('airline'),
    route: text('route'),
    errorCode: text('error_code'),
    errorMessage: text('error_message').notNull(),
    request: jsonb('request').$type<Record<string, unknown>>(),
  },
  (t) => [index('reservation_errors_agency_at_idx').on(t.agencyId, t.at)],
);

/**
 * Seat inventory of the flight supply: seats sold through this gateway per flown flight and booking class.
 * `seat_key` is the suppliers' stable key `${flightNo}/${localDepartDate}` (e.g. VN213/2025-06-10); searches
 * subtract `taken` from the supplier's count, holds add to it (gateway/flights/inventory.ts).
 */
export const seatInventory = pgTable(
  'seat_inventory',
  {
    seatKey: text('seat_key').notNull(),
    class: char('class', { length: 1 }).notNull(),
    taken: integer('taken').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.seatKey, t.class] }), check('seat_inventory_taken_check', sql`${t.taken} >= 0`)],
);

/**
 * The deposit ledger (docs/ledger.md). One `deposit` account per agency plus the provider's system accounts
 * (`bank`: money received by transfer; `clearing`: what bookings charge and give back). Money moves only as
 * journal entries, each with two or more postings summing to zero; a deposit account's balance is the sum of
 * its postings. Triggers of the migration refuse UPDATE and DELETE on entries and postings, and check the
 * zero sum at commit. A deposit account keeps its running balance; every entry moves it with one conditional
 * UPDATE (the overdraft check) as the last statement of its transaction, so concurrent debits of one agency
 * queue only from that statement to their commit.
 */
export type LedgerAccountKind = 'deposit' | 'bank' | 'clearing';

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    /** The agency of a deposit account; null for the system accounts. */
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    // perf-issue: the deposit's running balance (integer VND), the sum of the account's postings kept by
    // postEntry with one conditional UPDATE (the overdraft check and the row lock in one statement). Kept for
    // deposit accounts only; the system accounts (BANK, CLEARING) stay 0 (docs/ledger.md).
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_idx').on(t.code),
    uniqueIndex('ledger_accounts_agency_idx').on(t.agencyId),
    check('ledger_accounts_kind_check', sql`${t.kind} in ('deposit', 'bank', 'clearing')`),
    check('ledger_accounts_agency_check', sql`(${t.kind} = 'deposit') = (${t.agencyId} is not null)`),
  ],
);

export type EntryType = 'T' | 'C' | 'S' | 'V' | 'R';

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: char('type', { length: 1 }).$type<EntryType>().notNull(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'restrict' }),
    /** Integer VND moved, always positive; the direction follows the type (T, V, R credit; C, S debit). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reference: text('reference').notNull(),
    bookingRef: text('booking_ref'),
    pnr: text('pnr'),
    idempotencyKey: text('idempotency_key'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('journal_entries_idempotency_idx').on(t.idempotencyKey),
    index('journal_entries_agency_at_idx').on(t.agencyId, t.createdAt),
    check('journal_entries_type_check', sql`${t.type} in ('T', 'C', 'S', 'V', 'R')`),
    check('journal_entries_amount_check', sql`${t.amount} > 0`),
  ],
);

export const postings = pgTable(
  'postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Signed integer VND: positive raises the account's balance. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('postings_account_idx').on(t.accountId),
    index('postings_entry_idx').on(t.entryId),
    check('postings_amount_check', sql`${t.amount} <> 0`),
  ],
);

export type TopUpStatus = 'pending' | 'approved' | 'rejected';

/** Top-up requests (accounting/deposit-topup): approval writes one T entry, linked by `entry_id` (unique). */
export const topUpRequests = pgTable(
  'topup_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'restrict' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    bankReference: text('bank_reference').notNull(),
    receiptUploadId: uuid('receipt_upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'restrict' }),
    note: text('note'),
    status: text('status').$type<TopUpStatus>().notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('topup_requests_agency_idx').on(t.agencyId, t.createdAt),
    uniqueIndex('topup_requests_entry_idx').on(t.entryId),
    check('topup_requests_amount_check', sql`${t.amount} > 0`),
    check('topup_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('topup_requests_approved_check', sql`(${t.status} = 'approved') = (${t.entryId} is not null)`),
  ],
);

/**
 * Bookings (docs/bookings.md): one booking per passenger-information submit, one PNR per airline/source
 * within it. Money is integer VND. Held PNRs keep the seats they took (`seatHolds`) so an expiry or a
 * cancellation gives exactly those back.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** HOLD, EXPORT or CANCEL (spec point 4). */
    status: text('status').notNull().default('HOLD'),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerEmail: text('customer_email').notNull(),
    adt: smallint('adt').notNull(),
    chd: smallint('chd').notNull(),
    inf: smallint('inf').notNull(),
    /** Fares + taxes + VAT of every PNR held, integer VND. */
    totalFare: bigint('total_fare', { mode: 'number' }).notNull().default(0),
    /** The agency's issue fees of every passenger, integer VND. */
    totalFees: bigint('total_fees', { mode: 'number' }).notNull().default(0),
    passengers: jsonb('passengers').$type<unknown[]>().notNull(),
    bookingFees: jsonb('booking_fees').$type<unknown[]>().notNull(),
    customerAddress: text('customer_address').notNull().default(''),
    /** Luggage bought with the booking (contract `luggageChoice`), priced in `totalFare`. */
    luggage: jsonb('luggage').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * The passengers' names as the name search compares them (booking-search): folded by the contract's
     * `remarkText`, "LAST FIRST" and "FIRST LAST" of each passenger, one a line. Written with `passengers`;
     * searched through a trigram index (custom migration).
     */
    passengerNames: text('passenger_names').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_agency_created_idx').on(t.agencyId, t.createdAt),
    check('bookings_status_check', sql`${t.status} in ('HOLD', 'EXPORT', 'CANCEL')`),
  ],
);

export interface SeatHold {
  key: string;
  class: string;
  n: number;
  /** Seats set aside elsewhere (an agency's allotment): they go back there, not to the live inventory. */
  pool?: { name: string; id: number };
}

export interface PnrTicket {
  paxId: number;
  ticketNumber: string;
}

export const pnrs = pgTable(
  'pnrs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: bigint('booking_id', { mode: 'number' })
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    airline: text('airline').notNull(),
    source: text('source').notNull(),
    /** Six uppercase letters or digits; null when the hold failed (`message` says why). */
    pnr: text('pnr').unique(),
    /** BOOKED, TIME LIMIT OUT, CANCEL, FAILED ... (TIME OUT COMMING is shown, not stored). */
    recordStatus: text('record_status').notNull(),
    timeLimit: timestamp('time_limit', { withTimezone: true }),
    message: text('message'),
    totalPrice: bigint('total_price', { mode: 'number' }).notNull().default(0),
    routeInfos: jsonb('route_infos').$type<unknown[]>().notNull(),
    fareData: jsonb('fare_data').$type<unknown[]>().notNull(),
    paxInfos: jsonb('pax_infos').$type<unknown[]>().notNull(),
    seatHolds: jsonb('seat_holds').$type<SeatHold[]>().notNull(),
    /** Ticket numbers per passenger once issued. */
    tickets: jsonb('tickets').$type<PnrTicket[]>().notNull().default(sql`'[]'::jsonb`),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    /** Tickets can be voided (full refund, V entry) until this instant: the same day, before the supplier's cut-off. */
    voidUntil: timestamp('void_until', { withTimezone: true }),
    /** The C entry that paid the tickets. */
    chargeEntryId: bigint('charge_entry_id', { mode: 'number' }).references(() => journalEntries.id, { onDelete: 'restrict' }),
    // after-sale money: the paid edits' charges by kind (contract/aftersale-money.ts), included in totalPrice
    extras: jsonb('extras').$type<{ kind: string; amount: number }[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pnrs_booking_idx').on(t.bookingId),
    index('pnrs_status_limit_idx').on(t.recordStatus, t.timeLimit),
    check('pnrs_pnr_check', sql`${t.pnr} is null or ${t.pnr} ~ '^[A-Z0-9]{6}$'`),
  ],
);

export type IssueRequestStatus = 'pending' | 'done' | 'failed';

/**
 * Idempotency of booking/issue: one row per idempotency key. The same key with another body (hash) is
 * refused; a finished key answers its stored result again; retries while pending wait for it.
 */
export const issueRequests = pgTable(
  'issue_requests',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    bookingId: bigint('booking_id', { mode: 'number' })
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    bodyHash: text('body_hash').notNull(),
    status: text('status').$type<IssueRequestStatus>().notNull().default('pending'),
    result: jsonb('result'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('issue_requests_status_check', sql`${t.status} in ('pending', 'done', 'failed')`)],
);

/** Refunds of issued tickets (edit screen refund-ticket): one per PNR and passenger, linked to its R entry. */
export const refunds = pgTable(
  'refunds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pnrId: bigint('pnr_id', { mode: 'number' })
      .notNull()
      .references(() => pnrs.id, { onDelete: 'restrict' }),
    paxId: smallint('pax_id').notNull(),
    /** Paid for this passenger's ticket, integer VND. */
    paid: bigint('paid', { mode: 'number' }).notNull(),
    /** Penalty kept under the fare rule. */
    penalty: bigint('penalty', { mode: 'number' }).notNull(),
    /** Credited to the deposit (paid − penalty); the R entry's amount when above 0. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refunds_pnr_pax_idx').on(t.pnrId, t.paxId),
    check('refunds_amounts_check', sql`${t.penalty} >= 0 and ${t.amount} >= 0 and ${t.amount} + ${t.penalty} = ${t.paid}`),
  ],
);

// ----- Trains (gateway/trains) ------------------------------------------------------------------------------

export type TrainHoldStatus = 'open' | 'booked' | 'released';

/** A user's seat selection (the first seat starts it; one open hold per user). */
export const trainHolds = pgTable(
  'train_holds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    status: text('status').$type<TrainHoldStatus>().notNull().default('open'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('train_holds_one_open_idx').on(t.userId).where(sql`${t.status} = 'open'`),
    check('train_holds_status_check', sql`${t.status} in ('open', 'booked', 'released')`),
  ],
);

export type TrainSeatState = 'held' | 'sold';

/**
 * The seat inventory: one row per seat of a train run that is held or sold through the gateway. The primary
 * key (train, run date, carriage, seat) makes a seat held or sold once; a held row whose held_until has
 * passed is free again (deleted lazily, or by the sweep); a refund deletes the sold row.
 */
export const trainSeats = pgTable(
  'train_seats',
  {
    seatKey: text('seat_key').primaryKey(),
    /** `<trainNo>_<runDate>`: the physical run. */
    runKey: text('run_key').notNull(),
    carriageNo: smallint('carriage_no').notNull(),
    seatNo: smallint('seat_no').notNull(),
    ticketId: text('ticket_id').notNull(),
    state: text('state').$type<TrainSeatState>().notNull(),
    holdId: bigint('hold_id', { mode: 'number' }).references(() => trainHolds.id, { onDelete: 'set null' }),
    bookingId: bigint('booking_id', { mode: 'number' }).references((): AnyPgColumn => trainBookings.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    /** Until when a held seat stays held (null when sold). */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /** The held seat as the hold answers it (contract HeldSeat). */
    seat: jsonb('seat').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('train_seats_run_idx').on(t.runKey),
    index('train_seats_hold_idx').on(t.holdId),
    index('train_seats_booking_idx').on(t.bookingId),
    check('train_seats_state_check', sql`${t.state} in ('held', 'sold')`),
  ],
);

/** Train bookings; status codes of contract/trains TRAIN_STATUS. */
export const trainBookings = pgTable(
  'train_bookings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    holdId: bigint('hold_id', { mode: 'number' }).references(() => trainHolds.id, { onDelete: 'set null' }),
    status: char('status', { length: 2 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    duration: integer('duration').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    contact: jsonb('contact').notNull(),
    addService: jsonb('add_service').notNull(),
    fare: bigint('fare', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull(),
    services: bigint('services', { mode: 'number' }).notNull(),
    bookingFees: bigint('booking_fees', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    /** The client's idempotency key of the payment in progress or done. */
    payKey: text('pay_key'),
    /** Payment attempts (a reversed attempt is followed by a new one). */
    payAttempts: integer('pay_attempts').notNull().default(0),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id, { onDelete: 'restrict' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The first departure (list sort, refund deadlines). */
    departAt: timestamp('depart_at', { withTimezone: true }).notNull(),
    message: text('message'),
    /** Lower-case, diacritics-free text of code, names, phone and ticket numbers (the list's q). */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('train_bookings_code_idx').on(t.code),
    index('train_bookings_agency_idx').on(t.agencyId, t.createdAt),
    check('train_bookings_status_check', sql`${t.status} in ('01', '02', '03', '04', '05', '06', '07')`),
    check('train_bookings_money_check', sql`${t.total} >= 0 and ${t.refunded} >= 0 and ${t.refunded} <= ${t.total}`),
  ],
);

export type TrainTicketStatus = 'HELD' | 'ISSUED' | 'REFUNDED' | 'CANCELLED';

/** One ticket per passenger and seat of a train booking. */
export const trainTickets = pgTable(
  'train_tickets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: bigint('booking_id', { mode: 'number' })
      .notNull()
      .references(() => trainBookings.id, { onDelete: 'cascade' }),
    ticketId: text('ticket_id').notNull(),
    seat: jsonb('seat').notNull(),
    paxType: smallint('pax_type').notNull(),
    fullName: text('full_name').notNull(),
    idNumber: text('id_number').notNull(),
    seatPrice: integer('seat_price').notNull(),
    percent: smallint('percent').notNull(),
    discount: integer('discount').notNull(),
    fare: integer('fare').notNull(),
    service: text('service'),
    servicePrice: integer('service_price').notNull(),
    bookingFee: integer('booking_fee').notNull(),
    total: integer('total').notNull(),
    status: text('status').$type<TrainTicketStatus>().notNull(),
    ticketNumber: text('ticket_number'),
    qr: text('qr'),
    refundFee: integer('refund_fee'),
    refundAmount: integer('refund_amount'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('train_tickets_booking_ticket_idx').on(t.bookingId, t.ticketId),
    uniqueIndex('train_tickets_number_idx').on(t.ticketNumber),
    check('train_tickets_status_check', sql`${t.status} in ('HELD', 'ISSUED', 'REFUNDED', 'CANCELLED')`),
  ],
);

/** Refunds of train tickets: one per idempotency key, with its R entry. */
export const trainRefunds = pgTable(
  'train_refunds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: bigint('booking_id', { mode: 'number' })
      .notNull()
      .references(() => trainBookings.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    ticketIds: jsonb('ticket_ids').$type<string[]>().notNull(),
    fee: integer('fee').notNull(),
    amount: integer('amount').notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('train_refunds_key_idx').on(t.idempotencyKey), check('train_refunds_amounts_check', sql`${t.fee} >= 0 and ${t.amount} >= 0`)],
);

// ----- eSIM (gateway/esim) ---------------------------------------------------------------------------------

export type EsimOrderRowStatus = 'PROCESSING' | 'COMPLETED' | 'FAILED';

/** An order line as paid: the package, its names, the agency price and the quantity. */
export interface EsimOrderLineRow {
  productId: string;
  nameVi: string;
  nameEn: string;
  price: number;
  quantity: number;
}

/**
 * eSIM orders: one per checkout (idempotency key), paid by one C entry of the agency's deposit. PROCESSING
 * while the partner is asked, COMPLETED with its eSIMs, FAILED when the partner refused after the payment
 * (the V entry `reversal_entry_id` gave it back).
 */
export const esimOrders = pgTable(
  'esim_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    bodyHash: text('body_hash').notNull(),
    status: text('status').$type<EsimOrderRowStatus>().notNull().default('PROCESSING'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    lines: jsonb('lines').$type<EsimOrderLineRow[]>().notNull(),
    totalPrice: bigint('total_price', { mode: 'number' }).notNull(),
    chargeEntryId: bigint('charge_entry_id', { mode: 'number' }).references(() => journalEntries.id, { onDelete: 'restrict' }),
    reversalEntryId: bigint('reversal_entry_id', { mode: 'number' }).references(() => journalEntries.id, { onDelete: 'restrict' }),
    supplierOrderId: text('supplier_order_id'),
    /** Why it failed, in both languages. */
    failure: jsonb('failure').$type<{ vi: string; en: string }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('esim_orders_agency_created_idx').on(t.agencyId, t.createdAt),
    check('esim_orders_status_check', sql`${t.status} in ('PROCESSING', 'COMPLETED', 'FAILED')`),
    check('esim_orders_total_check', sql`${t.totalPrice} > 0`),
  ],
);

/** The eSIMs of an order: ICCID and activation code from the partner; a refund credits `paid` (R entry). */
export const esims = pgTable(
  'esims',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => esimOrders.id, { onDelete: 'cascade' }),
    iccid: text('iccid').notNull().unique(),
    productId: text('product_id').notNull(),
    nameVi: text('name_vi').notNull(),
    nameEn: text('name_en').notNull(),
    smdpAddress: text('smdp_address').notNull(),
    matchingId: text('matching_id').notNull(),
    activationCode: text('activation_code').notNull(),
    /** The package's agency price plus the top-ups bought, integer VND. */
    paid: bigint('paid', { mode: 'number' }).notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundAmount: bigint('refund_amount', { mode: 'number' }),
    refundEntryId: bigint('refund_entry_id', { mode: 'number' }).references(() => journalEntries.id, { onDelete: 'restrict' }),
    /** The idempotency key the refund was asked with (the same key again answers it, replayed). */
    refundKey: text('refund_key'),
    createdAt: createdAt(),
  },
  (t) => [index('esims_order_idx').on(t.orderId)],
);

export type EsimTopUpStatus = 'PROCESSING' | 'DONE' | 'FAILED';

/** Top-ups of an eSIM: one C entry each; a partner failure reverses it (V entry). */
export const esimTopUps = pgTable(
  'esim_top_ups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    esimId: bigint('esim_id', { mode: 'number' })
      .notNull()
      .references(() => esims.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    productId: text('product_id').notNull(),
    nameVi: text('name_vi').notNull(),
    nameEn: text('name_en').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<EsimTopUpStatus>().notNull().default('PROCESSING'),
    chargeEntryId: bigint('charge_entry_id', { mode: 'number' }).references(() => journalEntries.id, { onDelete: 'restrict' }),
    reversalEntryId: bigint('reversal_entry_id', { mode: 'number' }).references(() => journalEntries.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('esim_top_ups_esim_idx').on(t.esimId), check('esim_top_ups_status_check', sql`${t.status} in ('PROCESSING', 'DONE', 'FAILED')`)],
);

// ---- accounting reports (docs/reports.md) ----

/**
 * One report line per ledger entry, written by a trigger of migration 0008 in the entry's own transaction
 * (AFTER INSERT ON journal_entries): the entry's money and day with what its PNR and booking said at that
 * moment (airline, QN/QT, first departure day, booking day, passengers). The reports read only this table, so a
 * month across a whole agency tree is one index range over narrow rows, with no join per line. Immutable like
 * the ledger; the migration filled it for the entries written before it.
 */
export const reportLines = pgTable(
  'report_lines',
  {
    entryId: bigint('entry_id', { mode: 'number' })
      .primaryKey()
      .references(() => journalEntries.id, { onDelete: 'restrict' }),
    agencyId: integer('agency_id').notNull(),
    type: char('type', { length: 1 }).$type<EntryType>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** +amount for T, V, R; −amount for C, S: the posting on the agency's deposit. */
    signed: bigint('signed', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The entry's calendar day in Vietnam time, YYYY-MM-DD. */
    day: text('day').notNull(),
    pnrId: bigint('pnr_id', { mode: 'number' }),
    pnr: text('pnr'),
    airline: text('airline'),
    /** QN (every leg between Vietnamese airports) or QT; null without a PNR. */
    market: text('market'),
    /** flight (a PNR); train and eSIM once those modules write entries; null for top-ups. */
    product: text('product'),
    /** The first leg's local departure day, YYYY-MM-DD. */
    flightDate: text('flight_date'),
    /** The booking's calendar day in Vietnam time. */
    bookingDate: text('booking_date'),
    pax: smallint('pax').notNull().default(0),
  },
  (t) => [
    index('report_lines_day_idx').on(t.day, t.agencyId),
    index('report_lines_agency_day_idx').on(t.agencyId, t.day, t.signed),
    // by flight date and by booking date; with the agency and PNR, the 3-or-more-PNR agencies are read from the
    // index alone (performance: docs/reports.md)
    index('report_lines_flight_pnr_idx').on(t.flightDate, t.agencyId, t.pnrId),
    index('report_lines_booking_pnr_idx').on(t.bookingDate, t.agencyId, t.pnrId),
    // the day of a line by booking date: its booking's day, or its own without a PNR (one range scan)
    index('report_lines_booking_day_idx').on(sql`coalesce(${t.bookingDate}, ${t.day})`, t.agencyId),
  ],
);

// ----- Desk: support requests and booking reminders (gateway/desk) --------------------------------------------

export type SupportRequestStatus = 'open' | 'answered' | 'closed';

/** A support ticket to the provider about a booking (/booking/support-request). */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: bigint('booking_id', { mode: 'number' })
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The booking's agency (the scope of the request). */
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    pnr: text('pnr').notNull(),
    subject: text('subject').notNull(),
    status: text('status').$type<SupportRequestStatus>().notNull().default('open'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('support_requests_agency_idx').on(t.agencyId, t.lastMessageAt),
    index('support_requests_booking_idx').on(t.bookingId),
    check('support_requests_status_check', sql`${t.status} in ('open', 'answered', 'closed')`),
  ],
);

export interface SupportAttachmentRef {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** One message of a request's thread: the requester's side (agent) or the provider's answer. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    side: text('side').$type<'agent' | 'provider'>().notNull(),
    body: text('body').notNull(),
    attachments: jsonb('attachments').$type<SupportAttachmentRef[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('support_messages_request_idx').on(t.requestId, t.id), check('support_messages_side_check', sql`${t.side} in ('agent', 'provider')`)],
);

/** Reminders sent to a booking's agent: one row per booking and threshold (minutes before the time limit). */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    bookingId: bigint('booking_id', { mode: 'number' })
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    thresholdMinutes: integer('threshold_minutes').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.thresholdMinutes] })],
);

// ----- After-sale (gateway/aftersale) ------------------------------------------------------------------------

/**
 * The simulated airlines' PNR records (gateway/suppliers/simulated/pnr.ts through the store of
 * gateway/aftersale/pnr-store.ts): the record as the airline holds it, with a version for compare-and-set, so
 * an edit either lands whole or not at all and edits survive restarts.
 */
export const supplierPnrs = pgTable('supplier_pnrs', {
  pnr: text('pnr').primaryKey(),
  source: text('source').notNull(),
  record: jsonb('record').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: updatedAt(),
});

/** Seats taken on a simulated flight (flight key = seatKey): one passenger per seat, enforced by the key. */
export const supplierSeats = pgTable(
  'supplier_seats',
  {
    flightKey: text('flight_key').notNull(),
    seat: text('seat').notNull(),
    pnr: text('pnr').notNull(),
    paxId: smallint('pax_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.flightKey, t.seat] }), uniqueIndex('supplier_seats_pax_idx').on(t.flightKey, t.pnr, t.paxId)],
);

export type AfterSaleOrderStatus = 'pending' | 'done' | 'failed';

/**
 * Paid after-sale edits (buy-luggage, buy-seat, …): one row per idempotency key; the C entry that paid it and,
 * when the supplier failed after the payment, the V entry that gave it back.
 */
export const afterSaleOrders = pgTable(
  'aftersale_orders',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    bookingId: bigint('booking_id', { mode: 'number' })
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    pnr: text('pnr').notNull(),
    kind: text('kind').notNull(),
    bodyHash: text('body_hash').notNull(),
    status: text('status').$type<AfterSaleOrderStatus>().notNull().default('pending'),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id, { onDelete: 'restrict' }),
    reversalEntryId: bigint('reversal_entry_id', { mode: 'number' }).references(() => journalEntries.id, { onDelete: 'restrict' }),
    result: jsonb('result'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('aftersale_orders_booking_idx').on(t.bookingId),
    check('aftersale_orders_status_check', sql`${t.status} in ('pending', 'done', 'failed')`),
    check('aftersale_orders_amount_check', sql`${t.amount} >= 0`),
  ],
);

/** The history of every PNR edit (the booking detail's history tab): who, when, what, before and after. */
export const pnrEdits = pgTable(
  'pnr_edits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: bigint('booking_id', { mode: 'number' })
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    pnr: text('pnr').notNull(),
    kind: text('kind').notNull(),
    summary: text('summary').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id, { onDelete: 'restrict' }),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('pnr_edits_booking_idx').on(t.bookingId, t.createdAt)],
);

// ----- sched: schedule changes (gateway/aftersale/schedule-changes.ts) -------------------------------------------

/**
 * A schedule change the airline made to an issued PNR, as the inbox lists it: open until the agent accepts it,
 * rebooks, or handles the segments one by one (resolved). One open row per PNR (a later change updates it).
 */
export const scheduleChanges = pgTable(
  'schedule_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: bigint('booking_id', { mode: 'number' })
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    pnr: text('pnr').notNull(),
    airline: text('airline').notNull(),
    /** open, accepted, rebooked, resolved */
    status: text('status').notNull().default('open'),
    /** The changed segments, old and new (contract/aftersale-sched ChangedSegment[]). */
    segments: jsonb('segments').notNull(),
    /** The earliest new departure (local yyyy-MM-ddTHH:mm), for sorting. */
    firstDeparture: text('first_departure').notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('schedule_changes_agency_idx').on(t.agencyId, t.status, t.detectedAt),
    uniqueIndex('schedule_changes_open_idx').on(t.pnr).where(sql`status = 'open'`),
  ],
);

// ----- Reliability: sagas, instances, outbox, shared search sessions (docs/reliability.md) -----------------

/** Gateway processes running on this database: a heartbeat every few seconds; one silent too long is dead. */
export const gatewayInstances = pgTable('gateway_instances', {
  id: text('id').primaryKey(),
  startedAt: createdAt(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SagaStatus = 'running' | 'done' | 'compensated';

/**
 * A paid operation in durable steps (platform/saga.ts): who runs it (`owner`, an instance; null when free to be
 * recovered), its last step and the data needed to finish or undo it after a crash.
 */
export const sagas = pgTable(
  'sagas',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    owner: text('owner'),
    status: text('status').$type<SagaStatus>().notNull().default('running'),
    step: text('step').notNull(),
    data: jsonb('data').notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sagas_key_idx').on(t.key),
    index('sagas_running_idx').on(t.status),
    check('sagas_status_check', sql`${t.status} in ('running', 'done', 'compensated')`),
  ],
);

export type OutboxStatus = 'pending' | 'done' | 'abandoned';

/** Supplier calls that must happen (a compensating void): retried until they succeed, listed for operators. */
export const supplierOutbox = pgTable(
  'supplier_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('supplier_outbox_key_idx').on(t.key), index('supplier_outbox_pending_idx').on(t.status, t.nextAttemptAt), check('supplier_outbox_status_check', sql`${t.status} in ('pending', 'done', 'abandoned')`)],
);

/** Flight search sessions shared by every instance (a search on one instance is polled or held on another). */
export const searchSessions = pgTable(
  'search_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    // json, not jsonb: about a megabyte written per search and read back whole, never queried inside (jsonb's
    // parse of it cost the server more than the search); the table is unlogged (migration search_sessions_sql)
    data: json('data').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [index('search_sessions_expires_idx').on(t.expiresAt)],
);

// ─── Security: the platform limiter (gateway/platform/limits.ts) ─────────────────────────────────────────

/**
 * One row per limited key (e.g. `login:user:alice`, `pin:42`, `ticket-face:ip:1.2.3.4`): the attempts
 * counted in the current window and, once a threshold is crossed, the time until which the key is blocked.
 * Every instance counts here, each attempt in one atomic statement.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    /** Whether the latest attempt was refused (the key was blocked when it came). */
    refused: boolean('refused').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_updated_idx').on(t.updatedAt)],
);

/** Request timestamps (tsp) already used by a user within the accepted skew: a repeat is refused. */
export const usedTsps = pgTable(
  'used_tsps',
  {
    userId: integer('user_id').notNull(),
    tsp: bigint('tsp', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tsp] }), index('used_tsps_expires_idx').on(t.expiresAt)],
);

/**
 * The claims' epoch (one row, an UNLOGGED table, migration 0032): the sign-in check's claim of a tsp commits without
 * waiting for its WAL flush (access/signed-in.ts), so a database crash may lose the claims of its last moments. A
 * crash (or a standby's promotion) also empties this table; the next check writes the time it finds it empty, and a
 * tsp older than that is refused: no request sent before the crash is accepted again after it.
 */
export const tspEpoch = pgTable(
  'tsp_epoch',
  {
    id: smallint('id').primaryKey().default(1),
    /** Milliseconds since 1970: a tsp below this is refused (0 until a crash empties the table). */
    sinceMs: bigint('since_ms', { mode: 'number' }).notNull(),
  },
  (t) => [check('tsp_epoch_one_row', sql`${t.id} = 1`)],
);

// ---- QR top-ups and bank statement matching (gateway/qr) ----

/**
 * The bank account a sub-agency transfers to when it tops up its deposit by VietQR (qr/{id}): set by the
 * agency above it (`ownerAgencyId`), which owns the receiving account and matches the transfers.
 */
export const qrAccounts = pgTable('qr_accounts', {
  agencyId: integer('agency_id')
    .primaryKey()
    .references(() => agencies.id, { onDelete: 'cascade' }),
  ownerAgencyId: integer('owner_agency_id')
    .notNull()
    .references(() => agencies.id, { onDelete: 'cascade' }),
  /** NAPAS BIN of the bank, 6 digits. */
  bankBin: text('bank_bin').notNull(),
  accountNo: text('account_no').notNull(),
  accountName: text('account_name').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A top-up by VietQR: the top-up request it created, with the unique reference the transfer carries. */
export const qrTopUps = pgTable(
  'qr_topups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reference: text('reference').notNull(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    ownerAgencyId: integer('owner_agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    topUpRequestId: integer('topup_request_id')
      .notNull()
      .references(() => topUpRequests.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    bankBin: text('bank_bin').notNull(),
    accountNo: text('account_no').notNull(),
    payload: text('payload').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('qr_topups_reference_idx').on(t.reference),
    uniqueIndex('qr_topups_request_idx').on(t.topUpRequestId),
    index('qr_topups_owner_idx').on(t.ownerAgencyId),
  ],
);

/**
 * Lines of imported bank statements of an agency's receiving accounts. A line is stored once (its bank
 * transaction number per account); it credits at most one top-up and a top-up is credited by at most one line.
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerAgencyId: integer('owner_agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    accountNo: text('account_no').notNull(),
    bankRef: text('bank_ref').notNull(),
    txnDate: text('txn_date').notNull(),
    debit: bigint('debit', { mode: 'number' }).notNull(),
    credit: bigint('credit', { mode: 'number' }).notNull(),
    balance: bigint('balance', { mode: 'number' }),
    description: text('description').notNull(),
    fileName: text('file_name').notNull(),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    importedAt: createdAt(),
    topUpRequestId: integer('topup_request_id').references(() => topUpRequests.id, { onDelete: 'restrict' }),
    matchedBy: integer('matched_by').references(() => users.id, { onDelete: 'set null' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('statement_lines_ref_idx').on(t.ownerAgencyId, t.accountNo, t.bankRef),
    uniqueIndex('statement_lines_topup_idx').on(t.topUpRequestId),
    check('statement_lines_amount_check', sql`${t.debit} >= 0 and ${t.credit} >= 0`),
  ],
);

// ----- B2C storefront (gateway/b2c) -------------------------------------------------------------------------

/** One storefront per agency, reached at /s/{slug}. */
export const b2cConfigs = pgTable(
  'b2c_configs',
  {
    agencyId: integer('agency_id')
      .primaryKey()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    logoUploadId: uuid('logo_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    theme: text('theme').notNull().default('blue'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    hours: text('hours'),
    flightMarkup: integer('flight_markup').notNull().default(0),
    tourMarkup: integer('tour_markup').notNull().default(0),
    products: text('products').array().notNull().default(sql`'{tours,flights}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('b2c_configs_slug_idx').on(t.slug)],
);

export const b2cTours = pgTable(
  'b2c_tours',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    summary: text('summary'),
    destination: text('destination'),
    days: smallint('days').notNull(),
    bodyHtml: text('body_html').notNull().default(''),
    itinerary: jsonb('itinerary').$type<{ title: string; bodyHtml: string }[]>().notNull().default([]),
    inclusions: text('inclusions').array().notNull().default(sql`'{}'::text[]`),
    exclusions: text('exclusions').array().notNull().default(sql`'{}'::text[]`),
    imageUploadIds: uuid('image_upload_ids').array().notNull().default(sql`'{}'::uuid[]`),
    status: text('status').notNull().default('draft'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('b2c_tours_agency_idx').on(t.agencyId, t.status),
    check('b2c_tours_status_check', sql`${t.status} in ('draft', 'published', 'closed')`),
  ],
);

export const b2cDepartures = pgTable(
  'b2c_departures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tourId: integer('tour_id')
      .notNull()
      .references(() => b2cTours.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    seatsTotal: integer('seats_total').notNull(),
    seatsTaken: integer('seats_taken').notNull().default(0),
    priceAdult: bigint('price_adult', { mode: 'number' }).notNull(),
    priceChild: bigint('price_child', { mode: 'number' }).notNull(),
    priceInfant: bigint('price_infant', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('b2c_departures_tour_idx').on(t.tourId, t.date),
    // The last line of defence against overselling: the conditional UPDATE of a confirmation relies on it too.
    check('b2c_departures_seats_check', sql`${t.seatsTaken} >= 0 and ${t.seatsTaken} <= ${t.seatsTotal}`),
  ],
);

export const b2cOrders = pgTable(
  'b2c_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('new'),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerEmail: text('customer_email').notNull(),
    note: text('note'),
    paxAdult: smallint('pax_adult').notNull(),
    paxChild: smallint('pax_child').notNull().default(0),
    paxInfant: smallint('pax_infant').notNull().default(0),
    departureId: integer('departure_id').references(() => b2cDepartures.id, { onDelete: 'set null' }),
    flight: jsonb('flight').$type<{ from: string; to: string; date: string }>(),
    /** A train enquiry: station codes and the date. */
    train: jsonb('train').$type<{ from: string; to: string; date: string }>(),
    total: bigint('total', { mode: 'number' }),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('b2c_orders_agency_idx').on(t.agencyId, t.createdAt),
    index('b2c_orders_ip_idx').on(t.ip, t.createdAt),
    check('b2c_orders_status_check', sql`${t.status} in ('new', 'contacted', 'confirmed', 'paid', 'cancelled')`),
    check('b2c_orders_kind_check', sql`${t.kind} in ('tour', 'flight', 'train')`),
  ],
);

export const b2cOrderEvents = pgTable(
  'b2c_order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => b2cOrders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note'),
    /** The payment or refund a `payment`/`refund` line records. */
    paymentId: integer('payment_id').references(() => b2cOrderPayments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('b2c_order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * What the customer paid the agency for a storefront order (kind payment: it marks the order paid), and the
 * refund that cancelled a paid order (kind refund). Not a deposit movement: the customer pays the agency, the
 * agency's deposit with the provider is untouched. One of each per order; the key makes a retry a replay.
 */
export const b2cOrderPayments = pgTable(
  'b2c_order_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => b2cOrders.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    method: text('method').notNull(),
    reference: text('reference'),
    note: text('note'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the key stands for (order, kind, amount, method, reference, note), compared on a replay. */
    bodyHash: text('body_hash').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('b2c_order_payments_key_idx').on(t.agencyId, t.idempotencyKey),
    uniqueIndex('b2c_order_payments_once_idx').on(t.orderId, t.kind),
    check('b2c_order_payments_kind_check', sql`${t.kind} in ('payment', 'refund')`),
    check('b2c_order_payments_method_check', sql`${t.method} in ('cash', 'transfer', 'card')`),
    check('b2c_order_payments_amount_check', sql`(${t.kind} = 'payment' and ${t.amount} > 0) or (${t.kind} = 'refund' and ${t.amount} >= 0)`),
  ],
);

// ----- Security: paid-call claims (gateway/platform/access/paid.ts) -----------------------------------------

export type PaidCallClaimState = 'verifying' | 'verified';

/**
 * The idempotency key of a paid call, claimed before its PIN is checked: the first request of a key checks
 * the PIN (`verifying`), the key then holds `verified`, and later requests of the same user and body under it
 * (replays, a burst) go on to the domain's own idempotency without being counted as PIN attempts.
 */
export const paidCallClaims = pgTable(
  'paid_call_claims',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    userId: integer('user_id').notNull(),
    bodyHash: text('body_hash').notNull(),
    state: text('state').$type<PaidCallClaimState>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('paid_call_claims_created_idx').on(t.createdAt),
    check('paid_call_claims_state_check', sql`${t.state} in ('verifying', 'verified')`),
  ],
);

// ----- B2C storefront articles and fare rules (gateway/b2c) -------------------------------------------------

/** The storefront's articles (/b2c/news): sanitised HTML, tags, draft or published. */
export const b2cNews = pgTable(
  'b2c_news',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    summary: text('summary'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    coverUploadId: uuid('cover_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** Sanitised HTML. */
    bodyHtml: text('body_html').notNull(),
    status: text('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('b2c_news_agency_idx').on(t.agencyId, t.status),
    check('b2c_news_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
);

/** Fare-rule texts for customers (/b2c/fare-rules): one per airline and fare family of an agency. */
export const b2cFareRules = pgTable(
  'b2c_fare_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    airline: text('airline').notNull(),
    fareFamily: text('fare_family').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    bodyHtml: text('body_html').notNull(),
    status: text('status').notNull().default('draft'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('b2c_fare_rules_key_idx').on(t.agencyId, t.airline, sql`lower(${t.fareFamily})`),
    check('b2c_fare_rules_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
);

// ----- Shop reserves: seat allotments (gateway/shop) ---------------------------------------------------------

/**
 * A seat allotment of an agency on one flight and booking class: `quantity` seats taken from seat_inventory
 * when it was made; `sold` of them sold, `released` given back (by hand or at `releaseAt`). Never oversold:
 * the check below, and every sale is one conditional UPDATE.
 */
export const shopReserves = pgTable(
  'shop_reserves',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    airline: text('airline').notNull(),
    flightNo: text('flight_no').notNull(),
    fromCode: char('from_code', { length: 3 }).notNull(),
    toCode: char('to_code', { length: 3 }).notNull(),
    /** Local departure date yyyy-MM-dd at from_code. */
    departDate: text('depart_date').notNull(),
    departAt: timestamp('depart_at', { withTimezone: true }).notNull(),
    seatKey: text('seat_key').notNull(),
    class: char('class', { length: 1 }).notNull(),
    quantity: integer('quantity').notNull(),
    sold: integer('sold').notNull().default(0),
    released: integer('released').notNull().default(0),
    netPrice: bigint('net_price', { mode: 'number' }).notNull(),
    sellPrice: bigint('sell_price', { mode: 'number' }).notNull(),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    note: text('note'),
    /** The purchase's C entry (net price × seats); null for an allotment made before the purchase was charged. */
    chargeEntryId: bigint('charge_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    /** The portal's key of the click that made it: a repeat answers this allotment and charges nothing more. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shop_reserves_agency_idx').on(t.agencyId, t.departAt),
    uniqueIndex('shop_reserves_key_idx').on(t.idempotencyKey),
    index('shop_reserves_release_idx').on(t.releaseAt),
    check('shop_reserves_counts_check', sql`${t.quantity} > 0 and ${t.sold} >= 0 and ${t.released} >= 0 and ${t.sold} + ${t.released} <= ${t.quantity}`),
    check('shop_reserves_price_check', sql`${t.netPrice} >= 0 and ${t.sellPrice} >= ${t.netPrice}`),
  ],
);

/** What happened to an allotment: made, seats sold (with the passengers), released by hand, expired. */
export const shopReserveMoves = pgTable(
  'shop_reserve_moves',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reserveId: integer('reserve_id')
      .notNull()
      .references(() => shopReserves.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    quantity: integer('quantity').notNull(),
    /** Sales: what the customer pays (seats × sell price), integer VND; 0 otherwise. */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    customerName: text('customer_name'),
    customerPhone: text('customer_phone'),
    passengers: jsonb('passengers').$type<{ firstName: string; lastName: string }[]>().notNull().default(sql`'[]'::jsonb`),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A sale: the booking it made (its PNR issued from the allotment); a return: the booking the seats came back from. */
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    pnr: text('pnr'),
    /** A sale: the portal's key of the click; a repeat with it answers the first sale. */
    idempotencyKey: text('idempotency_key'),
    /** The deposit entry the move made: the purchase's C (create), a credit's R (release, expire); null otherwise. */
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('shop_reserve_moves_reserve_idx').on(t.reserveId, t.id),
    uniqueIndex('shop_reserve_moves_key_idx').on(t.idempotencyKey),
    check('shop_reserve_moves_kind_check', sql`${t.kind} in ('create', 'sale', 'release', 'expire', 'return')`),
    check('shop_reserve_moves_quantity_check', sql`${t.quantity} > 0`),
  ],
);
