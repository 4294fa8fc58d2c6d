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
  await page.waitForLoadState('networkidle');
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

describe.each([1366, 360])('axe-core at %i px', (width) => {
  let browser: Browser;
  let page: Page;
  const findings: Finding[] = [];
  const scanned: string[] = [];

  beforeAll(async () => {
    browser = await openBrowser({ width, height: 900 });
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
  });

  it('every page the portal registers, signed in', async () => {
    await login(page, baseUrl, 'f1admin');
    for (const path of pages) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
      // a path the portal does not serve yet redirects (home, not-allow): it is not one of its pages
      if (new URL(page.url()).pathname !== path) continue;
      await settle(page).catch((e: unknown) => {
        throw new Error(`${path} at ${width} px did not finish drawing: ${String(e)}`);
      });
      scanned.push(path);
      findings.push(...(await scan(page, path, width)));
    }
    // the scan covered the portal, not a handful of pages
    expect(scanned.length).toBeGreaterThan(30);
    expect(findings, `${findings.length} serious or critical violations:\n${findings.map((f) => `${f.page} ${f.rule} ${f.target} :: ${f.summary}`).join('\n')}`).toEqual([]);
  }, 600_000);
});
