// Flight search over the real gateway (in process, PGlite, demo data, default supplier latency 150–1500 ms
// unless SUPPLIER_LATENCY_MS is set): 20 searches alternating HAN–SGN and SGN–DAD as f1agent (seven
// sign-ins), each started and long-polled to its end. Reports the time to the first offers and to all
// tasks done (median, p95) and the offers per search.
// Run: npm run bench:search   (BENCH_SEARCHES=n for another count, BENCH_CONCURRENCY=k for k at a time)
const { startGateway, login, call } = await import('../gateway/helpers.ts');
const { todayInVietnam } = await import('../../gateway/flights/service.ts');
const { addDays } = await import('../../gateway/platform/clock.ts');

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 20);
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 1));
// one user runs every search: keep more sessions than run at a time (the default 5 drops older ones mid-poll)
const env = { SEARCH_SESSIONS_PER_USER: '100', ...(process.env.SUPPLIER_LATENCY_MS ? { SUPPLIER_LATENCY_MS: process.env.SUPPLIER_LATENCY_MS } : {}) };

const gw = await startGateway({ env });
const runs = [];
try {
  const { accessToken: token } = await login(gw, 'f1agent');
  const today = todayInVietnam();
  const one = async (i) => {
    const [from, to] = i % 2 === 0 ? ['HAN', 'SGN'] : ['SGN', 'DAD'];
    const body = { legs: [{ from, to, departDate: addDays(today, 3 + (i % 10)) }] };
    const t0 = performance.now();
    const res = await call(gw, 'POST', '/api/flights/search', { token, body });
    if (res.statusCode !== 200) throw new Error(`search ${i}: ${res.statusCode} ${res.body}`);
    const startedMs = performance.now() - t0;
    const { sessionId, total } = res.json();
    let cursor = 0;
    let offers = 0;
    let firstMs = null;
    for (;;) {
      const p = await call(gw, 'GET', `/api/flights/search/${sessionId}`, { token, query: { since: String(cursor), waitMs: '10000' } });
      const poll = p.json();
      if (poll.offers.length > 0 && firstMs === null) firstMs = performance.now() - t0;
      offers += poll.offers.length;
      cursor = poll.cursor;
      if (poll.done) {
        const failed = poll.tasks.filter((t) => t.status === 'failed').length;
        return { route: `${from}-${to}`, startedMs, firstMs, doneMs: performance.now() - t0, offers, total, failed };
      }
    }
  };
  let next = 0;
  const worker = async () => {
    while (next < SEARCHES) runs.push(await one(next++));
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
} finally {
  await gw.close();
}

const pct = (values, p) => {
  const v = [...values].sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.ceil((p / 100) * v.length) - 1)];
};
const ms = (x) => `${x.toFixed(0).padStart(5)} ms`;
const first = runs.map((r) => r.firstMs ?? r.doneMs);
const done = runs.map((r) => r.doneMs);
const started = runs.map((r) => r.startedMs);
const offers = runs.map((r) => r.offers);
console.log(`flight search: ${runs.length} searches (HAN-SGN / SGN-DAD), ${CONCURRENCY} at a time, latency ${env.SUPPLIER_LATENCY_MS ?? '150-1500'} ms, ${runs[0]?.total} sign-ins each`);
console.log(`  start answered      median ${ms(pct(started, 50))}   p95 ${ms(pct(started, 95))}`);
console.log(`  first offers        median ${ms(pct(first, 50))}   p95 ${ms(pct(first, 95))}`);
console.log(`  all tasks done      median ${ms(pct(done, 50))}   p95 ${ms(pct(done, 95))}`);
console.log(`  offers per search   median ${pct(offers, 50)}   min ${Math.min(...offers)}   max ${Math.max(...offers)}`);
console.log(`  failed tasks        ${runs.reduce((n, r) => n + r.failed, 0)}`);
