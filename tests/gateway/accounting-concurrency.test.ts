/**
 * Races on the deposit ledger. PGlite serves one connection, so these need PostgreSQL (TEST_DATABASE_URL).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTING_API, type TopUpRequest } from '../../contract/accounting';
import { ADMIN_API } from '../../contract/admin-paths';
import { balanceOf, postEntry, unbalancedEntries } from '../../gateway/platform/ledger';
import { agencies, journalEntries } from '../../gateway/platform/db/schema';
import { gradientPng } from '../../gateway/seed/images';
import { call, login, startGateway, usingPostgres, type Gateway } from './helpers';

describe.skipIf(!usingPostgres)('deposit ledger under concurrency (PostgreSQL)', () => {
  let gw: Gateway;
  let agencyId: number;

  beforeAll(async () => {
    gw = await startGateway();
    const [row] = await gw.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.code, 'SAOVIET-CG'));
    agencyId = row.id;
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('20 parallel debits over a balance that covers 5: exactly 5 succeed', async () => {
    await gw.db.transaction((tx) => postEntry(tx, { type: 'T', agencyId, amount: 500_000, reference: 'race funds' }));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => gw.db.transaction((tx) => postEntry(tx, { type: 'C', agencyId, amount: 100_000, reference: `race ${i}` }))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(5);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 70 });
    expect(await balanceOf(gw.db, agencyId)).toBe(0);
    expect(await unbalancedEntries(gw.db)).toEqual([]);
  });

  it('20 parallel posts with one idempotency key write one entry', async () => {
    await gw.db.transaction((tx) => postEntry(tx, { type: 'T', agencyId, amount: 1_000_000, reference: 'funds' }));
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        gw.db.transaction((tx) => postEntry(tx, { type: 'C', agencyId, amount: 300_000, reference: 'ISSUE-X', idempotencyKey: 'issue:race' })),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await balanceOf(gw.db, agencyId)).toBe(700_000);
  });

  it('20 parallel approvals of one top-up write one T entry', async () => {
    const accountant = await login(gw, 'accountant');
    // the F1's top-up is decided by its parent, the provider (docs/ledger.md)
    const provider = await login(gw, 'provider');
    const png = gradientPng(20, 10, [1, 2, 3], [4, 5, 6]);
    const up = await call(gw, 'POST', ADMIN_API.uploads, { token: accountant.accessToken, body: { fileName: 'r.png', contentBase64: png.toString('base64'), kind: 'file' } });
    const created = await call(gw, 'POST', ACCOUNTING_API.topUps, {
      token: accountant.accessToken,
      body: { amount: 4_000_000, bankReference: 'RACE-1', receiptUploadId: up.json<{ id: string }>().id },
    });
    const req = created.json<TopUpRequest>();
    const f1 = req.agencyId;
    const before = await balanceOf(gw.db, f1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(gw, 'POST', ACCOUNTING_API.topUpApprove.replace(':id', String(req.id)), { token: provider.accessToken, body: {} })),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(await balanceOf(gw.db, f1)).toBe(before + 4_000_000);
    const [n] = await gw.db.select({ n: sql<number>`count(*)::int` }).from(journalEntries).where(eq(journalEntries.idempotencyKey, `topup:${req.id}`));
    expect(n.n).toBe(1);
  });
});
