/**
 * The accounting reports (docs/reports.md). Every report reads one set of "lines": the ledger entries of the
 * caller's report scope that the filters keep, each joined to the PNR it paid or returned (journal_entries.pnr
 * = pnrs.pnr) and that PNR's booking. A report groups the lines (or lists them), pages and sorts the groups in
 * SQL, and sums its money columns over every group for the totals row: three statements per page, whatever its
 * size (no query per row).
 *
 * Scope: an ADMIN_F1 sees its agency's subtree, an ADMIN_F2 its agency and the agencies directly below it,
 * anyone else (the DEPOSIT_MANAGER) its own agency. An agencyId outside the scope answers 404.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  REPORT_CHART,
  REPORT_COLUMNS,
  type ReportAnswer,
  type ReportFilters,
  type ReportListQuery,
  type ReportAgency,
  type ReportName,
  type ReportRow,
} from '../../contract/accounting';
import { ErrorCode } from '../../contract/errors';
import { parseSort } from '../../contract/list';
import type { Conn, Db } from '../platform/db/client';
import { ApiError } from '../platform/http/errors';
import { subtreeOf } from '../platform/tenancy/scope';
import type { UserContext } from '../platform/tenancy/users';

const num = (v: unknown): number => Number(v ?? 0);

/** The agency ids whose ledger lines the caller may report on, as a subquery. */
export function reportScope(ctx: UserContext): SQL {
  const id = ctx.agency.id;
  if (ctx.permissions.includes('ADMIN_F1')) return subtreeOf(id);
  if (ctx.permissions.includes('ADMIN_F2')) return sql`(select ${id}::int union all select a.id from agencies a where a.parent_id = ${id})`;
  return sql`(select ${id}::int)`;
}

const LINE_COLUMNS = (dayExpr: SQL) => sql`rl.entry_id, rl.type, rl.amount, rl.agency_id, rl.created_at, rl.signed,
  rl.pnr_id, rl.pnr, rl.airline, rl.market, rl.product, rl.flight_date, rl.booking_date, rl.pax, ${dayExpr} as day`;

/**
 * The lines of the filters, from report_lines (one row per ledger entry, written with the entry: docs/reports.md):
 * a SQL select whose rows are the lines of the caller's scope that the filters keep.
 */
export function linesSql(ctx: UserContext, f: ReportFilters): SQL {
  const common: SQL[] = [sql`rl.agency_id in ${reportScope(ctx)}`];
  if (f.agencyId) common.push(sql`rl.agency_id = ${f.agencyId}`);
  if (f.types && f.types.length > 0) common.push(sql`rl.type in (${sql.join(f.types.map((t) => sql`${t}`), sql`, `)})`);
  if (f.airline) common.push(sql`rl.airline = ${f.airline}`);
  if (f.market) common.push(sql`rl.market = ${f.market}`);
  if (f.product) common.push(sql`rl.product = ${f.product}`);
  const where = (...extra: SQL[]) => sql.join([...common, ...extra], sql` and `);
  const mode = f.dateMode;
  const base = mode === 'booking3' ? 'booking' : mode === 'flight3' ? 'flight' : mode;

  let lines: SQL;
  if (base === 'transaction') {
    lines = sql`select ${LINE_COLUMNS(sql`rl.day`)} from report_lines rl where ${where(sql`rl.day >= ${f.from}`, sql`rl.day <= ${f.to}`)}`;
  } else if (base === 'booking') {
    // lines of a PNR are dated by its booking; lines without one (top-ups, manual entries) by their entry
    lines = sql`select ${LINE_COLUMNS(sql`rl.booking_date`)} from report_lines rl
        where ${where(sql`rl.booking_date >= ${f.from}`, sql`rl.booking_date <= ${f.to}`)}
      union all
      select ${LINE_COLUMNS(sql`rl.day`)} from report_lines rl
        where ${where(sql`rl.day >= ${f.from}`, sql`rl.day <= ${f.to}`, sql`rl.booking_date is null`)}`;
  } else {
    // by flight date only the lines of a PNR count
    lines = sql`select ${LINE_COLUMNS(sql`rl.flight_date`)} from report_lines rl where ${where(sql`rl.flight_date >= ${f.from}`, sql`rl.flight_date <= ${f.to}`)}`;
  }
  if (mode === 'booking3' || mode === 'flight3') {
    return sql`select * from (${lines}) l0 where l0.agency_id in (
      select l1.agency_id from (${lines}) l1 where l1.pnr_id is not null group by l1.agency_id having count(distinct l1.pnr_id) >= 3)`;
  }
  return lines;
}

