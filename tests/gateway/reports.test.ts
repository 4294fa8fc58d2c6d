/**
 * The accounting reports over the API (docs/reports.md): each report, the date modes, the filters, the totals,
 * the scope (F1 subtree, F2 agency and children, DEPOSIT_MANAGER own agency; nothing leaks across), bad query
 * strings (400 that names the field), and the reconciliation property: in transaction mode the net of the sale
 * report over a range equals the change of the deposit balances over that range, and the debit report's
 * closing minus opening equals it too.
 *
 * The lines live in March 2020 (and random days of 2019 for the property), away from the seed's entries of today.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_AGENCIES_API, REPORT_COLUMNS, REPORTS, reportPath, reportQueryOf, reportXlsxPath, type ReportAnswer, type ReportName } from '../../contract/accounting';
import type { LoginResult } from '../../contract/auth';
import { DEMO_ACCOUNTS } from '../../gateway/seed/demo';
import { agencies } from '../../gateway/platform/db/schema';
import { unbalancedEntries } from '../../gateway/platform/ledger';
import { forEachReportBatch } from '../../gateway/accounting/reports';
import { loadUserByUsername } from '../../gateway/platform/tenancy/users';
import { AIRPORTS } from '../../gateway/suppliers/reference-data';
import { seedEsim } from '../../gateway/seed/esim';
import { call, login, startGateway, type Gateway } from './helpers';
import { entriesOf, findTrain, freeSeats, holdAndBook } from './trains-helpers';
import { addAgency, addEntry, addPnr, balanceAt } from './reports-helpers';

let gw: Gateway;
const sessions = new Map<string, LoginResult>();
const ids = new Map<string, number>();
const token = (u: string) => sessions.get(u)!.accessToken;

async function report(user: string, name: ReportName, query: Record<string, string>) {
  return call(gw, 'GET', reportPath(name), { token: token(user), query });
}
async function ok(user: string, name: ReportName, query: Record<string, string>): Promise<ReportAnswer> {
  const res = await report(user, name, { pageSize: '100', ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReportAnswer>();
}

const MARCH = { from: '2020-03-01', to: '2020-03-31' };
/** Vietnam local noon of a day. */
const at = (day: string) => new Date(`${day}T12:00:00+07:00`);

beforeAll(async () => {
  gw = await startGateway();
  for (const a of DEMO_ACCOUNTS) sessions.set(a.username, await login(gw, a.username));
  for (const row of await gw.db.select({ id: agencies.id, code: agencies.code }).from(agencies)) ids.set(row.code, row.id);
  const F1 = ids.get('SAOVIET')!;
  const F2 = ids.get('SAOVIET-HN')!;
  const CG = ids.get('SAOVIET-CG')!;
  // F1: a domestic VN PNR booked 1 March, flown 20 April, paid 2 March; a top-up on 1 March
  await addEntry(gw.db, { type: 'T', agencyId: F1, amount: 10_000_000, at: at('2020-03-01') });
  await addPnr(gw.db, { agencyId: F1, pnr: 'RPTA01', airline: 'VN', legs: [['HAN', 'SGN', '2020-04-20']], pax: 2, bookedAt: at('2020-03-01') });
  await addEntry(gw.db, { type: 'C', agencyId: F1, amount: 3_000_000, pnr: 'RPTA01', at: at('2020-03-02') });
  // F1: an international VN PNR booked 28 February, flown 10 March, paid 28 February, refunded 5 March
  await addPnr(gw.db, { agencyId: F1, pnr: 'RPTA02', airline: 'VN', legs: [['SGN', 'NRT', '2020-03-10'], ['NRT', 'SGN', '2020-03-17']], pax: 1, bookedAt: at('2020-02-28') });
  await addEntry(gw.db, { type: 'C', agencyId: F1, amount: 15_000_000, pnr: 'RPTA02', at: at('2020-02-28') });
  await addEntry(gw.db, { type: 'R', agencyId: F1, amount: 12_000_000, pnr: 'RPTA02', at: at('2020-03-05') });
  // F2: three VJ PNRs in March (the 3-or-more-PNR agency), one voided
  for (const [i, day] of [[1, '2020-03-03'], [2, '2020-03-04'], [3, '2020-03-06']] as const) {
    await addPnr(gw.db, { agencyId: F2, pnr: `RPTB0${i}`, airline: 'VJ', legs: [['HAN', 'DAD', '2020-03-25']], pax: 1, bookedAt: at(day) });
    await addEntry(gw.db, { type: 'C', agencyId: F2, amount: 1_000_000 * i, pnr: `RPTB0${i}`, at: at(day) });
  }
  await addEntry(gw.db, { type: 'V', agencyId: F2, amount: 1_000_000, pnr: 'RPTB01', at: at('2020-03-03') });
  // the child agency: one QH PNR and a sale
  await addPnr(gw.db, { agencyId: CG, pnr: 'RPTC01', airline: 'QH', legs: [['SGN', 'PQC', '2020-03-15']], pax: 3, bookedAt: at('2020-03-07') });
  await addEntry(gw.db, { type: 'S', agencyId: CG, amount: 4_500_000, pnr: 'RPTC01', at: at('2020-03-07') });
});
afterAll(async () => {
  await gw?.close();
});

