/**
 * edit/refund-ticket/:id: the quote per passenger by PNR; refunded lines cannot be chosen; the credit follows the
 * choice; the confirmation states the amount credited; the request carries the PNR, the passengers and a UUID;
 * the gateway's 403 (no refund_ticket) is shown on the page.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { RefundQuoteLine } from '../../contract/bookings';
import { ApiError } from '../../src/api/errors';
import { formatVnd } from '../../src/i18n/format';
import { initTestI18n } from './helpers/i18n';

const api = vi.hoisted(() => ({ fetchRefundQuote: vi.fn(), refundTickets: vi.fn(), fetchBalance: vi.fn() }));
vi.mock('../../plugins/bookings/api', () => ({ fetchRefundQuote: api.fetchRefundQuote, refundTickets: api.refundTickets }));

const { default: RefundTicketPage } = await import('../../plugins/bookings/pages/RefundTicketPage');

vi.setConfig({ testTimeout: 30_000 });

const line = (pnr: string, paxId: number, name: string, refundable: number, refunded = false): RefundQuoteLine => ({
  pnr, paxId, paxType: 'ADT', name, ticketNumber: `73800000000${paxId}`, paid: refundable + 300_000, penalty: 300_000, refundable, refunded, rule: 'Hoàn vé trước giờ bay: phí 300.000 ₫.',
});
const quote = {
  bookingId: 9,
  lines: [line('AAA111', 1, 'NGUYEN AN', 1_200_000), line('AAA111', 2, 'TRAN BINH', 1_000_000), line('AAA111', 3, 'LE CUONG', 900_000, true), line('BBB222', 1, 'NGUYEN AN', 500_000)],
};

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <MemoryRouter initialEntries={['/booking/edit/refund-ticket/9']}>
          <Routes>
            <Route path="/booking/edit/refund-ticket/:id" element={<RefundTicketPage />} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

const group = async (pnr: string) => (await screen.findAllByTestId('refund-group')).find((g) => g.getAttribute('data-pnr') === pnr) as HTMLElement;
const checkbox = (g: HTMLElement, name: string) => within(g).getByRole('checkbox', { name });

describe('refund-ticket', () => {
  beforeAll(async () => {
    await initTestI18n('vi');
  });
  beforeEach(() => {
    for (const f of Object.values(api)) f.mockReset();
    api.fetchRefundQuote.mockResolvedValue(quote);
    api.fetchBalance.mockResolvedValue({ balance: 1, creditLimit: 0, available: 1 });
  });
  afterEach(() => {
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
    api.refundTickets.mockResolvedValue({ bookingId: 9, amount: 2_200_000, balanceAfter: 7_200_000, replayed: false });
    renderPage();
    const a = await group('AAA111');
    fireEvent.click(checkbox(a, 'NGUYEN AN'));
    fireEvent.click(checkbox(a, 'TRAN BINH'));
    fireEvent.click(within(a).getByTestId('refund-submit'));
    const dialog = (await screen.findByTestId('action-confirm')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe(formatVnd(2_200_000));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hoàn vé' }));
    await waitFor(() => expect(api.refundTickets).toHaveBeenCalledTimes(1));
    const [id, body] = api.refundTickets.mock.calls[0];
    expect(id).toBe(9);
    expect(body).toMatchObject({ pnr: 'AAA111', paxIds: [1, 2] });
    expect(body.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(within(a).getByTestId('refund-outcome').getAttribute('data-type')).toBe('success'));
    expect(within(a).getByTestId('refund-outcome').textContent).toContain(formatVnd(7_200_000));
    // the quote is read again
    await waitFor(() => expect(api.fetchRefundQuote).toHaveBeenCalledTimes(2));
  });

  it('the gateway\'s 403 (no refund_ticket) is shown clearly, with its message', async () => {
    api.refundTickets.mockRejectedValue(new ApiError('Bạn không có quyền thực hiện thao tác này.', 403, 30));
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
  });
});
