// Accounting reports over a large ledger on PostgreSQL (docs/reports.md).
//
// Makes its own database on the server of BENCH_DATABASE_URL (else TEST_DATABASE_URL), migrates it, seeds the
// demo data, then adds in bulk (SQL generate_series, one statement per table and chunk):
//   - 200 agencies under SAOVIET (20 F2, 180 below them),
//   - BENCH_BOOKINGS bookings (default 200,000) over the 12 months of 2025, one PNR each (domestic and
//     international, several airlines, 1–3 passengers, a flight 0–29 days after booking),
//   - BENCH_ENTRIES ledger entries (default 1,000,000) with their two postings each: a C per booking, an S for
//     half, a V and an R for a tenth each, and top-ups (T) for the rest, spread over the year.
// Then times every report for one month (March 2025) as f1admin (the whole tree) in every date mode, and as f2admin
// and the accountant by transaction date: median and max of 5 runs (after one warm-up), with a table of f1admin's
// medians (report × date mode); and streams 50,000 rows
// of the sale report (18 days of the whole tree) through a cursor in batches (what the xlsx export walks), sampling the heap as it goes,
// then writes the same rows as the xlsx export does (exceljs streaming writer) into a byte counter: time, size and
// peak heap. With BENCH_SCALE below 1 the range grows so that it still holds about 50,000 rows.
//
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/bench/reports.ts
//      (BENCH_SCALE=0.1 for a tenth of the rows; BENCH_KEEP=1 keeps the database; BENCH_REUSE=<its name> times the
//      reports again on a kept database, after migrating it, without seeding)
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { REPORTS, reportQueryOf, type ReportDateMode, type ReportName } from '../../contract/accounting';
import { forEachReportBatch, runReport } from '../../gateway/accounting/reports';
import { writeReportXlsx } from '../../gateway/accounting/xlsx';
import { openDatabase } from '../../gateway/platform/db/client';
import { loadUserByUsername } from '../../gateway/platform/tenancy/users';
import { seedDemo } from '../../gateway/seed/demo';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!ADMIN_URL) {
  console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to an admin connection of a PostgreSQL server');
  process.exit(1);
}
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const BOOKINGS = Math.round(Number(process.env.BENCH_BOOKINGS ?? 200_000) * SCALE);
const ENTRIES = Math.round(Number(process.env.BENCH_ENTRIES ?? 1_000_000) * SCALE);

// BENCH_REUSE=<database> times the reports again on a database a run kept (BENCH_KEEP=1), without seeding
const REUSE = process.env.BENCH_REUSE;
const name = REUSE ?? `bench_reports_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
if (!REUSE) await admin.query(`create database ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString() });
const db = database.db;

const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);
/**
 * One bulk statement in its own transaction with the ledger's row triggers off (session_replication_role =
 * replica: the bench owns this database); the balance of every entry is checked once at the end instead.
 */
const exec = (q: ReturnType<typeof sql>) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    return (await tx.execute(q)) as unknown as { rows: Record<string, unknown>[] };
  });

try {
  await database.migrate();
  if (!REUSE) await seed();
  else await db.execute(sql`analyze`);
  await timeReports();
} finally {
  await database.close();
  if (!process.env.BENCH_KEEP && !REUSE) await admin.query(`drop database if exists ${name} with (force)`);
  else console.log(`database kept: ${name}`);
  await admin.end();
}

