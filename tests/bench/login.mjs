// Cold load of the sign-in page in Chromium against the production build served by the real gateway (captcha
// on, as the gateway's default): DOMContentLoaded, first contentful paint, the React form in place (the input
// of the React page, not the static form of index.html), the captcha image, JS transferred (all of it until the
// captcha image, and apart the part asked for before the React form was in place: after it, our page fetches the
// signed-in home's code while the user types), the JS heap and the
// layout shift (the layout-instability API's entries without recent input, summed over the load: for ours, the
// static form's swap to the React form);
// median of --runs / BENCH_RUNS (default 5) loads, each in a fresh browser profile (cold cache).
//
// --compare [URL]: measures another sign-in page interleaved with ours (ours, theirs, ours, theirs…, each in a
// fresh profile; default 7 runs each) and prints both medians and the ratio ours / theirs. Without a URL it
// builds and serves the stock Refine antd AuthPage login (tests/bench/compare: the screen Refine's
// finefoods-antd example shows, built from the same package versions; that example itself is not on the npm
// registry). --compare-ready SELECTOR: what marks their form in place (default: a password input in a form).
//
// --baseline URL: another build of this sign-in page (say main's, on its own gateway) measured in the same
// interleaving (ours, baseline, theirs, ours…), printed beside ours with its own ratio to theirs: a before/after
// and the comparison in one run, under the same load.
//
// --width N: the window's width in CSS pixels (default 1280; 360 for a phone), 800 high.
//
// --stand-in-headers: the stand-in served with the security headers our gateway sends with /login (its
// Content-Security-Policy, Cross-Origin-Opener-Policy and the rest), as it would be behind the same gateway. Its
// `Cross-Origin-Opener-Policy: same-origin` makes Chromium put the page in a new browsing context group when it
// comes from a new tab's empty document (a second first frame), which ours pays and the bare stand-in does not.
//
// --from-other-site: each load starts from a page of another site (a tiny page served here, addressed by another
// host name) instead of the new tab's empty document, as a user arriving by a link or a typed address does. From the
// empty document, a page without `Cross-Origin-Opener-Policy` is committed in the tab's renderer process, already
// running, while ours (`same-origin`) is put in a new browsing context group and a renderer process started when
// its answer arrives; from another site's page, both pages need a new process for their site.
//
// Run: npm run bench:login [-- --no-build] [--compare [URL]] [--stand-in-headers] [--baseline URL] [--runs N] [--width N] [--from-other-site]  (BENCH_URL=http://... uses a running gateway)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
const { openBrowser } = await import('../support/browser.ts');
const { benchPortal, median } = await import('./portal-bench.mjs');
const { serveStatic } = await import('./compare/static-server.mjs');

const root = resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const flag = (name) => args.indexOf(name);
const valueAfter = (name) => {
  const i = flag(name);
  return i >= 0 && args[i + 1] && !args[i + 1].startsWith('--') ? args[i + 1] : null;
};
const comparing = flag('--compare') >= 0;
const compareUrl = valueAfter('--compare');
const WIDTH = Number(valueAfter('--width') ?? 1280);
const RUNS = Number(valueAfter('--runs') ?? process.env.BENCH_RUNS ?? (comparing ? 7 : 5));
const STAND_IN = 'stock Refine antd AuthPage login (the screen finefoods-antd shows, built from the same package versions)';
/** The answer headers of ours that --stand-in-headers gives the stand-in: the security ones (gateway/platform/http/headers.ts). */
const SECURITY_HEADERS = [
  'content-security-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'origin-agent-cluster', 'referrer-policy',
  'strict-transport-security', 'x-content-type-options', 'x-dns-prefetch-control', 'x-download-options', 'x-frame-options',
  'x-permitted-cross-domain-policies', 'x-xss-protection',
];

const ours = { name: 'ours (this portal)', ready: '#login-username', captcha: '[data-testid="captcha-image"]' };
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
const loadBefore = load();