const SALES = sql`case when l.type in ('C', 'S') then l.amount when l.type in ('V', 'R') then -l.amount else 0 end`;
const credit = sql`case when l.signed > 0 then l.signed else 0 end`;
const debit = sql`case when l.signed < 0 then -l.signed else 0 end`;
const charged = sql`coalesce(sum(l.amount) filter (where l.type in ('C', 'S')), 0)`;
const returned = sql`coalesce(sum(l.amount) filter (where l.type in ('V', 'R')), 0)`;

interface ReportSql {
  /** Selects every column of the report (camelCase names) from `lines l`, plus a unique `_k` tie-breaker. */
  groups: (f: ReportFilters, ctx: UserContext) => SQL;
  /** Columns worked out for the rows of one page only (`pg` is the page's row). */
  extra?: SQL;
}

const REPORT_SQL: Record<ReportName, ReportSql> = {
  'sale-report': {
    groups: () => sql`select l.entry_id as "_k", l.created_at as "createdAt", a.code as "agencyCode", l.type as "type",
        l.product as "product", l.pnr as "pnr", l.airline as "airline", l.market as "market", l.flight_date as "flightDate",
        ${credit} as "credit", ${debit} as "debit", l.signed as "net"
      from lines l join agencies a on a.id = l.agency_id`,
  },
  'flight-data-report': {
    groups: () => sql`select l.pnr_id as "_k", min(l.pnr) as "pnr", min(l.airline) as "airline", min(l.market) as "market",
        min(l.flight_date) as "flightDate", min(l.booking_date) as "bookingDate", min(a.code) as "agencyCode", max(l.pax) as "pax",
        ${charged} as "charged", ${returned} as "returned", ${charged} - ${returned} as "net"
      from lines l join agencies a on a.id = l.agency_id where l.pnr_id is not null group by l.pnr_id`,
    extra: sql`(select string_agg(e.leg->>'from', '-' order by e.n) || '-' || (pp.route_infos->-1->>'to')
      from pnrs pp, jsonb_array_elements(pp.route_infos) with ordinality as e(leg, n) where pp.id = pg."_k" group by pp.id) as "route"`,
  },
  'debit-report': {
    // the opening balance of each agency: the sum of its lines before the first day (whatever the filters)
    groups: (f, ctx) => sql`select g0.*, g0."opening" + g0."credit" - g0."debit" as "closing" from (
        select x.agency_id as "_k", a.code as "agencyCode", a.name as "agencyName", coalesce(o.opening, 0) as "opening",
          x.credit as "credit", x.debit as "debit"
        from (select l.agency_id, sum(${credit}) as credit, sum(${debit}) as debit from lines l group by l.agency_id) x
        join agencies a on a.id = x.agency_id
        left join (select o.agency_id, sum(o.signed) as opening from report_lines o
                   where o.day < ${f.from} and o.agency_id in ${reportScope(ctx)} group by o.agency_id) o on o.agency_id = x.agency_id) g0`,
  },
  'debit-total-report': {
    groups: () => sql`select l.agency_id as "_k", min(a.code) as "agencyCode", min(a.name) as "agencyName",
        ${sql.join(
          (['T', 'C', 'S', 'V', 'R'] as const).map((t) => sql`coalesce(sum(l.amount) filter (where l.type = ${t}), 0) as ${sql.identifier(t)}`),
          sql`, `,
        )}, sum(l.signed) as "net"
      from lines l join agencies a on a.id = l.agency_id group by l.agency_id`,
  },
  'income-report': {
    groups: () => sql`select l.airline as "_k", l.airline as "airline", count(distinct l.pnr_id) as "pnrs",
        ${charged} as "charged", ${returned} as "returned", ${charged} - ${returned} as "net"
      from lines l where l.pnr_id is not null group by l.airline`,
  },
  'vna-summary-report': {
    groups: () => sql`select x.market as "_k", x.market as "market", count(*) as "pnrs", sum(x.pax) as "pax",
        sum(x.charged) as "charged", sum(x.voided) as "voided", sum(x.refunded) as "refunded",
        sum(x.charged) - sum(x.voided) - sum(x.refunded) as "net"
      from (select l.pnr_id, min(l.market) as market, max(l.pax) as pax, ${charged} as charged,
              coalesce(sum(l.amount) filter (where l.type = 'V'), 0) as voided,
              coalesce(sum(l.amount) filter (where l.type = 'R'), 0) as refunded
            from lines l where l.pnr_id is not null and l.airline = 'VN' group by l.pnr_id) x
      group by x.market`,
  },
};

