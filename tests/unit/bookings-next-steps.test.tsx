/** After "Giữ chỗ" the completed page offers the next steps, as the user's access allows. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BookingDetail, CompletedBooking } from '../../contract/bookings';
import CompletedBookingPage from '../../plugins/bookings/pages/CompletedBookingPage';
import { nextSteps } from '../../plugins/bookings/model/next-steps';
import { renderBookingScreen, warmAccess } from './helpers/bookings-harness';
import { initTestI18n } from './helpers/i18n';
import { mockApi } from './helpers/refine-harness';

vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router');
});

const now = Date.parse('2030-01-10T03:00:00Z');
const inHours = (h: number) => new Date(now + h * 3_600_000).toISOString();
const entry = (pnr: string, status: CompletedBooking['listPNR'][number]['status'], timelimit: string) =>
  ({ airline: 'VN', source: 'VN' as const, pnr, timelimit, status, dep: 'SGN-HAN', ret: '', departDate: '2030-01-20T06:00', message: '', total: 1_000_000 });
const booking = (listPNR: CompletedBooking['listPNR'], status: CompletedBooking['status'] = 'HOLD'): CompletedBooking => ({
  id: 7, status, createdAt: '2030-01-10T01:00:00.000Z', adt: 1, chd: 0, inf: 0,
  customerInfo: { name: 'Van An Nguyen', phone: '0912345678', email: 'an@example.vn' }, listPNR,
  passengers: [{ paxId: 1, type: 'ADT', title: 'MRS', firstName: 'THI LAN', lastName: 'PHAM', birthday: '15/04/1985' }],
  luggage: [], routes: [], total: 1_050_000, totalFare: 1_000_000, totalFees: 50_000, bookingFees: [],
});
const all = () => true;

describe('next steps (model)', () => {
  it.each([
    ['a live hold, all allowed', booking([entry('AAA111', 'BOOKED', inHours(5))]), all,
      [{ kind: 'issue', pnr: 'AAA111' }, { kind: 'cancel', pnr: 'AAA111' }, { kind: 'detail' }, { kind: 'quote', pnr: 'AAA111' }]],
    ['issue refused by access', booking([entry('AAA111', 'BOOKED', inHours(5))]), (a: string) => a !== 'issue',
      [{ kind: 'cancel', pnr: 'AAA111' }, { kind: 'detail' }, { kind: 'quote', pnr: 'AAA111' }]],
    ['a hold past its time limit', booking([entry('AAA111', 'BOOKED', inHours(-1))]), all, [{ kind: 'detail' }, { kind: 'quote', pnr: 'AAA111' }]],
    ['a hold in its last minutes is still live', booking([entry('AAA111', 'BOOKED', inHours(0.2))]), all,
      [{ kind: 'issue', pnr: 'AAA111' }, { kind: 'cancel', pnr: 'AAA111' }, { kind: 'detail' }, { kind: 'quote', pnr: 'AAA111' }]],
    ['two PNRs, one failed', booking([entry('AAA111', 'BOOKED', inHours(5)), entry('', 'FAILED', '')]), all,
      [{ kind: 'issue', pnr: 'AAA111' }, { kind: 'cancel', pnr: 'AAA111' }, { kind: 'detail' }, { kind: 'quote', pnr: 'AAA111' }]],
    ['already issued', booking([entry('AAA111', 'ISSUE TICKET', '')], 'EXPORT'), all, [{ kind: 'detail' }, { kind: 'quote', pnr: 'AAA111' }]],
  ] as const)('%s', (_n, b, allowed, steps) => {
    expect(nextSteps(b, now, allowed)).toEqual(steps);
  });
});

describe('next steps on the completed page', () => {
  beforeAll(async () => {
    await initTestI18n('vi');
    await warmAccess();
  });
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    cleanup();
    document.body.innerHTML = '';
  });

  const live = () => booking([entry('AAA111', 'BOOKED', new Date(Date.now() + 5 * 3_600_000).toISOString())]);

  it('an agent who may issue: issue now (with its confirmation), cancel the hold, open the detail, print the quote', async () => {
    const b = live();
    const detail = { id: 7, status: 'HOLD', pnrs: [{ pnr: 'AAA111', actions: ['issue', 'cancel', 'print'], fareData: { totalPrice: 1_050_000 } }] } as unknown as BookingDetail;
    const api = mockApi((req) => {
      if (req.url === '/api/bookings/7') return { data: b };
      if (req.url === '/api/bookings/7/detail') return { data: detail };
      if (req.url === '/api/accounting/balance') return { data: { balance: 5_000_000, creditLimit: 0, available: 5_000_000 } };
      return { status: 404, data: { code: 44, message: 'x' } };
    });
    restore = api.restore;
    renderBookingScreen('/booking/completed/7', { '/booking/completed/:id': <CompletedBookingPage /> }, ['AGENT_F1', 'BOOKING_TICKET', 'EXPORT_TICKET']);
    const steps = await screen.findByTestId('next-steps');
    await waitFor(() => expect(within(steps).getByTestId('next-issue').textContent).toBe('Xuất vé ngay'));
    expect(within(steps).getByTestId('next-cancel').textContent).toBe('Huỷ giữ chỗ');
    expect(within(steps).getByTestId('next-detail').getAttribute('href')).toBe('/booking/booking-detail/7');
    expect(within(steps).getByTestId('next-quote').getAttribute('href')).toBe('/booking/print-ticket?id=7&pnr=AAA111');
    fireEvent.click(within(steps).getByTestId('next-issue'));
    // the issue asks for confirmation first (the PIN follows from the gateway when the user has use_pin_code)
    expect(await screen.findByTestId('action-confirm')).toBeTruthy();
    expect(api.seen.some((r) => r.url === '/api/bookings/7/issue')).toBe(false);
  });

  it('an agent without the issue permission is not offered issue', async () => {
    const b = live();
    const api = mockApi((req) => (req.url === '/api/bookings/7' ? { data: b } : { status: 404, data: { code: 44, message: 'x' } }));
    restore = api.restore;
    renderBookingScreen('/booking/completed/7', { '/booking/completed/:id': <CompletedBookingPage /> }, ['AGENT_F2', 'BOOKING_TICKET']);
    const steps = await screen.findByTestId('next-steps');
    await waitFor(() => expect(within(steps).queryByTestId('next-issue')).toBeNull());
    expect(within(steps).getByTestId('next-cancel')).toBeTruthy();
    expect(within(steps).getByTestId('next-detail')).toBeTruthy();
  });
});
