/**
 * Train journey in Chromium against the real gateway: f1admin (who holds USE_TRAIN) opens /train (no longer
 * sent back to /), searches Hà Nội → Sài Gòn with diacritics-free station names, opens SE3, picks two berths of
 * one 4-berth compartment, gives them to an adult and a child and sees the child's discount, books and pays
 * with the header balance dropping by exactly the total, opens the tickets and reads the QR code of one from
 * the screen, and refunds one ticket after the fee is said in plain words, the balance rising by the refund.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { paxDiscount, paxFare } from '../../contract/trains';
import { dayAhead, expectInSight, fileBrowser, headerBalance, login } from './helpers';

const baseUrl = inject('baseUrl');
const browser = fileBrowser();
let page: Page;

beforeAll(async () => {
  page = await browser.context.newPage();
});

async function pickStation(id: string, typed: string, name: string) {
  await page.locator(id).click();
  await page.locator(id).fill(typed);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: name }).first().click();
  // its leave animation can take seconds on a loaded machine
  await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count(), { timeout: 20_000 }).toBe(0);
}

describe('trains', () => {
  let total = 0;
  let balanceBefore = 0;

  it('f1admin opens /train and searches with station names typed without diacritics', async () => {
    await login(page, baseUrl, 'f1admin');
    await page.goto(`${baseUrl}/train`);
    await page.getByTestId('train-search-panel').waitFor();
    expect(new URL(page.url()).pathname).toBe('/train');
    await pickStation('#train-from', 'ha noi', 'Hà Nội');
    await pickStation('#train-to', 'sai gon', 'Sài Gòn');
    // the date: ten days ahead (the refund below is then more than 24 h before departure)
    await page.locator('#train-depart').click();
    await page.locator('#train-depart').fill(dayAhead(10).split('-').reverse().join('/'));
    // Enter takes the typed date and submits the search (keyboard only)
    await page.locator('#train-depart').press('Enter');
    await page.waitForURL(/\/train\/search\?/);
    expect(new URL(page.url()).searchParams.get('departDate')).toBe(dayAhead(10));
    await page.getByTestId('train-SE3').waitFor({ timeout: 30_000 });
    expect(Number((await page.getByTestId('train-SE3').getByTestId('seat-available').innerText()).replace(/\D/g, ''))).toBeGreaterThan(0);
  }, 120_000);

  it('picks two berths of one 4-berth compartment on SE3: the hold starts and counts down', async () => {
    balanceBefore = await headerBalance(page);
    const card = page.getByTestId('train-SE3');
    await card.getByRole('button', { name: /Chọn chỗ/ }).click();
    const strip = card.getByTestId('carriage-strip');
    await strip.waitFor();
    // a 4-berth carriage (class NAM, drawn in compartments of two levels)
    const cars = strip.locator('.train-carriage');
    const count = await cars.count();
    let found = false;
    for (let i = 0; i < count && !found; i++) {
      await cars.nth(i).click();
      const map = card.getByTestId('seat-map');
      await expect.poll(async () => (await map.getAttribute('data-carriage')) ?? '', { timeout: 30_000 }).toBe((await cars.nth(i).getAttribute('data-carriage')) ?? '');
      const comp = map.locator('.train-compartment').first();
      const levels = await comp.locator('.train-level').evaluateAll((els) => els.map((e) => e.getAttribute('data-level')));
      found = levels.join(',') === 'upper,lower';
    }
    expect(found).toBe(true);
    // a compartment whose two lower berths are both free; then pinned by its number
    const no = await card.locator('.train-compartment').filter({ has: page.locator('.train-level[data-level=lower] .train-seat-free + .train-seat-free') }).first().getAttribute('data-compartment');
    expect(no).toBeTruthy();
    const compartment = card.locator(`.train-compartment[data-compartment="${no}"]`);
    const lower = compartment.locator('.train-level[data-level=lower] .train-seat');
    await lower.nth(0).click();
    await page.getByTestId('hold-countdown').waitFor({ timeout: 30_000 });
    await expect.poll(() => lower.nth(0).getAttribute('data-state')).toBe('selected');
    await lower.nth(1).click();
    await expect.poll(() => lower.nth(1).getAttribute('data-state')).toBe('selected');
    // toggling: a third seat chosen and chosen again is released
    const upper = compartment.locator('.train-level[data-level=upper] .train-seat-free').first();
    if (await upper.count()) {
      await upper.click();
      await expect.poll(() => compartment.locator('.train-seat-selected').count()).toBe(3);
      await compartment.locator('.train-level[data-level=upper] .train-seat-selected').click();
      await expect.poll(() => compartment.locator('.train-seat-selected').count()).toBe(2);
    }
    expect(Number(await page.getByTestId('hold-countdown').getAttribute('data-left'))).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('hold-summary').innerText()).toMatch(/2/);
    await page.getByTestId('hold-continue').click();
    await page.waitForURL(/\/booking\/train$/);
    await expect.poll(() => page.getByTestId('held-seat').count()).toBe(2);
    await page.getByTestId('hold-countdown').waitFor();
  }, 120_000);

  it('an adult and a child: the child discount shows at once', async () => {
    await page.getByTestId('to-passengers').click();
    await page.waitForURL(/\/booking\/train\/passenger-info$/);
    await expect.poll(() => page.getByTestId('train-pax').count()).toBe(2);
    await page.locator('#pax-0-name').fill('Nguyễn Văn An');
    await page.locator('#pax-0-id').fill('001085012345');
    const child = page.getByTestId('pax-price').nth(1);
    expect(Number(await child.getAttribute('data-discount'))).toBe(0);
    await page.locator('#pax-1-type').focus();
    await page.keyboard.press('ArrowDown');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content').filter({ hasText: /^Trẻ em \(75%\)$/ }).click();
    await page.locator('#pax-1-name').fill('Nguyễn Bảo Ngọc');
    await expect.poll(async () => Number(await child.getAttribute('data-discount'))).toBeGreaterThan(0);
    const fare = Number(await child.getAttribute('data-fare'));
    const seatPrice = fare + Number(await child.getAttribute('data-discount'));
    expect(fare).toBe(paxFare(seatPrice, 2));
    expect(Number(await child.getAttribute('data-discount'))).toBe(paxDiscount(seatPrice, 2));
    await expect.poll(() => child.innerText()).toMatch(/Giảm 25%/);
    const live = page.getByTestId('live-total');
    expect(Number(await live.getAttribute('data-discount'))).toBe(paxDiscount(seatPrice, 2));
    total = Number(await live.getAttribute('data-total'));
    await page.getByTestId('to-confirm').click();
    await page.waitForURL(/confirm-passenger-info$/);
    expect(Number(await page.getByTestId('confirm-total').getAttribute('data-total'))).toBe(total);
  }, 120_000);

  it('books and pays: the header balance drops by exactly the total', async () => {
    await page.getByTestId('book').click();
    await page.waitForURL(/\/booking\/train\/complete\?id=\d+/);
    await page.getByTestId('pay').waitFor({ timeout: 20_000 });
    expect(Number(await page.getByTestId('booking-total').getAttribute('data-total'))).toBe(total);
    await page.getByTestId('pay').click();
    expect(Number(await page.getByTestId('pay-amount').getAttribute('data-amount'))).toBe(total);
    await page.getByTestId('pay-ok').click();
    await expect.poll(() => page.getByTestId('train-ticket').count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => page.locator('[data-testid=train-ticket][data-status=ISSUED]').count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => headerBalance(page), { timeout: 20_000 }).toBe(balanceBefore - total);
  }, 120_000);

  it('the ticket shows its QR code, which reads back as the ticket', async () => {
    const qr = page.getByTestId('ticket-qr').first();
    await qr.waitFor();
    const text = await qr.getAttribute('data-qr');
    const png = PNG.sync.read(await qr.screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(text);
    const number = await page.getByTestId('train-ticket').first().getByTestId('ticket-number').innerText();
    expect(text).toContain(number);
    expect(text).toContain('SE3');
  }, 120_000);

  it('refunds one ticket: the fee is said first, then the refund is credited to the deposit', async () => {
    const before = await headerBalance(page);
    const ticket = page.getByTestId('train-ticket').first();
    const ticketId = await ticket.getAttribute('data-ticket');
    await ticket.getByTestId('refund-ticket').click();
    const quote = page.getByTestId('refund-quote');
    await quote.waitFor();
    const fee = Number(await quote.getAttribute('data-fee'));
    const refund = Number(await quote.getAttribute('data-refund'));
    expect(fee).toBeGreaterThanOrEqual(10_000);
    expect(refund).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('refund-plain').innerText()).toMatch(new RegExp(`${fee.toLocaleString('vi-VN').replace(/\./g, '\\.')}`));
    // nothing has moved while the fee is shown
    expect(await headerBalance(page)).toBe(before);
    await page.getByTestId('refund-ok').click();
    await expect.poll(() => page.locator(`[data-ticket="${ticketId}"]`).getAttribute('data-status'), { timeout: 20_000 }).toBe('REFUNDED');
    await expect.poll(() => headerBalance(page), { timeout: 20_000 }).toBe(before + refund);
    expect(await page.locator('[data-testid=train-ticket][data-status=ISSUED]').count()).toBe(1);
  }, 120_000);

  it('the booking is listed on /train/status', async () => {
    await page.goto(`${baseUrl}/train/status`);
    const list = page.getByTestId('train-status-list');
    await list.waitFor();
    await expect.poll(() => list.locator('.ant-table-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await list.locator('.ant-table-row').first().getByTestId('train-status').getAttribute('data-status')).toMatch(/^0[56]$/);
    // the table is wider than the page beside the menu, and on a phone: the booking's total stays pinned in sight
    const total = list.locator('.ant-table-row').first().locator('td.ant-table-cell-fix-right [data-testid=train-booking-total]');
    const wide = page.viewportSize();
    for (const width of [wide?.width ?? 1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await total.waitFor();
      await expectInSight(total, list.locator('.ant-table-content, .ant-table-body').first());
    }
    if (wide) await page.setViewportSize(wide);
  }, 120_000);
});
