/**
 * The accountant's sale report in Chromium on the production build against the real gateway: f1agent holds and
 * issues a ticket through the UI (a C entry of SAOVIET), then the accountant (DEPOSIT_MANAGER of SAOVIET) opens
 * accounting/sale-report, filters it to payments (C) of Vietnam Airlines, sees the PNR's line, the totals row
 * equal to what the issue charged, exports the filtered report to xlsx (its totals row equal to the screen's), and
 * the sales-per-day chart (loaded as its own chunk only on this page).
 */
import ExcelJS from 'exceljs';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dayAhead, expectInSight, fileBrowser, holdOneAdultVn, login } from './helpers';

const baseUrl = inject('baseUrl');
const DEMO_PIN = '246810';
const browser = fileBrowser();

const digits = (s: string | null) => Number(String(s ?? '').replace(/[^\d-]/g, ''));

/** f1agent holds a one-adult Vietnam Airlines booking and issues it with the PIN; answers the PNR and the amount charged. */
async function issueTicket(page: Page): Promise<{ pnr: string; total: number }> {
  await login(page, baseUrl, 'f1agent');
  const { id, pnr } = await holdOneAdultVn(page, dayAhead(15), { title: /^(Ông|Mr)$/, last: 'Tran', first: 'Van Minh', birthday: '15041985', email: 'minh.tran@example.vn' });

  await page.goto(`${baseUrl}/booking/booking-detail/${id}`);
  const panel = page.locator(`[data-testid=pnr-panel][data-pnr="${pnr}"]`);
  await panel.waitFor({ timeout: 30_000 });
  await panel.getByTestId('action-issue').click();
  const total = Number(await page.getByTestId('confirm-amount').getAttribute('data-amount'));
  await page.getByTestId('confirm-ok').click();
  const pin = page.locator('.ant-modal input[autocomplete="one-time-code"]');
  await pin.waitFor({ timeout: 30_000 });
  await pin.fill(DEMO_PIN);
  await pin.press('Enter');
  await expect.poll(async () => page.getByTestId('action-feedback').getAttribute('data-type'), { timeout: 30_000 }).toBe('success');
  return { pnr, total };
}

/** Picks options of the antd select named `label` (typed to filter, chosen by their text). */
async function choose(page: Page, label: string, options: RegExp[]) {
  const select = page.getByRole('combobox', { name: label, exact: true });
  await select.click();
  for (const option of options) {
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: option }).first().click();
  }
  await page.keyboard.press('Escape');
}

describe('accounting reports', () => {
  it('the accountant filters the sale report to VN payments: the issued PNR, totals equal to the charge, the chart', async () => {
    const agent = await browser.freshPage();
    const { pnr, total } = await issueTicket(agent);
    expect(total).toBeGreaterThan(0);
    await agent.close();

    const page = await browser.freshPage();
    // the chart's chunk is fetched only once a report with a chart is open
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.js')) chunks.push(r.url());
    });
    await login(page, baseUrl, 'accountant');
    expect(chunks.some((u) => /ReportChart/.test(u))).toBe(false);
    await page.goto(`${baseUrl}/accounting/sale-report`);
    await page.locator('.report-page .ant-table').waitFor({ timeout: 30_000 });

    // filters: payments (C) of Vietnam Airlines; each change asks the gateway again
    const answered = (check: (q: URLSearchParams) => boolean) =>
      page.waitForResponse((r) => r.url().includes('/api/accounting/reports/sale-report') && check(new URL(r.url()).searchParams) && r.status() === 200);
    await Promise.all([answered((q) => q.get('types') === 'C'), choose(page, 'Loại giao dịch', [/^C · /])]);
    await Promise.all([answered((q) => q.get('types') === 'C' && q.get('airline') === 'VN'), choose(page, 'Hãng bay', [/^VN$/])]);

    // other e2e files share this gateway and may have paid VN tickets of SAOVIET today: the PNR's own line must
    // carry exactly its charge, and every total must be the sum of the lines the filter keeps
    const row = page.locator('.report-page .ant-table-row').filter({ hasText: pnr });
    await row.waitFor({ timeout: 30_000 });
    const onScreen = async (key: string) => digits(await page.locator(`[data-total=${key}]`).textContent());
    await expect.poll(() => onScreen('debit')).toBeGreaterThanOrEqual(total);
    expect(await onScreen('credit')).toBe(0);
    expect(await onScreen('net')).toBe(-(await onScreen('debit')));

    // export: the download is the xlsx of the same filters: the PNR's line, the lines summing to the totals row,
    // and the totals row equal to the one on screen
    const exportButton = page.getByTestId('report-export');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), exportButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^sale-report_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0];
    const cells = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    const lines = Array.from({ length: sheet.rowCount - 2 }, (_, i) => cells(i + 2));
    expect(lines.length).toBeGreaterThanOrEqual(1);
    const own = lines.filter((l) => l[4] === pnr);
    expect(own).toHaveLength(1);
    expect(own[0][9]).toBe(total);
    const totalsRow = cells(sheet.rowCount);
    expect(totalsRow[0]).toBe('Tổng cộng');
    expect(totalsRow.slice(8, 11)).toEqual([await onScreen('credit'), await onScreen('debit'), await onScreen('net')]);
    expect(lines.reduce((sum, l) => sum + Number(l[9]), 0)).toBe(totalsRow[9]);
    expect(lines.every((l) => Number(l[8]) === 0)).toBe(true);

    // the chart (recharts): one bar per day of sales, the points summing to the debit total
    const chart = page.getByTestId('report-chart');
    await chart.waitFor({ timeout: 30_000 });
    const point = chart.getByTestId('report-chart-values').locator('li');
    await expect.poll(() => point.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    expect(await chart.locator('.recharts-bar-rectangle path.report-bar').count()).toBe(await point.count());
    const values = await point.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
    expect(values.reduce((a, b) => a + b, 0)).toBe(await onScreen('debit'));
    expect(chunks.some((u) => /ReportChart/.test(u))).toBe(true);

    // the table is wider than its box beside the menu, and on a phone: it scrolls sideways and the bottom line stays
    // in sight, the PNR's net and the net total pinned at the table's right edge, inside the screen
    const net = `-${total.toLocaleString('vi-VN')}`;
    const pinnedNet = row.locator('td.ant-table-cell-fix-right', { hasText: net });
    const pinnedTotal = page.locator('.report-totals td.ant-table-cell-fix-right [data-total=net]');
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await pinnedNet.waitFor();
      await pinnedTotal.waitFor();
      await expectInSight([pinnedNet, pinnedTotal], width);
    }
    await page.close();
  });
});
