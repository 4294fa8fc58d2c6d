/**
 * Passenger information model: the selection handed over from the flight results (contract/booking-draft.ts), the
 * passenger rules of the contract, passport problems, the date mask and the totals with luggage.
 */
import { describe, expect, it } from 'vitest';
import { ageAt, ageFitsType, passengerProblems, titlesFor, type PassengerInput, type PassportProblem } from '../../contract/bookings';
import type { BookingDraft, PriceDetailLine } from '../../contract/booking-draft';
import { loadBookingDraft } from '../../plugins/bookings/booking-draft';
import { saveBookingDraft } from '../../plugins/flights/booking-draft';
import { countsOf, draftTotals, flightFare, flightFees, lastTravelDateOf, luggageRoutesOf, pendingPnrsOf, travelDateOf } from '../../plugins/bookings/model/draft';
import { initialPassengers, maskDate } from '../../plugins/bookings/model/passengers';
import { emptyPassport, maskPassport, passportFormProblems, passportRequest, type PassportForm } from '../../plugins/bookings/model/passport';
import { makeOffer } from './helpers/flight-fixtures';

function line(paxType: PriceDetailLine['paxType'], count: number, fare: number, tax: number, vat: number, issueFee: number): PriceDetailLine {
  return {
    paxType, count, fare, tax, vat, issueFee, totalFare: fare * count, totalTax: tax * count, totalVat: vat * count, totalIssueFee: issueFee * count,
    total: (fare + tax + vat + issueFee) * count,
  };
}

const depart = makeOffer({ id: 'd1', airline: 'VN', from: 'SGN', to: 'HAN', depart: '2030-01-20T06:00', minutes: 130, fares: [{ class: 'Y', seats: 9, fare: 1_000_000 }] });
const ret = makeOffer({ id: 'r1', airline: 'VJ', from: 'HAN', to: 'SGN', direction: 'return', depart: '2030-01-25T21:30', minutes: 150, fares: [{ class: 'A', seats: 9, fare: 800_000 }] });

const roundTrip: BookingDraft = {
  sessionId: 's1',
  isInternational: false,
  requirePassport: false,
  flights: [
    { direction: 'depart', offer: depart, class: 'Y', lines: [line('ADT', 2, 1_000_000, 100_000, 80_000, 50_000), line('CHD', 1, 750_000, 100_000, 60_000, 50_000), line('INF', 1, 100_000, 0, 10_000, 0)] },
    { direction: 'return', offer: ret, class: 'A', lines: [line('ADT', 2, 800_000, 100_000, 80_000, 40_000), line('CHD', 1, 600_000, 100_000, 60_000, 40_000), line('INF', 1, 80_000, 0, 10_000, 0)] },
  ],
};

