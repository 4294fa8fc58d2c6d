/** The deposit report's default range is this month so far on the Vietnam day, whatever the browser's zone. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { ACCOUNTING_API, REPORT_AGENCIES_API } from '../../contract/accounting';
import { setDiff } from '../../src/auth/storage';
import DepositReportPage from '../../plugins/accounting/pages/DepositReportPage';
import { mockApi, renderRoutes } from './helpers/refine-harness';
import { initTestI18n } from './helpers/i18n';

vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router');
});

beforeAll(() => initTestI18n('vi'));

const REPORT = { from: '', to: '', opening: 0, closing: 0, totals: [] };

afterEach(() => {
  vi.useRealTimers();
  setDiff(0);
});

describe('deposit report default range', () => {
  it.each([
    // the browser's clock (UTC)       the range asked for
    ['2026-11-30T17:30:00Z', ['2026-12-01', '2026-12-01']], // already 1 December in Vietnam
    ['2026-11-24T17:05:00Z', ['2026-11-01', '2026-11-25']],
    ['2026-11-24T16:55:00Z', ['2026-11-01', '2026-11-24']],
  ])('at %s asks for %j', async (iso, [from, to]) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
    setDiff(0);
    const api = mockApi((req) => ({ data: req.url === REPORT_AGENCIES_API ? [] : REPORT }));
    try {
      renderRoutes('/report', { '/report': <DepositReportPage /> });
      await waitFor(() => expect(api.seen.some((r) => r.url === ACCOUNTING_API.report)).toBe(true));
      const req = api.seen.find((r) => r.url === ACCOUNTING_API.report)!;
      expect(req.config.params).toMatchObject({ from, to });
    } finally {
      api.restore();
    }
  });
});
