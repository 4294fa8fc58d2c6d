/**
 * booking/search through Refine's useTable over the real data provider: the URL query is the search (page, sort
 * and filters sent to GET /api/bookings), new filters are written back to the URL from page 1 keeping the sort,
 * an error shows a retry, and a row opens the booking detail.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { Refine, useCan } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { BookingListItem } from '../../contract/bookings';
import { createAccessControlProvider } from '../../src/access/access-control-provider';
import { initTestI18n } from './helpers/i18n';
import { dataProvider } from '../../src/api/data-provider';
import { mockApi } from './helpers/refine-harness';
import BookingSearchPage from '../../plugins/bookings/pages/BookingSearchPage';

vi.setConfig({ testTimeout: 30_000 });

const item: BookingListItem = {
  id: 41, createdAt: '2030-01-10T08:00:00Z', status: 'HOLD', agentId: 3, agentName: 'f1agent', agencyCode: 'F1', itinerary: 'HAN-SGN', departDate: '2030-01-20T06:00',
  leadPassenger: 'PHAM/THI LAN', passengers: 2, total: 1_250_000,
  pnrs: [{ pnr: 'ABC123', airline: 'VN', source: 'VN', recordStatus: 'BOOKED', timeLimit: '2099-01-01T00:00:00Z', issuedAt: '', voidUntil: '' }],
};

let restore: (() => void) | undefined;

/** Shows when the access answer the page waits for has come (same query, same client). */
function AccessSettled() {
  const { data } = useCan({ resource: 'bookings', action: 'filterByAgent' });
  return data ? <div data-testid="access-settled" /> : null;
}

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

/** Refine with the real data provider; the page reads and writes the URL through react-router itself. */
function renderScreen(path: string, routePath: string, element: React.ReactNode, permissions: string[] = []) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AntdApp>
      <MemoryRouter initialEntries={[path]}>
        <Refine
          dataProvider={dataProvider}
          accessControlProvider={createAccessControlProvider(() => permissions)}
          options={{ reactQuery: { clientConfig: queryClient }, disableTelemetry: true, syncWithLocation: false }}
        >
          <Routes>
            <Route path={routePath} element={element} />
            <Route path="*" element={<div>ELSEWHERE</div>} />
          </Routes>
          <Where />
          <AccessSettled />
        </Refine>
      </MemoryRouter>
    </AntdApp>,
  );
}

describe('booking/search', () => {
  beforeAll(async () => {
    await initTestI18n('vi');
  });
  afterEach(() => {
    restore?.();
    cleanup();
    document.body.innerHTML = '';
  });

  it('reads the search from the URL, sends it to the gateway, writes new filters back from page 1, and a row opens the detail', async () => {
    const api = mockApi((req) => (req.url === '/api/bookings' ? { data: { data: [item], total: 45 } } : { data: {} }));
    restore = api.restore;
    renderScreen('/booking/search?pnr=ABC123&page=2&sort=total', '/booking/search', <BookingSearchPage />);
    await screen.findAllByTestId('booking-row');
    const first = api.seen.find((r) => r.url === '/api/bookings');
    expect(first?.config.params).toMatchObject({ page: 2, pageSize: 20, sort: 'total', pnr: 'ABC123' });
    expect((screen.getByPlaceholderText('ABC123') as HTMLInputElement).value).toBe('ABC123');
    expect(screen.getByText('45 đặt chỗ')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('Họ hoặc tên'), { target: { value: 'Pham' } });
    fireEvent.click(screen.getByTestId('booking-search-submit'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/booking/search?pnr=ABC123&name=Pham&sort=total'), { timeout: 5_000 });
    await waitFor(() => expect(api.seen.some((r) => r.url === '/api/bookings' && r.config.params?.name === 'Pham' && r.config.params?.page === 1)).toBe(true));

    fireEvent.click(screen.getByText('Xóa lọc'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/booking/search?sort=total'), { timeout: 5_000 });
    // searching again with the same filters reads the list again
    await screen.findAllByTestId('booking-row');
    const reads = api.seen.filter((r) => r.url === '/api/bookings').length;
    fireEvent.click(screen.getByTestId('booking-search-submit'));
    await waitFor(() => expect(api.seen.filter((r) => r.url === '/api/bookings').length).toBeGreaterThan(reads));
    expect(screen.getByTestId('where').textContent).toBe('/booking/search?sort=total');

    fireEvent.click((await screen.findAllByRole('link', { name: /#41/ }))[0]);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/booking/booking-detail/41'));
  });

  it.each([
    [['BOOKING_TICKET'], false],
    [['BOOKING_TICKET', 'ADMIN_F1'], true],
    [['ADMIN_F2'], true],
  ])('%j: the agent column and filter show to administrators only (%s)', async (permissions, shown) => {
    const api = mockApi((req) => (req.url === '/api/bookings' ? { data: { data: [item], total: 1 } } : { data: { data: [], total: 0 } }));
    restore = api.restore;
    renderScreen('/booking/search', '/booking/search', <BookingSearchPage />, permissions);
    await screen.findAllByTestId('booking-row');
    await screen.findByTestId('access-settled', undefined, { timeout: 10_000 });
    // the row's agent (a card below the md breakpoint, as jsdom reports) and the filter
    expect(screen.queryAllByText('Nhân viên').length > 0).toBe(shown);
    expect(screen.queryByText('Nhân viên đặt') !== null).toBe(shown);
  });

  it('a failed list shows the load error with a retry, then the rows', async () => {
    let fail = true;
    const api = mockApi((req) => (req.url === '/api/bookings' ? (fail ? { status: 500, data: { code: 99, message: 'boom' } } : { data: { data: [item], total: 1 } }) : { data: {} }));
    restore = api.restore;
    renderScreen('/booking/search', '/booking/search', <BookingSearchPage />);
    const retry = await screen.findByRole('button', { name: 'Thử lại' }, { timeout: 10_000 });
    fail = false;
    fireEvent.click(retry);
    expect((await screen.findAllByTestId('booking-row')).length).toBe(1);
  });
});
