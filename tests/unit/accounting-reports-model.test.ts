/** The report screens' pure rules (plugins/accounting/model/reports.ts), table-driven. */
import { describe, expect, it } from 'vitest';
import { REPORT_COLUMNS, REPORTS, reportQueryOf, type ReportName } from '../../contract/accounting';
import { reportKey, defaultReportFilters, reportQueryFilters, bottomLineColumn, reportQueryObject, totalsRow, type ReportFilterValues } from '../../plugins/accounting/model/reports';
import vi from '../../locales/vi/translation.json';
import en from '../../locales/en/translation.json';

const base: ReportFilterValues = { range: ['2026-03-01', '2026-03-31'], dateMode: 'transaction' };

describe('defaultReportFilters', () => {
  it.each([
    ['2026-03-17', ['2026-03-01', '2026-03-17']],
    ['2026-01-01', ['2026-01-01', '2026-01-01']],
    ['2024-02-29', ['2024-02-01', '2024-02-29']],
  ])('%s → this month so far, by transaction date', (today, range) => {
    expect(defaultReportFilters(today)).toEqual({ range, dateMode: 'transaction' });
  });
});

describe('reportQueryFilters / reportQueryObject', () => {
  const cases: [string, Partial<ReportFilterValues>, Record<string, string>][] = [
    ['only the range and mode', {}, { from: '2026-03-01', to: '2026-03-31', dateMode: 'transaction' }],
    ['a reversed range is put in order', { range: ['2026-03-31', '2026-03-01'] }, { from: '2026-03-01', to: '2026-03-31', dateMode: 'transaction' }],
    ['flight date mode', { dateMode: 'flight' }, { from: '2026-03-01', to: '2026-03-31', dateMode: 'flight' }],
    ['3-or-more-PNR by booking date', { dateMode: 'booking3' }, { from: '2026-03-01', to: '2026-03-31', dateMode: 'booking3' }],
    ['QN', { market: 'QN' }, { from: '2026-03-01', to: '2026-03-31', dateMode: 'transaction', market: 'QN' }],
    ['QT', { market: 'QT' }, { from: '2026-03-01', to: '2026-03-31', dateMode: 'transaction', market: 'QT' }],
    ['airline typed in lower case with spaces', { airline: ' vj ' }, { from: '2026-03-01', to: '2026-03-31', dateMode: 'transaction', airline: 'VJ' }],
    ['an empty airline is left out', { airline: '  ' }, { from: '2026-03-01', to: '2026-03-31', dateMode: 'transaction' }],
    ['types joined, each once', { types: ['V', 'R', 'V'] }, { from: '2026-03-01', to: '2026-03-31', dateMode: 'transaction', types: 'V,R' }],
    ['no type chosen is left out', { types: [] }, { from: '2026-03-01', to: '2026-03-31', dateMode: 'transaction' }],
    ['agency and product', { agencyId: 7, product: 'flight' }, { from: '2026-03-01', to: '2026-03-31', dateMode: 'transaction', agencyId: '7', product: 'flight' }],
  ];
  it.each(cases)('%s', (_name, change, query) => {
    const f = { ...base, ...change };
    expect(reportQueryObject(f)).toEqual(query);
    expect(reportQueryFilters(f).every((q) => q.operator === 'eq')).toBe(true);
  });

  it.each(REPORTS)('what the screen sends, %s accepts', (report) => {
    for (const [, change] of cases) {
      const parsed = reportQueryOf(report).safeParse(reportQueryObject({ ...base, ...change }));
      expect(parsed.success, JSON.stringify(change)).toBe(true);
    }
  });
});

describe('totalsRow', () => {
  const cases: [ReportName, Record<string, number>, (number | 'label' | null)[]][] = [
    ['sale-report', { credit: 5, debit: 7, net: -2 }, ['label', null, null, null, null, null, null, null, 5, 7, -2]],
    ['income-report', { pnrs: 3, charged: 10, returned: 4, net: 6 }, ['label', 3, 10, 4, 6]],
    ['debit-report', { opening: 1, credit: 2, debit: 3, closing: 0 }, ['label', null, 1, 2, 3, 0]],
    ['vna-summary-report', {}, ['label', 0, 0, 0, 0, 0, 0]],
  ];
  it.each(cases)('%s: the label first, sums under the summed columns (0 when missing)', (report, totals, cells) => {
    expect(totalsRow(report, totals).map((c) => c.value)).toEqual(cells);
    expect(totalsRow(report, totals).map((c) => c.key)).toEqual(REPORT_COLUMNS[report].map((c) => c.key));
  });
});

describe('bottomLineColumn (pinned at the right edge while the table scrolls sideways)', () => {
  it.each([
    ['sale-report', 'net'],
    ['flight-data-report', 'net'],
    ['debit-report', 'closing'],
    ['debit-total-report', 'net'],
    ['income-report', 'net'],
    ['vna-summary-report', 'net'],
  ] as [ReportName, string][])('%s: its bottom line, %s', (report, key) => {
    expect(bottomLineColumn(report)).toBe(key);
  });
  it('is the last column of every report, a summed money column', () => {
    for (const report of REPORTS) {
      const cols = REPORT_COLUMNS[report];
      const last = cols[cols.length - 1] as { key: string; kind: string; total?: boolean };
      expect([report, bottomLineColumn(report)]).toEqual([report, last.key]);
      expect([last.kind, last.total]).toEqual(['money', true]);
    }
  });
});

describe('locales', () => {
  type Tree = { [k: string]: string | Tree };
  const reports = (l: unknown) => ((l as Tree).accounting as Tree).reports as Tree;
  it.each([['vi', vi], ['en', en]] as const)('%s names every report, column, date mode, market and product', (_lang, dict) => {
    const r = reports(dict);
    for (const report of REPORTS) {
      expect(((((dict as unknown) as Tree).accounting as Tree)[reportKey(report).split('.')[1]] as Tree).title).toBeTruthy();
      for (const c of REPORT_COLUMNS[report]) expect((r.columns as Tree)[c.key], `${report}.${c.key}`).toBeTruthy();
    }
    for (const m of ['transaction', 'booking', 'flight', 'booking3', 'flight3']) expect((r.dateModes as Tree)[m]).toBeTruthy();
    expect(Object.keys(r.markets as Tree)).toEqual(['QN', 'QT']);
    expect(Object.keys(r.products as Tree)).toEqual(['flight', 'train', 'esim']);
  });
});
