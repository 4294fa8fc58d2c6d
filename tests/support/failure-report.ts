/**
 * What a browser showed when an end-to-end test failed: for each open page its address, the messages,
 * notifications, alerts, dialogs and form errors on screen, and the page's last errors (console errors,
 * uncaught exceptions, answers of 400 and more, failed requests). Appended to `.tmp/e2e-failures.log` (the
 * closing summary of `.ci/run` prints it), with a screenshot beside it, so a failure seen only in CI can be
 * understood from its log.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

export const FAILURE_DIR = resolve(import.meta.dirname, '../../.tmp/e2e-failures');
export const FAILURE_LOG = resolve(import.meta.dirname, '../../.tmp/e2e-failures.log');

const KEEP = 30;
const ON_SCREEN = [
  '.ant-message-notice', '.ant-notification-notice', '.ant-alert', '.ant-modal-content', '.ant-form-item-explain-error',
  '.ant-result-title', '.ant-empty-description',
].join(', ');

interface Entry { at: number; page: number; text: string }

/** Starts recording the context's page events; `report` writes what is known when a test fails. */
export function watchForFailures(context: BrowserContext): { report: (file: string, test: string) => Promise<void> } {
  const entries: Entry[] = [];
  const pages = new Map<Page, number>();
  const start = Date.now();
  const note = (page: Page, text: string): void => {
    entries.push({ at: Date.now() - start, page: pages.get(page) ?? 0, text: text.replace(/\s+/g, ' ').slice(0, 300) });
    if (entries.length > KEEP) entries.shift();
  };
  const follow = (page: Page): void => {
    pages.set(page, pages.size + 1);
    page.on('console', (message) => {
      if (message.type() === 'error') note(page, `console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => note(page, `uncaught: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) note(page, `${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
    });
    page.on('requestfailed', (request) => {
      const url = new URL(request.url());
      note(page, `request failed: ${request.method()} ${url.pathname} (${request.failure()?.errorText ?? '?'})`);
    });
  };
  context.pages().forEach(follow);
  context.on('page', follow);

  return {
    report: async (file, test) => {
      mkdirSync(FAILURE_DIR, { recursive: true });
      const name = `${file.replace(/^.*\//, '').replace(/\.test\.ts$/, '')}-${Date.now()}`;
      const lines = [`## ${test} (${new Date().toISOString()})`];
      for (const [page, n] of pages) {
        if (page.isClosed()) continue;
        lines.push(`page ${n}: ${page.url()}`);
        const shown = await page
          .locator(ON_SCREEN)
          .evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === 'fixed').map((el) => (el.textContent ?? '').trim()).filter(Boolean))
          .catch((error: unknown) => [`(could not read the page: ${String(error).split('\n')[0]})`]);
        for (const text of shown.slice(0, 10)) lines.push(`  on screen: ${text.replace(/\s+/g, ' ').slice(0, 300)}`);
        // what the form fields held (passwords left out)
        const fields = await page
          .locator('input[data-testid]:not([type=password]), textarea[data-testid]')
          .evaluateAll((els) => els.map((el) => `${el.getAttribute('data-testid')}=${JSON.stringify((el as HTMLInputElement).value)}${(el as HTMLInputElement).disabled ? ' (disabled)' : ''}`))
          .catch(() => [] as string[]);
        if (fields.length) lines.push(`  fields: ${fields.slice(0, 20).join(', ')}`);
        const shot = resolve(FAILURE_DIR, `${name}-page${n}.png`);
        await page.screenshot({ path: shot, timeout: 5_000 }).then(() => lines.push(`  screenshot: .tmp/e2e-failures/${name}-page${n}.png`)).catch(() => undefined);
      }
      lines.push(entries.length ? 'last events (ms since the browser opened, page):' : 'no console error, failed request or answer of 400+ recorded');
      for (const entry of entries) lines.push(`  ${entry.at} p${entry.page} ${entry.text}`);
      appendFileSync(FAILURE_LOG, `${lines.join('\n')}\n\n`);
    },
  };
}
