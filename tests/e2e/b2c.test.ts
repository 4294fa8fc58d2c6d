/**
 * The B2C loop in Chromium on the production build against the real gateway: f1admin writes and publishes a
 * tour with one departure; hostile HTML put into its bodies never runs, neither on the admin's tour page nor
 * on the storefront; in a second browser without sign-in the storefront (/s/saoviet) lists the tour and
 * takes an order with the customer's details; the confirmation page shows the order code; the order lands in
 * /b2c/list-order, the admin confirms it, records the customer's payment (the order is paid, the payment shows
 * in its detail) and the departure's seats left drop by the party. Then f1admin writes
 * and publishes a storefront article in /b2c/change-news; the customer's phone-sized browser finds it on the
 * storefront (with its tag, and the demo fare rules by airline), and hostile HTML in its body never runs.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { B2C_API, b2cPath, type B2cNews, type Tour, type TourInput } from '../../contract/b2c';
import { encrypt, seal } from '../../contract/crypto';
import { XSS_CORPUS } from '../support/xss-corpus';
import { dayAhead, expectInSight, fileBrowser, login, storage } from './helpers';

const baseUrl = inject('baseUrl');
const admin = fileBrowser();
const customer = fileBrowser({ width: 360, height: 740 });

/** Fails the test on any dialog (the corpus calls alert) and records script errors of the page. */
function guard(page: Page): { dialogs: string[] } {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss();
  });
  return seen;
}

/** Writes through the API as the signed-in admin (sealed body, tsp), the way the portal does. */
async function put<T>(page: Page, path: string, values: unknown): Promise<T> {
  const token = (await storage(page)).accessToken;
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, tsp: encrypt(String(Date.now())) },
    body: JSON.stringify(seal(values)),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}
const putTour = (page: Page, id: number, values: TourInput) => put<Tour>(page, b2cPath(B2C_API.tour, { id }), values);

const seatsLeft = async (page: Page) => Number(await page.getByTestId('seats-left').first().getAttribute('data-left'));

