import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import type { NotificationEntry } from '../../contract/content';
import { api } from '../../src/api/client';
import { NotificationBell } from '../../plugins/news/components/NotificationBell';
import { initTestI18n } from './helpers/i18n';
import { renderScreen } from './helpers/refine-harness';
import { mockAdapter, type SeenRequest } from './helpers/mock-adapter';

vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router');
});

let seen: SeenRequest[];
let previous: AxiosAdapter;
let items: NotificationEntry[];

function renderBell() {
  // Refine over the real data provider (the bell reads and writes through it), the bell on every path
  return renderScreen('/', '*', <NotificationBell />);
}

beforeAll(() => initTestI18n('vi'));
beforeEach(() => {
  seen = [];
  items = [
    { id: 1, type: 'news', title: 'Tin mới: Khuyến mại hè', body: 'Giảm giá vé nội địa', link: '/agent/news/7', read: false, createdAt: '2026-07-01T02:00:00.000Z' },
    { id: 2, type: 'topup_approved', title: 'Nạp tiền đã được duyệt', body: null, link: null, read: false, createdAt: '2026-07-01T01:00:00.000Z' },
    { id: 3, type: 'system', title: 'Bảo trì hệ thống', body: null, link: null, read: true, createdAt: '2026-06-30T01:00:00.000Z' },
  ];
  previous = api.defaults.adapter as AxiosAdapter;
  api.defaults.adapter = mockAdapter((req) => {
    if (req.method === 'GET' && req.url === '/api/notifications') return { data: { unread: items.filter((n) => !n.read).length, data: items, total: items.length } };
    if (req.method === 'POST' && req.url === '/api/notifications/read-all') {
      items = items.map((n) => ({ ...n, read: true }));
      return { data: { ok: true } };
    }
    const one = /^\/api\/notifications\/(\d+)\/read$/.exec(req.url);
    if (req.method === 'POST' && one) {
      items = items.map((n) => (n.id === Number(one[1]) ? { ...n, read: true } : n));
      return { data: { ok: true } };
    }
    return { status: 404, data: { code: 44, message: 'not found' } };
  }, seen);
});
afterEach(() => {
  api.defaults.adapter = previous;
});

const trigger = () => screen.getByRole('button', { name: /^Thông báo \(/ });

describe('notification bell', () => {
  it('shows the unread count and polls silently', async () => {
    renderBell();
    await waitFor(() => expect(trigger().getAttribute('aria-label')).toBe('Thông báo (2 chưa đọc)'));
    expect(trigger().querySelector('.ant-badge-count')?.textContent).toBe('2');
    expect(seen[0].config.silent).toBe(true);
  });

  it('lists the latest notifications and marks all read', async () => {
    const user = userEvent.setup();
    renderBell();
    await waitFor(() => expect(trigger().getAttribute('aria-label')).toContain('(2'));
    await user.click(trigger());
    const panel = await screen.findByTestId('notification-panel');
    expect(within(panel).getByText('Tin mới: Khuyến mại hè')).toBeTruthy();
    expect(within(panel).getByText('Nạp tiền đã được duyệt')).toBeTruthy();
    expect(within(panel).getByText('Bảo trì hệ thống')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: /Đánh dấu tất cả đã đọc/ }));
    await waitFor(() => expect(trigger().getAttribute('aria-label')).toBe('Thông báo (0 chưa đọc)'));
    expect(seen.some((r) => r.method === 'POST' && r.url === '/api/notifications/read-all' && r.config.overlay === false)).toBe(true);
    await waitFor(() => expect(trigger().querySelector('.ant-badge-count[data-show="true"]')).toBeNull());
  });

  it('clicking a notification marks it read and opens its link', async () => {
    const user = userEvent.setup();
    renderBell();
    await waitFor(() => expect(trigger().getAttribute('aria-label')).toContain('(2'));
    await user.click(trigger());
    await user.click(within(await screen.findByTestId('notification-panel')).getByText('Tin mới: Khuyến mại hè'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/agent/news/7'));
    await waitFor(() => expect(trigger().getAttribute('aria-label')).toBe('Thông báo (1 chưa đọc)'));
    expect(seen.some((r) => r.method === 'POST' && r.url === '/api/notifications/1/read')).toBe(true);
  });

  it('is cleared on close (spec point 4): the unread filter resets when the panel closes', async () => {
    const user = userEvent.setup();
    renderBell();
    await waitFor(() => expect(trigger().getAttribute('aria-label')).toContain('(2'));
    await user.click(trigger());
    let panel = await screen.findByTestId('notification-panel');
    await user.click(within(panel).getByText('Chưa đọc (2)'));
    await waitFor(() => expect(within(panel).queryByText('Bảo trì hệ thống')).toBeNull());
    await user.click(trigger());
    await user.click(trigger());
    panel = await screen.findByTestId('notification-panel');
    await waitFor(() => expect(within(panel).getByText('Bảo trì hệ thống')).toBeTruthy());
  });
});
