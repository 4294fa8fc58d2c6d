/** The pure rules of shop reserves (contract/shop.ts) and of the booking reports' derived columns (contract/desk.ts). */
import { describe, expect, it } from 'vitest';
import { averageTicket, conversionRate, isBookingReportSort, withDerived } from '../../contract/desk';
import {
  allotmentFor,
  releaseCredit,
  releaseCreditKey,
  releaseCreditReference,
  reserveCharge,
  reserveChargeKey,
  reserveChargeReference,
  releaseProblem, remainingOf, reserveInputProblem, reserveStatus, saleProblem, saleTimeLimit,
  seatReturnTarget,
  type SeatsBack,
} from '../../contract/shop';

const now = new Date('2026-05-01T03:00:00Z');
const h = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();
const reserve = (over: Partial<{ quantity: number; sold: number; released: number; releaseAt: string; departAt: string }> = {}) => ({
  quantity: 5,
  sold: 0,
  released: 0,
  releaseAt: h(48),
  departAt: h(72),
  ...over,
});

describe('remainingOf', () => {
  it.each([
    [5, 0, 0, 5],
    [5, 2, 1, 2],
    [5, 5, 0, 0],
    [5, 3, 2, 0],
    [1, 1, 1, 0],
  ])('quantity %i, sold %i, released %i → %i', (quantity, sold, released, expected) => {
    expect(remainingOf({ quantity, sold, released })).toBe(expected);
  });
});

describe('reserveCharge: the purchase of a block, exact VND', () => {
  it.each([
    [1_200_000, 6, 7_200_000],
    [1_200_000, 1, 1_200_000],
    [1_234_567, 9, 11_111_103],
    [0, 3, 0],
    [999_999_999, 9, 8_999_999_991],
  ])('net %i × %i seats → %i', (netPrice, quantity, expected) => {
    expect(reserveCharge({ netPrice, quantity })).toBe(expected);
  });

  it.each([
    ['a fraction of a đồng', { netPrice: 1_200_000.5, quantity: 2 }],
    ['a negative price', { netPrice: -1, quantity: 2 }],
    ['no seat', { netPrice: 1_200_000, quantity: 0 }],
    ['a fraction of a seat', { netPrice: 1_200_000, quantity: 1.5 }],
    ['beyond exact integers', { netPrice: Number.MAX_SAFE_INTEGER, quantity: 2 }],
  ])('refuses %s', (_, r) => {
    expect(() => reserveCharge(r)).toThrow(RangeError);
  });
});

describe('releaseCredit: what seats coming back credit (the block’s terms)', () => {
  const charged = { netPrice: 1_200_000, charged: true };
  it.each<[string, { netPrice: number; charged: boolean }, SeatsBack, number, number]>([
    ['unsold seats given back by hand', charged, 'release', 2, 2_400_000],
    ['unsold seats going back at the release time', charged, 'expire', 3, 3_600_000],
    ['one seat by hand', { netPrice: 1_234_567, charged: true }, 'release', 1, 1_234_567],
    ['a sold seat back while the allotment sells: no net-price move', charged, 'return', 1, 0],
    ['a sold seat back after the release: the terms ended', charged, 'late', 2, 0],
    ['an allotment whose purchase was never charged', { netPrice: 1_200_000, charged: false }, 'release', 2, 0],
    ['never charged, expiry', { netPrice: 1_200_000, charged: false }, 'expire', 2, 0],
    ['no seat', charged, 'release', 0, 0],
    ['a free block', { netPrice: 0, charged: true }, 'expire', 4, 0],
  ])('%s', (_, r, back, quantity, expected) => {
    expect(releaseCredit(r, back, quantity)).toBe(expected);
  });

  it('a block bought, some sold, the rest released and expired: the credits never exceed the charge of the unsold seats', () => {
    const r = { netPrice: 1_450_001, quantity: 6 };
    const paid = reserveCharge(r);
    const back = releaseCredit({ ...r, charged: true }, 'release', 2) + releaseCredit({ ...r, charged: true }, 'expire', 1) + releaseCredit({ ...r, charged: true }, 'return', 1);
    expect(back).toBe(3 * 1_450_001);
    expect(paid - back).toBe(3 * 1_450_001);
  });
});

