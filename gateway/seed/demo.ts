/**
 * Demo data: the agency tree provider → F1 "Đại lý Sao Việt" → F2 (SUB) → Fn, permission groups and one user
 * of each kind, all with the password DEMO_PASSWORD. Idempotent: existing rows (by code, name, user name) are
 * left as they are.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { AccountType, Role } from '../../contract/auth';
import type { PermissionString } from '../../policies/permissions';
import { insertUser, validateNewUser } from '../admin/users';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { agencies, permissionGroups, users } from '../db/schema';

export const DEMO_PASSWORD = 'Demo@2026';

interface AgencySeed {
  code: string;
  parent: string | null;
  name: string;
  level: number;
  accountType: AccountType;
  phone: string;
  hotline: string;
  address: string;
  email: string;
  productKey?: string;
  osi?: string;
  tourCode?: string;
}

export const DEMO_AGENCIES: readonly AgencySeed[] = [
  {
    code: 'VEVIET',
    parent: null,
    name: 'Công ty Cổ phần Vé Việt (nhà cung cấp)',
    level: 0,
    accountType: 'AGT',
    phone: '0901234567',
    hotline: '0901234567',
    address: '12 Lê Duẩn, Quận 1, TP. Hồ Chí Minh',
    email: 'support@veviet.vn',
  },
  {
    code: 'SAOVIET',
    parent: 'VEVIET',
    name: 'Đại lý Sao Việt',
    level: 1,
    accountType: 'AGT',
    phone: '0912345678',
    hotline: '0988123456',
    address: '45 Trần Hưng Đạo, Hoàn Kiếm, Hà Nội',
    email: 'lienhe@saoviet.vn',
    productKey: 'SV-B2B-2026',
    osi: 'CTCM 0912345678',
    tourCode: 'SVTOUR26',
  },
  {
    code: 'SAOVIET-HN',
    parent: 'SAOVIET',
    name: 'Đại lý Sao Việt Hà Đông',
    level: 2,
    accountType: 'SUB',
    phone: '0778123456',
    hotline: '0778123456',
    address: '88 Quang Trung, Hà Đông, Hà Nội',
    email: 'hadong@saoviet.vn',
  },
  {
    code: 'SAOVIET-CG',
    parent: 'SAOVIET-HN',
    name: 'Phòng vé Sao Việt Cầu Giấy',
    level: 3,
    accountType: 'SUB',
    phone: '0583456789',
    hotline: '0583456789',
    address: '102 Xuân Thủy, Cầu Giấy, Hà Nội',
    email: 'caugiay@saoviet.vn',
  },
];

interface GroupSeed {
  agency: string;
  name: string;
  description: string;
  permissions: PermissionString[];
}

export const DEMO_GROUPS: readonly GroupSeed[] = [
  {
    agency: 'SAOVIET',
    name: 'Quản trị đại lý',
    description: 'Toàn quyền đại lý cấp 1',
    permissions: [
      'deposit_manager', 'confirm_deposit', 'view_deposit', 'admin_new', 'only_show_new', 'use_train', 'use_esim', 'use_b2c',
      'view_qr', 'shop_reserves', 'show_new_home', 'anniversary', 'booking_ticket', 'export_ticket', 'void_view_all_ticket',
      'void_vna', 'refund_ticket', 'search_booking',
    ],
  },
  {
    agency: 'SAOVIET',
    name: 'Nhân viên bán vé',
    description: 'Đặt chỗ, xuất vé, hoàn vé',
    permissions: ['booking_ticket', 'export_ticket', 'search_booking', 'refund_ticket'],
  },
  {
    agency: 'SAOVIET',
    name: 'Kế toán',
    description: 'Quản lý và duyệt nạp tiền',
    permissions: ['deposit_manager', 'view_deposit', 'confirm_deposit'],
  },
  {
    agency: 'SAOVIET-HN',
    name: 'Quản trị đại lý con',
    description: 'Quản lý đại lý cấp dưới, đặt chỗ',
    permissions: ['child_agent_manager', 'booking_ticket', 'search_booking'],
  },
  {
    agency: 'SAOVIET-HN',
    name: 'Nhân viên đặt chỗ',
    description: 'Chỉ đặt chỗ',
    permissions: ['booking_ticket'],
  },
];

export interface DemoAccount {
  username: string;
  role: Role;
  accountType: AccountType;
  agency: string;
  group: string | null;
  permissions: PermissionString[];
  fullName: string;
  email: string;
  phone: string;
  /** What the account shows off. */
  note: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'f1admin', role: 'admin_f1', accountType: 'AGT', agency: 'SAOVIET', group: 'Quản trị đại lý', permissions: [],
    fullName: 'Nguyễn Văn An', email: 'an.nguyen@saoviet.vn', phone: '0912345678', note: 'F1 administrator, every module',
  },
  {
    username: 'f1agent', role: 'agent_f1', accountType: 'AGT', agency: 'SAOVIET', group: 'Nhân viên bán vé', permissions: [],
    fullName: 'Trần Thị Bình', email: 'binh.tran@saoviet.vn', phone: '0987654321', note: 'F1 ticketing agent',
  },
  {
    username: 'accountant', role: 'agent_f1', accountType: 'AGT', agency: 'SAOVIET', group: 'Kế toán', permissions: [],
    fullName: 'Lê Thị Cúc', email: 'cuc.le@saoviet.vn', phone: '0356789012', note: 'F1 deposits and accounting',
  },
  {
    username: 'f2admin', role: 'admin_f2', accountType: 'SUB', agency: 'SAOVIET-HN', group: 'Quản trị đại lý con', permissions: [],
    fullName: 'Phạm Minh Đức', email: 'duc.pham@saoviet.vn', phone: '0778123456', note: 'F2 administrator, child agents',
  },
  {
    username: 'f2agent', role: 'agent_f2', accountType: 'SUB', agency: 'SAOVIET-HN', group: 'Nhân viên đặt chỗ', permissions: [],
    fullName: 'Hoàng Thu Hà', email: 'ha.hoang@saoviet.vn', phone: '0839123456', note: 'F2 agent, booking only',
  },
  {
    username: 'member', role: 'agent_f2', accountType: 'MB', agency: 'SAOVIET-HN', group: null, permissions: ['booking_ticket'],
    fullName: 'Vũ Quang Huy', email: 'huy.vu@gmail.com', phone: '0398765432', note: 'Member (MB), booking only',
  },
  {
    username: 'fnadmin', role: 'admin_fn', accountType: 'SUB', agency: 'SAOVIET-CG', group: null, permissions: [],
    fullName: 'Đỗ Thanh Lan', email: 'lan.do@saoviet.vn', phone: '0583456789', note: 'Administrator of the child agency (level 3)',
  },
];

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(agencies);
  return (row?.n ?? 0) === 0;
}

