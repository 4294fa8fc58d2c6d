// The seat map of a 14-carriage train as the agent uses it, in Chromium against the production build served by
// the real gateway: f1admin opens SE3 (14 carriages: soft seats, 6-berth, 4-berth and 2-berth VIP) and steps
// through every carriage twice. Timed in the page, from the click on a carriage to its map drawn: the first
// pass reads each carriage from the gateway (render + read), the second draws it from the cache (render only).
// Then the toggle: a click on a free seat to the seat drawn as selected (hold POST and re-read), and the
// click that releases it. Reports median, min and max over the carriages / BENCH_TOGGLES (default 10) toggles.
// Run: npm run bench:train-seatmap  (builds first unless --no-build; BENCH_URL=http://... uses a running gateway)
import { loadavg } from 'node:os';
const { openBrowser } = await import('../support/browser.ts');
const { benchPortal, dayAhead, median } = await import('./portal-bench.mjs');

const { base, stop } = await benchPortal();
const TOGGLES = Number(process.env.BENCH_TOGGLES ?? 10);

const fmt = (xs) => `median ${median(xs).toFixed(1)} ms (min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)}, n=${xs.length})`;

const browser = await openBrowser({ width: 1280, height: 900 });
try {
  const page = await browser.context.newPage();
  await page.goto(`${base}/login`);
  await page.locator('#login-username').fill('f1admin');
  await page.locator('#login-password').fill('Demo@2026');
  if (await page.locator('#login-captcha').isVisible()) await page.locator('#login-captcha').fill('anything');
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${base}/train/search?from=HNO&to=SGO&departDate=${dayAhead(12)}&seatClass=ALL&passengers=1`);
  const card = page.getByTestId('train-SE3');
  await card.waitFor({ timeout: 60_000 });
  await card.getByRole('button', { name: /Chọn chỗ/ }).click();
  await page.getByTestId('seat-map').waitFor();
  const cars = await card.locator('.train-carriage').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-carriage'))));

  const open = (no) =>
    page.evaluate(async (n) => {
      const btn = document.querySelector(`[data-testid=seat-selection-SE3] .train-carriage[data-carriage="${n}"]`);
      const t0 = performance.now();
      btn.click();
      await new Promise((done) => {
        const check = () => {
          const map = document.querySelector('[data-testid=seat-map]');
          if (map && map.getAttribute('data-carriage') === String(n) && map.querySelector('.train-seat')) done();
          else requestAnimationFrame(check);
        };
        check();
      });
      return performance.now() - t0;
    }, no);

  const read = [];
  const cached = [];
  // start from another carriage so the first one is a real switch
  await open(cars[1]);
  for (const no of cars) read.push(await open(no));
  for (const no of cars) cached.push(await open(no));

  const toggle = (want) =>
    page.evaluate(async (state) => {
      const map = document.querySelector('[data-testid=seat-map]');
      const seat = state === 'selected' ? map.querySelector('.train-seat-free') : map.querySelector('.train-seat-selected');
      const no = seat.getAttribute('data-seat');
      const t0 = performance.now();
      seat.click();
      await new Promise((done) => {
        const check = () => (document.querySelector(`[data-testid=seat-map] [data-seat="${no}"]`)?.getAttribute('data-state') === state ? done() : requestAnimationFrame(check));
        check();
      });
      return performance.now() - t0;
    }, want);
  // the toggles on a 4-berth carriage
  const berth4 = await card.locator('.train-carriage').evaluateAll((els) => els.filter((e) => /khoang 4/i.test(e.textContent ?? '')).map((e) => Number(e.getAttribute('data-carriage'))));
  await open(berth4[0]);
  await toggle('selected');
  await toggle('free');
  const select = [];
  const release = [];
  for (let i = 0; i < TOGGLES; i++) {
    select.push(await toggle('selected'));
    release.push(await toggle('free'));
  }

  console.log(`Seat map of SE3, ${cars.length} carriages (load average ${loadavg()[0].toFixed(2)}):`);
  console.log(`  open a carriage, read from the gateway + render: ${fmt(read)}`);
  console.log(`  open a carriage again, render from the cache:    ${fmt(cached)}`);
  console.log(`  toggle a seat on (hold POST + re-read + render): ${fmt(select)}`);
  console.log(`  toggle it off again:                             ${fmt(release)}`);
} finally {
  await browser.close();
  await stop();
}
