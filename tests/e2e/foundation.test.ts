/**
 * The foundation journeys in Chromium on the production build against the real gateway: each demo user
 * signs in and sees only the menu it may open; a forbidden URL goes to /not-allow; English survives a
 * reload; an expired access token is refreshed silently; logout clears the session.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Enforcer } from 'casbin';
import { allowed, createEnforcer } from '../../policies/enforcer';
import { derivePermissions } from '../../policies/permissions';
import { ROUTE_RULES } from '../../policies/routes';
import { startGateway, type RunningGateway } from '../support/gateway-process';
import type { Page } from 'playwright-core';
import { clickMenuItem, expectPath, fileBrowser, login, menuPaths, storage } from './helpers';

const baseUrl = inject('baseUrl');
const browser = fileBrowser();
let enforcer: Enforcer;

beforeAll(async () => {
  enforcer = await createEnforcer();
});

describe('sign-in and the menu each user may open', () => {
  /** Menu entries each demo user must see, and must not see (besides the rule check of every shown entry). */
  const expectations: [user: string, sees: string[], hidden: string[]][] = [
    ['f1admin', ['/', '/booking/flights', '/system/group-permissions', '/system/signIn-config', '/agent/config-f2', '/banner'], ['/agent/child-ticketing-management']],
    ['f1agent', ['/', '/booking/flights', '/agent/news'], ['/system/group-permissions', '/agent/ticketing-management', '/banner']],
    ['f2admin', ['/', '/agent/ticketing-management', '/agent/child-ticketing-management', '/system/commission-fee'], ['/system/group-permissions', '/agent/config-f2']],
    ['f2agent', ['/', '/booking/flights', '/system/pin-code'], ['/agent/ticketing-management', '/system/group-permissions', '/system/commission-fee', '/banner']],
    ['accountant', ['/', '/system/commission-fee'], ['/system/group-permissions', '/agent/ticketing-management']],
    ['member', ['/', '/booking/flights'], ['/agent/ticketing-management', '/system/signIn-config']],
  ];

  it.each(expectations)('%s signs in and sees only allowed menu entries', async (username, sees, hidden) => {
    const page = await browser.freshPage({ clearCookies: true });
    const loginResponse = page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST');
    await login(page, baseUrl, username);
    const res = await loginResponse;
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { permissions: string[]; memberInfo: { username: string } };
    expect(body.memberInfo.username).toBe(username);
    const paths = await menuPaths(page);
    for (const path of sees) expect(paths, `${username} sees ${path}`).toContain(path);
    for (const path of hidden) expect(paths, `${username} does not see ${path}`).not.toContain(path);
    for (const path of paths) {
      expect(await allowed(enforcer, body.permissions, path, 'view'), `${username} may open ${path}`).toBe(true);
    }
    const stored = await storage(page);
    expect(stored.isLogin).toBeTruthy();
    expect(stored.accessToken).toBeTruthy();
    expect(stored.refreshToken).toBeTruthy();
    // permissions are stored encrypted, never as plain JSON
    expect(stored.permissions).toBeTruthy();
    expect(() => JSON.parse(stored.permissions)).toThrow();
    await page.close();
  });

  it('a wrong password shows an error and stays on /login', async () => {
    const page = await browser.freshPage({ clearCookies: true });
    await page.locator('#login-username').fill('f2agent');
    await page.locator('#login-password').fill('Wrong@2026');
    const captcha = page.locator('#login-captcha');
    if (await captcha.isVisible()) await captcha.fill('x');
    await page.locator('button[type=submit]').click();
    await expect.poll(async () => page.locator('[data-testid=login-error]').textContent()).toContain('không đúng');
    expectPath(page, '/login');
    await page.close();
  });
});