describe('the selection handed from the flight results to passenger information', () => {
  it('comes from router state, else sessionStorage, and only for its own search session', () => {
    expect(loadBookingDraft('s1', { draft: roundTrip })).toEqual(roundTrip);
    expect(loadBookingDraft('s1', null)).toBeNull();
    saveBookingDraft(roundTrip);
    expect(loadBookingDraft('s1', null)).toEqual(roundTrip);
    expect(loadBookingDraft('s2', null)).toBeNull();
    // a draft without requirePassport or without price lines is not a draft
    expect(loadBookingDraft('s1', { draft: { ...roundTrip, requirePassport: undefined } }, { getItem: () => null } as unknown as Storage)).toBeNull();
    expect(loadBookingDraft('s1', { draft: { ...roundTrip, flights: [{ ...roundTrip.flights[0], lines: [] }] } }, { getItem: () => null } as unknown as Storage)).toBeNull();
  });

  it.each([
    ['passenger counts from the first flight', () => countsOf(roundTrip), { ADT: 2, CHD: 1, INF: 1 }],
    ['ages are taken on the first departure', () => travelDateOf(roundTrip), '2030-01-20'],
    ['passports must outlast the last departure', () => lastTravelDateOf(roundTrip), '2030-01-25'],
    ['one luggage route per flight: from, to and airline', () => luggageRoutesOf(roundTrip), [
      { type: 'depart', from: 'SGN', to: 'HAN', airline: 'VN', sold: true }, { type: 'return', from: 'HAN', to: 'SGN', airline: 'VJ', sold: true },
    ]],
    ['a GDS fare sells no prepaid luggage', () => luggageRoutesOf({ ...roundTrip, flights: [{ ...roundTrip.flights[0], offer: { ...depart, source: '1A' } }] }), [
      { type: 'depart', from: 'SGN', to: 'HAN', airline: 'VN', sold: false },
    ]],
    ['"status (initial LOADING)": one reference per airline and source, two carriers give two', () => pendingPnrsOf(roundTrip), [
      { airline: 'VN', source: 'VN', dep: 'SGN-HAN', ret: '' }, { airline: 'VJ', source: 'VJ', dep: '', ret: 'HAN-SGN' },
    ]],
    ['one carrier both ways: one reference', () => pendingPnrsOf({ ...roundTrip, flights: [roundTrip.flights[0], { ...roundTrip.flights[1], offer: { ...ret, airline: 'VN', source: 'VN' } }] }), [
      { airline: 'VN', source: 'VN', dep: 'SGN-HAN', ret: 'HAN-SGN' },
    ]],
    ['fare, tax and VAT of a flight for every passenger', () => flightFare(roundTrip.flights[0]), 2 * 1_180_000 + 910_000 + 110_000],
    ['issue fees of a flight', () => flightFees(roundTrip.flights[1]), 2 * 40_000 + 40_000],
  ])('%s', (_name, run, expected) => {
    expect(run()).toEqual(expected);
  });

  const fare = 2 * 1_180_000 + 910_000 + 110_000 + 2 * 980_000 + 760_000 + 90_000;
  const oneCarrier: BookingDraft = { ...roundTrip, flights: [roundTrip.flights[0], { ...roundTrip.flights[1], offer: { ...ret, airline: 'VN', source: 'VN' } }] };
  it.each<[string, BookingDraft, number, number, number]>([
    ['two carriers: two references, the fees of both', roundTrip, 0, 3 * 50_000 + 3 * 40_000, 6_460_000],
    ['two carriers with 330K of luggage', roundTrip, 330_000, 3 * 50_000 + 3 * 40_000, 6_790_000],
    ['one carrier both ways: one reference, still the fees of each direction (per side, as the gateway charges)', oneCarrier, 0, 3 * 50_000 + 3 * 40_000, 6_460_000],
    ['one carrier both ways with 165K of luggage', oneCarrier, 165_000, 3 * 50_000 + 3 * 40_000, 6_625_000],
  ])('"totals update live (fare + fees + luggage)": %s', (_name, draft, luggage, fees, total) => {
    expect(draftTotals(draft, luggage)).toEqual({ fare, fees, luggage, total });
  });
});

describe('passenger rules (spec point 5 and docs/bookings.md)', () => {
  it.each([
    ['15/04/2014', '2026-04-14', 11],
    ['15/04/2014', '2026-04-15', 12],
    ['29/02/2024', '2026-02-28', 1],
    ['bad', '2026-02-28', null],
  ])('age of %s on %s is %s', (birthday, travel, age) => {
    expect(ageAt(birthday, travel)).toBe(age);
  });

  it.each([
    ['ADT', 12, true], ['ADT', 11, false], ['CHD', 2, true], ['CHD', 11, true], ['CHD', 12, false], ['INF', 0, true], ['INF', 1, true], ['INF', 2, false], ['INF', -1, false],
  ] as const)('"the age the type implies": %s at %i → %s', (type, age, fits) => {
    expect(ageFitsType(type, age)).toBe(fits);
  });

  it('"Passenger titles: adults MR, MRS or MS; children and infants MSTR or MISS"', () => {
    expect(titlesFor('ADT')).toEqual(['MR', 'MRS', 'MS']);
    expect(titlesFor('CHD')).toEqual(['MSTR', 'MISS']);
    expect(titlesFor('INF')).toEqual(['MSTR', 'MISS']);
  });

  it('problems per passenger: title, names, birthday, age, parent', () => {
    const a: PassengerInput = { paxId: 1, type: 'ADT', title: 'MR', firstName: 'Văn An', lastName: 'Nguyễn', birthday: '15/04/1985' };
    const inf: PassengerInput = { paxId: 2, type: 'INF', title: 'MR', firstName: 'Be1', lastName: 'X', birthday: '01/01/2020' };
    expect(passengerProblems(a, [a], '2026-12-01', new Date('2026-11-22'))).toEqual([]);
    expect(passengerProblems(inf, [a, inf], '2026-12-01', new Date('2026-11-22'))).toEqual(['title', 'firstName', 'age', 'parent']);
  });

  it('empty forms: adults, children, then infants each attached to the adult of the same rank', () => {
    const list = initialPassengers({ ADT: 2, CHD: 1, INF: 2 });
    expect(list.map((p) => [p.paxId, p.type, p.title, p.parentId, p.passport.nationCountry, p.passport.issuingCountry])).toEqual([
      // no title preset: it is a required choice
      [1, 'ADT', '', undefined, 'VNM', 'VNM'], [2, 'ADT', '', undefined, 'VNM', 'VNM'], [3, 'CHD', '', undefined, 'VNM', 'VNM'],
      [4, 'INF', '', 1, 'VNM', 'VNM'], [5, 'INF', '', 2, 'VNM', 'VNM'],
    ]);
  });

  it.each([
    ['15041985', '15/04/1985'],
    ['1504', '15/04'],
    ['15', '15'],
    ['ab1', '1'],
    ['15/04/1985', '15/04/1985'],
    ['150419851', '15/04/1985'],
  ])('dates are typed as digits: %s → %s', (typed, shown) => {
    expect(maskDate(typed)).toBe(shown);
  });
});

