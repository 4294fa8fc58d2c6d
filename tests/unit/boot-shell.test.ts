// The static sign-in form of index.html: filled from both translation files, nothing left unfilled, no
// script, and the React page takes over what was typed into it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineStylesheets, loginPage, renderLoginShell } from '../../scripts/boot-shell';
import { readBootShell, removeBootShell } from '../../src/boot/shell';

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

  it('inlines the entry stylesheet, unless it could not work inline', () => {
    const html = '<head><link rel="stylesheet" crossorigin href="/assets/main-1.css"><link rel="stylesheet" crossorigin href="/assets/font-2.css"></head>';
    const sheets: Record<string, string> = { '/assets/main-1.css': 'body{margin:0}', '/assets/font-2.css': '@font-face{src:url(./a.woff2)}' };
    expect(inlineStylesheets(html, (href) => sheets[href])).toBe(
      '<head><style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/main-1.css" disabled><link rel="stylesheet" crossorigin href="/assets/font-2.css"></head>',
    );
    expect(inlineStylesheets(html, () => undefined)).toBe(html);
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
