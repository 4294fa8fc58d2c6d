// Resident memory of the gateway under a mixed load of searches and issues, on embedded PGlite and on
// PostgreSQL.
//
// The gateway runs as its own process (tests/support/gateway-process.ts: demo data, supplier latency 0,
// MEMORY_DIAGNOSTICS=on). Its RSS is read from /proc/<pid>/status; when the gateway has the diagnostic route
// (GET /debugz/memory) the bench also samples process.memoryUsage() (heapUsed, external, arrayBuffers) and
// PGlite's WASM memory. After start, BENCH_CONNECTIONS client loops (default 8) run for BENCH_MINUTES (default
// 10): each unit is a flight search polled until done (HAN–SGN, SGN–DAD, SGN–HAN, one-way and round trips,
// over 60 days, so the caches fill as in a day of use), and every BENCH_ISSUE_EVERY-th unit (default 4) also
// holds one adult on an offer of that search, issues it (f1admin, no PIN) and voids it (the deposit gets the
// money back, so the run can last). Samples every BENCH_SAMPLE_SECONDS (default 10); printed: the curve, then
// start, peak and end.
//
// Modes (BENCH_MODES, default "pglite,pg"): pglite, the default data directory; pg, a fresh database on the
// server of BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin connection), created and dropped by the bench
// (skipped when neither is set). On PostgreSQL the figure is the gateway process alone, not the server.
//
// Other checkouts: BENCH_GATEWAY_ROOT=<dir> runs that checkout's gateway (e.g. main, for before and after).
// BENCH_HEAPSNAPSHOT_DIR=<dir>: the gateway writes a V8 heap snapshot there at the end of each mode (SIGUSR2).
// BENCH_HEAPSNAPSHOT_AT='60,300': also snapshots at these seconds of the run (two moments, to compare what grows).
// BENCH_GATEWAY_ENV='K=V K2=V2': more settings for the gateway (e.g. PGLITE_SHARED_BUFFERS=128MB).
// BENCH_NODE_ARGS='--max-old-space-size=384': Node/V8 flags of the gateway process, after its own (the last wins);
// with --expose-gc the bench also prints the live heap after a full collection at the end.
//
// Run: npm run bench:memory   (BENCH_MINUTES=2 for a trial)
import { readFileSync, readdirSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const { apiClient, dayAhead, freshDatabase } = await import('./gateway-load.mjs');

const MINUTES = Number(process.env.BENCH_MINUTES ?? 10);
const SAMPLE_SECONDS = Number(process.env.BENCH_SAMPLE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const ISSUE_EVERY = Number(process.env.BENCH_ISSUE_EVERY ?? 4);
const ADMIN_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const MODES = (process.env.BENCH_MODES ?? 'pglite,pg').split(',').map((m) => m.trim()).filter(Boolean);
const ROOT = resolve(process.env.BENCH_GATEWAY_ROOT || resolve(import.meta.dirname, '../..'));
const SNAPSHOTS = process.env.BENCH_HEAPSNAPSHOT_DIR ? resolve(process.env.BENCH_HEAPSNAPSHOT_DIR) : '';
const SNAPSHOT_AT = (process.env.BENCH_HEAPSNAPSHOT_AT ?? '').split(',').map(Number).filter((x) => x > 0);
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const EXTRA_ENV = Object.fromEntries((process.env.BENCH_GATEWAY_ENV ?? '').split(/\s+/).filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));

const MB = (bytes) => (bytes === undefined ? '     -' : (bytes / 1048576).toFixed(0).padStart(6));
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

/** The gateway's pid: given by gateway-process.ts, else found by its data directory in /proc (older checkouts). */
function pidOf(gateway) {
  if (gateway.pid) return gateway.pid;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const env = readFileSync(`/proc/${entry}/environ`, 'utf8');
      if (env.includes(`DATA_DIR=${gateway.dataDir}\0`) && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('gateway/main.ts')) return Number(entry);
    } catch {
      /* gone, or not ours */
    }
  }
  throw new Error('gateway process not found');
}

