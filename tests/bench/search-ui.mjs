// Flight search as the agent sees it, in Chromium against the production build served by the real gateway
// with the default supplier latency (150–1500 ms per source): f1agent on the home page picks HAN → SGN and a
// day, clicks search; timed in the page from that click to the first result card on screen, and to the
// progress reading all sign-ins done (7/7). One warm-up search, then median (and min/max) of BENCH_RUNS
// (default 5), each on a freshly loaded home page and a different day.
//
// The target is about the fastest source: each run also reads the gateway's poll answers (each task's
// `elapsedMs`, from the start of the search session) and prints the fastest source's latency (the quickest
// task that brought offers) and first card − fastest source. Where the time goes is printed per phase, from
// the page's resource timings: the start call (POST /api/flights/search) sent and answered, the results
// page's chunk loaded, the first poll answer that carried offers.
//
// Run: npm run bench:search-ui  (builds first unless --no-build; BENCH_URL=http://... uses a running gateway)
//      npm run bench:search-ui -- --compare http://127.0.0.1:PORT  measures a second running portal (another
//      build, its own gateway) interleaved with ours, run for run (A, B, B, A, …), and prints both.
import { loadavg } from 'node:os';
const { launchBrowser } = await import('../support/browser.ts');
const { benchPortal, dayAhead, median } = await import('./portal-bench.mjs');

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const compareAt = process.argv.indexOf('--compare');
const compareUrl = compareAt > 0 ? process.argv[compareAt + 1] : undefined;
if (compareAt > 0 && !compareUrl) throw new Error('--compare needs the URL of a running portal');

const { base, stop } = await benchPortal();
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

async function pickPlace(page, id, code) {
  const input = page.locator(`#${id}`);
  await input.click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').first().waitFor();
  await input.fill(code);
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: code }).first();
  await option.waitFor();
  await option.click();
  // let the list close, so the next picker's list is the only one open
  await page.waitForFunction(() => !document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'), null, { timeout: 60_000 });
}

