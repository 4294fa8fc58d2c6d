/** The flight search panel: passenger +/- rules, date-picking flows, journey types, the request it sends. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import type { FlightSearchRequest } from '../../contract/flights';
import { api } from '../../src/api/client';
import { SearchPanel } from '../../plugins/flights/components/SearchPanel';
import { resultsPath, searchToParams } from '../../plugins/flights/search-params';
import { paramsToSearch } from '../../plugins/flights/search-params-parse';
import { initTestI18n } from './helpers/i18n';
import { mockAdapter } from './helpers/mock-adapter';
import { renderScreen } from './helpers/refine-harness';

// @refinedev/react-router is loaded by Node (CommonJS) and requires react-router itself: share one instance.
vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router');
});

// antd popovers and the first render of the panel are slow in jsdom
vi.setConfig({ testTimeout: 30_000 });

const TODAY = '2030-01-10';
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

function renderPanel(props: Partial<Parameters<typeof SearchPanel>[0]> = {}) {
  const onSearch = vi.fn();
  renderScreen('/', '/', <SearchPanel today={TODAY} onSearch={onSearch} {...props} />);
  return { onSearch };
}

const initial: FlightSearchRequest = {
  journeyType: 'OW', searchType: 'BP', legs: [{ from: 'HAN', to: 'SGN', departDate: '2030-01-20' }],
  adt: 1, chd: 0, inf: 0, promotionCodes: {},
};

async function openPassengers() {
  fireEvent.click(screen.getByTestId('passengers'));
  return screen.findByTestId('passenger-rows');
}

const plus = (type: string) => screen.getByRole('button', { name: `Thêm ${type}` });
const minus = (type: string) => screen.getByRole('button', { name: `Bớt ${type}` });
const count = (key: string) => screen.getByTestId(`pax-${key}`).textContent;

describe('passenger counts (spec point 5) drive the +/− buttons', () => {
  it('starts at 1 adult, 0 children, 0 infants; children cannot go below 0', async () => {
    renderPanel();
    await openPassengers();
    expect([count('adt'), count('chd'), count('inf')]).toEqual(['1', '0', '0']);
    expect((minus('Trẻ em') as HTMLButtonElement).disabled).toBe(true);
    expect((minus('Em bé') as HTMLButtonElement).disabled).toBe(true);
  });

  it('infants cannot exceed adults', async () => {
    renderPanel();
    await openPassengers();
    fireEvent.click(plus('Em bé'));
    expect(count('inf')).toBe('1');
    expect((plus('Em bé') as HTMLButtonElement).disabled).toBe(true);
  });

  it('adults plus children at most 9; lowering adults pulls infants down', async () => {
    renderPanel();
    await openPassengers();
    for (let i = 0; i < 5; i += 1) fireEvent.click(plus('Người lớn'));
    for (let i = 0; i < 3; i += 1) fireEvent.click(plus('Trẻ em'));
    expect([count('adt'), count('chd')]).toEqual(['6', '3']);
    expect((plus('Người lớn') as HTMLButtonElement).disabled).toBe(true);
    expect((plus('Trẻ em') as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 6; i += 1) fireEvent.click(plus('Em bé'));
    expect(count('inf')).toBe('6');
    fireEvent.click(minus('Người lớn'));
    expect([count('adt'), count('inf')]).toEqual(['5', '5']);
    expect(screen.getByTestId('passengers').textContent).toContain('5 người lớn, 3 trẻ em, 5 em bé');
  });
});

describe('journey type', () => {
  it('defaults to one way with no return field; round trip adds it; multi-city shows legs 3 days apart', async () => {
    renderPanel();
    expect((screen.getByRole('radio', { name: 'Một chiều' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('return-date')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Khứ hồi' }));
    expect(screen.getByTestId('return-date')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Nhiều chặng' }));
    // the multi-city editor is its own chunk, loaded when first shown
    const legs = await screen.findByTestId('legs-editor', {}, { timeout: 10_000 });
    const dates = [...legs.querySelectorAll<HTMLInputElement>('.ant-picker input')].map((i) => i.value);
    expect(dates).toEqual(['10/01/2030', '13/01/2030']);
    fireEvent.click(within(legs).getByRole('button', { name: /Thêm chặng/ }));
    const after = [...legs.querySelectorAll<HTMLInputElement>('.ant-picker input')].map((i) => i.value);
    expect(after).toEqual(['10/01/2030', '13/01/2030', '16/01/2030']);
  });
});

describe('date picking (spec point 4)', () => {
  const day = (date: string) => document.querySelector<HTMLButtonElement>(`[data-date="${date}"]`) as HTMLButtonElement;

  it('the first date becomes the departure and closes the picker; past days cannot be chosen', async () => {
    renderPanel();
    fireEvent.click(screen.getByTestId('depart-date'));
    await screen.findByTestId('date-range-calendar');
    expect(day('2030-01-09').disabled).toBe(true);
    fireEvent.click(day('2030-01-15'));
    expect(screen.getByTestId('depart-date').textContent).toContain('15/01/2030');
    // the popover leaves (closing animation, or hidden once it ended)
    await waitFor(() => expect(document.querySelector('.ant-popover')?.className).toMatch(/leave|hidden/));
  });

  it('round trip: a later second date is the return, an earlier one swaps; removing the return clears it', async () => {
    renderPanel();
    fireEvent.click(screen.getByRole('radio', { name: 'Khứ hồi' }));
    fireEvent.click(screen.getByTestId('depart-date'));
    await screen.findByTestId('date-range-calendar');
    fireEvent.click(day('2030-01-15'));
    fireEvent.click(screen.getByTestId('return-date'));
    await waitFor(() => expect(day('2030-01-20')).toBeTruthy());
    fireEvent.click(day('2030-01-20'));
    expect(screen.getByTestId('return-date').textContent).toContain('20/01/2030');

    // both chosen: a new departure-field pick starts over; then an earlier return pick swaps
    fireEvent.click(screen.getByTestId('depart-date'));
    await waitFor(() => expect(day('2030-01-18')).toBeTruthy());
    fireEvent.click(day('2030-01-18'));
    expect(screen.getByTestId('depart-date').textContent).toContain('18/01/2030');
    expect(screen.getByTestId('return-date').textContent).not.toContain('20/01/2030');
    fireEvent.click(screen.getByTestId('return-date'));
    await waitFor(() => expect(day('2030-01-12')).toBeTruthy());
    fireEvent.click(day('2030-01-12'));
    expect(screen.getByTestId('depart-date').textContent).toContain('12/01/2030');
    expect(screen.getByTestId('return-date').textContent).toContain('18/01/2030');

    fireEvent.click(screen.getByRole('button', { name: 'Bỏ ngày về' }));
    expect(screen.getByTestId('return-date').textContent).toContain('Chọn ngày');
  });

  it('switching back to one way drops the return from the request', async () => {
    const { onSearch } = renderPanel({ initial: { ...initial, journeyType: 'RT', returnDate: '2030-01-25' } });
    expect(screen.getByTestId('return-date').textContent).toContain('25/01/2030');
    fireEvent.click(screen.getByRole('radio', { name: 'Một chiều' }));
    await act(async () => { fireEvent.click(screen.getByTestId('search-submit')); });
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ journeyType: 'OW', legs: [{ from: 'HAN', to: 'SGN', departDate: '2030-01-20' }] }));
    expect(onSearch.mock.calls[0][0].returnDate).toBeUndefined();
  });
});

describe('the request the panel sends', () => {
  it('sends the search state as a contract request, with the promotion codes typed', async () => {
    const { onSearch } = renderPanel({ initial: { ...initial, adt: 2, chd: 1, inf: 1 } });
    fireEvent.click(screen.getByText('Mã khuyến mại theo hãng'));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Mã khuyến mại VJ' }), { target: { value: 'tet2030' } });
    fireEvent.click(screen.getByRole('button', { name: 'Đổi chiều điểm đi và điểm đến' }));
    await act(async () => { fireEvent.click(screen.getByTestId('search-submit')); });
    expect(onSearch).toHaveBeenCalledWith({
      journeyType: 'OW', searchType: 'BP', legs: [{ from: 'SGN', to: 'HAN', departDate: '2030-01-20' }],
      adt: 2, chd: 1, inf: 1, promotionCodes: { VJ: 'TET2030' },
    });
  });

  it('refuses an incomplete search with a message and sends nothing', async () => {
    const { onSearch } = renderPanel();
    await act(async () => { fireEvent.click(screen.getByTestId('search-submit')); });
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('Hãy chọn đủ');
  });
});

describe('the search in the URL', () => {
  it('round-trips a round trip and a multi-city search, and refuses a broken one', () => {
    const rt: FlightSearchRequest = { ...initial, journeyType: 'RT', returnDate: '2030-01-25', adt: 2, promotionCodes: { VN: 'ABC' } };
    expect(paramsToSearch(searchToParams(rt))).toEqual(rt);
    const mc: FlightSearchRequest = { ...initial, journeyType: 'MC', legs: [initial.legs[0], { from: 'SGN', to: 'DAD', departDate: '2030-01-23' }] };
    expect(paramsToSearch(searchToParams(mc))).toEqual(mc);
    expect(resultsPath(mc).startsWith('/booking/multi-destinations?')).toBe(true);
    expect(resultsPath(rt).startsWith('/booking/flights?')).toBe(true);
    expect(paramsToSearch(new URLSearchParams('type=RT&from=HAN&to=SGN&dep=2030-01-20'))).toBeNull();
    expect(paramsToSearch(new URLSearchParams('from=HA&to=SGN&dep=2030-01-20'))).toBeNull();
  });
});