describe('B2C storefront', () => {
  it('publish a tour, order it on the storefront without sign-in, confirm it: the seats drop', async () => {
    const page = await admin.context.newPage();
    const adminSeen = guard(page);
    await login(page, baseUrl, 'f1admin');

    // write and publish a tour with one departure of 5 seats
    const title = `Tour Côn Đảo ${Date.now() % 100_000}`;
    await page.goto(`${baseUrl}/b2c/change-tour`);
    await page.getByTestId('tour-title').fill(title);
    await page.getByPlaceholder(/Ngày 1|Day 1/).fill('Ngày 1: Đến Côn Đảo');
    await page.getByTestId('departure-add').click();
    const row = page.getByTestId('departure-row').first();
    const departure = dayAhead(30);
    const [y, m, d] = departure.split('-');
    await row.getByLabel(/Ngày khởi hành|Departure date/).click();
    await page.keyboard.type(`${d}/${m}/${y}`);
    await page.keyboard.press('Enter');
    await row.getByLabel(/Tổng số chỗ|Total seats/).fill('5');
    await row.getByLabel(/Người lớn|Adult/).fill('4500000');
    await page.locator('label.ant-radio-button-wrapper', { hasText: /Đang bán|On sale/ }).click();
    await page.getByTestId('tour-save').click();
    await page.waitForURL(/\/b2c\/tour\/\d+$/, { timeout: 30_000 });
    const tourId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('tour-departures').waitFor();
    expect(await seatsLeft(page)).toBe(5);

    // hostile HTML in the description and the day's text: sanitised, and never run on the admin's page
    const current = await (await fetch(`${baseUrl}${b2cPath(B2C_API.storeTour, { slug: 'saoviet', id: tourId })}`, { headers: { tsp: encrypt(String(Date.now())) } })).json() as Tour;
    await putTour(page, tourId, {
      title, summary: current.summary, destination: current.destination, days: current.days, status: 'published',
      bodyHtml: `<p>Biển xanh</p>${XSS_CORPUS}`, itinerary: [{ title: 'Ngày 1: Đến Côn Đảo', bodyHtml: XSS_CORPUS }],
      inclusions: ['Khách sạn'], exclusions: [], imageUploadIds: [],
      departures: current.departures.map((x) => ({ id: x.id, date: x.date, seatsTotal: x.seatsTotal, prices: x.prices })),
    });
    await page.reload();
    await page.getByText('Biển xanh').waitFor();
    expect(await page.locator('.news-body [onerror], .news-body [onclick], .news-body script, .news-body iframe, .news-body svg').count()).toBe(0);

    // the storefront, in a second browser without sign-in
    const shop = await customer.context.newPage();
    const shopSeen = guard(shop);
    await shop.goto(`${baseUrl}/s/saoviet`);
    const card = shop.getByTestId('store-tour').filter({ hasText: title });
    await card.waitFor({ timeout: 30_000 });
    await card.getByRole('link', { name: title }).click();
    await shop.getByText('Biển xanh').waitFor();
    expect(await shop.locator('.sf-rich [onerror], .sf-rich [onclick], .sf-rich script, .sf-rich iframe, .sf-rich svg').count()).toBe(0);
    const form = shop.getByTestId('tour-form');
    await form.locator('select[name=adult]').selectOption('2');
    await expect.poll(() => form.getByTestId('order-total').textContent()).toContain('9.000.000');
    // bad details are refused on the page, naming the field
    await form.getByLabel(/Họ và tên|Full name/).fill('Trần Minh Anh');
    await form.getByLabel(/Điện thoại|Phone/).fill('12345');
    await form.getByLabel(/^Email|^E-mail/).fill('anh.tran@example.com');
    await form.getByRole('button', { name: /Gửi yêu cầu|Send request/ }).click();
    await form.getByText(/Số điện thoại không hợp lệ|Invalid phone number/).waitFor();
    await form.getByLabel(/Điện thoại|Phone/).fill('0987654321');
    await form.getByRole('button', { name: /Gửi yêu cầu|Send request/ }).click();
    await shop.getByTestId('store-done').waitFor({ timeout: 30_000 });
    const code = (await shop.getByTestId('order-code').textContent())!.trim();
    expect(code).toMatch(/^B[A-Z0-9]{7}$/);

    // the order lands in the admin's list; confirming it takes 2 seats
    await page.goto(`${baseUrl}/b2c/list-order`);
    const open = page.locator(`[data-testid=order-open][data-code="${code}"]`);
    await open.waitFor({ timeout: 30_000 });
    await open.click();
    const detail = page.getByTestId('order-detail');
    await detail.getByTestId('order-status').filter({ hasText: /Mới|New/ }).waitFor();
    await detail.getByTestId('order-to-confirmed').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /Đồng ý|Yes/ }).click();
    await detail.locator('[data-testid=order-status][data-status=confirmed]').waitFor();
    // the customer pays at the counter: the amount owed is filled in, one confirmation, the order is paid
    await detail.getByTestId('order-pay').click();
    await expect.poll(() => page.getByTestId('payment-amount').inputValue()).toBe('9.000.000');
    await page.getByTestId('payment-submit').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /Đồng ý|Yes/ }).click();
    await detail.locator('[data-testid=order-status][data-status=paid]').waitFor();
    await detail.locator('[data-testid=order-payment][data-amount="9000000"]').waitFor();
    expect(await detail.getByTestId('order-pay').count()).toBe(0);
    // on a phone the order's total and what was paid stay in sight, pinned at the right edge while the other columns scroll
    await page.keyboard.press('Escape');
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 360, height: 800 });
    const pinnedTotal = page.locator('td.ant-table-cell-fix-right', { has: page.locator('[data-testid=order-paid-amount]', { hasText: '9.000.000' }) });
    await pinnedTotal.waitFor({ timeout: 30_000 });
    await expectInSight(pinnedTotal, 360);
    if (wide) await page.setViewportSize(wide);
    await page.goto(`${baseUrl}/b2c/tour/${tourId}`);
    await page.getByTestId('tour-departures').waitFor();
    await expect.poll(() => seatsLeft(page)).toBe(3);

    expect(adminSeen.dialogs).toEqual([]);
    expect(shopSeen.dialogs).toEqual([]);
  });

  it('publish an article in the portal and read it on the storefront; its hostile HTML never runs', async () => {
    const page = await admin.context.newPage();
    const adminSeen = guard(page);
    // the admin's browser may still be signed in from the test above
    await page.goto(`${baseUrl}/b2c/change-news`);
    await page.waitForURL(/\/(login|b2c\/change-news)/);
    if (new URL(page.url()).pathname.startsWith('/login')) {
      await login(page, baseUrl, 'f1admin');
      await page.goto(`${baseUrl}/b2c/change-news`);
    }
    const title = `Cẩm nang Côn Đảo ${Date.now() % 100_000}`;
    const tag = `cônđảo${Date.now() % 1000}`;
    await page.getByTestId('news-title').fill(title);
    await page.getByTestId('news-tags').locator('input').fill(tag);
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: /^(Nội dung|Body)$/ }).fill('Mùa biển lặng từ tháng 3 đến tháng 9.');
    await page.locator('label.ant-radio-button-wrapper', { hasText: /Đã đăng|Published/ }).click();
    await page.getByTestId('news-save').click();
    await page.waitForURL(/\/b2c\/news\/\d+$/, { timeout: 30_000 });
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText('Mùa biển lặng từ tháng 3 đến tháng 9.').waitFor();
    await page.locator(`[data-testid=content-status][data-status=published]`).waitFor();

    // the same article with the hostile corpus added to its body, written as the portal writes
    await put<B2cNews>(page, b2cPath(B2C_API.newsOne, { id }), {
      title, summary: 'Đi mùa nào, ở đâu', tags: [tag], coverUploadId: null, status: 'published',
      bodyHtml: `<p>Mùa biển lặng từ tháng 3 đến tháng 9.</p>${XSS_CORPUS}`,
    });
    await page.reload();
    await page.getByText('Mùa biển lặng từ tháng 3 đến tháng 9.').waitFor();
    expect(await page.locator('.news-body [onerror], .news-body [onclick], .news-body script, .news-body iframe, .news-body svg').count()).toBe(0);

    const shop = await customer.context.newPage();
    const shopSeen = guard(shop);
    await shop.goto(`${baseUrl}/s/saoviet`);
    await shop.locator('#fare-rules').getByText('VN', { exact: true }).waitFor({ timeout: 30_000 });
    const item = shop.getByTestId('store-news').filter({ hasText: title });
    await item.waitFor();
    await item.getByRole('link', { name: `#${tag}` }).click();
    await shop.getByRole('heading', { name: new RegExp(`#${tag}`) }).waitFor();
    expect(await shop.getByTestId('store-news').count()).toBe(1);
    await shop.getByTestId('store-news').getByRole('link', { name: title }).click();
    const article = shop.getByTestId('store-article');
    await article.getByText('Mùa biển lặng từ tháng 3 đến tháng 9.').waitFor();
    expect(await article.locator('[onerror], [onclick], script, iframe, svg, [style]').count()).toBe(0);
    expect(await shop.evaluate(() => document.querySelectorAll('a[href^="javascript"]').length)).toBe(0);

    expect(adminSeen.dialogs).toEqual([]);
    expect(shopSeen.dialogs).toEqual([]);
  });
});
