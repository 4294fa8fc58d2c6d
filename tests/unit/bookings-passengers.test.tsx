/**
 * Spec point 4 "Passengers" as reducers (plugins/bookings/model/passengers.ts), and the passenger information
 * screen: the passport block only when the journey requires it, the luggage select (one load per route, live
 * totals, infants none), a bad phone that keeps the hold request from leaving, and the completed booking
 * (references LOADING first, luggage bought, passports masked).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { BOOKINGS_API, type CompletedBooking, type LuggageOption } from '../../contract/bookings';
import { api } from '../../src/api/client';
import type { BookingDraft, PriceDetailLine } from '../../contract/booking-draft';
import { formatVnd } from '../../src/i18n/format';
import CompletedBookingPage from '../../plugins/bookings/pages/CompletedBookingPage';
import PassengerInformationPage from '../../plugins/bookings/pages/PassengerInformationPage';
import {
  contactProblems, initialPassengerInfo, passengerReducer, passengersRequest, problemsOf, type PassengerAction, type PassengerInfoState,
} from '../../plugins/bookings/model/passengers';
import { renderBookingScreen } from './helpers/bookings-harness';
import { makeOffer } from './helpers/flight-fixtures';
import { initTestI18n } from './helpers/i18n';
import { mockAdapter, type SeenRequest } from './helpers/mock-adapter';

// @refinedev/react-router is loaded by Node (CommonJS) and requires react-router itself: share one instance.
vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router');
});

vi.setConfig({ testTimeout: 30_000 });

const counts = { ADT: 2, CHD: 1, INF: 1 };
const run = (actions: PassengerAction[], from: PassengerInfoState = initialPassengerInfo(counts)) => actions.reduce(passengerReducer, from);
const upd = (paxId: number, patch: object): PassengerAction => ({ type: 'UPDATE_PAX', pax: { paxId, ...patch } });

describe('"Data is updated per passenger ID, or added if absent"', () => {
  it.each<[string, PassengerAction[], Array<[number, string, string]>]>([
    ['an existing ID is updated in place', [upd(2, { lastName: 'Tran' })], [[1, 'ADT', ''], [2, 'ADT', 'Tran'], [3, 'CHD', ''], [4, 'INF', '']]],
    ['an absent ID with its type is added', [upd(5, { type: 'ADT', lastName: 'Le' })], [[1, 'ADT', ''], [2, 'ADT', ''], [3, 'CHD', ''], [4, 'INF', ''], [5, 'ADT', 'Le']]],
    ['an absent ID without a type changes nothing', [upd(7, { lastName: 'Le' })], [[1, 'ADT', ''], [2, 'ADT', ''], [3, 'CHD', ''], [4, 'INF', '']]],
    ['two updates of one ID: the later wins, the others stay', [upd(3, { lastName: 'Pham' }), upd(3, { lastName: 'Vo' })], [[1, 'ADT', ''], [2, 'ADT', ''], [3, 'CHD', 'Vo'], [4, 'INF', '']]],
  ])('%s', (_name, actions, expected) => {
    expect(run(actions).dataPax.map((p) => [p.paxId, p.type, p.lastName])).toEqual(expected);
  });

  it('an added passenger gets the defaults of its type (no title: a required choice; passport countries VNM)', () => {
    const p = run([upd(5, { type: 'CHD' })]).dataPax.find((x) => x.paxId === 5)!;
    expect([p.title, p.passport.nationCountry, p.passport.issuingCountry, p.loyalty]).toEqual(['', 'VNM', 'VNM', []]);
  });
});

describe('"The first adult (ADT-1) sets the contact name as first name plus last name"', () => {
  it.each<[string, PassengerAction[], string]>([
    ['ADT-1 typed', [upd(1, { firstName: 'Van An', lastName: 'Nguyen' })], 'Van An Nguyen'],
    ['ADT-1 only a last name so far', [upd(1, { lastName: 'Nguyen' })], 'Nguyen'],
    ['another adult does not', [upd(2, { firstName: 'Thi B', lastName: 'Tran' })], ''],
    ['a child does not', [upd(3, { firstName: 'Be', lastName: 'Le' })], ''],
    ['edited by hand: ADT-1 no longer fills it', [{ type: 'SET_CONTACT', patch: { name: 'Dai Ly ABC' } }, upd(1, { firstName: 'Van An', lastName: 'Nguyen' })], 'Dai Ly ABC'],
    ['phone and e-mail typed: ADT-1 still fills the name', [{ type: 'SET_CONTACT', patch: { phone: '0912345678' } }, upd(1, { firstName: 'An', lastName: 'Le' })], 'An Le'],
    ['ADT-1 emptied: the name follows', [upd(1, { firstName: 'An', lastName: 'Le' }), { type: 'EMPTY_PAX', paxId: 1 }], ''],
  ])('%s', (_name, actions, name) => {
    expect(run(actions).contact.name).toBe(name);
  });
});

describe('"A passenger can be emptied: ID, type and birthday are kept and the passport countries reset to VNM"', () => {
  const filled = run([
    upd(1, { title: 'MRS', firstName: 'Thi B', lastName: 'Tran', birthday: '01/02/1990', passport: { nationCountry: 'USA', pNumber: 'X1234567', expiryDate: '01/01/2032', issuingCountry: 'SGP', issuingDate: '01/01/2022', issuingCity: 'Singapore' }, loyalty: [{ airline: 'VN', number: '12345678' }] }),
    upd(4, { title: 'MISS', firstName: 'Be', lastName: 'Tran', birthday: '01/06/2025', parentId: 2 }),
  ]);
  it.each<[string, number, object]>([
    ['an adult', 1, { paxId: 1, type: 'ADT', title: '', firstName: '', lastName: '', birthday: '01/02/1990', passport: { nationCountry: 'VNM', pNumber: '', expiryDate: '', issuingCountry: 'VNM', issuingDate: '', issuingCity: '' }, loyalty: [] }],
    ['an infant stays attached to its adult', 4, { paxId: 4, type: 'INF', title: '', firstName: '', lastName: '', birthday: '01/06/2025', parentId: 2 }],
  ])('%s', (_name, paxId, expected) => {
    const after = passengerReducer(filled, { type: 'EMPTY_PAX', paxId });
    expect(after.dataPax.find((p) => p.paxId === paxId)).toMatchObject(expected);
    // the others are untouched
    expect(after.dataPax.filter((p) => p.paxId !== paxId)).toEqual(filled.dataPax.filter((p) => p.paxId !== paxId));
  });
});

describe('"Passenger data and baggage choices can be reset"', () => {
  it('RESET gives the initial forms and an empty contact the first adult fills again', () => {
    const used = run([upd(1, { firstName: 'An', lastName: 'Le' }), { type: 'SET_CONTACT', patch: { name: 'X', phone: '0912345678' } }, { type: 'ADD_LOYALTY', paxId: 1, airline: 'VN' }]);
    const reset = passengerReducer(used, { type: 'RESET', counts });
    expect(reset).toEqual(initialPassengerInfo(counts));
    expect(passengerReducer(reset, upd(1, { firstName: 'Binh', lastName: 'Do' })).contact.name).toBe('Binh Do');
  });
});

describe('loyalty numbers: add and remove', () => {
  it.each<[string, PassengerAction[], Array<[string, string]>]>([
    ['add one', [{ type: 'ADD_LOYALTY', paxId: 1, airline: 'VN' }], [['VN', '']]],
    ['add two, remove the first', [{ type: 'ADD_LOYALTY', paxId: 1, airline: 'VN' }, { type: 'ADD_LOYALTY', paxId: 1, airline: 'QH' }, { type: 'REMOVE_LOYALTY', paxId: 1, index: 0 }], [['QH', '']]],
    ['at most four', Array.from({ length: 6 }, () => ({ type: 'ADD_LOYALTY', paxId: 1, airline: 'VJ' }) as PassengerAction), [['VJ', ''], ['VJ', ''], ['VJ', ''], ['VJ', '']]],
  ])('%s', (_name, actions, expected) => {
    expect(run(actions).dataPax[0].loyalty.map((l) => [l.airline, l.number])).toEqual(expected);
  });
});

describe('the form\'s problems and the request', () => {
  const journey = { travelDate: '2030-01-20', lastTravelDate: '2030-01-25', requirePassport: true };
  const now = new Date('2026-11-22T08:00:00');
  it.each<[string, PassengerAction[], object]>([
    ['untouched adult on an international journey: the title is a choice too', [], { pax: ['title', 'firstName', 'lastName', 'birthday'], passport: ['pNumber', 'expiryDate'], loyalty: [] }],
    ['filled adult with a passport', [upd(1, { title: 'MRS', firstName: 'An', lastName: 'Le', birthday: '01/02/1990', passport: { nationCountry: 'VNM', pNumber: 'B1234567', expiryDate: '01/01/2031', issuingCountry: 'VNM', issuingDate: '', issuingCity: '' } })], { pax: [], passport: [], loyalty: [] }],
    ['passport expiring before the return', [upd(1, { title: 'MRS', firstName: 'An', lastName: 'Le', birthday: '01/02/1990', passport: { nationCountry: 'VNM', pNumber: 'B1234567', expiryDate: '24/01/2030', issuingCountry: 'VNM', issuingDate: '', issuingCity: '' } })], { pax: [], passport: ['expiryDate'], loyalty: [] }],
    ['a loyalty number too short', [upd(1, { title: 'MRS', firstName: 'An', lastName: 'Le', birthday: '01/02/1990', loyalty: [{ airline: 'VN', number: '12' }] })], { pax: [], loyalty: [['number']] }],
  ])('%s', (_name, actions, expected) => {
    const s = run(actions);
    expect(problemsOf(s.dataPax[0], s.dataPax, journey, now)).toMatchObject(expected);
  });

  it.each(['ADT', 'CHD', 'INF'] as const)('a new %s has no title until one is chosen', (type) => {
    const p = initialPassengerInfo({ ADT: 1, CHD: 1, INF: 1 }).dataPax.find((x) => x.type === type)!;
    expect(p.title).toBe('');
    expect(problemsOf(p, [p], journey, now).pax).toContain('title');
  });

  it.each([
    [{ name: 'Van An Nguyen', phone: '0912345678', email: 'an@example.vn' }, []],
    [{ name: 'Van An 1', phone: '091234567', email: 'an@example' }, ['name', 'phone', 'email']],
    [{ name: 'An', phone: '84912345678', email: 'a@b.vn' }, []],
  ])('contact %o → %o (spec point 5 validators)', (contact, problems) => {
    expect(contactProblems(contact)).toEqual(problems);
  });

  it('passengers carry their passport when required and loyalty numbers when any', () => {
    const s = run([upd(1, { title: 'MR', firstName: ' An ', lastName: 'Le', birthday: '01/02/1990', passport: { nationCountry: 'VNM', pNumber: 'b1234567', expiryDate: '01/01/2031', issuingCountry: 'VNM', issuingDate: '', issuingCity: '' }, loyalty: [{ airline: 'VN', number: 'ab1234' }] })]);
    const [first, second] = passengersRequest(s.dataPax, true);
    expect(first).toEqual({
      paxId: 1, type: 'ADT', title: 'MR', firstName: 'An', lastName: 'Le', birthday: '01/02/1990',
      passport: { nationCountry: 'VNM', pNumber: 'B1234567', expiryDate: '01/01/2031', issuingCountry: 'VNM' }, loyalty: [{ airline: 'VN', number: 'AB1234' }],
    });
    expect(second.passport).toBeDefined();
    expect(passengersRequest(s.dataPax, false)[1].passport).toBeUndefined();
    expect(passengersRequest(s.dataPax, false)[3]).toMatchObject({ type: 'INF', parentId: 1 });
  });
});

// ----- the screen --------------------------------------------------------------------------------------------

function line(paxType: PriceDetailLine['paxType'], count: number, fare: number): PriceDetailLine {
  return { paxType, count, fare, tax: 0, vat: 0, issueFee: 10_000, totalFare: fare * count, totalTax: 0, totalVat: 0, totalIssueFee: 10_000 * count, total: (fare + 10_000) * count };
}

function draftOf(requirePassport: boolean, to = 'HAN'): BookingDraft {
  const lines = [line('ADT', 2, 1_000_000), line('CHD', 1, 750_000), line('INF', 1, 100_000)];
  return {
    sessionId: 's1', isInternational: requirePassport, requirePassport,
    flights: [
      { direction: 'depart', class: 'Y', lines, offer: makeOffer({ id: 'd1', airline: 'VN', from: 'SGN', to, depart: '2030-01-20T06:00', minutes: 130, fares: [{ class: 'Y', seats: 9, fare: 1_000_000 }] }) },
      { direction: 'return', class: 'Y', lines, offer: makeOffer({ id: 'r1', airline: 'VN', from: to, to: 'SGN', direction: 'return', depart: '2030-01-25T06:00', minutes: 130, fares: [{ class: 'Y', seats: 9, fare: 1_000_000 }] }) },
    ],
  };
}

const OPTIONS: LuggageOption[] = [
  { code: 'B20', value: 20, unit: 'kg', name: '20 kg', price: 165_000 },
  { code: 'B30', value: 30, unit: 'kg', name: '30 kg', price: 330_000 },
];

let seen: SeenRequest[];
let previous: AxiosAdapter;

beforeAll(async () => {
  await initTestI18n('en');
});
beforeEach(() => {
  seen = [];
  previous = api.defaults.adapter as AxiosAdapter;
  api.defaults.adapter = mockAdapter((req) => (req.url === BOOKINGS_API.luggageOptions ? { data: OPTIONS } : { status: 500, data: { code: 1, message: 'no' } }), seen);
});
afterEach(() => {
  api.defaults.adapter = previous;
});

function renderPage(draft: BookingDraft) {
  return renderBookingScreen(
    { pathname: '/booking/passenger-information/s1', state: { draft } },
    { '/booking/passenger-information/:id': <PassengerInformationPage />, '/booking/completed/:id': <div data-testid="completed" /> },
  );
}

async function pick(testId: string, label: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('.ant-select-selector')!);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((o) => o.textContent === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

describe('passenger information screen', () => {
  it('the passport block appears only when the journey requires it', async () => {
    const domestic = renderPage(draftOf(false));
    await screen.findByTestId('pax-1');
    expect(screen.queryByTestId('pax-1-passport')).toBeNull();
    expect(screen.queryByTestId('passport-required')).toBeNull();
    domestic.unmount();

    renderPage(draftOf(true, 'BKK'));
    await screen.findByTestId('pax-1');
    expect(screen.getByTestId('passport-required')).toBeTruthy();
    for (const id of [1, 2, 3, 4]) {
      const block = screen.getByTestId(`pax-${id}-passport`);
      // nationality and issuing country default to VNM
      expect(within(block).getByTestId(`pax-${id}-passport-nation`).textContent).toMatch(/Vietnam \(VNM\)/);
      expect(within(block).getByTestId(`pax-${id}-passport-issuing-country`).textContent).toMatch(/Vietnam \(VNM\)/);
    }
  });

  it('the luggage select: loaded once per route, a choice updates the totals, infants buy none', async () => {
    renderPage(draftOf(false));
    await screen.findByTestId('pax-1');
    await waitFor(() => expect(screen.getByTestId('pax-1-luggage-depart').className).not.toMatch(/disabled/));
    // 4 passengers, 2 routes: 2 loads
    const loads = seen.filter((r) => r.url === BOOKINGS_API.luggageOptions);
    expect(loads.map((r) => r.config.params)).toEqual([{ from: 'SGN', to: 'HAN', airline: 'VN' }, { from: 'HAN', to: 'SGN', airline: 'VN' }]);
    expect(screen.getByTestId('pax-4-luggage-depart').textContent).toBe('Infants have no checked luggage of their own.');

    // fares of both flights and the issue fees per passenger and direction (one carrier both ways too)
    const base = 2 * (2 * 1_000_000 + 750_000 + 100_000) + 2 * 4 * 10_000;
    expect(screen.getByTestId('booking-total').textContent).toBe(formatVnd(base));
    await pick('pax-1-luggage-depart', `30 kg · ${formatVnd(330_000)}`);
    await waitFor(() => expect(screen.getByTestId('luggage-total').textContent).toBe(formatVnd(330_000)));
    expect(screen.getByTestId('booking-total').textContent).toBe(formatVnd(base + 330_000));
    // a new choice for the same passenger, route and type replaces the first
    await pick('pax-1-luggage-depart', `20 kg · ${formatVnd(165_000)}`);
    await waitFor(() => expect(screen.getByTestId('booking-total').textContent).toBe(formatVnd(base + 165_000)));
    expect(seen.filter((r) => r.url === BOOKINGS_API.luggageOptions)).toHaveLength(2);
  });

  it('a bad phone shows its error and no hold request leaves; the contact name follows the first adult', async () => {
    renderPage(draftOf(false));
    await screen.findByTestId('pax-1');
    fireEvent.change(screen.getByTestId('pax-1-first'), { target: { value: 'Van An' } });
    fireEvent.change(screen.getByTestId('pax-1-last'), { target: { value: 'Nguyen' } });
    expect((screen.getByTestId('contact-name') as HTMLInputElement).value).toBe('Van An Nguyen');
    fireEvent.change(screen.getByTestId('contact-phone'), { target: { value: '0212345678' } });
    fireEvent.blur(screen.getByTestId('contact-phone'));
    expect(screen.getByTestId('contact-phone-error').textContent).toMatch(/Phone: 0 then 3, 5, 7, 8 or 9/);
    // Enter in a field never sends the form
    fireEvent.keyDown(screen.getByTestId('contact-phone'), { key: 'Enter', code: 'Enter' });
    fireEvent.keyUp(screen.getByTestId('contact-phone'), { key: 'Enter', code: 'Enter' });
    expect(screen.queryByTestId('fix-errors')).toBeNull();
    fireEvent.click(screen.getByTestId('submit-booking'));
    expect(await screen.findByTestId('fix-errors')).toBeTruthy();
    // no title was chosen: every passenger's title is asked for, none defaults to Mr
    expect(screen.getByTestId('pax-1-title-error').textContent).toBe('Choose a title (Mr, Mrs, ...).');
    expect(screen.getByTestId('pax-1-title').textContent).not.toMatch(/Mr|Ông/);
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('empty this passenger keeps the birthday; reset all asks first', async () => {
    renderPage(draftOf(false));
    await screen.findByTestId('pax-2');
    fireEvent.change(screen.getByTestId('pax-2-last'), { target: { value: 'Tran' } });
    fireEvent.change(screen.getByTestId('pax-2-birthday'), { target: { value: '01021990' } });
    fireEvent.click(screen.getByTestId('pax-2-empty'));
    expect((screen.getByTestId('pax-2-last') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('pax-2-birthday') as HTMLInputElement).value).toBe('01/02/1990');
    fireEvent.click(screen.getByTestId('reset-all'));
    const ok = await screen.findByRole('button', { name: 'Clear and start again' });
    fireEvent.click(ok);
    await waitFor(() => expect((screen.getByTestId('pax-2-birthday') as HTMLInputElement).value).toBe(''));
  });
});

describe('completed booking screen', () => {
  const booking: CompletedBooking = {
    id: 7, status: 'HOLD', createdAt: '2030-01-10T01:00:00.000Z', adt: 1, chd: 0, inf: 0,
    customerInfo: { name: 'Van An Nguyen', phone: '0912345678', email: 'an@example.vn' },
    listPNR: [{ airline: 'VN', source: 'VN', pnr: 'ABC123', timelimit: new Date(Date.now() + 5 * 3_600_000).toISOString(), status: 'BOOKED', dep: 'SGN-BKK', ret: '', departDate: '2030-01-20T06:00', message: '', total: 2_000_000 }],
    passengers: [{ paxId: 1, type: 'ADT', title: 'MR', firstName: 'VAN AN', lastName: 'NGUYEN', birthday: '15/04/1985', passport: { nationCountry: 'VNM', pNumber: 'C1234567', expiryDate: '01/01/2032' } }],
    luggage: [{ paxId: 1, route: 'SGN-BKK', airline: 'VN', type: 'depart', code: 'BG20', price: 700_000, value: 20, unit: 'kg' }],
    routes: [], total: 2_700_000, totalFare: 2_650_000, totalFees: 50_000, bookingFees: [],
  };

  it('references LOADING until the booking answers, then their status; luggage bought and passports masked to the last 3', async () => {
    let answer!: () => void;
    const gate = new Promise<void>((ok) => (answer = ok));
    api.defaults.adapter = mockAdapter(async (req) => {
      await gate;
      return req.url === '/api/bookings/7' ? { data: booking } : { status: 404, data: { code: 44, message: 'x' } };
    }, seen);
    renderBookingScreen(
      { pathname: '/booking/completed/7', state: { pending: [{ airline: 'VN', source: 'VN', dep: 'SGN-BKK', ret: '' }, { airline: 'VJ', source: 'VJ', dep: '', ret: 'BKK-SGN' }] } },
      { '/booking/completed/:id': <CompletedBookingPage /> },
    );
    const loading = await screen.findAllByTestId('pnr-row');
    expect(loading.map((r) => r.getAttribute('data-status'))).toEqual(['LOADING', 'LOADING']);
    expect(loading[1].textContent).toContain('BKK-SGN');
    answer();
    await waitFor(() => expect(screen.getByTestId('pnr-code').textContent).toBe('ABC123'));
    expect(screen.getAllByTestId('pnr-row').map((r) => r.getAttribute('data-status'))).toEqual(['BOOKED']);
    expect(screen.getByTestId('completed-passport').textContent).toContain('•••••567');
    expect(screen.getByTestId('completed-passport').textContent).not.toContain('C1234567');
    expect(screen.getByTestId('completed-luggage-item').textContent).toContain('20 kg');
    expect(screen.getByTestId('completed-luggage-item').textContent).toContain(formatVnd(700_000));
    expect(screen.getByTestId('completed-total').textContent).toBe(formatVnd(2_700_000));
  });
});
