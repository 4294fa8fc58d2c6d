/**
 * The demo history of a fresh start (gateway/seed/history.ts): the demo agents' trips are booked through the API,
 * every one ends in the state it was meant to, and the money behind them is in the ledger to the đồng.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { buildApp } from '../../gateway/app';
import { balanceOf } from '../../gateway/platform/ledger';
import { agencies, journalEntries, pnrs, shopReserves } from '../../gateway/platform/db/schema';
import { DEMO_TRIPS, historySettings, seedHistory, type HistoryReport } from '../../gateway/seed/history';
import { DEMO_DEPOSITS } from '../../gateway/seed/deposits';
import { startGateway, type Gateway } from './helpers';

let gw: Gateway;
let report: HistoryReport;
let before: number;
let saoviet: number;

beforeAll(async () => {
  gw = await startGateway();
  [{ id: saoviet }] = await gw.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.code, 'SAOVIET'));
  before = await balanceOf(gw.db, saoviet);
  const settings = historySettings(gw.settings);
  const seeder = await buildApp({ settings, db: gw.db, logger: false });
  try {
    report = await seedHistory(seeder, gw.db, settings);
  } finally {
    await seeder.close();
  }
}, 240_000);
afterAll(() => gw?.close());

describe('demo history', () => {
  it('books every demo trip, none skipped', () => {
    expect(report.skipped).toEqual([]);
    const expected: Record<string, number> = {};
    for (const t of DEMO_TRIPS) expected[t.end] = (expected[t.end] ?? 0) + 1;
    expect(report.done).toEqual(expected);
  });

  it('leaves each PNR in the state its trip ends in', async () => {
    const rows = await gw.db.select({ pnr: pnrs.pnr, status: pnrs.recordStatus }).from(pnrs);
    const statuses = rows.map((r) => r.status).sort();
    const want = DEMO_TRIPS.map((t) => ({ held: 'BOOKED', issued: 'ISSUE TICKET', voided: 'VOIDED OR CANCEL', cancelled: 'VOIDED OR CANCEL' })[t.end]).sort();
    expect(statuses).toEqual(want);
  });

  it('moves the agency deposit by exactly the charges less the credits', async () => {
    const codes = (await gw.db.select({ pnr: pnrs.pnr }).from(pnrs)).map((r) => r.pnr!);
    const entries = await gw.db.select().from(journalEntries).where(inArray(journalEntries.pnr, codes));
    const mine = entries.filter((e) => e.agencyId === saoviet);
    const count = (type: string) => mine.filter((e) => e.type === type).length;
    // five issues (one of which is then voided), one void
    expect([count('C'), count('V'), count('R')]).toEqual([5, 1, 0]);
    const signed = mine.reduce((s, e) => s + (e.type === 'C' || e.type === 'S' ? -e.amount : e.amount), 0);
    expect(signed).toBeLessThan(0);
    expect(await balanceOf(gw.db, saoviet)).toBe(before + signed);
    // the opening, less the demo allotment the seed bought (net price × seats, docs/shop.md)
    const [demo] = await gw.db.select().from(shopReserves).where(eq(shopReserves.agencyId, saoviet));
    expect(before).toBe(DEMO_DEPOSITS.find((d) => d.agency === 'SAOVIET')!.opening - demo.netPrice * demo.quantity);
  });
});
