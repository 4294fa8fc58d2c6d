// Flight search as the agent sees it, in Chromium against the production build served by the real gateway
// with the default supplier latency (150–1500 ms per source): f1agent on the home page picks HAN → SGN and a
// day, clicks search; timed in the page from that click to the first result card on screen, and to the
// progress reading all sign-ins done (7/7). One warm-up search, then median (and min/max) of BENCH_RUNS
// (default 5), each on a freshly loaded home page and a different day.
// Run: npm run bench:search-ui  (builds first unless --no-build; BENCH_URL=http://... uses a running gateway)
import { loadavg } from 'node:os';
const { openBrowser } = await import('../support/browser.ts');
const { benchPortal, dayAhead } = await import('./portal-bench.mjs');

const { base, stop } = await benchPortal();
const RUNS = Number(process.env.BENCH_RUNS ?? 5);


async function pickPlace(page, id, code) {
  const input = page.locator(`#${id}`);
  await input.click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').first().waitFor();
  await input.fill(code);
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: code }).first();
  await option.waitFor();
  await option.click();
  // let the list close, so the next picker's list is the only one open
  await page.waitForFunction(() => !document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'), null, { timeout: 10_000 });
}

/** In the page: note the time of the click on search, of the first visible result card and of n/n done. */
function watch() {
  const marks = { click: null, first: null, done: null, total: null };
  window.__searchMarks = marks;
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

const results = [];
const browser = await openBrowser();
try {
  const page = await browser.context.newPage();
  await page.goto(`${base}/login`);
  await page.locator('#login-username').fill('f1agent');
  await page.locator('#login-password').fill('Demo@2026');
  const captcha = page.locator('#login-captcha');
  if (await captcha.isVisible()) await captcha.fill('anything');
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  for (let i = 0; i <= RUNS; i += 1) {
    await page.goto(`${base}/`);
    await page.getByTestId('flight-search-panel').waitFor({ timeout: 30_000 });
    await pickPlace(page, 'flight-from', 'HAN');
    await pickPlace(page, 'flight-to', 'SGN');
    await page.getByTestId('depart-date').click();
    await page.locator(`[data-date="${dayAhead(8 + i)}"]`).click();
    await page.evaluate(watch);
    await page.getByTestId('search-submit').click();
    await page.waitForFunction(() => window.__searchMarks.first !== null && window.__searchMarks.done !== null, null, { timeout: 60_000, polling: 100 });
    const m = await page.evaluate(() => window.__searchMarks);
    if (i > 0) results.push({ first: m.first - m.click, done: m.done - m.click, total: m.total, cards: await page.getByTestId('offer-card').count() });
  }
} finally {
  await browser.close();
  await stop();
}

const sorted = (k) => results.map((r) => r[k]).sort((a, b) => a - b);
const stat = (k) => {
  const v = sorted(k);
  return `median ${v[Math.floor(v.length / 2)].toFixed(0).padStart(5)} ms   min ${v[0].toFixed(0).padStart(5)} ms   max ${v[v.length - 1].toFixed(0).padStart(5)} ms`;
};
console.log(`flight search in Chromium (production build, default supplier latency 150-1500 ms), HAN -> SGN one way, ${RUNS} runs after a warm-up:`);
console.log(`  click -> first result card on screen   ${stat('first')}`);
console.log(`  click -> all sign-ins done (${results[0]?.total}/${results[0]?.total})      ${stat('done')}`);
console.log(`  load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
