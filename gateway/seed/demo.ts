/**
 * Demo data: the agency tree provider → F1 "Đại lý Sao Việt" → F2 (SUB) → Fn, permission groups and one user
 * of each kind, all with the password DEMO_PASSWORD. Idempotent: existing rows (by code, name, user name) are
 * left as they are.
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { AccountType, Role } from '../../contract/auth';
import type { PermissionString } from '../../policies/permissions';
import { insertUser, validateNewUser } from '../admin/service';
import { hashPassword } from '../platform/passwords';
import type { Db } from '../platform/db/client';
import { agencies, banners, news, permissionGroups, serviceFees, signIns, supportContacts, users } from '../platform/db/schema';
import { sanitizeRichHtml } from '../platform/rich-text';
import { insertSupportContact } from '../support/service';
import type { SupportInput } from '../../contract/content';
import { gradientPng, storeDemoImage } from './images';
import { seedDeposits } from './deposits';
import { seedQrAccounts } from './qr';
// shop: the demo allotment
import { seedShopReserves } from './shop';
import { resolveSigninSecret } from '../platform/db/secrets';
import { SignInService, signinKey } from '../system/service';
import type { SignInCreate } from '../../contract/admin-system';
import type { PaxType } from '../../contract/flights';

export const DEMO_PASSWORD = 'Demo@2026';
/** The PIN code of the demo accounts that hold use_pin_code (issue, void and refund ask for it). */
export const DEMO_PIN = '246810';
/** Demo accounts seeded with DEMO_PIN. */
export const DEMO_PIN_USERS: readonly string[] = ['f1agent'];

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
      // what its F2's administrators hold, so it can staff them too
      'child_agent_manager',
    ],
  },
  {
    agency: 'SAOVIET',
    name: 'Nhân viên bán vé',
    description: 'Đặt chỗ, xuất vé, hủy vé trong ngày, hoàn vé (xác nhận bằng mã PIN)',
    permissions: ['booking_ticket', 'export_ticket', 'search_booking', 'refund_ticket', 'void_vna', 'use_pin_code'],
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
    permissions: ['child_agent_manager', 'booking_ticket', 'search_booking', 'view_qr'],
  },
  {
    agency: 'SAOVIET-HN',
    name: 'Nhân viên đặt chỗ',
    description: 'Chỉ đặt chỗ',
    permissions: ['booking_ticket', 'view_qr'],
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
  // ─── Security: the provider's operator, who approves the F1's top-ups (a top-up is decided by the parent agency)
  {
    username: 'provider', role: 'super_admin', accountType: 'AGT', agency: 'VEVIET', group: null,
    permissions: ['deposit_manager', 'view_deposit', 'confirm_deposit'],
    fullName: 'Bùi Quốc Khánh', email: 'khanh.bui@veviet.vn', phone: '0901234567', note: 'Provider operator, approves the F1 top-ups',
  },
];

/** The F1's sign-ins, one per source, in the display order of the search screen (the F2 inherits them). */
export const DEMO_SIGNINS: readonly SignInCreate[] = [
  { source: 'VN', officeCode: 'HANVN08SV', username: 'SAOVIET.VN', password: 'Vn#Demo2026', active: true, sortOrder: 1 },
  { source: 'VJ', officeCode: 'AG2608SV', username: 'saoviet_vj', password: 'Vj#Demo2026', active: true, sortOrder: 2 },
  { source: 'QH', officeCode: 'QH-SV-01', username: 'saoviet_qh', password: 'Qh#Demo2026', active: true, sortOrder: 3 },
  { source: 'VU', officeCode: 'VU-SV-01', username: 'saoviet_vu', password: 'Vu#Demo2026', active: true, sortOrder: 4 },
  { source: '1A', officeCode: 'HANVN38AA', username: 'SVAMADEUS', password: 'Am#Demo2026', active: true, sortOrder: 5 },
  { source: '1B', officeCode: 'SGNB2SV', username: 'SVABACUS', password: 'Ab#Demo2026', active: true, sortOrder: 6 },
  { source: '1G', officeCode: '7SV1', username: 'SVGALILEO', password: 'Ga#Demo2026', active: true, sortOrder: 7 },
];

