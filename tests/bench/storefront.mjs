// Cold load of the public B2C storefront (/s/saoviet, the demo store) in Chromium against the production build
// served by the real gateway, at a phone's width: first contentful paint, the moment the tours are shown,
// JS transferred; median of 5 runs, each in a fresh profile.
// Run: npm run bench:storefront  (builds first unless --no-build; BENCH_URL=http://... uses a running gateway)
const { openBrowser } = await import('../support/browser.ts');
const { benchPortal, median } = await import('./portal-bench.mjs');

const { base, stop } = await benchPortal();
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const results = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const browser = await openBrowser();
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    let jsBytes = 0;
    page.on('response', async (res) => {
      if (res.url().endsWith('.js')) jsBytes += Number((await res.allHeaders())['content-length'] ?? 0);
    });
    await page.goto(`${base}/s/saoviet`, { waitUntil: 'load' });
    await page.getByTestId('store-tour').first().waitFor({ timeout: 30_000 });
    const m = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return { dcl: nav.domContentLoadedEventEnd, fcp: fcp ? fcp.startTime : NaN, shown: performance.now() };
    });
    m.jsBytes = jsBytes;
    results.push(m);
    await browser.close();
  }
} finally {
  await stop();
}
const of = (k) => median(results.map((r) => r[k]));
console.log(`B2C storefront cold at 360 px, median of ${RUNS} runs:`);
console.log(`  DOMContentLoaded       ${of('dcl').toFixed(0)} ms`);
console.log(`  first contentful paint ${of('fcp').toFixed(0)} ms`);
console.log(`  tours shown (by)       ${of('shown').toFixed(0)} ms`);
console.log(`  JS transferred         ${(of('jsBytes') / 1024).toFixed(1)} KB (content-length)`);
console.log(`storefront-fcp-ms=${of('fcp').toFixed(0)}`);
