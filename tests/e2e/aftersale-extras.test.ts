/**
 * Paid extras in Chromium on the shared gateway: f1agent holds and issues a one-adult Vietjet booking, buys a meal
 * on buy-ancillary (the header balance dropping by exactly its price), then adds an infant on add-infant-vj for
 * the VJ fee shown before confirming. Balances are deltas: other files share the agency.
 */
import { describe, expect, inject, it } from 'vitest';
import { answerPin, dayAhead, fileBrowser, headerBalance, holdOneAdult, issueFromDetail, pickOption } from './helpers';

const baseUrl = inject('baseUrl');
const browser = fileBrowser();

/** dd/MM/yyyy of `days` days before the yyyy-MM-dd date. */
const before = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/');

describe('after-sale extras', () => {
  it('buy an ancillary (balance drops by its price), then add an infant to the VJ booking for the fee shown', async () => {
    const page = await browser.signedIn('f1agent');
    const depart = dayAhead(28);
    const { id, pnr } = await holdOneAdult(page, depart, { title: /^(Ông|Mr)$/, last: 'Le', first: 'Van Hung', birthday: '21071987', email: 'hung.le@example.vn' }, undefined, { code: 'VJ', name: /Vietjet/ }, 'VJ');
    await issueFromDetail(page, baseUrl, id, pnr);

    // the hub: both extras allowed
    await page.goto(`${baseUrl}/booking/edit/${id}`);
    await page.getByTestId('action-buy-ancillary').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('action-buy-ancillary').getAttribute('data-allowed')).toBe('true');
    expect(await page.getByTestId('action-add-infant-vj').getAttribute('data-allowed')).toBe('true');

    // buy-ancillary: a meal for the passenger, the total stated, confirmed with the PIN
    await page.getByTestId('open-buy-ancillary').click();
    await page.waitForURL((url) => url.pathname === `/booking/edit/buy-ancillary/${id}`);
    const meals = page.getByTestId('anc-HAN-SGN-1-MEAL');
    await meals.waitFor({ timeout: 30_000 });
    await meals.locator('.ant-radio-button-wrapper').nth(1).click();
    const price = Number(await page.getByTestId('anc-total').getAttribute('data-amount'));
    expect(price).toBeGreaterThan(0);
    let balance = await headerBalance(page);
    await page.getByTestId('anc-buy').click();
    await page.getByTestId('paid-confirm').waitFor();
    await page.getByTestId('paid-ok').click();
    await answerPin(page);
    await expect.poll(async () => page.getByTestId('paid-outcome').getAttribute('data-type'), { timeout: 30_000 }).toBe('success');
    await expect.poll(async () => headerBalance(page), { timeout: 30_000 }).toBe(balance - price);
    await page.getByTestId('anc-held-HAN-SGN-1-MEAL').waitFor({ timeout: 30_000 });

    // add-infant-vj: the adult, the infant's name and birth date, the fee shown, confirmed with the PIN
    await page.goto(`${baseUrl}/booking/edit/add-infant-vj/${id}`);
    await page.getByTestId('infant-vj-parent').waitFor({ timeout: 30_000 });
    await pickOption(page, 'infant-vj-parent', /Le Van Hung/i);
    await pickOption(page, 'infant-vj-title', /MISS|Bé gái|Miss/);
    await page.getByTestId('infant-vj-last').fill('Le');
    await page.getByTestId('infant-vj-first').fill('Bao Ngoc');
    await page.getByTestId('infant-vj-birthday').fill(before(depart, 180));
    await expect.poll(async () => Number(await page.getByTestId('infant-vj-total').getAttribute('data-amount')), { timeout: 30_000 }).toBeGreaterThan(0);
    const fee = Number(await page.getByTestId('infant-vj-total').getAttribute('data-amount'));
    balance = await headerBalance(page);
    await page.getByTestId('infant-vj-submit').click();
    await page.getByTestId('paid-confirm').waitFor();
    expect(await page.getByTestId('paid-confirm').textContent()).toContain(String(fee).replace(/\B(?=(\d{3})+(?!\d))/g, '.'));
    await page.getByTestId('paid-ok').click();
    await answerPin(page);
    await expect.poll(async () => page.getByTestId('paid-outcome').getAttribute('data-type'), { timeout: 30_000 }).toBe('success');
    await expect.poll(async () => headerBalance(page), { timeout: 30_000 }).toBe(balance - fee);
    // the adult now has an infant: the hub says so
    await page.goto(`${baseUrl}/booking/edit/${id}`);
    await expect.poll(async () => page.getByTestId('action-add-infant-vj').getAttribute('data-allowed'), { timeout: 30_000 }).toBe('false');
    await page.close();
  }, 240_000);
});