describe('sale-report', () => {
  it('lists every line of the scope in the range, newest first, with the totals of all of them', async () => {
    const r = await ok('f1admin', 'sale-report', MARCH);
    expect(r.data.map((l) => `${l.type}:${l.pnr ?? '-'}`)).toEqual(['S:RPTC01', 'C:RPTB03', 'R:RPTA02', 'C:RPTB02', 'V:RPTB01', 'C:RPTB01', 'C:RPTA01', 'T:-']);
    expect(r.total).toBe(8);
    expect(r.totals).toEqual({ credit: 10_000_000 + 12_000_000 + 1_000_000, debit: 3_000_000 + 6_000_000 + 4_500_000, net: 23_000_000 - 13_500_000 });
    const a02 = r.data.find((l) => l.pnr === 'RPTA02')!;
    expect(a02).toMatchObject({ airline: 'VN', market: 'QT', flightDate: '2020-03-10', product: 'flight', credit: 12_000_000, debit: 0, net: 12_000_000 });
    expect(r.data.find((l) => l.pnr === 'RPTA01')).toMatchObject({ market: 'QN', agencyCode: 'SAOVIET' });
    expect(r.data.find((l) => l.type === 'T')).toMatchObject({ product: null, market: null, airline: null });
  });

  it('pages and sorts on the server: the totals stay those of every row', async () => {
    const page1 = await ok('f1admin', 'sale-report', { ...MARCH, pageSize: '3', sort: '-net' });
    const page2 = await ok('f1admin', 'sale-report', { ...MARCH, pageSize: '3', page: '2', sort: '-net' });
    expect(page1.data.map((l) => l.net)).toEqual([12_000_000, 10_000_000, 1_000_000]);
    expect(page2.data.map((l) => l.net)).toEqual([-1_000_000, -2_000_000, -3_000_000]);
    expect(page1.totals).toEqual(page2.totals);
    expect(page1.total).toBe(8);
  });

  it('draws sales (C and S less V and R) per day', async () => {
    const r = await ok('f1admin', 'sale-report', MARCH);
    expect(r.chart).toEqual([
      { key: '2020-03-01', value: 0 },
      { key: '2020-03-02', value: 3_000_000 },
      { key: '2020-03-03', value: 0 },
      { key: '2020-03-04', value: 2_000_000 },
      { key: '2020-03-05', value: -12_000_000 },
      { key: '2020-03-06', value: 3_000_000 },
      { key: '2020-03-07', value: 4_500_000 },
    ]);
  });
});

