// What starts a search (the agency's sign-ins, its path and fee lines, the seats of its days) is kept in memory on
// PGlite (gateway/flights/start-cache.ts). Changed by hand after the same search was started twice (so kept), each
// of them shows in the very next search, on PGlite and on PostgreSQL alike; a search of other days is read anew.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchStarted } from '../../contract/flights';
import { searchStartCacheOf } from '../../gateway/flights/start-cache';
import { agencies, serviceFees, signIns } from '../../gateway/platform/db/schema';
import { inDays, startSearch } from './flights-helpers';
import { login, startGateway, usingPostgres, type Gateway } from './helpers';

let gw: Gateway;
let token: string;
let f1: number;
beforeAll(async () => {
  gw = await startGateway();
  token = (await login(gw, 'f1agent')).accessToken;
  [{ id: f1 }] = await gw.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.code, 'SAOVIET'));
});
afterAll(async () => {
  await gw?.close();
});

/** The agency's own service fee lines for domestic adults (whichever airline the seed gave them). */
const legs = [{ from: 'HAN', to: 'SGN', departDate: inDays(9) }];

async function started(): Promise<SearchStarted> {
  const res = await startSearch(gw, token, { legs });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchStarted>();
}
const vnAdult = (s: SearchStarted) => s.bookingFees.find((f) => f.airline === 'VN' && f.paxType === 'ADT')!;

/** The same search twice: the second from memory on PGlite. */
async function kept(): Promise<SearchStarted> {
  await started();
  const again = await started();
  if (!usingPostgres) expect(searchStartCacheOf(gw.db)?.size).toBeGreaterThan(0);
  else expect(searchStartCacheOf(gw.db)).toBeUndefined();
  return again;
}

describe('the start of a search after the same search', () => {
  it('shows a sign-in turned off at once', async () => {
    const before = await kept();
    const [first] = await gw.db.select({ id: signIns.id }).from(signIns).where(and(eq(signIns.agencyId, f1), eq(signIns.active, true))).limit(1);
    await gw.db.update(signIns).set({ active: false }).where(eq(signIns.id, first.id));
    try {
      expect((await started()).total).toBe(before.total - 1);
    } finally {
      await gw.db.update(signIns).set({ active: true }).where(eq(signIns.id, first.id));
    }
    expect((await started()).total).toBe(before.total);
  });

  it('shows a changed service fee line and the agency’s issue fee at once', async () => {
    const before = vnAdult(await kept());
    const service = before.serviceFee ?? 0;
    const ownLines = and(eq(serviceFees.ownerAgencyId, f1), eq(serviceFees.targetAgencyId, f1), eq(serviceFees.paxType, 'ADT'), eq(serviceFees.international, false));
    expect((await gw.db.select().from(serviceFees).where(ownLines)).length).toBeGreaterThan(0);
    await gw.db.update(serviceFees).set({ amount: sql`${serviceFees.amount} + 7000` }).where(ownLines);
    try {
      expect(vnAdult(await started())).toMatchObject({ serviceFee: service + 7000, issueFee: before.issueFee + 7000 });
      await gw.db.update(agencies).set({ issueFeeDomestic: 10_000 }).where(eq(agencies.id, f1));
      expect(vnAdult(await started())).toMatchObject({ serviceFee: service + 7000, issueFee: before.issueFee + 17_000 });
    } finally {
      await gw.db.update(serviceFees).set({ amount: sql`${serviceFees.amount} - 7000` }).where(ownLines);
      await gw.db.update(agencies).set({ issueFeeDomestic: 0 }).where(eq(agencies.id, f1));
    }
    expect(vnAdult(await started())).toEqual(before);
  });

  it('shows a new sign-in at once', async () => {
    const before = await kept();
    const [copy] = await gw.db.select().from(signIns).where(and(eq(signIns.agencyId, f1), eq(signIns.active, true))).limit(1);
    const { id: _id, ...row } = copy;
    const [added] = await gw.db.insert(signIns).values({ ...row, officeCode: `${row.officeCode ?? 'X'}2` }).returning({ id: signIns.id });
    try {
      expect((await started()).total).toBe(before.total + 1);
    } finally {
      await gw.db.delete(signIns).where(eq(signIns.id, added.id));
    }
    expect((await started()).total).toBe(before.total);
  });
});
