/**
 * Pure rules of the report screens (docs/reports.md): the filters as the query the gateway reads, the
 * default range, the columns' alignment and formats and the totals row.
 */
import {
  REPORT_COLUMNS,
  type EntryType,
  type Market,
  type ReportColumnKind,
  type ReportDateMode,
  type ReportName,
  type ReportProduct,
} from '../../../contract/accounting';

export interface ReportFilterValues {
  range: [string, string];
  dateMode: ReportDateMode;
  market?: Market;
  airline?: string;
  agencyId?: number;
  types?: EntryType[];
  product?: ReportProduct;
}

/** This month so far, dated by transaction (the mode that reconciles with the deposit). */
export function defaultReportFilters(today: string): ReportFilterValues {
  return { range: [`${today.slice(0, 8)}01`, today], dateMode: 'transaction' };
}

export interface QueryFilter {
  field: string;
  operator: 'eq';
  value: string | number | undefined;
}

/**
 * The filters as `field=value` pairs of the list protocol; an empty choice is sent as undefined (left out).
 * A reversed range is put in order; the airline is upper-cased and trimmed.
 */
export function reportQueryFilters(f: ReportFilterValues): QueryFilter[] {
  const [from, to] = f.range[0] <= f.range[1] ? f.range : [f.range[1], f.range[0]];
  const airline = f.airline?.trim().toUpperCase() || undefined;
  const eq = (field: string, value: string | number | undefined): QueryFilter => ({ field, operator: 'eq', value });
  return [
    eq('from', from),
    eq('to', to),
    eq('dateMode', f.dateMode),
    eq('market', f.market),
    eq('airline', airline),
    eq('agencyId', f.agencyId),
    eq('types', f.types && f.types.length > 0 ? [...new Set(f.types)].join(',') : undefined),
    eq('product', f.product),
  ];
}

/** The same filters as a plain query object (the xlsx link, the print header). */
export function reportQueryObject(f: ReportFilterValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const q of reportQueryFilters(f)) if (q.value !== undefined && q.value !== '') out[q.field] = String(q.value);
  return out;
}

export const isNumericKind = (kind: ReportColumnKind) => kind === 'money' || kind === 'count';

export function columnsOf(report: ReportName) {
  return REPORT_COLUMNS[report] as readonly { key: string; kind: ReportColumnKind; sortable?: boolean; total?: boolean }[];
}

/**
 * The totals row: one cell per column, the sum under each summed column, the label in the first column that
 * is not summed (or none when every column is).
 */
export function totalsRow(report: ReportName, totals: Record<string, number> | undefined): { key: string; value: number | 'label' | null }[] {
  const cols = columnsOf(report);
  const labelAt = cols.findIndex((c) => !c.total);
  return cols.map((c, i) => ({ key: c.key, value: c.total ? (totals?.[c.key] ?? 0) : i === labelAt ? 'label' : null }));
}

/**
 * The column kept in sight, pinned at the table's right edge while the rest scrolls sideways whenever the table is
 * wider than its box (on a phone, and on a laptop beside the menu): the report's bottom line, its last summed money
 * column (every report ends with one: net or closing).
 */
export function bottomLineColumn(report: ReportName): string | undefined {
  const cols = columnsOf(report);
  for (let i = cols.length - 1; i >= 0; i--) if (cols[i].total && cols[i].kind === 'money') return cols[i].key;
  return undefined;
}

/** The route path of a report screen. */
export const reportRoute = (report: ReportName) => `/accounting/${report}` as const;
/** The Refine resource of a report. */
export const reportResource = (report: ReportName) => `accounting-${report}` as const;

/** The locale prefix of a report screen: `accounting.saleReport` (keys `<plugin>.<screen>.<thing>`). */
export const reportKey = (report: ReportName) => `accounting.${report.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())}`;