describe('date modes and filters', () => {
  const pnrsOf = (r: ReportAnswer) => r.data.map((l) => `${l.type}:${l.pnr ?? '-'}`).sort();
  const cases: { name: string; query: Record<string, string>; lines: string[] }[] = [
    {
      name: 'by flight date: the lines of PNRs flying in March, whenever they were written; no top-up',
      query: { dateMode: 'flight' },
      lines: ['C:RPTA02', 'R:RPTA02', 'C:RPTB01', 'V:RPTB01', 'C:RPTB02', 'C:RPTB03', 'S:RPTC01'].sort(),
    },
    {
      name: 'by booking date: PNRs booked in March with all their lines, and top-ups by their own date',
      query: { dateMode: 'booking' },
      lines: ['T:-', 'C:RPTA01', 'C:RPTB01', 'V:RPTB01', 'C:RPTB02', 'C:RPTB03', 'S:RPTC01'].sort(),
    },
    {
      name: 'by booking date, 3 or more PNRs: only the agency with three PNRs booked in March',
      query: { dateMode: 'booking3' },
      lines: ['C:RPTB01', 'V:RPTB01', 'C:RPTB02', 'C:RPTB03'].sort(),
    },
    {
      name: 'by flight date, 3 or more PNRs: the same agency, by flight date',
      query: { dateMode: 'flight3' },
      lines: ['C:RPTB01', 'V:RPTB01', 'C:RPTB02', 'C:RPTB03'].sort(),
    },
    {
      name: 'by booking date, 3 or more PNRs, counted among the filtered lines: V only leaves one PNR, so no agency',
      query: { dateMode: 'booking3', types: 'V' },
      lines: [],
    },
    {
      name: 'by flight date, 3 or more PNRs, counted among the filtered lines: C only still has three PNRs',
      query: { dateMode: 'flight3', types: 'C' },
      lines: ['C:RPTB01', 'C:RPTB02', 'C:RPTB03'],
    },
    {
      name: 'by booking date, 3 or more PNRs, with the sub-agency chosen: none of its own',
      query: { dateMode: 'booking3', agencyIdOf: 'SAOVIET-CG' },
      lines: [],
    },
    { name: 'QT: international PNRs only', query: { market: 'QT' }, lines: ['R:RPTA02'] },
    { name: 'QN: domestic PNRs only', query: { market: 'QN' }, lines: ['C:RPTA01', 'C:RPTB01', 'V:RPTB01', 'C:RPTB02', 'C:RPTB03', 'S:RPTC01'].sort() },
    { name: 'airline VJ', query: { airline: 'VJ' }, lines: ['C:RPTB01', 'V:RPTB01', 'C:RPTB02', 'C:RPTB03'].sort() },
    { name: 'types V and R', query: { types: 'V,R' }, lines: ['R:RPTA02', 'V:RPTB01'].sort() },
    { name: 'type T', query: { types: 'T' }, lines: ['T:-'] },
    { name: 'product flight: every line of a PNR', query: { product: 'flight' }, lines: ['C:RPTA01', 'R:RPTA02', 'C:RPTB01', 'V:RPTB01', 'C:RPTB02', 'C:RPTB03', 'S:RPTC01'].sort() },
    { name: 'product train: none yet', query: { product: 'train' }, lines: [] },
    { name: 'one sub-agency', query: { agencyIdOf: 'SAOVIET-CG' }, lines: ['S:RPTC01'] },
    { name: 'filters together', query: { market: 'QN', airline: 'VJ', types: 'C' }, lines: ['C:RPTB01', 'C:RPTB02', 'C:RPTB03'] },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const { agencyIdOf, ...rest } = c.query;
      const query = { ...MARCH, ...rest, ...(agencyIdOf ? { agencyId: String(ids.get(agencyIdOf)) } : {}) };
      const r = await ok('f1admin', 'sale-report', query);
      expect(pnrsOf(r)).toEqual(c.lines);
      expect(r.totals.net).toBe(r.data.reduce((s, l) => s + Number(l.net), 0));
    });
  }
});

