// Train search over the real gateway (in process, PGlite, demo data): BENCH_SEARCHES (default 30) searches
// as f1admin alternating Hà Nội–Sài Gòn round trips, Sài Gòn–Nha Trang and Hà Nội–Vinh, on days 3..12 ahead,
// with some seats already held and sold in the database. Reports the time to results (median, p95), the
// trains per search, and the seat map of a 14-carriage train (every carriage of SE3) per search.
// The railway's latency is SUPPLIER_RAIL_LATENCY_MS (default 0 here: the gateway's own time is measured).
// Run: npm run bench:train-search
const { startGateway, login, call } = await import('../gateway/helpers.ts');
const { addDays, todayInVietnam } = await import('../../gateway/platform/clock.ts');

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 30);
const latency = process.env.SUPPLIER_RAIL_LATENCY_MS ?? '0';
const gw = await startGateway({ env: { SUPPLIER_RAIL_LATENCY_MS: latency } });
const runs = [];
const maps = [];
try {
  const { accessToken: token } = await login(gw, 'f1admin');
  const today = todayInVietnam();
  // some inventory in the database: hold 10 seats of SE3 on each searched day
  for (let d = 3; d <= 12; d++) {
    const r = await call(gw, 'POST', '/api/trains/search', { token, body: { from: 'HNO', to: 'SGO', departDate: addDays(today, d) } });
    const se3 = r.json().depart.find((t) => t.trainNo === 'SE3');
    const seats = await call(gw, 'GET', '/api/trains/seats', { token, query: { trainId: se3.trainId, carriageNo: '1' } });
    const free = seats.json().data.filter((s) => s.state === 'free').slice(0, 10);
    await call(gw, 'POST', '/api/trains/hold', { token, body: { add: free.map((s) => s.ticketId) } });
    await call(gw, 'DELETE', '/api/trains/hold', { token });
    await call(gw, 'POST', '/api/trains/hold', { token, body: { add: free.slice(0, 5).map((s) => s.ticketId) } });
  }
  const routes = [
    { from: 'HNO', to: 'SGO', round: true },
    { from: 'SGO', to: 'NTR', round: false },
    { from: 'HNO', to: 'VIN', round: false },
  ];
  for (let i = 0; i < SEARCHES; i++) {
    const route = routes[i % routes.length];
    const departDate = addDays(today, 3 + (i % 10));
    const body = { from: route.from, to: route.to, departDate, ...(route.round ? { returnDate: addDays(departDate, 5) } : {}) };
    const t0 = performance.now();
    const res = await call(gw, 'POST', '/api/trains/search', { token, body });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`search ${i}: ${res.statusCode} ${res.body}`);
    const result = res.json();
    runs.push({ ms, trains: result.depart.length + result.return.length });
    if (route.round) {
      const se3 = result.depart.find((t) => t.trainNo === 'SE3');
      const m0 = performance.now();
      for (const c of se3.carriages) await call(gw, 'GET', '/api/trains/seats', { token, query: { trainId: se3.trainId, carriageNo: String(c.carriageNo) } });
      maps.push({ ms: performance.now() - m0, carriages: se3.carriages.length });
    }
  }
} finally {
  await gw.close();
}

const pct = (values, p) => {
  const v = [...values].sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.ceil((p / 100) * v.length) - 1)];
};
const ms = (x) => `${x.toFixed(1).padStart(7)} ms`;
console.log(`train search: ${runs.length} searches (HNO-SGO round trip / SGO-NTR / HNO-VIN), railway latency ${latency} ms`);
console.log(`  time to results     median ${ms(pct(runs.map((r) => r.ms), 50))}   p95 ${ms(pct(runs.map((r) => r.ms), 95))}`);
console.log(`  trains per search   median ${pct(runs.map((r) => r.trains), 50)}   max ${Math.max(...runs.map((r) => r.trains))}`);
console.log(`  seat maps of SE3 (${maps[0]?.carriages} carriages, one request each)   median ${ms(pct(maps.map((m) => m.ms), 50))}   p95 ${ms(pct(maps.map((m) => m.ms), 95))}`);
