/**
 * Holding a booking in Chromium on the production build against the real gateway: f1agent searches HAN→SGN
 * one way from the home panel, selects a flight, continues to passenger information, fills one adult and
 * the contact, confirms, and sees the completed booking with a PNR code on hold and its countdown.
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

describe('booking', () => {
  it('one way HAN→SGN: select, passenger information, confirm, completed booking with a PNR on hold and a countdown', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.evaluate(() => localStorage.clear());
    await login(page, baseUrl, 'f1agent');
    await page.getByTestId('flight-search-panel').waitFor();
    await pickPlace(page, 'flight-from', 'HAN');
    await pickPlace(page, 'flight-to', 'SGN');
    const date = dayAhead(10);
    await page.getByTestId('depart-date').click();
    await page.locator(`[data-date="${date}"]`).click();
    await page.getByTestId('search-submit').click();
    await page.waitForURL((url) => url.pathname === '/booking/flights');

    // a Vietnam Airlines flight (its own channel or a GDS): the simulated supply has seats on them
    const first = page.locator('[data-testid=offer-card][data-airline=VN]').first();
    await first.waitFor({ timeout: 30_000 });
    await first.getByTestId('offer-select').click();
    await page.getByTestId('selected-depart').waitFor();
    const total = await page.getByTestId('grand-total').textContent();
    await page.getByTestId('selected-panel').getByRole('button', { name: /Tiếp tục|Continue/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/booking/passenger-information/'));
    await page.getByTestId('pax-1').waitFor();
    expect(await page.getByTestId('booking-total').textContent()).toBe(total);

    // title MR is the adults' default
    expect(await page.getByTestId('pax-1-title').textContent()).toMatch(/Ông|Mr/);
    await page.getByTestId('pax-1-last').fill('Nguyen');
    await page.getByTestId('pax-1-first').fill('Van An');
    await page.getByTestId('pax-1-birthday').fill('15041985');
    expect(await page.getByTestId('pax-1-birthday').inputValue()).toBe('15/04/1985');
    // the first adult fills the contact name
    expect(await page.getByTestId('contact-name').inputValue()).toBe('Nguyen Van An');
    await page.getByTestId('contact-phone').fill('0912345678');
    await page.getByTestId('contact-email').fill('an.nguyen@example.vn');
    await page.getByTestId('submit-booking').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();

    await page.waitForFunction(() => location.pathname.startsWith('/booking/completed/') || !!document.querySelector('[data-testid=booking-error]'), null, { timeout: 30_000 });
    expect(await page.getByTestId('booking-error').count(), (await page.getByTestId('booking-error').first().textContent().catch(() => '')) ?? '').toBe(0);
    const code = page.getByTestId('pnr-code').first();
    await code.waitFor({ timeout: 30_000 });
    expect(await code.textContent()).toMatch(/^[A-Z0-9]{6}$/);
    expect(await page.getByTestId('booking-status').getAttribute('data-status')).toBe('HOLD');
    expect(await page.getByTestId('pnr-row').first().getAttribute('data-status')).toBe('BOOKED');
    const countdown = page.getByTestId('pnr-countdown').first();
    const before = await countdown.textContent();
    expect(before).toMatch(/\d{2}:\d{2}:\d{2}$/);
    await expect.poll(async () => countdown.textContent(), { timeout: 5_000 }).not.toBe(before);
    await page.close();
  });
});