function procStatus(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

async function sample(gateway, pid, t, counts) {
  const { rss, hwm } = procStatus(pid);
  let diag = null;
  try {
    const res = await fetch(`${gateway.url}/debugz/memory`);
    if (res.ok) diag = await res.json();
  } catch {
    /* no diagnostics in this checkout */
  }
  return { t, rss, hwm, ...(diag ? { heapTotal: diag.heapTotal, heapUsed: diag.heapUsed, external: diag.external, arrayBuffers: diag.arrayBuffers, wasm: diag.pgliteWasm, drafts: diag.offerDrafts?.entries } : {}), ...counts };
}

const ROUTES = [['HAN', 'SGN'], ['SGN', 'DAD'], ['SGN', 'HAN']];

/** A heap snapshot of the gateway (SIGUSR2): it is written on the gateway's main thread once its file appears. */
async function snapshot(gateway, pid, mode) {
  const before = readdirSync(`${SNAPSHOTS}/${mode}`).length;
  process.kill(pid, 'SIGUSR2');
  while (readdirSync(`${SNAPSHOTS}/${mode}`).length === before) await new Promise((r) => setTimeout(r, 100));
  // the next answer comes after the file is complete
  await fetch(`${gateway.url}/healthz`).then((r) => r.text());
}

async function runMode(mode) {
  const { startGateway } = await import(pathToFileURL(resolve(ROOT, 'tests/support/gateway-process.ts')).href);
  let database = null;
  const env = {
    SUPPLIER_LATENCY_MS: '0-0', LOG_LEVEL: 'warn', MEMORY_DIAGNOSTICS: 'on',
    // the bench voids what it issues: the void window of every source stays open until midnight
    SUPPLIER_VOID_CUTOFF: '23:59',
    ...EXTRA_ENV,
  };
  if (mode === 'pg') {
    database = await freshDatabase(ADMIN_URL, `bench_memory_${process.pid}`);
    env.DATABASE_URL = database.url;
  }
  if (SNAPSHOTS) {
    mkdirSync(`${SNAPSHOTS}/${mode}`, { recursive: true });
    env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${SNAPSHOTS}/${mode}`.trim();
  }
  const gateway = await startGateway(env, { nodeArgs: NODE_ARGS, readyTimeoutMs: 600_000 });
  const pid = pidOf(gateway);
  const samples = [];
  const counts = { searches: 0, issues: 0, failures: 0 };
  try {
    const client = apiClient(gateway.url);
    // the searching loops are spread over three agents of SAOVIET: a user keeps at most SEARCH_SESSIONS_PER_USER (5)
    // live searches and a sixth drops the oldest, so eight loops of one user would lose searches before their poll
    const agents = [await client.login('f1agent'), await client.login('f2agent'), await client.login('member')];
    const admin = await client.login('f1admin');
    samples.push(await sample(gateway, pid, 0, { ...counts }));
    console.log(`\n${mode === 'pg' ? 'PostgreSQL' : 'PGlite'}: ${CONNECTIONS} clients, ${MINUTES} min, a hold + issue + void every ${ISSUE_EVERY} searches, gateway of ${ROOT}`);
    console.log('     t   RSS MB  heapTotal  heapUsed  external  arrayBuf  pglite wasm  drafts  searches  issues  failed   load');
    const line = (s) => console.log(`${String(s.t).padStart(5)}s ${MB(s.rss)}    ${MB(s.heapTotal)}   ${MB(s.heapUsed)}    ${MB(s.external)}    ${MB(s.arrayBuffers)}       ${MB(s.wasm)}  ${String(s.drafts ?? '-').padStart(6)}  ${String(s.searches).padStart(8)}  ${String(s.issues).padStart(6)}  ${String(s.failures).padStart(6)}   ${load()}`);
    line(samples[0]);

    const t0 = performance.now();
    const deadline = t0 + MINUTES * 60_000;
    let unit = 0;
    let stopSampling = false;
    const sampler = (async () => {
      for (let k = 1; !stopSampling; k += 1) {
        const next = t0 + k * SAMPLE_SECONDS * 1000;
        while (!stopSampling && performance.now() < next) await new Promise((r) => setTimeout(r, Math.min(500, next - performance.now())));
        if (stopSampling) break;
        const s = await sample(gateway, pid, Math.round((performance.now() - t0) / 1000), { ...counts });
        samples.push(s);
        line(s);
        if (SNAPSHOTS && SNAPSHOT_AT.some((at) => at > s.t - SAMPLE_SECONDS && at <= s.t)) {
          await snapshot(gateway, pid, mode);
          console.log(`  heap snapshot written to ${SNAPSHOTS}/${mode} at ${s.t} s`);
        }
      }
    })();
    await Promise.all(Array.from({ length: CONNECTIONS }, async (_, loop) => {
      const agent = agents[loop % agents.length];
      while (performance.now() < deadline) {
        const i = unit++;
        const [from, to] = ROUTES[i % ROUTES.length];
        const day = 2 + (Math.floor(i / ROUTES.length) % 60);
        const legs = [{ from, to, departDate: dayAhead(day) }];
        const request = i % 5 === 4 ? { journeyType: 'RT', legs, returnDate: dayAhead(day + 3) } : { legs };
        try {
          const issuing = i % ISSUE_EVERY === 0;
          const { sessionId, offers } = await client.search(issuing ? admin : agent, request);
          counts.searches += 1;
          if (!issuing) continue;
          const offer = offers.find((o) => o.priceInfo.some((p) => p.seatAvailable > 0));
          if (!offer) continue;
          const h = await client.holdOne(admin, sessionId, offer, offer.priceInfo.find((p) => p.seatAvailable > 0));
          if (!h) continue;
          const issued = await client.post(`/api/bookings/${h.id}/issue`, admin, { idempotencyKey: crypto.randomUUID(), pnrs: [h.pnr] });
          if (!issued.ok) throw new Error(`issue: ${issued.status} ${await issued.text()}`);
          await issued.text();
          counts.issues += 1;
          const voided = await client.post(`/api/bookings/${h.id}/void`, admin, { pnrs: [h.pnr] });
          if (!voided.ok) throw new Error(`void: ${voided.status} ${await voided.text()}`);
          await voided.text();
        } catch (error) {
          if (counts.failures++ < 3) console.error(String(error).slice(0, 300));
        }
      }
    }));
    stopSampling = true;
    await sampler;
    const last = await sample(gateway, pid, Math.round((performance.now() - t0) / 1000), { ...counts });
    samples.push(last);
    line(last);
    // with BENCH_NODE_ARGS=--expose-gc: the live heap, after a full collection (not part of the curve)
    const collected = await fetch(`${gateway.url}/debugz/memory?gc=1`).then((r) => (r.ok ? r.json() : null)).catch(() => null);
    if (collected?.gcRun) console.log(`  after a full collection: heapUsed ${MB(collected.heapUsed).trim()} MB, heapTotal ${MB(collected.heapTotal).trim()} MB, RSS ${MB(procStatus(pid).rss).trim()} MB`);
    if (SNAPSHOTS) {
      await snapshot(gateway, pid, mode);
      console.log(`  heap snapshot written to ${SNAPSHOTS}/${mode}`);
    }
    const peak = samples.reduce((a, b) => (b.rss > a.rss ? b : a));
    const seconds = (performance.now() - t0) / 1000;
    const summary = {
      mode, start: samples[0].rss, peak: peak.rss, peakAt: peak.t, end: last.rss, hwm: last.hwm,
      searchesPerSecond: counts.searches / seconds, issues: counts.issues, failures: counts.failures, load: load(),
    };
    console.log(`  RSS start ${MB(summary.start).trim()} MB, peak ${MB(summary.peak).trim()} MB (at ${peak.t} s), end ${MB(summary.end).trim()} MB; `
      + `VmHWM ${MB(summary.hwm).trim()} MB; ${summary.searchesPerSecond.toFixed(2)} searches/s, ${counts.issues} issues, ${counts.failures} failed; load ${summary.load}`);
    return summary;
  } finally {
    await gateway.stop();
    await database?.drop();
  }
}

const results = [];
for (const mode of MODES) {
  if (mode === 'pg' && !ADMIN_URL) {
    console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to an admin connection)');
    continue;
  }
  results.push(await runMode(mode));
}
console.log(`\ngateway memory (RSS, MB), node ${process.version}:`);
for (const r of results) {
  console.log(`  ${(r.mode === 'pg' ? 'PostgreSQL' : 'PGlite').padEnd(11)} start ${MB(r.start)}  peak ${MB(r.peak)}  end ${MB(r.end)}   ${r.searchesPerSecond.toFixed(2)} searches/s, ${r.issues} issues   load ${r.load}`);
}
