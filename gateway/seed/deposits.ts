/**
 * Demo deposits: an opening T entry for the F1 and F2 demo agencies and one pending top-up request each,
 * with a receipt image. Idempotent (the entries by idempotency key, the requests by bank reference).
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../platform/db/client';
import { topUpRequests, uploads, users } from '../platform/db/schema';
import { gradientPng } from './images';
import { postEntry } from '../platform/ledger';

export const DEMO_DEPOSITS = [
  {
    agency: 'SAOVIET', opening: 200_000_000, requester: 'accountant',
    topUp: { amount: 30_000_000, bankReference: 'VCB-DEMO-0001', receiptId: '7b1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e01' },
  },
  {
    agency: 'SAOVIET-HN', opening: 50_000_000, requester: 'f2admin',
    topUp: { amount: 10_000_000, bankReference: 'ACB-DEMO-0001', receiptId: '7b1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e02' },
  },
] as const;

export async function seedDeposits(tx: Tx, agencyIds: ReadonlyMap<string, number>): Promise<{ entries: number; topUps: number }> {
  const report = { entries: 0, topUps: 0 };
  for (const d of DEMO_DEPOSITS) {
    const agencyId = agencyIds.get(d.agency);
    if (agencyId === undefined) continue;
    const posted = await postEntry(tx, { type: 'T', agencyId, amount: d.opening, reference: 'Số dư đầu kỳ / Opening balance', idempotencyKey: `seed:opening:${d.agency}` });
    if (!posted.replayed) report.entries += 1;
    const [exists] = await tx
      .select({ id: topUpRequests.id })
      .from(topUpRequests)
      .where(and(eq(topUpRequests.agencyId, agencyId), eq(topUpRequests.bankReference, d.topUp.bankReference)));
    if (exists) continue;
    const data = gradientPng(360, 200, [0, 122, 94], [247, 228, 203]);
    await tx
      .insert(uploads)
      .values({
        id: d.topUp.receiptId, agencyId, userId: null, kind: 'file', fileName: `receipt-${d.topUp.bankReference}.png`, contentType: 'image/png',
        size: data.length, sha256: createHash('sha256').update(data).digest('hex'), data,
      })
      .onConflictDoNothing({ target: uploads.id });
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.username, d.requester));
    await tx.insert(topUpRequests).values({
      agencyId, requestedBy: user?.id ?? null, amount: d.topUp.amount, bankReference: d.topUp.bankReference, receiptUploadId: d.topUp.receiptId,
      note: 'Demo',
    });
    report.topUps += 1;
  }
  return report;
}