async function seed() {
  await seedDemo(db);

  // ---- seed ----
  let t0 = performance.now();
  await exec(sql`insert into agencies (parent_id, code, name, level, account_type)
    select (select id from agencies where code = 'SAOVIET'), 'BENCH-F2-' || g, 'Bench F2 ' || g, 2, 'SUB' from generate_series(1, 20) g`);
  await exec(sql`insert into agencies (parent_id, code, name, level, account_type)
    select (select id from agencies where code = 'BENCH-F2-' || (1 + g % 20)), 'BENCH-F3-' || g, 'Bench F3 ' || g, 3, 'SUB' from generate_series(1, 180) g`);
  await exec(sql`create table bench_agencies as select row_number() over (order by id) - 1 as n, id from agencies where code like 'BENCH-%' or code like 'SAOVIET%'`);
  const agencyCount = Number((await exec(sql`select count(*)::int as n from bench_agencies`)).rows[0].n);
  console.log(`agencies in the bench tree: ${agencyCount}`);

  const CHUNK = 50_000;
  for (let from = 1; from <= BOOKINGS; from += CHUNK) {
    const to = Math.min(BOOKINGS, from + CHUNK - 1);
    await exec(sql`insert into bookings (id, agency_id, status, customer_name, customer_phone, customer_email, adt, chd, inf, passengers, booking_fees, total_fare, created_at, updated_at)
      overriding system value
      select 10000000 + g, (select id from bench_agencies where n = g % ${agencyCount}), 'EXPORT', 'KHACH ' || g, '0901234567', 'k@example.vn', 1 + g % 3, 0, 0, '[]', '[]', 1000000,
        timestamptz '2025-01-01 00:00+07' + ((g * 7919) % 365) * interval '1 day' + ((g * 31) % 1440) * interval '1 minute',
        timestamptz '2025-01-01 00:00+07'
      from generate_series(${from}::int, ${to}::int) g`);
    await exec(sql`insert into pnrs (booking_id, airline, source, pnr, record_status, total_price, route_infos, fare_data, pax_infos, seat_holds, created_at, updated_at)
      select b.id, (array['VN','VJ','QH','VU','SQ','VN','VJ','VN'])[1 + (b.id % 8)], 'VN',
        upper(lpad(to_hex(b.id::int), 6, '0')), 'BOOKED', 1000000,
        jsonb_build_array(jsonb_build_object('from', 'HAN', 'to', case when b.id % 5 = 0 then 'NRT' else 'SGN' end,
          'departDate', to_char((b.created_at at time zone 'UTC') + interval '7 hours' + (b.id % 30) * interval '1 day', 'YYYY-MM-DD"T"08:00'))),
        '[]', (select jsonb_agg(jsonb_build_object('paxId', k)) from generate_series(1, b.adt) k), '[]', b.created_at, b.created_at
      from bookings b where b.id between ${10_000_000 + from} and ${10_000_000 + to}`);
  }
  console.log(`bookings + PNRs: ${BOOKINGS} in ${seconds(t0)} s`);

  // entries: C for every booking, S for half, V and R for a tenth each, T for the rest
  t0 = performance.now();
  const entryChunks: { type: string; filter: string; count: number }[] = [
    { type: 'C', filter: 'true', count: BOOKINGS },
    { type: 'S', filter: 'b.id % 2 = 0', count: Math.floor(BOOKINGS / 2) },
    { type: 'V', filter: 'b.id % 10 = 3', count: Math.floor(BOOKINGS / 10) },
    { type: 'R', filter: 'b.id % 10 = 7', count: Math.floor(BOOKINGS / 10) },
  ];
  for (const c of entryChunks) {
    for (let from = 1; from <= BOOKINGS; from += CHUNK) {
      const to = Math.min(BOOKINGS, from + CHUNK - 1);
      await exec(sql`insert into journal_entries (type, agency_id, amount, reference, pnr, created_at)
          select ${c.type}, b.agency_id, case when ${c.type} in ('C', 'S') then 1000000 + (b.id % 97) * 10000 else 400000 + (b.id % 13) * 1000 end,
            'bench ' || ${c.type} || ' ' || p.pnr, p.pnr, b.created_at + interval '1 hour' + case when ${c.type} in ('V', 'R') then interval '2 days' else interval '0' end
          from bookings b join pnrs p on p.booking_id = b.id
          where b.id between ${10_000_000 + from} and ${10_000_000 + to} and ${sql.raw(c.filter)}`);
    }
  }
  const written = entryChunks.reduce((s, c) => s + c.count, 0);
  const topUps = Math.max(0, ENTRIES - written);
  for (let from = 1; from <= topUps; from += CHUNK * 2) {
    const to = Math.min(topUps, from + CHUNK * 2 - 1);
    await exec(sql`insert into journal_entries (type, agency_id, amount, reference, created_at)
      select 'T', (select id from bench_agencies where n = g % ${agencyCount}), 5000000 + (g % 50) * 100000, 'bench T ' || g,
        timestamptz '2025-01-01 00:00+07' + ((g::bigint * 104729) % 525600) * interval '1 minute'
      from generate_series(${from}::int, ${to}::int) g`);
  }
  console.log(`entries: ${written + topUps} in ${seconds(t0)} s`);

  t0 = performance.now();
  await exec(sql`insert into ledger_accounts (kind, agency_id, code) select 'deposit', id, 'DEPOSIT-' || id from agencies on conflict do nothing`);
  // postings of the bench entries (id above the demo's): the deposit side and the counter side
  await exec(sql`insert into postings (entry_id, account_id, amount)
    select je.id, la.id, case when je.type in ('T', 'V', 'R') then je.amount else -je.amount end
    from journal_entries je join ledger_accounts la on la.agency_id = je.agency_id where je.reference like 'bench %'`);
  await exec(sql`insert into postings (entry_id, account_id, amount)
    select je.id, (select id from ledger_accounts where code = case when je.type = 'T' then 'BANK' else 'CLEARING' end),
      case when je.type in ('T', 'V', 'R') then -je.amount else je.amount end
    from journal_entries je where je.reference like 'bench %'`);
  // the report lines the trigger writes with each entry (off during the bulk load), as the migration fills them
  await exec(sql`insert into report_lines (entry_id, agency_id, type, amount, signed, created_at, day, pnr_id, pnr, airline, market, product, flight_date, booking_date, pax)
    select je.id, je.agency_id, je.type, je.amount, case when je.type in ('T', 'V', 'R') then je.amount else -je.amount end,
      je.created_at, to_char((je.created_at at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD'),
      p.id, p.pnr, p.airline, report_market(p.route_infos), case when p.id is not null then 'flight' end,
      substr(p.route_infos->0->>'departDate', 1, 10), to_char((b.created_at at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD'),
      coalesce(jsonb_array_length(p.pax_infos), 0)
    from journal_entries je left join pnrs p on je.pnr is not null and p.pnr = je.pnr left join bookings b on b.id = p.booking_id
    where je.reference like 'bench %'`);
  const unbalanced = (await exec(sql`select count(*)::int as n from journal_entries je
    where (select coalesce(sum(amount), 1) from postings p where p.entry_id = je.id) <> 0
       or (select count(*) from postings p where p.entry_id = je.id) < 2`)).rows[0].n;
  if (Number(unbalanced) !== 0) throw new Error(`bench seed: ${unbalanced} unbalanced entries`);
  await db.execute(sql`vacuum analyze`);
  console.log(`postings and report lines in ${seconds(t0)} s`);
  console.log(`\nscale ${SCALE}: ${BOOKINGS} bookings, ${written + topUps} entries`);
}

