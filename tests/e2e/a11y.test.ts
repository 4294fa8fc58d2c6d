/**
 * Accessibility in Chromium (WCAG 2.0/2.1 A and AA with axe-core), over every page the portal registers, at
 * 1366 and 360 px, signed in through the form as f1admin (the user who may open the most pages). A page is
 * every parameter-free path of policies/routes.ts that the portal serves (a path the portal does not register
 * redirects away and is left out); the sign-in page is scanned signed out. Any critical or serious violation
 * fails, with the rule, the element and the page in the message.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROUTE_RULES } from '../../policies/routes';
import { openBrowser, type Browser } from '../support/browser';
import { login } from './helpers';

const baseUrl = inject('baseUrl');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Pages that leave as soon as they open (sign-out-only pages redirect a signed-in user). */
const SIGNED_OUT_ONLY = new Set(['/login', '/forgot-password']);

const pages = ROUTE_RULES.filter((r) => !r.path.includes(':') && !SIGNED_OUT_ONLY.has(r.path)).map((r) => r.path);

interface Finding {
  page: string;
  width: number;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/** The page has drawn: its main landmark holds content, and no spinner or skeleton is left. */
async function settle(page: Page): Promise<void> {
  await page.locator('main :is(h1, h2, .ant-result, .ant-empty, form, table)').first().waitFor({ timeout: 30_000 });
  await page.locator('.ant-spin-spinning, .ant-skeleton-active').first().waitFor({ state: 'detached', timeout: 20_000 });
}

async function scan(page: Page, path: string, width: number): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const result = (await page.evaluate(
    async (tags) => (window as unknown as { axe: { run: (ctx: Document, o: unknown) => Promise<unknown> } }).axe.run(document, { runOnly: { type: 'tag', values: tags } }),
    TAGS,
  )) as { violations: { id: string; impact: string; nodes: { target: string[]; failureSummary?: string }[] }[] };
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) => v.nodes.map((n) => ({ page: path, width, rule: v.id, impact: v.impact, target: n.target.join(' '), summary: (n.failureSummary ?? '').slice(0, 200) })));
}

/**
 * At 1366 px every page; at 360 px the pages of the daily desk and one of each kind (list, report, form,
 * settings), to keep the suite's time in CI: the narrow layout shares its components with the wide one.
 */
const NARROW_PAGES = new Set([
  '/', '/booking/search', '/booking/issue', '/booking/remind', '/train', '/esim/products', '/accounting/sale-report',
  '/accounting/deposit-report', '/agent/config-f2', '/system/group-permissions', '/agent/news', '/b2c/tours',
]);

describe.each([1366, 360])('axe-core at %i px', (width) => {
  let browser: Browser;
  let page: Page;
  const scanned: string[] = [];
  const list = width === 360 ? pages.filter((p) => NARROW_PAGES.has(p)) : pages;

  beforeAll(async () => {
    browser = await openBrowser({ width, height: 900, bypassCSP: true });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the sign-in page, signed out', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.locator('#login-username').waitFor();
    await page.waitForLoadState('networkidle');
    const found = await scan(page, '/login', width);
    expect(found, JSON.stringify(found, null, 1)).toEqual([]);
    await login(page, baseUrl, 'f1admin');
  });

  it.each(list)('%s, signed in', async (path) => {
    await page.goto(`${baseUrl}${path}`);
    // a page waits on its data, never on network silence: some pages poll (the board, the bell)
    await settle(page);
    // a path the portal does not serve yet redirects (home, not-allow): it is not one of its pages
    if (new URL(page.url()).pathname !== path) return;
    scanned.push(path);
    const found = await scan(page, path, width);
    expect(found, `${found.length} serious or critical violations:\n${found.map((f) => `${f.rule} ${f.target} :: ${f.summary}`).join('\n')}`).toEqual([]);
  });

  it('covered the portal, not a handful of pages', () => {
    expect(scanned.length).toBeGreaterThan(width === 360 ? 8 : 30);
  });
});

/** Presses Tab until the focused element matches `selector`; answers how many presses it took. */
async function tabTo(page: Page, selector: string, max = 80): Promise<number> {
  for (let n = 1; n <= max; n += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return n;
  }
  throw new Error(`${selector} was not reached in ${max} presses of Tab`);
}

async function focusedMatches(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);
}

const OPEN_DROPDOWN = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

