/**
 * Flight search in Chromium on the production build against the real gateway: f1agent searches HAN→SGN one
 * way from the home panel, watches the 7 sign-ins answer, sorts by fastest, keeps direct flights, selects
 * one and sees the total; a round trip (from the URL) where a GDS departure selects its matching return;
 * the full round-trip journey of the issue (SGN→HAN next week, 2 adults, 1 child, 1 infant: progress,
 * fastest, direct, morning band, both sides selected, totals, fare rules, detail, English); a three-leg
 * multi-city search; and a search with the 1G source failing (a gateway of its own).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startGateway, type RunningGateway } from '../support/gateway-process';
import { dayAhead, fileBrowser, searchFromHome, searchMultiCityFromHome, waitAllSignIns } from './helpers';

const baseUrl = inject('baseUrl');
const browser = fileBrowser();

/** A page of a signed-out browser (the context's storage is shared by its pages). */
async function cards(page: Page, scope: Page | Locator = page) {
  return scope.getByTestId('offer-card').evaluateAll((els) => els.map((e) => ({
    id: e.getAttribute('data-offer-id') ?? '',
    stops: Number(e.getAttribute('data-stops')),
    duration: Number(e.getAttribute('data-duration')),
    source: e.getAttribute('data-source') ?? '',
    from: e.getAttribute('data-from') ?? '',
    to: e.getAttribute('data-to') ?? '',
    depart: e.getAttribute('data-depart') ?? '',
  })));
}

/** The amount of a formatted VND text ("1.234.000 ₫" → 1234000). */
const vnd = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

/** Records every progress reading ("n/m") from now on, in the page (the app navigates without reloading). */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    const read = () => {
      const m = /^(\d+\/\d+)/.exec(document.querySelector('[data-testid=search-progress-text]')?.textContent ?? '');
      if (m && seen[seen.length - 1] !== m[1]) seen.push(m[1]);
    };
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

