/**
 * News journey in Chromium against the real gateway: f1admin writes and publishes an article with a cover
 * image (a real PNG made here) through the editor; f2agent finds it on the news list, in the bell, and
 * opens it from the notification.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { fileBrowser } from './helpers';

const baseUrl = inject('baseUrl');
const browser = fileBrowser();

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A small real PNG: an RGB gradient. */
function makePng(width = 120, height = 68): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = Math.round((x * 255) / width);
      row[2 + x * 3] = 102;
      row[3 + x * 3] = Math.round((y * 255) / height);
    }
    rows.push(row);
  }
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

describe('news', () => {
  const title = `Ưu đãi vé hè ${Date.now().toString(36)}`;
  let articleId = 0;

  it('f1admin publishes an article with an uploaded cover image', async () => {
    const page = await browser.signedIn('f1admin', { clearCookies: true });
    await page.goto(`${baseUrl}/agent/change-news?id=new`);
    await page.locator('#title').fill(title);
    await page.locator('#summary').fill('Giảm giá vé nội địa cho đại lý.');
    await page.locator('#tags').fill('uu-dai');
    await page.keyboard.press('Enter');
    const upload = page.waitForResponse((r) => r.url().endsWith('/api/uploads') && r.request().method() === 'POST');
    await page.locator('[data-testid=image-upload-input]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng() });
    expect((await upload).status()).toBe(200);
    await page.locator('.image-upload img').first().waitFor();
    await page.locator('.rte-content').click();
    await page.keyboard.type('Áp dụng cho mọi chặng bay ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('nội địa');
    await page.locator('.ant-radio-button-wrapper', { hasText: 'Đăng' }).click();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/agents/manage-news') && r.request().method() === 'POST');
    await page.locator('.news-form button[type=submit]').click();
    const res = await saved;
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { id: number; status: string; coverUrl: string | null; bodyHtml: string };
    expect(body.status).toBe('published');
    expect(body.coverUrl).toMatch(/^\/api\/uploads\//);
    expect(body.bodyHtml).toContain('<strong>nội địa</strong>');
    articleId = body.id;
    await page.waitForURL((url) => url.pathname === '/agent/change-news' && url.search === '');
    await page.locator('.ant-table').getByText(title).waitFor();
    await page.close();
  });

  it('f2agent sees it on the news list and in the bell, and opens it from there', async () => {
    expect(articleId).toBeGreaterThan(0);
    const page = await browser.signedIn('f2agent', { clearCookies: true });

    // the bell shows the unread notification of the new article
    const bell = page.locator('.notif-trigger');
    await expect.poll(async () => Number((await bell.locator('.ant-badge-count').getAttribute('title')) ?? 0), { timeout: 30_000 }).toBeGreaterThan(0);

    await page.goto(`${baseUrl}/agent/news`);
    const card = page.locator('.news-card', { hasText: title });
    await card.waitFor();
    const cover = card.locator('img.news-card-cover');
    await expect.poll(() => cover.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(120);

    await bell.click();
    const entry = page.locator('[data-testid=notification-panel] .notif-item', { hasText: title });
    await entry.waitFor();
    // the panel zooms in and reloads its list when it opens: a click while it moves can miss the entry (it then
    // stays unread and the panel open), as an agent's would; it is clicked again until the article opens
    const target = `/agent/news/${articleId}`;
    await expect.poll(async () => {
      if (new URL(page.url()).pathname !== target && (await entry.isVisible())) {
        await entry.locator('.notif-link').click({ timeout: 5_000 }).catch(() => undefined);
      }
      return new URL(page.url()).pathname;
    }, { timeout: 30_000 }).toBe(target);
    await page.locator('.news-article-title', { hasText: title }).waitFor();
    expect(await page.locator('.news-body strong').textContent()).toBe('nội địa');
    await page.close();
  });
});
