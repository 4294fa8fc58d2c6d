// Gateway flight-search throughput on this machine, loopback only, 20 concurrent clients, every source's
// latency 0 (SUPPLIER_LATENCY_MS=0-0), beside a bare Fastify route measured in the same run.
//
// The gateway runs as its own process (tests/support/gateway-process.ts: demo data, seven sign-ins for
// f1agent) on embedded PGlite, or on PostgreSQL with BENCH_DATABASE_URL (an admin connection: a database is
// created for each gateway and dropped at the end). The bare route is `GET /bare` → {"ok":true} of a plain
// Fastify server in another process. Measured one after the other, each bounded in time (BENCH_SECONDS,
// default 10 s) and count:
//
//   A. autocannon, 20 connections: the bare route; then POST /api/flights/search alone (a search started,
//      sealed body and token as the portal sends them, a fresh tsp on every request since a (user, tsp)
//      pair is accepted once; its seven tasks then run in the gateway).
//   B. "search": the unit the portal waits for, by 20 client loops over keep-alive fetch: POST
//      /api/flights/search, then GET /api/flights/search/:id?since=<cursor>&waitMs=10000 until the poll says
//      done (all seven sign-in tasks answered), every offer received. Routes alternate HAN–SGN / SGN–DAD
//      over ten days. Reported: searches/s, latency per search (median, p99), polls per search, the poll answers' bytes per search
//      (content-length; the client parses each answer, as the portal does before expanding its offers). The bare
//      route through the same loops (one GET per unit) is the baseline of this client.
//
// Before and after in one run: BENCH_COMPARE=<another checkout of the project> starts that checkout's gateway
// too and measures both, interleaved (this, other, this, other … BENCH_ROUNDS rounds, default 2), each with the
// same client and the same bare route.
// CPU per search: the CPU time the gateway process (and, on PostgreSQL, the database's server processes of its
// database) used during the search measurement, divided by the searches done: less sensitive to the machine's
// load than searches/s.
// BENCH_CPU_PROF=<dir>: the gateways write V8 CPU profiles there when they stop (node --cpu-prof); the search
// measurement is the profile's last BENCH_SECONDS (`node tests/bench/support/profile-top.mjs <file> 40 -11:-1`).
// BENCH_NODE_ARGS='--max-semi-space-size=16': Node/V8 flags of the gateway processes, after their own.
// At the end: each gateway process's RSS and its highest RSS (VmHWM), from /proc.
//
// Run: npm run bench:search-throughput   (BENCH_SECONDS=n, BENCH_CONNECTIONS=k, BENCH_MAX_SEARCHES=m,
//      BENCH_DATABASE_URL=postgres://…, BENCH_COMPARE=dir, BENCH_ROUNDS=r, BENCH_CPU_PROF=dir)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { pct } from './gateway-load.mjs';

const { freePort } = await import('../support/gateway-process.ts');
const { encrypt, seal } = await import('../../contract/crypto.ts');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const MAX_SEARCHES = Number(process.env.BENCH_MAX_SEARCHES ?? 20_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL || '';
const COMPARE = process.env.BENCH_COMPARE ? resolve(process.env.BENCH_COMPARE) : '';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (COMPARE ? 2 : 1));
const CPU_PROF = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : '';
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);

