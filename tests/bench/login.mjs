// Cold load of the login page in Chromium against the production build served by the real gateway:
// DOMContentLoaded, first contentful paint, JS heap, transferred JS; median of 5 runs, each in a fresh
// profile. Run: npm run bench:login  (builds first unless --no-build; BENCH_URL=http://... uses a running gateway)
const { openBrowser } = await import('../support/browser.ts');
const { benchPortal } = await import('./portal-bench.mjs');

const { base, stop } = await benchPortal();
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const results = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const browser = await openBrowser();
    const page = await browser.context.newPage();
    let jsBytes = 0;
    page.on('response', async (res) => {
      if (res.url().endsWith('.js')) jsBytes += Number((await res.allHeaders())['content-length'] ?? 0);
    });
    await page.goto(`${base}/login`, { waitUntil: 'load' });
    await page.waitForSelector('form', { timeout: 30_000 });
    const m = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        dcl: nav.domContentLoadedEventEnd,
        fcp: fcp ? fcp.startTime : NaN,
        load: nav.loadEventEnd,
        heap: performance.memory ? performance.memory.usedJSHeapSize : NaN,
      };
    });
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = (await cdp.send('Performance.getMetrics')).metrics;
    m.heap = metrics.find((x) => x.name === 'JSHeapUsedSize')?.value ?? m.heap;
    m.jsBytes = jsBytes;
    results.push(m);
    await browser.close();
  }
} finally {
  await stop();
}
const median = (k) => { const v = results.map((r) => r[k]).sort((a, b) => a - b); return v[Math.floor(v.length / 2)]; };
console.log(`login page cold, median of ${RUNS} runs:`);
console.log(`  DOMContentLoaded      ${median('dcl').toFixed(0)} ms`);
console.log(`  first contentful paint ${median('fcp').toFixed(0)} ms`);
console.log(`  load event            ${median('load').toFixed(0)} ms`);
console.log(`  JS heap used          ${(median('heap') / 1024 / 1024).toFixed(1)} MB`);
console.log(`  JS transferred        ${(median('jsBytes') / 1024).toFixed(1)} KB (content-length)`);
