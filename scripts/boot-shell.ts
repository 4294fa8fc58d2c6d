/**
 * The build step of the pre-rendered sign-in form: inlines src/boot/login-shell.css as the critical CSS and
 * src/boot/login-shell.html at the `<!-- boot-login-shell -->` mark of index.html, its texts filled from the
 * translation files (both languages; the stored one is shown by CSS). No script is inlined: the
 * Content-Security-Policy allows none.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export const BOOT_SHELL_MARK = '<!-- boot-login-shell -->';
const LANGUAGES = ['vi', 'en'] as const;

type Translations = Record<string, unknown>;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function lookup(translations: Translations, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Translations)[part] : undefined), translations);
  if (typeof value !== 'string') throw new Error(`login shell: no translation "${key}"`);
  return escapeHtml(value);
}

/**
 * Fills the template: `{{t key}}` becomes the Vietnamese text and the English one (lang="en"), `{{attr key}}`
 * (inside an attribute) the Vietnamese text with the English one in data-boot-en, which
 * public/preload-locales.js swaps in when English is the stored language.
 */
export function renderLoginShell(template: string, translations: Record<(typeof LANGUAGES)[number], Translations>): string {
  return template
    .replace(/<!--[\s\S]*?-->\s*/g, '')
    .replace(/(\w+)="\{\{attr ([\w.]+)\}\}"/g, (_, attr: string, key: string) => `${attr}="${lookup(translations.vi, key)}" data-boot-en-${attr}="${lookup(translations.en, key)}"`)
    .replace(/\{\{t ([\w.]+)\}\}/g, (_, key: string) => `<span class="boot-vi">${lookup(translations.vi, key)}</span><span lang="en">${lookup(translations.en, key)}</span>`);
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
        return html.replace('</head>', `  <style>${css}</style>\n  </head>`).replace(BOOT_SHELL_MARK, shell);
      },
    },
  };
}