interface FeeSeed {
  owner: string;
  target: string;
  airline: string;
  international: boolean;
  paxType: PaxType;
  amount: number;
}

/** Service fees: the F1's own, its markup on its F2, and the F2's own (integer VND per ticket). */
export const DEMO_FEES: readonly FeeSeed[] = [
  ...(['ADT', 'CHD'] as const).flatMap((paxType) => [
    { owner: 'SAOVIET', target: 'SAOVIET', airline: '*', international: false, paxType, amount: 30_000 },
    { owner: 'SAOVIET', target: 'SAOVIET', airline: '*', international: true, paxType, amount: 100_000 },
    { owner: 'SAOVIET', target: 'SAOVIET-HN', airline: '*', international: false, paxType, amount: 20_000 },
    { owner: 'SAOVIET', target: 'SAOVIET-HN', airline: 'VN', international: false, paxType, amount: 25_000 },
    { owner: 'SAOVIET', target: 'SAOVIET-HN', airline: '*', international: true, paxType, amount: 50_000 },
    { owner: 'SAOVIET-HN', target: 'SAOVIET-HN', airline: '*', international: false, paxType, amount: 15_000 },
  ]),
];

/** Demo images (fixed ids, so the seed stays idempotent). */
export const DEMO_IMAGES = [
  { id: '5a0e7c6e-0b1f-4c39-9d51-1f6a2b3c4d01', fileName: 'banner-tet-2027.png', png: () => gradientPng(1200, 300, [236, 32, 41], [247, 228, 203]) },
  { id: '5a0e7c6e-0b1f-4c39-9d51-1f6a2b3c4d02', fileName: 'banner-he-2027.png', png: () => gradientPng(1200, 300, [12, 102, 225], [247, 228, 203]) },
  { id: '5a0e7c6e-0b1f-4c39-9d51-1f6a2b3c4d03', fileName: 'news-cover.png', png: () => gradientPng(800, 400, [12, 102, 225], [236, 32, 41]) },
] as const;

export const DEMO_NEWS = [
  {
    title: 'Vietnam Airlines mở bán vé Tết Nguyên đán 2027',
    summary: 'Đại lý có thể đặt chỗ và xuất vé Tết từ hôm nay.',
    tags: ['tet', 'vietnam-airlines'],
    cover: DEMO_IMAGES[2].id,
    bodyHtml:
      '<h2>Vé Tết 2027</h2><p>Vietnam Airlines mở bán vé phục vụ Tết Nguyên đán 2027 trên các đường bay nội địa.</p>' +
      '<ul><li>Thời gian bay: 15/01 – 28/02/2027</li><li>Hành lý ký gửi 23 kg</li></ul>' +
      '<p>Liên hệ <a href="https://www.vietnamairlines.com" target="_blank">Vietnam Airlines</a> để biết thêm.</p>',
  },
  {
    title: 'Hướng dẫn nạp tiền ký quỹ qua chuyển khoản',
    summary: 'Các bước nạp tiền và thời gian duyệt.',
    tags: ['huong-dan', 'ky-quy'],
    cover: null,
    bodyHtml:
      '<p>Chuyển khoản vào tài khoản của Vé Việt với nội dung <strong>mã đại lý + số điện thoại</strong>.</p>' +
      '<ol><li>Tạo yêu cầu nạp tiền</li><li>Chuyển khoản</li><li>Kế toán duyệt trong 15 phút</li></ol>',
  },
] as const;

export const DEMO_BANNERS = [
  { title: 'Săn vé Tết 2027', image: DEMO_IMAGES[0].id, link: 'https://www.vietnamairlines.com', sortOrder: 1 },
  { title: 'Ưu đãi hè', image: DEMO_IMAGES[1].id, link: null, sortOrder: 2 },
] as const;

export const DEMO_SUPPORT: readonly SupportInput[] = [
  { name: 'Tổng đài Sao Việt', phone: '0988123456', zalo: '0988123456', hours: '7:00–22:00, T2–CN', topic: 'Đặt chỗ, xuất vé', sortOrder: 1, active: true },
  { name: 'Chị Cúc – Kế toán', phone: '0356789012', zalo: '0356789012', hours: '8:00–17:30, T2–T6', topic: 'Nạp tiền ký quỹ', sortOrder: 2, active: true },
  { name: 'Anh An – Vé quốc tế', phone: '0912345678', zalo: null, hours: '8:00–20:00, T2–T7', topic: 'Vé quốc tế, đổi hoàn', sortOrder: 3, active: true },
];

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(agencies);
  return (row?.n ?? 0) === 0;
}

