/**
 * The booking lifecycle in Chromium on the production build against the real gateway: f1agent holds a booking
 * through the UI, finds it in booking/search, opens the detail and issues it (the PIN dialog opens; the header
 * balance drops by exactly the total; the PNR shows its ticket numbers), prints it (the ticket shows, the PDF
 * downloads), the reservation status and the mail find it, the public /ticket-face finds the e-ticket by PNR
 * and last name in a fresh browser without sign-in, then the tickets are voided and the balance returns to
 * exactly what it was. On a phone, a hold is cancelled from the booking/cancel cards: seats released, no money. On
 * a 1366 px laptop, an administrator's issue and cancel lists fit beside the menu, the deadline in sight.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser } from '../support/browser';
import { confirmWithPin, dayAhead, expectInSight, fileBrowser, headerBalance, holdOneAdultVn } from './helpers';

const baseUrl = inject('baseUrl');
const browser = fileBrowser();

function holdBooking(page: Page): Promise<{ id: number; pnr: string }> {
  return holdOneAdultVn(page, dayAhead(12), { title: /^(Bà|Mrs)$/, last: 'Pham', first: 'Thi Lan', birthday: '20061990', email: 'lan.pham@example.vn' });
}

/**
 * Waits past Vietnam's local midnight when fewer than 3 minutes of the local day are left, so a ticket issued
 * now can still be voided the same day (the e2e gateway's SUPPLIER_VOID_CUTOFF is 23:59).
 */
async function outOfTheLastMinutes() {
  const vnMinutes = () => {
    const d = new Date(Date.now() + 7 * 3_600_000);
    return d.getUTCHours() * 60 + d.getUTCMinutes();
  };
  while (vnMinutes() >= 23 * 60 + 56) await new Promise((r) => setTimeout(r, 5_000));
}

