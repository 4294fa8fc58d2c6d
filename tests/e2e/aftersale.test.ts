/**
 * After-sale in Chromium on the production build against the shared gateway: f1agent holds and issues a VN
 * booking, opens the after-sale hub from the booking detail's tab, buys extra luggage and a paid seat on the
 * seat map (each confirmed with the PIN, the header balance dropping by exactly the amount stated), and finds
 * both edits in the detail's history tab with their EMDs. Balances are deltas: other files share the agency.
 */
import { describe, expect, inject, it } from 'vitest';
import { answerPin, dayAhead, fileBrowser, headerBalance, holdOneAdultVn, issueFromDetail, pickOption } from './helpers';

const baseUrl = inject('baseUrl');
const browser = fileBrowser();

describe('after-sale', () => {
  it('issue, then buy luggage and a paid seat from the hub (balance drops by each amount), history and EMDs on the detail', async () => {
    const page = await browser.signedIn('f1agent');
    const { id, pnr } = await holdOneAdultVn(page, dayAhead(25), { title: /^(Bà|Mrs)$/, last: 'Tran', first: 'Thi Binh', birthday: '02031988', email: 'binh.tran@example.vn' });

    // issue from the detail
    await issueFromDetail(page, baseUrl, id, pnr);

    // the detail's after-sale tab: the ticket, no EMD yet, the way to the hub
    const tabs = page.getByTestId('booking-detail-tabs');
    await tabs.waitFor();
    await page.getByTestId('aftersale-documents').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('pnr-emd').count()).toBe(0);
    await page.getByTestId('open-aftersale').click();
    await page.waitForURL((url) => url.pathname === `/booking/edit/${id}`);
    const luggageAction = page.getByTestId('action-buy-luggage');
    await luggageAction.waitFor({ timeout: 30_000 });
    expect(await luggageAction.getAttribute('data-allowed')).toBe('true');
    expect(await page.getByTestId('action-buy-seat').getAttribute('data-allowed')).toBe('true');

    // buy-luggage: 20 kg for the passenger, the total stated, confirmed with the PIN
    await page.getByTestId('open-buy-luggage').click();
    await page.waitForURL((url) => url.pathname === `/booking/edit/buy-luggage/${id}`);
    await page.getByTestId('luggage-select-HAN-SGN-1').waitFor({ timeout: 30_000 });
    await pickOption(page, 'luggage-select-HAN-SGN-1', /^20 kg/);
    const luggagePrice = Number(await page.getByTestId('luggage-total').getAttribute('data-amount'));
    expect(luggagePrice).toBe(280_000);
    let before = await headerBalance(page);
    await page.getByTestId('luggage-buy').click();
    await page.getByTestId('paid-confirm').waitFor();
    expect(await page.getByTestId('paid-confirm').textContent()).toContain('280.000');
    await page.getByTestId('paid-ok').click();
    await answerPin(page);
    await expect.poll(async () => page.getByTestId('paid-outcome').getAttribute('data-type'), { timeout: 30_000 }).toBe('success');
    await expect.poll(async () => headerBalance(page), { timeout: 30_000 }).toBe(before - luggagePrice);
    await expect.poll(async () => page.getByTestId('luggage-row-HAN-SGN-1').textContent(), { timeout: 30_000 }).toMatch(/20 kg/);

    // buy-seat: a paid seat on the map
    await page.goto(`${baseUrl}/booking/edit/buy-seat/${id}`);
    await page.getByTestId('seat-map').waitFor({ timeout: 30_000 });
    const seat = page.locator('[data-testid^=seat-][data-state=paid]').first();
    const seatNo = ((await seat.getAttribute('data-testid')) ?? '').replace('seat-', '');
    const seatPrice = Number(await seat.getAttribute('data-price'));
    expect(seatPrice).toBeGreaterThan(0);
    await seat.click();
    await expect.poll(async () => page.getByTestId(`seat-${seatNo}`).getAttribute('data-state')).toBe('picked');
    expect(Number(await page.getByTestId('seat-total').getAttribute('data-amount'))).toBe(seatPrice);
    before = await headerBalance(page);
    await page.getByTestId('seat-buy').click();
    await page.getByTestId('paid-ok').click();
    await answerPin(page);
    await expect.poll(async () => page.getByTestId('paid-outcome').getAttribute('data-type'), { timeout: 30_000 }).toBe('success');
    await expect.poll(async () => headerBalance(page), { timeout: 30_000 }).toBe(before - seatPrice);
    await expect.poll(async () => page.getByTestId(`seat-${seatNo}`).getAttribute('data-state'), { timeout: 30_000 }).toBe('held');

    // the detail: two EMDs, and the history tab with both edits
    await page.goto(`${baseUrl}/booking/booking-detail/${id}`);
    await page.getByTestId('aftersale-documents').waitFor({ timeout: 30_000 });
    await expect.poll(async () => page.getByTestId('pnr-emd').count(), { timeout: 30_000 }).toBe(2);
    await page.getByTestId('booking-detail-tabs').getByRole('tab', { name: /Lịch sử|History/ }).click();
    await page.getByTestId('history-table').waitFor({ timeout: 30_000 });
    const rows = await page.getByTestId('history-row').allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(new RegExp(`${seatNo}`));
    expect(rows[1]).toMatch(/hành lý|luggage/i);
    await page.close();
  }, 180_000);
});
