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
 * By booking date a line of a PNR counts on its booking's day and a line without one (a top-up, a manual entry)
 * on its own day: booking_date is set exactly when pnr_id is (every PNR has a booking). Indexed as an expression
 * (report_lines_booking_day_idx), so the mode is one range scan.
 */
const BOOKING_DAY = sql`coalesce(rl.booking_date, rl.day)`;

/** The conditions of the filters on `report_lines rl` (the date range aside). */
function filterConditions(f: ReportFilters): SQL[] {
  const c: SQL[] = [];
  if (f.agencyId) c.push(sql`rl.agency_id = ${f.agencyId}`);
  if (f.types && f.types.length > 0) c.push(sql`rl.type in (${sql.join(f.types.map((t) => sql`${t}`), sql`, `)})`);
  if (f.airline) c.push(sql`rl.airline = ${f.airline}`);
  if (f.market) c.push(sql`rl.market = ${f.market}`);
  if (f.product) c.push(sql`rl.product = ${f.product}`);
  return c;
}

const isThreePnrMode = (f: ReportFilters) => f.dateMode === 'booking3' || f.dateMode === 'flight3';

/**
 * booking3 / flight3: the agencies of the caller's scope with 3 or more distinct PNRs among the lines of the mode
 * and filters, in one read of the narrow index (booking_date | flight_date, agency_id, pnr_id). Only the lines of
 * a PNR count, and those are exactly the lines whose PNR's booking (flight) day is in the range: booking_date and
 * flight_date are set only on lines with a PNR. Worked out once per request, then handed to every statement of the
 * page as a list of ids (the planner sees how many agencies are left, not a guess).
 */
export async function threePnrAgencies(conn: Conn, ctx: UserContext, f: ReportFilters): Promise<number[] | null> {
  if (!isThreePnrMode(f)) return null;
  const pnrDay = f.dateMode === 'booking3' ? sql`rl.booking_date` : sql`rl.flight_date`;
  const where = [sql`rl.agency_id in ${reportScope(ctx)}`, ...filterConditions(f), sql`${pnrDay} >= ${f.from}`, sql`${pnrDay} <= ${f.to}`, sql`rl.pnr_id is not null`];
  const rows = await rowsOf<{ agency_id: number }>(
    conn,
    sql`select rl.agency_id from report_lines rl where ${sql.join(where, sql` and `)} group by rl.agency_id having count(distinct rl.pnr_id) >= 3`,
  );
  return rows.map((r) => Number(r.agency_id));
}

/**
 * The lines of the filters, from report_lines (one row per ledger entry, written with the entry: docs/reports.md):
 * a SQL select whose rows are the lines of the caller's scope that the filters keep. In booking3 / flight3 mode,
 * `threePnr` is what threePnrAgencies answered: the lines are those of these agencies only.
 */
export function linesSql(ctx: UserContext, f: ReportFilters, threePnr: readonly number[] | null): SQL {
  const conditions = [sql`rl.agency_id in ${reportScope(ctx)}`, ...filterConditions(f)];
  if (isThreePnrMode(f)) {
    if (!threePnr) throw new Error('the 3-or-more-PNR agencies are needed in this date mode');
    conditions.push(threePnr.length > 0 ? sql`rl.agency_id in (${sql.join(threePnr.map((id) => sql`${id}::int`), sql`, `)})` : sql`false`);
  }
  const base = f.dateMode === 'booking3' ? 'booking' : f.dateMode === 'flight3' ? 'flight' : f.dateMode;
  // the day a line counts on in the mode: one index range each
  const dayOf = base === 'transaction' ? sql`rl.day` : base === 'booking' ? BOOKING_DAY : sql`rl.flight_date`;
  return sql`select ${LINE_COLUMNS(dayOf)} from report_lines rl where ${sql.join([...conditions, sql`${dayOf} >= ${f.from}`, sql`${dayOf} <= ${f.to}`], sql` and `)}`;
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
const withGroups = (lines: SQL, ctx: UserContext, report: ReportName, f: ReportFilters, body: SQL) =>
  sql`with lines as (${lines}), g as (${REPORT_SQL[report].groups(f, ctx)}) ${body}`;
const withLines = (lines: SQL, body: SQL) => sql`with lines as (${lines}) ${body}`;

export async function runReport(conn: Conn, ctx: UserContext, report: ReportName, q: ReportListQuery): Promise<ReportAnswer> {
  await checkReportAgency(conn, ctx, q.agencyId);
  const lines = linesSql(ctx, q, await threePnrAgencies(conn, ctx, q));
  const totalCols = columnsOf(report).filter((c) => c.total);
  const sums = sql.join([sql`count(*) as "_n"`, ...totalCols.map((c) => sql`coalesce(sum(g.${sql.identifier(c.key)}), 0) as ${sql.identifier(c.key)}`)], sql`, `);
  const [rows, [agg], chartRows] = await Promise.all([
    rowsOf<Record<string, unknown>>(conn, withGroups(lines, ctx, report, q, pageSql(report, q.sort, q.pageSize, (q.page - 1) * q.pageSize))),
    rowsOf<Record<string, unknown>>(conn, withGroups(lines, ctx, report, q, sql`select ${sums} from g`)),
    (async () => {
      const chart = chartSql(report);
      if (!chart) return [];
      const byDay = REPORT_CHART[report]?.by === 'day';
      return rowsOf<{ key: string; value: unknown }>(conn, byDay ? withLines(lines, chart) : withGroups(lines, ctx, report, q, chart));
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
  const lines = linesSql(ctx, f, await threePnrAgencies(db, ctx, f));
  await db.transaction(async (tx) => {
    await tx.execute(sql`declare ${sql.identifier(cursor)} no scroll cursor for ${withGroups(lines, ctx, report, f, pageSql(report, f.sort, 2_147_483_647, 0))}`);
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
    withGroups(lines, ctx, report, f, sql`select ${sql.join([sql`1 as "_one"`, ...totalCols.map((c) => sql`coalesce(sum(g.${sql.identifier(c.key)}), 0) as ${sql.identifier(c.key)}`)], sql`, `)} from g`),
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
