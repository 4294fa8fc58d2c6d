/**
 * The agency desk in Chromium against the real gateway: f1agent holds a booking and finds it on the remind
 * list near its time limit; it opens a support request about it with a PDF attached; f1admin (the provider's
 * administrator), signed in in a second browser, answers it; the agent's bell lights with the answer and opens
 * the thread.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dayAhead, fileBrowser, holdOneAdultVn } from './helpers';

const baseUrl = inject('baseUrl');
const agent = fileBrowser();
const provider = fileBrowser();
let agentPage: Page;
let held: { id: number; pnr: string };
let requestId = 0;
const subject = `Đổi tên hành khách ${Date.now().toString(36)}`;

beforeAll(async () => {
  agentPage = await agent.signedIn('f1agent');
});

describe('desk', () => {
  it('the remind list shows a fresh hold near its time limit', async () => {
    held = await holdOneAdultVn(agentPage, dayAhead(16), { title: /^(Ông|Mr)$/, last: 'Le', first: 'Van Hai', birthday: '02031988', email: 'hai.le@example.vn' });
    await agentPage.goto(`${baseUrl}/booking/remind?q=${held.pnr}`);
    const row = agentPage.getByTestId('remind-list').locator('tr', { has: agentPage.locator(`[data-testid=remind-pnr]`, { hasText: held.pnr }) });
    await row.waitFor({ timeout: 30_000 });
    // a hold booked more than three days out keeps about a day: inside the default 24-hour window
    await expect.poll(async () => row.getByTestId('remind-left').textContent()).toMatch(/^(2[0-3]|1?\d) giờ \d{1,2} phút$/);
  });

  it('the agent opens a support request about the booking with a PDF attached', async () => {
    await agentPage.goto(`${baseUrl}/booking/support-request?new=1&pnr=${held.pnr}`);
    await agentPage.getByTestId('support-subject').fill(subject);
    await agentPage.getByTestId('support-body').fill('Xin sửa chính tả tên hành khách.');
    const upload = agentPage.waitForResponse((r) => r.url().endsWith('/api/uploads') && r.request().method() === 'POST');
    await agentPage.getByTestId('support-attach-input').setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% passport scan\n') });
    expect((await upload).status()).toBe(200);
    await agentPage.locator('.desk-attachment-tag', { hasText: 'passport.pdf' }).waitFor();
    const created = agentPage.waitForResponse((r) => r.url().endsWith('/api/desk/support-requests') && r.request().method() === 'POST');
    await agentPage.locator('.ant-modal-footer .ant-btn-primary').click();
    const res = await created;
    expect(res.status()).toBe(200);
    requestId = ((await res.json()) as { id: number }).id;
    await agentPage.waitForURL((url) => url.pathname === '/booking/support-request' && url.searchParams.get('id') === String(requestId));
    const first = agentPage.getByTestId('support-message-agent').first();
    await first.waitFor();
    await expect.poll(async () => first.textContent()).toContain('passport.pdf');
    expect(await agentPage.getByTestId('support-status').textContent()).toBe('Đang chờ');
  });

  it('the provider answers in a second browser; the agent’s bell lights and opens the answer', async () => {
    expect(requestId).toBeGreaterThan(0);
    const page = await provider.signedIn('f1admin');
    await page.goto(`${baseUrl}/booking/support-request`);
    await page.getByTestId('support-list').getByRole('button', { name: subject }).click();
    await page.getByTestId('support-thread').waitFor();
    await page.getByTestId('support-reply').fill('Đã sửa tên hành khách theo hộ chiếu.');
    const answered = page.waitForResponse((r) => r.url().endsWith(`/api/desk/support-requests/${requestId}/answer`));
    await page.getByTestId('support-reply-send').click();
    expect((await answered).status()).toBe(200);
    await expect.poll(async () => page.getByTestId('support-status').textContent()).toBe('Đã trả lời');
    await page.close();

    // the agent's next page load shows the unread answer in the bell
    await agentPage.goto(`${baseUrl}/booking/support-request`);
    const bell = agentPage.locator('.notif-trigger');
    await expect.poll(async () => Number((await bell.locator('.ant-badge-count').getAttribute('title')) ?? 0), { timeout: 30_000 }).toBeGreaterThan(0);
    await bell.click();
    const entry = agentPage.locator('[data-testid=notification-panel] .notif-item.notif-unread', { hasText: `Nhà cung cấp đã trả lời yêu cầu hỗ trợ ${held.pnr}` });
    await entry.waitFor();
    await entry.locator('.notif-link').click();
    await agentPage.waitForURL((url) => url.searchParams.get('id') === String(requestId));
    await agentPage.getByTestId('support-message-provider').filter({ hasText: 'Đã sửa tên hành khách theo hộ chiếu.' }).waitFor();
    expect(await agentPage.getByTestId('support-status').textContent()).toBe('Đã trả lời');
  });
});
