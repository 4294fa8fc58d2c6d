/**
 * booking-detail: the buttons are the gateway's `actions` (plus mail and fare rules); issue, void and cancel ask
 * for confirmation stating what moves; issue sends one fresh idempotency key per click of confirm, keeps it for
 * a retry of that click, and a double click issues once; after money moves the header balance is refreshed.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { BookingDetail, BookingPnr } from '../../contract/bookings';
import { ApiError } from '../../src/api/errors';
import { formatVnd } from '../../src/i18n/format';
import { initTestI18n } from './helpers/i18n';

const api = vi.hoisted(() => ({
  fetchBookingDetail: vi.fn(),
  issueBooking: vi.fn(),
  voidBooking: vi.fn(),
  cancelBooking: vi.fn(),
  fetchBalance: vi.fn(),
}));
vi.mock('../../plugins/bookings/api', () => ({
  fetchBookingDetail: api.fetchBookingDetail,
  issueBooking: api.issueBooking,
  voidBooking: api.voidBooking,
  cancelBooking: api.cancelBooking,
  fetchBalance: api.fetchBalance,
}));

const { default: BookingDetailPage } = await import('../../plugins/bookings/pages/BookingDetailPage');

vi.setConfig({ testTimeout: 30_000 });

const fareData = {
  fareADT: 1_500_000, taxADT: 300_000, vatADT: 150_000, fareCHD: 0, taxCHD: 0, vatCHD: 0, fareINF: 150_000, taxINF: 0, vatINF: 15_000,
  issueFee: 50_000, otherFee: 0, totalPrice: 4_115_000, totalReserve: 0, totalChargeCancel: 0,
};
const pax = (paxId: number, paxType: 'ADT' | 'INF', lastName: string, ticketNumber = '') => ({
  paxId, paxType, title: paxType === 'ADT' ? 'MR' : 'MISS', firstName: 'AN', lastName, birthDay: '01/01/1990', ticketNumber, loyalty: '', extraInfos: [],
});
const leg = {
  from: 'HAN', to: 'SGN', departDate: '2030-01-20', timeFrom: '06:00', timeTo: '08:10', flightNo: 'VN201', airCraft: 'A321', aircraftType: 'Airbus A321', flightTime: 130,
  startTerminal: 'T1', endTerminal: 'T1', handBaggage: { pieces: 1, description: '12kg' }, freeBaggage: { pieces: 1, description: '23kg' }, cabinClass: 'Economy', class: 'Y', status: 'HK', direction: 'depart' as const,
};
const future = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

function pnrOf(o: Partial<BookingPnr>): BookingPnr {
  return {
    pnr: 'ABC123', recordStatus: 'BOOKED', airline: 'VN', source: 'VN', timeLimit: future(300), purchaseTimeLimit: future(300), ticketFace: '',
    paxInfos: [pax(1, 'ADT', 'NGUYEN'), pax(2, 'ADT', 'TRAN'), pax(3, 'INF', 'NGUYEN')], routeInfos: [leg], fareData,
    customerInfo: { customerName: 'Nguyen An', customerAddress: '', listEmail: ['an@example.vn'], listPhones: ['0912345678'] },
    issuedAt: '', voidUntil: '', message: '', actions: ['issue', 'cancel', 'print'], ...o,
  };
}
function detailOf(pnrs: BookingPnr[]): BookingDetail {
  return {
    id: 7, status: 'HOLD', createdAt: '2030-01-10T08:00:00Z', agentName: 'f1agent', agencyCode: 'F1', agencyName: 'Đại lý F1',
    customerInfo: pnrs[0].customerInfo, pnrs, luggage: [], total: 4_115_000, paid: 0,
  };
}

function renderPage(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={['/booking/booking-detail/7']}>
          <Routes>
            <Route path="/booking/booking-detail/:id" element={<BookingDetailPage />} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
  return client;
}

const confirmDialog = async () => (await screen.findByTestId('action-confirm')).closest('.ant-modal') as HTMLElement;
const okButton = async () => within(await confirmDialog()).getByRole('button', { name: /Xuất vé|Void vé|Hủy giữ chỗ/ });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('booking-detail actions', () => {
  beforeAll(async () => {
    await initTestI18n('vi');
  });
  beforeEach(() => {
    for (const f of Object.values(api)) f.mockReset();
    api.fetchBalance.mockResolvedValue({ balance: 10_000_000, creditLimit: 0, available: 10_000_000 });
  });
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
  });

  it.each([
    [['issue', 'cancel', 'print'], ['issue', 'cancel', 'print', 'mail', 'fareRule']],
    [['void', 'print'], ['void', 'print', 'mail', 'fareRule']],
    [['refund', 'print'], ['refund', 'print', 'mail', 'fareRule']],
    [[], ['fareRule']],
  ] as const)('actions %j show the buttons %j and no others', async (actions, shown) => {
    api.fetchBookingDetail.mockResolvedValue(detailOf([pnrOf({ actions: [...actions] })]));
    renderPage();
    const panel = await screen.findByTestId('pnr-panel');
    const buttons = within(panel).queryAllByTestId(/^action-/).map((b) => b.getAttribute('data-testid'));
    expect(buttons).toEqual(shown.map((a) => `action-${a}`));
  });

  it('shows the PNR in full: legs with terminals, aircraft and baggage, passengers with ticket numbers, the fare, the countdown', async () => {
    api.fetchBookingDetail.mockResolvedValue(detailOf([pnrOf({ recordStatus: 'ISSUE TICKET', timeLimit: '', actions: ['void', 'print'], voidUntil: future(120), issuedAt: future(-5), paxInfos: [pax(1, 'ADT', 'NGUYEN', '7381234567890')] })]));
    renderPage();
    const panel = await screen.findByTestId('pnr-panel');
    expect(within(panel).getByTestId('route-info').textContent).toMatch(/VN201.*HAN 06:00 → SGN 08:10.*T1 → T1.*A321 · Airbus A321.*2h10.*Y · Economy.*1 × 12kg.*1 × 23kg/);
    expect(within(panel).getByTestId('ticket-number').textContent).toBe('7381234567890');
    expect(within(panel).getByTestId('pnr-total').getAttribute('data-amount')).toBe('4115000');
    expect(within(panel).getByTestId('void-window').textContent).toMatch(/Void trước.*còn lại \d{2}:\d{2}:\d{2}/);
    expect(within(panel).getByTestId('pnr-status').getAttribute('data-status')).toBe('ISSUE TICKET');
  });

  it('issue: the confirmation states the total charged and the balance after; confirm issues once with a fresh UUID; the balance is refreshed', async () => {
    api.fetchBookingDetail.mockResolvedValue(detailOf([pnrOf({})]));
    api.issueBooking.mockImplementation(async () => {
      await new Promise((r) => setTimeout(r, 50));
      return { bookingId: 7, amount: 4_115_000, balanceAfter: 5_885_000, replayed: false, pnrs: [{ pnr: 'ABC123', status: 'ISSUE TICKET', tickets: [{ paxId: 1, ticketNumber: '7380000000001' }, { paxId: 2, ticketNumber: '7380000000002' }] }] };
    });
    renderPage();
    await waitFor(() => expect(api.fetchBalance).toHaveBeenCalled());
    fireEvent.click(await screen.findByTestId('action-issue'));
    const dialog = await confirmDialog();
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe(formatVnd(4_115_000));
    expect(within(dialog).getByTestId('confirm-balance-after').textContent).toBe(formatVnd(10_000_000 - 4_115_000));
    const ok = await okButton();
    const balanceCalls = api.fetchBalance.mock.calls.length;
    // a double click on confirm
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(screen.getByTestId('action-feedback').getAttribute('data-type')).toBe('success'));
    expect(api.issueBooking).toHaveBeenCalledTimes(1);
    const [id, body] = api.issueBooking.mock.calls[0];
    expect(id).toBe(7);
    expect(body.pnrs).toEqual(['ABC123']);
    expect(body.idempotencyKey).toMatch(UUID);
    expect(screen.getByTestId('action-feedback').textContent).toContain(formatVnd(5_885_000));
    await waitFor(() => expect(api.fetchBalance.mock.calls.length).toBeGreaterThan(balanceCalls));
    await waitFor(() => expect(api.fetchBookingDetail.mock.calls.length).toBeGreaterThanOrEqual(2));
  });

  it('issue: a retry after a failure keeps the key of that click; a new click on issue gets a new key', async () => {
    api.fetchBookingDetail.mockResolvedValue(detailOf([pnrOf({})]));
    api.issueBooking.mockRejectedValueOnce(new ApiError('Network Error', 0, null, undefined, true)).mockRejectedValueOnce(new ApiError('Gateway down', 502, 80));
    api.issueBooking.mockResolvedValue({ bookingId: 7, amount: 4_115_000, balanceAfter: 5_885_000, replayed: true, pnrs: [{ pnr: 'ABC123', status: 'ISSUE TICKET', tickets: [] }] });
    renderPage();
    fireEvent.click(await screen.findByTestId('action-issue'));
    fireEvent.click(await okButton());
    await waitFor(() => expect(screen.getByTestId('action-feedback').getAttribute('data-type')).toBe('error'));
    fireEvent.click(screen.getByTestId('action-retry'));
    await waitFor(() => expect(api.issueBooking).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByTestId('action-feedback').textContent).toContain('Gateway down'));
    const [, first] = api.issueBooking.mock.calls[0];
    const [, second] = api.issueBooking.mock.calls[1];
    expect(second.idempotencyKey).toBe(first.idempotencyKey);
    // a new click of issue and confirm: another request, another key
    const before = screen.queryAllByTestId('action-confirm').length;
    fireEvent.click(screen.getByTestId('action-issue'));
    await waitFor(() => expect(screen.queryAllByTestId('action-confirm').length).toBeGreaterThan(before));
    const dialogs = screen.getAllByTestId('action-confirm');
    fireEvent.click(within(dialogs[dialogs.length - 1].closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Xuất vé' }));
    await waitFor(() => expect(api.issueBooking).toHaveBeenCalledTimes(3));
    expect(api.issueBooking.mock.calls[2][1].idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('issue: a deposit that does not cover the total disables confirm', async () => {
    api.fetchBalance.mockResolvedValue({ balance: 1_000_000, creditLimit: 0, available: 1_000_000 });
    api.fetchBookingDetail.mockResolvedValue(detailOf([pnrOf({})]));
    renderPage();
    await waitFor(() => expect(api.fetchBalance).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    fireEvent.click(await screen.findByTestId('action-issue'));
    const dialog = await confirmDialog();
    expect(within(dialog).getByRole('alert').textContent).toContain(formatVnd(1_000_000));
    expect((await okButton()).hasAttribute('disabled')).toBe(true);
    expect(api.issueBooking).not.toHaveBeenCalled();
  });

  it('void: the confirmation states the amount returned', async () => {
    api.fetchBookingDetail.mockResolvedValue(detailOf([pnrOf({ recordStatus: 'ISSUE TICKET', timeLimit: '', voidUntil: future(60), actions: ['void', 'print'] })]));
    api.voidBooking.mockResolvedValue({ bookingId: 7, amount: 4_115_000, balanceAfter: 10_000_000, replayed: false });
    renderPage();
    fireEvent.click(await screen.findByTestId('action-void'));
    const dialog = await confirmDialog();
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe(formatVnd(4_115_000));
    fireEvent.click(await okButton());
    await waitFor(() => expect(api.voidBooking).toHaveBeenCalledWith(7, { pnrs: ['ABC123'] }));
  });

  it('cancel: the confirmation states the seats released and that no money moves', async () => {
    api.fetchBookingDetail.mockResolvedValue(detailOf([pnrOf({})]));
    api.cancelBooking.mockResolvedValue({ bookingId: 7, amount: 0, balanceAfter: 10_000_000, replayed: false });
    renderPage();
    fireEvent.click(await screen.findByTestId('action-cancel'));
    const dialog = await confirmDialog();
    // two adults hold seats, the infant none, on one flight
    expect(within(dialog).getByTestId('confirm-seats').textContent).toBe('Trả 2 ghế trên 1 chuyến bay.');
    expect(dialog.textContent).toContain('Không phát sinh tiền');
    expect(within(dialog).queryByTestId('confirm-amount')).toBeNull();
    fireEvent.click(await okButton());
    await waitFor(() => expect(api.cancelBooking).toHaveBeenCalledWith(7, { pnrs: ['ABC123'] }));
  });

  it('a hold shows its time limit with a live countdown, and the fare\'s own limit when it is earlier', async () => {
    api.fetchBookingDetail.mockResolvedValue(detailOf([pnrOf({ timeLimit: future(300), purchaseTimeLimit: future(90) })]));
    renderPage();
    const panel = await screen.findByTestId('pnr-panel');
    expect(within(panel).getByTestId('pnr-countdown').textContent).toMatch(/^0[45]:\d{2}:\d{2}$/);
    expect(within(panel).getByTestId('purchase-time-limit').textContent).toContain('Giữ giá đến');
  });

  it('a booking that is not found says so', async () => {
    api.fetchBookingDetail.mockRejectedValue(new ApiError('Không tìm thấy', 404, 44));
    renderPage();
    expect(await screen.findByText('Đặt chỗ này không tồn tại hoặc bạn không được xem.')).toBeTruthy();
  });
});
