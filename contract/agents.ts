/**
 * Agency administration: permission groups, users, sub-agencies, agency settings, own profile, signed-in
 * password change and PIN. Field names are plain English where the spec shows none. Money is integer VND.
 */
import { z } from 'zod';
import { listOf, sortQuery } from './list';
import { ACCOUNT_TYPES, ROLES, password, username } from './auth';
import { EMAIL_RE, NAME_RE, PHONE_RE, PIN_RE } from './validators';

export const page = z.coerce.number().int().min(1).max(100_000).default(1);
export const pageSize = z.coerce.number().int().min(1).max(100).default(20);
export const idParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
/** VND amount: integer, no fractions. */
export const vnd = z.number().int().min(0).max(1_000_000_000_000);

export const fullName = z.string().trim().min(1).max(100).regex(NAME_RE);
export const phone = z.string().trim().regex(PHONE_RE);
export const email = z.string().trim().max(254).regex(EMAIL_RE);

/** The lower-case permission strings of spec point 6 (policies/permissions.ts holds the same list). */
export const permissionString = z.string().regex(/^[a-z0-9_]{2,40}$/);

/** Products an agency may sell. */
export const PRODUCTS = ['flights', 'train', 'esim', 'b2c'] as const;
export type Product = (typeof PRODUCTS)[number];

/** Meaning of each permission string, vi and en (shown on the group screens). */
export const PERMISSION_LABELS: Record<string, { vi: string; en: string }> = {
  void_view_all_ticket: { vi: 'Xem và huỷ tất cả vé', en: 'View and void all tickets' },
  booking_ticket: { vi: 'Đặt chỗ', en: 'Make bookings' },
  export_ticket: { vi: 'Xuất vé', en: 'Issue tickets' },
  search_booking: { vi: 'Tra cứu đặt chỗ', en: 'Search bookings' },
  deposit_manager: { vi: 'Quản lý ký quỹ', en: 'Manage deposits' },
  confirm_deposit: { vi: 'Duyệt nạp tiền', en: 'Approve top-ups' },
  view_deposit: { vi: 'Xem ký quỹ', en: 'View deposits' },
  refund_ticket: { vi: 'Hoàn vé', en: 'Refund tickets' },
  void_vna: { vi: 'Huỷ vé Vietnam Airlines', en: 'Void Vietnam Airlines tickets' },
  f2_view_deposit: { vi: 'Xem ký quỹ đại lý cấp 2', en: 'View F2 deposits' },
  only_show_info: { vi: 'Chỉ xem thông tin', en: 'Information only' },
  admin_new: { vi: 'Quản trị tin tức', en: 'Manage news' },
  sc_viewer: { vi: 'Xem thay đổi lịch bay', en: 'View schedule changes' },
  insurance: { vi: 'Bảo hiểm', en: 'Insurance' },
  view_signin: { vi: 'Xem sign-in', en: 'View sign-ins' },
  view_qr: { vi: 'Xem mã QR', en: 'View QR codes' },
  hide_logo: { vi: 'Ẩn logo', en: 'Hide the logo' },
  show_new_home: { vi: 'Trang chủ mới', en: 'New home page' },
  child_agent_manager: { vi: 'Quản lý đại lý con', en: 'Manage child agencies' },
  only_show_new: { vi: 'Chỉ hiển thị tin mới', en: 'News and banners' },
  use_pin_code: { vi: 'Dùng mã PIN', en: 'Use a PIN code' },
  use_b2c: { vi: 'Dùng B2C', en: 'Use B2C' },
  on_code: { vi: 'Mã OSI/tour code', en: 'OSI and tour codes' },
  use_train: { vi: 'Bán vé tàu', en: 'Sell train tickets' },
  use_esim: { vi: 'Bán eSIM', en: 'Sell eSIM' },
  anniversary: { vi: 'Banner kỷ niệm', en: 'Anniversary banner' },
  shop_reserves: { vi: 'Giữ chỗ cửa hàng', en: 'Shop reserves' },
};

// ---------------------------------------------------------------- permission groups

export const groupInput = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).nullable().default(null),
  permissions: z.array(permissionString).max(64),
});

/** Fields left out stay as they are (no defaults apply to a change). */
export const groupUpdate = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  description: z.string().trim().max(500).nullable().optional(),
  permissions: z.array(permissionString).max(64).optional(),
});

