/** Shared steps of the end-to-end tests. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = 'Demo@2026';

export async function login(page: Page, baseUrl: string, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  const captcha = page.locator('#login-captcha');
  if (await captcha.isVisible()) await captcha.fill('anything');
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  await page.locator('.account-trigger').first().waitFor({ timeout: 30_000 });
}

/** The paths of the side menu's links. */
export async function menuPaths(page: Page): Promise<string[]> {
  const menu = page.locator('.side-menu').first();
  await menu.waitFor();
  // collapsed groups render their links only once opened
  const closed = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  for (let i = await closed.count(); i > 0; i--) {
    await closed.first().click();
    await page.waitForTimeout(150);
  }
  const hrefs = await menu.locator('a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return [...new Set(hrefs)].sort();
}

export async function storage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
}

export function expectPath(page: Page, path: string): void {
  expect(new URL(page.url()).pathname).toBe(path);
}
