import { decodeJwt } from 'jose';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshResult } from '../../contract/auth';
import { TokenSigner } from '../../gateway/platform/access/tokens';
import { createUser } from '../../gateway/admin/service';
import { REFRESH_GRACE_MS } from '../../gateway/auth/sessions';
import { auditLog, refreshTokens, users } from '../../gateway/platform/db/schema';
import { DEMO_PASSWORD } from '../../gateway/seed/demo';
import { TEST_JWT_SECRET, call, login, startGateway, type Gateway } from './helpers';

let gw: Gateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => {
  await gw?.close();
});

const ME = '/api/auth/me';
const REFRESH = '/auth/refresh-token';
const refresh = (accessToken: string, refreshToken: string) =>
  call(gw, 'POST', REFRESH, { body: { accessToken, refreshToken, channel: 'Web' } });

describe('access token', () => {
  it('opens /me, raw or as Bearer', async () => {
    const session = await login(gw, 'f1agent');
    for (const token of [session.accessToken, `Bearer ${session.accessToken}`]) {
      const res = await call(gw, 'GET', ME, { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ memberInfo: { username: 'f1agent' }, agentInfo: { code: 'SAOVIET' } });
      expect(res.json().permissions).toContain('EXPORT_TICKET');
    }
  });

  it('answers 401/19 to a missing, garbage or forged token', async () => {
    const session = await login(gw, 'f1agent');
    const forged = await new TokenSigner('another-secret-another-secret-another', 900).sign({
      userId: session.memberInfo.id,
      agencyId: session.agentInfo.id,
      familyId: decodeJwt(session.accessToken).fam as string,
    });
    const [head, , sig] = session.accessToken.split('.');
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...decodeJwt(session.accessToken), sub: '1' })).toString('base64url')}.${sig}`;
    for (const token of [undefined, 'garbage', 'Bearer ', 'a.b.c', forged, tampered]) {
      const res = await call(gw, 'GET', ME, { token });
      expect(res.statusCode, String(token)).toBe(401);
      expect(res.json().code).toBe(19);
    }
  });

  it('answers 401/18 when expired', async () => {
    const session = await login(gw, 'f1agent');
    const claims = decodeJwt(session.accessToken);
    const expired = await new TokenSigner(TEST_JWT_SECRET, 900).sign(
      { userId: session.memberInfo.id, agencyId: session.agentInfo.id, familyId: claims.fam as string },
      new Date(Date.now() - 3_600_000),
    );
    const res = await call(gw, 'GET', ME, { token: expired });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(18);
    // The expired token still refreshes.
    const renewed = await refresh(expired, session.refreshToken);
    expect(renewed.statusCode).toBe(200);
  });

  it('stops working at once when the user is locked', async () => {
    await createUser(gw.db, { username: 'soon.locked', password: DEMO_PASSWORD, role: 'agent_f1', agency: 'SAOVIET' });
    const session = await login(gw, 'soon.locked');
    expect((await call(gw, 'GET', ME, { token: session.accessToken })).statusCode).toBe(200);
    await gw.db.update(users).set({ locked: true }).where(eq(users.username, 'soon.locked'));
    const res = await call(gw, 'GET', ME, { token: session.accessToken });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(19);
    const renewed = await refresh(session.accessToken, session.refreshToken);
    expect(renewed.statusCode).toBe(401);
    expect(renewed.json().code).toBe(19);
  });

  it('sees permission changes at the next request', async () => {
    await createUser(gw.db, { username: 'grows', password: DEMO_PASSWORD, role: 'agent_f1', agency: 'SAOVIET' });
    const session = await login(gw, 'grows');
    expect(session.permissions).toEqual(['AGENT_F1']);
    await gw.db.update(users).set({ extraPermissions: ['use_esim'] }).where(eq(users.username, 'grows'));
    const res = await call(gw, 'GET', ME, { token: session.accessToken });
    expect(res.json().permissions).toEqual(['AGENT_F1', 'USE_ESIM']);
  });
});

describe('refresh token', () => {
  it('rotates: a new pair each time, permissions and extras included', async () => {
    const session = await login(gw, 'f1admin');
    const first = await refresh(session.accessToken, session.refreshToken);
    expect(first.statusCode).toBe(200);
    const a = first.json();
    expect(refreshResult.safeParse(a).success).toBe(true);
    expect(a.refreshToken).not.toBe(session.refreshToken);
    expect(a.accessToken).not.toBe(session.accessToken);
    expect(a.permissions).toContain('ADMIN_F1');
    expect(a).toMatchObject({ osi: 'CTCM 0912345678', tourCode: 'SVTOUR26' });
    expect(decodeJwt(a.accessToken).fam).toBe(decodeJwt(session.accessToken).fam);

    const second = await refresh(a.accessToken, a.refreshToken);
    expect(second.statusCode).toBe(200);
    expect((await call(gw, 'GET', ME, { token: second.json().accessToken })).statusCode).toBe(200);
    // Only sha256 hashes are stored.
    const rows = await gw.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, decodeJwt(a.accessToken).fam as string));
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('revokes the whole family when a used token comes back (401/21)', async () => {
    const session = await login(gw, 'f1agent');
    const rotated = (await refresh(session.accessToken, session.refreshToken)).json();
    // past the grace window of a concurrent refresh (REFRESH_GRACE_MS)
    const fam = decodeJwt(session.accessToken).fam as string;
    await gw.db.update(refreshTokens).set({ usedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1000) }).where(and(eq(refreshTokens.familyId, fam), isNotNull(refreshTokens.usedAt)));
    const reuse = await refresh(session.accessToken, session.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe(21);
    // The legitimate successor is dead too, and so is its access token.
    const successor = await refresh(rotated.accessToken, rotated.refreshToken);
    expect(successor.statusCode).toBe(401);
    expect(successor.json().code).toBe(20);
    const me = await call(gw, 'GET', ME, { token: rotated.accessToken });
    expect(me.json().code).toBe(19);
    const audits = await gw.db.select().from(auditLog).where(eq(auditLog.action, 'auth.refresh_reuse'));
    expect(audits.length).toBeGreaterThan(0);
  });

  it('answers 401/20 to unknown tokens, other users and bad access tokens', async () => {
    const a = await login(gw, 'f1agent');
    const b = await login(gw, 'f2agent');
    const cases = [
      await refresh(a.accessToken, 'unknown-token'),
      await refresh(b.accessToken, a.refreshToken),
      await refresh('not-a-jwt', a.refreshToken),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(20);
    }
    // None of these used up the real token.
    expect((await refresh(a.accessToken, a.refreshToken)).statusCode).toBe(200);
  });

  it('answers 401/20 to an expired refresh token', async () => {
    const session = await login(gw, 'f2admin');
    const fam = decodeJwt(session.accessToken).fam as string;
    await gw.db.update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(refreshTokens.familyId, fam));
    const res = await refresh(session.accessToken, session.refreshToken);
    expect(res.json().code).toBe(20);
  });

  it('needs channel Web (400/41)', async () => {
    const session = await login(gw, 'f1agent');
    const res = await call(gw, 'POST', REFRESH, { body: { accessToken: session.accessToken, refreshToken: session.refreshToken, channel: 'App' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(41);
  });
});

describe('logout', () => {
  it('revokes the family: the access token and refresh token stop working', async () => {
    const session = await login(gw, 'accountant');
    const other = await login(gw, 'accountant');
    const res = await call(gw, 'POST', '/api/auth/logout', { body: { refreshToken: session.refreshToken } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await call(gw, 'GET', ME, { token: session.accessToken })).json().code).toBe(19);
    expect((await refresh(session.accessToken, session.refreshToken)).json().code).toBe(20);
    // Another sign-in of the same user lives on.
    expect((await call(gw, 'GET', ME, { token: other.accessToken })).statusCode).toBe(200);
    // Unknown tokens are accepted quietly.
    expect((await call(gw, 'POST', '/api/auth/logout', { body: { refreshToken: 'whatever' } })).json()).toEqual({ ok: true });
  });
});