describe('passport problems in the form (spec point 3 passport; default country VNM)', () => {
  const now = new Date('2026-11-22T08:00:00');
  const good: PassportForm = { ...emptyPassport(), pNumber: 'B1234567', expiryDate: '01/06/2031' };
  it.each<[string, PassportForm | undefined, boolean, PassportProblem[]]>([
    ['not required and untouched: nothing to fix', emptyPassport(), false, []],
    ['required and absent', undefined, true, ['passport']],
    ['required and untouched: number and expiry to fill', emptyPassport(), true, ['pNumber', 'expiryDate']],
    ['required and filled', good, true, []],
    ['number too short', { ...good, pNumber: 'B12' }, true, ['pNumber']],
    ['number with a dash', { ...good, pNumber: 'B12-4567' }, true, ['pNumber']],
    ['expiry not a date', { ...good, expiryDate: '31/02/2031' }, true, ['expiryDate']],
    ['international: expiry the day after travel is too soon (6 months)', { ...good, expiryDate: '26/01/2030' }, true, ['expiryDate']],
    ['international: expiry 6 months after the last departure', { ...good, expiryDate: '25/07/2030' }, true, []],
    ['domestic, typed: expiry on the last travel day is not after travel', { ...good, expiryDate: '25/01/2030' }, false, ['expiryDate']],
    ['domestic, typed: expiry the day after travel', { ...good, expiryDate: '26/01/2030' }, false, []],
    ['issuing date in the future', { ...good, issuingDate: '01/01/2027' }, true, ['issuingDate']],
    ['issuing date in the past', { ...good, issuingDate: '01/06/2021' }, true, []],
    ['nationality not alpha-3', { ...good, nationCountry: 'VN' }, true, ['nationCountry']],
    ['typed while not required: checked', { ...emptyPassport(), pNumber: 'X1' }, false, ['pNumber', 'expiryDate']],
  ])('%s', (_name, passport, required, problems) => {
    expect(passportFormProblems(passport, required, '2030-01-25', now)).toEqual(problems);
  });

  it('the request carries the number upper-cased and leaves out empty optional fields', () => {
    expect(passportRequest({ ...good, pNumber: ' b1234567 ' })).toEqual({ nationCountry: 'VNM', pNumber: 'B1234567', expiryDate: '01/06/2031', issuingCountry: 'VNM' });
    expect(passportRequest({ ...good, issuingDate: '01/06/2021', issuingCity: ' Hà Nội ' })).toMatchObject({ issuingDate: '01/06/2021', issuingCity: 'Hà Nội' });
  });

  it.each([
    ['B1234567', '•••••567'],
    ['C12345', '•••345'],
    ['123', '123'],
  ])('passport numbers are shown masked to their last 3 characters: %s → %s', (n, shown) => {
    expect(maskPassport(n)).toBe(shown);
  });
});
