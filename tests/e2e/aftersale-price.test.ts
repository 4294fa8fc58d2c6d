/**
 * Re-pricing a held booking in Chromium on the shared gateway: f1agent holds a VN flight in a dear economy class,
 * opens quote-best-price from the after-sale hub, sees the saving per passenger with the conditions in words,
 * rebooks to the cheapest class (nothing taken from the deposit), then issues from the detail: the deposit drops
 * by exactly the new price the quote stated; the screen then says, in the gateway's words, why a ticketed PNR cannot be
 * re-priced. Balances are deltas: other files share the agency.
 */
import { describe, expect, inject, it } from 'vitest';
import { dayAhead, fileBrowser, headerBalance, holdOneAdultVn, issueFromDetail } from './helpers';

const baseUrl = inject('baseUrl');
const browser = fileBrowser();

describe('re-pricing a held booking', () => {
  it('quotes the best price, rebooks to it, and the issue charges the new price', async () => {
    const page = await browser.signedIn('f1agent');
    const { id, pnr } = await holdOneAdultVn(page, dayAhead(26), { title: /^(Bà|Mrs)$/, last: 'Pham', first: 'Thi Gia', birthday: '12071984', email: 'gia.pham@example.vn' }, ['Y', 'B', 'M']);

    // the hub offers it on the live hold
    await page.goto(`${baseUrl}/booking/edit/${id}`);
    const action = page.getByTestId('action-quote-best-price');
    await action.waitFor({ timeout: 30_000 });
    expect(await action.getAttribute('data-allowed')).toBe('true');
    await page.getByTestId('open-quote-best-price').click();
    await page.waitForURL((url) => url.pathname === `/booking/edit/quote-best-price/${id}`);

    // the quote: old vs new, the saving, the conditions in words
    const payable = page.getByTestId('price-payable');
    await payable.waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('price-pnr').textContent()).toBe(pnr);
    const newPrice = Number(await payable.getAttribute('data-amount'));
    const difference = Number(await page.getByTestId('price-difference').getAttribute('data-amount'));
    expect(difference).toBeLessThan(0);
    expect(await page.getByTestId('price-component-0').textContent()).toMatch(/Hành lý xách tay .*ký gửi/);
    expect(await page.getByTestId('price-lines').locator('tbody tr').count()).toBe(1);

    // rebook: confirmed first, nothing taken from the deposit
    const before = await headerBalance(page);
    await page.getByTestId('price-submit').click();
    await page.getByTestId('price-confirm').waitFor();
    expect(await page.getByTestId('price-confirm').textContent()).toContain('Tiết kiệm');
    await page.getByTestId('price-ok').click();
    await expect.poll(async () => page.getByTestId('paid-outcome').getAttribute('data-type'), { timeout: 30_000 }).toBe('success');
    expect(await page.getByTestId('paid-outcome').textContent()).toContain(String(newPrice).replace(/\B(?=(\d{3})+(?!\d))/g, '.'));
    // the quote now finds nothing cheaper
    await page.getByTestId('price-none').waitFor({ timeout: 30_000 });
    expect(await headerBalance(page)).toBe(before);

    // the issue charges exactly the new price
    await issueFromDetail(page, baseUrl, id, pnr);
    await expect.poll(async () => headerBalance(page), { timeout: 30_000 }).toBe(before - newPrice);

    // once ticketed, the screen says why it cannot quote: the gateway's own words, not the conflict's general text
    await page.goto(`${baseUrl}/booking/edit/quote-best-price/${id}`);
    await page.getByText('PNR đã xuất vé: không tính lại giá được. Hãy dùng "Đổi vé" hoặc "Đổi hạng đặt chỗ".').waitFor({ timeout: 30_000 });
    expect(await page.getByText('Yêu cầu xung đột với một yêu cầu trước đó.').count()).toBe(0);
    await page.close();
  }, 180_000);
});
