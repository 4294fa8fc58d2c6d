/**
 * The airport board and QR top-ups in Chromium against the real gateway:
 * - the board turns a row's status as the gateway clock passes its next change, without a reload (the page
 *   keeps a marker set before the change), has a full-screen mode, and says so for an unknown place;
 * - f2agent creates a VietQR top-up (the drawn QR decodes to the exact payload with the reference), the
 *   accountant of the parent agency imports a bank statement with the transfer and confirms the match, and
 *   importing the same statement again credits nothing: the balance goes up by the amount exactly once.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, inject, it } from 'vitest';
import { readVietQr } from '../../contract/vietqr';
import { fileBrowser, headerBalance, login } from './helpers';

const baseUrl = inject('baseUrl');
const browser = fileBrowser({ width: 1366, height: 900 });

// busy airports first; others in other time zones when Vietnam sleeps
const PLACES = ['SGN', 'HAN', 'DAD', 'CXR', 'PQC', 'BKK', 'SIN', 'ICN', 'NRT', 'TPE', 'HKG', 'KUL', 'CDG', 'FRA', 'LHR', 'SYD', 'DXB'];

describe('electronic board', () => {
  it('changes a status without a reload, goes full screen, and names an unknown place', async () => {
    const page = await browser.signedIn('f2agent', { clearCookies: true });
    // the board whose next status change comes first
    let best: { place: string; at: number } | null = null;
    for (const place of PLACES) {
      await page.goto(`${baseUrl}/electronic-board/${place}`);
      const frame = page.locator('[data-testid=board]');
      await expect.poll(async () => (await frame.getAttribute('data-next-change')) !== null || (await page.getByTestId('board-unknown').count()) > 0, { timeout: 20_000 }).toBe(true);
      const next = await frame.getAttribute('data-next-change');
      if (next) {
        const at = Date.parse(next);
        if (!best || at < best.at) best = { place, at };
        if (at - Date.now() < 90_000) break;
      }
    }
    expect(best).not.toBeNull();
    await page.goto(`${baseUrl}/electronic-board/${best!.place}`);
    const frame = page.locator('[data-testid=board]');
    await expect.poll(() => frame.getAttribute('data-next-change'), { timeout: 20_000 }).toBeTruthy();
    const next = (await frame.getAttribute('data-next-change'))!;
    const row = page.locator(`tr[data-changes-at="${next}"]`).first();
    const key = (await row.getAttribute('data-flight'))!;
    const before = (await row.getAttribute('data-status'))!;
    await page.evaluate(() => ((window as unknown as { boardMarker: number }).boardMarker = 42));
    const wait = Math.max(0, Date.parse(next) - Date.now()) + 30_000;
    await page.waitForFunction(
      ([k, s]) => {
        const tr = document.querySelector(`tr[data-flight="${k}"]`);
        return tr !== null && tr.getAttribute('data-status') !== s;
      },
      [key, before] as const,
      { timeout: wait },
    );
    expect(await page.evaluate(() => (window as unknown as { boardMarker?: number }).boardMarker)).toBe(42);
    const after = await page.locator(`tr[data-flight="${key}"]`).getAttribute('data-status');
    expect(after).not.toBe(before);
    // the status cell shows the new status in its colour class
    expect(await page.locator(`tr[data-flight="${key}"] [data-testid=board-status]`).getAttribute('class')).toMatch(/board-(blue|teal|red|amber)/);

    await page.getByTestId('board-wall').click();
    await expect.poll(() => frame.getAttribute('class')).toContain('board-wall');
    await page.getByTestId('board-wall').click();
    await expect.poll(() => frame.getAttribute('class')).not.toContain('board-wall');

    await page.goto(`${baseUrl}/electronic-board/XYZ`);
    await page.getByTestId('board-unknown').waitFor();
    expect(await page.getByTestId('board-unknown').textContent()).toContain('XYZ');
    await page.close();
  }, 360_000);
});

describe('QR top-up and statement matching', () => {
  it('credits a QR transfer once, even when the statement is imported twice', async () => {
    const amount = 1_000_000 + (Date.now() % 900) * 1_000;
    const agent = await browser.signedIn('f2agent', { clearCookies: true });
    const before = await headerBalance(agent);
    await agent.goto(`${baseUrl}/qr`);
    const input = agent.locator('[data-testid=qr-amount] input, input[data-testid=qr-amount]').first();
    await input.fill(String(amount));
    await input.blur();
    await agent.getByTestId('qr-create').click();
    const img = agent.getByTestId('qr-image');
    await img.waitFor({ timeout: 20_000 });
    const payload = (await img.getAttribute('data-payload'))!;
    const reference = ((await agent.getByTestId('qr-reference').textContent()) ?? '').trim();
    expect(reference).toMatch(/^NAP[2-9A-HJ-NP-Z]{8}$/);
    // the drawn QR decodes to the exact payload: the account, the amount and the reference
    const src = (await img.getAttribute('src'))!;
    const png = PNG.sync.read(Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(payload);
    expect(readVietQr(payload)).toMatchObject({ amount, message: reference });
    const accountNo = readVietQr(payload)!.accountNo;

    const bankRef = `FT${Date.now()}`;
    const csv = [
      'SAO KÊ TÀI KHOẢN',
      `Số tài khoản: ${accountNo}`,
      '',
      'STT,Ngày giao dịch,Số tham chiếu,Số tiền ghi nợ,Số tiền ghi có,Số dư,Mô tả',
      `1,01/06/2026,${bankRef},,"${amount.toLocaleString('en-US')}","${(amount + 5_000_000).toLocaleString('en-US')}",MBVCB.123456.${reference}.CT tu SAOVIET HN`,
    ].join('\r\n');
    const file = { name: 'sao-ke.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') };

    const accountant = await browser.signedIn('accountant', { clearCookies: true });
    await accountant.goto(`${baseUrl}/accounting/bank-statement`);
    const upload = accountant.locator('.statement-page input[type=file]');
    await upload.setInputFiles(file);
    const result = accountant.getByTestId('statement-result');
    await expect.poll(() => result.getAttribute('data-imported'), { timeout: 20_000 }).toBe('1');
    const row = accountant.locator(`tr[data-line="${bankRef}"]`);
    await expect.poll(() => row.getAttribute('data-outcome'), { timeout: 20_000 }).toBe('match');
    await row.getByTestId('statement-confirm').click();
    const answer = accountant.waitForResponse((r) => /\/api\/qr\/statement-lines\/\d+\/confirm$/.test(r.url()) && r.request().method() === 'POST');
    await accountant.locator('.ant-popconfirm .ant-btn-primary').click();
    expect((await answer).status()).toBe(200);
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(0);

    // the same statement again: nothing stored, nothing to confirm
    await upload.setInputFiles(file);
    await expect.poll(async () => [await result.getAttribute('data-imported'), await result.getAttribute('data-repeated')], { timeout: 20_000 }).toEqual(['0', '1']);
    expect(await accountant.locator(`tr[data-line="${bankRef}"]`).count()).toBe(0);

    // the browser keeps one sign-in: the agent signs in again after the accountant
    await accountant.close();
    await browser.context.clearCookies();
    await agent.evaluate(() => localStorage.clear());
    await login(agent, baseUrl, 'f2agent');
    await expect.poll(() => headerBalance(agent), { timeout: 20_000 }).toBe(before + amount);
    await agent.goto(`${baseUrl}/qr`);
    await expect.poll(() => agent.locator('.qr-table .ant-table-row', { hasText: reference }).textContent(), { timeout: 20_000 }).toMatch(/Đã cộng tiền|Credited/);
    await agent.close();
  }, 240_000);
});