describe('the other reports', () => {
  it('flight-data-report: one row per PNR with passengers, route and what was charged and returned', async () => {
    const r = await ok('f1admin', 'flight-data-report', { ...MARCH, dateMode: 'flight', sort: 'pnr' });
    expect(r.data.map((x) => x.pnr)).toEqual(['RPTA02', 'RPTB01', 'RPTB02', 'RPTB03', 'RPTC01']);
    expect(r.data[0]).toMatchObject({ airline: 'VN', market: 'QT', route: 'SGN-NRT-SGN', flightDate: '2020-03-10', bookingDate: '2020-02-28', pax: 1, charged: 15_000_000, returned: 12_000_000, net: 3_000_000 });
    expect(r.data[1]).toMatchObject({ charged: 1_000_000, returned: 1_000_000, net: 0, agencyCode: 'SAOVIET-HN' });
    expect(r.totals).toEqual({ pax: 7, charged: 15_000_000 + 6_000_000 + 4_500_000, returned: 13_000_000, net: 25_500_000 - 13_000_000 });
  });

  it('debit-report: per agency, opening + credit − debit = closing, and the closing is the balance at the end of the range', async () => {
    const r = await ok('f1admin', 'debit-report', MARCH);
    const f1 = r.data.find((x) => x.agencyCode === 'SAOVIET')!;
    expect(f1).toMatchObject({ opening: -15_000_000, credit: 22_000_000, debit: 3_000_000, closing: 4_000_000 });
    for (const row of r.data) {
      const agencyId = ids.get(String(row.agencyCode))!;
      expect(row.opening).toBe(await balanceAt(gw.db, agencyId, new Date('2020-03-01T00:00:00+07:00')));
      expect(row.closing).toBe(await balanceAt(gw.db, agencyId, new Date('2020-04-01T00:00:00+07:00')));
    }
    expect(r.chart[0]).toEqual({ key: 'SAOVIET-HN', value: 6_000_000 });
  });

  it('debit-total-report: per agency and transaction type', async () => {
    const r = await ok('f1admin', 'debit-total-report', MARCH);
    expect(r.data.find((x) => x.agencyCode === 'SAOVIET-HN')).toMatchObject({ T: 0, C: 6_000_000, S: 0, V: 1_000_000, R: 0, net: -5_000_000 });
    expect(r.totals).toEqual({ T: 10_000_000, C: 9_000_000, S: 4_500_000, V: 1_000_000, R: 12_000_000, net: 9_500_000 });
  });

  it('income-report: per airline, charted', async () => {
    const r = await ok('f1admin', 'income-report', MARCH);
    expect(r.data).toEqual([
      { key: 'VJ', airline: 'VJ', pnrs: 3, charged: 6_000_000, returned: 1_000_000, net: 5_000_000 },
      { key: 'QH', airline: 'QH', pnrs: 1, charged: 4_500_000, returned: 0, net: 4_500_000 },
      { key: 'VN', airline: 'VN', pnrs: 2, charged: 3_000_000, returned: 12_000_000, net: -9_000_000 },
    ]);
    expect(r.chart.map((p) => p.key)).toEqual(['VJ', 'QH', 'VN']);
  });

  it('vna-summary-report: Vietnam Airlines only, domestic and international', async () => {
    const r = await ok('f1admin', 'vna-summary-report', { ...MARCH, dateMode: 'flight' });
    expect(r.data).toEqual([{ key: 'QT', market: 'QT', pnrs: 1, pax: 1, charged: 15_000_000, voided: 0, refunded: 12_000_000, net: 3_000_000 }]);
    const byTransaction = await ok('f1admin', 'vna-summary-report', MARCH);
    expect(byTransaction.data.map((x) => x.market)).toEqual(['QN', 'QT']);
  });

  it('every report answers with its totals equal to the sum of its rows', async () => {
    for (const name of REPORTS) {
      const r = await ok('f1admin', name, MARCH);
      for (const [key, value] of Object.entries(r.totals)) expect(value, `${name}.${key}`).toBe(r.data.reduce((s, row) => s + Number(row[key] ?? 0), 0));
    }
  });
});