describe('flight search', () => {
  it('one way HAN→SGN from the home panel: progress 7/7, fastest, direct only, select, total', async () => {
    const page = await browser.signedIn('f1agent');
    const date = dayAhead(10);
    await searchFromHome(page, { from: 'HAN', to: 'SGN', depart: date });
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
    const page = await browser.signedIn('f1agent');
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

  it('round trip SGN→HAN next week, 2 adults 1 child 1 infant: progress fills, fastest, direct and morning, both sides, totals, fare rules, detail, English', async () => {
    const page = await browser.signedIn('f1agent');
    const dep = dayAhead(7);
    const ret = dayAhead(10);
    // watched from before the search is sent (the app navigates without reloading)
    await recordProgress(page);
    // 1 adult by default: one more adult, a child, an infant
    await searchFromHome(page, { from: 'SGN', to: 'HAN', depart: dep, ret, passengers: { adt: 2, chd: 1, inf: 1 } });
    const params = new URL(page.url()).searchParams;
    expect(Object.fromEntries(['type', 'from', 'to', 'dep', 'ret', 'adt', 'chd', 'inf'].map((k) => [k, params.get(k)])))
      .toEqual({ type: 'RT', from: 'SGN', to: 'HAN', dep, ret, adt: '2', chd: '1', inf: '1' });

    // progress fills up to the number of sign-ins, never going back
    await page.getByTestId('offer-card').first().waitFor({ timeout: 30_000 });
    expect(await waitAllSignIns(page)).toMatch(/^7\/7/);
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    const done = seen.map((x) => Number(x.split('/')[0]));
    expect(seen[seen.length - 1]).toBe('7/7');
    expect(done.length).toBeGreaterThan(1);
    expect([...done].sort((a, b) => a - b)).toEqual(done);

    // fastest first, then direct flights departing 06:00–12:00
    await page.getByTestId('sort-segmented').getByText('Nhanh nhất').click();
    const filters = page.getByTestId('filters-depart');
    await filters.locator('label', { hasText: 'Bay thẳng' }).click();
    await filters.getByRole('region', { name: 'Giờ cất cánh' }).locator('label', { hasText: '06:00–12:00' }).click();
    await expect.poll(async () => {
      const list = await cards(page);
      return list.length > 0
        && list.every((c, i) => c.stops === 0 && c.from === 'SGN' && c.depart.slice(11) >= '06:00' && c.depart.slice(11) < '12:00'
          && (i === 0 || list[i - 1].duration <= c.duration));
    }).toBe(true);

    // a carrier-channel departure, then (the return tab opens by itself) a return
    const pick = page.locator('[data-testid=offer-card]:not(.is-sold-out):not([data-offer-id*=":"])').first();
    await pick.getByTestId('offer-select').click();
    await expect.poll(() => page.getByTestId('tab-depart').textContent()).toContain('✓');
    await expect.poll(async () => (await cards(page)).some((c) => c.from === 'HAN')).toBe(true);
    const back = page.locator('[data-testid=offer-card][data-from=HAN]:not(.is-sold-out):not([data-offer-id*=":"])').first();
    await back.getByTestId('offer-select').click();
    await expect.poll(() => page.getByTestId('tab-return').textContent()).toContain('✓');

    // totals: a line per passenger type on each side, the grand total is the sum of the sides
    for (const side of ['depart', 'return']) {
      expect(await page.getByTestId(`line-${side}-ADT`).textContent()).toContain('× 2');
      expect(await page.getByTestId(`line-${side}-CHD`).textContent()).toContain('× 1');
      expect(await page.getByTestId(`line-${side}-INF`).textContent()).toContain('× 1');
    }
    const sideTotals = [vnd(await page.getByTestId('side-total-depart').textContent()), vnd(await page.getByTestId('side-total-return').textContent())];
    expect(sideTotals.every((x) => x > 0)).toBe(true);
    const grand = vnd(await page.getByTestId('grand-total').textContent());
    expect(grand).toBe(sideTotals[0] + sideTotals[1]);

    // fare rules, then the detail drawer, of the chosen return
    const chosen = page.getByTestId('offer-card').first();
    await chosen.getByTestId('offer-fare-rule').click();
    const rules = page.getByTestId('fare-rule-dialog');
    await rules.locator('.fare-rule-text').first().waitFor();
    expect((await rules.textContent())?.length).toBeGreaterThan(40);
    await page.locator('.ant-modal-close').click();
    await rules.waitFor({ state: 'hidden' });
    await chosen.getByTestId('offer-detail').click();
    const drawer = page.getByTestId('detail-drawer');
    await drawer.waitFor();
    expect(await drawer.textContent()).toMatch(/HAN/);
    await page.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    // English: the same results (counts, offers, selection and totals), English labels
    const snapshot = async () => {
      const out: Record<string, { count: number; ids: string[] }> = {};
      for (const side of ['depart', 'return']) {
        await page.getByTestId(`tab-${side}`).click();
        await expect.poll(async () => (await cards(page)).every((c) => c.from === (side === 'depart' ? 'SGN' : 'HAN'))).toBe(true);
        out[side] = { count: vnd(await page.getByTestId('results-count').textContent()), ids: (await cards(page)).map((c) => c.id) };
      }
      return { ...out, grand: vnd(await page.getByTestId('grand-total').textContent()) };
    };
    const before = await snapshot();
    await page.getByText('EN', { exact: true }).first().click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await expect.poll(() => page.getByTestId('tab-depart').textContent()).toContain('Departure');
    expect(await page.getByTestId('tab-return').textContent()).toContain('Return');
    expect(await page.getByTestId('results-count').textContent()).toMatch(/^\d+ flights?$/);
    expect(await page.getByTestId('sort-segmented').locator('.ant-segmented-item-selected').textContent()).toBe('Fastest');
    expect(await page.getByTestId('search-progress-text').textContent()).toMatch(/^7\/7 /);
    expect(await page.getByTestId('selected-panel').textContent()).toContain('Grand total');
    expect(await snapshot()).toEqual(before);
    await page.close();
  });

  it('multi-city, three legs from the home panel: each leg searched with its own results and selection', async () => {
    const page = await browser.signedIn('f1agent');
    const route = [['HAN', 'SGN'], ['SGN', 'DAD'], ['DAD', 'HAN']] as const;
    // the first leg defaults to today: move it to the day after tomorrow (before the second leg's default)
    const firstDay = dayAhead(2);
    await searchMultiCityFromHome(page, route, firstDay);
    const legs = (new URL(page.url()).searchParams.get('legs') ?? '').split('~');
    expect(legs.map((l) => l.split('.').slice(0, 2).join('-'))).toEqual(route.map(([a, b]) => `${a}-${b}`));
    expect(legs[0].endsWith(firstDay)).toBe(true);

    for (const [i, [from, to]] of route.entries()) {
      await page.getByTestId(`leg-tab-${i}`).click();
      const pane = page.locator('.ant-tabs-tabpane-active');
      await pane.getByTestId('offer-card').first().waitFor({ timeout: 30_000 });
      await expect.poll(async () => {
        const m = /^(\d+)\/(\d+)/.exec((await pane.getByTestId('search-progress-text').textContent()) ?? '');
        return !!m && m[1] === m[2];
      }, { timeout: 30_000 }).toBe(true);
      const list = await cards(page, pane);
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((c) => c.from === from && c.to === to)).toBe(true);
      await pane.locator('[data-testid=offer-card]:not(.is-sold-out)').first().getByTestId('offer-select').click();
      await expect.poll(() => page.getByTestId(`leg-tab-${i}`).textContent()).toContain('✓');
    }
    expect(await page.getByTestId('multi-total').textContent()).toContain('3/3');
    expect(vnd(await page.getByTestId('multi-total').locator('strong').textContent())).toBeGreaterThan(0);
    await page.close();
  });
});

describe('a failing source', () => {
  let failing: RunningGateway;
  beforeAll(async () => {
    failing = await startGateway({ SUPPLIER_1G_FAILURE_RATE: '1' });
  }, 120_000);
  afterAll(async () => {
    await failing?.stop();
  });

  it('1G always failing: the six other sources deliver, 1G shows as failed with its message', async () => {
    const page = await browser.signedIn('f1agent', { baseUrl: failing.url });
    await page.goto(`${failing.url}/booking/flights?type=OW&st=BP&from=HAN&to=SGN&dep=${dayAhead(9)}&adt=1&chd=0&inf=0`);
    await page.getByTestId('offer-card').first().waitFor({ timeout: 30_000 });
    expect(await waitAllSignIns(page)).toMatch(/^7\/7/);
    const failed = page.getByTestId('task-failed');
    expect(await failed.count()).toBe(1);
    expect(await failed.getAttribute('data-source')).toBe('1G');
    expect(await failed.textContent()).toContain('1G · Hệ thống đặt chỗ tạm thời không khả dụng');
    expect(await page.getByTestId('search-error').count()).toBe(0);
    const sources = new Set((await cards(page)).map((c) => c.source));
    expect(sources.has('1G')).toBe(false);
    expect(vnd(await page.getByTestId('results-count').textContent())).toBeGreaterThan(0);
    expect(await page.getByTestId('search-progress').locator('.ant-tag-success').count()).toBe(6);
    await page.close();
  });
});
