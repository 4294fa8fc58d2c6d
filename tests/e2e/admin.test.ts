/**
 * Agency administration in Chromium against the real gateway: f1admin builds a permission group without
 * export_ticket and a user in it; the user is refused /booking/issue; once the group gains export_ticket
 * the user's refreshed permissions pass the route guard. f2admin creates, edits and suspends a child agency.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser } from '../support/browser';
import { expectPath, fileBrowser, login, menuPaths } from './helpers';

const baseUrl = inject('baseUrl');
const stamp = Date.now().toString(36).slice(-5);
const browser = fileBrowser();

async function pick(page: Page, selectId: string, title: string): Promise<void> {
  await page.locator(`#${selectId}`).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`).click();
}

async function confirmDialog(page: Page): Promise<void> {
  await page.locator('.ant-modal-confirm:visible .ant-btn-primary, .ant-modal-confirm:visible .ant-btn-dangerous').last().click();
}

async function rowOf(page: Page, text: string) {
  const row = page.locator('tr.ant-table-row', { hasText: text }).first();
  await row.waitFor({ timeout: 20_000 });
  return row;
}

/** Ticks a permission box and waits until the form holds it (a click landing during a re-render is retried). */
async function tick(page: Page, testId: string): Promise<void> {
  const box = page.getByTestId(testId);
  await expect
    .poll(async () => {
      if (!(await box.isChecked())) await box.check({ force: true, timeout: 5_000 }).catch(() => undefined);
      return box.isChecked();
    }, { timeout: 30_000 })
    .toBe(true);
}

describe('a permission group decides what its members may open', () => {
  const groupName = `Bán vé không xuất ${stamp}`;
  const username = `e2e_${stamp}`;
  const firstPassword = 'Khoi@2026a';
  const newPassword = 'Moi@2026bc';

  it('f1admin creates a group without export_ticket and a user in it; the user cannot open /booking/issue; adding export_ticket lets it through', async () => {
    const admin = await browser.signedIn('f1admin', { clearCookies: true });

    // the group: bookings and search, no export_ticket
    await admin.goto(`${baseUrl}/system/change-group-permissions`);
    await admin.locator('#name').fill(groupName);
    await admin.locator('#description').fill('E2E');
    await tick(admin, 'perm-booking_ticket');
    await tick(admin, 'perm-search_booking');
    await expect.poll(() => admin.getByTestId('perm-export_ticket').isChecked()).toBe(false);
    await admin.locator('button[type=submit]').click();
    await admin.waitForURL((u) => u.pathname === '/system/group-permissions');
    await rowOf(admin, groupName);

    // the user, in that group
    await admin.goto(`${baseUrl}/agent/change-ticketing`);
    await admin.locator('#username').fill(username);
    await admin.locator('#password').fill(firstPassword);
    await admin.locator('#fullName').fill('Nguyễn Kiểm Thử');
    await admin.locator('#phone').fill('0912345678');
    await pick(admin, 'role', 'Nhân viên F1');
    await pick(admin, 'groupId', groupName);
    await admin.locator('button[type=submit]').click();
    await admin.waitForURL((u) => u.pathname === '/agent/ticketing-management');
    await admin.locator('input[aria-label="Tìm theo tên đăng nhập, họ tên, điện thoại, email"]').fill(username);
    await admin.keyboard.press('Enter');
    const userRow = await rowOf(admin, username);
    await expect.poll(() => userRow.textContent()).toContain(groupName);

    // the user signs in (first a forced password change), and is refused /booking/issue
    // a second browser: its own storage, so both sessions stay signed in
    const userBrowser = await openBrowser();
    const userPage = await userBrowser.context.newPage();
    await userPage.goto(`${baseUrl}/login`);
    await userPage.locator('#login-username').fill(username);
    await userPage.locator('#login-password').fill(firstPassword);
    const captcha = userPage.locator('#login-captcha');
    if (await captcha.isVisible()) await captcha.fill('x');
    await userPage.locator('button[type=submit]').click();
    await userPage.waitForURL((u) => u.pathname === '/change-password', { timeout: 30_000 });
    await userPage.locator('#oldPassword').waitFor({ timeout: 45_000 });
    await userPage.locator('#oldPassword').fill(firstPassword);
    await userPage.locator('#newPassword').fill(newPassword);
    await userPage.locator('#confirmPassword').fill(newPassword);
    await userPage.locator('button[type=submit]').click();
    await userPage.waitForURL((u) => u.pathname === '/login', { timeout: 30_000 });
    await login(userPage, baseUrl, username, newPassword);
    expect(await menuPaths(userPage)).not.toContain('/booking/issue');
    await userPage.goto(`${baseUrl}/booking/issue`);
    await userPage.waitForURL((u) => u.pathname === '/not-allow', { timeout: 20_000 });
    expectPath(userPage, '/not-allow');

    // f1admin adds export_ticket to the group
    await admin.goto(`${baseUrl}/system/group-permissions`);
    const groupRow = await rowOf(admin, groupName);
    await groupRow.locator('a[href*="change-group-permissions"]').click();
    await admin.waitForURL((u) => u.pathname === '/system/change-group-permissions');
    await tick(admin, 'perm-export_ticket');
    const saved = admin.waitForResponse((r) => r.url().includes('/api/system/group-permissions/') && r.request().method() === 'PUT');
    await admin.locator('button[type=submit]').click();
    expect((await saved).status()).toBe(200);
    await admin.waitForURL((u) => u.pathname === '/system/group-permissions');

    // after the user's refresh (a reload reloads the permission list) the guard lets /booking/issue through
    const auth: string[] = [];
    userPage.on('response', (r) => {
      if (r.url().includes('/api/auth/')) auth.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await userPage.goto(`${baseUrl}/`);
    await userPage.locator('.side-menu').first().waitFor();
    await expect.poll(() => auth, { timeout: 20_000 }).toContain('200 /api/auth/me');
    await userPage.goto(`${baseUrl}/booking/issue`);
    await userPage.locator('.side-menu').first().waitFor();
    // the guard lets the user through to the issue work list (a denied user would land on /not-allow)
    await userPage.getByTestId('work-list-issue').waitFor({ timeout: 30_000 });
    expect(new URL(userPage.url()).pathname).toBe('/booking/issue');

    await userBrowser.close();
    await admin.close();
  }, 150_000);
});

describe('f2admin manages a child agency', () => {
  const code = `E2E-${stamp.toUpperCase()}`;

  it('creates, edits and suspends a child agency', async () => {
    const page = await browser.signedIn('f2admin', { clearCookies: true });

    await page.goto(`${baseUrl}/agent/change-child`);
    await page.locator('#code').fill(code);
    await page.locator('#name').fill(`Đại lý con ${stamp}`);
    await page.locator('#phone').fill('0987654321');
    await page.locator('button[type=submit]').click();
    await page.waitForURL((u) => u.pathname === '/agent/config-child');
    const row = await rowOf(page, code);

    await row.locator('a[href*="change-child"]').click();
    await page.waitForURL((u) => u.pathname === '/agent/change-child');
    await page.locator('#name').fill(`Đại lý con đã sửa ${stamp}`);
    await page.locator('button[type=submit]').click();
    await page.waitForURL((u) => u.pathname === '/agent/config-child');
    const edited = await rowOf(page, `Đại lý con đã sửa ${stamp}`);

    await edited.locator('button[aria-label="Tạm ngưng"]').click();
    await confirmDialog(page);
    await expect.poll(async () => (await rowOf(page, code)).textContent(), { timeout: 20_000 }).toContain('Tạm ngưng');
    await page.close();
  }, 120_000);
});
