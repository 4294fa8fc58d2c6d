/**
 * /system/outbox over the real data provider and api client: a pending supplier call shows with its PNR,
 * tickets, attempts and last error; "Retry now" and "Abandon" each ask first and send nothing until confirmed
 * (abandon also needs a reason); the status switch reads the abandoned calls; without ADMIN_F1's action rule
 * there are no action buttons.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OutboxItem } from '../../contract/outbox';
import { createAccessControlProvider } from '../../src/access/access-control-provider';
import { getEnforcer } from '../../src/access/enforcer';
import { composePlugins } from '../../src/plugin';
import { systemPlugin } from '../../plugins/system';
import OutboxPage from '../../plugins/system/pages/OutboxPage';
import { initTestI18n } from './helpers/i18n';
import type { SeenRequest } from './helpers/mock-adapter';
import { mockApi, renderRoutes, sentBody } from './helpers/refine-harness';

vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router');
});

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });

const pending: OutboxItem = {
  id: 7, kind: 'flight.void', key: 'void:7', bookingId: 41, pnr: 'ABC123', source: 'VN', ticketNumbers: ['7381234567890'], status: 'pending',
  attempts: 3, lastError: 'The airline did not answer', nextAttemptAt: '2030-01-10T08:05:00Z', createdAt: '2030-01-10T08:00:00Z', doneAt: null,
};
const abandoned: OutboxItem = { ...pending, id: 8, pnr: 'XYZ789', status: 'abandoned', lastError: 'Voided by phone (f1admin)', doneAt: '2030-01-10T09:00:00Z' };

const { resources } = composePlugins([systemPlugin]);
let seen: SeenRequest[] = [];
let restore: (() => void) | undefined;

function renderPage(permissions: readonly string[] = ['ADMIN_F1']) {
  const api = mockApi((req) => {
    if (req.method === 'GET' && req.url === '/api/system/outbox') {
      const status = (req.config.params as { status?: string } | undefined)?.status ?? 'pending';
      const rows = status === 'pending' ? [pending] : status === 'abandoned' ? [abandoned] : [];
      return { data: { data: rows, total: rows.length } };
    }
    if (req.url === '/api/system/outbox/7/retry') return { data: { succeeded: false, item: { ...pending, attempts: 4, lastError: 'Still down' } } };
    if (req.url === '/api/system/outbox/7/abandon') return { data: { ...pending, status: 'abandoned', lastError: 'Voided by phone (f1admin)' } };
    return { status: 404, data: { code: 44, message: 'no' } };
  });
  seen = api.seen;
  restore = api.restore;
  renderRoutes('/system/outbox', { '/system/outbox': <OutboxPage /> }, { resources, accessControlProvider: createAccessControlProvider(() => permissions) });
}

const posts = () => seen.filter((r) => r.method === 'POST');
const row = async (pnr: string) => (await screen.findByRole('link', { name: pnr })).closest('tr') as HTMLElement;
/** The newest open confirmation titled `title` (antd keeps a closed one in the document for a while). */
const dialog = async (title: RegExp) => (await screen.findAllByText(title)).at(-1)!.closest('.ant-modal') as HTMLElement;

describe('supplier calls owed (/system/outbox)', () => {
  beforeAll(async () => {
    await initTestI18n('vi');
    await getEnforcer();
  });
  afterEach(() => {
    restore?.();
    cleanup();
    document.body.innerHTML = '';
  });

  it('shows a pending call; retry asks first, then sends it and says the airline still refuses', async () => {
    renderPage();
    const r = await row('ABC123');
    expect(within(r).getByText('7381234567890')).toBeTruthy();
    expect(within(r).getByText('The airline did not answer')).toBeTruthy();
    expect(within(r).getByText('Đang chờ')).toBeTruthy();
    expect(within(r).getByText('3')).toBeTruthy();
    expect((seen.find((q) => q.url === '/api/system/outbox')?.config.params as { status: string }).status).toBe('pending');

    fireEvent.click(await within(r).findByRole('button', { name: /Thử lại ngay/ }));
    const confirm = await dialog(/Thử lại lệnh của ABC123 ngay\?/);
    // nothing is sent before the confirmation; cancelling sends nothing
    expect(posts()).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Huỷ' }));
    expect(posts()).toHaveLength(0);

    fireEvent.click(within(await row('ABC123')).getByRole('button', { name: /Thử lại ngay/ }));
    fireEvent.click(within(await dialog(/Thử lại lệnh của ABC123 ngay\?/)).getByRole('button', { name: /Thử lại ngay/ }));
    await waitFor(() => expect(posts().map((p) => p.url)).toEqual(['/api/system/outbox/7/retry']));
    expect(await screen.findByText(/Hãng vẫn từ chối: Still down/)).toBeTruthy();
  });

  it('abandon asks for a reason first and sends it; the abandoned list is read on the switch', async () => {
    renderPage();
    fireEvent.click(within(await row('ABC123')).getByRole('button', { name: /Bỏ qua/ }));
    const confirm = await dialog(/Bỏ qua lệnh của ABC123\?/);
    fireEvent.click(within(confirm).getByRole('button', { name: /^Bỏ qua$/ }));
    expect(await screen.findByText(/Vui lòng nhập lý do/)).toBeTruthy();
    expect(posts()).toHaveLength(0);
    fireEvent.change(within(confirm).getByTestId('outbox-reason'), { target: { value: 'Voided by phone' } });
    fireEvent.click(within(confirm).getByRole('button', { name: /^Bỏ qua$/ }));
    await waitFor(() => expect(posts().map((p) => p.url)).toEqual(['/api/system/outbox/7/abandon']));
    expect(sentBody(posts()[0])).toEqual({ reason: 'Voided by phone' });

    fireEvent.click(screen.getByText('Đã bỏ qua'));
    const r = await row('XYZ789');
    expect(within(r).getByText('Voided by phone (f1admin)')).toBeTruthy();
    expect(within(r).queryByRole('button')).toBeNull();
    expect(seen.some((q) => q.url === '/api/system/outbox' && (q.config.params as { status?: string }).status === 'abandoned')).toBe(true);
  });

  it('without the right to act, the pending call shows with no action', async () => {
    renderPage(['BOOKING_TICKET']);
    const r = await row('ABC123');
    expect(within(r).queryByRole('button', { name: /Thử lại ngay/ })).toBeNull();
    expect(within(r).queryByRole('button', { name: /Bỏ qua/ })).toBeNull();
  });
});