async function timeReports() {

  // ---- reports ----
  const users = Object.fromEntries(
    await Promise.all(['f1admin', 'f2admin', 'accountant'].map(async (u) => [u, (await loadUserByUsername(db, u))!] as const)),
  );
  const results: string[] = [];
  const time = async (label: string, fn: () => Promise<unknown>) => {
    await fn();
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      await fn();
      runs.push(performance.now() - s);
    }
    runs.sort((a, b) => a - b);
    const line = `${label.padEnd(58)} median ${runs[2].toFixed(0).padStart(5)} ms   max ${runs[4].toFixed(0).padStart(5)} ms`;
    results.push(line);
    console.log(line);
    return runs[2];
  };
  // f1admin (the whole tree): every report in every date mode; the others (their own agencies) by transaction date
  const table: Record<string, Record<string, number>> = {};
  const modes: ReportDateMode[] = ['transaction', 'booking', 'flight', 'booking3', 'flight3'];
  for (const [user, ctx] of Object.entries(users)) {
    for (const report of REPORTS as readonly ReportName[]) {
      for (const dateMode of modes) {
        if (user !== 'f1admin' && dateMode !== 'transaction') continue;
        const q = reportQueryOf(report).parse({ from: '2025-03-01', to: '2025-03-31', dateMode });
        const median = await time(`${user} ${report} ${dateMode}`, () => runReport(db, ctx, report, q));
        if (user === 'f1admin') (table[report] ??= {})[dateMode] = median;
      }
    }
  }
  console.log(`\nf1admin, March 2025, median ms\n| report | ${modes.join(' | ')} |\n|---|${modes.map(() => '---:').join('|')}|`);
  for (const [report, byMode] of Object.entries(table)) console.log(`| ${report} | ${modes.map((m) => byMode[m].toFixed(0)).join(' | ')} |`);

  // ---- the export's walk: 50,000 rows in batches, heap sampled ----
  // 18 days of the whole tree: about 50,000 lines
  const exportTo = new Date(Date.UTC(2025, 2, Math.min(306, Math.ceil(18 / SCALE)))).toISOString().slice(0, 10);
  const q = reportQueryOf('sale-report').parse({ from: '2025-03-01', to: exportTo });
  global.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  let peak = heap0;
  let rows = 0;
  const s = performance.now();
  const totals = await forEachReportBatch(db, users.f1admin, 'sale-report', { ...q, sort: '-createdAt' }, (batch) => {
    rows += batch.length;
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5000);
  const line = `sale-report export walk of ${rows} rows (net ${totals.net}) through a cursor, batches of 5000: ${(performance.now() - s).toFixed(0)} ms, heap +${((peak - heap0) / 1048576).toFixed(1)} MiB at peak`;
  results.push(line);
  console.log(line);

  // ---- the xlsx export of the same rows: streamed into a byte counter, heap sampled every 10 ms ----
  global.gc?.();
  const xHeap0 = process.memoryUsage().heapUsed;
  let xPeak = xHeap0;
  const sampler = setInterval(() => (xPeak = Math.max(xPeak, process.memoryUsage().heapUsed)), 10);
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      xPeak = Math.max(xPeak, process.memoryUsage().heapUsed);
      done();
    },
  });
  const finished = new Promise((resolve) => sink.on('finish', resolve));
  const xs = performance.now();
  await writeReportXlsx(db, users.f1admin, 'sale-report', { ...q, sort: '-createdAt' }, 'vi', sink, 5000);
  await finished;
  clearInterval(sampler);
  const xLine = `sale-report xlsx export of ${rows} rows (${q.from}..${q.to}), ${(bytes / 1048576).toFixed(1)} MiB: ${(performance.now() - xs).toFixed(0)} ms, heap +${((xPeak - xHeap0) / 1048576).toFixed(1)} MiB at peak`;
  results.push(xLine);
  console.log(xLine);
}
