/**
 * edit/refund-ticket/:id: the quote per passenger by PNR; refunded lines cannot be chosen; the credit follows the
 * choice; the confirmation states the amount credited; the request carries the PNR, the passengers and a UUID;
 * the gateway's 403 (no refund_ticket) is shown on the page.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RefundQuoteLine } from '../../contract/bookings';
import { formatVnd } from '../../src/i18n/format';
import RefundTicketPage from '../../plugins/bookings/pages/RefundTicketPage';
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

const line = (pnr: string, paxId: number, name: string, refundable: number, refunded = false): RefundQuoteLine => ({
  pnr, paxId, paxType: 'ADT', name, ticketNumber: `73800000000${paxId}`, paid: refundable + 300_000, penalty: 300_000, refundable, refunded, rule: 'Hoàn vé trước giờ bay: phí 300.000 ₫.',
});
const quote = {
  bookingId: 9,
  lines: [line('AAA111', 1, 'NGUYEN AN', 1_200_000), line('AAA111', 2, 'TRAN BINH', 1_000_000), line('AAA111', 3, 'LE CUONG', 900_000, true), line('BBB222', 1, 'NGUYEN AN', 500_000)],
};

const REFUND = '/api/bookings/9/refund';
let refund: () => MockAnswer;
let seen: SeenRequest[] = [];
let restore: (() => void) | undefined;
const posts = () => seen.filter((r) => r.method === 'POST' && r.url === REFUND);
const quoteReads = () => seen.filter((r) => r.method === 'GET' && r.url === REFUND);

function renderPage() {
  const api = mockApi((req) => {
    if (req.url === REFUND) return req.method === 'GET' ? { data: quote } : refund();
    if (req.url === '/api/accounting/balance') return { data: { balance: 1, creditLimit: 0, available: 1 } };
    return { status: 404, data: { code: 44, message: 'no' } };
  });
  seen = api.seen;
  restore = api.restore;
  renderBookingScreen('/booking/edit/refund-ticket/9', { '/booking/edit/refund-ticket/:id': <RefundTicketPage /> });
}

const group = async (pnr: string) => (await screen.findAllByTestId('refund-group')).find((g) => g.getAttribute('data-pnr') === pnr) as HTMLElement;
const checkbox = (g: HTMLElement, name: string) => within(g).getByRole('checkbox', { name });

describe('refund-ticket', () => {
  beforeAll(async () => {
    await initTestI18n('vi');
    await warmAccess();
  });
  beforeEach(() => {
    refund = () => ({ status: 500, data: { code: 99, message: 'not set' } });
  });
  afterEach(() => {
    restore?.();
    cleanup();
    document.body.innerHTML = '';
  });

  it('groups the quote by PNR; refunded lines are disabled; the credit follows the choice', async () => {
    renderPage();
    const a = await group('AAA111');
    expect(within(a).getAllByTestId('refund-line').map((r) => r.getAttribute('data-refunded'))).toEqual(['false', 'false', 'true']);
    expect(checkbox(a, 'LE CUONG').hasAttribute('disabled')).toBe(true);
    expect(within(a).getByTestId('refund-submit').hasAttribute('disabled')).toBe(true);
    fireEvent.click(checkbox(a, 'NGUYEN AN'));
    expect(within(a).getByTestId('refund-credit').textContent).toBe(formatVnd(1_200_000));
    fireEvent.click(checkbox(a, 'TRAN BINH'));
    expect(within(a).getByTestId('refund-credit').textContent).toBe(formatVnd(2_200_000));
    // the other PNR's choice is its own
    expect(within(await group('BBB222')).getByTestId('refund-credit').textContent).toBe(formatVnd(0));
    expect(a.textContent).toContain('Hoàn vé trước giờ bay');
  });

  it('confirm states the amount credited and refunds the chosen passengers of that PNR with a UUID key', async () => {
    refund = () => ({ data: { bookingId: 9, amount: 2_200_000, balanceAfter: 7_200_000, replayed: false } });
    renderPage();
    const a = await group('AAA111');
    fireEvent.click(checkbox(a, 'NGUYEN AN'));
    fireEvent.click(checkbox(a, 'TRAN BINH'));
    fireEvent.click(within(a).getByTestId('refund-submit'));
    const dialog = (await screen.findByTestId('action-confirm')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe(formatVnd(2_200_000));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hoàn vé' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const body = sentBody(posts()[0]) as { idempotencyKey: string };
    expect(body).toMatchObject({ pnr: 'AAA111', paxIds: [1, 2] });
    expect(body.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(within(a).getByTestId('refund-outcome').getAttribute('data-type')).toBe('success'));
    expect(within(a).getByTestId('refund-outcome').textContent).toContain(formatVnd(7_200_000));
    // the quote is read again
    await waitFor(() => expect(quoteReads()).toHaveLength(2));
  });

  it('the gateway\'s 403 (no refund_ticket) is shown clearly, with its message', async () => {
    refund = () => ({ status: 403, data: { code: 30, message: 'Bạn không có quyền thực hiện thao tác này.' } });
    renderPage();
    const b = await group('BBB222');
    fireEvent.click(checkbox(b, 'NGUYEN AN'));
    fireEvent.click(within(b).getByTestId('refund-submit'));
    const dialog = (await screen.findByTestId('action-confirm')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hoàn vé' }));
    const outcome = await within(b).findByTestId('refund-outcome');
    expect(outcome.getAttribute('data-type')).toBe('error');
    expect(outcome.textContent).toContain('refund_ticket');
    expect(outcome.textContent).toContain('Bạn không có quyền thực hiện thao tác này.');
    // the 403 stays with the page: the request asked the client not to open /not-allow
    expect(posts()[0].config.skipAuthRedirect).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/booking/edit/refund-ticket/9');
  });
});
