// Ticket issue throughput of the gateway on PostgreSQL, loopback, every source's latency 0.
//
// The gateway runs as its own process (tests/support/gateway-process.ts) on a fresh PostgreSQL database
// (created on the server of BENCH_DATABASE_URL, else TEST_DATABASE_URL, and dropped at the end), with the demo
// data. The bench holds one-adult bookings (searches and POST /api/bookings over the encrypted protocol), tops the
// deposits up so every issue is covered, then issues them with 20 concurrent clients:
//
//   A. one agency: 20 clients of f1admin (no PIN): POST /api/bookings/:id/issue, a sealed
//      { idempotencyKey, pnrs } body each; all charges go to SAOVIET's deposit;
//   B. the PIN path: 20 users of SAOVIET like f1agent (use_pin_code, the same PIN), one client each, the same
//      with the X-Pin header (the salt from a first 403/120), so each issue also verifies the PIN (argon2id);
//      one client per user, because a user's PIN checks are counted before they are verified (5 at once);
//   M. across agencies: BENCH_AGENCIES agencies (SAOVIET and copies of it made for the bench, each with an
//      administrator like f1admin), one client per agency, each issuing its own agency's holds;
//   C. the calls of A again with the same keys: replays (stored answers, nothing charged);
//   D. the baseline of this client on this machine: GET /api/bookings/:id of the same bookings.
//
// Before the first issuing phase, a warm-up (W, BENCH_WARMUP issues of f1admin's, as in A) runs unmeasured: a gateway
// at work has its code compiled by V8 and its pool's connections open with their statements planned; the first
// seconds of a fresh process are not its throughput. W's own line shows those cold seconds; its invariants are
// checked as the other phases'.
//
// After each issuing phase the invariants are checked in the database (violations must be 0): one C entry per
// issue and none for a failed call, C amounts = the amounts answered = the issued PNRs' prices, each deposit
// lowered by exactly its charges, every entry balanced, no deposit below −credit limit, the stored balance of each
// deposit = the sum of its postings (where the column exists), every issued PNR charged once and ticketed per
// passenger, and the seats taken on the bench's flights = the passengers of their live PNRs (+ allotments).
//
// Run: TEST_DATABASE_URL=postgres://… npm run bench:issue-throughput
//   BENCH_ISSUES       issues per phase (default 200; phase M spreads them over the agencies)
//   BENCH_CONNECTIONS  concurrent clients of phases A, B, C, D (default 20)
//   BENCH_AGENCIES     agencies (= clients) of phase M (default 20)
//   BENCH_PHASES       which phases, e.g. "A,M" (default A,B,M,C,D)
//   BENCH_WARMUP       issues of the warm-up before the first measured phase (default 200; 0: none, the cold figures)
//   BENCH_ROUNDS       phase M in that many rounds (default 1), each printed with its invariants, then their median
//   BENCH_GATEWAY_ROOT the checkout whose gateway is measured (default this one; e.g. a worktree of main, to
//                      compare before and after with the same bench)
//   BENCH_COUNT_QUERIES=1  statements sent per call (counted in the gateway process)
//   BENCH_CPU_PROF=dir     CPU profiles of the gateway during each measured phase only (support/cpu-profile.mjs;
//                          read one with `node tests/bench/support/profile-top.mjs <file>`)
//   BENCH_DB_STATS=1       rows written per call by table (and the HOT share of the updates), the sequential scans per
//                          call by table (with the rows they read), and the calls and self
//                          time per call of the database's functions and triggers (PostgreSQL's statistics)
//   BENCH_NODE_ARGS='--max-semi-space-size=16'  Node/V8 flags of the gateway process, after its own (the last wins)
//   BENCH_CLIENT       lean (default): the envelope through node:crypto and HTTP through node:http with keep-alive
//                      (support/lean-client.mjs, the same bytes on the wire); fetch: crypto-js and fetch, the client of
//                      the tenth pass and before, several times dearer in CPU on the gateway's own cores
// Each phase also prints the CPU time per call of the gateway process and its database's server processes: less
// sensitive to the machine's load than calls per second.
// Before the first phase and after the last, a machine reference that does not depend on the gateway's code: 20
// clients sending a prepared `select 1` to the bench's server for 2 s (statements per second, and the server's and
// this process's CPU per statement), and a fixed piece of JavaScript (SHA-256 of 64 KB, 3,000 times). The machine's
// speed swings by a sixth within an hour and more between days: figures of two runs compare only as far as their
// references agree.
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { adminQuery, dayAhead, pct, pollOffers } from './gateway-load.mjs';
import { leanCipher, leanFetcher } from './support/lean-client.mjs';

