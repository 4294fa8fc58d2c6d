/**
 * The build step of the pre-rendered sign-in form: inlines src/boot/login-shell.css as the critical CSS and
 * src/boot/login-shell.html at the `<!-- boot-login-shell -->` mark of index.html, its texts filled from the
 * translation files (both languages; the stored one is shown by CSS). No script is inlined: the
 * Content-Security-Policy allows none.
 *
 * Nothing in the head blocks the first paint:
 * - the entry's stylesheet (antd's reset and the shell's global styles) is inlined as a `<style>` instead of a
 *   `<link rel="stylesheet">`, which the browser would wait for before painting;
 * - the pages the gateway sends for /login are written here, one per language (`boot/login.vi.html`,
 *   `boot/login.en.html`): index.html with the sign-in form already shown (`data-boot="login"`), in that
 *   language, and the translations preloaded, so that public/preload-locales.js no longer has to run before the
 *   first paint and is loaded `async`;
 * - on those pages the scripts are asked for only after the first paint (`deferEntry`, `entryLoader`): their
 *   compilation and evaluation (120–220 ms of the two cores of a small machine) no longer compete with the
 *   first frame's parse, layout, paint and raster; the sign-in page's own chunks are asked for with the entry's;
 * - and once the React form is in place and the browser idle, the signed-in home's code is fetched (not run) while
 *   the user types (`homeChunks`), so that the sign-in click waits for less.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';

export const BOOT_SHELL_MARK = '<!-- boot-login-shell -->';
const LANGUAGES = ['vi', 'en'] as const;
type Language = (typeof LANGUAGES)[number];
/** Where the build writes the page of /login in each language (the gateway sends it: gateway/platform/http/static.ts). */
export const loginPageFile = (lng: Language) => `boot/login.${lng}.html`;

type Translations = Record<string, unknown>;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function lookup(translations: Translations, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Translations)[part] : undefined), translations);
  if (typeof value !== 'string') throw new Error(`login shell: no translation "${key}"`);
  return escapeHtml(value);
}

/**
 * Fills the template: `{{t key}}` becomes the Vietnamese text and the English one (lang="en"), `{{attr key}}`
 * (inside an attribute) the Vietnamese text, with both languages' texts in data-boot-vi-… and data-boot-en-…,
 * from which public/preload-locales.js (or the build, for the English page of /login) sets the attribute.
 */
export function renderLoginShell(template: string, translations: Record<(typeof LANGUAGES)[number], Translations>): string {
  return template
    .replace(/<!--[\s\S]*?-->\s*/g, '')
    .replace(/(\w+)="\{\{attr ([\w.]+)\}\}"/g, (_, attr: string, key: string) => `${attr}="${lookup(translations.vi, key)}" data-boot-vi-${attr}="${lookup(translations.vi, key)}" data-boot-en-${attr}="${lookup(translations.en, key)}"`)
    .replace(/\{\{t ([\w.]+)\}\}/g, (_, key: string) => `<span class="boot-vi">${lookup(translations.vi, key)}</span><span lang="en">${lookup(translations.en, key)}</span>`);
}

/**
 * The entry's `<link rel="stylesheet">` of the built index.html replaced by `<style>` with the file's CSS. The link
 * stays, `disabled` (not fetched, applies nothing): Vite's preload helper looks for it before a lazy chunk that
 * lists the same sheet among its dependencies; finding none, it would append the link after antd's styles and
 * wait for it.
 */
export function inlineStylesheets(html: string, cssOf: (href: string) => string | undefined): string {
  return html.replace(/<link rel="stylesheet"[^>]*? href="([^"]+\.css)"[^>]*>/g, (link, href: string) => {
    const css = cssOf(href);
    // a url() would resolve against the page instead of /assets/: such a sheet stays a link
    if (css === undefined || /url\(|<\/style/i.test(css)) return link;
    return `<style>${css}</style>${link.replace(/>$/, ' disabled>')}`;
  });
}

/**
 * The small module that starts the sign-in page's entry after the first paint: when the browser reports the
 * first contentful paint (the static form), or, where paint timing is missing, after the first frame
 * (requestAnimationFrame, then a task: the frame's paint is done by then). It then imports the entry and asks
 * for the entry's imports and the sign-in page's chunks at once, in that order (modulepreload: fetched and
 * compiled in parallel, not run; over HTTP/1.1 the browser has 6 connections to the gateway, so the order is the
 * order they come in). A page that is not visible paints nothing (a background tab, a prerender) and starts at once. A file
 * of its own: the Content-Security-Policy allows no inline script.
 *
 * `laterSrc`: a module that lists the signed-in shell's code that the home needs after the click (`homeChunks`,
 * `laterList`), fetched while the user types: once the React form has taken over (the static form is gone), the
 * page has loaded and the browser is idle, as modulepreloads at low priority. The browser fetches and compiles
 * them, runs nothing (no side effect, no call to the gateway's API), and the click's imports find them in its
 * module map. Not with Save-Data on. The list is a file of its own so that the loader, which the browser fetches
 * with the document, stays as small as it was.
 */
