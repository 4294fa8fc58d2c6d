/**
 * The accessibility scan's parts: which pages the portal registers (read from the plugin registry and the
 * public-page registry, so a new page is scanned without editing the test), the real record each `:param`
 * stands for, and one axe-core run on a page that has drawn.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { plugins } from '../../src/plugins';
import { PUBLIC_PAGES } from '../../src/public-routes';

export type Language = 'vi' | 'en';
const LOCALES: Record<Language, Record<string, unknown>> = {
  vi: JSON.parse(readFileSync(new URL('../../locales/vi/translation.json', import.meta.url), 'utf8')) as Record<string, unknown>,
  en: JSON.parse(readFileSync(new URL('../../locales/en/translation.json', import.meta.url), 'utf8')) as Record<string, unknown>,
};
const translate = (key: string, lang: Language): string => {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], LOCALES[lang]);
  return typeof value === 'string' ? value : key;
};
/** The document title the route guard writes for a page title key (the portal in `lang`): '<page> | <app>'. */
export function documentTitle(key: string, lang: Language = 'vi'): string {
  return `${translate(key, lang)} | ${translate('shell.app.name', lang)}`;
}

export const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface RegisteredPage {
  /** The path as registered (`:param` for its parameters). */
  path: string;
  /** The i18n key of its title (what the route guard writes into document.title). */
  title: string;
}

/** Every page a plugin registers for signed-in users, in registry order. */
export const SIGNED_IN_PAGES: readonly RegisteredPage[] = plugins.flatMap((p) => (p.routes ?? []).map(({ path, title }) => ({ path, title })));
/** The pages served without sign-in: the shell's and those the plugins offer in their public.ts. */
export const PUBLIC_PAGE_PATHS: readonly string[] = PUBLIC_PAGES.map((p) => p.path);

/** Records made or looked up through the gateway before the scan, that parameterized pages are opened with. */
export interface Fixtures {
  /** A booking on hold (one adult, one PNR). */
  held: { id: number; pnr: string };
  /** A booking whose PNR is issued: what the after-sale screens work on. */
  issued: { id: number; pnr: string };
  /** The first record of each seeded list. */
  newsId: number;
  b2cNewsId: number;
  tourId: number;
  qrAccountId: number;
  esimOrderId: number;
}

/**
 * What each registered path with parameters is opened with, by its pattern. A registered path that none of
 * these matches fails its scan, naming the path: add its record here (made or looked up in the test's setup).
 * Patterns are generic on purpose: every `/booking/edit/<screen>/:id` a plugin adds takes the issued booking.
 */
const PARAMS: readonly { pattern: RegExp; values: (f: Fixtures) => (string | number)[] }[] = [
  // the after-sale hub and every edit screen, built now or later: the issued booking
  { pattern: /^\/booking\/edit\/(?:[^/]+\/)?:id$/, values: (f) => [f.issued.id] },
  // a booking's detail in both states (the actions differ); the completed page of a fresh hold
  { pattern: /^\/booking\/booking-detail\/:id$/, values: (f) => [f.held.id, f.issued.id] },
  { pattern: /^\/booking\/completed\/:id$/, values: (f) => [f.held.id] },
  { pattern: /^\/agent\/news\/:id$/, values: (f) => [f.newsId] },
  { pattern: /^\/b2c\/news\/:id$/, values: (f) => [f.b2cNewsId] },
  { pattern: /^\/b2c\/tour\/:id$/, values: (f) => [f.tourId] },
  { pattern: /^\/qr\/:id$/, values: (f) => [f.qrAccountId] },
  { pattern: /^\/esim\/list-order\/:id$/, values: (f) => [f.esimOrderId] },
  // the airport board of the busiest airport
  { pattern: /^\/electronic-board\/:place$/, values: () => ['HAN'] },
];

/**
 * Pages whose parameter exists only inside one browser tab, so they are scanned where a user reaches them:
 * passenger information reads the flight selection that the results page of the same tab handed over (router
 * state and sessionStorage), so the keyboard journey scans it after choosing a flight.
 */
export const SCANNED_IN_JOURNEY = new Set(['/booking/passenger-information/:id']);

/** The concrete URLs a registered path is scanned at; throws when nothing says what its parameters are. */
export function concretePaths(path: string, fixtures: Fixtures): string[] {
  if (!path.includes(':')) return [path];
  const rule = PARAMS.find((p) => p.pattern.test(path));
  if (!rule) throw new Error(`${path} has a parameter the scan cannot fill: add what it stands for to PARAMS (tests/e2e/a11y-scan.ts)`);
  return rule.values(fixtures).map((value) => path.replace(/:[A-Za-z]+/, encodeURIComponent(String(value))));
}

export interface Finding {
  page: string;
  width: number;
  rule: string;
  target: string;
  summary: string;
}