const ROOT = process.env.BENCH_GATEWAY_ROOT ? resolve(process.env.BENCH_GATEWAY_ROOT) : resolve(import.meta.dirname, '../..');
const { startGateway } = await import(pathToFileURL(`${ROOT}/tests/support/gateway-process.ts`).href);
// BENCH_CLIENT=fetch: the former client (crypto-js and fetch), to compare; the default is the lean one
const CLIENT = (process.env.BENCH_CLIENT ?? 'lean').trim().toLowerCase();
if (CLIENT !== 'lean' && CLIENT !== 'fetch') {
  console.error(`BENCH_CLIENT must be lean or fetch (got ${process.env.BENCH_CLIENT})`);
  process.exit(2);
}
const { encrypt, encryptWithSecret, seal } = CLIENT === 'lean' ? leanCipher() : await import('../../contract/crypto.ts');
const http = CLIENT === 'lean' ? leanFetcher(64) : { fetch: globalThis.fetch, close: () => {} };

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!ADMIN_URL) {
  console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to an admin connection of a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres');
  process.exit(1);
}
const ISSUES = Number(process.env.BENCH_ISSUES ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const AGENCIES = Math.max(1, Number(process.env.BENCH_AGENCIES ?? 20));
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
if (!Number.isSafeInteger(WARMUP) || WARMUP < 0) {
  console.error(`BENCH_WARMUP must be a whole number of issues, 0 or more (got ${process.env.BENCH_WARMUP})`);
  process.exit(2);
}
// BENCH_ROUNDS: phase M in that many rounds of its holds (each printed, then the median): the machine's speed swings
// by a tenth or more within minutes, and rounds a few seconds apart show it where one figure hides it
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
if (!Number.isSafeInteger(ROUNDS) || ROUNDS < 1) {
  console.error(`BENCH_ROUNDS must be a whole number of rounds, 1 or more (got ${process.env.BENCH_ROUNDS})`);
  process.exit(2);
}
const PHASES = new Set((process.env.BENCH_PHASES ?? 'A,B,M,C,D').split(',').map((x) => x.trim().toUpperCase()));
const PIN = '246810';
const { DEMO_SIGNINS } = await import(pathToFileURL(`${ROOT}/gateway/seed/demo.ts`).href);
const PASSWORD = 'Demo@2026';

const vnd = (n) => `${Number(n).toLocaleString('vi-VN')} ₫`;

/** Runs fn over the items with at most `n` at once. */
async function pool(items, n, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  }));
}