const portal = await benchPortal({ CAPTCHA: 'on' });
ours.url = `${portal.base}/login`;
const baselineUrl = valueAfter('--baseline');
const baseline = baselineUrl ? { ...ours, name: baselineUrl, url: baselineUrl } : null;
let theirs = null;
let standIn = null;
/** --from-other-site: the page each load starts from, and its server */
let fromUrl = null;
let startPage = null;
try {
  if (comparing && compareUrl) {
    theirs = { name: compareUrl, url: compareUrl, ready: valueAfter('--compare-ready') ?? 'form input[type="password"]' };
  } else if (comparing) {
    const { COMPARE_DIST } = await import('./compare/vite.config.ts');
    if (!args.includes('--no-build') || !existsSync(join(COMPARE_DIST, 'index.html'))) {
      execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'tests/bench/compare/vite.config.ts', '--logLevel', 'warn'], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
    }
    let headers = {};
    if (args.includes('--stand-in-headers')) {
      const answer = await fetch(ours.url, { headers: { accept: 'text/html' } });
      headers = Object.fromEntries(SECURITY_HEADERS.flatMap((name) => (answer.headers.has(name) ? [[name, answer.headers.get(name)]] : [])));
      await answer.arrayBuffer();
      if (!headers['cross-origin-opener-policy']) throw new Error('--stand-in-headers: our /login sent no security headers to copy');
    }
    standIn = await serveStatic(COMPARE_DIST, { headers });
    const withHeaders = Object.keys(headers).length ? `, served with our security headers (${Object.keys(headers).length})` : '';
    theirs = { name: `${STAND_IN}${withHeaders}`, url: `${standIn.url}/login`, ready: valueAfter('--compare-ready') ?? 'form input[type="password"]' };
  }

  if (args.includes('--from-other-site')) {
    // a page of another site: the targets are on 127.0.0.1 or localhost, so the other host name of the loopback
    const targets = [ours, baseline, theirs].filter(Boolean);
    const host = targets.some((t) => new URL(t.url).hostname === 'localhost') ? '127.0.0.1' : 'localhost';
    startPage = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>start</title><p>another site</p>'));
    await new Promise((ok) => startPage.listen(0, '127.0.0.1', ok));
    fromUrl = `http://${host}:${startPage.address().port}/`;
  }
  const results = new Map([[ours, []], ...(baseline ? [[baseline, []]] : []), ...(theirs ? [[theirs, []]] : [])]);
  for (let i = 0; i < RUNS; i++) {
    for (const target of results.keys()) results.get(target).push(await measure(target));
  }

  console.log(`sign-in page cold load at ${WIDTH} px, median of ${RUNS} runs${theirs ? ' each, interleaved' : ''}${fromUrl ? ', each from a page of another site' : ''} (load average ${loadBefore} before, ${load()} after):`);
  const rows = [
    ['DOMContentLoaded', 'dcl', 'ms'],
    ['first contentful paint', 'fcp', 'ms'],
    ['React form in place', 'ready', 'ms'],
    ['captcha image shown', 'captcha', 'ms'],
    ['load event', 'load', 'ms'],
    ['JS transferred', 'jsBytes', 'KB'],
    ['JS files', 'jsFiles', ''],
    ['  of it before the form', 'jsBeforeReadyBytes', 'KB'],
    ['  files before the form', 'jsBeforeReadyFiles', ''],
    ['JS heap used', 'heap', 'MB'],
    ['layout shift', 'cls', 'score'],
  ];
  const med = (target, key) => median(results.get(target).map((r) => r[key]).filter((v) => Number.isFinite(v)));
  const show = (v, unit) => (!Number.isFinite(v) ? '-' : unit === 'KB' ? `${(v / 1024).toFixed(1)} KB` : unit === 'MB' ? `${(v / 1024 / 1024).toFixed(1)} MB` : unit === 'ms' ? `${v.toFixed(0)} ms` : unit === 'score' ? v.toFixed(4) : String(v));
  const targets = [...results.keys()];
  const label = (t) => (t === ours ? 'ours' : t === baseline ? 'baseline' : 'theirs');
  const ratioOf = (values, i) => {
    const j = targets.indexOf(theirs);
    return theirs && Number.isFinite(values[i]) && Number.isFinite(values[j]) && values[j] > 0 ? `${(values[i] / values[j]).toFixed(2)}×` : '';
  };
  const ratioColumns = theirs ? targets.filter((t) => t !== theirs) : [];
  console.log(`  ${''.padEnd(26)}${targets.map((t) => label(t).padStart(14)).join('')}${ratioColumns.map((t) => `${label(t)}/theirs`.padStart(18)).join('')}`);
  for (const [name, key, unit] of rows) {
    const values = targets.map((t) => med(t, key));
    if (values.every((v) => !Number.isFinite(v))) continue;
    console.log(`  ${name.padEnd(26)}${values.map((v) => show(v, unit).padStart(14)).join('')}${ratioColumns.map((t) => ratioOf(values, targets.indexOf(t)).padStart(18)).join('')}`);
  }
  if (baseline) console.log(`  baseline: ${baseline.name}`);
  if (theirs) console.log(`  theirs: ${theirs.name}`);
  for (const t of targets) console.log(`  FCP of each run, ${`${label(t)}:`.padEnd(10)} ${results.get(t).map((r) => r.fcp.toFixed(0)).join(' ')}`);
  if (theirs) {
    console.log(`login-fcp-ratio=${(med(ours, 'fcp') / med(theirs, 'fcp')).toFixed(3)}`);
    if (baseline) console.log(`login-fcp-ratio-baseline=${(med(baseline, 'fcp') / med(theirs, 'fcp')).toFixed(3)}`);
  }
} finally {
  startPage?.close();
  await standIn?.stop();
  await portal.stop();
}

