// Builds the portal and reports JavaScript sizes: what the login page loads first (the entry chunk plus
// everything index.html preloads), the total, and each route chunk with what it pulls in beyond the
// initial load; then the first JS of the public B2C storefront (storefront.html, its own entry). Then, measured in
// Chromium against the build served by a real gateway, the JS the browser actually downloads between the sign-in
// click and f1agent's home content (skip with --no-measure).
// Sizes raw and gzip (level 9). Run: npm run bench:bundle [-- --no-build] [-- --no-measure] [-- --signin idle|ready|typing]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const dist = join(root, 'dist');
if (!process.argv.includes('--no-build')) {
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const size = (file) => {
  const buf = readFileSync(join(dist, file));
  return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** The JS files an HTML page loads first: its module scripts and modulepreloads. */
const firstJs = (page) => {
  const files = new Set();
  for (const m of page.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)) files.add(m[1]);
  for (const m of page.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+\.js)"/g)) files.add(m[1]);
  return files;
};
const initial = firstJs(html);

const byFile = new Map(Object.values(manifest).map((c) => [c.file, c]));
const closure = (file, seen = new Set()) => {
  if (seen.has(file)) return seen;
  seen.add(file);
  const chunk = byFile.get(file);
  for (const key of chunk?.imports ?? []) closure(manifest[key].file, seen);
  return seen;
};
for (const f of [...initial]) closure(f, initial);

const sum = (files) => [...files].reduce((a, f) => {
  const s = size(f);
  return { raw: a.raw + s.raw, gzip: a.gzip + s.gzip };
}, { raw: 0, gzip: 0 });

const allJs = Object.values(manifest).map((c) => c.file).filter((f) => f.endsWith('.js'));
const init = sum(initial);
const total = sum(new Set(allJs));
console.log('Initial JS of the login page (entry + preloads):');
for (const f of initial) { const s = size(f); console.log(`  ${f.padEnd(48)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} gzip`); }
console.log(`  ${'TOTAL initial'.padEnd(48)} ${kb(init.raw).padStart(10)} ${kb(init.gzip).padStart(10)} gzip`);
console.log(`All JS: ${Object.keys(allJs).length} chunks, ${kb(total.raw)} raw, ${kb(total.gzip)} gzip`);
console.log('\nRoute chunks (dynamic entries) and what they add beyond the initial load:');
const rows = Object.entries(manifest).filter(([, c]) => c.isDynamicEntry).map(([src, c]) => {
  const extra = [...closure(c.file)].filter((f) => !initial.has(f));
  const s = sum(extra);
  return [src, s];
}).sort((a, b) => b[1].gzip - a[1].gzip);
for (const [src, s] of rows) console.log(`  ${src.padEnd(60)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} gzip`);
console.log(`\nlogin-initial-js-gzip-bytes=${init.gzip}`);

// The signed-in shell: the App chunk with everything it imports statically, and what f1agent's first page (home,
// with its search panel) adds: the JS between the sign-in click and the home content. Then each route chunk's
// cost once that shell is loaded (what navigating to it downloads), the measure of the per-route budget.
// The sign-in page's JS is already in the browser when the sign-in button is clicked: the entry, its preloads and
// the LoginPage chunk with its imports (the api client among them). What the click downloads is the rest.
const key = (src) => Object.keys(manifest).find((k) => k === src);
const signInPage = new Set(initial);
if (key('src/auth/pages/LoginPage.tsx')) closure(manifest['src/auth/pages/LoginPage.tsx'].file, signInPage);
const shellFiles = new Set();
closure(manifest[key('src/App.tsx')].file, shellFiles);
const shellOnly = sum([...shellFiles].filter((f) => !initial.has(f)));
const appChunk = size(manifest[key('src/App.tsx')].file);
const home = new Set(shellFiles);
for (const src of ['plugins/home/pages/HomePage.tsx', 'plugins/flights/components/HomeSearchPanel.tsx']) if (key(src)) closure(manifest[src].file, home);
const homeExtra = sum([...home].filter((f) => !initial.has(f)));
const homeAfterSignIn = [...home].filter((f) => !signInPage.has(f));
const homeClick = sum(homeAfterSignIn);
console.log('\nSigned-in shell:');
console.log(`  ${'App chunk alone'.padEnd(60)} ${kb(appChunk.raw).padStart(10)} ${kb(appChunk.gzip).padStart(10)} gzip`);
console.log(`  ${'App chunk and its static imports, beyond the login load'.padEnd(60)} ${kb(shellOnly.raw).padStart(10)} ${kb(shellOnly.gzip).padStart(10)} gzip`);
console.log(`  ${'shell + home + search panel, beyond the entry and preloads'.padEnd(60)} ${kb(homeExtra.raw).padStart(10)} ${kb(homeExtra.gzip).padStart(10)} gzip`);
console.log(`  ${'sign-in click to home content (beyond the sign-in page JS)'.padEnd(60)} ${kb(homeClick.raw).padStart(10)} ${kb(homeClick.gzip).padStart(10)} gzip in ${homeAfterSignIn.length} files`);
if (process.argv.includes('--list')) for (const f of homeAfterSignIn.sort((a, b) => size(b).gzip - size(a).gzip)) console.log(`      ${f.padEnd(56)} ${kb(size(f).gzip).padStart(10)} gzip`);
const loaded = new Set([...initial, ...home]);
const beyond = Object.entries(manifest).filter(([, c]) => c.isDynamicEntry).map(([src, c]) => [src, sum([...closure(c.file)].filter((f) => !loaded.has(f)))]).sort((a, b) => b[1].gzip - a[1].gzip);
console.log('\nRoute chunks: what navigating to each downloads once the login load and the signed-in home are in:');
for (const [src, s] of beyond) console.log(`  ${src.padEnd(60)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} gzip`);
// What the home fetches once its content is shown (idle time): the results page and the multi-city editor. A route
// reached from the home after that downloads only what is beyond them too.
const idle = new Set(loaded);
for (const src of ['plugins/flights/pages/FlightResultsPage.tsx', 'plugins/flights/components/LegsEditor.tsx']) if (key(src)) closure(manifest[src].file, idle);
const idleExtra = sum([...idle].filter((f) => !loaded.has(f)));
const beyondIdle = Object.entries(manifest).filter(([, c]) => c.isDynamicEntry).map(([src, c]) => [src, sum([...closure(c.file)].filter((f) => !idle.has(f)))]).sort((a, b) => b[1].gzip - a[1].gzip);
console.log(`\nFetched by the home once its content is shown (results page, multi-city editor): ${kb(idleExtra.gzip)} gzip. Routes beyond that too (top 8):`);
for (const [src, s] of beyondIdle.slice(0, 8)) console.log(`  ${src.padEnd(60)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} gzip`);
console.log(`largest-route-beyond-home-idle-gzip-bytes=${beyondIdle[0]?.[1].gzip ?? 0} (${beyondIdle[0]?.[0] ?? '-'})`);
console.log(`signed-in-shell-gzip-bytes=${shellOnly.gzip}`);
console.log(`shell-home-beyond-entry-gzip-bytes=${homeExtra.gzip}`);
console.log(`signin-to-home-gzip-bytes=${homeClick.gzip}`);
console.log(`largest-route-beyond-shell-gzip-bytes=${beyond[0]?.[1].gzip ?? 0} (${beyond[0]?.[0] ?? '-'})`);

// The public storefront (/s/{slug}): its first JS, apart from the portal's.
const storefrontHtml = readFileSync(join(dist, 'storefront.html'), 'utf8');
const storefront = firstJs(storefrontHtml);
for (const f of [...storefront]) closure(f, storefront);
const shared = [...storefront].filter((f) => initial.has(f));
const sf = sum(storefront);
console.log('\nInitial JS of the B2C storefront (storefront.html):');
for (const f of storefront) { const s = size(f); console.log(`  ${f.padEnd(48)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} gzip`); }
console.log(`  ${'TOTAL storefront initial'.padEnd(48)} ${kb(sf.raw).padStart(10)} ${kb(sf.gzip).padStart(10)} gzip`);
if (shared.length) console.log(`  shared with the login page: ${shared.join(', ')}`);
console.log(`storefront-initial-js-gzip-bytes=${sf.gzip}`);

// Measured: f1agent signs in on the sign-in page of the built portal (served by a real gateway) in Chromium; every JS
// response from the click until the home content (the heading and the flight search panel) is shown is counted:
// its bytes on the wire (the gateway serves the pre-compressed .gz, as gzip is the only encoding asked for). The JS
// requested before the click is counted too, apart (the sign-in page's, and the home's code that the sign-in page
// fetches while the user types): nothing is left out of the two sums.
// When the user signs in (BENCH_SIGNIN, or --signin):
// - idle (default): once the page's network has been idle for 500 ms, the fields filled at once;
// - ready: as soon as the React form has taken over (the static form gone), the fields filled at once;
// - typing: from the React form taking over, both fields typed key by key (150 ms a key: about 2.4 s), as a person would.
// BENCH_LATENCY_MS=N adds N ms to each request's round trip (Chromium's network emulation).
if (!process.argv.includes('--no-measure')) {
  const { openBrowser } = await import('../support/browser.ts');
  const { startGateway } = await import('../support/gateway-process.ts');
  const gateway = process.env.BENCH_URL ? null : await startGateway();
  const base = process.env.BENCH_URL ?? gateway.url;
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const signInArg = process.argv.indexOf('--signin');
  const signInAt = (signInArg >= 0 ? process.argv[signInArg + 1] : process.env.BENCH_SIGNIN) ?? 'idle';
  if (!['idle', 'ready', 'typing'].includes(signInAt)) throw new Error(`--signin ${signInAt}: idle, ready or typing`);
  const results = [];
  try {
    for (let i = 0; i < runs; i++) {
      const browser = await openBrowser();
      try {
        const page = await browser.context.newPage();
        await page.setExtraHTTPHeaders({ 'Accept-Encoding': 'gzip' });
        // BENCH_LATENCY_MS: each request's round trip made that much longer (Chromium's network emulation), as over a
        // real network rather than this machine's loopback
        if (Number(process.env.BENCH_LATENCY_MS ?? 0) > 0) {
          const cdp = await browser.context.newCDPSession(page);
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: Number(process.env.BENCH_LATENCY_MS), downloadThroughput: -1, uploadThroughput: -1 });
        }
        // every JS request, by whether it was asked for before the click or after it
        let phase = 'before'; // then 'after' the click, 'done' once the home content is seen
        const askedIn = new WeakMap();
        let inFlight = 0; // JS asked for before the home content was seen, not answered yet
        page.on('request', (req) => {
          askedIn.set(req, phase);
          if (phase !== 'done' && new URL(req.url()).pathname.endsWith('.js')) inFlight++;
        });
        const files = [];
        const beforeClick = [];
        const pending = [];
        const settled = (req) => {
          if (askedIn.get(req) !== 'done' && new URL(req.url()).pathname.endsWith('.js')) inFlight--;
        };
        page.on('requestfailed', settled);
        page.on('requestfinished', (req) => {
          settled(req);
          const asked = askedIn.get(req);
          if (!new URL(req.url()).pathname.endsWith('.js') || asked === 'done') return;
          const into = asked === 'after' ? files : beforeClick;
          pending.push(req.sizes().then((sz) => req.response().then(async (res) => into.push({ url: new URL(req.url()).pathname, bytes: sz.responseBodySize, encoding: (await res.allHeaders())['content-encoding'] ?? 'none', start: req.timing().startTime }))));
        });
        await page.goto(`${base}/login`, { waitUntil: signInAt === 'idle' ? 'networkidle' : 'commit' });
        // the React form in place: its input, the static form gone
        await page.waitForFunction(() => !document.getElementById('boot-login') && document.querySelector('#login-username'), null, { timeout: 60_000 });
        if (signInAt === 'typing') {
          await page.locator('#login-username').pressSequentially('f1agent', { delay: 150 });
          await page.locator('#login-password').pressSequentially('Demo@2026', { delay: 150 });
        } else {
          await page.locator('#login-username').fill('f1agent');
          await page.locator('#login-password').fill('Demo@2026');
        }
        // the moment the page shows the home content (heading and search panel), taken in the page itself: what is
        // requested after it (the parts loaded once the content is shown) is not part of the load before it, even
        // when the browser answers the waitFor below later on a loaded machine
        await page.evaluate(() => {
          const shown = () => document.querySelector('.home .page-heading, .home [data-testid="new-home-header"]') && document.querySelector('[data-testid="flight-search-panel"]');
          const observer = new MutationObserver(() => {
            if (!shown()) return;
            window.__homeShownAt = performance.timeOrigin + performance.now();
            observer.disconnect();
          });
          observer.observe(document, { subtree: true, childList: true });
        });
        phase = 'after';
        const t0 = Date.now();
        await page.locator('button[type=submit]').click();
        await page.locator('.home .page-heading, .home [data-testid="new-home-header"]').first().waitFor({ timeout: 60_000 });
        await page.locator('[data-testid="flight-search-panel"]').waitFor({ timeout: 60_000 });
        const ms = Date.now() - t0;
        phase = 'done';
        // what was asked for before (a fetch of the sign-in page still coming in) is counted whole
        for (const until = Date.now() + 30_000; inFlight > 0 && Date.now() < until;) await new Promise((resolve) => setTimeout(resolve, 50));
        await Promise.all(pending);
        const shownAt = await page.evaluate(() => window.__homeShownAt);
        const before = files.filter((f) => shownAt === undefined || f.start <= shownAt);
        results.push({ ms, files, bytes: files.reduce((a, f) => a + f.bytes, 0), before, beforeBytes: before.reduce((a, f) => a + f.bytes, 0), beforeClick, beforeClickBytes: beforeClick.reduce((a, f) => a + f.bytes, 0) });
      } finally {
        await browser.close();
      }
    }
  } finally {
    await gateway?.stop();
  }
  const byBytes = [...results].sort((a, b) => a.bytes - b.bytes);
  const mid = byBytes[Math.floor(byBytes.length / 2)];
  const encodings = [...new Set(mid.files.map((f) => f.encoding))].join(', ');
  console.log(`\nMeasured in Chromium, f1agent, sign-in click to home content (${runs} runs, median by bytes; signed in: ${signInAt}${process.env.BENCH_LATENCY_MS ? `; ${process.env.BENCH_LATENCY_MS} ms added to each round trip` : ''}):`);
  // before the click: the sign-in page's JS and what it fetched of the home's while the user typed
  const byClick = [...results].sort((a, b) => a.beforeClickBytes - b.beforeClickBytes);
  const midClick = byClick[Math.floor(byClick.length / 2)];
  const homeEarly = midClick.beforeClick.filter((f) => homeAfterSignIn.includes(f.url.slice(1)));
  const gzOf = (list) => list.reduce((a, f) => a + (byFile.has(f.url.slice(1)) ? size(f.url.slice(1)).gzip : f.bytes), 0);
  console.log(`  JS requested before the click: ${kb(midClick.beforeClickBytes)} on the wire in ${midClick.beforeClick.length} files, ${kb(gzOf(midClick.beforeClick))} gzip; of it the home's (static figure's) files: ${homeEarly.length}, ${kb(gzOf(homeEarly))} gzip; runs: ${results.map((r) => `${kb(r.beforeClickBytes)} (${r.beforeClick.length})`).join(', ')}`);
  console.log(`measured-before-click-js-gzip-bytes=${gzOf(midClick.beforeClick)}`);
  console.log(`measured-before-click-home-js-gzip-bytes=${gzOf(homeEarly)}`);
  if (process.argv.includes('--list')) for (const f of [...mid.files].sort((a, b) => b.bytes - a.bytes)) console.log(`      ${f.url.padEnd(56)} ${kb(f.bytes).padStart(10)}`);
  const gz = mid.files.reduce((a, f) => a + (byFile.has(f.url.slice(1)) ? size(f.url.slice(1)).gzip : f.bytes), 0);
  const notInGraph = mid.files.filter((f) => !homeAfterSignIn.includes(f.url.slice(1))).map((f) => f.url);
  console.log(`  JS requested after the click: ${kb(mid.bytes)} on the wire in ${mid.files.length} files (content-encoding: ${encodings}), ${kb(gz)} gzip; runs: ${results.map((r) => kb(r.bytes)).join(', ')}`);
  console.log(`  loaded but not in the static figure: ${notInGraph.length ? notInGraph.join(', ') : 'none'}`);
  console.log(`  time from the click to the home content: ${results.map((r) => `${r.ms} ms`).join(', ')} (depends on the load)`);
  // requested before the page showed the content (the load the content waited for), median of the runs by bytes
  const byBefore = [...results].sort((a, b) => a.beforeBytes - b.beforeBytes);
  const midBefore = byBefore[Math.floor(byBefore.length / 2)];
  const gzBefore = midBefore.before.reduce((a, f) => a + (byFile.has(f.url.slice(1)) ? size(f.url.slice(1)).gzip : f.bytes), 0);
  const beforeOutside = midBefore.before.filter((f) => !homeAfterSignIn.includes(f.url.slice(1))).map((f) => f.url);
  console.log(`  requested before the page showed the content: ${kb(midBefore.beforeBytes)} on the wire in ${midBefore.before.length} files, ${kb(gzBefore)} gzip; runs: ${results.map((r) => kb(r.beforeBytes)).join(', ')}; not in the static figure: ${beforeOutside.length ? beforeOutside.join(', ') : 'none'}`);
  console.log(`measured-signin-to-home-js-bytes=${mid.bytes}`);
  console.log(`measured-before-home-shown-js-gzip-bytes=${gzBefore}`);
  console.log(`measured-signin-to-home-js-gzip-bytes=${gz}`);
}
