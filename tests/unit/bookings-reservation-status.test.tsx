/** /booking/reservation-status shows one PNR's status once, and its carrier once. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { BOOKINGS_API, type ReservationStatus } from '../../contract/bookings';
import ReservationStatusPage from '../../plugins/bookings/pages/ReservationStatusPage';
import { carrierText } from '../../plugins/bookings/model/status';
import { initTestI18n } from './helpers/i18n';
import { mockApi, renderRoutes } from './helpers/refine-harness';

vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router');
});

beforeAll(() => initTestI18n('vi'));
let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  cleanup();
});

const answer = (o: Partial<ReservationStatus>): ReservationStatus => ({
  bookingId: 7, pnr: 'QHA123', airline: 'QH', source: 'QH', recordStatus: 'ISSUE TICKET', bookingStatus: 'HOLD', timeLimit: '',
  itinerary: 'HAN-DAD', departDate: '2030-01-20T06:00', passengers: 2, tickets: 2, ...o,
});

describe('reservation status', () => {
  it.each([
    ['VN', 'VN', 'VN'],
    ['QH', 'QH', 'QH'],
    ['VN', '1A', 'VN · 1A'],
    ['QH', '', 'QH'],
  ])('carrier %s sold by %s reads %j', (airline, source, text) => expect(carrierText(airline, source)).toBe(text));

  it.each([
    // an issued PNR of a booking still holding another PNR: only the PNR's status
    [answer({}), 'Đã xuất vé', 'QH'],
    [answer({ airline: 'VN', source: '1A', recordStatus: 'BOOKED', bookingStatus: 'HOLD', timeLimit: new Date(Date.now() + 3_600_000).toISOString() }), 'Giữ chỗ', 'VN · 1A'],
  ])('shows one status tag and the carrier once (%#)', async (s, statusText, carrier) => {
    const api = mockApi((req) => (req.url === BOOKINGS_API.reservationStatus ? { data: s } : { status: 404, data: { code: 44, message: 'no' } }));
    restore = api.restore;
    renderRoutes('/s', { '/s': <ReservationStatusPage /> });
    fireEvent.change(screen.getByTestId('reservation-pnr'), { target: { value: s.pnr } });
    fireEvent.click(screen.getByTestId('reservation-submit'));
    const result = await screen.findByTestId('reservation-result');
    const tags = [...result.querySelectorAll('.ant-tag')].map((e) => e.textContent);
    expect(tags).toEqual([statusText]);
    expect(screen.getByTestId('reservation-carrier').textContent).toBe(carrier);
    await waitFor(() => expect(result.textContent).not.toContain(`${s.airline} · ${s.airline}`));
  });
});
