// The static sign-in form of index.html: filled from both translation files, nothing left unfilled, no
// script, and the React page takes over what was typed into it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Rollup } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferEntry, entryLoader, entryOf, homeChunks, inlineStylesheets, laterList, loginPage, loginPageChunks, renderLoginShell } from '../../scripts/boot-shell';
import { readBootShell, removeBootShell } from '../../src/boot/shell';
import { FONT_FAMILY } from '../../src/ui/theme';

const root = join(import.meta.dirname, '../..');
const translations = {
  vi: JSON.parse(readFileSync(join(root, 'locales/vi/translation.json'), 'utf8')),
  en: JSON.parse(readFileSync(join(root, 'locales/en/translation.json'), 'utf8')),
};
const template = readFileSync(join(root, 'src/boot/login-shell.html'), 'utf8');

describe('static sign-in form', () => {
  it('is filled in Vietnamese and English, with no mark left and no script', () => {
    const html = renderLoginShell(template, translations);
    expect(html).not.toMatch(/\{\{/);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(`<span class="boot-vi">${translations.vi.auth.login.title}</span><span lang="en">${translations.en.auth.login.title}</span>`);
    expect(html).toContain(
      `placeholder="${translations.vi.auth.login.usernamePlaceholder}" data-boot-vi-placeholder="${translations.vi.auth.login.usernamePlaceholder}" data-boot-en-placeholder="${translations.en.auth.login.usernamePlaceholder}"`,
    );
    // nothing typed into it can be submitted before the scripts arrive
    expect(html).toMatch(/<button type="submit" class="boot-submit" disabled>/);
    expect(html).not.toMatch(/<input[^>]* name=/);
  });

  it('makes the page of /login in each language: the form shown, its placeholders, the translations preloaded', () => {
    const index = `<!doctype html>\n<html lang="vi">\n  <head>\n    <title>Portal</title>\n  </head>\n  <body>${renderLoginShell(template, translations)}<div id="root"></div></body>\n</html>`;
    const en = loginPage(index, 'en');
    expect(en).toContain('<html lang="en" data-boot="login">');
    expect(en).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/locales/en/translation.json" />');
    expect(en).toContain(`placeholder="${translations.en.auth.login.passwordPlaceholder}" data-boot-vi-placeholder=`);
    expect(en).not.toContain(`placeholder="${translations.vi.auth.login.passwordPlaceholder}" data-boot-vi`);
    const vi = loginPage(index, 'vi');
    expect(vi).toContain('<html lang="vi" data-boot="login">');
    expect(vi).toContain(`placeholder="${translations.vi.auth.login.passwordPlaceholder}" data-boot-vi-placeholder=`);
    expect(vi).toContain('href="/locales/vi/translation.json"');
    expect(() => loginPage('<html><body></body></html>', 'vi')).toThrow(/index\.html/);
  });

  it('starts the scripts of the page of /login from a loader module, not from the document', () => {
    const index = [
      '<html lang="vi"><head><title>Portal</title>',
      '    <script type="module" crossorigin src="/assets/main-1.js"></script>',
      '    <link rel="modulepreload" crossorigin href="/assets/react-2.js">',
      '    <link rel="modulepreload" crossorigin href="/assets/antd-3.js">',
      '    <style>body{margin:0}</style></head><body><div id="boot-login"></div></body></html>',
    ].join('\n');
    expect(entryOf(index)).toEqual({ src: '/assets/main-1.js', preloads: ['/assets/react-2.js', '/assets/antd-3.js'] });
    const page = loginPage(index, 'vi', '/assets/login-start-4.js');
    expect(page).toContain('<script type="module" crossorigin src="/assets/login-start-4.js"></script>');
    expect(page).not.toContain('main-1.js');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<style>body{margin:0}</style>');
    // without a loader (a build with no entry script) the page keeps its scripts
    expect(loginPage(index, 'en')).toContain('src="/assets/main-1.js"');
    expect(entryOf('<html><head></head></html>')).toBeUndefined();
    expect(() => deferEntry('<html><head></head></html>', '/assets/x.js')).toThrow(/entry/);
  });

  it('lists the sign-in page\'s chunks beyond the entry\'s', () => {
    const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null) => ({ type: 'chunk', fileName, imports, facadeModuleId }) as unknown as Rollup.OutputChunk;
    const bundle = {
      'assets/main-1.js': chunk('assets/main-1.js', ['assets/react-2.js']),
      'assets/react-2.js': chunk('assets/react-2.js', []),
      'assets/LoginPage-5.js': chunk('assets/LoginPage-5.js', ['assets/react-2.js', 'assets/Input-6.js'], '/p/src/auth/pages/LoginPage.tsx'),
      'assets/Input-6.js': chunk('assets/Input-6.js', ['assets/icons-7.js', 'assets/LoginPage-5.js']),
      'assets/icons-7.js': chunk('assets/icons-7.js', []),
      'assets/App-8.js': chunk('assets/App-8.js', ['assets/react-2.js']),
    } as unknown as Rollup.OutputBundle;
    expect(loginPageChunks(bundle, new Set(['assets/main-1.js', 'assets/react-2.js']))).toEqual(['assets/LoginPage-5.js', 'assets/Input-6.js', 'assets/icons-7.js']);
    expect(loginPageChunks({} as Rollup.OutputBundle, new Set())).toEqual([]);
  });

  it('lists the signed-in home\'s chunks beyond the sign-in page\'s, the App\'s first', () => {
    const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null) => ({ type: 'chunk', fileName, imports, facadeModuleId }) as unknown as Rollup.OutputChunk;
    const bundle = {
      'assets/main-1.js': chunk('assets/main-1.js', ['assets/react-2.js'], '/p/index.html'),
      'assets/react-2.js': chunk('assets/react-2.js', []),
      'assets/button-3.js': chunk('assets/button-3.js', []),
      'assets/HomePage-4.js': chunk('assets/HomePage-4.js', ['assets/card-5.js', 'assets/button-3.js'], '/p/plugins/home/pages/HomePage.tsx'),
      'assets/card-5.js': chunk('assets/card-5.js', []),
      'assets/App-8.js': chunk('assets/App-8.js', ['assets/react-2.js', 'assets/menu-9.js'], '/p/src/App.tsx'),
      'assets/menu-9.js': chunk('assets/menu-9.js', ['assets/App-8.js']),
      'assets/HomeSearchPanel-6.js': chunk('assets/HomeSearchPanel-6.js', ['assets/select-7.js'], '/p/plugins/flights/components/HomeSearchPanel.tsx'),
      'assets/select-7.js': chunk('assets/select-7.js', []),
      'assets/UsersPage-10.js': chunk('assets/UsersPage-10.js', ['assets/table-11.js'], '/p/plugins/system/pages/UsersPage.tsx'),
      'assets/table-11.js': chunk('assets/table-11.js', []),
    } as unknown as Rollup.OutputBundle;
    expect(homeChunks(bundle, new Set(['assets/main-1.js', 'assets/react-2.js', 'assets/button-3.js']))).toEqual([
      'assets/App-8.js', 'assets/menu-9.js', 'assets/HomePage-4.js', 'assets/card-5.js', 'assets/HomeSearchPanel-6.js', 'assets/select-7.js',
    ]);
    expect(homeChunks({} as Rollup.OutputBundle, new Set())).toEqual([]);
  });

  it('inlines the entry stylesheet, unless it could not work inline', () => {
    const html = '<head><link rel="stylesheet" crossorigin href="/assets/main-1.css"><link rel="stylesheet" crossorigin href="/assets/font-2.css"></head>';
    const sheets: Record<string, string> = { '/assets/main-1.css': 'body{margin:0}', '/assets/font-2.css': '@font-face{src:url(./a.woff2)}' };
    expect(inlineStylesheets(html, (href) => sheets[href])).toBe(
      '<head><style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/main-1.css" disabled><link rel="stylesheet" crossorigin href="/assets/font-2.css"></head>',
    );
    expect(inlineStylesheets(html, () => undefined)).toBe(html);
  });

  // The static form and the React page in the same face (else the swap would move the texts), and the face the
  // theme gives antd's components; the sign-in surfaces flat (docs/performance.md: gradients and blurred shadows
  // were a large part of the first raster, a stack that names missing faces first most of the first layout).
  it.each([
    ['src/boot/login-shell.css', 2],
    ['src/ui/styles.css', 1],
  ])('names the portal\'s typeface in %s (%i times), and nothing else but monospace', (file, count) => {
    const css = readFileSync(join(process.cwd(), file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const families = [...css.matchAll(/font-family:\s*([^;}]+)/g)].map((m) => m[1].trim()).filter((f) => f !== 'inherit' && !/monospace$/.test(f));
    expect(families).toEqual(Array(count).fill(FONT_FAMILY));
  });

  it('paints the static form flat: no gradient, no blurred shadow', () => {
    const css = readFileSync(join(process.cwd(), 'src/boot/login-shell.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    expect(css).not.toMatch(/gradient\(/);
    const blurs = [...css.matchAll(/box-shadow:\s*([^;}]+)/g)].map((m) => m[1].trim()).filter((v) => {
      const lengths = v.replace(/rgba?\([^)]*\)/g, '').trim().split(/\s+/);
      return lengths.length >= 3 && parseFloat(lengths[2]) > 0;
    });
    expect(blurs).toEqual([]);
  });

  it('refuses a key missing from a language, and escapes the texts', () => {
    expect(() => renderLoginShell('{{t auth.login.nope}}', translations)).toThrow(/auth\.login\.nope/);
    expect(renderLoginShell('{{t a}}', { vi: { a: '<b>&' }, en: { a: '"x"' } })).toBe('<span class="boot-vi">&lt;b&gt;&amp;</span><span lang="en">&quot;x&quot;</span>');
  });

  it('hands what was typed to the React page, then goes', () => {
    document.body.innerHTML = renderLoginShell(template, translations);
    document.documentElement.setAttribute('data-boot', 'login');
    (document.getElementById('boot-username') as HTMLInputElement).value = 'f1agent';
    const password = document.getElementById('boot-password') as HTMLInputElement;
    password.value = 'secret';
    password.focus();
    expect(readBootShell()).toEqual({ username: 'f1agent', password: 'secret', focused: 'password' });
    removeBootShell();
    expect(document.getElementById('boot-login')).toBeNull();
    expect(document.documentElement.hasAttribute('data-boot')).toBe(false);
    expect(readBootShell()).toBeNull();
  });
});

describe('loader of the sign-in page\'s entry', () => {
  type PaintCallback = (list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void;
  const frames: (() => void)[] = [];
  const idle: (() => void)[] = [];
  let paintCallback: PaintCallback | null = null;
  let linksAtImport = -1;

  /** Runs the loader's text with the browser's hooks stubbed; answers what it imported. */
  function runLoader(options: { visible: boolean; paintTiming: boolean; later?: string[] }) {
    const imported: string[] = [];
    document.head.innerHTML = '';
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(options.visible ? 'visible' : 'hidden');
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    class Observer {
      static supportedEntryTypes = options.paintTiming ? ['paint', 'navigation'] : ['navigation'];
      constructor(callback: PaintCallback) {
        paintCallback = callback;
      }
      observe() {}
    }
    vi.stubGlobal('PerformanceObserver', Observer);
    const laterSrc = options.later ? '/assets/login-later-9.js' : undefined;
    const source = entryLoader('/assets/main-1.js', ['/assets/react-2.js', '/assets/LoginPage-5.js'], laterSrc).replace(/\bimport\(/g, '__import(');
    new Function('__import', source)((src: string) => {
      imported.push(src);
      if (src === laterSrc) {
        // the list module, as the browser would run it: data only
        const list = laterList(options.later ?? []);
        return Promise.resolve({ default: JSON.parse(/export default (.*);/.exec(list)![1]) as string[] });
      }
      linksAtImport = document.head.querySelectorAll('link').length;
      return Promise.resolve({});
    });
    return imported;
  }
  const nextFrame = () => frames.splice(0).forEach((callback) => callback());
  const preloads = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
    frames.length = 0;
    idle.length = 0;
    paintCallback = null;
    document.body.innerHTML = '';
  });

  it('starts at once in a page that paints nothing (hidden): the entry asked for first, then the rest', () => {
    expect(runLoader({ visible: false, paintTiming: true })).toEqual(['/assets/main-1.js']);
    expect(linksAtImport).toBe(0);
    expect(preloads()).toEqual(['/assets/react-2.js', '/assets/LoginPage-5.js']);
  });

  it('waits for the first contentful paint, and starts once', () => {
    const imported = runLoader({ visible: true, paintTiming: true });
    expect(imported).toEqual([]);
    expect(preloads()).toEqual([]);
    const disconnect = vi.fn();
    paintCallback!({ getEntriesByName: () => [] }, { disconnect });
    expect(imported).toEqual([]);
    paintCallback!({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }, { disconnect });
    expect(imported).toEqual(['/assets/main-1.js']);
    expect(disconnect).toHaveBeenCalled();
    expect(preloads()).toEqual(['/assets/react-2.js', '/assets/LoginPage-5.js']);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(imported).toHaveLength(1);
  });

  it('starts a few frames later when no contentful paint is reported', () => {
    vi.useFakeTimers();
    const imported = runLoader({ visible: true, paintTiming: true });
    nextFrame();
    nextFrame();
    nextFrame();
    expect(imported).toEqual([]);
    vi.runAllTimers();
    expect(imported).toEqual(['/assets/main-1.js']);
  });

  it('starts after the first frame where paint timing is missing, or when the page is hidden meanwhile', () => {
    vi.useFakeTimers();
    const imported = runLoader({ visible: true, paintTiming: false });
    vi.runAllTimers();
    expect(imported).toEqual([]);
    nextFrame();
    expect(imported).toEqual([]);
    vi.runAllTimers();
    expect(imported).toEqual(['/assets/main-1.js']);

    const hidden = runLoader({ visible: true, paintTiming: false });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(hidden).toEqual(['/assets/main-1.js']);
  });
  it('fetches the signed-in home\'s code only once the React form is in place, the page loaded and the browser idle', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    document.body.innerHTML = '<div id="boot-login"></div><div id="root"></div>';
    const imported = runLoader({ visible: false, paintTiming: true, later: ['/assets/App-8.js', '/assets/HomePage-4.js'] });
    expect(preloads()).toEqual(['/assets/react-2.js', '/assets/LoginPage-5.js']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(idle).toHaveLength(0);
    // the React page removes the static form
    document.getElementById('boot-login')!.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloads()).toEqual(['/assets/react-2.js', '/assets/LoginPage-5.js']);
    expect(idle).toHaveLength(1);
    // the list is asked for only at the idle moment
    expect(imported).toEqual(['/assets/main-1.js']);
    idle.splice(0).forEach((callback) => callback());
    expect(imported).toEqual(['/assets/main-1.js', '/assets/login-later-9.js']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloads()).toEqual(['/assets/react-2.js', '/assets/LoginPage-5.js', '/assets/App-8.js', '/assets/HomePage-4.js']);
    // at low priority, the sign-in page's own at the default
    const priority = (href: string) => (document.head.querySelector(`link[href="${href}"]`) as HTMLLinkElement & { fetchPriority?: string }).fetchPriority;
    expect(priority('/assets/App-8.js')).toBe('low');
    expect(priority('/assets/react-2.js')).not.toBe('low');
  });

  it('waits for the page\'s load before the idle moment, and fetches nothing later with Save-Data on', async () => {
    let state = 'interactive';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => state as DocumentReadyState);
    runLoader({ visible: false, paintTiming: true, later: ['/assets/App-8.js'] });
    expect(idle).toHaveLength(0);
    state = 'complete';
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);

    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    idle.length = 0;
    runLoader({ visible: false, paintTiming: true, later: ['/assets/App-8.js'] });
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(0);
    expect(preloads()).toEqual(['/assets/react-2.js', '/assets/LoginPage-5.js']);
  });
});
