/**
 * The xlsx export of a report (docs/reports.md, "Export and print"): the same filters, scope, order and totals
 * as the screen, every row instead of one page. The rows come from forEachReportBatch (one cursor, a batch at a
 * time) and go straight into exceljs's streaming WorkbookWriter, each row committed as it is written, so the
 * memory holds one batch whatever the report's size. Sheet: a header row, one row per report row, the totals
 * row last (the sums of the `total` columns over every row, as the screen's totals row).
 */
import type { PassThrough, Writable } from 'node:stream';
import { REPORT_COLUMNS, type ReportColumnKind, type ReportFilters, type ReportName, type ReportRow } from '../../contract/accounting';
import type { Language } from '../../contract/constants';
import en from '../../locales/en/translation.json' with { type: 'json' };
import vi from '../../locales/vi/translation.json' with { type: 'json' };
import type { Db } from '../platform/db/client';
import type { UserContext } from '../platform/tenancy/users';
import { writeXlsx, xlsxStream, xlsxVietnamTime as vnTime, XLSX_MONEY_FORMAT as MONEY_FORMAT } from '../platform/xlsx';
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
  const columns = cols.map((c) => ({
    key: c.key,
    header: text.reports.columns[c.key] ?? c.key,
    width: c.key === 'agencyName' ? 30 : WIDTH[c.kind],
    numFmt: c.kind === 'money' || c.kind === 'count' ? MONEY_FORMAT : undefined,
  }));
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

  let totals: Record<string, number> = {};
  await writeXlsx(out, text.title, columns, async (sheet) => {
    totals = await forEachReportBatch(
      db,
      ctx,
      report,
      f,
      async (rows) => {
        for (const r of rows) await sheet.row(cols.map((c) => cell(c.kind, r[c.key])));
      },
      batch,
    );
    await sheet.row(cols.map((c, i) => (i === 0 ? text.reports.totals : c.total ? totals[c.key] : null)), { bold: true });
  });
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
  return xlsxStream((out) => writeReportXlsx(db, ctx, report, f, lang, out), onError);
}
