/**
 * Flight search in Chromium on the production build against the real gateway: f1agent searches HAN→SGN one
 * way from the home panel, watches the 7 sign-ins answer, sorts by fastest, keeps direct flights, selects
 * one and sees the total; a round trip (from the URL) where a GDS departure selects its matching return.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type Browser } from '../support/browser';
import { login } from './helpers';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page of a signed-out browser (the context's storage is shared by its pages). */
async function freshPage(): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.evaluate(() => localStorage.clear());
  return page;
}

function dayAhead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function pickPlace(page: Page, id: string, code: string) {
  const input = page.locator(`#${id}`);
  await input.click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').first().waitFor();
  await input.fill(code);
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: code }).first();
  await option.waitFor();
  await option.click();
}

async function waitAllSignIns(page: Page) {
  await page.waitForFunction(() => {
    const text = document.querySelector('[data-testid=search-progress-text]')?.textContent ?? '';
    const m = /^(\d+)\/(\d+)/.exec(text);
    return !!m && Number(m[2]) > 0 && m[1] === m[2];
  }, null, { timeout: 30_000 });
  return page.getByTestId('search-progress-text').textContent();
}

async function cards(page: Page) {
  return page.getByTestId('offer-card').evaluateAll((els) => els.map((e) => ({
    id: e.getAttribute('data-offer-id') ?? '',
    stops: Number(e.getAttribute('data-stops')),
    duration: Number(e.getAttribute('data-duration')),
  })));
}

describe('flight search', () => {
  it('one way HAN→SGN from the home panel: progress 7/7, fastest, direct only, select, total', async () => {
    const page = await freshPage();
    await login(page, baseUrl, 'f1agent');
    await page.getByTestId('flight-search-panel').waitFor();
    await pickPlace(page, 'flight-from', 'HAN');
    await pickPlace(page, 'flight-to', 'SGN');
    const date = dayAhead(10);
    await page.getByTestId('depart-date').click();
    await page.locator(`[data-date="${date}"]`).click();
    await page.getByTestId('search-submit').click();
    await page.waitForURL((url) => url.pathname === '/booking/flights');
    expect(new URL(page.url()).searchParams.get('dep')).toBe(date);

    await page.getByTestId('offer-card').first().waitFor({ timeout: 30_000 });
    expect(await waitAllSignIns(page)).toMatch(/^7\/7/);
    expect(await page.getByTestId('task-failed').count()).toBe(0);

    await page.getByTestId('sort-segmented').getByText('Nhanh nhất').click();
    await expect.poll(async () => {
      const list = await cards(page);
      return list.length > 1 && list.every((c, i) => i === 0 || list[i - 1].duration <= c.duration);
    }).toBe(true);

    await page.getByTestId('filters-depart').locator('label', { hasText: 'Bay thẳng' }).click();
    await expect.poll(async () => (await cards(page)).every((c) => c.stops === 0)).toBe(true);
    expect((await cards(page)).length).toBeGreaterThan(0);

    const first = page.getByTestId('offer-card').first();
    const price = Number(await first.getAttribute('data-price'));
    await first.getByTestId('offer-select').click();
    await expect.poll(async () => (await cards(page)).length).toBe(1);
    const total = await page.getByTestId('grand-total').textContent();
    const amount = Number((total ?? '').replace(/\D/g, ''));
    // one adult: fare + tax + VAT (the price shown) plus the issue fee
    expect(amount).toBeGreaterThanOrEqual(price);
    expect(await page.getByTestId('selected-depart').textContent()).toContain('NN');
    await page.close();
  });

  it('round trip from the URL: choosing a GDS departure selects its matching return', async () => {
    const page = await freshPage();
    await login(page, baseUrl, 'f1agent');
    const dep = dayAhead(12);
    const ret = dayAhead(16);
    await page.goto(`${baseUrl}/booking/flights?type=RT&st=BP&from=HAN&to=SGN&dep=${dep}&ret=${ret}&adt=1&chd=0&inf=0`);
    await page.getByTestId('offer-card').first().waitFor({ timeout: 30_000 });
    await waitAllSignIns(page);
    // scroll the virtualised list until a GDS combined fare (id A:B) is on screen
    const gdsId = await page.evaluate(async () => {
      const holder = document.querySelector('[data-testid=offer-list] .rc-virtual-list-holder');
      for (let i = 0; i < 200; i += 1) {
        const found = document.querySelector('[data-testid=offer-card][data-offer-id*=":"]');
        if (found) return found.getAttribute('data-offer-id');
        if (!holder) return null;
        holder.scrollTop += 400;
        await new Promise((r) => setTimeout(r, 30));
      }
      return null;
    });
    expect(gdsId).toBeTruthy();
    await page.locator(`[data-testid=offer-card][data-offer-id="${gdsId}"]`).getByTestId('offer-select').click();
    await expect.poll(async () => page.getByTestId('tab-return').textContent()).toContain('✓');
    const back = await page.getByTestId('selected-return').textContent();
    expect(back).toMatch(/SGN .*→ HAN/);
    const [a, b] = (gdsId as string).split(':');
    await expect.poll(async () => (await cards(page)).map((c) => c.id)).toEqual([`${b}:${a}`]);
    expect(Number((await page.getByTestId('grand-total').textContent() ?? '').replace(/\D/g, ''))).toBeGreaterThan(0);
    await page.close();
  });
});
