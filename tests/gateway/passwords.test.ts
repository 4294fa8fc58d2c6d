import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, resetPassword } from '../../gateway/admin/service';
import { outbox, passwordResets, users } from '../../gateway/platform/db/schema';
import { DEMO_PASSWORD } from '../../gateway/seed/demo';
import { call, login, nextIp, startGateway, type Gateway } from './helpers';

let gw: Gateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => {
  await gw?.close();
});

const FORGOT = '/api/auth/forgot-password';
const VERIFY = '/api/auth/forgot-password/verify';
const CHANGE = '/api/auth/change-password';

async function newUser(username: string, extra: { mustChangePassword?: boolean } = {}) {
  await createUser(gw.db, {
    username,
    password: DEMO_PASSWORD,
    role: 'agent_f2',
    agency: 'SAOVIET-HN',
    email: `${username}@saoviet.vn`,
    fullName: 'Ngô Bảo Châu',
    ...extra,
  });
}

async function latestCodeFor(address: string): Promise<string> {
  const [mail] = await gw.db.select().from(outbox).where(eq(outbox.toAddress, address)).orderBy(desc(outbox.id)).limit(1);
  const m = /\b(\d{6})\b/.exec(mail?.body ?? '');
  if (!m) throw new Error(`no code mailed to ${address}`);
  return m[1];
}

describe('forgot password', () => {
  it('mails a code, and the code sets a new password and ends the sessions', async () => {
    await newUser('forgetful');
    const before = await login(gw, 'forgetful');
    const res = await call(gw, 'POST', FORGOT, { body: { username: 'forgetful' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ maskedEmail: 'f***@s***.vn', expiresInSeconds: 900 });
    const code = await latestCodeFor('forgetful@saoviet.vn');

    const verify = await call(gw, 'POST', VERIFY, { body: { username: 'forgetful', code, newPassword: 'Fresh#2027' } });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ ok: true });
    expect((await call(gw, 'GET', '/api/auth/me', { token: before.accessToken })).json().code).toBe(19);
    expect((await call(gw, 'POST', '/api/auth/login', { body: { username: 'forgetful', password: DEMO_PASSWORD }, ip: nextIp() })).json().code).toBe(50);
    await login(gw, 'forgetful', 'Fresh#2027');
    // A code works once.
    const again = await call(gw, 'POST', VERIFY, { body: { username: 'forgetful', code, newPassword: 'Other#2027' } });
    expect(again.json().code).toBe(56);
  });

  it('writes the e-mail in the caller language', async () => {
    await newUser('english.reader');
    await call(gw, 'POST', FORGOT, { body: { username: 'english.reader' }, headers: { 'x-language': 'en' } });
    const [mail] = await gw.db.select().from(outbox).where(eq(outbox.toAddress, 'english.reader@saoviet.vn'));
    expect(mail.subject).toBe('Your password reset code');
  });

  it('answers an unknown user the same way without writing anything', async () => {
    const count = async () => (await gw.db.select().from(outbox)).length;
    const n = await count();
    const res = await call(gw, 'POST', FORGOT, { body: { username: 'no.such.user' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.expiresInSeconds).toBe(900);
    expect(body.maskedEmail).toMatch(/^n\*\*\*@[a-z]\*\*\*\.com$/);
    // Stable: asking twice shows the same mask.
    expect((await call(gw, 'POST', FORGOT, { body: { username: 'no.such.user' } })).json().maskedEmail).toBe(body.maskedEmail);
    expect(await count()).toBe(n);
  });

  it('refuses a wrong code with 400/56, and voids the code after 5 wrong tries', async () => {
    await newUser('guesser');
    await call(gw, 'POST', FORGOT, { body: { username: 'guesser' } });
    const code = await latestCodeFor('guesser@saoviet.vn');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const res = await call(gw, 'POST', VERIFY, { body: { username: 'guesser', code: wrong, newPassword: 'Fresh#2027' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(56);
    }
    const right = await call(gw, 'POST', VERIFY, { body: { username: 'guesser', code, newPassword: 'Fresh#2027' } });
    expect(right.json().code).toBe(56);
  });

  it('refuses an expired code', async () => {
    await newUser('late.reader');
    await call(gw, 'POST', FORGOT, { body: { username: 'late.reader' } });
    const code = await latestCodeFor('late.reader@saoviet.vn');
    const [user] = await gw.db.select().from(users).where(eq(users.username, 'late.reader'));
    await gw.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.userId, user.id));
    const res = await call(gw, 'POST', VERIFY, { body: { username: 'late.reader', code, newPassword: 'Fresh#2027' } });
    expect(res.json().code).toBe(56);
  });

  it('refuses a new password breaking the rule with 400/57', async () => {
    for (const newPassword of ['short1!', 'nouppercase1!', 'NoDigits!!', 'NoSpecial12', 'Has space1!']) {
      const res = await call(gw, 'POST', VERIFY, { body: { username: 'guesser', code: '123456', newPassword } });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json().code, newPassword).toBe(57);
    }
  });

  it('keeps only the newest code alive', async () => {
    await newUser('twice');
    await call(gw, 'POST', FORGOT, { body: { username: 'twice' } });
    const first = await latestCodeFor('twice@saoviet.vn');
    await call(gw, 'POST', FORGOT, { body: { username: 'twice' } });
    const second = await latestCodeFor('twice@saoviet.vn');
    const [user] = await gw.db.select().from(users).where(eq(users.username, 'twice'));
    const live = await gw.db.select().from(passwordResets).where(and(eq(passwordResets.userId, user.id)));
    expect(live.filter((r) => r.usedAt === null)).toHaveLength(1);
    if (first !== second) {
      expect((await call(gw, 'POST', VERIFY, { body: { username: 'twice', code: first, newPassword: 'Fresh#2027' } })).json().code).toBe(56);
    }
    expect((await call(gw, 'POST', VERIFY, { body: { username: 'twice', code: second, newPassword: 'Fresh#2027' } })).statusCode).toBe(200);
  });
});

