/**
 * Schedule changes in Chromium on the production build: f1agent holds and issues a VN booking on a gateway of
 * its own whose simulated airlines reschedule every flight (SCHEDULE_CHANGE_RATE=1, a round every second — the
 * shared gateway keeps them off so other files' flights never move). The booking shows up in the schedule-change
 * inbox; submit-sc says old against new in words; accepting it confirms the segments, empties the inbox of it
 * and leaves both the airline's change and the answer in the detail's history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../support/gateway-process';
import { answerPin, dayAhead, fileBrowser, holdOneAdultVn } from './helpers';

const browser = fileBrowser();
let gw: RunningGateway;

beforeAll(async () => {
  gw = await startGateway({ SUPPLIER_VOID_CUTOFF: '23:59', SCHEDULE_CHANGE_RATE: '1', SCHEDULE_CHANGE_EVERY_MS: '1000' });
}, 300_000);
afterAll(async () => {
  await gw?.stop();
});

describe('schedule changes', () => {
  it('an issued booking whose flight the airline changed: in the inbox, old vs new in words, accepted from submit-sc', async () => {
    const baseUrl = gw.url;
    const page = await browser.signedIn('f1agent', { baseUrl });
    const { id, pnr } = await holdOneAdultVn(page, dayAhead(19), { title: /^(Ông|Mr)$/, last: 'Vo', first: 'Van Tam', birthday: '11071987', email: 'tam.vo@example.vn' });

    await page.goto(`${baseUrl}/booking/booking-detail/${id}`);
    const panel = page.locator(`[data-testid=pnr-panel][data-pnr="${pnr}"]`);
    await panel.waitFor({ timeout: 30_000 });
    const oldFlight = ((await panel.textContent()) ?? '').match(/VN\d{2,4}/)?.[0];
    expect(oldFlight).toBeTruthy();
    await panel.getByTestId('action-issue').click();
    await page.getByTestId('confirm-ok').click();
    await answerPin(page);
    await expect.poll(async () => panel.getByTestId('pnr-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('ISSUE TICKET');

    // the inbox (from the menu) lists the booking once the airline's change has come in
    await page.goto(`${baseUrl}/booking/schedule-changes`);
    const row = page.getByTestId(`sc-row-${pnr}`);
    await expect
      .poll(
        async () => {
          if ((await row.count()) > 0) return true;
          await page.reload();
          await page.getByTestId('sc-inbox').waitFor();
          return (await row.count()) > 0;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    expect(await row.getAttribute('data-status')).toBe('open');
    expect(await row.textContent()).toContain(oldFlight);

    // submit-sc: the change in words, old and new side by side, then accept
    await page.getByTestId(`sc-open-${pnr}`).click();
    await page.waitForURL((url) => url.pathname === `/booking/edit/submit-sc/${id}`);
    await page.getByTestId(`sc-pnr-${pnr}`).waitFor({ timeout: 30_000 });
    const words = (await page.getByTestId('sc-words').first().textContent()) ?? '';
    expect(words).toContain(oldFlight);
    expect(words).toMatch(/muộn hơn|sớm hơn|bị hủy/);
    expect(await page.getByTestId('sc-old').first().textContent()).toContain(oldFlight);
    await page.getByTestId('sc-accept').click();
    await page.getByTestId('sched-confirm').waitFor();
    expect(await page.getByTestId('sched-confirm').textContent()).toMatch(/Miễn phí/);
    await page.getByTestId('sched-ok').click();
    await expect.poll(async () => page.getByTestId('sc-outcome').getAttribute('data-type'), { timeout: 30_000 }).toBe('success');
    await page.getByTestId('sc-none').waitFor({ timeout: 30_000 });

    // the hub: nothing left to accept; the inbox's open list no longer has it
    await page.goto(`${baseUrl}/booking/edit/${id}`);
    await page.getByTestId('action-submit-sc').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('action-submit-sc').getAttribute('data-allowed')).toBe('false');
    await page.goto(`${baseUrl}/booking/schedule-changes`);
    await page.getByTestId('sc-inbox').waitFor();
    await expect.poll(async () => page.locator('.ant-spin-spinning').count(), { timeout: 30_000 }).toBe(0);
    expect(await row.count()).toBe(0);

    // the detail's history: the airline's change and the acceptance
    await page.goto(`${baseUrl}/booking/booking-detail/${id}`);
    await page.getByTestId('booking-detail-tabs').getByRole('tab', { name: /Lịch sử|History/ }).click();
    await page.getByTestId('history-table').waitFor({ timeout: 30_000 });
    await expect.poll(async () => page.getByTestId('history-row').count(), { timeout: 30_000 }).toBe(2);
    const rows = await page.getByTestId('history-row').allTextContents();
    expect(rows[0]).toMatch(/Chấp nhận thay đổi lịch bay/);
    expect(rows[1]).toMatch(/Hãng thay đổi lịch bay/);
    await page.close();
  }, 240_000);
});