export const permissionGroup = z.object({
  id: z.number().int(),
  agencyId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
  members: z.number().int(),
  updatedAt: z.string(),
});

export const groupList = listOf(permissionGroup);

// ---------------------------------------------------------------- options of the user screens

export const permissionOption = z.object({
  value: z.string(),
  /** Upper-case name it grants. */
  name: z.string(),
  vi: z.string(),
  en: z.string(),
  /** Whether the caller may grant it (it holds it itself). */
  grantable: z.boolean(),
});

export const agencyRef = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  level: z.number().int(),
  parentId: z.number().int().nullable(),
  status: z.enum(['active', 'suspended']),
});

export const agentOptions = z.object({
  agencies: z.array(agencyRef),
  groups: z.array(z.object({ id: z.number().int(), agencyId: z.number().int(), name: z.string(), permissions: z.array(z.string()) })),
  permissions: z.array(permissionOption),
  /** Roles a user of an agency of that level may have: level 1, 2 and 3 (3 and deeper). */
  rolesByLevel: z.record(z.string(), z.array(z.enum(ROLES))),
  accountTypes: z.array(z.enum(ACCOUNT_TYPES)),
  products: z.array(z.enum(PRODUCTS)),
});

// ---------------------------------------------------------------- users

export const USER_SORTS = ['username', 'fullName', 'createdAt', 'lastLoginAt', 'role', 'agency'] as const;

export const userListQuery = z.object({
  page,
  pageSize,
  /** Searches user name, full name, phone and e-mail. */
  q: z.string().trim().max(100).optional(),
  agencyId: z.coerce.number().int().min(1).optional(),
  role: z.enum(ROLES).optional(),
  accountType: z.enum(ACCOUNT_TYPES).optional(),
  status: z.enum(['active', 'locked']).optional(),
  /** `sort=<field>,-<field>` over USER_SORTS. */
  sort: sortQuery(USER_SORTS, 'username'),
});

export const adminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  accountType: z.enum(ACCOUNT_TYPES),
  agencyId: z.number().int(),
  agencyCode: z.string(),
  agencyName: z.string(),
  agencyLevel: z.number().int(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  extraPermissions: z.array(z.string()),
  /** Upper-case names derived from role, group and extras. */
  permissions: z.array(z.string()),
  locked: z.boolean(),
  lockedReason: z.string().nullable(),
  mustChangePassword: z.boolean(),
  hasPin: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});

export const userPage = listOf(adminUser);

export const userCreate = z.object({
  username,
  /** Omitted: a password meeting the rule is generated and returned once. */
  password: password.optional(),
  fullName,
  email: email.nullable().default(null),
  phone: phone.nullable().default(null),
  role: z.enum(ROLES),
  accountType: z.enum(ACCOUNT_TYPES),
  agencyId: z.number().int().min(1),
  groupId: z.number().int().min(1).nullable().default(null),
  extraPermissions: z.array(permissionString).max(64).default([]),
});

export const userUpdate = z.object({
  fullName: fullName.optional(),
  email: email.nullable().optional(),
  phone: phone.nullable().optional(),
  role: z.enum(ROLES).optional(),
  accountType: z.enum(ACCOUNT_TYPES).optional(),
  agencyId: z.number().int().min(1).optional(),
  groupId: z.number().int().min(1).nullable().optional(),
  extraPermissions: z.array(permissionString).max(64).optional(),
});

export const userCreated = z.object({
  user: adminUser,
  /** Present only when the gateway generated the password: shown once. */
  generatedPassword: z.string().optional(),
});

export const lockRequest = z.object({ reason: z.string().trim().max(200).nullable().default(null) });
export const resetPasswordRequest = z.object({ password: password.optional() });
export const resetPasswordResult = z.object({ ok: z.literal(true), generatedPassword: z.string().optional() });

// ---------------------------------------------------------------- sub-agencies

export const agencyCode = z.string().trim().min(2).max(32).regex(/^[A-Z0-9][A-Z0-9-]*$/);

export const subAgency = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  level: z.number().int(),
  accountType: z.enum(ACCOUNT_TYPES),
  status: z.enum(['active', 'suspended']),
  phone: z.string().nullable(),
  hotline: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  creditLimit: z.number().int(),
  products: z.array(z.enum(PRODUCTS)),
  users: z.number().int(),
  children: z.number().int(),
  createdAt: z.string(),
});

