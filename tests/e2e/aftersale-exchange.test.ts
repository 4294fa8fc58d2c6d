/**
 * exchange-route in Chromium on the production build against the shared gateway: f1agent holds and issues a VN
 * booking in a changeable fare, searches the same route a day later from the exchange screen, sees the quote
 * with the airline's penalty in plain words before confirming, pays it with the PIN (the header balance drops by
 * exactly the total stated) and finds the old ticket exchanged and the new one open on the detail. Balances
 * are deltas: other files share the agency.
 */
import { describe, expect, inject, it } from 'vitest';
import { answerPin, dayAhead, fileBrowser, headerBalance, holdOneAdultVn, issueFromDetail } from './helpers';

const baseUrl = inject('baseUrl');
const browser = fileBrowser();
const vnd = (n: number) => new Intl.NumberFormat('vi-VN').format(n);

describe('exchange-route', () => {
  it('exchanges a ticket to a later flight: the penalty stated before confirming, the balance dropping by the total to the đồng', async () => {
    const page = await browser.signedIn('f1agent');
    // Economy Classic or Lite: a change costs the airline's penalty
    const { id, pnr } = await holdOneAdultVn(
      page,
      dayAhead(32),
      { title: /^(Ông|Mr)$/, last: 'Le', first: 'Van Doi', birthday: '09081982', email: 'doi.le@example.vn' },
      ['K', 'L', 'H', 'S', 'T', 'R', 'N', 'Q', 'E'],
    );
    await issueFromDetail(page, baseUrl, id, pnr);

    // the hub offers the exchange; the screen searches the same route a day later
    await page.goto(`${baseUrl}/booking/edit/${id}`);
    await page.getByTestId('action-exchange-route').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('action-exchange-route').getAttribute('data-allowed')).toBe('true');
    await page.getByTestId('open-exchange-route').click();
    await page.waitForURL((url) => url.pathname === `/booking/edit/exchange-route/${id}`);
    const heldText = (await page.getByTestId('exchange-held').textContent({ timeout: 30_000 })) ?? '';
    await page.getByTestId('exchange-search').click();
    await page.getByTestId('exchange-flights').waitFor({ timeout: 30_000 });
    const offer = page.locator('[data-testid=exchange-offer]').filter({ hasNot: page.locator('.ant-select-disabled') }).first();
    const offerId = await offer.getAttribute('data-offer');
    const newFlight = ((await offer.locator('strong').first().textContent()) ?? '').trim();
    await page.getByTestId(`exchange-class-${offerId}`).click();
    const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first();
    await option.waitFor();
    await option.click();

    // the quote before anything is committed: the penalty in plain words
    const quote = page.getByTestId('exchange-quote');
    await quote.waitFor({ timeout: 30_000 });
    const total = Number(await quote.getAttribute('data-total'));
    const penalty = Number(await quote.getAttribute('data-penalty'));
    expect(penalty).toBeGreaterThan(0);
    const words = (await page.getByTestId('exchange-words').textContent()) ?? '';
    expect(words).toContain(`phí phạt của hãng ${vnd(penalty)}`);
    expect(words).toContain(vnd(total));
    expect(Number(await page.getByTestId('exchange-total').getAttribute('data-amount'))).toBe(total);

    const before = await headerBalance(page);
    await page.getByTestId('exchange-buy').click();
    const confirm = page.getByTestId('paid-confirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`phí phạt của hãng ${vnd(penalty)}`);
    expect(await headerBalance(page)).toBe(before); // nothing taken before confirming
    await page.getByTestId('paid-ok').click();
    await answerPin(page);
    await expect.poll(async () => page.getByTestId('paid-outcome').getAttribute('data-type'), { timeout: 30_000 }).toBe('success');
    await expect.poll(async () => headerBalance(page), { timeout: 30_000 }).toBe(before - total);
    await expect.poll(async () => page.getByTestId('exchange-held').textContent(), { timeout: 30_000 }).toContain(newFlight.split(' + ')[0]);
    expect(heldText).not.toEqual(await page.getByTestId('exchange-held').textContent());

    // the detail's documents: the old ticket exchanged, the new one open; the history names the exchange
    await page.goto(`${baseUrl}/booking/booking-detail/${id}`);
    await page.getByTestId('aftersale-documents').waitFor({ timeout: 30_000 });
    await expect.poll(async () => page.locator('[data-testid=pnr-ticket][data-status=OPEN]').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.locator('[data-testid=pnr-ticket][data-status=EXCHANGED]').count()).toBe(1);
    await page.getByTestId('booking-detail-tabs').getByRole('tab', { name: /Lịch sử|History/ }).click();
    await page.getByTestId('history-table').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('history-row').allTextContents()).toEqual([expect.stringContaining('Đổi vé')]);
    await page.close();
  }, 180_000);
});
