/**
 * The Vietnam business day whatever the browser's zone: Chromium in UTC and in America/Los_Angeles, its clock
 * set to 17:30 UTC (already the next day in Vietnam, still the previous day in the browser's zone), against a
 * gateway counting days in Vietnam time. The search panel defaults to the Vietnam day, refuses the day
 * before it, and the search returns offers; the deposit report's default range ends on the Vietnam day.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { addDays, todayInVietnam, vietnamDayStart } from '../../contract/business-day';
import { assertChromium, CHROMIUM, CHROMIUM_ARGS } from '../support/browser';
import { login, pickPlace, waitAllSignIns } from './helpers';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  assertChromium();
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
});

const ddmmyyyy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/**
 * 17:30 UTC on the eve of today's Vietnam day (00:30 in Vietnam): the browser's own zone, UTC or UTC−8, still
 * shows the previous day, the gateway's Vietnam day is today.
 */
function eveningUtc(): { at: number; vietnamDay: string } {
  const vietnamDay = todayInVietnam();
  const at = Math.min(vietnamDayStart(vietnamDay) + 30 * 60_000, Date.now());
  return { at, vietnamDay };
}

async function openIn(timezoneId: string): Promise<{ page: Page; vietnamDay: string; close: () => Promise<void> }> {
  const context = await browser.newContext({ timezoneId, locale: 'vi-VN', viewport: { width: 1280, height: 800 } });
  const { at, vietnamDay } = eveningUtc();
  await context.clock.install({ time: at });
  const page = await context.newPage();
  return { page, vietnamDay, close: () => context.close() };
}

describe.each(['UTC', 'America/Los_Angeles'])('a browser in %s at 17:30 UTC', (timezoneId) => {
  it('searches the Vietnam day by default and gets offers', async () => {
    const { page, vietnamDay, close } = await openIn(timezoneId);
    try {
      await page.goto(`${baseUrl}/login`);
      // the scenario holds: the browser's own calendar is still on the day before Vietnam's
      const local = await page.evaluate(() => {
        const d = new Date();
        return { zone: Intl.DateTimeFormat().resolvedOptions().timeZone, day: `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}` };
      });
      expect(local.zone).toBe(timezoneId);
      expect(local.day).toBe(addDays(vietnamDay, -1));

      await login(page, baseUrl, 'f1agent');
      const panel = page.getByTestId('flight-search-panel');
      await panel.waitFor();
      await expect.poll(() => page.getByTestId('depart-date').getAttribute('aria-label')).toContain(ddmmyyyy(vietnamDay));

      // the calendar refuses the browser's "today" (already past in Vietnam) and offers the Vietnam day
      await page.getByTestId('depart-date').click();
      const calendar = page.getByTestId('date-range-calendar');
      await calendar.waitFor();
      await expect.poll(() => calendar.locator(`[data-date="${vietnamDay}"]`).isDisabled()).toBe(false);
      const yesterday = calendar.locator(`[data-date="${addDays(vietnamDay, -1)}"]`);
      if (await yesterday.count()) expect(await yesterday.isDisabled()).toBe(true);
      // close it without picking: a click outside
      await page.mouse.click(5, 790);
      await calendar.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByTestId('depart-date').getAttribute('aria-label')).toContain(ddmmyyyy(vietnamDay));

      await pickPlace(page, 'flight-from', 'HAN');
      await pickPlace(page, 'flight-to', 'SGN');
      const answers: number[] = [];
      page.on('response', (r) => {
        if (r.url().includes('/api/flights/')) answers.push(r.status());
      });
      await page.getByTestId('search-submit').click();
      await page.waitForURL((url) => url.pathname === '/booking/flights');
      const progress = await waitAllSignIns(page);
      expect(progress).toMatch(/^([1-9]\d*)\/\1/);
      await expect.poll(() => page.getByTestId('offer-card').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(await page.getByTestId('search-summary').textContent()).toContain(ddmmyyyy(vietnamDay));
      expect(answers.filter((s) => s === 400)).toEqual([]);
      expect(await page.getByText('Dữ liệu không hợp lệ').count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('opens the deposit report on this month so far, the Vietnam day included', async () => {
    const { page, vietnamDay, close } = await openIn(timezoneId);
    try {
      await login(page, baseUrl, 'f1admin');
      await page.goto(`${baseUrl}/accounting/deposit-report`);
      const inputs = page.locator('.ant-picker-range input');
      await inputs.first().waitFor();
      await expect.poll(() => inputs.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)))
        .toEqual([ddmmyyyy(`${vietnamDay.slice(0, 8)}01`), ddmmyyyy(vietnamDay)]);
    } finally {
      await close();
    }
  });
});
