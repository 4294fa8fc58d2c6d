// Builds the portal and reports JavaScript sizes: what the login page loads first (the entry chunk plus
// everything index.html preloads), the total, and each route chunk with what it pulls in beyond the
// initial load; then the first JS of the public B2C storefront (storefront.html, its own entry).
// Sizes raw and gzip (level 9). Run: npm run bench:bundle [-- --no-build]
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
const key = (src) => Object.keys(manifest).find((k) => k === src);
const shellFiles = new Set();
closure(manifest[key('src/App.tsx')].file, shellFiles);
const shellOnly = sum([...shellFiles].filter((f) => !initial.has(f)));
const appChunk = size(manifest[key('src/App.tsx')].file);
const home = new Set(shellFiles);
for (const src of ['plugins/home/pages/HomePage.tsx', 'plugins/flights/components/HomeSearchPanel.tsx']) if (key(src)) closure(manifest[src].file, home);
const homeExtra = sum([...home].filter((f) => !initial.has(f)));
console.log('\nSigned-in shell:');
console.log(`  ${'App chunk alone'.padEnd(60)} ${kb(appChunk.raw).padStart(10)} ${kb(appChunk.gzip).padStart(10)} gzip`);
console.log(`  ${'App chunk and its static imports, beyond the login load'.padEnd(60)} ${kb(shellOnly.raw).padStart(10)} ${kb(shellOnly.gzip).padStart(10)} gzip`);
console.log(`  ${'sign-in click to home content (shell + home + search panel)'.padEnd(60)} ${kb(homeExtra.raw).padStart(10)} ${kb(homeExtra.gzip).padStart(10)} gzip`);
const loaded = new Set([...initial, ...home]);
const beyond = Object.entries(manifest).filter(([, c]) => c.isDynamicEntry).map(([src, c]) => [src, sum([...closure(c.file)].filter((f) => !loaded.has(f)))]).sort((a, b) => b[1].gzip - a[1].gzip);
console.log('\nRoute chunks: what navigating to each downloads once the login load and the signed-in home are in:');
for (const [src, s] of beyond) console.log(`  ${src.padEnd(60)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} gzip`);
console.log(`signed-in-shell-gzip-bytes=${shellOnly.gzip}`);
console.log(`signin-to-home-gzip-bytes=${homeExtra.gzip}`);
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
