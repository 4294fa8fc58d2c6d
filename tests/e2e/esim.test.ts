/**
 * The eSIM journey in Chromium on the production build against the real gateway: f1admin finds the eSIM menu
 * and home quick links, searches the catalogue by Vietnamese names without diacritics, adds packages to the
 * cart (kept across a reload), changes the quantities (one down to 0 disappears), checks out with the
 * customer's details, sees the header balance drop by exactly the total, opens the order and decodes the QR
 * PNG the gateway served back to the activation code shown.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectInSight, fileBrowser, headerBalance, menuPaths } from './helpers';

const baseUrl = inject('baseUrl');
const browser = fileBrowser();

async function search(page: Page, destination: string) {
  const box = page.getByTestId('esim-destination');
  await box.fill(destination);
  const answered = page.waitForResponse((r) => r.url().includes('/api/esim/products') && r.url().includes('destination='));
  await box.press('Enter');
  await answered;
  await page.getByTestId('esim-product').first().waitFor();
}

/** Adds the cheapest package found for a destination; answers its id and price. */
async function addFirst(page: Page, destination: string): Promise<{ id: string; price: number }> {
  await search(page, destination);
  const card = page.getByTestId('esim-product').first();
  const id = (await card.getAttribute('data-id')) as string;
  const price = Number(await card.getAttribute('data-price'));
  await card.getByTestId('esim-add').click();
  return { id, price };
}

const line = (page: Page, id: string) => page.locator(`[data-testid=esim-cart-line][data-id="${id}"]`);

describe('eSIM', () => {
  it('cart, checkout from the deposit (balance drops by the total), the order and its scannable QR code', async () => {
    const page = await browser.signedIn('f1admin');

    // menu entries and quick links for a USE_ESIM holder
    expect(await menuPaths(page)).toEqual(expect.arrayContaining(['/esim/products', '/esim/list-order']));
    await page.goto(`${baseUrl}/`);
    await page.locator('.quick-links a[href="/esim/products"]').waitFor({ timeout: 30_000 });

    await page.goto(`${baseUrl}/esim/products`);
    const before = await headerBalance(page);
    const jp = await addFirst(page, 'nhat ban');
    const kr = await addFirst(page, 'han quoc');
    const th = await addFirst(page, 'thai lan');
    expect(jp.id).toMatch(/^JP-/);
    expect(kr.id).toMatch(/^KR-/);
    expect(th.id).toMatch(/^TH-/);

    // the cart survives a reload
    await page.reload();
    await page.getByTestId('esim-cart-open').click();
    await expect.poll(() => page.getByTestId('esim-cart-line').count(), { timeout: 30_000 }).toBe(3);

    // quantities: JP up to 2, KR down to 0 (gone)
    await line(page, jp.id).getByTestId('esim-cart-inc').click();
    await expect.poll(() => line(page, jp.id).getAttribute('data-quantity')).toBe('2');
    await line(page, kr.id).getByTestId('esim-cart-dec').click();
    await expect.poll(() => line(page, kr.id).count()).toBe(0);
    await expect.poll(() => page.getByTestId('esim-cart-line').count()).toBe(2);
    const total = 2 * jp.price + th.price;
    expect(Number(await page.getByTestId('esim-cart-total').getAttribute('data-amount'))).toBe(total);

    // the customer, then pay
    await page.getByTestId('esim-customer-name').fill('Phạm Văn Nam');
    await page.getByTestId('esim-customer-email').fill('nam.pham@example.com');
    await page.getByTestId('esim-customer-phone').fill('0912345678');
    await page.getByTestId('esim-checkout').click();
    expect(Number(await page.getByTestId('esim-confirm-amount').getAttribute('data-amount'))).toBe(total);
    const qrServed = page.waitForResponse((r) => /\/api\/esim\/esims\/\d+\/qr\.png$/.test(new URL(r.url()).pathname) && r.status() === 200, { timeout: 60_000 });
    await page.getByTestId('esim-confirm-ok').click();
    await page.waitForURL((url) => /^\/esim\/list-order\/\d+$/.test(url.pathname), { timeout: 60_000 });
    const orderId = new URL(page.url()).pathname.split('/').pop();

    // the header balance drops by exactly the total
    await expect.poll(() => headerBalance(page), { timeout: 30_000 }).toBe(before - total);

    // the order: three eSIMs, the total, the status
    const order = page.getByTestId('esim-order');
    await order.waitFor({ timeout: 30_000 });
    expect(Number(await order.getAttribute('data-total'))).toBe(total);
    expect(await page.getByTestId('esim-order-status').getAttribute('data-status')).toBe('COMPLETED');
    await expect.poll(() => page.getByTestId('esim-card').count()).toBe(3);

    // the QR PNG the gateway served decodes to the activation code shown for that eSIM
    const response = await qrServed;
    const iccid = new URL(response.url()).pathname.split('/')[4];
    const png = PNG.sync.read(await response.body());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    const card = page.locator(`[data-testid=esim-card][data-iccid="${iccid}"]`);
    const shown = (await card.getByTestId('esim-activation-code').innerText()).trim();
    expect(shown).toMatch(/^LPA:1\$smdp\.example\$[A-Z0-9-]+$/);
    expect(decoded?.data).toBe(shown);
    await card.getByTestId('esim-qr').waitFor();

    // live usage of a fresh eSIM: not activated yet, refundable
    await expect.poll(() => card.getByTestId('esim-usage').getAttribute('data-status'), { timeout: 30_000 }).toBe('NOT_ACTIVATED');
    await card.getByTestId('esim-refund').waitFor();

    // the cart is empty now, and the order is in the list
    await page.goto(`${baseUrl}/esim/list-order`);
    await page.getByTestId('esim-order-link').first().waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('esimCart')).length)).toBe(0);
    // on a phone the order's total stays in sight, pinned at the right edge while the other columns scroll
    await page.setViewportSize({ width: 360, height: 800 });
    const pinnedTotal = page.locator(`tr[data-row-key="${orderId}"] td.ant-table-cell-fix-right`, { hasText: total.toLocaleString('vi-VN') });
    await pinnedTotal.waitFor({ timeout: 30_000 });
    await expectInSight(pinnedTotal, 360);
    await page.close();
  });
});