describe('forbidden and unknown URLs', () => {
  it('sends a user without the permission to /not-allow, and unknown paths to /', async () => {
    const page = await browser.signedIn('f2agent', { clearCookies: true });
    const permissions = derivePermissions('agent_f2', ['booking_ticket'], []);
    const forbidden = ROUTE_RULES.find((r) => !r.public && r.path === '/agent/ticketing-management');
    expect(forbidden).toBeDefined();
    expect(await allowed(enforcer, permissions, '/agent/ticketing-management', 'view')).toBe(false);
    await page.goto(`${baseUrl}/agent/ticketing-management`);
    await page.waitForURL((u) => u.pathname === '/not-allow');
    await page.goto(`${baseUrl}/no/such/page`);
    await page.waitForURL((u) => u.pathname === '/');
    await page.close();
  });

  it('sends a signed-out visitor to /login', async () => {
    const page = await browser.freshPage({ clearCookies: true });
    await page.goto(`${baseUrl}/`);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.close();
  });
});

describe('language', () => {
  it('switches to English and stays English after a reload', async () => {
    const page = await browser.signedIn('f1agent', { clearCookies: true });
    expect(await page.locator('html').getAttribute('lang')).toBe('vi');
    await page.getByText('EN', { exact: true }).first().click();
    await expect.poll(async () => page.locator('html').getAttribute('lang')).toBe('en');
    await page.reload();
    await page.locator('.side-menu').first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect((await storage(page)).i18nextLng).toBe('en');
    await page.close();
  });
});

describe('motion', () => {
  /** The classes the account menu's popup takes while it opens. */
  async function menuClassesWhileOpening(page: Page): Promise<string[]> {
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { menuClasses: string[] }).menuClasses = seen;
      const record = () => document.querySelectorAll('.ant-dropdown').forEach((menu) => seen.push(menu.className));
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    });
    await page.locator('.account-trigger').first().click();
    await page.locator('.ant-dropdown-menu-item-danger').waitFor();
    await page.waitForFunction(() => !/-appear/.test(document.querySelector('.ant-dropdown')?.className ?? '-appear'));
    return page.evaluate(() => (window as unknown as { menuClasses: string[] }).menuClasses);
  }

  it('menus open without motion when the system asks for reduced motion, with antd motion otherwise', async () => {
    const page = await browser.signedIn('f1agent');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const moving = await menuClassesWhileOpening(page);
    expect(moving.some((c) => c.includes('ant-slide-up-appear-active'))).toBe(true);
    await page.reload();
    await page.locator('.account-trigger').first().waitFor();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const still = await menuClassesWhileOpening(page);
    expect(still.length).toBeGreaterThan(0);
    // (the popup is still placed in a "prepare" step, at its final place; it is never shrunk nor animated)
    expect(still.filter((c) => /-(appear|enter)-(start|active)/.test(c))).toEqual([]);
    await page.close();
  });
});

describe('session', () => {
  let shortLived: RunningGateway;
  beforeAll(async () => {
    shortLived = await startGateway({ ACCESS_TOKEN_TTL: '2' });
  });
  afterAll(async () => {
    await shortLived?.stop();
  });

  it('keeps working through a silent refresh when the access token expires', async () => {
    const page = await browser.signedIn('f1admin', { baseUrl: shortLived.url });
    const before = (await storage(page)).accessToken;
    await new Promise((r) => setTimeout(r, 3500));
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/auth/refresh-token'));
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await page.locator('.side-menu').first().waitFor();
    expectPath(page, '/');
    await expect.poll(async () => (await storage(page)).accessToken).not.toBe(before);
    await page.close();
  });

  it('logs out: the session is gone and / asks to sign in again', async () => {
    const page = await browser.signedIn('accountant', { clearCookies: true });
    const logout = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'), { timeout: 45_000 });
    await clickMenuItem(page, page.locator('.account-trigger').first(), page.locator('.ant-dropdown-menu-item-danger'));
    expect((await logout).status()).toBe(200);
    await page.waitForURL((u) => u.pathname === '/login');
    const stored = await storage(page);
    expect(stored.accessToken).toBeUndefined();
    expect(stored.refreshToken).toBeUndefined();
    await page.goto(`${baseUrl}/`);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.close();
  });
});