/** In the page: note the time of the click on search, of the first visible result card and of n/n done. */
function watch() {
  const marks = { click: null, first: null, done: null, total: null };
  window.__searchMarks = marks;
  performance.clearResourceTimings();
  performance.setResourceTimingBufferSize(2000);
  document.addEventListener('click', (e) => {
    if (marks.click === null && e.target instanceof Element && e.target.closest('[data-testid=search-submit]')) marks.click = performance.now();
  }, true);
  const check = () => {
    if (marks.click !== null) {
      if (marks.first === null) {
        const card = document.querySelector('[data-testid=offer-card]');
        if (card && card.getBoundingClientRect().height > 0) marks.first = performance.now();
      }
      if (marks.done === null) {
        const m = /^(\d+)\/(\d+)/.exec(document.querySelector('[data-testid=search-progress-text]')?.textContent ?? '');
        if (m && Number(m[2]) > 0 && m[1] === m[2]) {
          marks.done = performance.now();
          marks.total = Number(m[2]);
        }
      }
    }
    if (marks.first === null || marks.done === null) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** In the page: the resource timings of the search (relative to the click). */
function phases() {
  const { click } = window.__searchMarks;
  const entries = performance.getEntriesByType('resource').filter((e) => e.startTime >= click - 5);
  const rel = (t) => (t === undefined ? null : t - click);
  const start = entries.find((e) => /\/api\/flights\/search(\?|$)/.test(e.name) && !/\/search\/[^/?]/.test(e.name));
  const chunk = entries.find((e) => /\/FlightResultsPage[^/]*\.js$/.test(e.name));
  if (window.__benchDebug) console.log(JSON.stringify(entries.map((e) => [e.name.replace(/^.*\/\/[^/]+/, '').slice(0, 70), Math.round(e.startTime - click), Math.round(e.responseEnd - click)])));
  return {
    startSent: rel(start?.startTime), startAnswered: rel(start?.responseEnd), chunk: rel(chunk?.responseEnd),
    polls: entries.filter((e) => /\/api\/flights\/search\/[^/?]+/.test(e.name)).map((e) => ({ url: e.name, sent: rel(e.startTime), answered: rel(e.responseEnd) })),
  };
}

/** A signed-in page of one portal, and the poll answers it receives (tasks, offers). */
async function signedIn(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (process.env.BENCH_DEBUG) page.on('console', (msg) => console.log(msg.text()));
  const polls = [];
  page.on('response', async (res) => {
    if (!/\/api\/flights\/search\/[^/?]+\?/.test(res.url())) return;
    try {
      const body = await res.json();
      const poll = body && Array.isArray(body.tasks) ? body : body?.data;
      if (poll && Array.isArray(poll.tasks)) polls.push({ url: res.url(), tasks: poll.tasks, offers: poll.offers?.length ?? 0 });
    } catch { /* an aborted poll has no body */ }
  });
  await page.goto(`${url}/login`);
  await page.locator('#login-username').fill('f1agent');
  await page.locator('#login-password').fill('Demo@2026');
  const captcha = page.locator('#login-captcha');
  if (await captcha.isVisible()) await captcha.fill('anything');
  await page.locator('button[type=submit]').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
  return { url, page, polls, results: [] };
}

async function searchOnce(target, day, keep) {
  const { page, url, polls } = target;
  await page.goto(`${url}/`);
  await page.getByTestId('flight-search-panel').waitFor({ timeout: 30_000 });
  await pickPlace(page, 'flight-from', 'HAN');
  await pickPlace(page, 'flight-to', 'SGN');
  await page.getByTestId('depart-date').click();
  await page.locator(`[data-date="${dayAhead(day)}"]`).click();
  await page.evaluate(watch);
  if (process.env.BENCH_DEBUG) await page.evaluate(() => { window.__benchDebug = true; });
  polls.length = 0;
  await page.getByTestId('search-submit').click();
  await page.waitForFunction(() => window.__searchMarks.first !== null && window.__searchMarks.done !== null, null, { timeout: 60_000, polling: 100 });
  const m = await page.evaluate(() => window.__searchMarks);
  const p = await page.evaluate(phases);
  // the last answer has every task settled; the fastest source is the quickest task that brought offers
  const last = polls.at(-1);
  const withOffers = (last?.tasks ?? []).filter((t) => t.status === 'done' && t.offerCount > 0 && typeof t.elapsedMs === 'number');
  const fastest = withOffers.length ? Math.min(...withOffers.map((t) => t.elapsedMs)) : NaN;
  const answered = new Map(p.polls.map((x) => [x.url, x.answered]));
  const firstOffers = polls.find((x) => x.offers > 0);
  if (keep) {
    target.results.push({
      first: m.first - m.click, done: m.done - m.click, total: m.total, fastest, over: m.first - m.click - fastest,
      startSent: p.startSent, startAnswered: p.startAnswered, chunk: p.chunk,
      offersAnswered: firstOffers ? answered.get(firstOffers.url) ?? NaN : NaN, polls: p.polls.length,
    });
  }
}

const browser = await launchBrowser();
const targets = [];
try {
  targets.push(await signedIn(browser, base));
  if (compareUrl) targets.push(await signedIn(browser, compareUrl));
  for (let i = 0; i <= RUNS; i += 1) {
    // alternate who goes first, so neither always searches right after the other
    const order = i % 2 ? [...targets].reverse() : targets;
    for (const target of order) await searchOnce(target, 8 + i, i > 0);
  }
} finally {
  await browser.close();
  await stop();
}

const ms = (x) => (x === null || Number.isNaN(x) ? '    -' : x.toFixed(0).padStart(5));
function report(target, label) {
  const r = target.results;
  const stat = (k) => {
    const v = r.map((x) => x[k]).filter((x) => x !== null && !Number.isNaN(x)).sort((a, b) => a - b);
    if (!v.length) return 'n/a';
    return `median ${ms(median(v))} ms   min ${ms(v[0])} ms   max ${ms(v[v.length - 1])} ms`;
  };
  console.log(`${label}: ${target.url}`);
  console.log(`  click -> first result card on screen       ${stat('first')}`);
  console.log(`  fastest source's latency (gateway)         ${stat('fastest')}`);
  console.log(`  first card - fastest source (target 300)   ${stat('over')}`);
  console.log(`  click -> all sign-ins done (${r[0]?.total}/${r[0]?.total})          ${stat('done')}`);
  console.log('  per run (ms from the click): first card | fastest | over | start sent | start answered | results chunk | first offers answered | polls');
  for (const x of r) {
    console.log(`    ${ms(x.first)} | ${ms(x.fastest)} | ${ms(x.over)} | ${ms(x.startSent)} | ${ms(x.startAnswered)} | ${ms(x.chunk)} | ${ms(x.offersAnswered)} | ${x.polls}`);
  }
}
console.log(`flight search in Chromium (production build, default supplier latency 150-1500 ms), HAN -> SGN one way, ${RUNS} runs after a warm-up${compareUrl ? ', interleaved' : ''}:`);
report(targets[0], 'this build');
if (targets[1]) {
  report(targets[1], 'compared build');
  const a = median(targets[0].results.map((x) => x.first));
  const b = median(targets[1].results.map((x) => x.first));
  console.log(`  first card, median: this build / compared build = ${(a / b).toFixed(2)}`);
}
console.log(`  load average ${load()}`);