describe('the entries’ keys and references', () => {
  it.each([
    [reserveChargeKey('5f0c'), 'shop.reserve:5f0c'],
    [releaseCreditKey(42), 'shop.release:42'],
    [reserveChargeReference({ flightNo: 'VN213', class: 'Y' }, 6), 'Mua chỗ giữ VN213 Y × 6'],
    [releaseCreditReference({ flightNo: 'VN213', class: 'Y' }, 2), 'Hoàn chỗ giữ VN213 Y × 2'],
  ])('%s', (got, expected) => {
    expect(got).toBe(expected);
  });
});

describe('reserveStatus', () => {
  it.each([
    ['seats left before the release time', reserve(), 'active'],
    ['every seat sold', reserve({ sold: 5 }), 'soldOut'],
    ['sold and released make the whole', reserve({ sold: 3, released: 2 }), 'soldOut'],
    ['release time reached', reserve({ releaseAt: h(0) }), 'expired'],
    ['release time passed though seats were sold out', reserve({ sold: 5, releaseAt: h(-1) }), 'expired'],
    ['flight departed', reserve({ releaseAt: h(-10), departAt: h(-1) }), 'departed'],
  ] as const)('%s → %s', (_, r, expected) => {
    expect(reserveStatus(r, now)).toBe(expected);
  });
});

describe('reserveInputProblem', () => {
  const departAt = new Date(h(72));
  const input = { from: 'HAN', to: 'SGN', netPrice: 1_000_000, sellPrice: 1_200_000, releaseAt: h(24) };
  it.each([
    ['a fine allotment', {}, null],
    ['the same airports', { to: 'HAN' }, 'sameAirports'],
    ['selling below the net price', { sellPrice: 999_999 }, 'sellBelowNet'],
    ['selling at the net price', { sellPrice: 1_000_000 }, null],
    ['a release time now', { releaseAt: h(0) }, 'releaseInPast'],
    ['a release time 4 h before departure', { releaseAt: h(68) }, null],
    ['a release time 3 h before departure', { releaseAt: h(69) }, 'releaseTooLate'],
    ['a release time after departure', { releaseAt: h(80) }, 'releaseTooLate'],
  ] as const)('%s → %s', (_, over, expected) => {
    expect(reserveInputProblem({ ...input, ...over }, departAt, now)).toBe(expected);
  });
});

describe('saleProblem and releaseProblem', () => {
  it.each([
    ['one seat of five', reserve(), 1, 1, null],
    ['the last seat', reserve({ sold: 4 }), 1, 1, null],
    ['more than remain', reserve({ sold: 4 }), 2, 2, 'notEnoughSeats'],
    ['passengers differ from seats', reserve(), 2, 1, 'passengerCount'],
    ['after the release time', reserve({ releaseAt: h(-1) }), 1, 1, 'notActive'],
    ['after departure', reserve({ releaseAt: h(-5), departAt: h(-1) }), 1, 1, 'notActive'],
  ] as const)('sale: %s → %s', (_, r, quantity, passengers, expected) => {
    expect(saleProblem(r, { quantity, passengers }, now)).toBe(expected);
  });
  it.each([
    ['unsold seats', reserve({ sold: 2 }), 3, null],
    ['more than unsold', reserve({ sold: 2, released: 1 }), 3, 'notEnoughSeats'],
    ['after the release time', reserve({ releaseAt: h(-1) }), 1, 'notActive'],
  ] as const)('release: %s → %s', (_, r, quantity, expected) => {
    expect(releaseProblem(r, quantity, now)).toBe(expected);
  });
});

