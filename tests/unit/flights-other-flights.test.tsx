/**
 * The other-flight panel of spec point 2: "other flights of the same airline on the same route and day" from
 * the current results, one click to switch (model/other-flights.ts, OtherFlightsPanel, ResultsBoard).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import type { FlightOffer, FlightSearchRequest } from '../../contract/flights';
import { api } from '../../src/api/client';
import { formatVnd } from '../../src/i18n/format';
import { OtherFlightsPanel } from '../../plugins/flights/components/OtherFlightsPanel';
import { ResultsBoard } from '../../plugins/flights/components/ResultsBoard';
import { IDLE_SESSION } from '../../plugins/flights/hooks/use-flight-search';
import { flightKey, otherFlights } from '../../plugins/flights/model';
import { makeOffer } from './helpers/flight-fixtures';
import { initTestI18n } from './helpers/i18n';
import { mockAdapter } from './helpers/mock-adapter';
import { renderScreen } from './helpers/refine-harness';

// @refinedev/react-router is loaded by Node (CommonJS) and requires react-router itself: share one instance.
vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router');
});

vi.setConfig({ testTimeout: 30_000 });

const day = '2030-01-20';
const selected = makeOffer({ id: 'v1', airline: 'VN', flightNo: 'VN201', depart: `${day}T06:00`, minutes: 130, fares: [{ class: 'Y', seats: 9, fare: 2_000_000 }] });
const offers: FlightOffer[] = [
  selected,
  // the same flight through a GDS: not another flight
  makeOffer({ id: 'g1', airline: 'VN', source: '1A', flightNo: 'VN201', depart: `${day}T06:00`, minutes: 130, fares: [{ class: 'Y', seats: 9, fare: 1_900_000 }] }),
  makeOffer({ id: 'v3', airline: 'VN', flightNo: 'VN207', depart: `${day}T13:30`, minutes: 125, fares: [{ class: 'Y', seats: 4, fare: 1_800_000 }] }),
  // VN207 again through 1B, cheaper: the entry of VN207
  makeOffer({ id: 'b3', airline: 'VN', source: '1B', flightNo: 'VN207', depart: `${day}T13:30`, minutes: 125, fares: [{ class: 'Y', seats: 4, fare: 1_500_000 }] }),
  makeOffer({ id: 'v2', airline: 'VN', flightNo: 'VN203', depart: `${day}T09:00`, minutes: 300, stops: 1, fares: [{ class: 'T', seats: 2, fare: 1_100_000 }] }),
  // another airline, another day, another route: not listed
  makeOffer({ id: 'j1', airline: 'VJ', flightNo: 'VJ121', depart: `${day}T07:00`, minutes: 120, fares: [{ class: 'A', seats: 5, fare: 900_000 }] }),
  makeOffer({ id: 'v9', airline: 'VN', flightNo: 'VN209', depart: '2030-01-21T06:00', minutes: 130, fares: [{ class: 'Y', seats: 9, fare: 1_000_000 }] }),
  makeOffer({ id: 'v8', airline: 'VN', flightNo: 'VN121', from: 'HAN', to: 'DAD', depart: `${day}T08:00`, minutes: 80, fares: [{ class: 'Y', seats: 9, fare: 1_000_000 }] }),
];

const ids = (list: FlightOffer[]) => list.map((o) => o.id);

describe('"other flights of the same airline on the same route and day"', () => {
  it('lists the airline\'s other flights of the route and day, by departure time, one cheapest offer per flight', () => {
    expect(ids(otherFlights(offers, selected))).toEqual(['v2', 'b3']);
  });
  it.each([
    ['another airline', 'j1'],
    ['another day', 'v9'],
    ['another route', 'v8'],
    ['the same flight through another source', 'g1'],
    ['the selected offer itself', 'v1'],
  ])('leaves out %s', (_what, id) => expect(ids(otherFlights(offers, selected))).not.toContain(id));
  it('from a GDS offer of the same flight, the carrier channel\'s offer is not another flight either', () => {
    expect(ids(otherFlights(offers, offers[1]))).toEqual(['v2', 'b3']);
  });
  it('basic price mode picks the cheapest by fare alone', () => {
    const dear = makeOffer({ id: 'x1', airline: 'VN', flightNo: 'VN207', depart: `${day}T13:30`, minutes: 125, fares: [{ class: 'Y', seats: 4, fare: 1_400_000, tax: 900_000 }] });
    expect(ids(otherFlights([...offers, dear], selected, 'FULL'))).toEqual(['v2', 'b3']);
    expect(ids(otherFlights([...offers, dear], selected, 'BASIC'))).toEqual(['v2', 'x1']);
  });
  it('leaves out VJ flights with no seats (they cannot be selected)', () => {
    const vj = makeOffer({ id: 'j0', airline: 'VJ', flightNo: 'VJ120', depart: `${day}T06:00`, minutes: 120, fares: [{ class: 'A', seats: 3, fare: 800_000 }] });
    const soldOut = makeOffer({ id: 'j2', airline: 'VJ', flightNo: 'VJ125', depart: `${day}T10:00`, minutes: 120, fares: [{ class: 'A', seats: 0, fare: 700_000 }] });
    expect(ids(otherFlights([vj, soldOut, offers[5]], vj))).toEqual(['j1']);
  });
  it('flightKey joins every segment\'s flight number', () => expect(flightKey(offers[4])).toBe('VN203·VN91'));
  it('nothing else on the day: empty', () => expect(otherFlights([selected], selected)).toEqual([]));
});

describe('OtherFlightsPanel', () => {
  beforeAll(async () => {
    await initTestI18n('vi');
  });
  afterEach(() => cleanup());

  it('shows each other flight with its times and price, and switches in one click', () => {
    const onSwitch = vi.fn();
    render(<OtherFlightsPanel offer={selected} offers={offers} priceMode="FULL" onSwitch={onSwitch} />);
    const rows = screen.getAllByTestId('other-flight');
    expect(rows.map((r) => r.getAttribute('data-offer-id'))).toEqual(['v2', 'b3']);
    expect(rows[0].textContent).toContain('VN203');
    expect(rows[0].textContent).toContain('09:00');
    expect(rows[1].textContent).toContain(formatVnd(1_500_000 + 100_000 + 80_000));
    fireEvent.click(screen.getByRole('button', { name: 'Đổi sang chuyến VN207' }));
    expect(onSwitch).toHaveBeenCalledWith(offers[3]);
    expect(screen.getByTestId('other-flights').textContent).toContain('HAN → SGN · 20/01/2030');
  });

  it('a flight with fewer seats than the party in every class cannot be switched to, and says so', () => {
    const onSwitch = vi.fn();
    // a party of 3: VN203 has 2 seats left (T), VN207 4 (Y)
    render(<OtherFlightsPanel offer={selected} offers={offers} priceMode="FULL" onSwitch={onSwitch} seats={3} />);
    const [short, fits] = screen.getAllByTestId('other-flight');
    // no switch for VN203: its status says why, with the count in its title
    expect(within(short).queryByRole('button')).toBeNull();
    const status = within(short).getByTestId('other-flight-unavailable');
    expect(status.textContent).toBe('Không đủ chỗ');
    expect(status.title).toBe('Không hạng nào còn đủ 3 chỗ cho cả đoàn');
    fireEvent.click(status);
    expect(onSwitch).not.toHaveBeenCalled();
    fireEvent.click(within(fits).getByRole('button', { name: 'Đổi sang chuyến VN207' }));
    expect(onSwitch).toHaveBeenCalledTimes(1);
  });

  it('says so when the airline has no other flight that day', () => {
    render(<OtherFlightsPanel offer={selected} offers={[selected]} priceMode="FULL" onSwitch={vi.fn()} />);
    expect(screen.queryAllByTestId('other-flight')).toHaveLength(0);
    expect(screen.getByTestId('other-flights').textContent).toContain('Không có chuyến khác của hãng này');
  });
});

describe('the results board: the other-flight panel of the selection', () => {
  let previous: AxiosAdapter;
  beforeAll(async () => {
    await initTestI18n('vi');
  });
  beforeEach(() => {
    previous = api.defaults.adapter as AxiosAdapter;
    api.defaults.adapter = mockAdapter(() => ({ data: [] }));
  });
  afterEach(() => {
    api.defaults.adapter = previous;
    cleanup();
    document.body.innerHTML = '';
  });

  it('appears for the selected offer and one click replaces the selection', async () => {
    const request: FlightSearchRequest = {
      journeyType: 'OW', searchType: 'BP', legs: [{ from: 'HAN', to: 'SGN', departDate: day }], adt: 1, chd: 0, inf: 0, promotionCodes: {},
    };
    // three offers, so that the (virtualised) list renders them all
    const list = offers.filter((o) => ['v1', 'v2', 'b3'].includes(o.id));
    const search = { ...IDLE_SESSION, status: 'done' as const, sessionId: 's1', total: 1, completed: 1, offers: list, retry: vi.fn() };
    renderScreen('/', '/', <ResultsBoard request={request} search={search} today="2030-01-10" now={new Date('2030-01-10T09:00:00').getTime()} onPickDate={vi.fn()} />);
    expect(screen.queryByTestId('other-flights')).toBeNull();
    const card = (await screen.findAllByTestId('offer-card')).find((c) => c.getAttribute('data-offer-id') === 'v1');
    fireEvent.click(within(card as HTMLElement).getByTestId('offer-select'));
    const panel = await screen.findByTestId('other-flights');
    expect(within(panel).getAllByTestId('other-flight').map((r) => r.getAttribute('data-offer-id'))).toEqual(['v2', 'b3']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Đổi sang chuyến VN207' }));
    await waitFor(() => expect(screen.getAllByTestId('offer-card').map((c) => c.getAttribute('data-offer-id'))).toEqual(['b3']));
    expect(screen.getByTestId('selected-depart').textContent).toContain('VN207');
    // the panel now lists the flights other than VN207, the first choice among them
    await waitFor(() => expect(within(screen.getByTestId('other-flights')).getAllByTestId('other-flight').map((r) => r.getAttribute('data-offer-id'))).toEqual(['v1', 'v2']));
  });
});