export function entryLoader(entrySrc: string, preloads: readonly string[], laterSrc?: string): string {
  return [
    `// The sign-in page's entry, started after the first paint of the static form (scripts/boot-shell.ts).`,
    `const preloads = ${JSON.stringify(preloads)};`,
    `const later = ${JSON.stringify(laterSrc ?? null)};`,
    'const preload = (href, priority) => {',
    "  const link = document.createElement('link');",
    "  link.rel = 'modulepreload';",
    "  link.crossOrigin = '';",
    '  if (priority) link.fetchPriority = priority;',
    '  link.href = href;',
    '  document.head.appendChild(link);',
    '};',
    '// the signed-in home\'s code, fetched (not run) once the React form is in place, the page loaded and the browser idle',
    'const fetchLater = () => {',
    '  if (!later || navigator.connection?.saveData) return;',
    "  const formReady = () => !document.getElementById('boot-login');",
    "  const fetchAll = () => import(later).then((list) => list.default.forEach((href) => preload(href, 'low')), () => {});",
    '  const idle = () => (window.requestIdleCallback ? requestIdleCallback(fetchAll, { timeout: 5000 }) : setTimeout(fetchAll, 500));',
    "  const loaded = () => (document.readyState === 'complete' ? idle() : addEventListener('load', idle, { once: true }));",
    '  if (formReady()) loaded();',
    '  else new MutationObserver((_, observer) => { if (formReady()) { observer.disconnect(); loaded(); } }).observe(document.body, { childList: true });',
    '};',
    'let started = false;',
    'const start = () => {',
    '  if (started) return;',
    '  started = true;',
    '  // the entry first: the browser opens 6 connections to the gateway, and asks in this order',
    `  import(${JSON.stringify(entrySrc)});`,
    '  for (const href of preloads) preload(href);',
    '  fetchLater();',
    '};',
    "if (document.visibilityState !== 'visible') start();",
    'else {',
    "  document.addEventListener('visibilitychange', start, { once: true });",
    '  const afterFrame = () => requestAnimationFrame(() => setTimeout(start, 0));',
    "  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {",
    "    new PerformanceObserver((list, observer) => { if (list.getEntriesByName('first-contentful-paint').length) { observer.disconnect(); start(); } }).observe({ type: 'paint', buffered: true });",
    '    // a paint the browser does not report as contentful: a few frames more, then start',
    '    requestAnimationFrame(() => requestAnimationFrame(afterFrame));',
    '  } else afterFrame();',
    '}',
    '',
  ].join('\n');
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** The built entry's address (the `<script type="module">` of index.html) and its modulepreloads. */
export function entryOf(html: string): { src: string; preloads: string[] } | undefined {
  const src = ENTRY_SCRIPT.exec(html)?.[1];
  return src ? { src, preloads: [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]) } : undefined;
}

/**
 * The entry `<script type="module">` of the built page and its modulepreloads replaced by the loader module that
 * asks for them after the first paint (`entryLoader`): before it, the document's parse, style, layout, paint
 * and raster have the two cores to themselves (no script to fetch, compile or run).
 */
export function deferEntry(html: string, loaderSrc: string): string {
  if (!ENTRY_SCRIPT.test(html)) throw new Error('login shell: index.html has no entry <script type="module">');
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, `<script type="module" crossorigin src="${loaderSrc}"></script>\n    `);
}

/**
 * The chunks the sign-in page (src/auth/pages/LoginPage.tsx) needs beyond the entry: its own and what it imports
 * statically, as the entry's preload of the first page would ask for them once the entry runs.
 */
export function loginPageChunks(bundle: Rollup.OutputBundle, entryFiles: ReadonlySet<string>): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const page = chunks.find((c) => c.facadeModuleId?.endsWith('src/auth/pages/LoginPage.tsx'));
  if (!page) return [];
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName) || entryFiles.has(fileName)) return;
    seen.add(fileName);
    for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
  };
  visit(page.fileName);
  return [...seen];
}

/**
 * The chunks the signed-in home needs after the sign-in click: the App (src/App.tsx), the home page and its search
 * panel, each with what it imports statically, beyond what the sign-in page has loaded (`loaded`); the App's first.
 */
