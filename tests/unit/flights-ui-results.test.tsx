/**
 * The results board on a fixture built with the contract schema: progress and failed sources, sorted and
 * filtered offers, the airline list, selection and the selected-flight panel's totals, GDS pairs, quotes.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import i18next from 'i18next';
import type { BookingFee, FlightOffer, FlightSearchRequest } from '../../contract/flights';
import { api } from '../../src/api/client';
import { formatVnd } from '../../src/i18n/format';
import { ResultsBoard } from '../../plugins/flights/components/ResultsBoard';
import { IDLE_SESSION, type FlightSearchSession } from '../../plugins/flights/hooks/use-flight-search';
import { cheapestFareClass, priceDetailOf, sortOffers } from '../../plugins/flights/model';
import { buildQuoteText } from '../../plugins/flights/quote';
import { makeOffer } from './helpers/flight-fixtures';
import { initTestI18n } from './helpers/i18n';
import { mockAdapter, type SeenRequest } from './helpers/mock-adapter';
import { renderScreen } from './helpers/refine-harness';

// @refinedev/react-router is loaded by Node (CommonJS) and requires react-router itself: share one instance.
vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router');
});

vi.setConfig({ testTimeout: 30_000 });

const NOW = new Date('2030-01-10T09:00:00').getTime();
const TODAY = '2030-01-10';
let previous: AxiosAdapter;
let seen: SeenRequest[] = [];

beforeAll(async () => {
  await initTestI18n('vi');
});
beforeEach(() => {
  previous = api.defaults.adapter as AxiosAdapter;
  api.defaults.adapter = mockAdapter((req) => (req.url?.includes('cheapest')
    ? { data: [{ day: 20, month: 1, year: 2030, route: 'HAN-SGN', fareAmount: 999_000, fareDisplay: 999 }, { day: 21, month: 1, year: 2030, route: 'HAN-SGN', fareAmount: 1_500_000, fareDisplay: 1500 }] }
    : { data: [] }), (seen = []));
});
afterEach(() => {
  api.defaults.adapter = previous;
  cleanup();
  document.body.innerHTML = '';
});

const fees: BookingFee[] = [
  { airline: 'VN', domestic: true, paxType: 'ADT', issueFee: 50_000 },
  { airline: 'VN', domestic: true, paxType: 'CHD', issueFee: 40_000 },
  { airline: 'VJ', domestic: true, paxType: 'ADT', issueFee: 30_000 },
];

const departs: FlightOffer[] = [
  makeOffer({ id: 'd1', airline: 'VN', depart: '2030-01-20T06:00', minutes: 130, fares: [{ class: 'Y', seats: 9, fare: 2_000_000 }, { class: 'E', seats: 2, fare: 1_200_000 }] }),
  makeOffer({ id: 'd2', airline: 'VJ', depart: '2030-01-20T09:00', minutes: 125, fares: [{ class: 'A', seats: 5, fare: 900_000 }] }),
  makeOffer({ id: 'd3', airline: 'VN', depart: '2030-01-20T13:30', minutes: 300, stops: 1, fares: [{ class: 'T', seats: 4, fare: 800_000 }] }),
  makeOffer({ id: 'd4', airline: 'VJ', depart: '2030-01-20T07:00', minutes: 120, fares: [{ class: 'B', seats: 0, fare: 500_000 }] }),
  // the VN channel's list shows only VN: a foreign airline from source VN is never shown
  makeOffer({ id: 'd5', airline: 'AF', source: 'VN', depart: '2030-01-20T10:00', minutes: 128, fares: [{ class: 'Y', seats: 3, fare: 700_000 }] }),
  makeOffer({ id: 'd6', airline: 'QH', depart: '2030-01-20T20:00', minutes: 125, fares: [{ class: 'M', seats: 6, fare: 1_000_000 }] }),
];

const request: FlightSearchRequest = {
  journeyType: 'OW', searchType: 'BP', legs: [{ from: 'HAN', to: 'SGN', departDate: '2030-01-20' }], adt: 2, chd: 1, inf: 0, promotionCodes: {},
};

function session(offers: FlightOffer[], extra: Partial<FlightSearchSession> = {}): FlightSearchSession & { retry: () => void } {
  return {
    ...IDLE_SESSION, status: 'done', sessionId: 's1', total: 7, completed: 7, offers, bookingFees: fees,
    tasks: [
      { signInId: 1, source: 'VN', label: 'VN-HAN01', status: 'done', offerCount: 3, elapsedMs: 300 },
      { signInId: 2, source: '1A', label: '1A-SGN', status: 'failed', message: 'Hệ thống 1A không phản hồi', offerCount: 0 },
    ],
    ...extra, retry: vi.fn(),
  };
}

function renderBoard(req: FlightSearchRequest, s: ReturnType<typeof session>) {
  const onPickDate = vi.fn();
  renderScreen('/', '/', <ResultsBoard request={req} search={s} today={TODAY} now={NOW} onPickDate={onPickDate} />);
  return { onPickDate };
}

const shownIds = () => screen.getAllByTestId('offer-card').map((c) => c.getAttribute('data-offer-id'));

describe('results list', () => {
  it('shows progress x/y and a failed source in red with its message, without blocking the others', async () => {
    renderBoard(request, session(departs));
    expect(screen.getByTestId('search-progress-text').textContent).toBe('7/7 đăng nhập đã trả kết quả');
    const failed = screen.getByTestId('task-failed');
    expect(failed.className).toContain('error');
    expect(failed.textContent).toContain('Hệ thống 1A không phản hồi');
    expect(screen.getAllByTestId('offer-card').length).toBeGreaterThan(0);
  });

  it('sorts by best full price with sold-out VJ last and hides the VN list foreign airline', async () => {
    renderBoard(request, session(departs));
    // full price = fare + 100.000 tax + 80.000 VAT; d4 is VJ with no seat
    expect(shownIds()).toEqual(['d3', 'd2', 'd6', 'd1', 'd4']);
    expect(shownIds()).toEqual(sortOffers(departs.filter((o) => o.id !== 'd5')).map((o) => o.id));
    expect(screen.getByTestId('results-count').textContent).toBe('5 chuyến bay');
    // the cheapest class with seats is the shown price
    expect(screen.getAllByTestId('offer-price')[0].textContent).toBe(formatVnd(980_000));
  });

  it('hides QH flights departing within 1 day', async () => {
    const soon = makeOffer({ id: 'q1', airline: 'QH', depart: '2030-01-10T20:00', minutes: 125, fares: [{ class: 'M', seats: 6, fare: 100_000 }] });
    renderBoard({ ...request, legs: [{ ...request.legs[0], departDate: '2030-01-10' }] }, session([soon, departs[1]]));
    expect(shownIds()).toEqual(['d2']);
  });

  it('sorts by fastest, then filters direct only in the filter drawer, and reset sets direct-only', async () => {
    renderBoard(request, session(departs));
    fireEvent.mouseDown(within(screen.getByTestId('results-toolbar')).getByRole('combobox', { name: 'Sắp xếp' }));
    fireEvent.click(await screen.findByTitle('Nhanh nhất'));
    await waitFor(() => expect(shownIds()).toEqual(['d2', 'd6', 'd1', 'd3', 'd4']));
    fireEvent.click(screen.getByTestId('open-filters'));
    const drawer = await screen.findByTestId('filters-depart');
    fireEvent.click(within(drawer).getByRole('radio', { name: 'Nối chuyến' }));
    await waitFor(() => expect(shownIds()).toEqual(['d3']));
    fireEvent.click(within(drawer).getByTestId('filters-reset'));
    await waitFor(() => expect(shownIds()).toEqual(['d2', 'd6', 'd1', 'd4']));
    expect((within(drawer).getByRole('radio', { name: 'Bay thẳng' }) as HTMLInputElement).checked).toBe(true);
  });

  it('lists airlines with their lowest price; choosing one filters to it', async () => {
    renderBoard(request, session(departs));
    const list = screen.getByTestId('airline-list');
    expect(within(list).getByRole('button', { name: /Vietnam Airlines/ }).textContent).toContain(formatVnd(980_000));
    fireEvent.click(within(list).getByRole('button', { name: /Vietnam Airlines/ }));
    await waitFor(() => expect(shownIds()).toEqual(['d3', 'd1']));
  });

  it('shows the cheapest-booking strip in K and searches a day chosen in it', async () => {
    const { onPickDate } = renderBoard(request, session(departs));
    await waitFor(() => expect(document.querySelector('[data-testid=cheapest-strip] [data-date="2030-01-21"]')).not.toBeNull());
    const strip = screen.getByTestId('cheapest-strip');
    // best-price sort put the day's lowest price in the list's mode (full: 980.000 → 980K) over the fetched 999K,
    // and the strip's days are asked for in that mode
    expect(strip.querySelector('[data-date="2030-01-20"]')?.textContent).toContain('980K');
    expect(seen.find((r) => r.url.includes('cheapest'))?.config.params).toMatchObject({ mode: 'FULL' });
    fireEvent.click(strip.querySelector('[data-date="2030-01-21"]') as HTMLElement);
    expect(onPickDate).toHaveBeenCalledWith('depart', '2030-01-21');
  });

  it('says there is no flight on the date and offers the neighbouring days', async () => {
    const { onPickDate } = renderBoard(request, session([]));
    expect(screen.getByTestId('results-empty').textContent).toContain('Không có chuyến bay cho ngày này');
    fireEvent.click(screen.getByRole('button', { name: /Ngày sau/ }));
    expect(onPickDate).toHaveBeenCalledWith('depart', '2030-01-21');
  });
});

describe('selection and the selected-flight panel', () => {
  it('selecting sets the totals per passenger type; selecting again clears and restores the list', async () => {
    renderBoard(request, session(departs));
    const card = screen.getAllByTestId('offer-card').find((c) => c.getAttribute('data-offer-id') === 'd1') as HTMLElement;
    fireEvent.click(within(card).getByTestId('offer-select'));
    await waitFor(() => expect(shownIds()).toEqual(['d1']));
    const ctx = { counts: { adt: 2, chd: 1, inf: 0 }, bookingFees: fees, domestic: true };
    // the cheapest class E has 2 seats, the party takes 3: Y is selected (the whole party must fit)
    expect(cheapestFareClass(departs[0]).class).toBe('E');
    const detail = priceDetailOf(departs[0], departs[0].priceInfo.find((p) => p.class === 'Y')!, ctx);
    const adt = detail.lines.find((l) => l.paxType === 'ADT');
    expect(adt).toMatchObject({ fare: 2_000_000, count: 2, issueFee: 50_000 });
    const row = screen.getByTestId('line-depart-ADT');
    expect(row.textContent).toContain(formatVnd(4_000_000));
    expect(row.textContent).toContain(formatVnd(100_000));
    const total = detail.lines.reduce((s, l) => s + l.total, 0);
    expect(screen.getByTestId('grand-total').textContent).toBe(formatVnd(total));
    expect(screen.getByTestId('selected-depart').textContent).toContain('NN');
    expect(screen.getByTestId('continue-disabled')).toBeTruthy();

    // hide issue fee: the fee is folded into the fare, the total stays
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ẩn phí xuất vé' }));
    await waitFor(() => expect(screen.getByTestId('line-depart-ADT').textContent).toContain(formatVnd(4_100_000)));
    expect(screen.getByTestId('grand-total').textContent).toBe(formatVnd(total));

    fireEvent.click(within(screen.getAllByTestId('offer-card')[0]).getByTestId('offer-select'));
    await waitFor(() => expect(shownIds().length).toBe(5));
    expect(screen.queryByTestId('grand-total')).toBeNull();
  });

  it('a flight whose classes all have fewer seats than the party cannot be chosen and says so; its short classes are disabled', async () => {
    // the party takes 3 seats (2 adults, 1 child); d7 has 2 and 1 seats left, d1 has Y with 9
    const short = makeOffer({ id: 'd7', airline: 'VN', depart: '2030-01-20T16:00', minutes: 130, fares: [{ class: 'E', seats: 2, fare: 600_000 }, { class: 'Q', seats: 1, fare: 650_000 }] });
    renderBoard(request, session([departs[0], short]));
    const card = (id: string) => screen.getAllByTestId('offer-card').find((c) => c.getAttribute('data-offer-id') === id) as HTMLElement;
    const button = within(card('d7')).getByTestId('offer-select') as HTMLButtonElement;
    expect(card('d7').className).toContain('is-sold-out');
    expect(button.textContent).toBe('Không đủ chỗ');
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('Không hạng nào còn đủ 3 chỗ cho cả đoàn');
    expect(within(card('d7')).getAllByRole('listitem').map((b) => (b as HTMLButtonElement).disabled)).toEqual([true, true]);
    // d1: E (2 seats) is disabled for this party, Y (9) is not; its button selects Y
    expect(within(card('d1')).getAllByRole('listitem').map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, true]);
    fireEvent.click(within(card('d1')).getByTestId('offer-select'));
    await waitFor(() => expect(shownIds()).toEqual(['d1']));
  });

  it('round trip: a GDS departure selects its matching return', async () => {
    const gdsOut = makeOffer({ id: 'G1:G2', airline: 'VN', source: '1A', depart: '2030-01-20T08:00', minutes: 130, combineSegment: 'G2:G1', fares: [{ class: 'Y', seats: 4, fare: 1_100_000 }] });
    const gdsBack = makeOffer({ id: 'G2:G1', airline: 'VN', source: '1A', direction: 'return', depart: '2030-01-25T18:00', minutes: 130, combineSegment: 'G1:G2', fares: [{ class: 'Y', seats: 4, fare: 1_000_000 }] });
    const otherBack = makeOffer({ id: 'r9', airline: 'VJ', direction: 'return', depart: '2030-01-25T07:00', minutes: 125, fares: [{ class: 'A', seats: 4, fare: 600_000 }] });
    renderBoard({ ...request, journeyType: 'RT', returnDate: '2030-01-25' }, session([gdsOut, departs[1], gdsBack, otherBack]));
    const card = screen.getAllByTestId('offer-card').find((c) => c.getAttribute('data-offer-id') === 'G1:G2') as HTMLElement;
    fireEvent.click(within(card).getByTestId('offer-select'));
    await waitFor(() => expect(screen.getByTestId('selected-return').textContent).toContain('VN'));
    expect(screen.getByTestId('tab-return').textContent).toContain('✓');
    expect(shownIds()).toEqual(['G2:G1']);
  });

  it('the quote text speaks vi or en and totals the selection', async () => {
    const ctx = { counts: { adt: 1, chd: 0, inf: 0 }, bookingFees: fees, domestic: true };
    const item = { part: 'depart' as const, offer: departs[1], detail: priceDetailOf(departs[1], cheapestFareClass(departs[1]), ctx) };
    const vi = buildQuoteText([item], i18next.getFixedT('vi'));
    expect(vi).toContain('BÁO GIÁ VÉ MÁY BAY');
    expect(vi).toContain(`TỔNG CỘNG: ${formatVnd(900_000 + 100_000 + 80_000 + 30_000)}`);
    const en = buildQuoteText([item], i18next.getFixedT('en'), { hiddenIssueFee: true });
    expect(en).toContain('FLIGHT QUOTE');
    expect(en).toContain(`Adult × 1: ${formatVnd(1_110_000)}`);
  });

  it('opens the detail drawer and the quote modal', async () => {
    renderBoard(request, session(departs));
    await act(async () => { fireEvent.click(within(screen.getAllByTestId('offer-card')[0]).getByTestId('offer-detail')); });
    const drawer = await screen.findByTestId('detail-drawer');
    expect(drawer.textContent).toContain('Nối chuyến tại DAD');
    expect(drawer.textContent).toContain('1 kiện 23kg');
  });
});