describe('booking report columns', () => {
  it.each([
    [0, 0, 0],
    [1, 2, 50],
    [1, 3, 33],
    [2, 3, 67],
    [3, 3, 100],
  ])('conversion of %i issued over %i held → %i %%', (issued, held, expected) => {
    expect(conversionRate(issued, held)).toBe(expected);
  });
  it.each([
    [0, 0, 0],
    [3_000_000, 2, 1_500_000],
    [1_000_001, 3, 333_333],
  ])('average ticket of %i over %i tickets → %i', (revenue, tickets, expected) => {
    expect(averageTicket(revenue, tickets)).toBe(expected);
  });
  it('derives the columns of each report', () => {
    expect(withDerived('customer-services', { held: 4, issued: 1 })).toEqual({ held: 4, issued: 1, conversion: 25 });
    expect(withDerived('analyze-sales', { revenue: 900, tickets: 4 })).toEqual({ revenue: 900, tickets: 4, averageTicket: 225 });
  });
  it.each([
    ['customer-services', 'key', true],
    ['customer-services', '-conversion', true],
    ['customer-services', 'revenue', false],
    ['analyze-sales', '-revenue', true],
    ['analyze-sales', 'held', false],
    ['analyze-sales', 'password', false],
  ] as const)('%s sorts by %s: %s', (report, sort, expected) => {
    expect(isBookingReportSort(report, sort)).toBe(expected);
  });
});

describe('the shop screens’ rules', async () => {
  const { defaultReleaseAt, passengerSlots, shares, vietnamInstant } = await import('../../plugins/shop/model/shop');
  it.each([
    ['departure in 3 days: a day before', h(72), h(48)],
    ['departure in 20 h: a day before has passed, so an hour from now', h(20), h(1)],
    ['departure in 4.5 h: the latest still possible', h(4.5), h(0.5)],
    ['departure in 3 h: none', h(3), null],
  ] as const)('default release time, %s', (_, departAt, expected) => {
    const got = defaultReleaseAt(new Date(departAt), now);
    expect(got?.toISOString() ?? null).toBe(expected === null ? null : new Date(expected).toISOString());
  });
  it('reads a local departure as Vietnam time', () => {
    expect(vietnamInstant('2026-05-01T10:00').toISOString()).toBe('2026-05-01T03:00:00.000Z');
  });
  const an = { title: 'MR', firstName: 'AN', lastName: 'NGUYEN', birthday: '15/04/1985' };
  const binh = { title: 'MS', firstName: 'BINH', lastName: 'LE', birthday: '01/02/1990' };
  const empty = { title: 'MR', firstName: '', lastName: '', birthday: '' };
  it.each([
    [2, [an], [an, empty]],
    [1, [an, binh], [an]],
    [0, [], []],
  ] as const)('passenger rows for %i seats', (n, current, expected) => {
    expect(passengerSlots(n, current)).toEqual(expected);
  });
  it.each([
    ['6 seats at 1.200.000 ₫ over a balance of 200.000.000 ₫', 6, 1_200_000, { balance: 200_000_000, creditLimit: 0 }, { amount: 7_200_000, balanceAfter: 192_800_000, covered: true }],
    ['exactly the balance', 2, 1_500_000, { balance: 3_000_000, creditLimit: 0 }, { amount: 3_000_000, balanceAfter: 0, covered: true }],
    ['below zero within the credit limit', 3, 1_000_000, { balance: 1_000_000, creditLimit: 2_000_000 }, { amount: 3_000_000, balanceAfter: -2_000_000, covered: true }],
    ['beyond the credit limit', 3, 1_000_001, { balance: 1_000_000, creditLimit: 2_000_000 }, { amount: 3_000_003, balanceAfter: -2_000_003, covered: false }],
    ['the balance not known yet', 2, 1_000_000, null, { amount: 2_000_000, balanceAfter: null, covered: null }],
    ['no seats typed yet', undefined, 1_000_000, { balance: 1, creditLimit: 0 }, null],
    ['a fraction of a đồng', 2, 1_000.5, { balance: 1, creditLimit: 0 }, null],
  ] as const)('the purchase under the creation form: %s', async (_, quantity, netPrice, deposit, expected) => {
    const { purchaseSummary } = await import('../../plugins/shop/model/shop');
    expect(purchaseSummary(quantity, netPrice, deposit)).toEqual(expected);
  });
  it('a sale sent again keeps its key; a changed sale gets a new one', async () => {
    const { saleAttempt } = await import('../../plugins/shop/model/shop');
    let n = 0;
    const key = () => `k${++n}`;
    const first = saleAttempt(null, 'A', key);
    expect(first).toEqual({ key: 'k1', body: 'A' });
    expect(saleAttempt(first, 'A', key)).toBe(first);
    expect(saleAttempt(first, 'B', key)).toEqual({ key: 'k2', body: 'B' });
  });
  it.each([
    [{ quantity: 4, sold: 1, released: 1 }, { sold: 25, released: 25 }],
    [{ quantity: 3, sold: 2, released: 1 }, { sold: 67, released: 33 }],
    [{ quantity: 0, sold: 0, released: 0 }, { sold: 0, released: 0 }],
  ])('bar shares of %o', (r, expected) => {
    expect(shares(r)).toEqual(expected);
  });
});

