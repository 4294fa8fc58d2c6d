import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, AgentOptions, PermissionGroup, SubAgency } from '../../contract/agents';
import { auditLog, users } from '../../gateway/platform/db/schema';
import { DEMO_GROUPS, DEMO_PASSWORD } from '../../gateway/seed/demo';
import { call, login, startGateway, type Gateway } from './helpers';

let gw: Gateway;
const tokens = new Map<string, string>();
const token = (u: string) => tokens.get(u)!;

beforeAll(async () => {
  gw = await startGateway();
  for (const u of ['f1admin', 'f1agent', 'f2admin', 'fnadmin', 'f2agent']) tokens.set(u, (await login(gw, u)).accessToken);
});
afterAll(async () => {
  await gw?.close();
});

const NEW_PASSWORD = 'Fresh@2026x';

async function idOf(username: string): Promise<number> {
  const [row] = await gw.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row.id;
}

async function agencyIdOf(code: string): Promise<number> {
  const res = await call(gw, 'GET', '/api/agents/options', { token: token('f1admin') });
  const a = res.json().agencies.find((x: { code: string }) => x.code === code);
  return a.id;
}

/** Creates a user as `admin`, then changes its first password and signs it in. */
async function createAndSignIn(admin: string, body: Record<string, unknown>): Promise<{ user: AdminUser; accessToken: string; refreshToken: string }> {
  const res = await call(gw, 'POST', '/api/agents/users', { token: token(admin), body });
  expect(res.statusCode, res.body).toBe(200);
  const { user, generatedPassword } = res.json();
  expect(generatedPassword).toMatch(/^(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*])[A-Za-z\d!@#$%^&*]{12}$/);
  expect(user.mustChangePassword).toBe(true);
  const first = await call(gw, 'POST', '/api/auth/login', { body: { username: body.username, password: generatedPassword } });
  expect(first.json().code).toBe(55);
  const changed = await call(gw, 'POST', '/api/auth/change-password', {
    body: { username: body.username, oldPassword: generatedPassword, newPassword: NEW_PASSWORD },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  const session = await login(gw, String(body.username), NEW_PASSWORD);
  return { user, accessToken: session.accessToken, refreshToken: session.refreshToken };
}

describe('permission groups', () => {
  it('lists the caller’s groups with members and refuses a grant beyond the caller’s own', async () => {
    const list = await call(gw, 'GET', '/api/system/group-permissions', { token: token('f1admin') });
    expect(list.statusCode).toBe(200);
    const groups: PermissionGroup[] = list.json().data;
    expect(groups.map((g) => g.name)).toContain('Nhân viên bán vé');
    expect(groups.every((g) => g.agencyId === groups[0].agencyId)).toBe(true);
    expect(groups.find((g) => g.name === 'Quản trị đại lý')!.members).toBe(1);
    // f1admin holds neither insurance nor view_signin
    const res = await call(gw, 'POST', '/api/system/group-permissions', {
      token: token('f1admin'),
      body: { name: 'Too much', permissions: ['booking_ticket', 'insurance', 'view_signin'] },
      headers: { 'x-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 60, data: { permissions: ['insurance', 'view_signin'] } });
    expect(res.json().message).toMatch(/grant/);
    const unknown = await call(gw, 'POST', '/api/system/group-permissions', { token: token('f1admin'), body: { name: 'X', permissions: ['root'] } });
    expect(unknown.json().code).toBe(41);
  });

  it('changes a member’s permissions on its next call, and refuses deleting a group in use', async () => {
    const created = await call(gw, 'POST', '/api/system/group-permissions', {
      token: token('f1admin'),
      body: { name: 'Đặt chỗ không xuất', description: 'Booking only', permissions: ['booking_ticket', 'search_booking'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const group: PermissionGroup = created.json();
    const dup = await call(gw, 'POST', '/api/system/group-permissions', { token: token('f1admin'), body: { name: group.name, permissions: [] } });
    expect(dup.json()).toMatchObject({ code: 49, data: { reason: 'nameTaken' } });

    const agencyId = await agencyIdOf('SAOVIET');
    const member = await createAndSignIn('f1admin', {
      username: 'booker.one', fullName: 'Ngô Văn Bảo', role: 'agent_f1', accountType: 'AGT', agencyId, groupId: group.id,
    });
    const me1 = await call(gw, 'GET', '/api/auth/me', { token: member.accessToken });
    expect(me1.json().permissions).not.toContain('EXPORT_TICKET');

    const updated = await call(gw, 'PUT', `/api/system/group-permissions/${group.id}`, {
      token: token('f1admin'),
      body: { permissions: ['booking_ticket', 'search_booking', 'export_ticket'] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ members: 1, description: 'Booking only', name: 'Đặt chỗ không xuất' });
    const me2 = await call(gw, 'GET', '/api/auth/me', { token: member.accessToken });
    expect(me2.json().permissions).toContain('EXPORT_TICKET');
    // and at the next refresh
    const refreshed = await call(gw, 'POST', '/auth/refresh-token', {
      body: { accessToken: member.accessToken, refreshToken: member.refreshToken, channel: 'Web' },
    });
    expect(refreshed.json().permissions).toContain('EXPORT_TICKET');

    const del = await call(gw, 'DELETE', `/api/system/group-permissions/${group.id}`, { token: token('f1admin') });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 49, data: { reason: 'groupInUse', members: 1 } });

    const empty = await call(gw, 'POST', '/api/system/group-permissions', { token: token('f1admin'), body: { name: 'Empty', permissions: [] } });
    const gone = await call(gw, 'DELETE', `/api/system/group-permissions/${empty.json().id}`, { token: token('f1admin') });
    expect(gone.statusCode).toBe(200);
    const audit = await gw.db.select().from(auditLog).where(eq(auditLog.action, 'group.deleted'));
    expect(audit).toHaveLength(1);
  });

  it('hides another agency’s group', async () => {
    const list = await call(gw, 'GET', '/api/agents/options', { token: token('f2admin') });
    const f2group = list.json().groups.find((g: { name: string }) => g.name === 'Nhân viên đặt chỗ');
    const res = await call(gw, 'GET', `/api/system/group-permissions/${f2group.id}`, { token: token('f1admin') });
    expect(res.statusCode).toBe(404);
  });
});

describe('users in scope', () => {
  const usernames = async (admin: string, query: Record<string, string> = {}) => {
    const res = await call(gw, 'GET', '/api/agents/users', { token: token(admin), query: { pageSize: '100', ...query } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((u: AdminUser) => u.username) as string[];
  };

  it('shows f1admin everything below, f2admin its subtree, fnadmin its own agency', async () => {
    const f1 = await usernames('f1admin');
    expect(f1).toEqual(expect.arrayContaining(['f1admin', 'f1agent', 'f2admin', 'f2agent', 'member', 'fnadmin']));
    const f2 = await usernames('f2admin');
    expect(f2).toEqual(expect.arrayContaining(['f2admin', 'f2agent', 'member', 'fnadmin']));
    expect(f2).not.toContain('f1agent');
    expect(f2).not.toContain('f1admin');
    expect(await usernames('fnadmin')).toEqual(['fnadmin']);
  });

  it('answers 404 for a user out of scope, on every call', async () => {
    const f1agent = await idOf('f1agent');
    for (const [method, url, body] of [
      ['GET', `/api/agents/users/${f1agent}`, undefined],
      ['PUT', `/api/agents/users/${f1agent}`, { fullName: 'Hacked' }],
      ['POST', `/api/agents/users/${f1agent}/lock`, {}],
      ['POST', `/api/agents/users/${f1agent}/reset-password`, {}],
    ] as const) {
      const res = await call(gw, method, url, { token: token('f2admin'), body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const f2agent = await idOf('f2agent');
    expect((await call(gw, 'GET', `/api/agents/users/${f2agent}`, { token: token('fnadmin') })).statusCode).toBe(404);
    expect((await call(gw, 'GET', `/api/agents/users/${f2agent}`, { token: token('f2admin') })).statusCode).toBe(200);
    expect((await call(gw, 'GET', `/api/agents/users/${f2agent}`, { token: token('f1admin') })).statusCode).toBe(200);
  });

  it('keeps f2admin away from a sibling F2’s child', async () => {
    const sibling = await call(gw, 'POST', '/api/agents/sub-agencies', {
      token: token('f1admin'),
      body: { code: 'SAOVIET-HCM', name: 'Đại lý Sao Việt Sài Gòn', phone: '0909123456', creditLimit: 50_000_000, products: ['flights', 'train'] },
    });
    expect(sibling.statusCode, sibling.body).toBe(200);
    expect(sibling.json()).toMatchObject({ level: 2, creditLimit: 50_000_000, products: ['flights', 'train'], status: 'active' });
    const res = await call(gw, 'POST', '/api/agents/users', {
      token: token('f1admin'),
      body: { username: 'hcm.agent', fullName: 'Lý Thị Mai', role: 'agent_f2', accountType: 'SUB', agencyId: sibling.json().id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().user.id;
    expect((await call(gw, 'GET', `/api/agents/users/${id}`, { token: token('f2admin') })).statusCode).toBe(404);
    expect((await call(gw, 'POST', `/api/agents/users/${id}/lock`, { token: token('f2admin'), body: {} })).statusCode).toBe(404);
    expect((await call(gw, 'GET', `/api/agents/sub-agencies/${sibling.json().id}`, { token: token('f1admin') })).statusCode).toBe(200);
    // f2admin cannot create a user in the sibling either
    const create = await call(gw, 'POST', '/api/agents/users', {
      token: token('f2admin'),
      body: { username: 'sneaky', fullName: 'Sneaky', role: 'agent_f2', accountType: 'SUB', agencyId: sibling.json().id },
    });
    expect(create.statusCode).toBe(404);
    // nor read the sibling through the child-agency endpoints
    expect((await call(gw, 'GET', `/api/agents/child-agencies/${sibling.json().id}`, { token: token('f2admin') })).statusCode).toBe(404);
  });

  it('seeded groups are coherent: each agency’s administrator can staff every group of its agency, PIN-confirmed ones included', async () => {
    const admins: Record<string, { user: string; role: string; accountType: string }> = {
      SAOVIET: { user: 'f1admin', role: 'agent_f1', accountType: 'AGT' },
      'SAOVIET-HN': { user: 'f2admin', role: 'agent_f2', accountType: 'SUB' },
    };
    let n = 0;
    for (const g of DEMO_GROUPS) {
      const admin = admins[g.agency];
      const options = (await call(gw, 'GET', '/api/agents/options', { token: token(admin.user) })).json<AgentOptions>();
      const agencyId = await agencyIdOf(g.agency);
      const group = options.groups.find((x) => x.name === g.name && x.agencyId === agencyId);
      expect(group, `${g.agency} / ${g.name}`).toBeDefined();
      // every string of the group is offered to its administrator as grantable
      const grantable = new Set(options.permissions.filter((p) => p.grantable).map((p) => p.value));
      expect(g.permissions.filter((p) => !grantable.has(p)), `${g.agency} / ${g.name}`).toEqual([]);
      n += 1;
      const res = await call(gw, 'POST', '/api/agents/users', {
        token: token(admin.user),
        body: { fullName: 'Nhân Viên Mới', username: `staff.${n}`, role: admin.role, accountType: admin.accountType, agencyId, groupId: group!.id },
      });
      expect(res.statusCode, `${g.agency} / ${g.name}: ${res.body}`).toBe(200);
    }
    expect(n).toBe(DEMO_GROUPS.length);
    // f1admin gives a user the PIN confirmation directly too
    const pin = await call(gw, 'POST', '/api/agents/users', {
      token: token('f1admin'),
      body: { fullName: 'Nhân Viên Pin', username: 'staff.pin', role: 'agent_f1', accountType: 'AGT', agencyId: await agencyIdOf('SAOVIET'), extraPermissions: ['booking_ticket', 'use_pin_code'] },
    });
    expect(pin.statusCode, pin.body).toBe(200);
    expect(pin.json().user.permissions).toContain('USE_PIN_CODE');
  });

  it('refuses a grant above the admin’s own permissions and a role that does not fit the level', async () => {
    const hn = await agencyIdOf('SAOVIET-HN');
    const base = { fullName: 'Đinh Văn Cường', role: 'agent_f2', accountType: 'SUB', agencyId: hn };
    const above = await call(gw, 'POST', '/api/agents/users', { token: token('f2admin'), body: { ...base, username: 'too.much', extraPermissions: ['export_ticket'] } });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ code: 60, data: { permissions: ['export_ticket'] } });
    const f1group = (await call(gw, 'GET', '/api/system/group-permissions', { token: token('f1admin') })).json().data.find(
      (g: PermissionGroup) => g.name === 'Nhân viên bán vé',
    );
    const viaGroup = await call(gw, 'POST', '/api/agents/users', { token: token('f2admin'), body: { ...base, username: 'too.much', groupId: f1group.id } });
    expect(viaGroup.json().code).toBe(60);
    const role = await call(gw, 'POST', '/api/agents/users', { token: token('f2admin'), body: { ...base, username: 'too.much', role: 'admin_f1' } });
    expect(role.json()).toMatchObject({ code: 41, data: { reason: 'roleNotForLevel' } });
    const ok = await call(gw, 'POST', '/api/agents/users', {
      token: token('f2admin'),
      body: { ...base, username: 'just.right', extraPermissions: ['booking_ticket'], password: 'Right@2026', phone: '0912000111', email: 'right@saoviet.vn' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().generatedPassword).toBeUndefined();
    expect(ok.json().user.permissions).toEqual(['AGENT_F2', 'BOOKING_TICKET']);
    const badPhone = await call(gw, 'POST', '/api/agents/users', { token: token('f2admin'), body: { ...base, username: 'bad.phone', phone: '12345' } });
    expect(badPhone.json().code).toBe(41);
    const taken = await call(gw, 'POST', '/api/agents/users', { token: token('f2admin'), body: { ...base, username: 'JUST.RIGHT' } });
    expect(taken.json()).toMatchObject({ code: 49, data: { reason: 'usernameTaken' } });
    // an update that adds what the admin lacks is refused; keeping what the user already has is fine
    const f2agent = await idOf('f2agent');
    const add = await call(gw, 'PUT', `/api/agents/users/${f2agent}`, { token: token('f2admin'), body: { extraPermissions: ['use_esim'] } });
    expect(add.json().code).toBe(60);
    const edit = await call(gw, 'PUT', `/api/agents/users/${f2agent}`, { token: token('f2admin'), body: { fullName: 'Hoàng Thu Hằng' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().fullName).toBe('Hoàng Thu Hằng');
  });

  it('searches, filters, sorts and pages on the server', async () => {
    const res = await call(gw, 'GET', '/api/agents/users', { token: token('f1admin'), query: { q: 'saoviet.vn', sort: '-username', pageSize: '2' } });
    const body = res.json();
    expect(body.data).toHaveLength(2);
    expect(body.total).toBeGreaterThan(2);
    const names = body.data.map((u: AdminUser) => u.username);
    expect([...names].sort().reverse()).toEqual(names);
    const page2 = (await call(gw, 'GET', '/api/agents/users', { token: token('f1admin'), query: { q: 'saoviet.vn', sort: '-username', pageSize: '2', page: '2' } })).json();
    expect(page2.data[0].username < names[1]).toBe(true);
    expect(await usernames('f1admin', { q: '0839123456' })).toEqual(['f2agent']);
    expect(await usernames('f1admin', { q: 'Vũ Quang' })).toEqual(['member']);
    expect(await usernames('f1admin', { accountType: 'MB' })).toEqual(['member']);
    expect(await usernames('f1admin', { role: 'admin_fn' })).toEqual(['fnadmin']);
    const hn = await agencyIdOf('SAOVIET-CG');
    expect(await usernames('f1admin', { agencyId: String(hn) })).toEqual(['fnadmin']);
    expect((await call(gw, 'GET', '/api/agents/users', { token: token('f1admin'), query: { sort: 'password' } })).json().code).toBe(41);
    // several sorters, in order: the second only breaks ties of the first
    const byName = await usernames('f1admin', { sort: '-username' });
    expect(await usernames('f1admin', { sort: '-username,createdAt' })).toEqual(byName);
    expect((await call(gw, 'GET', '/api/agents/users', { token: token('f1admin'), query: { sort: 'username,-username' } })).json().code).toBe(41);
  });

  it('locks a user: its token fails on the next call and its refresh too; unlock lets it sign in again', async () => {
    const agencyId = await agencyIdOf('SAOVIET');
    const u = await createAndSignIn('f1admin', { username: 'to.lock', fullName: 'Trịnh Văn Khoá', role: 'agent_f1', accountType: 'AGT', agencyId });
    expect((await call(gw, 'GET', '/api/auth/me', { token: u.accessToken })).statusCode).toBe(200);
    const locked = await call(gw, 'POST', `/api/agents/users/${u.user.id}/lock`, { token: token('f1admin'), body: { reason: 'Nghỉ việc' } });
    expect(locked.json()).toMatchObject({ locked: true, lockedReason: 'Nghỉ việc' });
    const me = await call(gw, 'GET', '/api/auth/me', { token: u.accessToken });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe(19);
    const refresh = await call(gw, 'POST', '/auth/refresh-token', { body: { accessToken: u.accessToken, refreshToken: u.refreshToken, channel: 'Web' } });
    expect(refresh.statusCode).toBe(401);
    expect((await call(gw, 'POST', '/api/auth/login', { body: { username: 'to.lock', password: NEW_PASSWORD } })).json().code).toBe(54);
    await call(gw, 'POST', `/api/agents/users/${u.user.id}/unlock`, { token: token('f1admin'), body: {} });
    await login(gw, 'to.lock', NEW_PASSWORD);
    // an admin never locks or resets itself
    const self = await call(gw, 'POST', `/api/agents/users/${await idOf('f1admin')}/lock`, { token: token('f1admin'), body: {} });
    expect(self.json()).toMatchObject({ code: 49, data: { reason: 'self' } });
  });

  it('resets a password: sessions end and the user must change it', async () => {
    const agencyId = await agencyIdOf('SAOVIET-HN');
    const u = await createAndSignIn('f2admin', { username: 'to.reset', fullName: 'Phan Văn Mới', role: 'agent_f2', accountType: 'SUB', agencyId });
    const res = await call(gw, 'POST', `/api/agents/users/${u.user.id}/reset-password`, { token: token('f2admin'), body: {} });
    expect(res.statusCode).toBe(200);
    const generated = res.json().generatedPassword;
    expect((await call(gw, 'GET', '/api/auth/me', { token: u.accessToken })).statusCode).toBe(401);
    expect((await call(gw, 'POST', '/api/auth/login', { body: { username: 'to.reset', password: generated } })).json().code).toBe(55);
  });
});

describe('sub-agencies and child agencies', () => {
  it('lets f1admin manage its F2s (products within its own) and suspension blocks their users at once', async () => {
    const list = await call(gw, 'GET', '/api/agents/sub-agencies', { token: token('f1admin') });
    const codes = list.json().data.map((a: SubAgency) => a.code);
    expect(codes).toContain('SAOVIET-HN');
    expect(codes).not.toContain('SAOVIET-CG');
    const created = await call(gw, 'POST', '/api/agents/sub-agencies', { token: token('f1admin'), body: { code: 'SAOVIET-DN', name: 'Đại lý Đà Nẵng' } });
    const id = created.json().id;
    await call(gw, 'PUT', `/api/agents/sub-agencies/${id}`, { token: token('f1admin'), body: { phone: '0905111222', accountType: 'AGT' } });
    const edited = await call(gw, 'PUT', `/api/agents/sub-agencies/${id}`, { token: token('f1admin'), body: { creditLimit: 20_000_000, products: ['flights', 'esim'] } });
    // fields left out keep their values
    expect(edited.json()).toMatchObject({ creditLimit: 20_000_000, products: ['flights', 'esim'], phone: '0905111222', accountType: 'AGT', name: 'Đại lý Đà Nẵng' });
    expect((await call(gw, 'PUT', `/api/agents/sub-agencies/${id}`, { token: token('f1admin'), body: { creditLimit: 1.5 } })).json().code).toBe(41);
    const u = await createAndSignIn('f1admin', { username: 'dn.agent', fullName: 'Lê Văn Đà', role: 'agent_f2', accountType: 'SUB', agencyId: id });
    const suspended = await call(gw, 'POST', `/api/agents/sub-agencies/${id}/status`, { token: token('f1admin'), body: { status: 'suspended' } });
    expect(suspended.json().status).toBe('suspended');
    expect((await call(gw, 'GET', '/api/auth/me', { token: u.accessToken })).statusCode).toBe(401);
    expect((await call(gw, 'POST', '/api/agents/sub-agencies', { token: token('f1admin'), body: { code: 'SAOVIET-DN', name: 'Dup' } })).json().code).toBe(49);
  });

  it('lets f2admin manage only its own children, with products within its own', async () => {
    const list = await call(gw, 'GET', '/api/agents/child-agencies', { token: token('f2admin') });
    expect(list.json().data.map((a: SubAgency) => a.code)).toEqual(['SAOVIET-CG']);
    const hnId = await agencyIdOf('SAOVIET-HN');
    await call(gw, 'PUT', `/api/agents/sub-agencies/${hnId}`, { token: token('f1admin'), body: { products: ['flights'] } });
    const f2 = (await login(gw, 'f2admin')).accessToken;
    const tooMuch = await call(gw, 'POST', '/api/agents/child-agencies', { token: f2, body: { code: 'SAOVIET-TX', name: 'Thanh Xuân', products: ['flights', 'train'] } });
    expect(tooMuch.json()).toMatchObject({ code: 60, data: { products: ['train'] } });
    const ok = await call(gw, 'POST', '/api/agents/child-agencies', { token: f2, body: { code: 'SAOVIET-TX', name: 'Thanh Xuân', products: ['flights'] } });
    expect(ok.json()).toMatchObject({ level: 3, parentId: hnId });
    expect((await call(gw, 'GET', `/api/agents/child-agencies/${hnId}`, { token: f2 })).statusCode).toBe(404);
  });
});

describe('agency settings, profile, password and PIN', () => {
  it('reads and changes the agency settings', async () => {
    const res = await call(gw, 'PUT', '/api/agents/config', {
      token: token('f1admin'),
      body: { hotline: '0988123457', facebook: 'https://facebook.com/saoviet', issueFeeDomestic: 50_000, issueFeeInternational: 150_000, hiddenIssueFee: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 'SAOVIET', hotline: '0988123457', issueFeeDomestic: 50_000, hiddenIssueFee: true });
    expect((await call(gw, 'PUT', '/api/agents/config', { token: token('f1admin'), body: { facebook: 'javascript:alert(1)' } })).json().code).toBe(41);
    expect((await call(gw, 'PUT', '/api/agents/config', { token: token('f1admin'), body: { logoUploadId: '8f9c1b1e-2d7a-4c55-9f5e-0a1b2c3d4e5f' } })).statusCode).toBe(404);
    expect((await call(gw, 'GET', '/api/agents/config', { token: token('f1admin') })).json().facebook).toBe('https://facebook.com/saoviet');
  });

  it('changes one’s own profile', async () => {
    const res = await call(gw, 'PUT', '/api/agents/account-info', { token: token('f2agent'), body: { phone: '0839123457', email: 'ha.hoang2@saoviet.vn' } });
    expect(res.json()).toMatchObject({ username: 'f2agent', phone: '0839123457', email: 'ha.hoang2@saoviet.vn' });
    expect((await call(gw, 'PUT', '/api/agents/account-info', { token: token('f2agent'), body: { fullName: 'Hà <b>' } })).json().code).toBe(41);
  });

  it('sets a PIN, then changes it only with the current one', async () => {
    // f2agent has no PIN yet (the demo seeds f1agent's)
    const t = token('f2agent');
    expect((await call(gw, 'GET', '/api/system/pin-code', { token: t })).json()).toEqual({ hasPin: false });
    expect((await call(gw, 'PUT', '/api/system/pin-code', { token: t, body: { newPin: '12a4' } })).json().code).toBe(41);
    expect((await call(gw, 'PUT', '/api/system/pin-code', { token: t, body: { newPin: '1234' } })).json()).toEqual({ hasPin: true });
    const [row] = await gw.db.select({ pinHash: users.pinHash }).from(users).where(eq(users.username, 'f2agent'));
    expect(row.pinHash).toMatch(/^\$argon2id\$/);
    expect((await call(gw, 'PUT', '/api/system/pin-code', { token: t, body: { newPin: '5678' } })).json().code).toBe(121);
    expect((await call(gw, 'PUT', '/api/system/pin-code', { token: t, body: { oldPin: '0000', newPin: '5678' } })).json().code).toBe(121);
    expect((await call(gw, 'PUT', '/api/system/pin-code', { token: t, body: { oldPin: '1234', newPin: '567890' } })).statusCode).toBe(200);
  });

  it('changes the password while signed in; a wrong current one is a 400, not a sign-out', async () => {
    const agencyId = await agencyIdOf('SAOVIET');
    const u = await createAndSignIn('f1admin', { username: 'pw.change', fullName: 'Bùi Văn Đổi', role: 'agent_f1', accountType: 'AGT', agencyId });
    const wrong = await call(gw, 'POST', '/api/system/change-password', { token: u.accessToken, body: { oldPassword: 'Nope@2026', newPassword: 'Other@2026' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(50);
    const ok = await call(gw, 'POST', '/api/system/change-password', { token: u.accessToken, body: { oldPassword: NEW_PASSWORD, newPassword: 'Other@2026' } });
    expect(ok.statusCode).toBe(200);
    await login(gw, 'pw.change', 'Other@2026');
    expect(DEMO_PASSWORD).not.toBe('Other@2026');
  });
});