describe('scope', () => {
  const agenciesOf = async (user: string, name: ReportName = 'sale-report') =>
    [...new Set((await ok(user, name, { ...MARCH, pageSize: '100' })).data.map((l) => l.agencyCode))].sort();

  it('an ADMIN_F1 sees its whole subtree', async () => {
    expect(await agenciesOf('f1admin')).toEqual(['SAOVIET', 'SAOVIET-CG', 'SAOVIET-HN']);
  });
  it('an ADMIN_F2 sees its agency and its children, never its parent', async () => {
    expect(await agenciesOf('f2admin')).toEqual(['SAOVIET-CG', 'SAOVIET-HN']);
    expect(await agenciesOf('f2admin', 'debit-report')).toEqual(['SAOVIET-CG', 'SAOVIET-HN']);
  });
  it('a DEPOSIT_MANAGER sees its own agency only', async () => {
    expect(await agenciesOf('accountant')).toEqual(['SAOVIET']);
    expect(await agenciesOf('accountant', 'debit-total-report')).toEqual(['SAOVIET']);
  });
  it('an administrator of a child agency sees that agency only', async () => {
    expect(await agenciesOf('fnadmin')).toEqual(['SAOVIET-CG']);
    const income = await ok('fnadmin', 'income-report', MARCH);
    expect(income.data.map((x) => x.airline)).toEqual(['QH']);
  });
  it('the agency filter offers the scope: F1 all three, F2 its agency and child, the accountant its own', async () => {
    const codes = async (user: string) => {
      const res = await call(gw, 'GET', REPORT_AGENCIES_API, { token: token(user) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ code: string }[]>().map((a) => a.code);
    };
    expect(await codes('f1admin')).toEqual(expect.arrayContaining(['SAOVIET', 'SAOVIET-HN', 'SAOVIET-CG']));
    expect(await codes('f2admin')).toEqual(['SAOVIET-HN', 'SAOVIET-CG']);
    expect(await codes('accountant')).toEqual(['SAOVIET']);
    expect((await call(gw, 'GET', REPORT_AGENCIES_API, { token: token('f2agent') })).statusCode).toBe(403);
  });

  it('naming an agency outside the scope answers 404 and shows nothing', async () => {
    for (const [user, code] of [['f2admin', 'SAOVIET'], ['accountant', 'SAOVIET-HN'], ['fnadmin', 'SAOVIET-HN']] as const) {
      for (const name of REPORTS) {
        const res = await report(user, name, { ...MARCH, agencyId: String(ids.get(code)) });
        expect(res.statusCode, `${user} ${name}`).toBe(404);
      }
    }
  });
  it('a user without the accounting rule is refused (403)', async () => {
    for (const name of REPORTS) expect((await report('f2agent', name, MARCH)).statusCode).toBe(403);
  });
});

describe('bad query strings', () => {
  const bad: [string, Record<string, string>, string][] = [
    ['no range', {}, 'from'],
    ['from after to', { from: '2020-03-10', to: '2020-03-01' }, 'to'],
    ['a day that does not exist', { from: '2020-02-30', to: '2020-03-01' }, 'from'],
    ['more than 366 days', { from: '2019-01-01', to: '2020-03-01' }, 'to'],
    ['an unknown date mode', { ...MARCH, dateMode: 'weekly' }, 'dateMode'],
    ['an unknown market', { ...MARCH, market: 'QX' }, 'market'],
    ['an airline that is no code', { ...MARCH, airline: 'Vietnam' }, 'airline'],
    ['an unknown type', { ...MARCH, types: 'T,X' }, 'types'],
    ['an unknown product', { ...MARCH, product: 'hotel' }, 'product'],
    ['a sort on an unknown column', { ...MARCH, sort: 'password' }, 'sort'],
    ['a page size too large', { ...MARCH, pageSize: '10000' }, 'pageSize'],
    ['an agency that is no number', { ...MARCH, agencyId: 'abc' }, 'agencyId'],
  ];
  for (const [name, query, field] of bad) {
    it(`${name}: 400 naming ${field}, in the caller's language`, async () => {
      const res = await call(gw, 'GET', reportPath('sale-report'), { token: token('f1admin'), query, headers: { 'x-language': 'en' } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(field);
      expect(res.json<{ message: string }>().message.length).toBeGreaterThan(0);
    });
  }
});

describe('the export walk', () => {
  it('hands every row over in order, batch by batch through a cursor, and the totals of the screen', async () => {
    const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
    const filters = { ...reportQueryOf('sale-report').parse({ ...MARCH, sort: '-net' }) };
    const seen: string[] = [];
    const sizes: number[] = [];
    const totals = await forEachReportBatch(gw.db, ctx, 'sale-report', filters, (rows) => {
      sizes.push(rows.length);
      for (const r of rows) seen.push(String(r.key));
    }, 3);
    const screen = await ok('f1admin', 'sale-report', { ...MARCH, sort: '-net' });
    expect(seen).toEqual(screen.data.map((r) => r.key));
    expect(sizes).toEqual([3, 3, 2]);
    expect(totals).toEqual(screen.totals);
  });
});

describe('the xlsx export', () => {
  /** The sheet's rows as arrays of cell values (the header row first, the totals row last). */
  async function sheetOf(user: string, name: ReportName, query: Record<string, string>, lang = 'vi') {
    const res = await call(gw, 'GET', reportXlsxPath(name), { token: token(user), query, headers: { 'x-language': lang } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`${name}_${query.from}_${query.to}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  for (const name of REPORTS) {
    it(`${name}: every row of the screen in its order, then the totals row, equal to the JSON report`, async () => {
      const json = await ok('f1admin', name, MARCH);
      const rows = await sheetOf('f1admin', name, MARCH);
      const cols = REPORT_COLUMNS[name] as readonly { key: string; kind: string; total?: boolean }[];
      expect(rows.length).toBe(json.total + 2);
      const body = rows.slice(1, -1);
      const totalsRow = rows[rows.length - 1];
      expect(totalsRow[0]).toBe('Tổng cộng');
      cols.forEach((c, i) => {
        if (c.total) expect(totalsRow[i], c.key).toBe(json.totals[c.key]);
        if (c.kind === 'money' || c.kind === 'count') expect(body.map((r) => r[i] ?? null), c.key).toEqual(json.data.map((d) => d[c.key]));
      });
      const keyCol = cols.findIndex((c) => c.kind === 'text' || c.kind === 'market');
      if (keyCol >= 0 && name !== 'flight-data-report') expect(body.map((r) => r[keyCol] ?? null)).toEqual(json.data.map((d) => d[cols[keyCol].key]));
    });
  }

  it('keeps the filters and the sort of the screen, with the labels in the caller\'s language', async () => {
    const query = { ...MARCH, types: 'C,V', airline: 'VJ', sort: 'net' };
    const json = await ok('f1admin', 'sale-report', query);
    const rows = await sheetOf('f1admin', 'sale-report', query, 'en');
    expect(rows[0][0]).toBe('Time');
    expect(rows.slice(1, -1).map((r) => r[4])).toEqual(json.data.map((d) => d.pnr));
    expect(rows.slice(1, -1).map((r) => String(r[2]).slice(0, 1))).toEqual(json.data.map((d) => d.type));
    expect(rows[rows.length - 1]).toEqual(['Totals', ...Array(7).fill(undefined), json.totals.credit, json.totals.debit, json.totals.net].slice(0, 11));
  });

  it('holds the scope: an F2 administrator and the accountant export only their agencies; another agency is 404', async () => {
    const codes = async (user: string) => [...new Set((await sheetOf(user, 'sale-report', MARCH)).slice(1, -1).map((r) => r[1]))].sort();
    expect(await codes('f2admin')).toEqual(['SAOVIET-CG', 'SAOVIET-HN']);
    expect(await codes('accountant')).toEqual(['SAOVIET']);
    const other = await call(gw, 'GET', reportXlsxPath('sale-report'), { token: token('f2admin'), query: { ...MARCH, agencyId: String(ids.get('SAOVIET')) } });
    expect(other.statusCode).toBe(404);
    expect((await call(gw, 'GET', reportXlsxPath('sale-report'), { token: token('f2agent'), query: MARCH })).statusCode).toBe(403);
  });

  it('answers 400 naming the field for a bad query, and writes nothing', async () => {
    for (const [query, field] of [
      [{ ...MARCH, types: 'X' }, 'types'],
      [{ from: '2020-03-31', to: '2020-03-01' }, 'to'],
      [{ ...MARCH, sort: 'nope' }, 'sort'],
      [{ to: '2020-03-01' }, 'from'],
    ] as const) {
      const res = await call(gw, 'GET', reportXlsxPath('sale-report'), { token: token('f1admin'), query });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.body).toContain(field);
    }
  });
});

describe('report lines', () => {
  it('the database knows the domestic airports of the reference data (QN / QT)', async () => {
    const domestic = Object.values(AIRPORTS).filter((a) => a.country === 'VNM').map((a) => a.code).sort();
    const res = (await gw.db.execute(sql`select report_domestic_airports() as codes`)) as unknown as { rows: { codes: string[] }[] };
    expect([...res.rows[0].codes].sort()).toEqual(domestic);
  });

  it('an eSIM order\'s entries are eSIM lines (its code as the booking reference, no PNR): the product filter finds them', async () => {
    expect(await seedEsim(gw.db)).toBeGreaterThan(0);
    const res = (await gw.db.execute(sql`select je.id, je.booking_ref, rl.product from journal_entries je join report_lines rl on rl.entry_id = je.id
      where je.booking_ref in (select 'ES' || lpad(o.id::text, 6, '0') from esim_orders o)`)) as unknown as { rows: { id: number; product: string | null }[] };
    expect(res.rows.length).toBeGreaterThan(0);
    expect(new Set(res.rows.map((r) => r.product))).toEqual(new Set(['esim']));
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const r = await ok('f1admin', 'sale-report', { from: today, to: today, product: 'esim' });
    expect(r.total).toBeGreaterThan(0);
    expect(new Set(r.data.map((l) => l.product))).toEqual(new Set(['esim']));
    const flights = await ok('f1admin', 'sale-report', { from: today, to: today, product: 'flight' });
    expect(flights.data.some((l) => l.product !== 'flight')).toBe(false);
  });

  it('a train booking\'s payment is a train line (its code as the booking reference, no PNR): the product filter finds it', async () => {
    const train = await findTrain(gw, token('f1admin'), 'SE3', 'HNO', 'SGO', 20);
    const booking = await holdAndBook(gw, token('f1admin'), await freeSeats(gw, token('f1admin'), train, 'berth4', 1));
    const pay = await call(gw, 'POST', `/api/trains/bookings/${booking.id}/pay`, { token: token('f1admin'), body: { idempotencyKey: randomUUID() } });
    expect(pay.statusCode, pay.body).toBe(200);
    const [entry] = await entriesOf(gw, booking.code);
    expect(entry).toMatchObject({ type: 'C', amount: booking.total, pnr: null });
    const res = (await gw.db.execute(sql`select product, pnr, airline, market from report_lines where entry_id = ${entry.id}`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(res.rows).toEqual([{ product: 'train', pnr: null, airline: null, market: null }]);
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const trains = await ok('f1admin', 'sale-report', { from: today, to: today, product: 'train', pageSize: '100' });
    expect(trains.data.map((l) => l.key)).toContain(String(entry.id));
    expect(new Set(trains.data.map((l) => l.product))).toEqual(new Set(['train']));
    expect(trains.data.find((l) => l.key === String(entry.id))).toMatchObject({ type: 'C', product: 'train', debit: booking.total, net: -booking.total });
    const flights = await ok('f1admin', 'sale-report', { from: today, to: today, product: 'flight' });
    expect(flights.data.some((l) => l.key === String(entry.id))).toBe(false);
  });

  it("each line's market and product are report_market's and report_product's over its entry and PNR (the trigger writes them inline)", async () => {
    const res = (await gw.db.execute(sql`select rl.entry_id, rl.market, rl.product, report_market(p.route_infos) as expected_market,
        report_product(p.id, je.pnr, je.booking_ref) as expected_product
      from report_lines rl join journal_entries je on je.id = rl.entry_id left join pnrs p on je.pnr is not null and p.pnr = je.pnr`)) as unknown as {
      rows: { entry_id: number; market: string | null; product: string | null; expected_market: string | null; expected_product: string | null }[];
    };
    expect(res.rows.filter((r) => r.market !== r.expected_market || r.product !== r.expected_product)).toEqual([]);
    // the data covers both markets, a flight and a line without product (a top-up)
    expect(new Set(res.rows.map((r) => r.market))).toEqual(new Set(['QN', 'QT', null]));
    expect(res.rows.some((r) => r.product === 'flight') && res.rows.some((r) => r.product === null)).toBe(true);
  });

  it('every ledger entry has exactly one report line with its amount and signed amount, and lines cannot change', async () => {
    const res = (await gw.db.execute(sql`select count(*)::int as n from journal_entries je left join report_lines rl on rl.entry_id = je.id
      where rl.entry_id is null or rl.amount <> je.amount or rl.agency_id <> je.agency_id or rl.type <> je.type
         or rl.signed <> case when je.type in ('T', 'V', 'R') then je.amount else -je.amount end`)) as unknown as { rows: { n: number }[] };
    expect(res.rows[0].n).toBe(0);
    await expect(gw.db.execute(sql`update report_lines set amount = amount + 1`)).rejects.toThrow();
  });
});

describe('reconciliation property', () => {
  it('in transaction mode, the sale report of a range sums to the change of the balance over it; the debit report agrees', async () => {
    const parent = ids.get('SAOVIET')!;
    let n = 0;
    const line = fc.record({
      type: fc.constantFrom('T', 'C', 'S', 'V', 'R' as const),
      amount: fc.integer({ min: 1, max: 50_000_000 }),
      day: fc.integer({ min: 0, max: 364 }),
      hour: fc.integer({ min: 0, max: 23 }),
      withPnr: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 364 }), fc.integer({ min: 0, max: 364 }), async (lines, a, b) => {
        n += 1;
        const agencyId = await addAgency(gw.db, parent, `RECON-${n}`);
        for (const [i, l] of lines.entries()) {
          const when = new Date(Date.UTC(2019, 0, 1 + l.day, l.hour) - 7 * 3_600_000);
          let pnr: string | undefined;
          if (l.withPnr) {
            pnr = `Q${String(n).padStart(3, '0')}${String(i).padStart(2, '0')}`;
            await addPnr(gw.db, { agencyId, pnr, airline: 'VN', legs: [['HAN', 'SGN', '2019-06-01']], pax: 1, bookedAt: when });
          }
          await addEntry(gw.db, { type: l.type, agencyId, amount: l.amount, pnr, at: when });
        }
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const day = (d: number) => new Date(Date.UTC(2019, 0, 1 + d)).toISOString().slice(0, 10);
        const range = { from: day(lo), to: day(hi), agencyId: String(agencyId) };
        const change =
          (await balanceAt(gw.db, agencyId, new Date(`${day(hi)}T00:00:00+07:00`), 1)) - (await balanceAt(gw.db, agencyId, new Date(`${day(lo)}T00:00:00+07:00`)));
        const sale = await ok('f1admin', 'sale-report', range);
        expect(sale.totals.net).toBe(change);
        const debit = await ok('f1admin', 'debit-report', range);
        expect(debit.totals.closing - debit.totals.opening).toBe(sale.total === 0 ? 0 : change);
        const totals = await ok('f1admin', 'debit-total-report', range);
        expect(totals.totals.net).toBe(change);
      }),
      { numRuns: Number(process.env.REPORTS_PROPERTY_RUNS ?? 25) },
    );
    expect(await unbalancedEntries(gw.db)).toEqual([]);
  });
});
