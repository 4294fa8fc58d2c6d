/** Shared steps of the end-to-end tests. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';
import { watchForFailures } from '../support/failure-report';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { encrypt, seal } from '../../contract/crypto';
import { expandSearchPoll, type SearchPollWire } from '../../contract/flights-poll';
import type { SearchPoll } from '../../contract/flights';
import { openBrowser, type Browser } from '../support/browser';

export const DEMO_PASSWORD = 'Demo@2026';
/** The demo users' PIN (seeded). */
export const DEMO_PIN = '246810';

export async function login(page: Page, baseUrl: string, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  const captcha = page.locator('#login-captcha');
  // the form learns from the gateway whether the captcha is on: a field shown while it asks may go away
  if (await captcha.isVisible()) await captcha.fill('anything', { timeout: 5_000 }).catch(async (e: unknown) => {
    if (await captcha.isVisible()) throw e;
  });
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  await page.locator('.account-trigger').first().waitFor({ timeout: 30_000 });
}

/** The browser of one e2e file (see fileBrowser). */
export interface FileBrowser {
  /** Its one context (a fresh profile); usable once the file's first beforeAll has run. */
  readonly context: BrowserContext;
  /**
   * A new tab on the sign-in page of `baseUrl` (default: the shared gateway) with the local storage cleared, so
   * nobody is signed in on it; the context's cookies are cleared first when asked.
   */
  freshPage: (options?: { clearCookies?: boolean; baseUrl?: string }) => Promise<Page>;
  /** A fresh page (above) signed in as `username` through the sign-in form. */
  signedIn: (username: string, options?: { clearCookies?: boolean; baseUrl?: string }) => Promise<Page>;
}

/**
 * The browser set-up of an e2e file: opens Chromium (tests/support/browser.ts, a fresh profile) before the
 * file's tests and closes it after them. Call it at the top level of the file, before its own hooks.
 */
export function fileBrowser(options: Parameters<typeof openBrowser>[0] = {}): FileBrowser {
  let opened: Browser | undefined;
  let watch: ReturnType<typeof watchForFailures> | undefined;
  beforeAll(async () => {
    opened = await openBrowser(options);
    watch = watchForFailures(opened.context);
  });
  // a failed test leaves what its pages showed and their last errors in the failure report (.ci/run prints it)
  beforeEach(({ onTestFailed }) => {
    onTestFailed(async ({ task }) => {
      await watch?.report(task.file?.name ?? '', task.fullName ?? task.name);
    });
  });
  afterAll(async () => {
    await opened?.close();
  });
  const context = (): BrowserContext => {
    if (!opened) throw new Error('the browser opens in beforeAll: use it inside a hook or a test');
    return opened.context;
  };
  const freshPage: FileBrowser['freshPage'] = async ({ clearCookies = false, baseUrl = inject('baseUrl') } = {}) => {
    if (clearCookies) await context().clearCookies();
    const page = await context().newPage();
    await page.goto(`${baseUrl}/login`);
    await page.evaluate(() => localStorage.clear());
    return page;
  };
  return {
    get context() {
      return context();
    },
    freshPage,
    signedIn: async (username, { clearCookies = false, baseUrl = inject('baseUrl') } = {}) => {
      const page = await freshPage({ clearCookies, baseUrl });
      await login(page, baseUrl, username);
      return page;
    },
  };
}

/** The paths of the side menu's links. */
export async function menuPaths(page: Page): Promise<string[]> {
  const menu = page.locator('.side-menu').first();
  await menu.waitFor();
  // collapsed groups render their links only once opened
  const closed = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  for (let i = await closed.count(); i > 0; i--) {
    await closed.first().click();
    await expect.poll(() => closed.count()).toBe(i - 1);
  }
  const hrefs = await menu.locator('a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return [...new Set(hrefs)].sort();
}

/**
 * Opens a dropdown menu by its trigger and clicks one of its items once the menu has stopped moving: antd
 * draws the menu at its final place for a frame or two before its opening motion shrinks it, so a click aimed
 * in those frames (the box looked stable) lands where the menu no longer is. Tried again (the menu reopened) until the menu closes, which says the item took the click.
 */
export async function clickMenuItem(page: Page, trigger: Locator, item: Locator, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await item.isVisible())) await trigger.click({ timeout: 10_000 });
      await item.waitFor({ state: 'visible', timeout: 10_000 });
      // antd marks the opening motion on the menu (…-appear-prepare: drawn at its final place for a frame or
      // two, then …-start: shrunk, then …-active): the click waits until no motion class is left
      await page.waitForFunction(
        () => {
          const open = [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden)')];
          return open.length > 0 && open.every((menu) => !/-(appear|enter|leave)\b/.test(menu.className));
        },
        undefined,
        { timeout: 10_000 },
      );
      await item.click({ timeout: 10_000 });
      await item.waitFor({ state: 'hidden', timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

export async function storage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
}

export function expectPath(page: Page, path: string): void {
  expect(new URL(page.url()).pathname).toBe(path);
}

/** yyyy-MM-dd of the local day `days` from today. */
export function dayAhead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Picks the option of an antd select (by its test id) whose text matches. */
export async function pickOption(page: Page, testId: string, text: RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: text }).first();
  await option.waitFor();
  await option.click();
  await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
}

