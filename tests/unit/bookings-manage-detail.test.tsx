/**
 * booking-detail: the buttons are the gateway's `actions` (plus mail and fare rules); issue, void and cancel ask
 * for confirmation stating what moves; issue sends one fresh idempotency key per click of confirm, keeps it for
 * a retry of that click, and a double click issues once; after money moves the header balance is refreshed.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BookingDetail, BookingPnr } from '../../contract/bookings';
import { formatVnd } from '../../src/i18n/format';
import { DepositBalance } from '../../plugins/accounting/components/DepositBalance';
import BookingDetailPage from '../../plugins/bookings/pages/BookingDetailPage';
import { renderBookingScreen, warmAccess } from './helpers/bookings-harness';
import { initTestI18n } from './helpers/i18n';
import type { MockAnswer, SeenRequest } from './helpers/mock-adapter';
import { mockApi, sentBody } from './helpers/refine-harness';

// @refinedev/react-router is loaded by Node (CommonJS) and requires react-router itself: share one instance.
vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router');
});

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

const DETAIL = '/api/bookings/7/detail';
const BALANCE = '/api/accounting/balance';
const ISSUE = '/api/bookings/7/issue';

/** The gateway of one test: the detail, the balance and each command answered by a function the test sets. */
const gw = {
  detail: (): MockAnswer => ({ data: detailOf([pnrOf({})]) }),
  balance: (): MockAnswer => ({ data: { balance: 10_000_000, creditLimit: 0, available: 10_000_000 } }),
  issue: async (): Promise<MockAnswer> => ({ status: 500, data: { code: 99, message: 'not set' } }),
  void: async (): Promise<MockAnswer> => ({ status: 500, data: { code: 99, message: 'not set' } }),
  cancel: async (): Promise<MockAnswer> => ({ status: 500, data: { code: 99, message: 'not set' } }),
};
let seen: SeenRequest[] = [];
let restore: (() => void) | undefined;

const calls = (method: string, url: string) => seen.filter((r) => r.method === method && r.url === url);
const bodies = (url: string) => calls('POST', url).map((r) => sentBody(r) as { idempotencyKey?: string; pnrs: string[] });

/** An F1 agent's rights: every money action of the gateway's list is open to them. */
const AGENT = ['BOOKING_TICKET', 'EXPORT_TICKET', 'VOID_VNA', 'REFUND_TICKET'];

function renderPage(permissions: string[] = AGENT) {
  const api = mockApi((req) => {
    if (req.method === 'GET' && req.url === DETAIL) return gw.detail();
    if (req.method === 'GET' && req.url === BALANCE) return gw.balance();
    if (req.method === 'POST' && req.url === ISSUE) return gw.issue();
    if (req.method === 'POST' && req.url === '/api/bookings/7/void') return gw.void();
    if (req.method === 'POST' && req.url === '/api/bookings/7/cancel') return gw.cancel();
    return { status: 404, data: { code: 44, message: 'no' } };
  });
  seen = api.seen;
  restore = api.restore;
  // the header's balance beside the page, as the layout shows it
  const page = (
    <>
      <DepositBalance />
      <BookingDetailPage />
    </>
  );
  renderBookingScreen('/booking/booking-detail/7', { '/booking/booking-detail/:id': page }, permissions);
}

