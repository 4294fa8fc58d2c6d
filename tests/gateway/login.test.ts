import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResult } from '../../contract/auth';
import { PERMISSION_NAMES } from '../../policies/permissions';
import { createUser } from '../../gateway/admin/service';
import { auditLog, loginAttempts, users } from '../../gateway/platform/db/schema';
import { DEMO_PASSWORD } from '../../gateway/seed/demo';
import { call, login, nextIp, sleep, startGateway, type Gateway } from './helpers';

let gw: Gateway;
beforeAll(async () => {
  // Small limits so throttling and lockout can be seen quickly.
  gw = await startGateway({
    env: {
      LOGIN_MAX_FAILURES: '3',
      LOGIN_LOCK_FAILURES: '5',
      LOGIN_SLOWDOWN_SECONDS: '1',
      LOGIN_LOCK_SECONDS: '3',
      LOGIN_IP_MAX_FAILURES: '6',
      LOGIN_IP_LOCK_FAILURES: '8',
    },
  });
});
afterAll(async () => {
  await gw?.close();
});

const LOGIN = '/api/auth/login';
const attempt = (username: string, password: string, ip: string) => call(gw, 'POST', LOGIN, { body: { username, password }, ip });

async function makeUser(username: string, extra: Partial<Parameters<typeof createUser>[1]> = {}) {
  await createUser(gw.db, { username, password: DEMO_PASSWORD, role: 'agent_f1', agency: 'SAOVIET', permissions: ['booking_ticket'], ...extra });
}

describe('login', () => {
  it('returns tokens, user, agency, upper-case permissions and the agency extras', async () => {
    const res = await attempt('f1admin', DEMO_PASSWORD, nextIp());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(loginResult.safeParse(body).success).toBe(true);
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThanOrEqual(40);
    expect(body.memberInfo).toMatchObject({ username: 'f1admin', role: 'admin_f1', accountType: 'AGT', groupName: 'Quản trị đại lý', hasPin: false });
    expect(body.agentInfo).toMatchObject({ code: 'SAOVIET', name: 'Đại lý Sao Việt', level: 1, accountType: 'AGT' });
    expect(body.permissions).toEqual(
      expect.arrayContaining(['ADMIN_F1', 'DEPOSIT_MANAGER', 'ADMIN_NEWS', 'VIEW_QR_CODE', 'VOID_VIEW_TICKETS', 'USE_TRAIN', 'SHOW_NEW_HOME']),
    );
    for (const p of body.permissions) expect(PERMISSION_NAMES).toContain(p);
    expect(body).toMatchObject({ productKey: 'SV-B2B-2026', osi: 'CTCM 0912345678', tourCode: 'SVTOUR26' });
  });

  it('omits the extras the agency does not have, and knows members and level-3 admins', async () => {
    const member = await login(gw, 'member');
    expect(member.memberInfo.accountType).toBe('MB');
    expect(member.permissions).toEqual(['AGENT_F2', 'BOOKING_TICKET']);
    expect(member).not.toHaveProperty('osi');
    expect(member).not.toHaveProperty('productKey');
    const fn = await login(gw, 'fnadmin');
    expect(fn.agentInfo.level).toBe(3);
    expect(fn.permissions).toEqual(['ADMIN_F2']);
  });

  it('accepts the user name in any case', async () => {
    const res = await attempt('F1Agent', DEMO_PASSWORD, nextIp());
    expect(res.statusCode).toBe(200);
  });

  it('records the attempt and audits the sign-in', async () => {
    const ip = nextIp();
    await attempt('f2agent', DEMO_PASSWORD, ip);
    const rows = await gw.db.select().from(loginAttempts).where(eq(loginAttempts.ip, ip));
    expect(rows).toEqual([expect.objectContaining({ username: 'f2agent', success: true, reason: 'success' })]);
    const audits = await gw.db.select().from(auditLog).where(eq(auditLog.ip, ip));
    expect(audits.map((a) => a.action)).toEqual(['auth.login']);
  });

  it('answers 401/50 to a wrong password and to an unknown user alike', async () => {
    const wrong = await attempt('f1agent', 'Wrong@2026', nextIp());
    const unknown = await attempt('nobody', 'Wrong@2026', nextIp());
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 50 });
    }
  });

  it('answers 423/54 to a user locked by an administrator, even with the right password', async () => {
    await makeUser('locked.user');
    await gw.db.update(users).set({ locked: true, lockedReason: 'left the company' }).where(eq(users.username, 'locked.user'));
    const res = await attempt('locked.user', DEMO_PASSWORD, nextIp());
    expect(res.statusCode).toBe(423);
    expect(res.json().code).toBe(54);
    const wrong = await attempt('locked.user', 'Wrong@2026', nextIp());
    expect(wrong.json().code).toBe(50);
  });

  it('answers 403/55 when the password must be changed first', async () => {
    await makeUser('must.change', { mustChangePassword: true });
    const res = await attempt('must.change', DEMO_PASSWORD, nextIp());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(55);
  });
});