/** What the chart of a report draws: at most one point per day, agency or airline. */
function chartSql(report: ReportName): SQL | null {
  const chart = REPORT_CHART[report];
  if (!chart) return null;
  if (chart.by === 'day') return sql`select l.day as key, sum(${SALES}) as value from lines l where l.day is not null group by l.day order by l.day`;
  if (chart.by === 'agency') return sql`select g."agencyCode" as key, g."debit" as value from g order by g."debit" desc, g."_k" limit 12`;
  return sql`select g."airline" as key, g."net" as value from g order by g."net" desc, g."_k" limit 12`;
}

async function rowsOf<T>(conn: Conn, query: SQL): Promise<T[]> {
  const result = (await conn.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const columnsOf = (report: ReportName) => REPORT_COLUMNS[report] as readonly { key: string; kind: string; total?: boolean }[];

function orderBy(report: ReportName, sort: string, alias = 'g'): SQL {
  const t = sql.identifier(alias);
  const keys = new Set(columnsOf(report).map((c) => c.key));
  const parts = parseSort(sort)
    .filter((s) => keys.has(s.field))
    .map((s) => sql`${t}.${sql.identifier(s.field)} ${sql.raw(s.desc ? 'desc nulls last' : 'asc nulls last')}`);
  // ties follow the direction of the first sorter (newest first keeps the later entry of one instant first)
  const tie = parseSort(sort)[0]?.desc ? 'desc' : 'asc';
  return sql.join([...parts, sql`${t}."_k" ${sql.raw(tie)}`], sql`, `);
}

function toRow(report: ReportName, raw: Record<string, unknown>): ReportRow {
  // `key` identifies the row (an entry, a PNR, an agency, an airline, a market)
  const row: ReportRow = { key: String(raw._k) };
  for (const c of columnsOf(report)) {
    const v = raw[c.key];
    if (v === null || v === undefined) row[c.key] = null;
    else if (c.kind === 'money' || c.kind === 'count') row[c.key] = num(v);
    else if (c.kind === 'datetime') row[c.key] = new Date(v as string | Date).toISOString();
    else row[c.key] = String(v);
  }
  return row;
}

/** 404 when the filter names an agency outside the caller's report scope. */
export async function checkReportAgency(conn: Conn, ctx: UserContext, agencyId: number | undefined): Promise<void> {
  if (agencyId === undefined) return;
  const rows = await rowsOf(conn, sql`select 1 from agencies where id = ${agencyId} and id in ${reportScope(ctx)}`);
  if (rows.length === 0) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'agency' });
}

/** One page of rows in order; the report's page-only columns are worked out after the limit. */
function pageSql(report: ReportName, sort: string, limit: number, offset: number): SQL {
  const inner = sql`select * from g order by ${orderBy(report, sort)} limit ${limit} offset ${offset}`;
  const extra = REPORT_SQL[report].extra;
  return sql`select pg.*${extra ? sql`, ${extra}` : sql``} from (${inner}) pg order by ${orderBy(report, sort, 'pg')}`;
}

