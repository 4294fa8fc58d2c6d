/** Debian's Chromium driven by playwright-core, headless, with a fresh profile and no background traffic. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];

export function assertChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium). Browser tests never skip.`);
  }
}

export interface Browser {
  context: BrowserContext;
  close: () => Promise<void>;
}

/** A persistent context in a fresh user-data-dir (the flags above apply to it). */
export async function openBrowser(
  options: { width?: number; height?: number; locale?: string; bypassCSP?: boolean; reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<Browser> {
  assertChromium();
  const dir = mkdtempSync(join(tmpdir(), 'portal-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: options.locale ?? 'vi-VN',
    // a scanner injected by a test (axe-core) is an inline script the portal's CSP rightly refuses
    bypassCSP: options.bypassCSP ?? false,
    // the system asks for reduced motion, so antd's menus, dialogs and lists appear at once (the portal honours
    // the setting): a click is never aimed at a popup drawn at its final place for a frame before its opening
    // motion moves it. A test of the motion itself asks for 'no-preference' (page.emulateMedia).
    reducedMotion: options.reducedMotion ?? 'reduce',
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface SharedBrowser {
  /** A new, isolated context (its own storage, cookies and cache) of the one browser process. */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  close: () => Promise<void>;
}

/**
 * One browser process for several isolated contexts at once (pages scanned side by side, each signed in or
 * not); launched with the flags above, in a fresh temporary profile.
 */
export async function launchBrowser(): Promise<SharedBrowser> {
  assertChromium();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  return {
    newContext: (options = {}) => browser.newContext({ locale: 'vi-VN', ...options }),
    close: () => browser.close(),
  };
}