export interface SeedReport {
  agencies: number;
  groups: number;
  users: number;
}

/** Inserts whatever demo rows are missing; returns how many of each were created. */
export async function seedDemo(db: Db): Promise<SeedReport> {
  const hashes = new Map<string, string>();
  for (const a of DEMO_ACCOUNTS) {
    validateNewUser({ ...a, password: DEMO_PASSWORD });
    hashes.set(a.username, await hashPassword(DEMO_PASSWORD));
  }
  return db.transaction(async (tx) => {
    const report: SeedReport = { agencies: 0, groups: 0, users: 0 };
    const ids = new Map<string, number>();
    for (const a of DEMO_AGENCIES) {
      const parentId = a.parent ? ids.get(a.parent) : null;
      if (parentId === undefined) throw new Error(`seed: parent ${a.parent} of ${a.code} comes later`);
      const inserted = await tx
        .insert(agencies)
        .values({ ...a, parentId })
        .onConflictDoNothing({ target: agencies.code })
        .returning({ id: agencies.id });
      if (inserted.length > 0) report.agencies += 1;
      const [row] = await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.code, a.code));
      ids.set(a.code, row.id);
    }
    for (const g of DEMO_GROUPS) {
      const agencyId = ids.get(g.agency);
      if (agencyId === undefined) throw new Error(`seed: no agency ${g.agency}`);
      const inserted = await tx
        .insert(permissionGroups)
        .values({ agencyId, name: g.name, description: g.description, permissions: g.permissions })
        .onConflictDoNothing({ target: [permissionGroups.agencyId, permissionGroups.name] })
        .returning({ id: permissionGroups.id });
      report.groups += inserted.length;
    }
    for (const u of DEMO_ACCOUNTS) {
      const [exists] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.username})`, u.username.toLowerCase()));
      if (exists) continue;
      await insertUser(tx, { ...u, password: DEMO_PASSWORD }, hashes.get(u.username) ?? '');
      report.users += 1;
    }
    return report;
  });
}

/** The demo accounts as a text table (start-up banner, CLI, README). */
export function demoAccountsTable(): string {
  const rows = DEMO_ACCOUNTS.map((a) => [a.username, a.role, a.accountType, a.agency, DEMO_PASSWORD, a.note]);
  const header = ['username', 'role', 'type', 'agency', 'password', 'what for'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