describe('selling from allotments', () => {
  const row = (over: Partial<{ id: number; flightNo: string; departDate: string; remaining: number; status: 'active' | 'soldOut' | 'expired' | 'departed'; releaseAt: string }>) => ({
    id: 1,
    flightNo: 'VN213',
    departDate: '2026-05-10',
    remaining: 2,
    status: 'active' as const,
    releaseAt: h(48),
    ...over,
  });
  it.each([
    ['no allotment', [], undefined],
    ['another flight', [row({ flightNo: 'VN215' })], undefined],
    ['another day', [row({ departDate: '2026-05-11' })], undefined],
    ['sold out', [row({ remaining: 0, status: 'soldOut' })], undefined],
    ['expired', [row({ status: 'expired' })], undefined],
    ['one with seats', [row({})], 1],
    ['the one released first', [row({ id: 1, releaseAt: h(60) }), row({ id: 2, releaseAt: h(30) })], 2],
    ['same release: the one made first', [row({ id: 3 }), row({ id: 2 })], 2],
    ['skips a sold-out one', [row({ id: 1, releaseAt: h(10), remaining: 0, status: 'soldOut' }), row({ id: 2 })], 2],
  ] as const)('the allotment a result sells from: %s', (_, rows, expected) => {
    expect(allotmentFor(rows, { flightNo: 'VN213', departDate: '2026-05-10T08:00' })?.id).toBe(expected);
  });

  it.each([
    ['the carrier’s limit before the release', new Date(h(5)), h(48), h(5)],
    ['the release when the carrier’s limit is later', new Date(h(60)), h(48), h(48)],
    ['the release when the carrier gives none', null, h(48), h(48)],
  ] as const)('a sale’s time limit: %s', (_, carrier, releaseAt, expected) => {
    expect(saleTimeLimit(carrier, new Date(releaseAt)).toISOString()).toBe(new Date(expected).toISOString());
  });

  it.each([
    ['active', reserve({ sold: 2 }), 'allotment'],
    ['sold out', reserve({ sold: 5 }), 'allotment'],
    ['past its release', reserve({ sold: 2, releaseAt: h(-1) }), 'inventory'],
    ['departed', reserve({ sold: 2, releaseAt: h(-5), departAt: h(-1) }), 'inventory'],
  ] as const)('an allotment %s: a voided sale’s seats go back to the %s', (_, r, expected) => {
    expect(seatReturnTarget(r, now)).toBe(expected);
  });
});
