import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTING_API, type Balance, type DepositReport, type EntriesPage, type TopUpPage, type TopUpRequest } from '../../contract/accounting';
import type { LoginResult } from '../../contract/auth';
import { ADMIN_API } from '../../contract/admin-paths';
import { balanceOf, postEntry, unbalancedEntries } from '../../gateway/platform/ledger';
import { dayStart } from '../../gateway/accounting/service';
import { agencies, journalEntries, notifications, postings, auditLog, topUpRequests, shopReserves } from '../../gateway/platform/db/schema';
import { gradientPng } from '../../gateway/seed/images';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../gateway/seed/demo';
import { createUser } from '../../gateway/admin/service';
import { call, login, startGateway, type Gateway } from './helpers';

let gw: Gateway;
const sessions = new Map<string, LoginResult>();
const ids = new Map<string, number>();
const token = (u: string) => sessions.get(u)!.accessToken;
const PNG = gradientPng(40, 20, [0, 0, 0], [255, 255, 255]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>', 'utf8');
let refCounter = 0;
const nextRef = () => `VCB-TEST-${++refCounter}`;

beforeAll(async () => {
  gw = await startGateway();
  for (const a of DEMO_ACCOUNTS) sessions.set(a.username, await login(gw, a.username));
  for (const row of await gw.db.select({ id: agencies.id, code: agencies.code }).from(agencies)) ids.set(row.code, row.id);
});
afterAll(async () => {
  await gw?.close();
});

async function balance(user: string): Promise<Balance> {
  const res = await call(gw, 'GET', ACCOUNTING_API.balance, { token: token(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Balance>();
}

async function upload(user: string, fileName: string, bytes: Buffer, kind: 'image' | 'file' = 'file') {
  return call(gw, 'POST', ADMIN_API.uploads, { token: token(user), body: { fileName, contentBase64: bytes.toString('base64'), kind } });
}

async function receipt(user: string, fileName = 'receipt.png', bytes: Buffer = PNG): Promise<string> {
  const res = await upload(user, fileName, bytes);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>().id;
}

async function requestTopUp(user: string, amount: number, bankReference = nextRef()) {
  return call(gw, 'POST', ACCOUNTING_API.topUps, { token: token(user), body: { amount, bankReference, receiptUploadId: await receipt(user) } });
}

const approve = (user: string, id: number) => call(gw, 'POST', ACCOUNTING_API.topUpApprove.replace(':id', String(id)), { token: token(user), body: {} });
const reject = (user: string, id: number, reason: string) =>
  call(gw, 'POST', ACCOUNTING_API.topUpReject.replace(':id', String(id)), { token: token(user), body: { reason } });

/** What SAOVIET paid for the demo allotment the seed bought (its C entry: net price × seats). */
const demoPurchase = async () => {
  const [demo] = await gw.db.select().from(shopReserves).where(eq(shopReserves.agencyId, ids.get('SAOVIET')!));
  return demo.netPrice * demo.quantity;
};

const tEntriesOf = async (agencyId: number) =>
  (await gw.db.select({ id: journalEntries.id }).from(journalEntries).where(sql`${journalEntries.agencyId} = ${agencyId} and ${journalEntries.type} = 'T'`)).length;

describe('balance', () => {
  it('is derived from the seeded opening entries, per agency', async () => {
    // SAOVIET's opening, less the demo allotment it bought (net price × seats, docs/shop.md)
    const opening = 200_000_000 - (await demoPurchase());
    expect(await balance('f1agent')).toEqual({ agencyId: ids.get('SAOVIET'), balance: opening, creditLimit: 0, available: opening });
    expect((await balance('f2agent')).balance).toBe(50_000_000);
    expect((await balance('fnadmin')).balance).toBe(0);
  });

  it('equals the sum of the postings, and every entry balances to zero', async () => {
    const [row] = await gw.db
      .select({ total: sql<string>`sum(${postings.amount})` })
      .from(postings)
      .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
      .where(sql`${postings.accountId} = (select id from ledger_accounts where agency_id = ${ids.get('SAOVIET')!})`);
    expect(Number(row.total)).toBe(await balanceOf(gw.db, ids.get('SAOVIET')!));
    expect(await unbalancedEntries(gw.db)).toEqual([]);
  });
});

describe('postEntry', () => {
  it('refuses a debit below zero without a credit limit (409/70), and writes nothing', async () => {
    const agencyId = ids.get('SAOVIET-HN')!;
    const before = await balanceOf(gw.db, agencyId);
    await expect(gw.db.transaction((tx) => postEntry(tx, { type: 'C', agencyId, amount: before + 1, reference: 'too much' }))).rejects.toMatchObject({ code: 70 });
    expect(await balanceOf(gw.db, agencyId)).toBe(before);
    const ok = await gw.db.transaction((tx) => postEntry(tx, { type: 'S', agencyId, amount: before, reference: 'all of it' }));
    expect(ok.balanceAfter).toBe(0);
    await gw.db.transaction((tx) => postEntry(tx, { type: 'V', agencyId, amount: before, reference: 'give it back' }));
    expect(await balanceOf(gw.db, agencyId)).toBe(before);
  });

  it('lets the credit limit set by the parent take the balance down to −limit, not further', async () => {
    const agencyId = ids.get('SAOVIET-CG')!;
    await gw.db.update(agencies).set({ creditLimit: 1_000_000 }).where(eq(agencies.id, agencyId));
    const posted = await gw.db.transaction((tx) => postEntry(tx, { type: 'C', agencyId, amount: 1_000_000, reference: 'on credit' }));
    expect(posted.balanceAfter).toBe(-1_000_000);
    await expect(gw.db.transaction((tx) => postEntry(tx, { type: 'C', agencyId, amount: 1, reference: 'one more' }))).rejects.toMatchObject({ code: 70 });
    expect((await balance('fnadmin'))).toEqual({ agencyId, balance: -1_000_000, creditLimit: 1_000_000, available: 0 });
    await gw.db.transaction((tx) => postEntry(tx, { type: 'R', agencyId, amount: 1_000_000, reference: 'refund' }));
    await gw.db.update(agencies).set({ creditLimit: 0 }).where(eq(agencies.id, agencyId));
  });

  it('writes an entry once per idempotency key; the key with another amount is refused', async () => {
    const agencyId = ids.get('SAOVIET')!;
    const before = await balanceOf(gw.db, agencyId);
    const a = await gw.db.transaction((tx) => postEntry(tx, { type: 'C', agencyId, amount: 123_000, reference: 'ISSUE-1', pnr: 'ABC123', idempotencyKey: 'issue:1' }));
    const b = await gw.db.transaction((tx) => postEntry(tx, { type: 'C', agencyId, amount: 123_000, reference: 'ISSUE-1', pnr: 'ABC123', idempotencyKey: 'issue:1' }));
    expect(b).toMatchObject({ id: a.id, replayed: true });
    expect(await balanceOf(gw.db, agencyId)).toBe(before - 123_000);
    await expect(gw.db.transaction((tx) => postEntry(tx, { type: 'C', agencyId, amount: 1, reference: 'x', idempotencyKey: 'issue:1' }))).rejects.toMatchObject({ code: 49 });
    await gw.db.transaction((tx) => postEntry(tx, { type: 'V', agencyId, amount: 123_000, reference: 'VOID-1', pnr: 'ABC123' }));
  });

  it('refuses amounts that are not positive integers', async () => {
    const agencyId = ids.get('SAOVIET')!;
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      await expect(gw.db.transaction((tx) => postEntry(tx, { type: 'T', agencyId, amount, reference: 'bad' }))).rejects.toMatchObject({ code: 41 });
    }
  });
});

describe('immutability', () => {
  it('refuses UPDATE and DELETE on entries and postings, and TRUNCATE', async () => {
    await expect(gw.db.execute(sql`update journal_entries set amount = amount + 1`)).rejects.toThrow();
    await expect(gw.db.execute(sql`delete from journal_entries`)).rejects.toThrow();
    await expect(gw.db.execute(sql`update postings set amount = 0 - amount`)).rejects.toThrow();
    await expect(gw.db.execute(sql`delete from postings`)).rejects.toThrow();
    await expect(gw.db.execute(sql`truncate postings, journal_entries cascade`)).rejects.toThrow();
    expect(await balanceOf(gw.db, ids.get('SAOVIET')!)).toBeGreaterThan(0);
  });

  it('refuses an entry whose postings do not sum to zero (checked at commit)', async () => {
    const before = (await gw.db.select({ id: journalEntries.id }).from(journalEntries)).length;
    await expect(
      gw.db.transaction(async (tx) => {
        const [e] = await tx.insert(journalEntries).values({ type: 'T', agencyId: ids.get('SAOVIET')!, amount: 5, reference: 'one-legged' }).returning();
        await tx.execute(sql`insert into postings (entry_id, account_id, amount) select ${e.id}, id, 5 from ledger_accounts where agency_id = ${ids.get('SAOVIET')!}`);
      }),
    ).rejects.toThrow();
    expect((await gw.db.select({ id: journalEntries.id }).from(journalEntries)).length).toBe(before);
  });
});

describe('top-up requests', () => {
  it('seeds one pending request per demo agency', async () => {
    const res = await call(gw, 'GET', ACCOUNTING_API.topUps, { token: token('f1admin'), query: { status: 'pending' } });
    const page = res.json<TopUpPage>();
    expect(page.data.map((r) => r.bankReference).sort()).toEqual(['ACB-DEMO-0001', 'VCB-DEMO-0001']);
  });

  it('approval credits the requesting agency once, even when clicked twice or raced', async () => {
    const before = (await balance('accountant')).balance;
    const created = await requestTopUp('accountant', 7_500_000);
    expect(created.statusCode, created.body).toBe(200);
    const req = created.json<TopUpRequest>();
    expect(req).toMatchObject({ status: 'pending', amount: 7_500_000, requestedBy: 'accountant', receiptContentType: 'image/png', entryId: null });
    const tBefore = await tEntriesOf(ids.get('SAOVIET')!);

    const results = await Promise.all([approve('provider', req.id), approve('provider', req.id), approve('provider', req.id)]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const again = await approve('provider', req.id);
    expect(again.json<TopUpRequest>()).toMatchObject({ status: 'approved', decidedBy: 'provider' });
    expect(await tEntriesOf(ids.get('SAOVIET')!)).toBe(tBefore + 1);
    expect((await balance('accountant')).balance).toBe(before + 7_500_000);

    const [n] = await gw.db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(sql`${notifications.type} = 'topup_approved'`);
    expect(n.n).toBe(1);
    const audits = await gw.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, String(req.id)));
    expect(audits.map((a) => a.action).filter((a) => a.startsWith('deposit.')).sort()).toEqual(['deposit.topup_approved', 'deposit.topup_requested']);

    // the decided row itself is frozen in the database too
    await expect(gw.db.update(topUpRequests).set({ amount: 1 }).where(eq(topUpRequests.id, req.id))).rejects.toThrow();
    // and a rejection after the approval is a conflict
    expect((await reject('provider', req.id, 'late')).statusCode).toBe(409);
  });

  it('refuses to let the requester approve its own request', async () => {
    const req = (await requestTopUp('accountant', 1_000_000)).json<TopUpRequest>();
    const res = await approve('accountant', req.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toEqual({ reason: 'ownRequest' });
  });

  it('rejection keeps the balance, records the reason, notifies, and blocks a later approval', async () => {
    const before = (await balance('accountant')).balance;
    const req = (await requestTopUp('accountant', 2_000_000)).json<TopUpRequest>();
    const res = await reject('provider', req.id, 'Không thấy tiền về');
    expect(res.json<TopUpRequest>()).toMatchObject({ status: 'rejected', rejectReason: 'Không thấy tiền về', entryId: null });
    expect((await approve('provider', req.id)).statusCode).toBe(409);
    expect((await balance('accountant')).balance).toBe(before);
    const [n] = await gw.db.select({ body: notifications.body }).from(notifications).where(sql`${notifications.type} = 'topup_rejected'`);
    expect(n.body).toBe('Không thấy tiền về');
    expect((await reject('provider', req.id, '')).statusCode).toBe(400);
  });

  it('validates amount, bank reference and duplicates', async () => {
    const id = await receipt('accountant');
    for (const body of [
      { amount: 0, bankReference: 'X1', receiptUploadId: id },
      { amount: 1.5, bankReference: 'X1', receiptUploadId: id },
      { amount: 10_000_000_001, bankReference: 'X1', receiptUploadId: id },
      { amount: '100000', bankReference: 'X1', receiptUploadId: id },
      { amount: 100_000, bankReference: '  ', receiptUploadId: id },
      { amount: 100_000, bankReference: 'X1', receiptUploadId: 'nope' },
    ]) {
      const res = await call(gw, 'POST', ACCOUNTING_API.topUps, { token: token('accountant'), body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(41);
    }
    const ok = await call(gw, 'POST', ACCOUNTING_API.topUps, { token: token('accountant'), body: { amount: 100_000, bankReference: 'DUP-1', receiptUploadId: id } });
    expect(ok.statusCode).toBe(200);
    const reused = await call(gw, 'POST', ACCOUNTING_API.topUps, { token: token('accountant'), body: { amount: 100_000, bankReference: 'DUP-2', receiptUploadId: id } });
    expect(reused.json()).toMatchObject({ code: 49, data: { reason: 'receiptUsed' } });
    const dupRef = await call(gw, 'POST', ACCOUNTING_API.topUps, {
      token: token('accountant'),
      body: { amount: 100_000, bankReference: 'DUP-1', receiptUploadId: await receipt('accountant') },
    });
    expect(dupRef.json()).toMatchObject({ code: 49, data: { reason: 'duplicateReference' } });
  });

  it('checks the receipt by content: images and PDF only', async () => {
    const fake = await upload('accountant', 'receipt.png', Buffer.from('this is only text, not a picture'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ code: 61, data: { reason: 'badContent' } });

    const pdf = await call(gw, 'POST', ACCOUNTING_API.topUps, {
      token: token('accountant'),
      body: { amount: 500_000, bankReference: nextRef(), receiptUploadId: await receipt('accountant', 'receipt.pdf', PDF) },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json<TopUpRequest>().receiptContentType).toBe('application/pdf');

    const svg = await call(gw, 'POST', ACCOUNTING_API.topUps, {
      token: token('accountant'),
      body: { amount: 500_000, bankReference: nextRef(), receiptUploadId: await receipt('accountant', 'receipt.svg', SVG) },
    });
    expect(svg.json()).toMatchObject({ code: 61, data: { reason: 'badContent' } });

    // another agency's upload is not a receipt of this one
    const foreign = await call(gw, 'POST', ACCOUNTING_API.topUps, {
      token: token('accountant'),
      body: { amount: 500_000, bankReference: nextRef(), receiptUploadId: await receipt('f2admin') },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lists within the deposit scope: F2 its own, the F1 deposit manager the subtree', async () => {
    const f2 = (await call(gw, 'GET', ACCOUNTING_API.topUps, { token: token('f2admin'), query: { pageSize: '100' } })).json<TopUpPage>();
    expect(new Set(f2.data.map((r) => r.agencyCode))).toEqual(new Set(['SAOVIET-HN']));
    const f1 = (await call(gw, 'GET', ACCOUNTING_API.topUps, { token: token('accountant'), query: { pageSize: '2', page: '1' } })).json<TopUpPage>();
    expect(f1.data).toHaveLength(2);
    expect(f1.total).toBeGreaterThan(2);
    const hn = (await call(gw, 'GET', ACCOUNTING_API.topUps, { token: token('accountant'), query: { agencyId: String(ids.get('SAOVIET-HN')) } })).json<TopUpPage>();
    expect(hn.data.map((r) => r.agencyCode)).toEqual(['SAOVIET-HN']);
    const seededF1 = f1.total > 0 ? (await call(gw, 'GET', ACCOUNTING_API.topUps, { token: token('f1admin'), query: { status: 'pending', pageSize: '100' } })).json<TopUpPage>() : f1;
    const f1Request = seededF1.data.find((r) => r.agencyCode === 'SAOVIET')!;
    expect((await call(gw, 'GET', ACCOUNTING_API.topUp.replace(':id', String(f1Request.id)), { token: token('f2admin') })).statusCode).toBe(404);
  });

  it('lets the F1 approve its F2 agency\'s request; the F2 balance goes up', async () => {
    const before = (await balance('f2agent')).balance;
    const pending = (await call(gw, 'GET', ACCOUNTING_API.topUps, { token: token('accountant'), query: { status: 'pending', agencyId: String(ids.get('SAOVIET-HN')) } })).json<TopUpPage>();
    const req = pending.data[0];
    expect((await approve('accountant', req.id)).statusCode).toBe(200);
    expect((await balance('f2agent')).balance).toBe(before + req.amount);
  });
});

describe('who decides on a top-up (the parent agency)', () => {
  it('an F1 cannot credit its own deposit: neither its administrator nor a user it creates for the purpose', async () => {
    const before = (await balance('accountant')).balance;
    const req = (await requestTopUp('f1admin', 5_000_000_000)).json<TopUpRequest>();
    // the F1's accountant (confirm_deposit in its own agency) is refused
    const byAccountant = await approve('accountant', req.id);
    expect(byAccountant.statusCode).toBe(403);
    expect(byAccountant.json()).toMatchObject({ code: 30, data: { reason: 'parentApproves' } });
    expect(byAccountant.json().data.message).toMatch(/đại lý cấp trên/);
    // a user the F1 administrator creates with deposit_manager + confirm_deposit is refused as well
    await createUser(gw.db, { username: 'selfapprover', password: DEMO_PASSWORD, role: 'agent_f1', agency: 'SAOVIET', permissions: ['deposit_manager', 'confirm_deposit'] });
    const own = await login(gw, 'selfapprover');
    const res = await call(gw, 'POST', ACCOUNTING_API.topUpApprove.replace(':id', String(req.id)), { token: own.accessToken, body: {} });
    expect(res.statusCode).toBe(403);
    // rejecting is the parent's decision too
    expect((await reject('accountant', req.id, 'no')).statusCode).toBe(403);
    expect((await balance('accountant')).balance).toBe(before);
    // the provider (VEVIET, the F1's parent) approves it
    expect((await approve('provider', req.id)).statusCode).toBe(200);
    expect((await balance('accountant')).balance).toBe(before + 5_000_000_000);
  });

  it('an F2 request is decided by its F1, not by the F2 nor by the provider above the F1', async () => {
    const req = (await requestTopUp('f2admin', 300_000)).json<TopUpRequest>();
    expect((await approve('provider', req.id)).statusCode).toBe(403);
    expect((await approve('accountant', req.id)).statusCode).toBe(200);
  });
});

describe('entries and the report', () => {
  it('lists entries newest first with the running balance and filters', async () => {
    const all = (await call(gw, 'GET', ACCOUNTING_API.entries, { token: token('accountant'), query: { pageSize: '100' } })).json<EntriesPage>();
    expect(all.data[0].balanceAfter).toBe((await balance('accountant')).balance);
    expect(all.data.at(-1)).toMatchObject({ type: 'T', amount: 200_000_000, balanceAfter: 200_000_000 });
    for (let i = 0; i + 1 < all.data.length; i += 1) expect(all.data[i].balanceAfter - all.data[i].signedAmount).toBe(all.data[i + 1].balanceAfter);

    const tOnly = (await call(gw, 'GET', ACCOUNTING_API.entries, { token: token('accountant'), query: { type: 'T' } })).json<EntriesPage>();
    expect(tOnly.data.every((e) => e.type === 'T' && e.signedAmount > 0)).toBe(true);
    const byPnr = (await call(gw, 'GET', ACCOUNTING_API.entries, { token: token('accountant'), query: { reference: 'abc123' } })).json<EntriesPage>();
    expect(byPnr.data.map((e) => e.type).sort()).toEqual(['C', 'V']);
    const paged = (await call(gw, 'GET', ACCOUNTING_API.entries, { token: token('accountant'), query: { pageSize: '1', page: '2' } })).json<EntriesPage>();
    expect(paged.data[0].id).toBe(all.data[1].id);
    expect(paged.total).toBe(all.total);
    const future = (await call(gw, 'GET', ACCOUNTING_API.entries, { token: token('accountant'), query: { from: '2099-01-01' } })).json<EntriesPage>();
    expect(future.total).toBe(0);
    expect((await call(gw, 'GET', ACCOUNTING_API.entries, { token: token('accountant'), query: { from: '2026-02-30' } })).statusCode).toBe(400);
  });

  it('reports opening, totals per type and closing over a date range', async () => {
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const now = (await balance('accountant')).balance;
    const report = (await call(gw, 'GET', ACCOUNTING_API.report, { token: token('accountant'), query: { from: today, to: today } })).json<DepositReport>();
    expect(report.openingBalance).toBe(0);
    expect(report.closingBalance).toBe(now);
    expect(report.totals.map((t) => t.type)).toEqual(['T', 'C', 'S', 'V', 'R']);
    // the C entry above and the demo allotment's purchase
    const demo = await demoPurchase();
    expect(report.totals.find((t) => t.type === 'C')).toMatchObject({ count: 2, amount: 123_000 + demo, signedAmount: -(123_000 + demo) });
    expect(report.openingBalance + report.totalCredit - report.totalDebit).toBe(report.closingBalance);

    const later = (await call(gw, 'GET', ACCOUNTING_API.report, { token: token('accountant'), query: { from: '2099-01-01', to: '2099-01-31' } })).json<DepositReport>();
    expect(later).toMatchObject({ openingBalance: now, closingBalance: now, totalCredit: 0, totalDebit: 0 });
    expect(dayStart('2099-01-01').toISOString()).toBe('2098-12-31T17:00:00.000Z');

    const hn = await call(gw, 'GET', ACCOUNTING_API.report, { token: token('accountant'), query: { from: today, to: today, agencyId: String(ids.get('SAOVIET-HN')) } });
    expect(hn.json<DepositReport>().closingBalance).toBe((await balance('f2agent')).balance);
    const outside = await call(gw, 'GET', ACCOUNTING_API.report, { token: token('f2admin'), query: { from: today, to: today, agencyId: String(ids.get('SAOVIET')) } });
    expect(outside.statusCode).toBe(404);
    const backwards = await call(gw, 'GET', ACCOUNTING_API.report, { token: token('accountant'), query: { from: '2026-02-01', to: '2026-01-01' } });
    expect(backwards.statusCode).toBe(400);
  });
});

describe('permissions', () => {
  it('follows the accounting routes of spec point 2', async () => {
    const cases: [string, 'GET' | 'POST', string, number][] = [
      ['f1agent', 'GET', ACCOUNTING_API.topUps, 403],
      ['f1agent', 'GET', ACCOUNTING_API.entries, 403],
      ['f1agent', 'GET', ACCOUNTING_API.balance, 200],
      ['member', 'GET', ACCOUNTING_API.balance, 200],
      ['f2admin', 'GET', ACCOUNTING_API.topUps, 200],
      ['f2admin', 'GET', ACCOUNTING_API.entries, 403],
      ['f1admin', 'GET', ACCOUNTING_API.entries, 200],
      ['accountant', 'GET', ACCOUNTING_API.entries, 200],
      ['f2agent', 'POST', ACCOUNTING_API.topUps, 403],
      ['f2admin', 'POST', ACCOUNTING_API.topUpApprove.replace(':id', '1'), 403],
    ];
    for (const [user, method, url, status] of cases) {
      const res = await call(gw, method, url, { token: token(user), body: {} });
      expect(res.statusCode, `${user} ${method} ${url}`).toBe(status);
    }
  });
});
