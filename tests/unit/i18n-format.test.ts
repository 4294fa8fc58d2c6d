import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { baseOptions, detection, LOAD_PATH } from '../../src/i18n';
import { formatDate, formatDateTime, formatNumber, formatTime, formatVnd } from '../../src/i18n/format';
import vi from '../../locales/vi/translation.json';
import en from '../../locales/en/translation.json';

async function instance(lng: string, resources: Record<string, { translation: Record<string, unknown> }>) {
  const i = i18next.createInstance();
  await i.init({ ...baseOptions, lng, resources });
  return i;
}

describe('i18n', () => {
  it('falls back to vi when a key is missing in en', async () => {
    const i = await instance('en', { vi: { translation: { a: { b: 'Tiếng Việt', c: 'vi' } } }, en: { translation: { a: { c: 'en' } } } });
    expect(i.t('a.b')).toBe('Tiếng Việt');
    expect(i.t('a.c')).toBe('en');
  });

  it('a missing key shows an empty string (and a given default when there is one)', async () => {
    const i = await instance('vi', { vi: { translation: { a: 'x' } } });
    expect(i.t('no.such.key')).toBe('');
    expect(i.t('no.such.key', { defaultValue: 'Đăng xuất' })).toBe('Đăng xuất');
  });

  it('an unsupported language uses vi', async () => {
    const i = await instance('fr', { vi: { translation: { a: 'vi' } }, en: { translation: { a: 'en' } } });
    expect(i.t('a')).toBe('vi');
  });

  it('loads /locales/{lng}/translation.json, 5 retries from 350 ms, at most 10 parallel reads', () => {
    expect(LOAD_PATH).toBe('/locales/{{lng}}/translation.json');
    expect(baseOptions).toMatchObject({ maxRetries: 5, retryTimeout: 350, maxParallelReads: 10, fallbackLng: 'vi' });
  });

  it('detects from localStorage (i18nextLng) then the lng query parameter, and caches in localStorage', () => {
    expect(detection).toMatchObject({ order: ['localStorage', 'querystring'], lookupLocalStorage: 'i18nextLng', lookupQuerystring: 'lng', caches: ['localStorage'] });
  });

  it('vi and en dictionaries have the same keys (plural forms aside)', () => {
    const keys = (o: Record<string, unknown>, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' && !Array.isArray(v) ? keys(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`.replace(/_(one|other)$/, '')]));
    expect([...new Set(keys(en))].sort()).toEqual([...new Set(keys(vi))].sort());
  });

  it('the network message is the exact Vietnamese text of spec point 8', () => {
    expect(vi.shell.errors.network).toBe('Kết nối tới server không ổn định. Vui lòng thử lại sau !!!');
    expect(vi.shell.version.updated).toBe('Hệ thống đã có bản cập nhật mới. Vui lòng tải lại trang để lấy bản cập nhật hoặc nhấn vào đây');
  });
});

describe('formatVnd', () => {
  it.each([
    [0, '0 ₫'],
    [5, '5 ₫'],
    [999, '999 ₫'],
    [1000, '1.000 ₫'],
    [1234567, '1.234.567 ₫'],
    [1000000000, '1.000.000.000 ₫'],
    [-250000, '-250.000 ₫'],
  ])('%d → %s', (value, text) => {
    expect(formatVnd(value)).toBe(text);
  });

  it('rounds non-integers and refuses non-numbers', () => {
    expect(formatVnd(1999.6)).toBe('2.000 ₫');
    expect(formatVnd(Number.NaN)).toBe('');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('date formatting', () => {
  it('formats dates, times and both', () => {
    const d = new Date('2026-11-21T01:05:00Z');
    expect(formatDate(d)).toBe('21/11/2026');
    expect(formatTime(d)).toBe('08:05');
    expect(formatDateTime(d)).toBe('21/11/2026 08:05');
    expect(formatDate('2026-01-02')).toBe('02/01/2026');
  });

  it.each([
    // an instant is shown on the Vietnam clock whatever the browser's zone; a zone-less text as written
    [new Date('2026-11-23T17:30:00Z'), '24/11/2026 00:30'],
    [Date.parse('2026-11-23T16:59:00Z'), '23/11/2026 23:59'],
    ['2026-11-23T17:30:00.000Z', '24/11/2026 00:30'],
    ['2026-11-23T09:30:00-08:00', '24/11/2026 00:30'],
    ['2026-11-23T23:30:00+07:00', '23/11/2026 23:30'],
    ['2026-11-23T08:05', '23/11/2026 08:05'],
    ['2026-11-23', '23/11/2026 00:00'],
  ])('formatDateTime(%j) is %s in Vietnam time', (value, text) => {
    expect(formatDateTime(value)).toBe(text);
  });

  it('empty or invalid input gives an empty string', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