/** The page has drawn: its main landmark holds content, and no spinner or skeleton is left. */
export async function settle(page: Page, timeout = 30_000): Promise<void> {
  await page.locator('main :is(h1, h2, .ant-result, .ant-empty, form, table):visible').first().waitFor({ timeout });
  await page.locator('.ant-spin-spinning, .ant-skeleton-active').first().waitFor({ state: 'detached', timeout });
  // colours mid-transition (a button that was disabled while its table loaded) are not what the user reads:
  // every finite animation and transition has ended
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), null, { timeout });
}

/**
 * The serious and critical violations of WCAG 2.0/2.1 A and AA that axe-core finds on the page as it is (or only
 * within the elements `within` selects: an open dialog or drawer, whose page is under a mask and inert), and the
 * page's layout findings.
 */
export async function scan(page: Page, label: string, width: number, within?: string): Promise<Finding[]> {
  return [...(await axeViolations(page, label, width, within)), ...(await layoutFindings(page, label, width))];
}

/** What a phone needs of the layout, which axe-core cannot judge: the page reflows (no sideways page) and no heading is cut short. */
export async function layoutFindings(page: Page, label: string, width: number): Promise<Finding[]> {
  return [...(await reflow(page, label, width)), ...(await clippedHeadings(page, label, width))];
}

async function axeViolations(page: Page, label: string, width: number, within?: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const result = (await page.evaluate(
    async ({ tags, within }) =>
      (window as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<unknown> } }).axe.run(within ? { include: [[within]] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    { tags: TAGS, within },
  )) as { violations: { id: string; impact: string; nodes: { target: string[]; failureSummary?: string }[] }[] };
  const found: Finding[] = result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) => v.nodes.map((n) => ({ page: label, width, rule: v.id, target: n.target.join(' '), summary: (n.failureSummary ?? '').slice(0, 200) })));
  return found;
}

/**
 * A heading cut short at the narrow width (its text ends in an ellipsis or is clipped): the title of a page, a
 * card, a modal or a drawer must be read whole on a phone, wrapping if it must. Names at most five.
 */
async function clippedHeadings(page: Page, label: string, width: number): Promise<Finding[]> {
  if (width > 480) return [];
  const cut = await page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll('h1, h2, h3, .ant-card-head-title, .ant-modal-title, .ant-drawer-title, .ant-page-header-heading-title')) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || !(el as HTMLElement).offsetParent) continue;
      if (el.scrollWidth > el.clientWidth + 1 && ['hidden', 'clip'].includes(style.overflowX)) {
        out.push(`${el.tagName.toLowerCase()}${[...el.classList].slice(0, 2).map((c) => `.${c}`).join('')} "${(el.textContent ?? '').trim().slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`);
        if (out.length >= 5) break;
      }
    }
    return out;
  });
  return cut.length ? [{ page: label, width, rule: 'clipped-heading', target: cut.join(' | '), summary: 'a heading is cut short at this width' }] : [];
}

/**
 * WCAG 1.4.10 (Reflow), which axe-core cannot judge: at the narrow width the page scrolls in one direction only.
 * A wide table or code may scroll inside its own box; the document itself must not be wider than the window.
 * Names the innermost elements that reach past the window's right edge (or the box that clips them), at most five.
 */
async function reflow(page: Page, label: string, width: number): Promise<Finding[]> {
  if (width > 480) return [];
  const wide = await page.evaluate(() => {
    const view = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= view + 1) return [];
    const clips = (el: Element) => ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX);
    const out: string[] = [];
    const walk = (el: Element) => {
      for (const child of el.children) {
        const box = child.getBoundingClientRect();
        const style = getComputedStyle(child);
        if (style.display === 'none' || style.visibility === 'hidden' || style.position === 'fixed') continue;
        if (box.width > 0 && box.right > view + 1) {
          if (clips(child) || ![...child.children].some((c) => c.getBoundingClientRect().right > view + 1)) {
            const name = child.tagName.toLowerCase() + (child.id ? `#${child.id}` : '') + [...child.classList].slice(0, 3).map((c) => `.${c}`).join('');
            out.push(`${name} right=${Math.round(box.right)}`);
            if (out.length >= 5) return;
            continue;
          }
        }
        if (!clips(child)) walk(child);
        if (out.length >= 5) return;
      }
    };
    walk(document.body);
    return [`document ${document.documentElement.scrollWidth} px wide in a ${view} px window`, ...out];
  });
  return wide.length ? [{ page: label, width, rule: 'reflow', target: wide.slice(1).join(' | '), summary: wide[0] }] : [];
}

export function report(found: readonly Finding[]): string {
  return `${found.length} serious or critical violations:\n${found.map((f) => `${f.page} @${f.width}px ${f.rule} ${f.target} :: ${f.summary}`).join('\n')}`;
}
