import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../contract/auth';
import { allowed, createEnforcer, endpointPolicies } from '../../policies/enforcer';
import { ENDPOINT_RULES } from '../../policies/endpoints';
import { derivePermissions } from '../../policies/permissions';
import { DEMO_ACCOUNTS, DEMO_GROUPS } from '../../gateway/seed/demo';
import { call, login, startGateway, type Gateway, type Method } from './helpers';

let gw: Gateway;
const sessions = new Map<string, LoginResult>();

beforeAll(async () => {
  gw = await startGateway();
  for (const a of DEMO_ACCOUNTS) sessions.set(a.username, await login(gw, a.username));
});
afterAll(async () => {
  await gw?.close();
});

const entries = Object.entries(ENDPOINT_RULES).map(([key, rule]) => {
  const [method, path] = key.split(' ') as [Method, string];
  return { key, method, url: path.replace(/:slug\b/g, 'saoviet').replace(/:\w+/g, '1'), path, rule };
});

function permissionsOf(username: string): string[] {
  const a = DEMO_ACCOUNTS.find((x) => x.username === username);
  if (!a) throw new Error(username);
  const group = DEMO_GROUPS.find((g) => g.agency === a.agency && g.name === a.group);
  return derivePermissions(a.role, group?.permissions ?? [], a.permissions);
}

describe('every endpoint of the rule table', () => {
  it('is registered', async () => {
    for (const e of entries) {
      // the route itself, not an answer: a registered endpoint may answer 404 for a record it does not find
      expect(gw.app.hasRoute({ method: e.method as 'GET', url: e.path }), e.key).toBe(true);
    }
  });

  it('refuses a missing token with 401/19 unless public', async () => {
    for (const e of entries.filter((x) => !x.rule.public)) {
      const res = await call(gw, e.method, e.url, { body: {} });
      expect(res.statusCode, e.key).toBe(401);
      expect(res.json().code, e.key).toBe(19);
    }
  });

  it('refuses a signed-in user lacking the rule with 403/30, and lets holders through', async () => {
    const enforcer = await createEnforcer(endpointPolicies());
    for (const e of entries.filter((x) => !x.rule.public)) {
      const verdicts = await Promise.all(
        DEMO_ACCOUNTS.map(async (a) => ({ a, ok: await allowed(enforcer, permissionsOf(a.username), e.path, e.method) })),
      );
      if (e.rule.rule !== 'true') {
        const lacking = verdicts.find((v) => !v.ok);
        expect(lacking, `no demo account lacks "${e.rule.rule}" of ${e.key}: add one to the seed`).toBeDefined();
        const res = await call(gw, e.method, e.url, { body: {}, token: sessions.get(lacking!.a.username)!.accessToken });
        expect(res.statusCode, `${e.key} as ${lacking!.a.username}`).toBe(403);
        expect(res.json().code).toBe(30);
      }
      const holder = verdicts.find((v) => v.ok);
      expect(holder, `no demo account holds "${e.rule.rule}" of ${e.key}`).toBeDefined();
      const res = await call(gw, e.method, e.url, { body: {}, token: sessions.get(holder!.a.username)!.accessToken });
      // past the permission check; a business rule may still refuse with its reason (a top-up is decided by
      // the parent agency: 403/30 parentApproves), never the bare 403 of the access layer
      if (res.statusCode === 403) expect(res.json().data?.reason, `${e.key} as ${holder!.a.username}`).toBe('parentApproves');
      else expect(res.statusCode, `${e.key} as ${holder!.a.username}`).not.toBe(401);
    }
    // two calls for every endpoint of every module, one after the other: the time grows with the modules
  }, 180_000);

  it('checks public endpoints without any token', async () => {
    for (const e of entries.filter((x) => x.rule.public)) {
      const res = await call(gw, e.method, e.url, { body: {} });
      expect([401, 403], e.key).not.toContain(res.statusCode);
    }
  });
});

describe('audit log', () => {
  const AUDIT = '/api/audit-log';

  it('shows an F1 admin its whole subtree', async () => {
    const res = await call(gw, 'GET', AUDIT, { token: sessions.get('f1admin')!.accessToken, query: { pageSize: '100', action: 'auth.login' } });
    expect(res.statusCode).toBe(200);
    const codes = new Set(res.json().data.map((i: { agencyCode: string }) => i.agencyCode));
    expect([...codes].sort()).toEqual(['SAOVIET', 'SAOVIET-CG', 'SAOVIET-HN']);
  });

  it('shows an F2 admin only its agency and the ones below', async () => {
    const res = await call(gw, 'GET', AUDIT, { token: sessions.get('f2admin')!.accessToken, query: { pageSize: '100' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThan(0);
    const codes = new Set(body.data.map((i: { agencyCode: string }) => i.agencyCode));
    expect(codes.has('SAOVIET')).toBe(false);
    expect(codes.has('SAOVIET-HN')).toBe(true);
    expect(codes.has('SAOVIET-CG')).toBe(true);
    const usernames = new Set(body.data.map((i: { username: string }) => i.username));
    expect(usernames.has('f1admin')).toBe(false);
  });

  it('shows a level-3 admin only its own agency', async () => {
    const res = await call(gw, 'GET', AUDIT, { token: sessions.get('fnadmin')!.accessToken });
    const codes = new Set(res.json().data.map((i: { agencyCode: string }) => i.agencyCode));
    expect([...codes]).toEqual(['SAOVIET-CG']);
  });

  it('pages, newest first, and filters by action', async () => {
    const token = sessions.get('f1admin')!.accessToken;
    const all = (await call(gw, 'GET', AUDIT, { token, query: { pageSize: '100' } })).json();
    const page1 = (await call(gw, 'GET', AUDIT, { token, query: { page: '1', pageSize: '2' } })).json();
    const page2 = (await call(gw, 'GET', AUDIT, { token, query: { page: '2', pageSize: '2' } })).json();
    expect(page1).toEqual({ data: expect.any(Array), total: all.total });
    expect(page1.data).toHaveLength(2);
    expect(page2.data[0].id).toBe(all.data[2].id);
    const times = all.data.map((i: { at: string }) => Date.parse(i.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const created = (await call(gw, 'GET', AUDIT, { token, query: { action: 'admin.user_created' } })).json();
    expect(created.data.length).toBeGreaterThan(0);
    expect(created.data.every((i: { action: string }) => i.action === 'admin.user_created')).toBe(true);
    expect((await call(gw, 'GET', AUDIT, { token, query: { pageSize: '101' } })).json().code).toBe(41);
    expect((await call(gw, 'GET', AUDIT, { token, query: { page: '0' } })).json().code).toBe(41);
  });
});

describe('route guard', () => {
  it('refuses at start an /api route registered around the rule table', async () => {
    const { default: Fastify } = await import('fastify');
    const { installRouteGuard, defineEndpoint } = await import('../../gateway/platform/access/endpoint');
    const app = Fastify();
    installRouteGuard(app, ['/api/docs']);
    expect(() => app.get('/api/sneaky', async () => 'x')).toThrow(/defineEndpoint/);
    expect(() => app.post('/auth/sneaky', async () => 'x')).toThrow(/defineEndpoint/);
    expect(() => app.get('/api/docs/extra', async () => 'x')).not.toThrow();
    const { z } = await import('zod');
    expect(() =>
      defineEndpoint(app, {} as never, { method: 'GET', url: '/api/not-in-table', summary: 'x', tags: [], response: z.object({}), handler: async () => ({}) }),
    ).toThrow(/No permission rule/);
    await app.close();
  });
});