describe('change password', () => {
  it('lets a must-change user in after changing, and clears the flag', async () => {
    await newUser('first.day', { mustChangePassword: true });
    const blocked = await call(gw, 'POST', '/api/auth/login', { body: { username: 'first.day', password: DEMO_PASSWORD }, ip: nextIp() });
    expect(blocked.json().code).toBe(55);
    const res = await call(gw, 'POST', CHANGE, { body: { username: 'first.day', oldPassword: DEMO_PASSWORD, newPassword: 'Mine#2027' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [row] = await gw.db.select().from(users).where(eq(users.username, 'first.day'));
    expect(row.mustChangePassword).toBe(false);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    await login(gw, 'first.day', 'Mine#2027');
  });

  it('ends the other sessions', async () => {
    await newUser('changer');
    const session = await login(gw, 'changer');
    await call(gw, 'POST', CHANGE, { body: { username: 'changer', oldPassword: DEMO_PASSWORD, newPassword: 'Mine#2027' } });
    expect((await call(gw, 'GET', '/api/auth/me', { token: session.accessToken })).json().code).toBe(19);
  });

  it('needs the right current password (401/50), the rule (400/57) and a different password (400/57)', async () => {
    await newUser('picky');
    const wrong = await call(gw, 'POST', CHANGE, { body: { username: 'picky', oldPassword: 'Nope#2026', newPassword: 'Mine#2027' }, ip: nextIp() });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe(50);
    const weak = await call(gw, 'POST', CHANGE, { body: { username: 'picky', oldPassword: DEMO_PASSWORD, newPassword: 'weak' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe(57);
    const same = await call(gw, 'POST', CHANGE, { body: { username: 'picky', oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD } });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code: 57, data: { reason: 'sameAsOld' } });
  });

  it('an operator reset forces a change at next sign-in', async () => {
    await newUser('reset.by.ops');
    const session = await login(gw, 'reset.by.ops');
    await resetPassword(gw.db, 'reset.by.ops', 'Temp#2026x', true);
    expect((await call(gw, 'GET', '/api/auth/me', { token: session.accessToken })).json().code).toBe(19);
    const res = await call(gw, 'POST', '/api/auth/login', { body: { username: 'reset.by.ops', password: 'Temp#2026x' }, ip: nextIp() });
    expect(res.json().code).toBe(55);
    await resetPassword(gw.db, 'reset.by.ops', 'Temp#2026y', false);
    await login(gw, 'reset.by.ops', 'Temp#2026y');
  });
});
