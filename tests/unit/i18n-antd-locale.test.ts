import { describe, expect, it } from 'vitest';
import { antdLocale } from '../../src/i18n/locale';

describe('antd follows the language', () => {
  it.each([
    ['vi', 'vi', 'Ngày bắt đầu', 'trang'],
    ['en', 'en', 'Start date', 'page'],
  ] as const)('%s → the %s antd locale (date range and pagination texts)', (lng, code, start, page) => {
    const locale = antdLocale(lng);
    expect(locale.locale).toBe(code);
    expect(locale.DatePicker?.lang.rangePlaceholder?.[0]).toBe(start);
    expect(locale.Pagination?.items_per_page).toContain(page);
  });
});
