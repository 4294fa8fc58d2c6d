/**
 * The paid-call preamble (gateway/platform/access/paid.ts): the idempotency key is claimed before the PIN is
 * checked, so repeats of one paid call never count as PIN attempts, while wrong PINs stay limited. Runs on
 * PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssueResult } from '../../contract/bookings';
import { encryptWithSecret } from '../../contract/crypto';
import { CLAIM_STALE_MS, paidBodyHash } from '../../gateway/platform/access/paid';
import { pinKey } from '../../gateway/platform/access/pin';
import { paidCallClaims, rateLimits } from '../../gateway/platform/db/schema';
import { balanceOf, unbalancedEntries } from '../../gateway/platform/ledger';
import { loadUserByUsername } from '../../gateway/platform/tenancy/users';
import { DEMO_PIN } from '../../gateway/seed/demo';
import { call, login, startGateway, type Gateway } from './helpers';
import { countEntries, hold } from './lifecycle-helpers';

describe('paid calls: the idempotency key is claimed before the PIN', () => {
  let gw: Gateway;
  let token: string;
  let userId: number;
  let agencyId: number;

  /** An X-Pin header for `pin`, with the salt of a 403/120 answer. */
  async function pinHeader(url: string, body: unknown, pin = DEMO_PIN): Promise<string> {
    const first = await call(gw, 'POST', url, { token, body });
    expect(first.json<{ code: number }>().code, first.body).toBe(120);
    return encryptWithSecret(pin, first.json<{ data: { salt: string } }>().data.salt, gw.cipher);
  }
  const pinCount = async () => (await gw.db.select().from(rateLimits).where(eq(rateLimits.key, pinKey(userId))))[0]?.count ?? 0;

  beforeAll(async () => {
    gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
    token = (await login(gw, 'f1agent')).accessToken;
    const ctx = (await loadUserByUsername(gw.db, 'f1agent'))!;
    expect(ctx.permissions).toContain('USE_PIN_CODE');
    userId = ctx.user.id;
    agencyId = ctx.agency.id;
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('20 parallel issues with one key and the right PIN: all 200, one charge, no PIN attempt left counted', async () => {
    const h = await hold(gw, token, { source: 'VN', days: 43 });
    const body = { idempotencyKey: randomUUID(), pnrs: [h.pnr] };
    const url = `/api/bookings/${h.id}/issue`;
    const pin = await pinHeader(url, body);
    const before = await balanceOf(gw.db, agencyId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(gw, 'POST', url, { token, body, headers: { 'x-pin': pin } })));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const results = answers.map((a) => a.json<IssueResult>());
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await countEntries(gw, 'C', h.pnr)).toBe(1);
    expect(await balanceOf(gw.db, agencyId)).toBe(before - results.find((r) => !r.replayed)!.amount);
    // the one PIN checked was right and gave its count back; the 19 repeats were never counted
    expect(await pinCount()).toBe(0);
    // a repeat without any PIN answers the stored result: the PIN authorised this body under this key
    const again = await call(gw, 'POST', url, { token, body });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<IssueResult>().replayed).toBe(true);
    // the key with another body is refused before any PIN check
    const other = await call(gw, 'POST', url, { token, body: { ...body, pnrs: ['ZZZZZZ'] }, headers: { 'x-pin': pin } });
    expect(other.statusCode).toBe(409);
    expect(other.json<{ data: { reason: string } }>().data.reason).toBe('idempotencyKeyReused');
    expect(await unbalancedEntries(gw.db)).toEqual([]);
  });

  it('a claim left verifying by a crashed request is taken over, and the call goes through', async () => {
    const h = await hold(gw, token, { source: 'VN', days: 44 });
    const body = { idempotencyKey: randomUUID(), pnrs: [h.pnr] };
    const stale = new Date(Date.now() - CLAIM_STALE_MS - 5_000);
    await gw.db.insert(paidCallClaims).values({
      scope: 'bookings.issue',
      key: body.idempotencyKey,
      userId,
      bodyHash: paidBodyHash({ id: h.id, ...body }),
      state: 'verifying',
      updatedAt: stale,
    });
    const url = `/api/bookings/${h.id}/issue`;
    const pin = await pinHeader(url, body);
    const res = await call(gw, 'POST', url, { token, body, headers: { 'x-pin': pin } });
    expect(res.statusCode, res.body).toBe(200);
    const [claim] = await gw.db
      .select()
      .from(paidCallClaims)
      .where(and(eq(paidCallClaims.scope, 'bookings.issue'), eq(paidCallClaims.key, body.idempotencyKey)));
    expect(claim.state).toBe('verified');
  });

  it('8 parallel requests with one key and wrong PINs: 5 counted (403/121), the rest refused (429), nothing claimed', async () => {
    const h = await hold(gw, token, { source: 'VN', days: 45 });
    const body = { idempotencyKey: randomUUID(), pnrs: [h.pnr] };
    const url = `/api/bookings/${h.id}/issue`;
    const wrong = await pinHeader(url, body, '000000');
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(gw, 'POST', url, { token, body, headers: { 'x-pin': wrong } })));
    const codes = answers.map((a) => `${a.statusCode}/${a.json<{ code: number }>().code}`).sort();
    expect(codes.filter((c) => c === '403/121')).toHaveLength(5);
    expect(codes.filter((c) => c.startsWith('429/'))).toHaveLength(3);
    expect(await countEntries(gw, 'C', h.pnr)).toBe(0);
    const claims = await gw.db.select().from(paidCallClaims).where(eq(paidCallClaims.key, body.idempotencyKey));
    expect(claims).toEqual([]);
    // blocked now: the next attempt is refused before any PIN is asked
    const next = await call(gw, 'POST', url, { token, body });
    expect(next.statusCode).toBe(429);
  });
});