// Each CTE is named once in its statement, so PostgreSQL inlines it and computes only the columns the
// statement reads (a CTE read twice would be materialized with every column of every line).
const withGroups = (ctx: UserContext, report: ReportName, f: ReportFilters, body: SQL) =>
  sql`with lines as (${linesSql(ctx, f)}), g as (${REPORT_SQL[report].groups(f, ctx)}) ${body}`;
const withLines = (ctx: UserContext, f: ReportFilters, body: SQL) => sql`with lines as (${linesSql(ctx, f)}) ${body}`;

export async function runReport(conn: Conn, ctx: UserContext, report: ReportName, q: ReportListQuery): Promise<ReportAnswer> {
  await checkReportAgency(conn, ctx, q.agencyId);
  const totalCols = columnsOf(report).filter((c) => c.total);
  const sums = sql.join([sql`count(*) as "_n"`, ...totalCols.map((c) => sql`coalesce(sum(g.${sql.identifier(c.key)}), 0) as ${sql.identifier(c.key)}`)], sql`, `);
  const [rows, [agg], chartRows] = await Promise.all([
    rowsOf<Record<string, unknown>>(conn, withGroups(ctx, report, q, pageSql(report, q.sort, q.pageSize, (q.page - 1) * q.pageSize))),
    rowsOf<Record<string, unknown>>(conn, withGroups(ctx, report, q, sql`select ${sums} from g`)),
    (async () => {
      const chart = chartSql(report);
      if (!chart) return [];
      const byDay = REPORT_CHART[report]?.by === 'day';
      return rowsOf<{ key: string; value: unknown }>(conn, byDay ? withLines(ctx, q, chart) : withGroups(ctx, report, q, chart));
    })(),
  ]);
  const totals: Record<string, number> = {};
  for (const c of totalCols) totals[c.key] = num(agg?.[c.key]);
  return {
    data: rows.map((r) => toRow(report, r)),
    total: num(agg?._n),
    totals,
    chart: chartRows.map((r) => ({ key: String(r.key), value: num(r.value) })),
  };
}

/**
 * Every row of a report in its order, handed over in batches of `batch` rows (what the xlsx export writes):
 * the statement runs once behind a cursor in a read-only transaction, so memory holds one batch at a time
 * whatever the report's size. Answers the totals of the `total` columns.
 */
export async function forEachReportBatch(
  db: Db,
  ctx: UserContext,
  report: ReportName,
  f: ReportFilters & { sort: string },
  onBatch: (rows: ReportRow[]) => Promise<void> | void,
  batch = 2000,
): Promise<Record<string, number>> {
  await checkReportAgency(db, ctx, f.agencyId);
  const cursor = `report_${report.replace(/-/g, '_')}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`declare ${sql.identifier(cursor)} no scroll cursor for ${withGroups(ctx, report, f, pageSql(report, f.sort, 2_147_483_647, 0))}`);
    for (;;) {
      const rows = await rowsOf<Record<string, unknown>>(tx, sql`fetch forward ${sql.raw(String(Math.trunc(batch)))} from ${sql.identifier(cursor)}`);
      if (rows.length > 0) await onBatch(rows.map((r) => toRow(report, r)));
      if (rows.length < batch) break;
    }
    await tx.execute(sql`close ${sql.identifier(cursor)}`);
  });
  const totalCols = columnsOf(report).filter((c) => c.total);
  const [agg] = await rowsOf<Record<string, unknown>>(
    db,
    withGroups(ctx, report, f, sql`select ${sql.join([sql`1 as "_one"`, ...totalCols.map((c) => sql`coalesce(sum(g.${sql.identifier(c.key)}), 0) as ${sql.identifier(c.key)}`)], sql`, `)} from g`),
  );
  const totals: Record<string, number> = {};
  for (const c of totalCols) totals[c.key] = num(agg?.[c.key]);
  return totals;
}

/** The agencies of the caller's report scope, by code (the agent / sub-agency filter). */
export async function reportAgencies(conn: Conn, ctx: UserContext): Promise<ReportAgency[]> {
  const rows = await rowsOf<{ id: number; code: string; name: string; level: number }>(
    conn,
    sql`select id, code, name, level from agencies where id in ${reportScope(ctx)} order by level, code`,
  );
  return rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name, level: Number(r.level) }));
}