export interface SeedReport {
  agencies: number;
  groups: number;
  users: number;
  signIns: number;
  fees: number;
  news: number;
  banners: number;
  support: number;
}

/** Inserts whatever demo rows are missing; returns how many of each were created. */
export async function seedDemo(db: Db): Promise<SeedReport> {
  const hashes = new Map<string, string>();
  for (const a of DEMO_ACCOUNTS) {
    validateNewUser({ ...a, password: DEMO_PASSWORD });
    hashes.set(a.username, await hashPassword(DEMO_PASSWORD));
  }
  const pinHash = await hashPassword(DEMO_PIN);
  const signInService = new SignInService(db, signinKey(await resolveSigninSecret(db, process.env.SIGNIN_SECRET_KEY?.trim() || undefined)));
  return db.transaction(async (tx) => {
    const report: SeedReport = { agencies: 0, groups: 0, users: 0, signIns: 0, fees: 0, news: 0, banners: 0, support: 0 };
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
    // the demo PIN, for the accounts that have none yet (a PIN changed on /system/pin-code stays)
    for (const username of DEMO_PIN_USERS) {
      await tx
        .update(users)
        .set({ pinHash })
        .where(and(eq(sql`lower(${users.username})`, username), isNull(users.pinHash)));
    }
    const f1 = ids.get('SAOVIET')!;
    const [hasSignIns] = await tx.select({ n: count() }).from(signIns).where(eq(signIns.agencyId, f1));
    if ((hasSignIns?.n ?? 0) === 0) {
      for (const s of DEMO_SIGNINS) await signInService.insert(tx, f1, s);
      report.signIns = DEMO_SIGNINS.length;
    }
    for (const f of DEMO_FEES) {
      const inserted = await tx
        .insert(serviceFees)
        .values({ ownerAgencyId: ids.get(f.owner)!, targetAgencyId: ids.get(f.target)!, airline: f.airline, international: f.international, paxType: f.paxType, amount: f.amount })
        .onConflictDoNothing()
        .returning({ id: serviceFees.id });
      report.fees += inserted.length;
    }
    for (const img of DEMO_IMAGES) await storeDemoImage(tx, f1, img);
    const [author] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'f1admin'));
    for (const n of DEMO_NEWS) {
      const [exists] = await tx.select({ id: news.id }).from(news).where(sql`${news.agencyId} = ${f1} and ${news.title} = ${n.title}`);
      if (exists) continue;
      await tx.insert(news).values({
        agencyId: f1, authorId: author?.id ?? null, title: n.title, summary: n.summary, tags: [...n.tags], coverUploadId: n.cover,
        bodyHtml: sanitizeRichHtml(n.bodyHtml), status: 'published', audience: [1, 2, 3], publishedAt: new Date(),
      });
      report.news += 1;
    }
    for (const b of DEMO_BANNERS) {
      const [exists] = await tx.select({ id: banners.id }).from(banners).where(sql`${banners.agencyId} = ${f1} and ${banners.title} = ${b.title}`);
      if (exists) continue;
      await tx.insert(banners).values({ agencyId: f1, title: b.title, imageUploadId: b.image, link: b.link, sortOrder: b.sortOrder, active: true });
      report.banners += 1;
    }
    const [hasSupport] = await tx.select({ n: count() }).from(supportContacts).where(eq(supportContacts.agencyId, f1));
    if ((hasSupport?.n ?? 0) === 0) {
      for (const c of DEMO_SUPPORT) await insertSupportContact(tx, f1, c);
      report.support = DEMO_SUPPORT.length;
    }
    await seedDeposits(tx, ids);
    // QR top-ups: the sub-agency's receiving account
    await seedQrAccounts(tx, ids);
    // shop: a seat allotment of SAOVIET on a HAN → SGN flight a week ahead (gateway/seed/shop.ts)
    await seedShopReserves(tx, ids);
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
