/**
 * Multi-city booking: the PNR grouping both sides share (contract/pnr-groups.ts), the references shown while the
 * hold runs, the draft the multi-destinations page hands over, and the multi-city passenger page (the shared
 * passenger form: every leg listed, the hold naming each leg's search session). Also the title select's error state.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { BOOKINGS_API } from '../../contract/bookings';
import type { BookingDraft, PriceDetailLine } from '../../contract/booking-draft';
import { groupIntoPnrs } from '../../contract/pnr-groups';
import { api } from '../../src/api/client';
import { flightKey, pendingPnrsOf } from '../../plugins/bookings/model/draft';
import MultiDestinationsPassengersPage from '../../plugins/bookings/pages/MultiDestinationsPassengersPage';
import { firstOpenLeg, initialSelectedFlightSession, legChosen, multiLegDraft, selectionReducer, type ChosenLeg } from '../../plugins/flights/model';
import { renderBookingScreen } from './helpers/bookings-harness';
import { sentBody } from './helpers/refine-harness';
import { makeOffer } from './helpers/flight-fixtures';
import { initTestI18n } from './helpers/i18n';
import { mockAdapter, type SeenRequest } from './helpers/mock-adapter';

vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router');
});

vi.setConfig({ testTimeout: 30_000 });

describe('one PNR per airline and source (groupIntoPnrs)', () => {
  const f = (airline: string, source: string, n: number) => ({ airline, source, n });
  it.each<[string, ReturnType<typeof f>[], Array<[string, string, number[]]>]>([
    ['nothing chosen: no PNR', [], []],
    ['one way', [f('VN', 'VN', 1)], [['VN', 'VN', [1]]]],
    ['a round trip on one carrier: one PNR', [f('VN', 'VN', 1), f('VN', 'VN', 2)], [['VN', 'VN', [1, 2]]]],
    ['a round trip on two carriers: two', [f('VN', 'VN', 1), f('VJ', 'VJ', 2)], [['VN', 'VN', [1]], ['VJ', 'VJ', [2]]]],
    ['legs 1 and 3 on one carrier, leg 2 on another: the first carrier keeps both its legs, in order',
      [f('VN', 'VN', 1), f('VJ', 'VJ', 2), f('VN', 'VN', 3)], [['VN', 'VN', [1, 3]], ['VJ', 'VJ', [2]]]],
    ['one airline through two sources (own channel and a GDS): two PNRs',
      [f('VN', 'VN', 1), f('VN', '1A', 2), f('VN', 'VN', 3)], [['VN', 'VN', [1, 3]], ['VN', '1A', [2]]]],
    ['two airlines through one GDS: two PNRs', [f('SQ', '1A', 1), f('TG', '1A', 2)], [['SQ', '1A', [1]], ['TG', '1A', [2]]]],
    ['six legs on three carriers', [f('VN', 'VN', 1), f('VJ', 'VJ', 2), f('QH', 'QH', 3), f('VJ', 'VJ', 4), f('VN', 'VN', 5), f('QH', 'QH', 6)],
      [['VN', 'VN', [1, 5]], ['VJ', 'VJ', [2, 4]], ['QH', 'QH', [3, 6]]]],
  ])('%s', (_name, flights, expected) => {
    expect(groupIntoPnrs(flights).map((g) => [g.airline, g.source, g.flights.map((x) => x.n)])).toEqual(expected);
  });
});

function line(paxType: PriceDetailLine['paxType'], count: number, fare: number): PriceDetailLine {
  return { paxType, count, fare, tax: 0, vat: 0, issueFee: 10_000, totalFare: fare * count, totalTax: 0, totalVat: 0, totalIssueFee: 10_000 * count, total: (fare + 10_000) * count };
}

const LEGS = [
  { id: 'a1', airline: 'VN', from: 'HAN', to: 'SGN', depart: '2030-01-20T06:00' },
  { id: 'b1', airline: 'VJ', from: 'SGN', to: 'DAD', depart: '2030-01-23T09:00' },
  { id: 'c1', airline: 'VN', from: 'DAD', to: 'HAN', depart: '2030-01-26T18:00' },
] as const;

function multiDraft(): BookingDraft {
  return {
    sessionId: 'sa', isInternational: false, requirePassport: false,
    flights: LEGS.map((l, i) => ({
      direction: 'depart' as const, leg: i + 1, sessionId: `s${'abc'[i]}`, class: 'Y', lines: [line('ADT', 1, 1_000_000)],
      offer: makeOffer({ ...l, minutes: 90, fares: [{ class: 'Y', seats: 9, fare: 1_000_000 }] }),
    })),
  };
}

describe('the references a multi-city hold will create (pendingPnrsOf)', () => {
  it('one per airline and source, each listing the legs it flies', () => {
    expect(pendingPnrsOf(multiDraft())).toEqual([
      { airline: 'VN', source: 'VN', dep: 'HAN-SGN, DAD-HAN', ret: '' },
      { airline: 'VJ', source: 'VJ', dep: 'SGN-DAD', ret: '' },
    ]);
  });

  it.each<[string, { direction: 'depart' | 'return'; leg?: number }, string]>([
    ['a departure', { direction: 'depart' }, 'depart'],
    ['a return', { direction: 'return' }, 'return'],
    ['a multi-city leg', { direction: 'depart', leg: 2 }, 'leg-2'],
  ])('a flight is named uniquely: %s', (_n, f, key) => {
    expect(flightKey(f)).toBe(key);
  });
});

describe('the multi-city draft (multiLegDraft)', () => {
  const ctx = { counts: { adt: 1, chd: 0, inf: 0 }, bookingFees: [], domestic: true };
  const chosenLeg = (i: number, extra: Partial<ChosenLeg> = {}): ChosenLeg => {
    const offer = makeOffer({ ...LEGS[i], minutes: 90, fares: [{ class: 'Y', seats: 9, fare: 1_000_000 }] });
    const selection = selectionReducer(initialSelectedFlightSession(), { type: 'SELECT', side: 'depart', offer, ctx });
    return { sessionId: `s${i}`, isInternational: false, requirePassport: false, selection, ...extra };
  };

  it.each<[string, Record<number, ChosenLeg>, number]>([
    ['nothing chosen: the first leg', {}, 0],
    ['legs 1 and 3 chosen: leg 2', { 0: chosenLeg(0), 2: chosenLeg(2) }, 1],
    ['a leg whose search has no session yet is not chosen', { 0: chosenLeg(0), 1: chosenLeg(1, { sessionId: '' }), 2: chosenLeg(2) }, 1],
    ['every leg chosen: none', { 0: chosenLeg(0), 1: chosenLeg(1), 2: chosenLeg(2) }, -1],
  ])('the next leg without a flight: %s', (_n, chosen, open) => {
    expect(firstOpenLeg(chosen, 3)).toBe(open);
    expect(multiLegDraft(chosen, 3) === null).toBe(open !== -1);
  });

  it('a cleared leg is no longer chosen', () => {
    const leg = chosenLeg(0);
    expect(legChosen({ ...leg, selection: selectionReducer(leg.selection, { type: 'CLEAR', side: 'depart' }) })).toBe(false);
  });

  it('every leg chosen: the legs in order, numbered, each with its session; kept under the first; passports if any leg asks', () => {
    const draft = multiLegDraft({ 2: chosenLeg(2, { requirePassport: true, isInternational: true }), 0: chosenLeg(0), 1: chosenLeg(1) }, 3)!;
    expect(draft.sessionId).toBe('s0');
    expect([draft.isInternational, draft.requirePassport]).toEqual([true, true]);
    expect(draft.flights.map((f) => [f.leg, f.sessionId, f.direction, f.offer.id, f.class])).toEqual([
      [1, 's0', 'depart', 'a1', 'Y'], [2, 's1', 'depart', 'b1', 'Y'], [3, 's2', 'depart', 'c1', 'Y'],
    ]);
    expect(draft.flights[0].lines.map((l) => [l.paxType, l.count])).toEqual([['ADT', 1]]);
  });
});

let seen: SeenRequest[];
let previous: AxiosAdapter;

beforeAll(async () => {
  await initTestI18n('vi');
});
beforeEach(() => {
  seen = [];
  previous = api.defaults.adapter as AxiosAdapter;
  api.defaults.adapter = mockAdapter((req) => {
    if (req.url === BOOKINGS_API.luggageOptions) return { data: [] };
    if (req.url === BOOKINGS_API.create) return { data: { id: 41 } };
    return { status: 500, data: { code: 1, message: 'no' } };
  }, seen);
});
afterEach(() => {
  api.defaults.adapter = previous;
  sessionStorage.clear();
});

function renderMulti(search: string, draft: BookingDraft | null) {
  return renderBookingScreen(
    { pathname: '/booking/multi-destinations-passengers', search, state: draft ? { draft } : null },
    { '/booking/multi-destinations-passengers': <MultiDestinationsPassengersPage />, '/booking/completed/:id': <div data-testid="completed" /> },
  );
}

async function pick(testId: string, label: string) {
  fireEvent.mouseDown(screen.getByTestId(testId).querySelector('.ant-select-selector')!);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((o) => o.textContent === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

describe('multi-city passenger page', () => {
  it('without a draft of that session: nothing to book, back to the multi-city search', async () => {
    renderMulti('?session=other', multiDraft());
    expect(await screen.findByRole('button', { name: 'Tìm chuyến bay' })).toBeTruthy();
    expect(screen.queryByTestId('pax-1')).toBeNull();
  });

  it('every leg listed in order with its own luggage; the hold names each leg’s session and goes to the completed booking', async () => {
    renderMulti('?session=sa', multiDraft());
    await screen.findByTestId('pax-1');
    expect([...document.querySelectorAll('.bk-flight-line strong')].map((e) => e.textContent)).toEqual(['Chặng 1 · VN VN101', 'Chặng 2 · VJ VJ101', 'Chặng 3 · VN VN101']);
    for (const k of ['leg-1', 'leg-2', 'leg-3']) expect(screen.getByTestId(`flight-${k}`)).toBeTruthy();
    for (const k of ['leg-1', 'leg-2', 'leg-3']) expect(screen.getByTestId(`pax-1-luggage-${k}`)).toBeTruthy();
    // three legs, one adult: fares plus an issue fee per leg
    expect(screen.getByTestId('booking-total').textContent?.replace(/\D/g, '')).toBe(String(3 * 1_010_000));

    await pick('pax-1-title', 'Bà');
    fireEvent.change(screen.getByTestId('pax-1-last'), { target: { value: 'Tran' } });
    fireEvent.change(screen.getByTestId('pax-1-first'), { target: { value: 'Thi Mai' } });
    fireEvent.change(screen.getByTestId('pax-1-birthday'), { target: { value: '01021990' } });
    fireEvent.change(screen.getByTestId('contact-phone'), { target: { value: '0912345678' } });
    fireEvent.change(screen.getByTestId('contact-email'), { target: { value: 'mai@example.vn' } });
    fireEvent.click(screen.getByTestId('submit-booking'));
    fireEvent.click(await screen.findByRole('button', { name: 'Giữ chỗ' }));
    await screen.findByTestId('completed');
    const hold = seen.find((r) => r.method === 'POST' && r.url === BOOKINGS_API.create)!;
    expect(sentBody(hold)).toMatchObject({
      sessionId: 'sa',
      selected: [{ offerId: 'a1', class: 'Y', sessionId: 'sa' }, { offerId: 'b1', class: 'Y', sessionId: 'sb' }, { offerId: 'c1', class: 'Y', sessionId: 'sc' }],
      passengers: [{ paxId: 1, type: 'ADT', title: 'MRS', lastName: 'Tran', firstName: 'Thi Mai' }],
    });
  });

  it('a title left empty shows its message and the select’s error state (red border) together', async () => {
    renderMulti('?session=sa', multiDraft());
    await screen.findByTestId('pax-1');
    const select = screen.getByTestId('pax-1-title');
    expect(select.className).not.toMatch(/ant-select-status-error/);
    fireEvent.mouseDown(select.querySelector('.ant-select-selector')!);
    fireEvent.blur(select.querySelector('input')!);
    expect((await screen.findByTestId('pax-1-title-error')).textContent).toBe('Vui lòng chọn danh xưng (Ông, Bà, ...).');
    expect(screen.getByTestId('pax-1-title').className).toMatch(/ant-select-status-error/);
    await pick('pax-1-title', 'Ông');
    await waitFor(() => expect(screen.queryByTestId('pax-1-title-error')).toBeNull());
    expect(screen.getByTestId('pax-1-title').className).not.toMatch(/ant-select-status-error/);
  });
});