const dbName = `bench_issue_${process.pid}`;
// BENCH_COUNT_QUERIES=1: the gateway counts its statements (support/count-queries.mjs); printed per issue
const COUNT_FILE = process.env.BENCH_COUNT_QUERIES ? resolve(tmpdir(), `bench-issue-queries-${process.pid}`) : null;
const queriesNow = async () => {
  if (!COUNT_FILE) return 0;
  await new Promise((r) => setTimeout(r, 250));
  try {
    return Number(readFileSync(COUNT_FILE, 'utf8'));
  } catch {
    return 0;
  }
};
await adminQuery(ADMIN_URL, `create database ${dbName}`);
// BENCH_DB_STATS=1: rows written per call by table (with the share of HOT updates) and the time of the database's
// functions and triggers per call, from PostgreSQL's statistics (track_functions; read after the backends flush)
const DB_STATS = Boolean(process.env.BENCH_DB_STATS);
if (DB_STATS) await adminQuery(ADMIN_URL, `alter database ${dbName} set track_functions = 'all'`);
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${dbName}`;
let gateway;
const sqlc = new pg.Client({ connectionString: dbUrl.toString() });
try {
  gateway = await startGateway({
    DATABASE_URL: dbUrl.toString(),
    SUPPLIER_LATENCY_MS: '0-0',
    SEARCH_SESSIONS_PER_USER: '100',
    // the bench holds hundreds of bookings per user and agency before issuing them
    HOLDS_OPEN_PER_USER: '100000',
    HOLDS_OPEN_PER_AGENCY: '1000000',
    LOG_LEVEL: 'warn',
    ...(COUNT_FILE ? { COUNT_QUERIES_FILE: COUNT_FILE } : {}),
    // BENCH_CPU_PROF=dir: a CPU profile of the gateway (support/cpu-profile.mjs)
    ...(process.env.BENCH_CPU_PROF ? { CPU_PROFILE_DIR: resolve(process.env.BENCH_CPU_PROF), CPU_PROFILE_ON_SIGNAL: '1' } : {}),
    ...(COUNT_FILE || process.env.BENCH_CPU_PROF
      ? {
          NODE_OPTIONS: [
            process.env.NODE_OPTIONS ?? '',
            COUNT_FILE ? `--import ${resolve(import.meta.dirname, 'support/count-queries.mjs')}` : '',
            process.env.BENCH_CPU_PROF ? `--import ${resolve(import.meta.dirname, 'support/cpu-profile.mjs')}` : '',
          ].join(' ').trim(),
        }
      : {}),
  }, { readyTimeoutMs: 600_000, nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean) });
  await sqlc.connect();
  const q = async (text, params = []) => (await sqlc.query(text, params)).rows;
  const base = gateway.url;
  // a (user, tsp) pair is accepted once: strictly increasing values
  let lastTsp = 0;
  const nextTsp = () => (lastTsp = Math.max(Date.now(), lastTsp + 1));
  const headers = (token, extra = {}) => ({ tsp: encrypt(String(nextTsp())), 'content-type': 'application/json', ...(token ? { authorization: token } : {}), ...extra });
  const post = (path, token, body, extra) => http.fetch(`${base}${path}`, { method: 'POST', headers: headers(token, extra), body: JSON.stringify(seal(body)) });
  async function login(username) {
    const res = await post('/api/auth/login', null, { username, password: PASSWORD });
    if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
    return (await res.json()).accessToken;
  }

  /** N one-adult holds for the user, spread over the classes with seats of a few routes over several days. */
  async function holdMany(token, n, firstDay) {
    const held = [];
    for (let day = firstDay; held.length < n && day < firstDay + 60; day += 1) {
      for (const [from, to] of [['HAN', 'SGN'], ['SGN', 'HAN'], ['SGN', 'DAD']]) {
        const started = await post('/api/flights/search', token, { legs: [{ from, to, departDate: dayAhead(day) }] });
        const startedBody = await started.json();
        if (!started.ok && process.env.BENCH_DEBUG) console.error(`search: ${started.status} ${JSON.stringify(startedBody).slice(0, 300)}`);
        const { sessionId } = startedBody;
        const offers = [];
        for (let cursor = 0; ;) {
          const p = await (await http.fetch(`${base}/api/flights/search/${sessionId}?since=${cursor}&waitMs=10000`, { headers: headers(token) })).json();
          if (!p.offers) throw new Error(`search poll: ${JSON.stringify(p).slice(0, 300)}`);
          offers.push(...pollOffers(p));
          cursor = p.cursor;
          if (p.done) break;
        }
        if (process.env.BENCH_DEBUG) console.error(`search ${from}-${to} ${dayAhead(day)}: ${offers.length} offers`);
        const wanted = [];
        for (const offer of offers) {
          for (const price of offer.priceInfo) {
            for (let s = 0; s < Math.min(price.seatAvailable, 4); s += 1) wanted.push({ offerId: offer.id, class: price.class });
          }
        }
        await pool(wanted.slice(0, Math.max(0, (n - held.length) * 2)), 8, async (sel) => {
          if (held.length >= n) return;
          const res = await post('/api/bookings', token, {
            sessionId,
            selected: [sel],
            passengers: [{ paxId: 1, type: 'ADT', title: 'MR', firstName: 'Van An', lastName: 'Nguyen', birthday: '15/04/1985' }],
            contact: { name: 'Nguyen Van An', phone: '0912345678', email: 'an@example.vn' },
          });
          if (!res.ok) {
            const text = await res.text(); // a class sold out meanwhile
            if (process.env.BENCH_DEBUG) console.error(`hold: ${res.status} ${text.slice(0, 300)}`);
            return;
          }
          const { id } = await res.json();
          const b = await (await http.fetch(`${base}/api/bookings/${id}`, { headers: headers(token) })).json();
          const pnr = b.listPNR.find((x) => x.pnr && x.recordStatus === 'BOOKED')?.pnr ?? b.listPNR.find((x) => x.pnr)?.pnr;
          if (pnr && held.length < n) held.push({ id, pnr, key: randomUUID() });
        });
        if (held.length >= n) return held;
      }
    }
    if (held.length < n) throw new Error(`could hold only ${held.length} of ${n} bookings`);
    return held;
  }

  /** CPU seconds used so far by a process: [user + system, system] (zeros if it is gone). */
  const cpuOf = (pid) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      return [(Number(f[11]) + Number(f[12])) / 100, Number(f[12]) / 100];
    } catch {
      return [0, 0];
    }
  };
  /**
   * [gateway, database, gateway in the kernel, database in the kernel] CPU seconds so far; a backend that ends
   * meanwhile loses its share (the pool keeps them).
   */
  const cpuSeconds = async () => {
    if (!gateway.pid) return [NaN, NaN, NaN, NaN];
    const backends = (await q(`select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [dbName])).map((r) => cpuOf(r.pid));
    const [g, gs] = cpuOf(gateway.pid);
    return [g, backends.reduce((sum, b) => sum + b[0], 0), gs, backends.reduce((sum, b) => sum + b[1], 0)];
  };
  /** Runs a measured phase: the gateway's CPU profile (BENCH_CPU_PROF) covers it and nothing else. */
  const measured = async (fn) => {
    if (process.env.BENCH_CPU_PROF) process.kill(gateway.pid, 'SIGUSR2');
    const [g0, d0, gs0, ds0] = await cpuSeconds();
    const c0 = process.cpuUsage();
    try {
      const r = await fn();
      const [g1, d1, gs1, ds1] = await cpuSeconds();
      const c1 = process.cpuUsage(c0);
      const calls = Math.max(1, r.calls ?? r.count + r.failures);
      r.cpuMs = (1000 * (g1 - g0 + d1 - d0)) / calls;
      // the bench's own CPU (its clients' encryption, HTTP and JSON) shares the machine's cores: printed apart
      const clientMs = (c1.user + c1.system) / 1000 / calls;
      // and the share of it spent in the kernel (system calls: the sockets, the WAL's writes and flushes)
      const share = (part, whole) => `${whole > 0 ? Math.round((100 * part) / whole) : 0}%`;
      r.cpuText = Number.isFinite(r.cpuMs)
        ? `, CPU ${r.cpuMs.toFixed(1)} ms per call (gateway ${((1000 * (g1 - g0)) / calls).toFixed(1)}, database ${((1000 * (d1 - d0)) / calls).toFixed(1)}; the bench's client ${clientMs.toFixed(1)}; in the kernel: gateway ${share(gs1 - gs0, g1 - g0)}, database ${share(ds1 - ds0, d1 - d0)}, client ${share(c1.system, c1.user + c1.system)})`
        : '';
      return r;
    } finally {
      if (process.env.BENCH_CPU_PROF) process.kill(gateway.pid, 'SIGUSR2');
    }
  };

  /** The database's counters (BENCH_DB_STATS): rows written by table, calls and self time of its functions. */
  const dbStats = async () => {
    // a backend flushes its statistics at most once a second, and 10 s after it last went idle
    await new Promise((r) => setTimeout(r, 11_000));
    await q('select pg_stat_clear_snapshot()');
    const tables = await q(`select relname, n_tup_ins::bigint as ins, n_tup_upd::bigint as upd, n_tup_hot_upd::bigint as hot, n_tup_del::bigint as del,
      seq_scan::bigint as seq, seq_tup_read::bigint as seqrows from pg_stat_user_tables`);
    const fns = await q(`select funcname, calls::bigint as calls, self_time as self from pg_stat_user_functions`);
    return { tables: new Map(tables.map((t) => [t.relname, t])), fns: new Map(fns.map((f) => [f.funcname, f])) };
  };
  const dbStatsText = (s0, s1, calls) => {
    const rows = [];
    const scans = [];
    for (const [name, t] of s1.tables) {
      const b = s0.tables.get(name) ?? { ins: 0, upd: 0, hot: 0, del: 0, seq: 0, seqrows: 0 };
      const ins = (t.ins - b.ins) / calls;
      const upd = (t.upd - b.upd) / calls;
      const del = (t.del - b.del) / calls;
      const seq = (t.seq - b.seq) / calls;
      if (seq >= 0.01) scans.push(`${name} ${seq.toFixed(2)}× (${((t.seqrows - b.seqrows) / calls).toFixed(0)} rows)`);
      if (ins + upd + del >= 0.01) rows.push(`${name} +${ins.toFixed(2)} ~${upd.toFixed(2)}${upd ? ` (HOT ${(((t.hot - b.hot) / calls / upd) * 100).toFixed(0)}%)` : ''}${del ? ` -${del.toFixed(2)}` : ''}`);
    }
    const fns = [];
    for (const [name, f] of s1.fns) {
      const b = s0.fns.get(name) ?? { calls: 0, self: 0 };
      if (f.calls - b.calls > 0) fns.push(`${name} ${((f.calls - b.calls) / calls).toFixed(1)}× ${((f.self - b.self) / calls).toFixed(3)} ms`);
    }
    return `\n     rows per call (+inserted ~updated -deleted): ${rows.join(', ')}\n     sequential scans per call (rows read): ${scans.join(', ') || 'none'}\n     functions per call (calls, self time): ${fns.join(', ') || 'none'}`;
  };

  /** The clients over their lists (client i takes work from lists[i % lists.length]), each call timed. */
  async function issueAll(jobs, clients) {
    const q0 = await queriesNow();
    const s0 = DB_STATS ? await dbStats() : null;
    const r = await measured(() => issueAllTimed(jobs, clients));
    if (COUNT_FILE) r.queries = ((await queriesNow()) - q0) / Math.max(1, r.count + r.failures);
    if (s0) r.cpuText += dbStatsText(s0, await dbStats(), Math.max(1, r.count + r.failures));
    return r;
  }

  async function issueAllTimed(jobs, clients) {
    const times = [];
    const answers = [];
    let failures = 0;
    const queues = jobs.map((j) => ({ ...j, next: 0 }));
    const t0 = performance.now();
    await Promise.all(Array.from({ length: clients }, async (_, c) => {
      const qu = queues[c % queues.length];
      while (qu.next < qu.held.length) {
        const h = qu.held[qu.next++];
        const s = performance.now();
        const res = await post(`/api/bookings/${h.id}/issue`, qu.token, { idempotencyKey: h.key, pnrs: [h.pnr] }, qu.pin ? { 'x-pin': qu.pin() } : {});
        const body = await res.json();
        times.push(performance.now() - s);
        if (res.ok) answers.push({ ...body, heldId: h.id });
        else if (failures++ === 0) console.error(`issue failed: ${res.status} ${JSON.stringify(body)}`);
      }
    }));
    const seconds = (performance.now() - t0) / 1000;
    return { count: answers.length, perSecond: answers.length / seconds, p50: pct(times, 50), p99: pct(times, 99), failures, answers };
  }

  const hasStoredBalance = (await q(`select 1 from information_schema.columns where table_name = 'ledger_accounts' and column_name = 'balance'`)).length > 0;
  const balances = async () =>
    new Map((await q(`select a.agency_id, coalesce(sum(p.amount), 0)::bigint as b from ledger_accounts a left join postings p on p.account_id = a.id where a.kind = 'deposit' group by a.agency_id`)).map((r) => [r.agency_id, Number(r.b)]));

  /**
   * The invariants after a phase, for its bookings: answers the list of violations (empty when all hold).
   * `agencyOf` maps booking id → agency id; `before` the deposit balances before the phase.
   */
  async function invariants(held, r, agencyOf, before) {
    const v = [];
    const ids = held.map((h) => String(h.id));
    const okIds = new Set(r.answers.map((a) => String(a.heldId)));
    const charges = await q(`select id, booking_ref, pnr, agency_id, amount::bigint as amount from journal_entries where type = 'C' and booking_ref = any($1)`, [ids]);
    const byBooking = new Map();
    for (const c of charges) byBooking.set(c.booking_ref, [...(byBooking.get(c.booking_ref) ?? []), c]);
    for (const id of ids) {
      const n = byBooking.get(id)?.length ?? 0;
      if (okIds.has(id) && n !== 1) v.push(`booking ${id}: ${n} C entries for one issue`);
      if (!okIds.has(id) && n !== 0) {
        const reversed = await q(`select count(*)::int as n from journal_entries where type = 'V' and booking_ref = $1`, [id]);
        if (reversed[0].n !== n) v.push(`booking ${id}: failed issue left ${n} C entries and ${reversed[0].n} reversals`);
      }
    }
    for (const a of r.answers) {
      const c = byBooking.get(String(a.heldId)) ?? [];
      const charged = c.reduce((s, e) => s + Number(e.amount), 0);
      if (charged !== a.amount) v.push(`booking ${a.heldId}: charged ${charged}, answered ${a.amount}`);
    }
    // issued PNRs: charged once (charge_entry_id = the C entry of that PNR), a ticket per passenger, price = charge
    const pnrRows = await q(
      `select p.booking_id::text as booking_id, p.pnr, p.record_status, p.charge_entry_id::bigint as charge, p.total_price::bigint as price,
              jsonb_array_length(coalesce(p.tickets, '[]'::jsonb)) as tickets, jsonb_array_length(p.pax_infos) as pax
       from pnrs p where p.booking_id::text = any($1) and p.pnr is not null`,
      [ids],
    );
    for (const p of pnrRows) {
      const c = (byBooking.get(p.booking_id) ?? []).filter((e) => e.pnr === p.pnr);
      if (p.record_status === 'ISSUE TICKET') {
        if (c.length !== 1 || Number(c[0].id) !== Number(p.charge)) v.push(`PNR ${p.pnr}: issued with ${c.length} charges (mark ${p.charge})`);
        else if (Number(c[0].amount) !== Number(p.price)) v.push(`PNR ${p.pnr}: price ${p.price} ≠ charge ${c[0].amount}`);
        if (p.tickets !== p.pax) v.push(`PNR ${p.pnr}: ${p.tickets} tickets for ${p.pax} passengers`);
        if (!okIds.has(p.booking_id)) v.push(`PNR ${p.pnr}: issued but its call failed`);
      } else if (okIds.has(p.booking_id)) v.push(`PNR ${p.pnr}: answered issued but ${p.record_status}`);
    }
    // each deposit lowered by exactly its charges
    const after = await balances();
    const chargedBy = new Map();
    for (const a of r.answers) chargedBy.set(agencyOf.get(a.heldId), (chargedBy.get(agencyOf.get(a.heldId)) ?? 0) + a.amount);
    for (const [agency, amount] of chargedBy) {
      const change = (before.get(agency) ?? 0) - (after.get(agency) ?? 0);
      if (change !== amount) v.push(`agency ${agency}: deposit lowered by ${change}, charges ${amount}`);
    }
    // the ledger as a whole
    const unbalanced = await q(`select entry_id from postings group by entry_id having sum(amount) <> 0`);
    if (unbalanced.length) v.push(`${unbalanced.length} unbalanced entries`);
    const overdrawn = await q(
      `select g.id, coalesce(sum(p.amount), 0) as b, g.credit_limit from agencies g join ledger_accounts a on a.agency_id = g.id left join postings p on p.account_id = a.id
       group by g.id having coalesce(sum(p.amount), 0) < -g.credit_limit`,
    );
    for (const o of overdrawn) v.push(`agency ${o.id}: balance ${o.b} below −credit ${o.credit_limit}`);
    if (hasStoredBalance) {
      const drift = await q(`select a.id, a.balance, coalesce((select sum(amount) from postings where account_id = a.id), 0) as total from ledger_accounts a where a.kind = 'deposit' and a.balance <> coalesce((select sum(amount) from postings where account_id = a.id), 0)`);
      for (const d of drift) v.push(`deposit account ${d.id}: stored balance ${d.balance} ≠ postings ${d.total}`);
    }
    // seats: taken on the bench's flights = passengers of the live PNRs holding them (+ allotments taken there)
    const seats = await q(`
      with holds as (
        select h->>'key' as seat_key, h->>'class' as class, sum((h->>'n')::int) as n
        from pnrs p, jsonb_array_elements(p.seat_holds) h
        where p.record_status in ('BOOKED', 'ISSUE TICKET') and h->>'pool' is null group by 1, 2
      ), touched as (
        select distinct h->>'key' as seat_key, h->>'class' as class from pnrs p, jsonb_array_elements(p.seat_holds) h where p.booking_id::text = any($1)
      )
      select t.seat_key, t.class, coalesce(i.taken, 0) as taken, coalesce(h.n, 0) as held
      from touched t left join seat_inventory i on i.seat_key = t.seat_key and i.class = t.class
      left join holds h on h.seat_key = t.seat_key and h.class = t.class`, [ids]);
    let reserves = [];
    try {
      reserves = await q(`select seat_key, class, sum(quantity - released)::int as n from shop_reserves group by 1, 2`);
    } catch {
      /* no allotments in this build */
    }
    for (const s of seats) {
      const reserved = reserves.find((x) => x.seat_key === s.seat_key && x.class.trim() === s.class.trim())?.n ?? 0;
      if (Number(s.taken) !== Number(s.held) + reserved) v.push(`seats ${s.seat_key}/${s.class}: taken ${s.taken}, live passengers ${s.held} + allotments ${reserved}`);
    }
    return { violations: v, charges: charges.length, charged: charges.reduce((s, e) => s + Number(e.amount), 0) };
  }

  const line = (name, r) => `  ${name.padEnd(40)} ${r.perSecond.toFixed(1).padStart(6)} issues/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   (${r.count} done, ${r.failures} failed)${r.queries ? `, ${r.queries.toFixed(1)} statements per call` : ''}${r.cpuText}`;
  const report = (inv) =>
    console.log(`     invariants: ${inv.charges} C entries, ${vnd(inv.charged)} charged; violations ${inv.violations.length}${inv.violations.length ? `\n       ${inv.violations.slice(0, 20).join('\n       ')}` : ''}`);
  const topUp = async (agencyId, amount) => {
    const [bank] = await q(`select id from ledger_accounts where code = 'BANK'`);
    // as the ledger would: the deposit account on first use, an entry, its two postings, the stored balance
    await sqlc.query('begin');
    try {
      let [acc] = await q(`select id from ledger_accounts where agency_id = $1`, [agencyId]);
      if (!acc) [acc] = await q(`insert into ledger_accounts (kind, agency_id, code) values ('deposit', $1::integer, 'DEPOSIT-' || $1::integer) returning id`, [agencyId]);
      const [e] = await q(`insert into journal_entries (type, agency_id, amount, reference) values ('T', $1, $2, 'bench top-up') returning id`, [agencyId, amount]);
      await q(`insert into postings (entry_id, account_id, amount) values ($1, $2, $3), ($1, $4, -$3::bigint)`, [e.id, acc.id, amount, bank.id]);
      if (hasStoredBalance) await q(`update ledger_accounts set balance = balance + $2 where id = $1`, [acc.id, amount]);
      await sqlc.query('commit');
    } catch (err) {
      await sqlc.query('rollback');
      throw err;
    }
  };

  /** An issuing phase: the jobs' holds issued by `clients` clients, its line printed and its invariants checked. */
  const issuePhase = async (name, jobs, clients, agencyOfJob) => {
    const held = jobs.flatMap((j) => j.held);
    const before = await balances();
    const r = await issueAll(jobs, clients);
    console.log(line(name, r));
    report(await invariants(held, r, new Map(jobs.flatMap((j) => j.held.map((h) => [h.id, agencyOfJob(j)]))), before));
    return r;
  };

  /** The machine reference (see the top): the gateway's code plays no part in it. */
  const machineReference = async (when) => {
    const buf = Buffer.alloc(64 * 1024, 7);
    const j0 = performance.now();
    for (let i = 0; i < 3000; i += 1) createHash('sha256').update(buf).digest();
    const jsMs = performance.now() - j0;
    const refPool = new pg.Pool({ connectionString: dbUrl.toString(), max: 10 });
    const statement = { name: 'machine_reference', text: 'select 1' };
    const ask = () => refPool.query(statement);
    // the pool's 10 connections, each with the statement prepared, and their server processes
    const conns = await Promise.all(Array.from({ length: 10 }, () => refPool.connect()));
    await Promise.all(conns.map((c) => c.query(statement)));
    const pids = conns.map((c) => c.processID);
    for (const c of conns) c.release();
    const serverCpu = () => pids.reduce((sum, pid) => sum + cpuOf(pid)[0], 0);
    let n = 0;
    const s0 = serverCpu();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const until = t0 + 2000;
    await Promise.all(Array.from({ length: 20 }, async () => {
      while (performance.now() < until) {
        await ask();
        n += 1;
      }
    }));
    const seconds = (performance.now() - t0) / 1000;
    const c1 = process.cpuUsage(c0);
    const serverUs = ((serverCpu() - s0) * 1e6) / n;
    await refPool.end();
    console.log(`  machine reference, ${when}: ${Math.round(n / seconds)} prepared select 1/s at 20 clients (server ${serverUs.toFixed(0)} µs, client ${((c1.user + c1.system) / n).toFixed(0)} µs of CPU each); SHA-256 of 64 KB ×3000 in ${jsMs.toFixed(0)} ms; load average ${loadavg()[0].toFixed(2)}`);
  };

  const [saoviet] = await q(`select id from agencies where code = 'SAOVIET'`);
  const admin = await login('f1admin');
  console.log(`ticket issue throughput: PostgreSQL, supplier latency 0, loopback, node ${process.version}, gateway of ${ROOT}, client ${CLIENT}`);
  await machineReference('before');
  await topUp(saoviet.id, 50_000_000_000);

  // W. the warm-up: issues of f1admin's like phase A's, before any measured phase, so that the figures are those of
  // a gateway at work (its code compiled by V8, its pool's connections open with their statements prepared and
  // planned) rather than of its first seconds; printed and checked as the other phases, not counted in them
  if (WARMUP > 0 && (PHASES.has('A') || PHASES.has('B') || PHASES.has('M'))) {
    const heldW = await holdMany(admin, WARMUP, 70);
    await issuePhase(`W. warm-up (not measured), ${CONNECTIONS} clients`, [{ held: heldW, token: admin }], CONNECTIONS, () => saoviet.id);
  }

  let a;
  let heldA = [];
  if (PHASES.has('A') || PHASES.has('C') || PHASES.has('D')) {
    const t = performance.now();
    heldA = await holdMany(admin, ISSUES, 3);
    console.log(`  (held ${heldA.length} for phase A in ${((performance.now() - t) / 1000).toFixed(1)} s)`);
  }
  if (PHASES.has('A')) {
    a = await issuePhase(`A. one agency, ${CONNECTIONS} clients`, [{ held: heldA, token: admin }], CONNECTIONS, () => saoviet.id);
  }

  if (PHASES.has('B')) {
    // PIN checks are counted before they are verified (5 per user at once, docs/security.md), so the PIN path is
    // measured with one user per client: copies of f1agent in SAOVIET (its group, use_pin_code and PIN)
    const userCols = (await q(`select column_name from information_schema.columns where table_name = 'users' and column_name not in ('id', 'username', 'created_at', 'updated_at', 'email') and is_generated = 'NEVER'`)).map((r) => `"${r.column_name}"`);
    const agents = [];
    for (let i = 0; i < CONNECTIONS; i += 1) {
      const username = i === 0 ? 'f1agent' : `benchagent${i}`;
      if (i > 0) await q(`insert into users (username, email, ${userCols.join(', ')}) select $1, $2, ${userCols.join(', ')} from users where lower(username) = 'f1agent'`, [username, `${username}@example.vn`]);
      agents.push(await login(username));
    }
    const t = performance.now();
    const per = Math.ceil(ISSUES / agents.length);
    const jobs = [];
    await pool(agents, 4, async (token, i) => {
      const held = await holdMany(token, per, 22 + (i % 10) * 2);
      // the PIN salt of each user: a first call without X-Pin answers 403/120 with it
      const first = await post(`/api/bookings/${held[0].id}/issue`, token, { idempotencyKey: held[0].key, pnrs: [held[0].pnr] });
      const salt = (await first.json()).data?.salt;
      if (first.status !== 403 || !salt) throw new Error(`expected 403/120 with a salt, got ${first.status}`);
      jobs[i] = { held, token, pin: () => encryptWithSecret(PIN, salt) };
    });
    const heldB = jobs.flatMap((j) => j.held);
    console.log(`  (held ${heldB.length} for phase B in ${((performance.now() - t) / 1000).toFixed(1)} s)`);
    await issuePhase(`B. one agency with the PIN, ${jobs.length} users`, jobs, jobs.length, () => saoviet.id);
  }

  if (PHASES.has('M')) {
    // AGENCIES − 1 copies of SAOVIET (same parent, level and settings), each with an administrator like f1admin
    const agencyCols = (await q(`select column_name from information_schema.columns where table_name = 'agencies' and column_name not in ('id', 'code', 'name', 'created_at', 'updated_at') and is_generated = 'NEVER'`)).map((r) => `"${r.column_name}"`);
    const userCols = (await q(`select column_name from information_schema.columns where table_name = 'users' and column_name not in ('id', 'username', 'agency_id', 'created_at', 'updated_at', 'email') and is_generated = 'NEVER'`)).map((r) => `"${r.column_name}"`);
    const clients = [{ agencyId: saoviet.id, token: admin, username: 'f1admin' }];
    for (let i = 1; i < AGENCIES; i += 1) {
      const code = `BENCH${String(i).padStart(2, '0')}`;
      const [ag] = await q(`insert into agencies (code, name, ${agencyCols.join(', ')}) select $1, $2, ${agencyCols.join(', ')} from agencies where id = $3 returning id`, [code, `Bench agency ${i}`, saoviet.id]);
      const username = `bench${i}admin`;
      await q(`insert into users (username, agency_id, email, ${userCols.join(', ')}) select $1, $2, $3, ${userCols.join(', ')} from users where lower(username) = 'f1admin'`, [username, ag.id, `${username}@example.vn`]);
      await topUp(ag.id, 50_000_000_000);
      const token = await login(username);
      // the agency's supplier sign-ins (a search fans out to them), made by its administrator as the demo's
      for (const si of DEMO_SIGNINS) {
        const res = await post('/api/system/signin-config', token, { ...si, officeCode: `${si.officeCode}${i}` });
        if (!res.ok) throw new Error(`sign-in of ${code}: ${res.status} ${await res.text()}`);
      }
      clients.push({ agencyId: ag.id, token, username });
    }
    const per = Math.max(1, Math.ceil(ISSUES / AGENCIES));
    const t = performance.now();
    const jobs = [];
    await pool(clients, 4, async (c, i) => {
      jobs[i] = { held: await holdMany(c.token, per, 44 + (i % 10) * 2), token: c.token, agencyId: c.agencyId };
    });
    const all = jobs.flatMap((j) => j.held);
    console.log(`  (held ${all.length} for phase M in ${((performance.now() - t) / 1000).toFixed(1)} s)`);
    if (ROUNDS === 1) await issuePhase(`M. ${jobs.length} agencies, one client each`, jobs, jobs.length, (job) => job.agencyId);
    else {
      // BENCH_ROUNDS: the holds issued in that many rounds one after the other, each printed, then their median
      const size = Math.ceil(per / ROUNDS);
      const rates = [];
      for (let r = 0; r < ROUNDS; r += 1) {
        const round = jobs.map((j) => ({ ...j, held: j.held.slice(r * size, (r + 1) * size) })).filter((j) => j.held.length > 0);
        if (round.length === 0) break;
        rates.push((await issuePhase(`M${r + 1}. ${round.length} agencies, round ${r + 1} of ${ROUNDS}`, round, round.length, (job) => job.agencyId)).perSecond);
      }
      console.log(`  M. ${jobs.length} agencies over ${rates.length} rounds: median ${pct(rates, 50).toFixed(1)} issues/s (${Math.min(...rates).toFixed(1)}–${Math.max(...rates).toFixed(1)})`);
    }
  }

  if (PHASES.has('C') && heldA.length) {
    if (!a) a = await issueAll([{ held: heldA, token: admin }], CONNECTIONS);
    const before = await balances();
    const c = await issueAll([{ held: heldA, token: admin }], CONNECTIONS);
    const replayed = c.answers.filter((x) => x.replayed).length;
    const after = await balances();
    console.log(line('C. replays of A (same keys)', c));
    console.log(`     replayed ${replayed} of ${c.count}; deposit change ${vnd((before.get(saoviet.id) ?? 0) - (after.get(saoviet.id) ?? 0))}`);
  }

  if (PHASES.has('D') && heldA.length) {
    // the baseline of this client and machine: an authenticated read of each booking (GET /api/bookings/:id)
    const reads = [];
    const q0 = await queriesNow();
    const r0 = performance.now();
    const d = await measured(async () => {
      await pool(heldA, CONNECTIONS, async (h) => {
        const s = performance.now();
        const res = await http.fetch(`${base}/api/bookings/${h.id}`, { headers: headers(admin) });
        await res.text();
        if (res.ok) reads.push(performance.now() - s);
      });
      return { calls: heldA.length };
    });
    const readSeconds = (performance.now() - r0) / 1000;
    const dq = COUNT_FILE ? `, ${(((await queriesNow()) - q0) / heldA.length).toFixed(1)} statements per call` : '';
    console.log(`  ${'D. baseline: GET /api/bookings/:id'.padEnd(40)} ${(reads.length / readSeconds).toFixed(1).padStart(6)} reads/s    p50 ${pct(reads, 50).toFixed(1).padStart(6)} ms   p99 ${pct(reads, 99).toFixed(1).padStart(6)} ms   (${reads.length} done)${dq}${d.cpuText}`);
  }
  await machineReference('after');
  console.log(`  load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
} finally {
  http.close();
  await sqlc.end().catch(() => undefined);
  await gateway?.stop();
  await adminQuery(ADMIN_URL, `drop database if exists ${dbName} with (force)`);
}
