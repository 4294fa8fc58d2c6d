import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignIn } from '../../contract/admin-system';
import { agencies, signIns } from '../../gateway/platform/db/schema';
import { DEMO_SIGNINS, seedDemo } from '../../gateway/seed/demo';
import { feesFor, sumFees } from '../../gateway/system/fees';
import { activeSignIns, openSecret, sealSecret, signinKey } from '../../gateway/system/signins';
import { call, login, startGateway, type Gateway } from './helpers';

let gw: Gateway;
const tokens = new Map<string, string>();
const token = (u: string) => tokens.get(u)!;

beforeAll(async () => {
  gw = await startGateway();
  for (const u of ['f1admin', 'f2admin', 'accountant', 'f1agent']) tokens.set(u, (await login(gw, u)).accessToken);
});
afterAll(async () => {
  await gw?.close();
});

async function agencyId(code: string): Promise<number> {
  const [row] = await gw.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.code, code));
  return row.id;
}

describe('sign-in configuration', () => {
  it('lists the seeded sign-ins of all seven sources, masked, in display order', async () => {
    const res = await call(gw, 'GET', '/api/system/signin-config', { token: token('f1admin') });
    expect(res.statusCode).toBe(200);
    const { data: items, inherited } = res.json();
    expect(inherited).toBe(false);
    expect(items.map((s: SignIn) => s.source)).toEqual(['VN', 'VJ', 'QH', 'VU', '1A', '1B', '1G']);
    expect(items.every((s: SignIn) => s.passwordMask === '********')).toBe(true);
    for (const seeded of DEMO_SIGNINS) expect(res.body).not.toContain(seeded.password);
  });

  it('stores the password encrypted at rest and never answers it', async () => {
    const res = await call(gw, 'POST', '/api/system/signin-config', {
      token: token('f1admin'),
      body: { source: 'VN', officeCode: 'SGNVN28SV', username: 'SAOVIET.SGN', password: 'Very$ecret-Pass-42', sortOrder: 8 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('Very$ecret-Pass-42');
    const id = res.json().id;
    const raw = await gw.db.execute(sql`select * from sign_ins where id = ${id}`);
    const text = JSON.stringify(raw);
    expect(text).not.toContain('Very$ecret-Pass-42');
    expect(text).not.toContain(Buffer.from('Very$ecret-Pass-42').toString('base64'));
    const [row] = await gw.db.select().from(signIns).where(eq(signIns.id, id));
    expect(row.secretCipher).toMatch(/^v1\./);
    const f1 = await agencyId('SAOVIET');
    const active = await activeSignIns(gw.db, f1);
    expect(active.find((s) => s.id === id)?.password).toBe('Very$ecret-Pass-42');
    // a duplicate office, an unknown source
    expect((await call(gw, 'POST', '/api/system/signin-config', { token: token('f1admin'), body: { source: 'VN', officeCode: 'SGNVN28SV', username: 'x', password: 'y' } })).json().code).toBe(49);
    expect((await call(gw, 'POST', '/api/system/signin-config', { token: token('f1admin'), body: { source: 'XX', officeCode: 'A', username: 'x', password: 'y' } })).json().code).toBe(41);
    // update without password keeps it; deactivating drops it from flight search
    const upd = await call(gw, 'PUT', `/api/system/signin-config/${id}`, { token: token('f1admin'), body: { username: 'SAOVIET.SG', active: false } });
    expect(upd.json()).toMatchObject({ username: 'SAOVIET.SG', active: false, passwordMask: '********', sortOrder: 8, officeCode: 'SGNVN28SV' });
    expect((await activeSignIns(gw.db, f1)).some((s) => s.id === id)).toBe(false);
    await call(gw, 'PUT', `/api/system/signin-config/${id}`, { token: token('f1admin'), body: { active: true, password: 'New$ecret-99' } });
    expect((await activeSignIns(gw.db, f1)).find((s) => s.id === id)?.password).toBe('New$ecret-99');
    expect((await call(gw, 'DELETE', `/api/system/signin-config/${id}`, { token: token('f1admin') })).statusCode).toBe(200);
  });

  it('lets the F2 and below inherit the F1’s sign-ins', async () => {
    const cg = await agencyId('SAOVIET-CG');
    const list = await activeSignIns(gw.db, cg);
    expect(list.map((s) => s.source)).toEqual(['VN', 'VJ', 'QH', 'VU', '1A', '1B', '1G']);
    expect(list[0].password).toBe(DEMO_SIGNINS[0].password);
  });

  it('binds a ciphertext to its key and context', () => {
    const key = signinKey('k'.repeat(32));
    const sealed = sealSecret(key, 'p@ss', '1:VN');
    expect(openSecret(key, sealed, '1:VN')).toBe('p@ss');
    expect(() => openSecret(key, sealed, '2:VN')).toThrow();
    expect(() => openSecret(signinKey('x'.repeat(32)), sealed, '1:VN')).toThrow();
  });

  it('seeds idempotently', async () => {
    const again = await seedDemo(gw.db);
    expect(again).toMatchObject({ agencies: 0, groups: 0, users: 0, signIns: 0, fees: 0 });
  });
});

describe('commission and service fees', () => {
  it('sums the selling agency’s own fee and each ancestor’s markup, the airline’s line over *', async () => {
    const [hn, cg, f1] = [await agencyId('SAOVIET-HN'), await agencyId('SAOVIET-CG'), await agencyId('SAOVIET')];
    // seeded: F1 own * 30k; F1 → HN * 20k, VN 25k; HN own * 15k (domestic ADT)
    expect(await feesFor(gw.db, f1, 'VJ', false, 'ADT')).toBe(30_000);
    expect(await feesFor(gw.db, hn, 'VJ', false, 'ADT')).toBe(15_000 + 20_000);
    expect(await feesFor(gw.db, hn, 'VN', false, 'ADT')).toBe(15_000 + 25_000);
    expect(await feesFor(gw.db, hn, 'VN', false, 'INF')).toBe(0);
    expect(await feesFor(gw.db, cg, 'VJ', false, 'ADT')).toBe(20_000);
    expect(await feesFor(gw.db, hn, 'SQ', true, 'ADT')).toBe(50_000);
  });

  it('is a pure sum along the path', () => {
    const path = [
      { id: 3, parentId: 2, level: 3 },
      { id: 2, parentId: 1, level: 2 },
      { id: 1, parentId: 0, level: 1 },
    ];
    const lines = [
      { ownerAgencyId: 3, targetAgencyId: 3, airline: '*', amount: 5 },
      { ownerAgencyId: 2, targetAgencyId: 3, airline: 'VN', amount: 7 },
      { ownerAgencyId: 2, targetAgencyId: 3, airline: '*', amount: 100 },
      { ownerAgencyId: 1, targetAgencyId: 2, airline: '*', amount: 11 },
      { ownerAgencyId: 1, targetAgencyId: 1, airline: '*', amount: 1000 },
    ];
    expect(sumFees(path, lines, 'VN')).toBe(5 + 7 + 11);
    expect(sumFees(path, lines, 'VJ')).toBe(5 + 100 + 11);
    expect(sumFees([], lines, 'VN')).toBe(0);
  });

  it('lets the F1 set fees for itself and a direct sub-agency only; the F2 for its own children', async () => {
    const [hn, cg] = [await agencyId('SAOVIET-HN'), await agencyId('SAOVIET-CG')];
    const read = await call(gw, 'GET', '/api/system/commission-fee', { token: token('accountant'), query: { targetAgencyId: String(hn) } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().items.length).toBeGreaterThan(0);
    expect(read.json().targets.map((t: { code: string }) => t.code)).toEqual(['SAOVIET', 'SAOVIET-HN']);
    const put = await call(gw, 'PUT', '/api/system/commission-fee', {
      token: token('f1admin'),
      body: { targetAgencyId: hn, items: [{ airline: '*', international: false, paxType: 'ADT', amount: 40_000 }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await feesFor(gw.db, hn, 'VN', false, 'ADT')).toBe(15_000 + 40_000);
    expect((await call(gw, 'GET', '/api/system/commission-fee', { token: token('f1admin'), query: { targetAgencyId: String(cg) } })).statusCode).toBe(404);
    const dup = await call(gw, 'PUT', '/api/system/commission-fee', {
      token: token('f1admin'),
      body: { targetAgencyId: hn, items: [{ airline: 'VN', international: false, paxType: 'ADT', amount: 1 }, { airline: 'VN', international: false, paxType: 'ADT', amount: 2 }] },
    });
    expect(dup.json()).toMatchObject({ code: 41, data: { reason: 'duplicateLine' } });
    const frac = await call(gw, 'PUT', '/api/system/commission-fee', { token: token('f1admin'), body: { targetAgencyId: hn, items: [{ airline: '*', international: false, paxType: 'ADT', amount: 10.5 }] } });
    expect(frac.json().code).toBe(41);
    const f2 = await call(gw, 'PUT', '/api/system/commission-fee', {
      token: token('f2admin'),
      body: { targetAgencyId: cg, items: [{ airline: '*', international: false, paxType: 'ADT', amount: 10_000 }] },
    });
    expect(f2.statusCode, f2.body).toBe(200);
    expect(await feesFor(gw.db, cg, 'VJ', false, 'ADT')).toBe(10_000 + 40_000);
    expect((await call(gw, 'GET', '/api/system/commission-fee', { token: token('f2admin'), query: { targetAgencyId: String(await agencyId('SAOVIET')) } })).statusCode).toBe(404);
  });
});
