/**
 * Deposit journey in Chromium against the real gateway: the accountant asks for a top-up with a receipt
 * (a real PNG); the provider (the F1's parent agency: an agency never credits its own deposit) approves it
 * from the requests list and the F1's header balance goes up by exactly the amount; approving again from a
 * second, stale tab changes nothing; f1admin itself cannot approve it. A sub-agency's request (f2admin of
 * SAOVIET-HN; f2agent itself may not open the form under the route rule of spec point 2) is approved by the
 * accountant of the parent agency and raises the sub-agency's balance only.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gradientPng } from '../../gateway/seed/images';
import { expectInSight, fileBrowser, headerBalance } from './helpers';

const baseUrl = inject('baseUrl');
const browser = fileBrowser();

async function approveRow(page: Page, reference: string) {
  // a tab in the background may not render (no animation frames): the tab that approves is brought to the front
  await page.bringToFront();
  const row = page.locator('.ant-table-row', { hasText: reference });
  await row.waitFor();
  await row.getByRole('button', { name: /Duyệt|Approve/ }).click();
  const answer = page.waitForResponse((r) => /\/api\/accounting\/topups\/\d+\/approve$/.test(r.url()) && r.request().method() === 'POST');
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  return answer;
}

async function requestTopUp(page: Page, reference: string, amount: number) {
  await page.goto(`${baseUrl}/accounting/deposit-topup/add`);
  const input = page.locator('[data-testid=topup-amount] input, input[data-testid=topup-amount]').first();
  await input.fill(String(amount));
  await input.blur();
  await expect.poll(() => input.inputValue()).toBe(amount.toLocaleString('vi-VN'));
  await page.locator('#bankReference').fill(reference);
  const upload = page.waitForResponse((r) => r.url().endsWith('/api/uploads') && r.request().method() === 'POST');
  await page.locator('[data-testid=receipt-input]').setInputFiles({ name: 'bien-lai.png', mimeType: 'image/png', buffer: gradientPng(200, 120, [0, 122, 94], [255, 255, 255]) });
  expect((await upload).status()).toBe(200);
  await page.locator('.receipt-name', { hasText: 'bien-lai.png' }).waitFor();
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/accounting/topups') && r.request().method() === 'POST');
  await page.locator('.accounting-form button[type=submit]').click();
  expect((await sent).status()).toBe(200);
  await page.waitForURL((url) => url.pathname === '/accounting/deposit-topup');
  await page.locator('.ant-table-row', { hasText: reference }).waitFor();
}

describe('deposit top-up', () => {
  const reference = `VCB${Date.now().toString(36).toUpperCase()}`;
  const amount = 12_345_000;

  it('the accountant requests a top-up with a transfer receipt', async () => {
    const page = await browser.signedIn('accountant', { clearCookies: true });
    await requestTopUp(page, reference, amount);
    await page.close();
  });

  it('the provider approves it: the F1 header balance rises by exactly the amount, a second approve does nothing', async () => {
    // the F1's own administrator may not credit its own deposit (one signed-in user per browser context at a time)
    const own = await browser.signedIn('f1admin', { clearCookies: true });
    const before = await headerBalance(own);
    await own.goto(`${baseUrl}/accounting/deposit-topup`);
    const ownRow = own.locator('.ant-table-row', { hasText: reference });
    await ownRow.waitFor();
    // the list offers no decision on the agency's own request (the gateway refuses it with 403/30 anyway)
    expect(await ownRow.getByRole('button', { name: /Duyệt|Approve/ }).count()).toBe(0);
    await own.close();

    const provider = await browser.signedIn('provider', { clearCookies: true });
    await provider.goto(`${baseUrl}/accounting/deposit-topup`);
    // the list in place before a second tab takes the front
    const pending = provider.locator('.ant-table-row', { hasText: reference });
    await pending.waitFor();
    // beside the menu the table scrolls sideways: the request's status is in sight, left of the pinned actions
    const status = pending.locator('[data-testid=topup-status][data-status=pending]');
    await status.waitFor();
    await expect.poll(async () => {
      const [tag, actions] = [await status.boundingBox(), await pending.locator('td.ant-table-cell-fix-right').last().boundingBox()];
      return tag !== null && actions !== null && tag.x >= 0 && tag.x + tag.width <= actions.x;
    }).toBe(true);
    // a second tab with the same list, left stale
    const stale = await browser.context.newPage();
    await stale.goto(`${baseUrl}/accounting/deposit-topup`);
    await stale.locator('.ant-table-row', { hasText: reference }).waitFor();

    const first = await approveRow(provider, reference);
    expect(first.status()).toBe(200);
    expect(((await first.json()) as { status: string }).status).toBe('approved');
    const second = await approveRow(stale, reference);
    expect(second.status()).toBe(200);
    await stale.close();
    await provider.close();

    const page = await browser.signedIn('f1admin', { clearCookies: true });
    await expect.poll(() => headerBalance(page), { timeout: 30_000 }).toBe(before + amount);
    await page.goto(`${baseUrl}/accounting/view-deposit`);
    await page.locator('.ant-table-row', { hasText: reference }).waitFor();
    expect(await page.locator('.ant-table-row', { hasText: reference }).count()).toBe(1);
    // on a phone the table scrolls sideways, and the top-up's amount stays in sight at its right edge
    await page.setViewportSize({ width: 360, height: 800 });
    const shown = `+${amount.toLocaleString('vi-VN')}`;
    const cell = page.locator('.ant-table-row', { hasText: reference }).locator('td.ant-table-cell-fix-right', { hasText: shown });
    await cell.waitFor();
    await expectInSight(cell, 360);
    await page.close();
  });
});

describe('a sub-agency top-up approved by the accountant', () => {
  const reference = `ACB${Date.now().toString(36).toUpperCase()}`;
  const amount = 7_500_000;

  it('f2agent cannot open the request form: accounting/deposit-topup/add needs (DEPOSIT_MANAGER and AGENT_F1), ADMIN_F1 or ADMIN_F2', async () => {
    const page = await browser.signedIn('f2agent', { clearCookies: true });
    await page.goto(`${baseUrl}/accounting/deposit-topup/add`);
    await page.waitForURL((url) => url.pathname === '/not-allow');
    await page.close();
  });

  it('f2admin asks for a top-up of SAOVIET-HN; the accountant of the parent agency approves it; f2agent sees the new balance', async () => {
    const first = await browser.signedIn('f2agent', { clearCookies: true });
    const before = await headerBalance(first);
    await first.close();

    const f2admin = await browser.signedIn('f2admin', { clearCookies: true });
    expect(await headerBalance(f2admin)).toBe(before);
    await requestTopUp(f2admin, reference, amount);
    await f2admin.close();

    const accountant = await browser.signedIn('accountant', { clearCookies: true });
    const ownBefore = await headerBalance(accountant);
    // on a phone: the amount being approved is in sight beside the approve button, whose name is still "Duyệt"
    await accountant.setViewportSize({ width: 360, height: 800 });
    await accountant.goto(`${baseUrl}/accounting/deposit-topup`);
    const row = accountant.locator('.ant-table-row', { hasText: reference });
    const sum = row.locator('td.ant-table-cell-fix-right', { hasText: amount.toLocaleString('vi-VN') });
    await sum.waitFor();
    await expectInSight([sum, row.getByRole('button', { name: /Duyệt|Approve/ })], 360);
    const answer = await approveRow(accountant, reference);
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { status: string }).status).toBe('approved');
    // the parent agency's own deposit does not move
    await accountant.reload();
    expect(await headerBalance(accountant)).toBe(ownBefore);
    await accountant.close();

    const agent = await browser.signedIn('f2agent', { clearCookies: true });
    expect(await headerBalance(agent)).toBe(before + amount);
    await agent.close();
  });
});