describe('booking lifecycle', () => {
  it('hold, search, issue with the PIN (balance drops by the total), print and PDF, reservation status, mail, ticket face without sign-in, void (balance back)', async () => {
    const page = await browser.signedIn('f1agent');
    const { id, pnr } = await holdBooking(page);

    // booking/search by PNR: the row opens the detail
    await page.goto(`${baseUrl}/booking/search`);
    await page.getByTestId('booking-filters').locator('input').first().fill(pnr);
    await page.getByTestId('booking-search-submit').click();
    await page.waitForURL((url) => url.searchParams.get('pnr') === pnr);
    const row = page.locator(`[data-testid=booking-row][data-id="${id}"]`);
    await row.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('[data-testid=booking-row]').count(), { timeout: 30_000 }).toBe(1);
    // the search survives a reload
    await page.reload();
    await row.waitFor({ timeout: 30_000 });
    // the table is wider than the page beside the menu: the booking's total stays pinned in sight at its right edge
    const rowTotal = row.locator('td.ant-table-cell-fix-right [data-testid=booking-total]');
    await rowTotal.waitFor();
    await expectInSight(rowTotal, page.locator('.bkm-table .ant-table-content, .bkm-table .ant-table-body').first());
    await row.click();
    await page.waitForURL((url) => url.pathname === `/booking/booking-detail/${id}`);
    const panel = page.locator(`[data-testid=pnr-panel][data-pnr="${pnr}"]`);
    await panel.waitFor();
    expect(await panel.getByTestId('pnr-status').getAttribute('data-status')).toBe('BOOKED');
    await expect.poll(async () => panel.getByTestId('pnr-countdown').textContent()).toMatch(/\d{2}:\d{2}:\d{2}$/);

    // issue: confirmation with the total, the PIN dialog, the balance drops by exactly the amount charged
    // (the gateway's void cut-off is 23:59 Vietnam time: the journey issues and voids within one local day)
    await outOfTheLastMinutes();
    const before = await headerBalance(page);
    await panel.getByTestId('action-issue').click();
    const total = Number(await page.getByTestId('confirm-amount').getAttribute('data-amount'));
    expect(total).toBe(Number(await panel.getByTestId('pnr-total').getAttribute('data-amount')));
    expect(total).toBeGreaterThan(0);
    await confirmWithPin(page, true);
    const feedback = page.getByTestId('action-feedback');
    await expect.poll(async () => feedback.getAttribute('data-type'), { timeout: 30_000 }).toBe('success');
    await expect.poll(async () => headerBalance(page), { timeout: 30_000 }).toBe(before - total);
    await expect.poll(async () => panel.getByTestId('pnr-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('ISSUE TICKET');
    const tickets = await panel.getByTestId('ticket-number').allTextContents();
    expect(tickets.length).toBe(1);
    expect(tickets[0]).toMatch(/^\d{10,14}$/);

    // the fare rules by booking reference: the dialog asks the gateway by PNR and shows its conditions
    const rules = page.waitForResponse((r) => r.url().includes('/api/flights/fare-rules') && new URL(r.url()).searchParams.get('pnr') === pnr);
    await panel.getByTestId('action-fareRule').click();
    expect((await rules).status()).toBe(200);
    const dialog = page.getByTestId('fare-rule-dialog');
    await dialog.locator('.fare-rule-text').first().waitFor();
    expect(await dialog.getAttribute('data-error')).toBe('false');
    expect(((await dialog.locator('.fare-rule-text').first().textContent()) ?? '').length).toBeGreaterThan(10);
    await page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal-close').last().click();
    await dialog.waitFor({ state: 'hidden' });

    // print: the ticket with its number, and the PDF
    await panel.getByTestId('action-print').click();
    await page.waitForURL((url) => url.pathname === '/booking/print-ticket' && url.searchParams.get('id') === String(id));
    const ticket = page.getByTestId('print-ticket');
    await ticket.waitFor({ timeout: 30_000 });
    expect(await ticket.getAttribute('data-pnr')).toBe(pnr);
    expect(await ticket.getByTestId('print-ticket-number').allTextContents()).toEqual(tickets);
    expect(await page.getByTestId('print-sms').inputValue()).toContain(pnr);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('print-pdf').click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await download.path();
    expect(readFileSync(file as string).subarray(0, 5).toString()).toBe('%PDF-');

    // reservation status by PNR, with the link to the detail
    await page.goto(`${baseUrl}/booking/reservation-status`);
    await page.getByTestId('reservation-pnr').fill(pnr.toLowerCase());
    await page.getByTestId('reservation-submit').click();
    const status = page.getByTestId('reservation-result');
    await status.waitFor({ timeout: 30_000 });
    expect(await status.getByTestId('pnr-status').getAttribute('data-status')).toBe('ISSUE TICKET');
    expect(await status.getByTestId('reservation-detail-link').getAttribute('href')).toBe(`/booking/booking-detail/${id}`);

    // mail: the contact's address is filled in, the ticket is queued
    await page.goto(`${baseUrl}/booking/mail?id=${id}&pnr=${pnr}`);
    await page.getByTestId('mail-send').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('mail-to').textContent()).toContain('lan.pham@example.vn');
    await page.getByTestId('mail-send').click();
    await expect.poll(async () => page.getByTestId('mail-outcome').getAttribute('data-type'), { timeout: 30_000 }).toBe('success');

    // the public e-ticket in a fresh browser, no sign-in
    const fresh = await openBrowser({ width: 360, height: 740 });
    try {
      const open = await fresh.context.newPage();
      await open.goto(`${baseUrl}/ticket-face`);
      await open.locator('#tf-pnr').fill(pnr.toLowerCase());
      await open.locator('#tf-last-name').fill('pham');
      await open.getByTestId('tf-submit').click();
      const face = open.getByTestId('tf-ticket');
      await face.waitFor({ timeout: 30_000 });
      expect(await face.getAttribute('data-pnr')).toBe(pnr);
      expect(await open.getByTestId('tf-ticket-number').allTextContents()).toEqual(tickets);
      expect(await open.getByTestId('tf-leg').count()).toBeGreaterThan(0);
      expect(new URL(open.url()).pathname).toBe('/ticket-face');
      // a wrong last name: the clear not-found message
      await open.locator('#tf-last-name').fill('nobody');
      await open.getByTestId('tf-submit').click();
      await expect.poll(async () => open.getByTestId('tf-failure').getAttribute('data-kind'), { timeout: 30_000 }).toBe('notFound');
    } finally {
      await fresh.close();
    }

    // void: the amount returned, the balance back to exactly what it was
    await page.goto(`${baseUrl}/booking/booking-detail/${id}`);
    await panel.waitFor();
    await panel.getByTestId('action-void').click();
    expect(Number(await page.getByTestId('confirm-amount').getAttribute('data-amount'))).toBe(total);
    // f1agent holds use_pin_code: void asks for the PIN too
    await confirmWithPin(page, true);
    await expect.poll(async () => page.getByTestId('action-feedback').getAttribute('data-type'), { timeout: 30_000 }).toBe('success');
    await expect.poll(async () => headerBalance(page), { timeout: 30_000 }).toBe(before);
    await expect.poll(async () => panel.getByTestId('pnr-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('VOIDED OR CANCEL');
    await page.close();
  }, 300_000); // up to 3 minutes of waiting out the local midnight, see outOfTheLastMinutes

  it('on a phone (360 px), booking/cancel lists the new hold as a card; cancelling states the seats released and no money, and the hold is gone', async () => {
    const page = await browser.signedIn('f1agent');
    const { id, pnr } = await holdBooking(page);
    const before = await headerBalance(page);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${baseUrl}/booking/cancel`);
    const button = page.locator(`[data-testid=work-cancel][aria-label$=" ${pnr}"]`);
    await button.waitFor({ timeout: 30_000 });
    // a card, not a wide table: nothing sits outside the screen
    expect(await page.locator('.bkm-cards').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await button.click();
    expect(await page.getByTestId('confirm-seats').textContent()).toMatch(/^Trả 1 ghế trên [1-9] chuyến bay\.$/);
    expect(await page.getByTestId('confirm-amount').count()).toBe(0);
    await page.getByTestId('confirm-ok').click();
    await expect.poll(async () => page.getByTestId('action-feedback').getAttribute('data-type'), { timeout: 30_000 }).toBe('success');
    await expect.poll(async () => button.count(), { timeout: 30_000 }).toBe(0);
    expect(await headerBalance(page)).toBe(before);

    await page.goto(`${baseUrl}/booking/booking-detail/${id}`);
    const panel = page.locator(`[data-testid=pnr-panel][data-pnr="${pnr}"]`);
    await panel.waitFor();
    expect(await panel.getByTestId('pnr-status').getAttribute('data-status')).toBe('VOIDED OR CANCEL');
    expect(await panel.getByTestId('action-cancel').count()).toBe(0);
    await page.close();
  });

  it("on a 1366 px laptop, an administrator's issue and cancel lists show every column, the deadline beside the pinned total and action", async () => {
    const agent = await browser.signedIn('f1agent');
    const { pnr } = await holdBooking(agent);
    await agent.close();
    const page = await browser.signedIn('f1admin');
    await page.setViewportSize({ width: 1366, height: 800 });
    for (const kind of ['issue', 'cancel'] as const) {
      await page.goto(`${baseUrl}/booking/${kind}`);
      const button = page.locator(`[data-testid=work-${kind}][aria-label$=" ${pnr}"]`);
      await button.waitFor({ timeout: 30_000 });
      const row = page.locator('[data-testid=booking-row]').filter({ has: button });
      // the table fits the page beside the menu: no column scrolled under the pinned ones
      const area = page.locator('.bkm-table .ant-table-content, .bkm-table .ant-table-body').first();
      expect(await area.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      const deadline = await row.getByTestId('work-deadline').boundingBox();
      const total = await row.locator('td.ant-table-cell-fix-right').first().boundingBox();
      expect(deadline!.x + deadline!.width).toBeLessThanOrEqual(total!.x);
      await expectInSight(button, area);
    }
    await page.close();
  });
});
