/**
 * Train screens over Refine and the real data provider (mocked gateway answers): train/search lists the trains,
 * sorts and filters them, draws the chosen carriage as its layout (berths in compartments by level), toggles a
 * seat through the hold (POST add, then POST remove) and shows the countdown; passenger-info gives one passenger
 * per held seat and applies the child's discount as the type changes.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HeldSeat, SeatsByCarriage, Train, TrainHold, TrainSeat } from '../../contract/trains';
import { paxDiscount } from '../../contract/trains';
import BookingTrainPage from '../../plugins/trains/pages/BookingTrainPage';
import PassengerInfoPage from '../../plugins/trains/pages/PassengerInfoPage';
import TrainResultsPage from '../../plugins/trains/pages/TrainResultsPage';
import { initTestI18n } from './helpers/i18n';
import { mockApi, renderRoutes, sentBody } from './helpers/refine-harness';
import type { SeenRequest } from './helpers/mock-adapter';

vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router');
});
vi.setConfig({ testTimeout: 30_000 });

const day = '2099-12-01';
const compact = day.replace(/-/g, '');
const train = (no: string, dep: string, arr: string, timeRun: number, seatAvailable: number, carriages: Train['carriages']): Train => ({
  trainId: `${no}_${compact}_HNO_SGO`, trainNo: no, direction: 'depart', from: 'HNO', to: 'SGO', departDateTime: `${day}T${dep}`, arrivalDateTime: arr,
  timeRun, seatAvailable, lowestPrice: 900_000, distanceKm: 1726, carriages,
});
const SE3 = train('SE3', '19:25', '2099-12-03T03:26', 1921, 20, [
  { carriageNo: 1, type: 'A64L', layout: 'seat64', seatClass: 'NGM', capacity: 64, free: 0, lowestPrice: 1_100_000 },
  { carriageNo: 9, type: 'AnL28', layout: 'berth4', seatClass: 'NAM', capacity: 28, free: 20, lowestPrice: 1_900_000 },
]);
const SE1 = train('SE1', '20:35', '2099-12-03T03:33', 1858, 300, [{ carriageNo: 1, type: 'A64L', layout: 'seat64', seatClass: 'NGM', capacity: 64, free: 50, lowestPrice: 1_000_000 }]);
const SE7 = train('SE7', '06:00', '2099-12-02T16:24', 2064, 427, [{ carriageNo: 1, type: 'BnL42', layout: 'berth6', seatClass: 'NAC', capacity: 42, free: 40, lowestPrice: 1_500_000 }]);

const berth = (n: number, state: TrainSeat['state']): TrainSeat => ({
  ticketId: `SE3_${compact}_HNO_SGO_9_${n}`, seatNo: n, seatType: n % 4 === 1 || n % 4 === 2 ? 'AnLT1' : 'AnLT2', seatClass: 'NAM',
  compartment: Math.ceil(n / 4), level: (n - 1) % 4 < 2 ? 'lower' : 'upper', side: n % 2 ? 'left' : 'right', price: (n - 1) % 4 < 2 ? 2_000_000 : 1_900_000, state,
});
const car9: SeatsByCarriage = { trainId: SE3.trainId, carriageNo: 9, type: 'AnL28', layout: 'berth4', data: Array.from({ length: 28 }, (_, i) => berth(i + 1, i + 1 === 3 ? 'sold' : i + 1 === 4 ? 'held' : 'free')) };

const held = (s: TrainSeat): HeldSeat => ({
  ticketId: s.ticketId, trainId: SE3.trainId, trainNo: 'SE3', direction: 'depart', from: 'HNO', to: 'SGO', departDateTime: SE3.departDateTime, arrivalDateTime: SE3.arrivalDateTime,
  carriageNo: 9, carriageType: 'AnL28', seatNo: s.seatNo, seatType: s.seatType, seatClass: 'NAM', level: s.level, price: s.price,
});

let hold: TrainHold | null;
let seen: SeenRequest[];
let restore: () => void;

beforeAll(() => initTestI18n('vi'));
beforeEach(() => {
  hold = null;
  const api = mockApi((req) => {
    if (req.url === '/api/trains/stations') return { data: [{ code: 'HNO', name: 'Hà Nội', folded: 'ha noi', line: 'NS', km: 0 }, { code: 'SGO', name: 'Sài Gòn', folded: 'sai gon', line: 'NS', km: 1726 }] };
    if (req.url === '/api/trains/search') return { data: { depart: [SE3, SE1, SE7], return: [] } };
    if (req.url === '/api/trains/seats') {
      const mine = new Set(hold?.seats.map((s) => s.ticketId) ?? []);
      return { data: { ...car9, data: car9.data.map((s) => (mine.has(s.ticketId) ? { ...s, state: 'mine' } : s)) } };
    }
    if (req.url === '/api/trains/hold' && req.method === 'GET') return { data: { hold } };
    if (req.url === '/api/trains/hold' && req.method === 'DELETE') {
      hold = null;
      return { data: { hold } };
    }
    if (req.url === '/api/trains/hold' && req.method === 'POST') {
      const body = sentBody(req) as { add?: string[]; remove?: string[] };
      const seats = (hold?.seats ?? []).filter((s) => !(body.remove ?? []).includes(s.ticketId));
      for (const id of body.add ?? []) seats.push(held(car9.data.find((s) => s.ticketId === id)!));
      hold = seats.length ? { holdId: 7, startTime: hold?.startTime ?? new Date().toISOString(), duration: 900, expiresAt: new Date(Date.now() + 900_000).toISOString(), seats } : null;
      return { data: { hold } };
    }
    return { status: 404, data: { code: 44, message: 'not found' } };
  });
  seen = api.seen;
  restore = api.restore;
});
afterEach(() => {
  cleanup();
  restore();
  sessionStorage.clear();
});

const trainOrder = () => screen.getAllByTestId(/^train-SE\d+$/).map((e) => e.getAttribute('data-testid'));

describe('train/search', () => {
  const url = `/train/search?from=HNO&to=SGO&departDate=${day}&seatClass=ALL&passengers=2`;

  it('lists the trains with free places and running time, sorts them and filters by class and time band', async () => {
    renderRoutes(url, { '/train/search': <TrainResultsPage /> });
    await screen.findByTestId('train-SE3');
    const search = seen.find((r) => r.url === '/api/trains/search')!;
    expect(sentBody(search)).toMatchObject({ from: 'HNO', to: 'SGO', departDate: day, seatClass: 'ALL', passengers: 2 });
    expect(trainOrder()).toEqual(['train-SE7', 'train-SE3', 'train-SE1']); // departTime
    expect(within(screen.getByTestId('train-SE3')).getByTestId('seat-available').textContent).toMatch(/20/);
    expect(screen.getByTestId('train-SE3').textContent).toMatch(/32 giờ 01 phút/);

    fireEvent.click(screen.getByRole('radio', { name: 'Nhiều chỗ nhất' }));
    await waitFor(() => expect(trainOrder()).toEqual(['train-SE7', 'train-SE1', 'train-SE3']));
    fireEvent.click(screen.getByRole('radio', { name: 'Thời gian chạy ngắn nhất' }));
    await waitFor(() => expect(trainOrder()).toEqual(['train-SE1', 'train-SE3', 'train-SE7']));
    fireEvent.click(screen.getByRole('radio', { name: 'Giờ đến sớm nhất' }));
    await waitFor(() => expect(trainOrder()).toEqual(['train-SE7', 'train-SE3', 'train-SE1']));

    const departBands = screen.getByRole('group', { name: 'Giờ đi' });
    fireEvent.click(within(departBands).getByLabelText('18:00–24:00'));
    await waitFor(() => expect(trainOrder()).toEqual(['train-SE3', 'train-SE1']));
    fireEvent.click(screen.getByRole('button', { name: 'Bỏ lọc' }));
    await waitFor(() => expect(trainOrder()).toHaveLength(3));
  });

  it('draws the 4-berth carriage in compartments by level, toggles a seat through the hold and starts the countdown', async () => {
    renderRoutes(url, { '/train/search': <TrainResultsPage /> });
    const card = await screen.findByTestId('train-SE3');
    fireEvent.click(within(card).getByRole('button', { name: /Chọn chỗ/ }));
    // the first carriage with free places is chosen: car 9
    const map = await screen.findByTestId('seat-map');
    expect(map.getAttribute('data-carriage')).toBe('9');
    expect(within(screen.getByTestId('carriage-strip')).getAllByRole('tab').map((t) => t.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    const compartments = map.querySelectorAll('.train-compartment');
    expect(compartments).toHaveLength(7);
    const first = compartments[0];
    expect([...first.querySelectorAll('.train-level')].map((l) => l.getAttribute('data-level'))).toEqual(['upper', 'lower']);
    expect([...first.querySelectorAll('[data-level=lower] .train-seat')].map((b) => b.textContent)).toEqual(['1', '2']);
    expect([...first.querySelectorAll('[data-level=upper] .train-seat')].map((b) => b.getAttribute('data-state'))).toEqual(['sold', 'held']);
    expect((first.querySelector('[data-seat="3"]') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('seat-note').textContent).toMatch(/Còn trống.*Bạn đang chọn.*Người khác đang giữ.*Đã bán/);

    // price on hover
    fireEvent.mouseEnter(first.querySelector('[data-seat="1"]')!);
    expect(screen.getByTestId('seat-info').textContent).toMatch(/Giường 1, tầng dưới · 2\.000\.000/);

    fireEvent.click(first.querySelector('[data-seat="1"]')!);
    await waitFor(() => expect(map.querySelector('[data-seat="1"]')!.getAttribute('data-state')).toBe('selected'));
    const post = seen.filter((r) => r.url === '/api/trains/hold' && r.method === 'POST');
    expect(sentBody(post[0])).toEqual({ add: [car9.data[0].ticketId], remove: [] });
    expect(await screen.findByTestId('hold-countdown')).toBeTruthy();
    expect(Number(screen.getByTestId('hold-countdown').getAttribute('data-left'))).toBeGreaterThan(890);
    expect((await screen.findByTestId('hold-summary')).textContent).toMatch(/Đã chọn 1 chỗ/);

    // choosing it again releases it
    fireEvent.click(map.querySelector('[data-seat="1"]')!);
    await waitFor(() => expect(map.querySelector('[data-seat="1"]')!.getAttribute('data-state')).toBe('free'));
    const posts = seen.filter((r) => r.url === '/api/trains/hold' && r.method === 'POST');
    expect(sentBody(posts[1])).toEqual({ add: [], remove: [car9.data[0].ticketId] });
    // a seat held by someone else is never asked for
    fireEvent.click(map.querySelector('[data-seat="4"]')!);
    expect(seen.filter((r) => r.url === '/api/trains/hold' && r.method === 'POST')).toHaveLength(2);
  });
});

describe('booking/train/passenger-info', () => {
  it('one passenger per held seat; the child type applies its discount live; the errors say what to fix', async () => {
    hold = { holdId: 7, startTime: new Date().toISOString(), duration: 900, expiresAt: new Date(Date.now() + 900_000).toISOString(), seats: [held(car9.data[0]), held(car9.data[1])] };
    renderRoutes('/booking/train/passenger-info', { '/booking/train/passenger-info': <PassengerInfoPage /> });
    await waitFor(() => expect(screen.getAllByTestId('train-pax')).toHaveLength(2));
    expect(screen.getByTestId('hold-countdown')).toBeTruthy();
    const prices = () => screen.getAllByTestId('pax-price');
    expect(prices().map((p) => Number(p.getAttribute('data-discount')))).toEqual([0, 0]);
    const total = () => Number(screen.getByTestId('live-total').getAttribute('data-total'));
    const before = total();

    // the second passenger becomes a child (type 2, 75 %)
    const typeSelect = document.getElementById('pax-1-type')!;
    fireEvent.mouseDown(typeSelect);
    fireEvent.click(await screen.findByText('Trẻ em (75%)'));
    await waitFor(() => expect(Number(prices()[1].getAttribute('data-discount'))).toBe(paxDiscount(2_000_000, 2)));
    expect(prices()[1].textContent).toMatch(/Giảm 25%/);
    expect(before - total()).toBe(paxDiscount(2_000_000, 2));

    // nothing typed: the names and the adult's ID are asked for, the child's ID is not
    fireEvent.click(screen.getByTestId('to-confirm'));
    expect(await screen.findByText(/Còn thông tin chưa đúng/)).toBeTruthy();
    // two passengers and the contact (no signed-in account to take it from here)
    expect(screen.getAllByText(/Nhập họ tên đầy đủ/)).toHaveLength(3);
    expect(screen.getByText(/Nhập số điện thoại hợp lệ/)).toBeTruthy();
    expect(screen.getAllByText(/Nhập số CCCD 12 số hoặc CMND 9 số/)).toHaveLength(1);
    expect(screen.getByTestId('where').textContent).toBe('/booking/train/passenger-info');

    fireEvent.change(document.getElementById('pax-0-name')!, { target: { value: 'Nguyễn Văn An' } });
    fireEvent.change(document.getElementById('pax-0-id')!, { target: { value: '001085012345' } });
    fireEvent.change(document.getElementById('pax-1-name')!, { target: { value: 'Nguyễn Bảo Ngọc' } });
    fireEvent.change(document.getElementById('contact-name')!, { target: { value: 'Nguyễn Văn An' } });
    fireEvent.change(document.getElementById('contact-phone')!, { target: { value: '0912345678' } });
    fireEvent.click(screen.getByTestId('to-confirm'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/booking/train/confirm-passenger-info'));
    const saved = JSON.parse(sessionStorage.getItem('trains.draft')!);
    expect(saved.passengers.map((p: { paxType: number; fullName: string }) => [p.paxType, p.fullName])).toEqual([[1, 'Nguyễn Văn An'], [2, 'Nguyễn Bảo Ngọc']]);
  });
});

describe('booking/train: the hold runs out', () => {
  it('at 0 the seats are released and the page says so', async () => {
    // a hold of 900 s that started 898.5 s ago
    hold = { holdId: 8, startTime: new Date(Date.now() - 898_500).toISOString(), duration: 900, expiresAt: new Date(Date.now() + 1500).toISOString(), seats: [held(car9.data[0])] };
    renderRoutes('/booking/train', { '/booking/train': <BookingTrainPage /> });
    expect(await screen.findByTestId('held-seat')).toBeTruthy();
    expect(Number(screen.getByTestId('hold-countdown').getAttribute('data-left'))).toBeLessThanOrEqual(2);
    expect(await screen.findByTestId('hold-expired', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('hold-expired').textContent).toMatch(/Đã hết thời gian giữ chỗ.*đã được trả lại/);
    expect(seen.some((r) => r.url === '/api/trains/hold' && r.method === 'DELETE')).toBe(true);
    expect(await screen.findByTestId('no-hold')).toBeTruthy();
    expect(screen.queryByTestId('held-seat')).toBeNull();
  });
});