export function homeChunks(bundle: Rollup.OutputBundle, loaded: ReadonlySet<string>): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName) || loaded.has(fileName)) return;
    seen.add(fileName);
    for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const root of ['src/App.tsx', 'plugins/home/pages/HomePage.tsx', 'plugins/flights/components/HomeSearchPanel.tsx']) {
    const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${root}`));
    if (chunk) visit(chunk.fileName);
  }
  return [...seen];
}

/** The module that lists the signed-in home's chunks for the loader (`entryLoader`'s `laterSrc`): data only. */
export function laterList(files: readonly string[]): string {
  return `// The signed-in home's code, fetched while the user types on the sign-in page (scripts/boot-shell.ts).\nexport default ${JSON.stringify(files)};\n`;
}

/**
 * The page of /login in one language: the sign-in form shown from the first byte (`data-boot="login"`), the
 * language's texts and placeholders, and its translations preloaded; with `loaderSrc`, its entry started by that
 * loader after the first paint (`deferEntry`).
 */
export function loginPage(indexHtml: string, lng: Language, loaderSrc?: string): string {
  const page = (loaderSrc ? deferEntry(indexHtml, loaderSrc) : indexHtml)
    .replace(/<html lang="[^"]*"/, `<html lang="${lng}" data-boot="login"`)
    .replace(/ placeholder="[^"]*"( data-boot-vi-placeholder="([^"]*)" data-boot-en-placeholder="([^"]*)")/g, (_, marks: string, vi: string, en: string) => ` placeholder="${lng === 'en' ? en : vi}"${marks}`)
    .replace('</title>', `</title>\n    <link rel="preload" as="fetch" crossorigin="anonymous" href="/locales/${lng}/translation.json" />`);
  if (!page.includes('data-boot="login"') || !page.includes(`/locales/${lng}/translation.json`)) throw new Error('login shell: index.html has no <html lang> or <title> to mark');
  return page;
}

export function bootShell(root: string): Plugin {
  const read = (file: string) => readFileSync(join(root, file), 'utf8');
  return {
    name: 'boot-login-shell',
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        if (!html.includes(BOOT_SHELL_MARK)) return html;
        const translations = Object.fromEntries(LANGUAGES.map((l) => [l, JSON.parse(read(`locales/${l}/translation.json`)) as Translations])) as Record<(typeof LANGUAGES)[number], Translations>;
        if (ctx.server) for (const l of LANGUAGES) ctx.server.watcher.add(join(root, `locales/${l}/translation.json`));
        const css = read('src/boot/login-shell.css').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s*\n\s*/g, '\n').trim();
        const shell = renderLoginShell(read('src/boot/login-shell.html'), translations).replace(/\n\s*/g, '');
        let page = html.replace('</head>', `  <style>${css}</style>\n  </head>`).replace(BOOT_SHELL_MARK, shell);
        // the dev server has no gateway in front of index.html: the page of /login is marked here
        const url = ctx.server ? new URL(ctx.originalUrl ?? ctx.path, 'http://dev') : null;
        if (url?.pathname === '/login') page = loginPage(page, /^en/.test(url.searchParams.get('lng') ?? '') ? 'en' : 'vi');
        return page;
      },
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle: Rollup.OutputBundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') return;
        const cssOf = (href: string) => {
          const asset = bundle[href.replace(/^\//, '')];
          return asset?.type === 'asset' ? String((asset as Rollup.OutputAsset).source) : undefined;
        };
        const html = inlineStylesheets(String(index.source), cssOf);
        index.source = html;
        if (!html.includes('<div id="boot-login"')) return;
        const entry = entryOf(html);
        let loaderSrc: string | undefined;
        if (entry) {
          const base = (href: string) => href.replace(/^\//, '');
          const entryFiles = new Set([entry.src, ...entry.preloads].map(base));
          const signInFiles = loginPageChunks(bundle, entryFiles);
          const later = laterList(homeChunks(bundle, new Set([...entryFiles, ...signInFiles])).map((f) => `/${f}`));
          const laterFile = `assets/login-later-${createHash('sha256').update(later).digest('base64url').slice(0, 8)}.js`;
          this.emitFile({ type: 'asset', fileName: laterFile, source: later });
          const loader = entryLoader(entry.src, [...entry.preloads, ...signInFiles.map((f) => `/${f}`)], `/${laterFile}`);
          const fileName = `assets/login-start-${createHash('sha256').update(loader).digest('base64url').slice(0, 8)}.js`;
          this.emitFile({ type: 'asset', fileName, source: loader });
          loaderSrc = `/${fileName}`;
        }
        for (const lng of LANGUAGES) this.emitFile({ type: 'asset', fileName: loginPageFile(lng), source: loginPage(html, lng, loaderSrc) });
      },
    },
  };
}
