/**
 * The xlsx export of a report (docs/reports.md, "Export and print"): the same filters, scope, order and totals
 * as the screen, every row instead of one page. The rows come from forEachReportBatch (one cursor, a batch at a
 * time) and go straight into exceljs's streaming WorkbookWriter, each row committed as it is written, so the
 * memory holds one batch whatever the report's size. Sheet: a header row, one row per report row, the totals
 * row last (the sums of the `total` columns over every row, as the screen's totals row).
 */
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { REPORT_COLUMNS, type ReportColumnKind, type ReportFilters, type ReportName, type ReportRow } from '../../contract/accounting';
import type { Language } from '../../contract/constants';
import en from '../../locales/en/translation.json' with { type: 'json' };
import vi from '../../locales/vi/translation.json' with { type: 'json' };
import type { Db } from '../platform/db/client';
import type { UserContext } from '../platform/tenancy/users';
import { checkReportAgency, forEachReportBatch } from './reports';

type Texts = typeof vi;
const TEXTS: Record<Language, Texts> = { vi, en: en as unknown as Texts };

/** The sheet's labels in the caller's language: the same words as the report screen. */
function labels(lang: Language, report: ReportName) {
  const acc = TEXTS[lang].accounting as unknown as Record<string, unknown>;
  const reports = acc.reports as { columns: Record<string, string>; totals: string; markets: Record<string, string>; products: Record<string, string> };
  const screen = acc[report.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())] as { title: string };
  return { reports, types: acc.types as Record<string, string>, title: screen.title };
}

/** An instant as Vietnam local time (UTC+7), `YYYY-MM-DD HH:mm:ss`. */
const vnTime = (iso: string) => new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

const MONEY_FORMAT = '#,##0';
const WIDTH: Record<ReportColumnKind, number> = { datetime: 20, day: 12, text: 14, money: 16, count: 10, type: 16, market: 16, product: 14 };

/** The download's file name: the report and its range. */
export const xlsxFileName = (report: ReportName, f: ReportFilters) => `${report}_${f.from}_${f.to}.xlsx`;

/**
 * Writes the report as xlsx into `out` (ended when done). Answers the totals it wrote. The caller checks the
 * agency filter first (checkReportAgency), so that a refusal is still a plain error answer.
 */
export async function writeReportXlsx(
  db: Db,
  ctx: UserContext,
  report: ReportName,
  f: ReportFilters & { sort: string },
  lang: Language,
  out: Writable,
  batch = 2000,
): Promise<Record<string, number>> {
  const text = labels(lang, report);
  const cols = REPORT_COLUMNS[report] as readonly { key: string; kind: ReportColumnKind; total?: boolean }[];
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(text.title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = cols.map((c) => ({
    key: c.key,
    header: text.reports.columns[c.key] ?? c.key,
    width: c.key === 'agencyName' ? 30 : WIDTH[c.kind],
    style: c.kind === 'money' || c.kind === 'count' ? { numFmt: MONEY_FORMAT } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  const cell = (kind: ReportColumnKind, v: ReportRow[string]): string | number | null => {
    if (v === null || v === undefined) return null;
    switch (kind) {
      case 'money':
      case 'count':
        return Number(v);
      case 'datetime':
        return vnTime(String(v));
      case 'type':
        return `${String(v)} · ${text.types[String(v)] ?? ''}`;
      case 'product':
        return text.reports.products[String(v)] ?? String(v);
      default:
        return String(v);
    }
  };

  const totals = await forEachReportBatch(
    db,
    ctx,
    report,
    f,
    async (rows) => {
      for (const r of rows) sheet.addRow(cols.map((c) => cell(c.kind, r[c.key]))).commit();
      // wait for the reader when the answer's buffer is full: what is written is not held in memory
      if (out.writableNeedDrain) await once(out, 'drain');
    },
    batch,
  );
  const last = sheet.addRow(cols.map((c, i) => (i === 0 ? text.reports.totals : c.total ? totals[c.key] : null)));
  last.font = { bold: true };
  last.commit();
  sheet.commit();
  await workbook.commit();
  return totals;
}

/** The stream the endpoint answers with, written in the background; a failure midway ends the download cut short. */
export async function reportXlsxStream(
  db: Db,
  ctx: UserContext,
  report: ReportName,
  f: ReportFilters & { sort: string },
  lang: Language,
  onError: (e: unknown) => void,
): Promise<PassThrough> {
  await checkReportAgency(db, ctx, f.agencyId);
  const out = new PassThrough();
  writeReportXlsx(db, ctx, report, f, lang, out).catch((e: unknown) => {
    onError(e);
    out.destroy(e instanceof Error ? e : new Error(String(e)));
  });
  return out;
}