/** One cold load of a target in a fresh profile: the navigation and paint timings, when its marks appeared, the JS. */
async function measure(target) {
  const browser = await openBrowser({ width: WIDTH });
  try {
    const page = await browser.context.newPage();
    // in the page, before any of its scripts: the time each mark (a selector) first appears
    await page.addInitScript((marks) => {
      const seen = {};
      window.__benchMarks = seen;
      const check = () => {
        for (const [name, selector] of Object.entries(marks)) if (seen[name] === undefined && document.querySelector(selector)) seen[name] = performance.now();
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
      // layout shifts not caused by input (the score the layout-instability API gives each frame that moved something)
      window.__benchShift = 0;
      if (PerformanceObserver.supportedEntryTypes?.includes('layout-shift')) {
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__benchShift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      }
    }, Object.fromEntries(Object.entries({ ready: target.ready, captcha: target.captcha }).filter(([, s]) => s)));
    const scripts = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(request);
    });
    if (fromUrl) await page.goto(fromUrl, { waitUntil: 'load', timeout: 120_000 });
    await page.goto(target.url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForSelector(target.ready, { timeout: 60_000 });
    if (target.captcha) await page.waitForSelector(target.captcha, { timeout: 60_000 });
    const m = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      // the JS asked for before the form was in place (the sign-in page's), apart from what came after it (the
      // signed-in home's code that our page fetches while the user types)
      const ready = window.__benchMarks.ready ?? Infinity;
      const js = performance.getEntriesByType('resource').filter((r) => new URL(r.name).pathname.endsWith('.js'));
      const early = js.filter((r) => r.startTime <= ready);
      return {
        dcl: nav.domContentLoadedEventEnd, fcp: fcp ? fcp.startTime : NaN, load: nav.loadEventEnd, cls: window.__benchShift, ...window.__benchMarks,
        jsBeforeReadyBytes: early.reduce((a, r) => a + r.encodedBodySize, 0), jsBeforeReadyFiles: early.length,
      };
    });
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Performance.enable');
    m.heap = (await cdp.send('Performance.getMetrics')).metrics.find((x) => x.name === 'JSHeapUsedSize')?.value ?? NaN;
    let bytes = 0;
    for (const request of scripts) bytes += (await request.sizes()).responseBodySize;
    m.jsBytes = bytes;
    m.jsFiles = scripts.length;
    m.ready ??= NaN;
    m.captcha ??= NaN;
    return m;
  } finally {
    await browser.close();
  }
}
