/**
 * ledger.debitInOneStatement (the charge): the gate first, then the deposit's conditional UPDATE, and the
 * entries, postings, audit entries and the caller's writes only from the UPDATE's row. Each way it can refuse
 * writes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceDrift, balanceOf, debitInOneStatement, postEntry, unbalancedEntries, type OneStatementDebit } from '../../gateway/platform/ledger';
import { agencies, auditLog, journalEntries, ledgerAccounts } from '../../gateway/platform/db/schema';
import { loadUserByUsername } from '../../gateway/platform/tenancy/users';
import { startGateway, type Gateway } from './helpers';

let gw: Gateway;
let agencyId: number;
let parentId: number;

const debit = (pnr: string, amount: number): OneStatementDebit => ({ type: 'C', amount, reference: `test debit ${pnr}`, bookingRef: null, pnr, createdBy: null });
const open = sql`select true as ok`;
const closed = sql`select false as ok`;
// a caller's own write, made only from the UPDATE's row (as the marks and saga step)
const marker = (code: string) => sql`, mk as (update agencies set tour_code = ${code} where id = (select agency_id from ledger_accounts where id = (select id from u)) returning id)`;

async function counts(id: number) {
  const [e] = await gw.db.select({ n: sql<number>`count(*)::int` }).from(journalEntries).where(eq(journalEntries.agencyId, id));
  const [a] = await gw.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(sql`${auditLog.agencyId} = ${id} and ${auditLog.action} = 'ledger.entry_posted'`);
  return { entries: e.n, audits: a.n };
}

beforeAll(async () => {
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
  parentId = (await loadUserByUsername(gw.db, 'f1admin'))!.agency.id;
  const [row] = await gw.db
    .insert(agencies)
    .values({ parentId, code: 'ONESTMT', name: 'Đại lý Một Câu Lệnh', level: 2, accountType: 'SUB', creditLimit: 1_000 })
    .returning({ id: agencies.id });
  agencyId = row.id;
});
afterAll(async () => {
  await gw?.close();
});

describe('ledger: debits in one statement', () => {
  it('an agency without a deposit account: noAccount, nothing written (the caller takes the transaction path)', async () => {
    const out = await debitInOneStatement(gw.db, 'test_debit', agencyId, [debit('NOACC1', 500)], open, marker('x'));
    expect(out).toEqual({ kind: 'noAccount' });
    expect(await counts(agencyId)).toEqual({ entries: 0, audits: 0 });
    expect(await gw.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.agencyId, agencyId))).toEqual([]);
  });

  it('posts several debits at once: balance after each, audit entries, the caller’s write; then refuses without writing', async () => {
    await gw.db.transaction((tx) => postEntry(tx, { type: 'T', agencyId, amount: 10_000, reference: 'test top-up' }));
    const out = await debitInOneStatement(gw.db, 'test_debit', agencyId, [debit('AAA111', 3_000), debit('BBB222', 2_000)], open, marker('posted'));
    expect(out.kind).toBe('posted');
    if (out.kind !== 'posted') return;
    expect(out.balance).toBe(5_000);
    expect(out.entries.get('AAA111')!.balanceAfter).toBe(7_000);
    expect(out.entries.get('BBB222')!.balanceAfter).toBe(5_000);
    expect(await balanceOf(gw.db, agencyId)).toBe(5_000);
    expect(await counts(agencyId)).toEqual({ entries: 3, audits: 3 });
    const audits = await gw.db.select({ target: auditLog.target, detail: auditLog.detail }).from(auditLog).where(sql`${auditLog.agencyId} = ${agencyId} and ${auditLog.action} = 'ledger.entry_posted'`);
    const afterOf = (pnr: string) => (audits.find((a) => a.target === String(out.entries.get(pnr)!.id))?.detail as { balanceAfter?: number } | null)?.balanceAfter;
    expect([afterOf('AAA111'), afterOf('BBB222')]).toEqual([7_000, 5_000]);
    const [ag] = await gw.db.select({ tourCode: agencies.tourCode }).from(agencies).where(eq(agencies.id, agencyId));
    expect(ag.tourCode).toBe('posted');

    // the gate false: nothing, even with the funds there
    expect(await debitInOneStatement(gw.db, 'test_debit', agencyId, [debit('CCC333', 100)], closed, marker('gate'))).toEqual({ kind: 'gate' });
    // more than balance + credit limit (5,000 + 1,000): 409/70, nothing written
    const err = await debitInOneStatement(gw.db, 'test_debit', agencyId, [debit('DDD444', 4_000), debit('EEE555', 2_001)], open, marker('funds')).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 70, statusCode: 409, data: { balance: 5_000, creditLimit: 1_000, available: 6_000, amount: 6_001 } });
    expect(await balanceOf(gw.db, agencyId)).toBe(5_000);
    expect(await counts(agencyId)).toEqual({ entries: 3, audits: 3 });
    const [after] = await gw.db.select({ tourCode: agencies.tourCode }).from(agencies).where(eq(agencies.id, agencyId));
    expect(after.tourCode).toBe('posted');

    // exactly down to −credit limit is allowed
    const last = await debitInOneStatement(gw.db, 'test_debit', agencyId, [debit('FFF666', 6_000)], open, marker('last'));
    expect(last).toMatchObject({ kind: 'posted', balance: -1_000 });
    expect(await balanceDrift(gw.db)).toEqual([]);
    expect(await unbalancedEntries(gw.db)).toEqual([]);
  });

  it('refuses bad input before any statement', async () => {
    await expect(debitInOneStatement(gw.db, 'test_debit', agencyId, [debit('GGG777', 0)], open, marker('bad'))).rejects.toMatchObject({ code: 41 });
    await expect(debitInOneStatement(gw.db, 'test_debit', agencyId, [debit('HHH888', 1), debit('HHH888', 2)], open, marker('bad'))).rejects.toThrow(/distinct/);
    await expect(debitInOneStatement(gw.db, 'test_debit', agencyId, [], open, marker('bad'))).rejects.toThrow(/no debit/);
  });
});
