/**
 * Shop reserves and the booking reports in Chromium against the real gateway: f1admin buys a seat allotment on a
 * VN flight (the form shows the amount and the balance after it, the confirmation states the amount, and the header
 * balance drops by exactly net price × seats), sells one seat from it to a named passenger: the remaining count drops
 * by one, the header balance by exactly the allotment's selling price, and the sale is a ticketed booking found in the booking list;
 * the flight results of the allotment's route and day mark its flight's cards with the seats left, and no other; then
 * opens the customer services report and exports it (the xlsx's totals equal the screen's).
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ReserveRow } from '../../contract/shop';
import { fileBrowser, headerBalance } from './helpers';

const baseUrl = inject('baseUrl');
const browser = fileBrowser();
let page: Page;
/** The allotment the first test buys (one seat of two sold): the second looks for its mark in the flight results. */
let reserveId = 0;

beforeAll(async () => {
  page = await browser.signedIn('f1admin');
});

describe('shop reserves', () => {
  it('buys an allotment (the deposit pays net × seats), sells one seat from it: the remaining count drops, the deposit pays the selling price, the booking is listed', async () => {
    await page.goto(`${baseUrl}/reverses-shop/management`);
    const start = await headerBalance(page);
    await page.getByTestId('shop-find').click();
    // the first class with at least two seats left
    const pick = page.locator('[data-testid^=pick-]:not([disabled])').filter({ hasNotText: /· [01]$/ }).first();
    await pick.waitFor({ timeout: 30_000 });
    await pick.click();
    await page.getByTestId('shop-quantity').fill('2');
    // the form shows what the purchase takes (net price × seats) and the balance after it
    const net = Number((await page.getByTestId('shop-net').inputValue()).replace(/\D/g, ''));
    expect(net).toBeGreaterThan(0);
    await expect.poll(async () => page.getByTestId('shop-purchase').getAttribute('data-amount'), { timeout: 30_000 }).toBe(String(2 * net));
    await expect.poll(async () => (await page.getByTestId('shop-balance-after').textContent())?.replace(/[^\d-]/g, ''), { timeout: 30_000 }).toBe(String(start - 2 * net));
    // "make" asks for a confirmation with the amount; nothing is sent before it
    await page.getByTestId('shop-create').click();
    const confirm = page.getByTestId('shop-confirm');
    await confirm.waitFor({ timeout: 30_000 });
    expect((await confirm.textContent())?.replace(/\D/g, '')).toContain(String(2 * net));
    // the focus goes to the confirmation's safe choice (the button pressed is gone), in view on narrow screens
    await expect.poll(async () => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), { timeout: 30_000 }).toBe('shop-confirm-back');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/shop/reserves') && r.request().method() === 'POST');
    await page.getByTestId('shop-confirm-ok').click();
    const res = await created;
    expect(res.status(), await res.text()).toBe(200);
    const { id, amount } = (await res.json()) as { id: number; amount: number };
    expect(amount).toBe(2 * net);
    reserveId = id;
    await page.waitForURL((url) => url.pathname === '/reverses-shop/list');
    await expect.poll(() => headerBalance(page), { timeout: 30_000 }).toBe(start - 2 * net);

    const row = page.locator(`[data-testid=reserve-list] tr[data-row-key="${id}"]`);
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getByTestId('reserve-remaining').textContent()).toBe('2');
    // the detail lists the purchase's deposit entry with the move that made it
    await row.getByTestId('reserve-detail').click();
    const charge = page.locator('.shop-drawer [data-testid=move-create] [data-testid=move-entry]');
    await charge.waitFor({ timeout: 30_000 });
    expect([await charge.getAttribute('data-type'), await charge.getAttribute('data-amount')]).toEqual(['C', String(2 * net)]);
    await page.locator('.shop-drawer .ant-drawer-close').click();
    await page.locator('.shop-drawer').waitFor({ state: 'hidden', timeout: 30_000 });
    // on a phone the detail takes the screen's width, no more: its close button and its moves are in sight
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 360, height: 800 });
    await row.getByTestId('reserve-detail').click();
    await charge.waitFor({ timeout: 30_000 });
    for (const part of ['.shop-drawer', '.shop-drawer .ant-drawer-close', '.shop-drawer [data-testid=move-create]']) {
      const box = await page.locator(part).boundingBox();
      expect([part, box && box.x >= 0 && box.x + box.width <= 360]).toEqual([part, true]);
    }
    await page.locator('.shop-drawer .ant-drawer-close').click();
    await page.locator('.shop-drawer').waitFor({ state: 'hidden', timeout: 30_000 });
    await page.setViewportSize(desktop);

    const price = Number(await row.getByTestId('reserve-sell-price').getAttribute('data-amount'));
    expect(price).toBeGreaterThan(0);
    const before = await headerBalance(page);

    await row.getByTestId('reserve-sell').click();
    await page.getByTestId('sell-customer').fill('Nguyễn Văn An');
    await page.getByTestId('sell-phone').fill('0912345678');
    await page.getByTestId('sell-last-0').fill('Nguyen');
    await page.getByTestId('sell-first-0').fill('Van An');
    await page.getByTestId('sell-birthday-0').fill('15/04/1985');
    await page.getByTestId('sell-ok').click();
    await page.getByTestId('sell-confirm').waitFor();
    const sold = page.waitForResponse((r) => r.url().endsWith(`/api/shop/reserves/${id}/sales`));
    await page.getByTestId('sell-ok').click();
    const answer = await sold;
    expect(answer.status(), await answer.text()).toBe(200);
    const sale = (await answer.json()) as { bookingId: number; pnr: string; amount: number };
    expect(sale.amount).toBe(price);
    await page.getByTestId('sell-done').waitFor();
    await expect.poll(() => headerBalance(page), { timeout: 30_000 }).toBe(before - price);
    await page.getByTestId('sell-close').click();
    await expect.poll(async () => row.getByTestId('reserve-remaining').textContent(), { timeout: 30_000 }).toBe('1');

    // a ticketed booking like any other: in the booking list, its PNR issued
    await page.goto(`${baseUrl}/booking/search`);
    await page.getByTestId('booking-filters').locator('input').first().fill(sale.pnr);
    await page.getByTestId('booking-search-submit').click();
    const booking = page.locator(`[data-testid=booking-row][data-id="${sale.bookingId}"]`);
    await booking.waitFor({ timeout: 30_000 });
    await booking.click();
    await page.waitForURL((url) => url.pathname === `/booking/booking-detail/${sale.bookingId}`);
    const panel = page.locator(`[data-testid=pnr-panel][data-pnr="${sale.pnr}"]`);
    await panel.waitFor({ timeout: 30_000 });
    expect(await panel.getByTestId('pnr-status').getAttribute('data-status')).toBe('ISSUE TICKET');
  });

  it('marks the allotment\'s flight in the flight results with the seats left, and no other flight', async () => {
    expect(reserveId).toBeGreaterThan(0);
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/shop/reserves' && r.request().method() === 'GET');
    await page.goto(`${baseUrl}/reverses-shop/list`);
    const list = (await (await listed).json()) as { data: ReserveRow[] };
    const reserve = list.data.find((r) => r.id === reserveId);
    expect(reserve, JSON.stringify(list.data.map((r) => r.id))).toBeDefined();
    const { airline, flightNo, from, to, departDate, remaining } = reserve!;
    expect(remaining).toBe(1);

    // the results page of the allotment's route and day, as the search panel writes it
    await page.goto(`${baseUrl}/booking/flights?type=OW&st=BP&from=${from}&to=${to}&dep=${departDate}&adt=1&chd=0&inf=0`);
    // the list renders the cards in view only: the earliest departures first, as the sources answer
    await page.getByTestId('offer-card').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('sort-segmented').getByText('Bay sớm nhất').click();
    await page.locator(`[data-testid=offer-card][data-airline=${airline}][aria-label^="${flightNo} "]`).first().waitFor({ timeout: 30_000 });
    const tag = page.getByTestId('offer-allotment').first();
    await tag.waitFor({ timeout: 30_000 });
    expect(await tag.getAttribute('data-remaining')).toBe('1');
    // every tagged card is a card of that flight (a flight sold by several sources has a card per source) ...
    const tagged = await page.locator('[data-testid=offer-card]:has([data-testid=offer-allotment])').evaluateAll((els) =>
      els.map((e) => ({ airline: e.getAttribute('data-airline'), depart: e.getAttribute('data-depart'), label: e.getAttribute('aria-label') })),
    );
    expect(tagged.length).toBeGreaterThan(0);
    for (const card of tagged) {
      expect(card.airline).toBe(airline);
      expect(card.depart?.slice(0, 10)).toBe(departDate);
      expect(card.label?.startsWith(`${flightNo} `), card.label ?? "").toBe(true);
    }
    // ... and the route's other flights carry no mark: no card of that flight alone is left unmarked (a card's label
    // starts with its flight numbers joined by " · ", then the departure time; a connection whose first leg is the
    // allotment's flight is another offer, never marked: an allotment sells that one flight)
    const others = page.locator('[data-testid=offer-card]:not(:has([data-testid=offer-allotment]))');
    expect(await others.count()).toBeGreaterThan(0);
    const unmarked = () =>
      others.evaluateAll(
        (els, no) => els.map((e) => e.getAttribute('aria-label') ?? '').filter((label) => label.startsWith(`${no} `) && /^\d{2}:\d{2}/.test(label.slice(no.length + 1))),
        flightNo,
      );
    await expect.poll(unmarked, { timeout: 30_000 }).toEqual([]);
  });

  it('opens the customer services report and exports it', async () => {
    await page.goto(`${baseUrl}/booking/customer-services-report`);
    const totals = page.getByTestId('report-totals');
    await totals.waitFor({ timeout: 30_000 });
    const held = Number((await totals.locator('[data-total=held]').textContent())?.replace(/\D/g, '') ?? NaN);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByTestId('report-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^customer-services_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(3).value).toBe('Đã giữ chỗ');
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Tổng cộng');
    expect(last.getCell(3).value).toBe(held);
  });
});
