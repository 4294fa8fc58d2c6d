/**
 * booking/issue over the real data provider and api client: the live holds of the gateway's answer, one row per
 * PNR, the soonest time limit first (expired and failed ones left out); a row's action reads the booking, confirms
 * with the amount, and issues that PNR with a fresh key.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { Refine } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { BookingDetail, BookingListItem } from '../../contract/bookings';
import { dataProvider } from '../../src/api/data-provider';
import { formatVnd } from '../../src/i18n/format';
import { WorkListPage } from '../../plugins/bookings/components/manage/WorkListPage';
import { initTestI18n } from './helpers/i18n';
import { mockApi, sentBody } from './helpers/refine-harness';

vi.setConfig({ testTimeout: 30_000 });

const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const pnr = (code: string, timeLimit: string, recordStatus: BookingListItem['pnrs'][number]['recordStatus'] = 'BOOKED') => ({ pnr: code, airline: 'VN', source: 'VN' as const, recordStatus, timeLimit, issuedAt: '', voidUntil: '' });
const item = (id: number, pnrs: BookingListItem['pnrs']): BookingListItem => ({
  id, createdAt: '2030-01-10T08:00:00Z', status: 'HOLD', agentId: 3, agentName: 'f1agent', agencyCode: 'F1', itinerary: 'HAN-SGN', departDate: '2030-01-20T06:00', leadPassenger: 'PHAM/LAN', passengers: 1, total: 900_000, pnrs,
});
const list = [item(1, [pnr('LATE11', at(600)), pnr('GONE11', at(-5))]), item(2, [pnr('SOON22', at(20), 'TIME OUT COMMING'), pnr('', '', 'FAILED')])];

const detail: BookingDetail = {
  id: 2, status: 'HOLD', createdAt: '2030-01-10T08:00:00Z', agentName: 'f1agent', agencyCode: 'F1', agencyName: 'F1', total: 900_000, paid: 0, luggage: [],
  customerInfo: { customerName: 'Pham Lan', customerAddress: '', listEmail: [], listPhones: [] },
  pnrs: [{
    pnr: 'SOON22', recordStatus: 'TIME OUT COMMING', airline: 'VN', source: 'VN', timeLimit: at(20), purchaseTimeLimit: at(20), ticketFace: '', issuedAt: '', voidUntil: '', message: '', actions: ['issue', 'cancel', 'print'],
    paxInfos: [], routeInfos: [],
    fareData: { fareADT: 0, taxADT: 0, vatADT: 0, fareCHD: 0, taxCHD: 0, vatCHD: 0, fareINF: 0, taxINF: 0, vatINF: 0, issueFee: 0, otherFee: 0, totalPrice: 900_000, totalReserve: 0, totalChargeCancel: 0 },
    customerInfo: { customerName: 'Pham Lan', customerAddress: '', listEmail: [], listPhones: [] },
  }],
};

let restore: (() => void) | undefined;

describe('booking/issue work list', () => {
  beforeAll(async () => {
    await initTestI18n('vi');
  });
  afterEach(() => {
    restore?.();
    cleanup();
    document.body.innerHTML = '';
  });

  it('lists live holds by time limit and issues one with a confirmation', async () => {
    const api = mockApi((req) => {
      if (req.method === 'GET' && req.url === '/api/bookings') return { data: { data: list, total: 2 } };
      if (req.url === '/api/bookings/2/detail') return { data: detail };
      if (req.url === '/api/accounting/balance') return { data: { balance: 5_000_000, creditLimit: 0, available: 5_000_000 } };
      if (req.url === '/api/bookings/2/issue') return { data: { bookingId: 2, amount: 900_000, balanceAfter: 4_100_000, replayed: false, pnrs: [{ pnr: 'SOON22', status: 'ISSUE TICKET', tickets: [] }] } };
      return { status: 404, data: { code: 44, message: 'no' } };
    });
    restore = api.restore;
    render(
      <AntdApp>
        <MemoryRouter>
          <Refine dataProvider={dataProvider} options={{ reactQuery: { clientConfig: new QueryClient({ defaultOptions: { queries: { retry: false } } }) }, disableTelemetry: true }}>
            <WorkListPage kind="issue" />
          </Refine>
        </MemoryRouter>
      </AntdApp>,
    );
    await waitFor(() => expect(screen.getAllByTestId('work-issue').length).toBe(2));
    const query = api.seen.find((r) => r.url === '/api/bookings')?.config.params;
    // the gateway filters to what the list acts on and sorts by deadline
    expect(query).toMatchObject({ workList: 'issue', sort: 'deadline', pageSize: 100 });
    expect(query).not.toHaveProperty('status');
    expect(screen.getAllByTestId('work-issue').map((b) => b.getAttribute('aria-label'))).toEqual(['Xuất vé SOON22', 'Xuất vé LATE11']);

    fireEvent.click(screen.getAllByTestId('work-issue')[0]);
    const dialog = (await screen.findByTestId('action-confirm')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe(formatVnd(900_000));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xuất vé' }));
    await waitFor(() => expect(api.seen.some((r) => r.url === '/api/bookings/2/issue')).toBe(true));
    const body = sentBody(api.seen.find((r) => r.url === '/api/bookings/2/issue')!) as { idempotencyKey: string; pnrs: string[] };
    expect(body.pnrs).toEqual(['SOON22']);
    expect(body.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByTestId('action-feedback').getAttribute('data-type')).toBe('success'));
  });
});