/** The bare Fastify server, in its own process like the gateway. */
async function startBare() {
  const port = await freePort();
  const source = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/bare', async () => ({ ok: true }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
    process.stdout.write('ready\\n');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((ok, fail) => {
    child.stdout.on('data', (d) => String(d).includes('ready') && ok());
    child.once('exit', (code) => fail(new Error(`bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((ok) => {
      child.once('exit', ok);
      child.kill('SIGTERM');
    }),
  };
}

async function adminQuery(text) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

/** A gateway of the checkout at `root` (its own tests/support/gateway-process.ts), on PGlite or a fresh PostgreSQL database. */
async function startGatewayOf(root, label) {
  const { startGateway } = await import(pathToFileURL(resolve(root, 'tests/support/gateway-process.ts')).href);
  const env = { SUPPLIER_LATENCY_MS: '0-0', SEARCH_SESSIONS_PER_USER: '100', LOG_LEVEL: 'warn' };
  let dbName = '';
  if (ADMIN_URL) {
    dbName = `bench_search_${process.pid}_${label}`;
    await adminQuery(`create database ${dbName}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  }
  const nodeArgs = [...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}/${label}`] : []), ...NODE_ARGS];
  const gateway = await startGateway(env, nodeArgs.length ? { nodeArgs } : {});
  return {
    label,
    url: gateway.url,
    /** CPU seconds used so far by the gateway process and, on PostgreSQL, the server's backends of its database. */
    cpu: async () => {
      // a checkout whose startGateway does not give the pid (older than this bench): no CPU figure
      if (!gateway.pid) return NaN;
      let pids = [gateway.pid];
      if (dbName) pids = pids.concat((await adminQuery(`select pid from pg_stat_activity where datname = '${dbName}'`)).rows.map((r) => r.pid));
      return pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    },
    /** VmRSS and VmHWM (the highest RSS of its life) of the gateway process in MB, or null without a pid. */
    memory: () => (gateway.pid ? memoryOf(gateway.pid) : null),
    stop: async () => {
      await gateway.stop();
      if (dbName) await adminQuery(`drop database if exists ${dbName} with (force)`);
    },
  };
}

/** utime + stime of a process in seconds (0 when it is gone or unreadable). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** VmRSS and VmHWM of a process in MB (null when it is gone or unreadable). */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

function dayAhead(days) {
  const d = new Date(Date.now() + (7 * 60 + days * 1440) * 60_000); // Vietnam's date
  return d.toISOString().slice(0, 10);
}

function cannon(opts) {
  return new Promise((ok, fail) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, result) => (err ? fail(err) : ok(result)));
  });
}

const describeCannon = (r) => `${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   (${r.requests.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors)`;

/** CONNECTIONS loops running `unit` until SECONDS pass or MAX_SEARCHES units are done. */
async function loops(unit) {
  const times = [];
  const extra = [];
  let started = 0;
  let failures = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (performance.now() < deadline && started < MAX_SEARCHES) {
      const i = started++;
      const s = performance.now();
      try {
        extra.push(await unit(i));
        times.push(performance.now() - s);
      } catch (error) {
        failures += 1;
        if (failures === 1) console.error(String(error));
      }
    }
  }));
  const elapsed = (performance.now() - t0) / 1000;
  return { count: times.length, perSecond: times.length / elapsed, p50: pct(times, 50), p99: pct(times, 99), failures, extra };
}

const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

// a (user, tsp) pair is accepted once: strictly increasing values
let lastTsp = 0;
const nextTsp = () => (lastTsp = Math.max(Date.now(), lastTsp + 1));
const searchBody = (i) => {
  const [from, to] = i % 2 === 0 ? ['HAN', 'SGN'] : ['SGN', 'DAD'];
  return JSON.stringify(seal({ legs: [{ from, to, departDate: dayAhead(3 + (i % 10)) }] }));
};

/** Signs f1agent in and warms the gateway up (first queries, JIT): a few searches end to end. */
async function prepare(gateway) {
  const headers = () => ({ tsp: encrypt(String(nextTsp())), 'content-type': 'application/json' });
  const loginRes = await fetch(`${gateway.url}/api/auth/login`, {
    method: 'POST', headers: headers(), body: JSON.stringify(seal({ username: 'f1agent', password: 'Demo@2026' })),
  });
  if (!loginRes.ok) throw new Error(`login: ${loginRes.status} ${await loginRes.text()}`);
  const { accessToken } = await loginRes.json();
  gateway.authed = () => ({ ...headers(), authorization: accessToken });
  for (let i = 0; i < 5; i += 1) {
    const res = await fetch(`${gateway.url}/api/flights/search`, { method: 'POST', headers: gateway.authed(), body: searchBody(i) });
    const { sessionId } = await res.json();
    await fetch(`${gateway.url}/api/flights/search/${sessionId}?since=0&waitMs=10000`, { headers: gateway.authed() }).then((r) => r.text());
  }
}

async function measureStart(gateway) {
  const r = await cannon({
    url: `${gateway.url}/api/flights/search`,
    requests: [{
      method: 'POST',
      body: searchBody(0),
      // every request its own tsp (a repeated one is refused as a replay)
      setupRequest: (req) => ({ ...req, headers: gateway.authed() }),
    }],
  });
  // let the searches started above finish before the next measurement
  await new Promise((ok) => setTimeout(ok, 2000));
  return r;
}

async function measureSearch(gateway) {
  let offers = 0;
  let bytes = 0;
  const r = await loops(async (i) => {
    const res = await fetch(`${gateway.url}/api/flights/search`, { method: 'POST', headers: gateway.authed(), body: searchBody(i) });
    if (!res.ok) throw new Error(`search: ${res.status} ${await res.text()}`);
    const { sessionId } = await res.json();
    let cursor = 0;
    for (let polls = 1; ; polls += 1) {
      const p = await fetch(`${gateway.url}/api/flights/search/${sessionId}?since=${cursor}&waitMs=10000`, { headers: gateway.authed() });
      if (!p.ok) throw new Error(`poll: ${p.status} ${await p.text()}`);
      bytes += Number(p.headers.get('content-length') ?? 0);
      const poll = await p.json();
      offers += poll.offers.length;
      cursor = poll.cursor;
      if (poll.done) {
        if (poll.tasks.some((t) => t.status !== 'done')) throw new Error('a task failed');
        return polls;
      }
    }
  });
  return { ...r, offers: offers / Math.max(1, r.count), bytes: bytes / Math.max(1, r.count) };
}

const ROOT = resolve(import.meta.dirname, '../..');
const targets = [{ root: ROOT, label: COMPARE ? 'this' : 'gateway' }, ...(COMPARE ? [{ root: COMPARE, label: 'compare' }] : [])];
const gateways = [];
const bare = await startBare();
try {
  for (const t of targets) {
    const g = await startGatewayOf(t.root, t.label);
    gateways.push(g);
    await prepare(g);
  }
  console.log(`flight search throughput: ${CONNECTIONS} concurrent clients, ${SECONDS} s per measurement, supplier latency 0, loopback, ` +
    `${ADMIN_URL ? 'PostgreSQL' : 'PGlite'}, node ${process.version}`);
  for (const g of gateways) if (g.label !== 'gateway') console.log(`  ${g.label}: ${g.label === 'this' ? ROOT : COMPARE}`);
  const totals = new Map(gateways.map((g) => [g.label, []]));
  const cpus = new Map(gateways.map((g) => [g.label, []]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    if (ROUNDS > 1) console.log(`round ${round} of ${ROUNDS}`);
    const bareA = await cannon({ url: `${bare.url}/bare` });
    console.log(`  A. autocannon bare Fastify GET /bare              ${describeCannon(bareA)}`);
    const bareB = await loops(async () => {
      const res = await fetch(`${bare.url}/bare`);
      await res.text();
      if (!res.ok) throw new Error(`bare: ${res.status}`);
      return 0;
    });
    console.log(`  B. client loops bare Fastify GET /bare           ${bareB.perSecond.toFixed(0).padStart(6)} /s      p50 ${bareB.p50.toFixed(1).padStart(6)} ms   p99 ${bareB.p99.toFixed(1).padStart(6)} ms   (${bareB.count} done, ${bareB.failures} failed)`);
    for (const g of gateways) {
      const tag = g.label === 'gateway' ? '' : `[${g.label}] `;
      const cpuStart0 = await g.cpu();
      const startA = await measureStart(g);
      // the 2 s pause after it included: the started searches' tasks end in it
      const startCpuMs = ((await g.cpu()) - cpuStart0) * 1000 / Math.max(1, startA.requests.total);
      console.log(`  A. ${tag}POST /api/flights/search (start)`.padEnd(51) + describeCannon(startA));
      console.log(`       CPU per start ${startCpuMs.toFixed(2)} ms (its seven tasks included, no poll)`);
      const cpu0 = await g.cpu();
      const s = await measureSearch(g);
      const cpuMs = ((await g.cpu()) - cpu0) * 1000 / Math.max(1, s.count);
      console.log(`  B. ${tag}search (start + polls until done)`.padEnd(51) + `${s.perSecond.toFixed(1).padStart(6)} /s      p50 ${s.p50.toFixed(1).padStart(6)} ms   p99 ${s.p99.toFixed(1).padStart(6)} ms   (${s.count} done, ${s.failures} failed)`);
      console.log(`       polls per search median ${pct(s.extra, 50)}, max ${Math.max(...s.extra)}; offers per search ${s.offers.toFixed(0)}, ` +
        `poll answers ${(s.bytes / 1024).toFixed(1)} KB per search; ` +
        `${(s.perSecond / bareA.requests.average).toFixed(4)} of the bare route (autocannon)`);
      console.log(`       CPU per search ${cpuMs.toFixed(1)} ms (gateway process${ADMIN_URL ? ' + its database backends' : ''}) → at most ${(1000 / cpuMs).toFixed(0)} searches per CPU second`);
      totals.get(g.label).push(s.perSecond);
      cpus.get(g.label).push(cpuMs);
    }
    console.log(`  load average ${load()}`);
  }
  if (COMPARE) {
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const a = mean(totals.get('this'));
    const b = mean(totals.get('compare'));
    console.log(`searches/s, mean of ${ROUNDS} rounds: this ${a.toFixed(1)}, compare ${b.toFixed(1)}, ratio ${(a / b).toFixed(2)}×`);
    const ca = mean(cpus.get('this'));
    const cb = mean(cpus.get('compare'));
    console.log(`CPU ms per search, mean of ${ROUNDS} rounds: this ${ca.toFixed(1)}, compare ${cb.toFixed(1)}, ratio ${(cb / ca).toFixed(2)}× less`);
  }
  // what the gateways hold after the run (the sessions of every search measured are still alive: 15 minutes)
  for (const g of gateways) {
    const m = g.memory();
    if (m) console.log(`gateway RSS at the end${g.label === 'gateway' ? '' : ` [${g.label}]`}: ${m.rss.toFixed(0)} MB (highest ${m.hwm.toFixed(0)} MB)`);
  }
} finally {
  await bare.stop();
  for (const g of gateways) await g.stop();
}
