/**
 * A multi-city booking in Chromium on the production build against the shared gateway: f1agent searches three
 * legs from the home panel (HAN→SGN, SGN→DAD, DAD→HAN), chooses Vietnam Airlines on legs 1 and 3 and Vietjet on
 * leg 2, goes on with "Tiếp tục" to booking/multi-destinations-passengers (every leg listed, one passenger form),
 * holds (two PNRs: VN over legs 1 and 3, VJ over leg 2), sees the three legs on the completed page and the
 * booking detail, and issues both PNRs with the PIN: the header balance drops by exactly the booking's total.
 */
import { describe, expect, inject, it } from 'vitest';
import { confirmWithPin, dayAhead, fileBrowser, headerBalance, pickOption, searchMultiCityFromHome, selectAirlineOffer } from './helpers';

const baseUrl = inject('baseUrl');
const browser = fileBrowser();

const VN = { code: 'VN', name: /Vietnam Airlines/ };
const VJ = { code: 'VJ', name: /Vietjet/ };

describe('multi-city booking', () => {
  it('three legs on two carriers: passengers once, two PNRs, every leg shown, both issued with the PIN', async () => {
    const page = await browser.signedIn('f1agent');
    const route = [['HAN', 'SGN'], ['SGN', 'DAD'], ['DAD', 'HAN']] as const;
    await searchMultiCityFromHome(page, route, dayAhead(2));

    const next = page.getByTestId('multi-continue');
    for (const [i, airline] of [VN, VJ, VN].entries()) {
      // before every leg has a flight, the button goes to the next leg without one
      await next.click();
      await page.locator('.ant-tabs-tab-active').getByTestId(`leg-tab-${i}`).waitFor();
      // each through the carrier's own channel: one PNR per airline and source
      await selectAirlineOffer(page.locator('.ant-tabs-tabpane-active'), airline, airline.code);
      await expect.poll(() => page.getByTestId(`leg-tab-${i}`).textContent(), { timeout: 30_000 }).toContain('✓');
    }
    expect(await page.getByTestId('multi-total').textContent()).toContain('3/3');
    await expect.poll(() => next.textContent(), { timeout: 30_000 }).toMatch(/Tiếp tục/);
    await next.click();
    await page.waitForURL((url) => url.pathname === '/booking/multi-destinations-passengers' && !!url.searchParams.get('session'));

    // every leg listed, in order, on one form
    await page.getByTestId('pax-1').waitFor();
    const lines = page.locator('.bk-flight-line');
    expect(await lines.count()).toBe(3);
    const texts = await lines.allTextContents();
    expect(texts.map((x) => /Chặng (\d)/.exec(x)?.[1])).toEqual(['1', '2', '3']);
    expect(texts.map((x) => / (VN|VJ) /.exec(x)?.[1])).toEqual(['VN', 'VJ', 'VN']);
    await pickOption(page, 'pax-1-title', /^(Ông|Mr)$/);
    await page.getByTestId('pax-1-last').fill('Tran');
    await page.getByTestId('pax-1-first').fill('Minh Duc');
    await page.getByTestId('pax-1-birthday').fill('12031988');
    await page.getByTestId('contact-phone').fill('0987654321');
    await page.getByTestId('contact-email').fill('duc.tran@example.vn');
    const shownTotal = Number((await page.getByTestId('booking-total').textContent())?.replace(/\D/g, ''));
    await page.getByTestId('submit-booking').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.waitForURL((url) => url.pathname.startsWith('/booking/completed/'), { timeout: 60_000 });
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    // two references: VN flies legs 1 and 3, VJ leg 2; the three legs in order
    const codes = page.getByTestId('pnr-code');
    await expect.poll(async () => (await codes.allTextContents()).filter((c) => /^[A-Z0-9]{6}$/.test(c)).length, { timeout: 60_000 }).toBe(2);
    const rows = await page.getByTestId('pnr-row').allTextContents();
    expect(rows[0]).toMatch(/HAN-SGN, DAD-HAN/);
    expect(rows[1]).toMatch(/SGN-DAD/);
    await expect.poll(() => page.getByTestId('completed-route').count(), { timeout: 30_000 }).toBe(3);
    const legs = await page.getByTestId('completed-route').allTextContents();
    expect(legs.map((x) => /Chặng (\d) · (\w\w) · (\w{3}) → (\w{3})/.exec(x)?.slice(1).join(' '))).toEqual(['1 VN HAN SGN', '2 VJ SGN DAD', '3 VN DAD HAN']);
    const total = Number((await page.getByTestId('completed-total').textContent())?.replace(/\D/g, ''));
    expect(total).toBe(shownTotal);

    // issue both references from the completed page, each with the PIN: the balance drops by the whole total
    const before = await headerBalance(page);
    for (let n = 0; n < 2; n += 1) {
      await page.getByTestId('next-issue').first().click();
      await confirmWithPin(page, true);
      await expect.poll(() => page.getByTestId('pnr-row').evaluateAll((els) => els.filter((e) => e.getAttribute('data-status') === 'ISSUE TICKET').length), { timeout: 60_000 }).toBe(n + 1);
    }
    await expect.poll(() => headerBalance(page), { timeout: 30_000 }).toBe(before - total);

    // the booking detail shows each PNR with its legs
    await page.goto(`${baseUrl}/booking/booking-detail/${id}`);
    await page.getByTestId('booking-detail-page').waitFor();
    await expect.poll(() => page.getByTestId('route-info').count(), { timeout: 30_000 }).toBe(3);
    const tags = await page.getByTestId('route-info').evaluateAll((els) => els.map((e) => /Chặng (\d)/.exec(e.textContent ?? '')?.[1]));
    expect([...tags].sort()).toEqual(['1', '2', '3']);
    await page.close();
  }, 240_000); // three searches, a hold and two issues
});