describe('throttling', () => {
  it('slows a user name down after 3 failures, locks it at 5, and lets it in after the lock', async () => {
    await makeUser('throttled.user');
    const ip = nextIp();
    expect((await attempt('throttled.user', 'Wrong@1', ip)).json().code).toBe(50);
    expect((await attempt('throttled.user', 'Wrong@2', ip)).json().code).toBe(50);
    const third = await attempt('throttled.user', 'Wrong@3', ip);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 52, data: { retryAfterSeconds: 1 } });
    expect(third.headers['retry-after']).toBe('1');

    // While slowed even the right password is not checked.
    const early = await attempt('throttled.user', DEMO_PASSWORD, ip);
    expect(early.statusCode).toBe(429);

    await sleep(1_100);
    const fourth = await attempt('throttled.user', 'Wrong@4', ip);
    expect(fourth.json()).toMatchObject({ code: 52, data: { retryAfterSeconds: 2 } });
    await sleep(2_100);
    const fifth = await attempt('throttled.user', 'Wrong@5', ip);
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().code).toBe(53);
    const until = Date.parse(fifth.json().data.lockedUntil);
    expect(until).toBeGreaterThan(Date.now());

    // The lock is of this address only: from another address the user name is slowed down (the user-wide
    // progressive delay from 5 failures), never locked, so a stranger cannot lock the owner out.
    const other = await attempt('throttled.user', DEMO_PASSWORD, nextIp());
    expect(other.statusCode).toBe(429);
    expect(other.json().code).toBe(52);
    // the locking address stays locked, right password or not
    const same = await attempt('throttled.user', DEMO_PASSWORD, ip);
    expect(same.statusCode).toBe(423);
    expect(same.json().code).toBe(53);

    const lockouts = await gw.db.select().from(auditLog).where(eq(auditLog.action, 'auth.lockout'));
    expect(lockouts.some((a) => a.target === 'throttled.user')).toBe(true);

    await sleep(Math.max(0, until - Date.now()) + 200);
    const after = await attempt('throttled.user', DEMO_PASSWORD, nextIp());
    expect(after.statusCode).toBe(200);
  });

  it('a success resets the count', async () => {
    await makeUser('reset.user');
    const ip = nextIp();
    await attempt('reset.user', 'Wrong@1', ip);
    await attempt('reset.user', 'Wrong@2', ip);
    expect((await attempt('reset.user', DEMO_PASSWORD, ip)).statusCode).toBe(200);
    expect((await attempt('reset.user', 'Wrong@3', ip)).json().code).toBe(50);
    expect((await attempt('reset.user', 'Wrong@4', ip)).json().code).toBe(50);
  });

  it('slows down one address trying many user names', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 7; i += 1) codes.push((await attempt(`ghost${i}`, 'Wrong@2026', ip)).json().code);
    expect(codes.slice(0, 5)).toEqual([50, 50, 50, 50, 50]);
    expect(codes[5]).toBe(52);
    expect(codes[6]).toBe(52);
    // Another address is not affected.
    expect((await attempt('f2admin', DEMO_PASSWORD, nextIp())).statusCode).toBe(200);
  });
});