const confirmDialog = async () => (await screen.findByTestId('action-confirm')).closest('.ant-modal') as HTMLElement;
const okButton = async () => within(await confirmDialog()).getByRole('button', { name: /Xuất vé|Void vé|Hủy giữ chỗ/ });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('booking-detail actions', () => {
  beforeAll(async () => {
    await initTestI18n('vi');
    await warmAccess();
  });
  beforeEach(() => {
    gw.detail = () => ({ data: detailOf([pnrOf({})]) });
    gw.balance = () => ({ data: { balance: 10_000_000, creditLimit: 0, available: 10_000_000 } });
  });
  afterEach(() => {
    restore?.();
    cleanup();
    document.body.innerHTML = '';
  });

  it.each([
    [['issue', 'cancel', 'print'], ['issue', 'cancel', 'print', 'mail', 'fareRule']],
    [['void', 'print'], ['void', 'print', 'mail', 'fareRule']],
    [['refund', 'print'], ['refund', 'print', 'mail', 'fareRule']],
    [[], ['fareRule']],
  ] as const)('actions %j show the buttons %j and no others', async (actions, shown) => {
    gw.detail = () => ({ data: detailOf([pnrOf({ actions: [...actions] })]) });
    renderPage();
    const panel = await screen.findByTestId('pnr-panel');
    const buttons = within(panel).queryAllByTestId(/^action-/).map((b) => b.getAttribute('data-testid'));
    expect(buttons).toEqual(shown.map((a) => `action-${a}`));
  });

  it('a money action access refuses (bookings.issue) is hidden even when the gateway lists it', async () => {
    gw.detail = () => ({ data: detailOf([pnrOf({ actions: ['issue', 'cancel', 'print'] })]) });
    renderPage(['BOOKING_TICKET']);
    const panel = await screen.findByTestId('pnr-panel');
    await waitFor(() => expect(within(panel).queryByTestId('action-issue')).toBeNull());
    expect(within(panel).queryAllByTestId(/^action-/).map((b) => b.getAttribute('data-testid'))).toEqual(['action-cancel', 'action-print', 'action-mail', 'action-fareRule']);
  });

  it('shows the PNR in full: legs with terminals, aircraft and baggage, passengers with ticket numbers, the fare, the countdown', async () => {
    gw.detail = () => ({ data: detailOf([pnrOf({ recordStatus: 'ISSUE TICKET', timeLimit: '', actions: ['void', 'print'], voidUntil: future(120), issuedAt: future(-5), paxInfos: [pax(1, 'ADT', 'NGUYEN', '7381234567890')] })]) });
    renderPage();
    const panel = await screen.findByTestId('pnr-panel');
    expect(within(panel).getByTestId('route-info').textContent).toMatch(/VN201.*HAN 06:00 → SGN 08:10.*T1 → T1.*A321 · Airbus A321.*2h10.*Y · Economy.*1 × 12kg.*1 × 23kg/);
    expect(within(panel).getByTestId('ticket-number').textContent).toBe('7381234567890');
    // the title as the completed page and the form name it, not the airline's code
    expect(within(panel).getAllByTestId('pax-title').map((e) => e.textContent)).toEqual(['Ông']);
    expect(within(panel).getByTestId('pnr-total').getAttribute('data-amount')).toBe('4115000');
    expect(within(panel).getByTestId('void-window').textContent).toMatch(/Void trước.*còn lại \d{2}:\d{2}:\d{2}/);
    expect(within(panel).getByTestId('pnr-status').getAttribute('data-status')).toBe('ISSUE TICKET');
    // the way back is Refine's access-aware list button of the bookings resource
    expect(screen.getByText('Tra cứu đặt chỗ').closest('a')?.getAttribute('href')).toBe('/booking/search');
  });

  it('issue: the confirmation states the total charged and the balance after; confirm issues once with a fresh UUID; the balance is refreshed', async () => {
    gw.issue = async () => {
      await new Promise((r) => setTimeout(r, 50));
      gw.balance = () => ({ data: { balance: 5_885_000, creditLimit: 0, available: 5_885_000 } });
      return { data: { bookingId: 7, amount: 4_115_000, balanceAfter: 5_885_000, replayed: false, pnrs: [{ pnr: 'ABC123', status: 'ISSUE TICKET', tickets: [{ paxId: 1, ticketNumber: '7380000000001' }, { paxId: 2, ticketNumber: '7380000000002' }] }] } };
    };
    renderPage();
    await waitFor(() => expect(calls('GET', BALANCE).length).toBeGreaterThan(0));
    fireEvent.click(await screen.findByTestId('action-issue'));
    const dialog = await confirmDialog();
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe(formatVnd(4_115_000));
    expect(within(dialog).getByTestId('confirm-balance-after').textContent).toBe(formatVnd(10_000_000 - 4_115_000));
    const ok = await okButton();
    const balanceCalls = calls('GET', BALANCE).length;
    const detailCalls = calls('GET', DETAIL).length;
    // a double click on confirm
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(screen.getByTestId('action-feedback').getAttribute('data-type')).toBe('success'));
    expect(calls('POST', ISSUE)).toHaveLength(1);
    const [body] = bodies(ISSUE);
    expect(body.pnrs).toEqual(['ABC123']);
    expect(body.idempotencyKey).toMatch(UUID);
    expect(screen.getByTestId('action-feedback').textContent).toContain(formatVnd(5_885_000));
    await waitFor(() => expect(calls('GET', BALANCE).length).toBeGreaterThan(balanceCalls));
    await waitFor(() => expect(screen.getByTestId('header-balance').getAttribute('data-balance')).toBe('5885000'));
    await waitFor(() => expect(calls('GET', DETAIL).length).toBeGreaterThan(detailCalls));
  });

  it('issue: a retry after a failure keeps the key of that click; a new click on issue gets a new key', async () => {
    const answers: MockAnswer[] = [{ network: true }, { status: 502, data: { code: 80, message: 'Gateway down' } }];
    gw.issue = async () => answers.shift() ?? { data: { bookingId: 7, amount: 4_115_000, balanceAfter: 5_885_000, replayed: true, pnrs: [{ pnr: 'ABC123', status: 'ISSUE TICKET', tickets: [] }] } };
    renderPage();
    fireEvent.click(await screen.findByTestId('action-issue'));
    fireEvent.click(await okButton());
    await waitFor(() => expect(screen.getByTestId('action-feedback').getAttribute('data-type')).toBe('error'));
    fireEvent.click(screen.getByTestId('action-retry'));
    await waitFor(() => expect(calls('POST', ISSUE)).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('action-feedback').textContent).toContain('Gateway down'));
    const [first, second] = bodies(ISSUE);
    expect(second.idempotencyKey).toBe(first.idempotencyKey);
    // a new click of issue and confirm: another request, another key
    const before = screen.queryAllByTestId('action-confirm').length;
    fireEvent.click(screen.getByTestId('action-issue'));
    await waitFor(() => expect(screen.queryAllByTestId('action-confirm').length).toBeGreaterThan(before));
    const dialogs = screen.getAllByTestId('action-confirm');
    fireEvent.click(within(dialogs[dialogs.length - 1].closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Xuất vé' }));
    await waitFor(() => expect(calls('POST', ISSUE)).toHaveLength(3));
    expect(bodies(ISSUE)[2].idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('issue: a deposit that does not cover the total disables confirm', async () => {
    gw.balance = () => ({ data: { balance: 1_000_000, creditLimit: 0, available: 1_000_000 } });
    renderPage();
    await waitFor(() => expect(calls('GET', BALANCE).length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 20));
    fireEvent.click(await screen.findByTestId('action-issue'));
    const dialog = await confirmDialog();
    expect(within(dialog).getByRole('alert').textContent).toContain(formatVnd(1_000_000));
    expect((await okButton()).hasAttribute('disabled')).toBe(true);
    expect(calls('POST', ISSUE)).toHaveLength(0);
  });

  it('void: the confirmation states the amount returned', async () => {
    gw.detail = () => ({ data: detailOf([pnrOf({ recordStatus: 'ISSUE TICKET', timeLimit: '', voidUntil: future(60), actions: ['void', 'print'] })]) });
    gw.void = async () => ({ data: { bookingId: 7, amount: 4_115_000, balanceAfter: 10_000_000, replayed: false } });
    renderPage();
    fireEvent.click(await screen.findByTestId('action-void'));
    const dialog = await confirmDialog();
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe(formatVnd(4_115_000));
    fireEvent.click(await okButton());
    await waitFor(() => expect(bodies('/api/bookings/7/void')).toEqual([{ pnrs: ['ABC123'] }]));
  });

  it('cancel: the confirmation states the seats released and that no money moves', async () => {
    gw.cancel = async () => ({ data: { bookingId: 7, amount: 0, balanceAfter: 10_000_000, replayed: false } });
    renderPage();
    fireEvent.click(await screen.findByTestId('action-cancel'));
    const dialog = await confirmDialog();
    // two adults hold seats, the infant none, on one flight
    expect(within(dialog).getByTestId('confirm-seats').textContent).toBe('Trả 2 ghế trên 1 chuyến bay.');
    expect(dialog.textContent).toContain('Không phát sinh tiền');
    expect(within(dialog).queryByTestId('confirm-amount')).toBeNull();
    fireEvent.click(await okButton());
    await waitFor(() => expect(bodies('/api/bookings/7/cancel')).toEqual([{ pnrs: ['ABC123'] }]));
  });

  it('a hold shows its time limit with a live countdown, and the fare\'s own limit when it is earlier', async () => {
    gw.detail = () => ({ data: detailOf([pnrOf({ timeLimit: future(300), purchaseTimeLimit: future(90) })]) });
    renderPage();
    const panel = await screen.findByTestId('pnr-panel');
    expect(within(panel).getByTestId('pnr-countdown').textContent).toMatch(/^0[45]:\d{2}:\d{2}$/);
    expect(within(panel).getByTestId('purchase-time-limit').textContent).toContain('Giữ giá đến');
  });

  it('a booking that is not found says so', async () => {
    gw.detail = () => ({ status: 404, data: { code: 44, message: 'Không tìm thấy' } });
    renderPage();
    expect(await screen.findByText('Đặt chỗ này không tồn tại hoặc bạn không được xem.')).toBeTruthy();
  });
});