/**
 * Picks an airport in a place select (by its input id or locator) by typing its code. The list answers the typed
 * text only after a short pause and a gateway read: until then it shows the full list (in groups), and a click on
 * it would land on a list that is about to shrink under the pointer. So the option is clicked once the list is the
 * typed text's (no groups), and it is found by its code exactly ("HAN" is also in "Thanh Hóa").
 */
export async function pickPlace(page: Page, id: string | Locator, code: string): Promise<void> {
  const input = typeof id === 'string' ? page.locator(`#${id}`) : id;
  await input.click();
  const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await list.first().waitFor();
  await input.fill(code);
  const option = list.locator('.ant-select-item-option').filter({ has: page.locator('.fl-place-code', { hasText: new RegExp(`^${code}$`) }) }).first();
  await expect.poll(async () => (await list.locator('.ant-select-item-group').count()) === 0 && (await option.count()) > 0, { timeout: 30_000 }).toBe(true);
  await option.click();
  // let the list close (its leave animation can take seconds on a loaded machine), so the next picker's list is
  // the only one open
  await expect.poll(() => list.count(), { timeout: 20_000 }).toBe(0);
}

/** The deposit balance the header shows (integer VND), once loaded. */
export async function headerBalance(page: Page): Promise<number> {
  const el = page.getByTestId('header-balance').first();
  await expect.poll(async () => (await el.getAttribute('data-balance')) ?? '', { timeout: 30_000 }).toMatch(/^-?\d+$/);
  return Number(await el.getAttribute('data-balance'));
}

/** A flight search typed into the home page's search panel. */
export interface HomeFlightSearch {
  from: string;
  to: string;
  /** yyyy-MM-dd */
  depart: string;
  /** yyyy-MM-dd: a round trip when given. */
  ret?: string;
  /** Counts to reach from the default 1 adult, 0 children, 0 infants. */
  passengers?: { adt?: number; chd?: number; inf?: number };
}

/**
 * On the signed-in home page: fills the flight search panel (journey, places, dates, passengers), submits it
 * and waits for the results page.
 */
