/**
 * The booking reports (contract/desk.ts BOOKING_REPORTS): the PNRs of the caller's booking scope grouped by
 * agent, route (first departure – last arrival) or airline, summed in SQL, paged and sorted in SQL, with the
 * totals over every group and the chart's largest groups: three statements per page whatever its size.
 *
 * customer-services counts PNRs by the Vietnam day they were made; analyze-sales by the day they were issued.
 */
import type { Writable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../contract/constants';
import {
  BOOKING_REPORT_CHART,
  BOOKING_REPORT_CHART_TOP,
  BOOKING_REPORT_COLUMNS,
  BOOKING_REPORT_MONEY,
  isBookingReportSort,
  withDerived,
  type BookingReport,
  type BookingReportAnswer,
  type BookingReportFilters,
  type BookingReportQuery,
  type BookingReportRow,
} from '../../contract/desk';
import { ErrorCode } from '../../contract/errors';
import en from '../../locales/en/translation.json' with { type: 'json' };
import vi from '../../locales/vi/translation.json' with { type: 'json' };
import { bookingScope } from '../bookings/service';
import { vietnamDayEnd, vietnamDayStart } from '../platform/clock';
import type { Conn } from '../platform/db/client';
import { agencies, bookings, pnrs, supportRequests, users } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import type { UserContext } from '../platform/tenancy/users';
import { writeXlsx, XLSX_MONEY_FORMAT } from '../platform/xlsx';

const ROUTE = sql`coalesce((${pnrs.routeInfos}->0->>'from') || '-' || (${pnrs.routeInfos}->-1->>'to'), '')`;

const KEY: Record<BookingReportFilters['groupBy'], { key: SQL; label: SQL }> = {
  agent: { key: sql`coalesce(${users.username}, '')`, label: sql`coalesce(min(${users.fullName}) || ' · ' || min(${agencies.code}), '')` },
  route: { key: ROUTE, label: ROUTE },
  airline: { key: sql`${pnrs.airline}`, label: sql`${pnrs.airline}` },
};

/** The sums of each report, as SQL aggregates (the derived columns come from withDerived). */
const SUMS: Record<BookingReport, Record<string, SQL>> = {
  'customer-services': {
    held: sql`count(*) filter (where ${pnrs.pnr} is not null)`,
    issued: sql`count(*) filter (where ${pnrs.issuedAt} is not null)`,
    cancelled: sql`count(*) filter (where ${pnrs.recordStatus} = 'VOIDED OR CANCEL' and ${pnrs.issuedAt} is null)`,
    expired: sql`count(*) filter (where ${pnrs.recordStatus} = 'TIME LIMIT OUT')`,
    failed: sql`count(*) filter (where ${pnrs.recordStatus} = 'FAILED')`,
    supportRequests: sql`coalesce(sum((select count(*) from ${supportRequests} where ${supportRequests.pnr} = ${pnrs.pnr})), 0)`,
  },
  'analyze-sales': {
    pnrs: sql`count(*)`,
    tickets: sql`coalesce(sum(jsonb_array_length(${pnrs.tickets})) filter (where ${pnrs.recordStatus} <> 'VOIDED OR CANCEL'), 0)`,
    voided: sql`count(*) filter (where ${pnrs.recordStatus} = 'VOIDED OR CANCEL')`,
    revenue: sql`coalesce(sum(${pnrs.totalPrice}) filter (where ${pnrs.recordStatus} <> 'VOIDED OR CANCEL'), 0)`,
  },
};

function where(report: BookingReport, ctx: UserContext, f: BookingReportFilters): SQL {
  const at = report === 'customer-services' ? pnrs.createdAt : pnrs.issuedAt;
  const parts: SQL[] = [
    bookingScope(ctx),
    sql`${at} >= ${new Date(vietnamDayStart(f.from))}`,
    sql`${at} <= ${new Date(vietnamDayEnd(f.to))}`,
  ];
  if (f.airline) parts.push(sql`${pnrs.airline} = ${f.airline}`);
  return sql.join(parts, sql` and `);
}

/** The grouped rows as a subquery: key, label and the report's sums. */
function grouped(report: BookingReport, ctx: UserContext, f: BookingReportFilters): SQL {
  const { key, label } = KEY[f.groupBy];
  const sums = Object.entries(SUMS[report]).map(([name, expr]) => sql`${expr}::bigint as ${sql.identifier(name)}`);
  return sql`select ${key} as key, ${label} as label, ${sql.join(sums, sql`, `)}
    from ${pnrs}
    join ${bookings} on ${bookings.id} = ${pnrs.bookingId}
    join ${agencies} on ${agencies.id} = ${bookings.agencyId}
    left join ${users} on ${users.id} = ${bookings.userId}
    where ${where(report, ctx, f)}
    group by 1`;
}

const num = (v: unknown) => Number(v ?? 0);

async function rowsOf<T>(conn: Conn, query: SQL): Promise<T[]> {
  const result = (await conn.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

function toRow(report: BookingReport, r: Record<string, unknown>): BookingReportRow {
  const sums: Record<string, number> = {};
  for (const name of Object.keys(SUMS[report])) sums[name] = num(r[name]);
  return { key: String(r.key ?? ''), label: String(r.label ?? ''), ...withDerived(report, sums) } as unknown as BookingReportRow;
}

/** ORDER BY of a sort (a derived column sorts by its formula on the sums). */
function orderOf(sort: string): SQL {
  const desc = sort.startsWith('-');
  const field = sort.replace(/^-/, '');
  const dir = desc ? sql`desc` : sql`asc`;
  let expr: SQL;
  if (field === 'key') expr = sql`g.key`;
  else if (field === 'conversion') expr = sql`(case when g.held > 0 then g.issued::numeric / g.held else 0 end)`;
  else if (field === 'averageTicket') expr = sql`(case when g.tickets > 0 then g.revenue::numeric / g.tickets else 0 end)`;
  else expr = sql`g.${sql.identifier(field)}`;
  return sql`${expr} ${dir}, g.key asc`;
}

export async function bookingReport(conn: Conn, ctx: UserContext, report: BookingReport, q: BookingReportQuery): Promise<BookingReportAnswer> {
  if (!isBookingReportSort(report, q.sort)) throw new ApiError(ErrorCode.VALIDATION, { reason: 'sort' });
  const g = grouped(report, ctx, q);
  const names = Object.keys(SUMS[report]);
  const [rows, totalsRows, chartRows] = await Promise.all([
    rowsOf<Record<string, unknown>>(conn, sql`select * from (${g}) g order by ${orderOf(q.sort)} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
    rowsOf<Record<string, unknown>>(
      conn,
      sql`select count(*) as groups, ${sql.join(
        names.map((n) => sql`coalesce(sum(g.${sql.identifier(n)}), 0) as ${sql.identifier(n)}`),
        sql`, `,
      )} from (${g}) g`,
    ),
    rowsOf<Record<string, unknown>>(conn, sql`select g.key, g.${sql.identifier(chartSum(report))} as value from (${g}) g order by 2 desc, 1 asc limit ${BOOKING_REPORT_CHART_TOP}`),
  ]);
  const t = totalsRows[0] ?? {};
  const sums: Record<string, number> = {};
  for (const n of names) sums[n] = num(t[n]);
  return {
    data: rows.map((r) => toRow(report, r)),
    total: num(t.groups),
    totals: withDerived(report, sums),
    chart: chartRows.map((r) => ({ key: String(r.key ?? ''), value: num(r.value) })),
  };
}

/** The sum the chart draws (a stored sum, never a derived column). */
const chartSum = (report: BookingReport) => BOOKING_REPORT_CHART[report];

type Texts = typeof vi;
const TEXTS: Record<Language, Texts> = { vi, en: en as unknown as Texts };

/** Every group of the filters as an xlsx sheet (the screen's words as headers), then the totals row. */
export async function writeBookingReportXlsx(conn: Conn, ctx: UserContext, report: BookingReport, f: BookingReportFilters, lang: Language, out: Writable): Promise<void> {
  const desk = TEXTS[lang].desk;
  const text = desk.reports;
  const headers = text.columns as Record<string, string>;
  const groups = text.groups as Record<string, string>;
  const cols = BOOKING_REPORT_COLUMNS[report] as readonly string[];
  const title = report === 'customer-services' ? desk.customerServices : desk.analyzeSales;
  const rows = await rowsOf<Record<string, unknown>>(conn, sql`select * from (${grouped(report, ctx, f)}) g order by g.key asc`);
  await writeXlsx(
    out,
    title.title,
    [
      { key: 'key', header: groups[f.groupBy] ?? f.groupBy, width: 18 },
      { key: 'label', header: headers.label, width: 30 },
      ...cols.map((c) => ({ key: c, header: headers[c] ?? c, width: 16, numFmt: (BOOKING_REPORT_MONEY as readonly string[]).includes(c) ? XLSX_MONEY_FORMAT : undefined })),
    ],
    async (sheet) => {
      const sums: Record<string, number> = {};
      for (const raw of rows) {
        const r = toRow(report, raw);
        for (const n of Object.keys(SUMS[report])) sums[n] = (sums[n] ?? 0) + Number(r[n]);
        await sheet.row([r.key, r.label, ...cols.map((c) => Number(r[c] ?? 0))]);
      }
      const totals = withDerived(report, Object.fromEntries(Object.keys(SUMS[report]).map((n) => [n, sums[n] ?? 0])));
      await sheet.row([text.totals, null, ...cols.map((c) => totals[c] ?? 0)], { bold: true });
    },
  );
}
