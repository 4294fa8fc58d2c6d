/**
 * The portal's second sanitising pass before rendering rich text (src/ui/rich-text/SafeHtml.tsx): images without a
 * text alternative get an empty one, written ones are kept, links open in a new tab without an opener, and nothing
 * of the hostile corpus that could run survives.
 */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { SafeHtml, sanitizeHtml } from '../../src/ui/rich-text/SafeHtml';
import { XSS_CORPUS, XSS_MARKERS } from '../support/xss-corpus';

const parse = (html: string) => {
  const box = document.createElement('div');
  box.innerHTML = sanitizeHtml(html);
  return box;
};

describe('sanitizeHtml (portal)', () => {
  const images: Array<[string, string, string | null]> = [
    ['no alt: an empty one', '<img src="/api/uploads/7">', ''],
    ['a written alt is kept', '<img src="/api/uploads/7" alt="Bãi biển">', 'Bãi biển'],
    ['an empty alt stays empty', '<img src="/api/uploads/7" alt="">', ''],
    ['a handler dropped, the alt added', '<img src="x" onerror="alert(1)">', ''],
  ];
  it.each(images)('image: %s', (_name, input, alt) => {
    const img = parse(input).querySelector('img');
    expect(img).not.toBeNull();
    expect(img!.getAttribute('alt')).toBe(alt);
    expect(img!.getAttribute('onerror')).toBeNull();
  });

  it('opens links in a new tab without an opener', () => {
    const a = parse('<a href="https://vna.vn">VNA</a>').querySelector('a')!;
    expect([a.getAttribute('target'), a.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
  });

  it('renders the hostile corpus with no marker left and every image with an alt', () => {
    const { container } = render(<SafeHtml html={XSS_CORPUS} />);
    const html = container.innerHTML.toLowerCase();
    // a data: image is the gateway's to drop (it does); inside <img> it runs nothing, and DOMPurify lets it through
    for (const marker of XSS_MARKERS.filter((m) => m !== 'data:')) expect(html).not.toContain(marker);
    const imgs = [...container.querySelectorAll('img')];
    expect(imgs.length).toBeGreaterThan(0);
    for (const img of imgs) expect(img.hasAttribute('alt')).toBe(true);
  });
});