export async function searchFromHome(page: Page, search: HomeFlightSearch): Promise<void> {
  const panel = page.getByTestId('flight-search-panel');
  await panel.waitFor();
  if (search.ret) await panel.locator('label', { hasText: 'Khứ hồi' }).click();
  await pickPlace(page, 'flight-from', search.from);
  await pickPlace(page, 'flight-to', search.to);
  // the first date chosen closes the calendar; the return is then picked from its own field
  const calendar = page.getByTestId('date-range-calendar');
  for (const [field, date] of [['depart-date', search.depart], ['return-date', search.ret]] as const) {
    if (!date) continue;
    await page.getByTestId(field).click();
    // a click that lands while the calendar is still settling may not pick: pick again while it stays open
    for (let attempt = 1; ; attempt += 1) {
      await calendar.locator(`[data-date="${date}"]`).click();
      try {
        await calendar.waitFor({ state: 'hidden', timeout: 5_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  }
  const defaults = { adt: 1, chd: 0, inf: 0 };
  const wanted = { ...defaults, ...search.passengers };
  if ((['adt', 'chd', 'inf'] as const).some((key) => wanted[key] !== defaults[key])) {
    await page.getByTestId('passengers').click();
    for (const key of ['adt', 'chd', 'inf'] as const) {
      const row = page.getByTestId('passenger-rows').locator('.fl-pax-row').filter({ has: page.getByTestId(`pax-${key}`) });
      for (let n = defaults[key] + 1; n <= wanted[key]; n += 1) {
        await row.locator('button').last().click();
        await expect.poll(() => page.getByTestId(`pax-${key}`).textContent()).toBe(String(n));
      }
    }
    await page.getByTestId('passengers').click();
    await page.getByTestId('passenger-rows').waitFor({ state: 'hidden' });
  }
  await page.getByTestId('search-submit').click();
  await page.waitForURL((url) => url.pathname === '/booking/flights');
}

/** Waits until every sign-in of the search has answered (progress "n/n"); returns the progress text. */
export async function waitAllSignIns(page: Page): Promise<string | null> {
  await page.waitForFunction(() => {
    const m = /^(\d+)\/(\d+)/.exec(document.querySelector('[data-testid=search-progress-text]')?.textContent ?? '');
    return !!m && Number(m[2]) > 0 && m[1] === m[2];
  }, null, { timeout: 30_000 });
  return page.getByTestId('search-progress-text').textContent();
}

/**
 * In a results board (the page, or one leg's pane of a multi-city search): a flight of the airline with seats
 * (sold by `source` when given),
 * chosen once every source answered and the list shows only that airline (so the list no longer changes under
 * the click); waits for the selected panel.
 */
export async function selectAirlineOffer(scope: Page | Locator, airline: { code: string; name: RegExp }, source?: string): Promise<void> {
  await expect.poll(async () => {
    const m = /^(\d+)\/(\d+)/.exec((await scope.getByTestId('search-progress-text').textContent()) ?? '');
    return !!m && Number(m[2]) > 0 && m[1] === m[2];
  }, { timeout: 30_000 }).toBe(true);
  await scope.getByTestId('airline-list').getByRole('button', { name: airline.name }).click();
  await expect.poll(() => scope.getByTestId('offer-card').evaluateAll((els, code) => els.length > 0 && els.every((e) => e.getAttribute('data-airline') === code), airline.code)).toBe(true);
  // a source ('VN': the carrier's own channel) when it matters which booking system sells the flight
  const first = scope.locator(`[data-testid=offer-card][data-airline=${airline.code}]${source ? `[data-source="${source}"]` : ''}:not(.is-sold-out)`).first();
  // the list is virtualised: such a card may be further down than what is rendered (the GDSs' fares of the day
  // sorted first), so the list scrolls a screen at a time until one is rendered
  await expect.poll(async () => {
    if ((await first.count()) > 0) return true;
    await scope.getByTestId('offer-list').locator('.rc-virtual-list-holder').first().evaluate((el) => {
      el.scrollTop = el.scrollTop + el.clientHeight >= el.scrollHeight ? 0 : el.scrollTop + Math.round(el.clientHeight * 0.8);
    }).catch(() => undefined);
    return false;
  }, { timeout: 30_000 }).toBe(true);
  await first.scrollIntoViewIfNeeded();
  await first.waitFor({ timeout: 30_000 });
  await first.getByTestId('offer-select').click();
  await scope.getByTestId('selected-depart').waitFor();
}

/** On the results page: a Vietnam Airlines flight with seats (selectAirlineOffer). */
export async function selectVnOffer(page: Page): Promise<void> {
  await selectAirlineOffer(page, { code: 'VN', name: /Vietnam Airlines/ });
}

/**
 * On the signed-in home page: a multi-city search of the legs (from, to), the first leg on `firstDay` (yyyy-MM-dd,
 * before the second leg's default date), the others on their default dates; waits for booking/multi-destinations.
 */
export async function searchMultiCityFromHome(page: Page, route: readonly (readonly [string, string])[], firstDay: string): Promise<void> {
  const panel = page.getByTestId('flight-search-panel');
  await panel.waitFor();
  await panel.locator('label', { hasText: 'Nhiều chặng' }).click();
  await page.getByTestId('leg-1').waitFor();
  for (let i = 2; i < route.length; i += 1) {
    await panel.getByRole('button', { name: 'Thêm chặng' }).click();
    await page.getByTestId(`leg-${i}`).waitFor();
  }
  for (const [i, [from, to]] of route.entries()) {
    await pickPlace(page, page.locator(`input[aria-label="Chặng ${i + 1} – Điểm đi"]`), from);
    await pickPlace(page, page.locator(`input[aria-label="Chặng ${i + 1} – Điểm đến"]`), to);
  }
  await page.getByTestId('leg-0').locator('.ant-picker input').click();
  await page.locator(`.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${firstDay}"]`).click();
  await page.getByTestId('search-submit').click();
  await page.waitForURL((url) => url.pathname === '/booking/multi-destinations');
}

/** One adult of a one-way HAN→SGN Vietnam Airlines booking put on hold from the home page; answers its id and PNR. */
export async function holdOneAdultVn(
  page: Page,
  depart: string,
  pax: { title: RegExp; last: string; first: string; birthday: string; email: string },
  /** Booking classes to take, in order of preference (the first with seats on the selected flight); default the flight's cheapest. */
  classes?: readonly string[],
): Promise<{ id: number; pnr: string }> {
  return holdOneAdult(page, depart, pax, classes, { code: 'VN', name: /Vietnam Airlines/ });
}

/** holdOneAdultVn on another airline's flight (its own channel when `source` is given). */
export async function holdOneAdult(
  page: Page,
  depart: string,
  pax: { title: RegExp; last: string; first: string; birthday: string; email: string },
  classes: readonly string[] | undefined,
  airline: { code: string; name: RegExp },
  source?: string,
): Promise<{ id: number; pnr: string }> {
  await searchFromHome(page, { from: 'HAN', to: 'SGN', depart });
  await selectAirlineOffer(page, airline, source);
  if (classes) await pickClass(page, classes);
  await page.getByTestId('selected-panel').getByRole('button', { name: /Tiếp tục|Continue/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/booking/passenger-information/'));
  await page.getByTestId('pax-1').waitFor();
  await pickOption(page, 'pax-1-title', pax.title);
  await page.getByTestId('pax-1-last').fill(pax.last);
  await page.getByTestId('pax-1-first').fill(pax.first);
  await page.getByTestId('pax-1-birthday').fill(pax.birthday);
  await page.getByTestId('contact-phone').fill('0912345678');
  await page.getByTestId('contact-email').fill(pax.email);
  await page.getByTestId('submit-booking').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await page.waitForURL((url) => url.pathname.startsWith('/booking/completed/'), { timeout: 30_000 });
  const code = page.getByTestId('pnr-code').first();
  await expect.poll(async () => code.textContent(), { timeout: 30_000 }).toMatch(/^[A-Z0-9]{6}$/);
  return { id: Number(new URL(page.url()).pathname.split('/').pop()), pnr: (await code.textContent()) as string };
}

/** On the results page: takes the first of `classes` with seats on the selected flight. */
export async function pickClass(page: Page, classes: readonly string[]): Promise<void> {
  const card = page.locator('[data-testid=offer-card]').filter({ has: page.locator('[data-testid=offer-select][aria-pressed=true]') });
  for (const cls of classes) {
    const button = card.locator('.fl-class:not([disabled])').filter({ has: page.locator('.fl-class-code', { hasText: new RegExp(`^${cls}$`) }) });
    if ((await button.count()) === 0) continue;
    await button.first().click();
    await expect.poll(() => card.locator('.fl-class.is-active .fl-class-code').textContent()).toBe(cls);
    return;
  }
  throw new Error(`none of the classes ${classes.join(', ')} has seats on the selected flight`);
}

/** Answers the PIN dialog (spec point 8, 403/120) with the demo PIN once the gateway asks for it. */
export async function answerPin(page: Page, pin = DEMO_PIN): Promise<void> {
  const input = page.locator('.ant-modal input[autocomplete="one-time-code"]');
  await input.waitFor({ timeout: 30_000 });
  await input.fill(pin);
  await input.press('Enter');
}

/** Confirms the open confirmation, answering the PIN dialog when the gateway asks for it. */
export async function confirmWithPin(page: Page, expectPin: boolean): Promise<void> {
  await page.getByTestId('confirm-ok').click();
  if (expectPin) await answerPin(page);
}

/** Issues a held booking's PNR from the booking detail (confirmation, the PIN) and waits for it to be issued; answers the PNR's panel. */
export async function issueFromDetail(page: Page, baseUrl: string, id: number | string, pnr: string): Promise<Locator> {
  await page.goto(`${baseUrl}/booking/booking-detail/${id}`);
  const panel = page.locator(`[data-testid=pnr-panel][data-pnr="${pnr}"]`);
  await panel.waitFor({ timeout: 30_000 });
  await panel.getByTestId('action-issue').click();
  await page.getByTestId('confirm-ok').click();
  await answerPin(page);
  await expect.poll(async () => panel.getByTestId('pnr-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('ISSUE TICKET');
  return panel;
}

// ---------------------------------------------------------------- the gateway's API, as one user

/** A demo user signed in to the gateway's API (the shared e2e gateway runs with the captcha off). */
export interface GatewayUser {
  username: string;
  /** The permission names the sign-in answered (what the portal's route guard checks). */
  permissions: string[];
  get: <T>(path: string) => Promise<T>;
  post: <T>(path: string, body: unknown, headers?: Record<string, string>) => Promise<T>;
}

// the gateway accepts a (user, tsp) pair once: strictly increasing client times
let lastTsp = 0;
const nextTsp = () => (lastTsp = Math.max(Date.now(), lastTsp + 1));

/** Signs in through the API and answers a client speaking the portal's protocol (sealed bodies, tsp). */
export async function gatewayAs(baseUrl: string, username: string, password = DEMO_PASSWORD): Promise<GatewayUser> {
  const call = async <T>(method: string, path: string, token: string | null, body?: unknown, extra: Record<string, string> = {}): Promise<T> => {
    const headers: Record<string, string> = { tsp: encrypt(String(nextTsp())), 'x-language': 'en', ...extra };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(seal(body)) });
    const text = await res.text();
    if (!res.ok) throw new Error(`${username}: ${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  };
  const signedIn = await call<{ accessToken: string; permissions: string[] }>('POST', '/api/auth/login', null, { username, password });
  return {
    username,
    permissions: signedIn.permissions,
    get: (path) => call('GET', path, signedIn.accessToken),
    post: (path, body, headers) => call('POST', path, signedIn.accessToken, body, headers),
  };
}

/**
 * One adult on a one-way flight put on hold through the API (search, then POST /api/bookings), on `airline`'s
 * flight with the most seats; answers the booking's id and PNR.
 */
export async function holdThroughGateway(user: GatewayUser, leg: { from: string; to: string; departDate: string }, airline = 'VN'): Promise<{ id: number; pnr: string }> {
  const { sessionId } = await user.post<{ sessionId: string }>('/api/flights/search', { legs: [leg] });
  const offers: SearchPoll['offers'] = [];
  for (let cursor = 0; ;) {
    const poll = expandSearchPoll(await user.get<SearchPollWire>(`/api/flights/search/${sessionId}?since=${cursor}&waitMs=10000`));
    offers.push(...poll.offers);
    cursor = poll.cursor;
    if (poll.done) break;
  }
  const choices = offers
    .filter((o) => o.airline === airline)
    .flatMap((o) => o.priceInfo.map((p) => ({ offerId: o.id, class: p.class, seats: p.seatAvailable })))
    .filter((c) => c.seats > 0)
    .sort((a, b) => b.seats - a.seats);
  if (choices.length === 0) throw new Error(`no ${airline} flight with seats from ${leg.from} to ${leg.to} on ${leg.departDate}`);
  const { id } = await user.post<{ id: number }>('/api/bookings', {
    sessionId,
    selected: [{ offerId: choices[0].offerId, class: choices[0].class }],
    passengers: [{ paxId: 1, type: 'ADT', title: 'MR', firstName: 'Van An', lastName: 'Nguyen', birthday: '15/04/1985' }],
    contact: { name: 'Nguyen Van An', phone: '0912345678', email: 'an.nguyen@example.vn' },
  });
  const booking = await user.get<{ listPNR: { pnr?: string }[] }>(`/api/bookings/${id}`);
  const pnr = booking.listPNR.find((p) => p.pnr)?.pnr;
  if (!pnr) throw new Error(`booking ${id} was held without a PNR`);
  return { id, pnr };
}

/** Issues a held booking's PNR through the API, as a user who issues without a PIN (f1admin). */
export async function issueThroughGateway(user: GatewayUser, booking: { id: number; pnr: string }): Promise<void> {
  await user.post(`/api/bookings/${booking.id}/issue`, { idempotencyKey: randomUUID(), pnrs: [booking.pnr] });
}

/**
 * Waits until each of `cells` lies whole inside `area` sideways: a width (the window, from 0 to it) or a box on the
 * page (say a table's scrolling box). How a test sees that a pinned column stays in sight while the rest scrolls.
 */
export async function expectInSight(cells: Locator | readonly Locator[], area: number | Locator): Promise<void> {
  const list = Array.isArray(cells) ? (cells as readonly Locator[]) : [cells as Locator];
  await expect
    .poll(async () => {
      const bounds = typeof area === 'number' ? { x: 0, width: area } : await area.boundingBox();
      if (!bounds) return false;
      for (const cell of list) {
        const box = await cell.boundingBox();
        if (!box || box.x < bounds.x || box.x + box.width > bounds.x + bounds.width) return false;
      }
      return true;
    })
    .toBe(true);
}