export const subAgencyQuery = z.object({
  page,
  pageSize,
  q: z.string().trim().max(100).optional(),
  status: z.enum(['active', 'suspended']).optional(),
});

export const subAgencyPage = listOf(subAgency);

export const subAgencyCreate = z.object({
  code: agencyCode,
  name: z.string().trim().min(1).max(200),
  accountType: z.enum(ACCOUNT_TYPES).default('SUB'),
  phone: phone.nullable().default(null),
  hotline: phone.nullable().default(null),
  address: z.string().trim().max(300).nullable().default(null),
  email: email.nullable().default(null),
  creditLimit: vnd.default(0),
  products: z.array(z.enum(PRODUCTS)).default(['flights']),
});

/** Fields left out stay as they are (no defaults apply to a change). */
export const subAgencyUpdate = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  accountType: z.enum(ACCOUNT_TYPES).optional(),
  phone: phone.nullable().optional(),
  hotline: phone.nullable().optional(),
  address: z.string().trim().max(300).nullable().optional(),
  email: email.nullable().optional(),
  creditLimit: vnd.optional(),
  products: z.array(z.enum(PRODUCTS)).optional(),
});
export const agencyStatusRequest = z.object({ status: z.enum(['active', 'suspended']) });

// ---------------------------------------------------------------- agency settings and own profile

export const agencyConfig = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Upload id of the logo (GET /api/uploads/{id}). */
  logoUploadId: z.string().nullable(),
  hotline: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  facebook: z.string().nullable(),
  issueFeeDomestic: z.number().int(),
  issueFeeInternational: z.number().int(),
  hiddenIssueFee: z.boolean(),
});

export const httpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http or https URL');

export const agencyConfigUpdate = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  logoUploadId: z.uuid().nullable().optional(),
  hotline: phone.nullable().optional(),
  phone: phone.nullable().optional(),
  email: email.nullable().optional(),
  address: z.string().trim().max(300).nullable().optional(),
  facebook: httpUrl.nullable().optional(),
  issueFeeDomestic: vnd.optional(),
  issueFeeInternational: vnd.optional(),
  hiddenIssueFee: z.boolean().optional(),
});

export const accountInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  accountType: z.enum(ACCOUNT_TYPES),
  agencyName: z.string(),
  hasPin: z.boolean(),
});

export const accountInfoUpdate = z.object({
  fullName: fullName.optional(),
  email: email.nullable().optional(),
  phone: phone.nullable().optional(),
});

export const signedInChangePassword = z.object({
  oldPassword: z.string().min(1).max(128),
  newPassword: password,
});

export const pin = z.string().regex(PIN_RE);
export const pinStatus = z.object({ hasPin: z.boolean() });
export const pinRequest = z.object({
  /** Required when a PIN is already set. */
  oldPin: pin.optional(),
  newPin: pin,
});

export type GroupInput = z.infer<typeof groupInput>;
export type GroupUpdate = z.infer<typeof groupUpdate>;
export type PermissionGroup = z.infer<typeof permissionGroup>;
export type AgentOptions = z.infer<typeof agentOptions>;
export type UserListQuery = z.infer<typeof userListQuery>;
export type AdminUser = z.infer<typeof adminUser>;
export type UserPage = z.infer<typeof userPage>;
export type UserCreate = z.infer<typeof userCreate>;
export type UserUpdate = z.infer<typeof userUpdate>;
export type UserCreated = z.infer<typeof userCreated>;
export type SubAgency = z.infer<typeof subAgency>;
export type SubAgencyQuery = z.infer<typeof subAgencyQuery>;
export type SubAgencyPage = z.infer<typeof subAgencyPage>;
export type SubAgencyCreate = z.infer<typeof subAgencyCreate>;
export type SubAgencyUpdate = z.infer<typeof subAgencyUpdate>;
export type AgencyConfig = z.infer<typeof agencyConfig>;
export type AgencyConfigUpdate = z.infer<typeof agencyConfigUpdate>;
export type AccountInfo = z.infer<typeof accountInfo>;
export type AccountInfoUpdate = z.infer<typeof accountInfoUpdate>;
