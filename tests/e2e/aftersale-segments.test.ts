/**
 * Segment and passenger-structure edits in Chromium on the shared gateway: f1agent holds and issues a two-adult
 * VN booking, adds a DAD→HAN segment (paid with the PIN, the header balance dropping by the price shown), adds the
 * ARNK across the SGN–DAD gap (both then in the booking detail's flight list), then splits the second passenger into a new PNR and finds both PNRs in the hub.
 */
import { describe, expect, inject, it } from 'vitest';
import { answerPin, dayAhead, fileBrowser, headerBalance, issueFromDetail, pickOption, searchFromHome, selectVnOffer } from './helpers';

const baseUrl = inject('baseUrl');
const browser = fileBrowser();

describe('segment edits', () => {
  it('add a segment and an ARNK, then split a two-passenger booking into two PNRs', async () => {
    const page = await browser.signedIn('f1agent');

    // a two-adult HAN→SGN booking, held then issued
    await searchFromHome(page, { from: 'HAN', to: 'SGN', depart: dayAhead(27), passengers: { adt: 2 } });
    await selectVnOffer(page);
    await page.getByTestId('selected-panel').getByRole('button', { name: /Tiếp tục|Continue/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/booking/passenger-information/'));
    for (const [i, first, birthday] of [[1, 'Van Nam', '12051984'], [2, 'Thi Mai', '03091990']] as const) {
      await page.getByTestId(`pax-${i}`).waitFor();
      await pickOption(page, `pax-${i}-title`, i === 1 ? /^(Ông|Mr)$/ : /^(Bà|Mrs)$/);
      await page.getByTestId(`pax-${i}-last`).fill('Pham');
      await page.getByTestId(`pax-${i}-first`).fill(first);
      await page.getByTestId(`pax-${i}-birthday`).fill(birthday);
    }
    await page.getByTestId('contact-phone').fill('0912345678');
    await page.getByTestId('contact-email').fill('nam.pham@example.vn');
    await page.getByTestId('submit-booking').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.waitForURL((url) => url.pathname.startsWith('/booking/completed/'), { timeout: 30_000 });
    const code = page.getByTestId('pnr-code').first();
    await expect.poll(async () => code.textContent(), { timeout: 30_000 }).toMatch(/^[A-Z0-9]{6}$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const pnr = (await code.textContent()) as string;
    await issueFromDetail(page, baseUrl, id, pnr);

    // the hub: no gap yet, so no ARNK; add-route open
    await page.goto(`${baseUrl}/booking/edit/${id}`);
    await page.getByTestId('action-add-arunk').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('action-add-arunk').getAttribute('data-allowed')).toBe('false');
    await page.getByTestId('open-add-route').click();
    await page.waitForURL((url) => url.pathname === `/booking/edit/add-route/${id}`);

    // add-route: DAD→HAN two days later, the first class with seats
    await page.getByTestId('route-from').fill('DAD');
    await page.getByTestId('route-to').fill('HAN');
    await page.getByTestId('route-date').fill(dayAhead(29));
    await page.getByTestId('route-search').click();
    const cls = page.locator('label.ant-radio-wrapper:not(.ant-radio-wrapper-disabled)').filter({ has: page.locator('[data-testid^=route-class-]') }).first();
    await cls.waitFor({ timeout: 30_000 });
    const price = Number(await cls.locator('[data-testid^=route-class-]').getAttribute('data-total'));
    expect(price).toBeGreaterThan(0);
    await cls.click();
    await expect.poll(() => page.getByTestId('itinerary-after-seg').count()).toBe(2);
    const before = await headerBalance(page);
    await page.getByTestId('route-add').click();
    await page.getByTestId('edit-confirm').waitFor();
    await page.getByTestId('edit-ok').click();
    await answerPin(page);
    await expect.poll(async () => page.getByTestId('edit-outcome').getAttribute('data-type'), { timeout: 30_000 }).toBe('success');
    await expect.poll(async () => headerBalance(page), { timeout: 30_000 }).toBe(before - price);
    await expect.poll(() => page.getByTestId('itinerary').getByTestId('itinerary-seg').count(), { timeout: 30_000 }).toBe(2);

    // add-arunk: the SGN–DAD gap
    await page.goto(`${baseUrl}/booking/edit/add-arunk/${id}`);
    const add = page.getByTestId('arnk-add-1');
    await add.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('gap-1').textContent()).toMatch(/SGN.*DAD/);
    await add.click();
    await page.getByTestId('edit-ok').click();
    await expect.poll(async () => page.getByTestId('edit-outcome').getAttribute('data-type'), { timeout: 30_000 }).toBe('success');
    await expect.poll(() => page.getByTestId('itinerary').getByTestId('itinerary-arnk').count(), { timeout: 30_000 }).toBe(1);
    expect(await add.isDisabled()).toBe(true);

    // the booking detail's flight list: the first flight, the ARNK as a surface segment, the added DAD→HAN flight
    await page.goto(`${baseUrl}/booking/booking-detail/${id}`);
    const legs = page.getByTestId('route-info');
    await expect.poll(() => legs.count(), { timeout: 30_000 }).toBe(3);
    expect(await legs.nth(1).getAttribute('data-surface')).toBe('true');
    expect(await legs.nth(1).textContent()).toMatch(/ARNK.*SGN.*DAD/);
    expect(await legs.nth(2).textContent()).toMatch(/DAD.*HAN/);

    // split-passenger: the second adult into a new PNR
    await page.goto(`${baseUrl}/booking/edit/split-passenger/${id}`);
    await page.getByTestId('split-pax-2').waitFor({ timeout: 30_000 });
    await page.getByTestId('split-pax-2').click();
    await page.getByTestId('split-preview').waitFor();
    await page.getByTestId('split-submit').click();
    await page.getByTestId('edit-ok').click();
    await expect.poll(async () => page.getByTestId('edit-outcome').getAttribute('data-type'), { timeout: 30_000 }).toBe('success');
    const newPnr = /([A-Z0-9]{6})\.?$/.exec((await page.getByTestId('edit-outcome').textContent()) ?? '')?.[1];
    expect(newPnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(newPnr).not.toBe(pnr);

    // both PNRs in the hub, each with one passenger and the added segment
    await page.goto(`${baseUrl}/booking/edit/${id}`);
    await page.getByTestId(`pnr-record-${newPnr}`).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId(`pnr-record-${pnr}`).textContent()).toMatch(/van nam/i);
    expect(await page.getByTestId(`pnr-record-${pnr}`).textContent()).not.toMatch(/thi mai/i);
    expect(await page.getByTestId(`pnr-record-${newPnr}`).textContent()).toMatch(/thi mai/i);
    expect(await page.getByTestId(`pnr-record-${newPnr}`).textContent()).toMatch(/DAD/);
    await page.close();
  }, 240_000);
});
