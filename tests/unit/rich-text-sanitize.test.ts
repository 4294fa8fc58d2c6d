/**
 * The gateway's allow-list of rich text (gateway/platform/rich-text.ts), for what it adds rather than drops: every
 * image leaves with a text alternative (an empty one when none was written, read as decorative), links opened in a
 * new tab lose their opener, and the hostile corpus still loses every marker.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeRichHtml } from '../../gateway/platform/rich-text';
import { XSS_CORPUS, XSS_MARKERS } from '../support/xss-corpus';

describe('sanitizeRichHtml', () => {
  const cases: Array<[string, string, string]> = [
    ['an image without alt gets an empty one', '<img src="/api/uploads/7">', '<img src="/api/uploads/7" alt="" />'],
    ['an image with alt keeps it', '<img src="/api/uploads/7" alt="Bãi biển Côn Đảo">', '<img src="/api/uploads/7" alt="Bãi biển Côn Đảo" />'],
    ['an empty alt stays empty', '<img src="https://cdn.example/a.jpg" alt="">', '<img src="https://cdn.example/a.jpg" alt="" />'],
    ['an image whose handler is dropped still gets its alt', '<img src="x" onerror="alert(1)">', '<img src="x" alt="" />'],
    ['a data: image loses its source, keeps an alt', '<img src="data:image/png;base64,AAAA">', '<img alt="" />'],
    ['a link to a new tab loses its opener', '<a href="https://vna.vn" target="_blank">VNA</a>', '<a href="https://vna.vn" target="_blank" rel="noopener noreferrer">VNA</a>'],
    ['text without images is unchanged', '<p>Giá vé <strong>tốt</strong></p>', '<p>Giá vé <strong>tốt</strong></p>'],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(sanitizeRichHtml(input)).toBe(expected);
  });

  it('leaves no marker of the hostile corpus, and no image without alt', () => {
    const clean = sanitizeRichHtml(XSS_CORPUS).toLowerCase();
    for (const marker of XSS_MARKERS) expect(clean).not.toContain(marker);
    const images = clean.match(/<img\b[^>]*>/g) ?? [];
    expect(images.length).toBeGreaterThan(0);
    for (const img of images) expect(img).toMatch(/\balt="/);
  });
});