describe('the desk by keyboard alone: sign-in, search, hold, issue with the PIN', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await openBrowser({ width: 1366, height: 900 });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('goes from the sign-in form to an issued ticket without a mouse', async () => {
    const tabs: Record<string, number> = {};
    // sign-in: the user name has the focus, Tab to the password, Enter submits
    await page.goto(`${baseUrl}/login`);
    await expect.poll(() => focusedMatches(page, '#login-username')).toBe(true);
    await page.keyboard.type('f1agent');
    await page.keyboard.press('Tab');
    expect(await focusedMatches(page, '#login-password')).toBe(true);
    await page.keyboard.type('Demo@2026');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
    await page.getByTestId('flight-search-panel').waitFor();

    // the first Tab stop is the skip link; it moves the focus to the main content
    tabs.skipLink = await tabTo(page, '.skip-link', 3);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedMatches(page, '#main-content')).toBe(true);

    // places: type the code, Enter takes the option
    for (const [id, code] of [['flight-from', 'HAN'], ['flight-to', 'SGN']] as const) {
      tabs[id] = await tabTo(page, `#${id}`);
      await page.keyboard.type(code);
      await page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`).filter({ hasText: code }).first().waitFor();
      // a keyboard user moves with the arrows to the option they mean, then takes it with Enter
      const active = page.locator(`${OPEN_DROPDOWN} .ant-select-item-option-active`);
      for (let n = 0; n < 10 && !((await active.textContent()) ?? '').includes(code); n += 1) await page.keyboard.press('ArrowDown');
      expect(await active.textContent()).toContain(code);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator(OPEN_DROPDOWN).count()).toBe(0);
    }

    // the calendar: Enter opens it with the focus on a day, arrows move, Enter picks, the focus comes back
    tabs.departDate = await tabTo(page, '[data-testid=depart-date]');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedMatches(page, '[data-testid=date-range-calendar] [data-date]')).toBe(true);
    const first = await page.evaluate(() => document.activeElement?.getAttribute('data-date'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const expected = new Date(`${first}T00:00:00Z`);
    expected.setUTCDate(expected.getUTCDate() + 14);
    const depart = expected.toISOString().slice(0, 10);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-date'))).toBe(depart);
    await page.keyboard.press('Enter');
    await page.getByTestId('date-range-calendar').waitFor({ state: 'hidden' });
    await expect.poll(() => focusedMatches(page, '[data-testid=depart-date]')).toBe(true);

    // passengers: Enter opens the counters with the focus on the first, Escape gives the focus back
    tabs.passengers = await tabTo(page, '[data-testid=passengers]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid=passenger-rows]')))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedMatches(page, '[data-testid=passengers]')).toBe(true);

    tabs.search = await tabTo(page, '[data-testid=search-submit]');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/booking/flights').catch(async (e) => { await page.screenshot({ path: '/tmp/a11y-kb.png' }); throw e; });
    await page.waitForFunction(() => {
      const m = /^(\d+)\/(\d+)/.exec(document.querySelector('[data-testid=search-progress-text]')?.textContent ?? '');
      return !!m && Number(m[2]) > 0 && m[1] === m[2];
    }, null, { timeout: 60_000 });

    // results: the skip link, then Tab to the first flight with seats; Enter chooses it
    // the new page has the focus on its main content: the next Tab goes into the results
    await expect.poll(() => focusedMatches(page, '#main-content')).toBe(true);
    tabs.firstOffer = await tabTo(page, '[data-testid=offer-card]:not(.is-sold-out) [data-testid=offer-select]', 120);
    await page.keyboard.press('Enter');
    await page.getByTestId('selected-depart').waitFor();
    tabs.continue = await tabTo(page, '[data-testid=selected-panel] button.ant-btn-primary:not(:disabled)', 120);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/booking/passenger-information/'), { timeout: 30_000 });
    await page.getByTestId('pax-1').waitFor();

    // the passenger: the title by arrows, the names, birthday and contact typed
    await tabTo(page, '[data-testid=pax-1-title] input');
    await page.keyboard.press('ArrowDown');
    await page.locator(OPEN_DROPDOWN).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(OPEN_DROPDOWN).count()).toBe(0);
    for (const [testId, text] of [['pax-1-last', 'Nguyen'], ['pax-1-first', 'Thi Hoa'], ['pax-1-birthday', '12031988'], ['contact-phone', '0912345678'], ['contact-email', 'hoa.nguyen@example.vn']] as const) {
      await tabTo(page, `[data-testid=${testId}]`);
      await page.keyboard.type(text);
    }
    await tabTo(page, '[data-testid=submit-booking]');
    await page.keyboard.press('Enter');
    // the confirmation dialog takes the focus on its confirm button
    await expect.poll(() => focusedMatches(page, '.ant-modal-confirm .ant-btn-primary')).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/booking/completed/'), { timeout: 30_000 });

    // issue now: confirm, then the PIN dialog with the focus in its field; after it, the focus is not lost
    tabs.issue = await tabTo(page, '[data-testid=next-issue]');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedMatches(page, '.ant-modal-confirm .ant-btn-primary')).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedMatches(page, '.ant-modal input[autocomplete="one-time-code"]'), { timeout: 30_000 }).toBe(true);
    await page.keyboard.type('246810');
    await page.keyboard.press('Enter');
    await page.locator('.ant-modal input[autocomplete="one-time-code"]').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByTestId('next-issue').waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null)).toBe(true);
    console.log('Tab presses to reach each step:', JSON.stringify(tabs));
  }, 300_000);
});
