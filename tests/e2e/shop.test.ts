/**
 * Shop reserves and the booking reports in Chromium against the real gateway: f1admin makes a seat allotment on a
 * VN flight, sells one seat from it to a named passenger and sees the remaining count drop by one; then opens the
 * customer services report and exports it (the xlsx's totals equal the screen's).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type Browser } from '../support/browser';
import { login } from './helpers';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser();
  page = await browser.context.newPage();
  await login(page, baseUrl, 'f1admin');
});
afterAll(async () => {
  await browser?.close();
});

describe('shop reserves', () => {
  it('makes an allotment, sells one seat from it and the remaining count drops', async () => {
    await page.goto(`${baseUrl}/reverses-shop/management`);
    await page.getByTestId('shop-find').click();
    // the first class with at least two seats left
    const pick = page.locator('[data-testid^=pick-]:not([disabled])').filter({ hasNotText: /· [01]$/ }).first();
    await pick.waitFor({ timeout: 30_000 });
    await pick.click();
    await page.getByTestId('shop-quantity').fill('2');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/shop/reserves') && r.request().method() === 'POST');
    await page.getByTestId('shop-create').click();
    const res = await created;
    expect(res.status(), await res.text()).toBe(200);
    const { id } = (await res.json()) as { id: number };
    await page.waitForURL((url) => url.pathname === '/reverses-shop/list');

    const row = page.locator(`[data-testid=reserve-list] tr[data-row-key="${id}"]`);
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getByTestId('reserve-remaining').textContent()).toBe('2');

    await row.getByTestId('reserve-sell').click();
    await page.getByTestId('sell-customer').fill('Nguyễn Văn An');
    await page.getByTestId('sell-phone').fill('0912345678');
    await page.getByTestId('sell-last-0').fill('Nguyen');
    await page.getByTestId('sell-first-0').fill('Van An');
    await page.getByTestId('sell-ok').click();
    await page.getByTestId('sell-confirm').waitFor();
    const sold = page.waitForResponse((r) => r.url().endsWith(`/api/shop/reserves/${id}/sales`));
    await page.getByTestId('sell-ok').click();
    expect((await sold).status()).toBe(200);
    await expect.poll(async () => row.getByTestId('reserve-remaining').textContent(), { timeout: 15_000 }).toBe('1');
  });

  it('opens the customer services report and exports it', async () => {
    await page.goto(`${baseUrl}/booking/customer-services-report`);
    const totals = page.getByTestId('report-totals');
    await totals.waitFor({ timeout: 30_000 });
    const held = Number((await totals.locator('[data-total=held]').textContent())?.replace(/\D/g, '') ?? NaN);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByTestId('report-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^customer-services_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(3).value).toBe('Đã giữ chỗ');
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Tổng cộng');
    expect(last.getCell(3).value).toBe(held);
  });
});
