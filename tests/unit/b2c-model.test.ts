/**
 * The pure rules of B2C: the order status flow, the customer's payment and refund, the Train B2C status of a
 * train order (spec point 4), seats taken and given back, party prices, the tour form, and
 * the storefront's articles and fare rules (tags, bodies, airline codes, order and grouping).
 */
import { describe, expect, it } from 'vitest';
import {
  allowedTransitions, canTransition, ORDER_KINDS, ORDER_STATUSES, partyPrice, paymentRefusal, refundRefusal, releasesSeats, seatsOf, statusChangeRefusal, takesSeats, trainB2cStatus,
  type OrderKind, type OrderStatus, type PaymentMethod,
} from '../../contract/b2c-rules';
import { TRAIN_STATUS, trainStatusName } from '../../contract/trains';
import { seatsLeft, valuesToInput } from '../../plugins/b2c/model/tour-form';
import { compareFareRules, groupByAirline } from '../../contract/b2c-rules';
import { normaliseTags } from '../../contract/tags';
import { hasContent, isAirline, suggestedTitle, valuesToNewsInput, valuesToRuleInput } from '../../plugins/b2c/model/content-form';

describe('order status flow', () => {
  const table: [OrderStatus, OrderStatus[]][] = [
    ['new', ['contacted', 'confirmed', 'paid', 'cancelled']],
    ['contacted', ['confirmed', 'paid', 'cancelled']],
    ['confirmed', ['paid', 'cancelled']],
    ['paid', ['cancelled']],
    ['cancelled', []],
  ];
  it.each(table)('from %s allows %j', (from, next) => {
    expect(allowedTransitions(from)).toEqual(next);
    for (const to of ORDER_STATUSES) expect(canTransition(from, to), `${from} → ${to}`).toBe(next.includes(to));
  });

  it.each([
    ['new', 'confirmed', true, false],
    ['contacted', 'paid', true, false],
    ['confirmed', 'paid', false, false],
    ['confirmed', 'cancelled', false, true],
    ['new', 'cancelled', false, false],
    ['new', 'contacted', false, false],
  ] as [OrderStatus, OrderStatus, boolean, boolean][])('%s → %s takes seats %s, gives back %s', (from, to, takes, gives) => {
    expect(takesSeats(from, to)).toBe(takes);
    expect(releasesSeats(from, to)).toBe(gives);
  });
});

describe('status changes, payment and refund', () => {
  it.each([
    ['new', 'contacted', null],
    ['confirmed', 'cancelled', null],
    ['new', 'paid', 'paymentRequired'],
    ['confirmed', 'paid', 'paymentRequired'],
    ['paid', 'cancelled', 'refundRequired'],
    ['paid', 'confirmed', 'transition'],
    ['cancelled', 'new', 'transition'],
    ['confirmed', 'contacted', 'transition'],
  ] as [OrderStatus, OrderStatus, string | null][])('a plain move %s → %s is refused for %s', (from, to, reason) => {
    expect(statusChangeRefusal(from, to)).toBe(reason);
  });

  const cash = (amount: number, method: PaymentMethod = 'cash', reference: string | null = null) => ({ amount, method, reference });
  it.each([
    [{ status: 'confirmed', total: 6_000_000, paid: false }, cash(6_000_000), null],
    [{ status: 'new', total: 6_000_000, paid: false }, cash(6_000_000, 'card'), null],
    [{ status: 'confirmed', total: 6_000_000, paid: false }, cash(5_999_999), 'amount'],
    [{ status: 'confirmed', total: 6_000_000, paid: false }, cash(6_000_001), 'amount'],
    [{ status: 'confirmed', total: 6_000_000, paid: false }, cash(6_000_000.5), 'amount'],
    [{ status: 'confirmed', total: 6_000_000, paid: false }, cash(6_000_000, 'transfer'), 'reference'],
    [{ status: 'confirmed', total: 6_000_000, paid: false }, cash(6_000_000, 'transfer', 'FT2611'), null],
    [{ status: 'contacted', total: null, paid: false }, cash(1_850_000), null],
    [{ status: 'contacted', total: null, paid: false }, cash(0), 'amount'],
    [{ status: 'paid', total: 6_000_000, paid: true }, cash(6_000_000), 'alreadyPaid'],
    [{ status: 'confirmed', total: 6_000_000, paid: true }, cash(6_000_000), 'alreadyPaid'],
    [{ status: 'cancelled', total: 6_000_000, paid: false }, cash(6_000_000), 'cancelled'],
  ] as const)('payment of %j with %j: %s', (order, p, reason) => {
    expect(paymentRefusal(order, p)).toBe(reason);
  });

  it.each([
    [{ status: 'paid', paidAmount: 6_000_000, refunded: false }, cash(6_000_000), null],
    [{ status: 'paid', paidAmount: 6_000_000, refunded: false }, cash(0), null],
    [{ status: 'paid', paidAmount: 6_000_000, refunded: false }, cash(0, 'transfer'), null],
    [{ status: 'paid', paidAmount: 6_000_000, refunded: false }, cash(5_500_000, 'transfer'), 'reference'],
    [{ status: 'paid', paidAmount: 6_000_000, refunded: false }, cash(6_000_001), 'amount'],
    [{ status: 'paid', paidAmount: 6_000_000, refunded: false }, cash(-1), 'amount'],
    [{ status: 'confirmed', paidAmount: null, refunded: false }, cash(0), 'notPaid'],
    [{ status: 'cancelled', paidAmount: 6_000_000, refunded: true }, cash(6_000_000), 'alreadyRefunded'],
  ] as const)('refund of %j with %j: %s', (order, r, reason) => {
    expect(refundRefusal(order, r)).toBe(reason);
  });
});

describe('Train B2C status of a storefront order (spec point 4: 01 cancelled, 05 completed)', () => {
  const table: [OrderKind, OrderStatus, string | null][] = [
    ['train', 'new', null],
    ['train', 'contacted', null],
    ['train', 'confirmed', null],
    ['train', 'paid', '05'],
    ['train', 'cancelled', '01'],
    ['tour', 'cancelled', null],
    ['tour', 'paid', null],
    ['flight', 'paid', null],
  ];
  it.each(table)('a %s order %s is %s', (kind, status, code) => {
    expect(trainB2cStatus({ kind, status })).toBe(code);
  });
  it('uses the trains contract’s own codes and covers every kind and status', () => {
    expect(trainB2cStatus({ kind: 'train', status: 'cancelled' })).toBe(TRAIN_STATUS.CANCELLED);
    expect(trainB2cStatus({ kind: 'train', status: 'paid' })).toBe(TRAIN_STATUS.COMPLETED);
    expect(trainStatusName('01')).toBe('CANCELLED');
    expect(trainStatusName('05')).toBe('COMPLETED');
    for (const kind of ORDER_KINDS) for (const status of ORDER_STATUSES) expect([null, '01', '05']).toContain(trainB2cStatus({ kind, status }));
  });
});

describe('party', () => {
  it.each([
    [{ adult: 2, child: 1, infant: 1 }, 0, 2 * 3_000_000 + 2_000_000 + 300_000, 3],
    [{ adult: 1, child: 0, infant: 0 }, 100_000, 3_100_000, 1],
    [{ adult: 2, child: 2, infant: 1 }, 50_000, 2 * 3_050_000 + 2 * 2_050_000 + 300_000, 4],
  ])('%j with markup %i costs %i and takes %i seats', (pax, markup, price, seats) => {
    expect(partyPrice({ adult: 3_000_000, child: 2_000_000, infant: 300_000 }, pax, markup)).toBe(price);
    expect(seatsOf(pax)).toBe(seats);
  });

  it.each([[{ seatsTotal: 10, seatsTaken: 3 }, 7], [{ seatsTotal: 2, seatsTaken: 2 }, 0], [{ seatsTotal: 2, seatsTaken: 5 }, 0]])('seats left of %j is %i', (d, left) => {
    expect(seatsLeft(d)).toBe(left);
  });
});

describe('tour form', () => {
  it('trims, drops empty days and list items, sorts departures by date and keeps their ids', () => {
    const input = valuesToInput({
      title: '  Hạ Long  ', summary: ' ', destination: 'Hạ Long', days: 2, bodyHtml: '<p>x</p>',
      itinerary: [{ title: 'Ngày 1', bodyHtml: '' }, { title: '  ', bodyHtml: '<p>y</p>' }],
      inclusions: [' Xe ', ''], exclusions: [], imageUploadIds: ['a', 'a'], status: 'published',
      departures: [{ date: '2027-02-01', seatsTotal: 5, adult: 1, child: 0, infant: 0 }, { id: 7, date: '2027-01-01', seatsTotal: 3, adult: 2, child: 1, infant: 0 }],
    });
    expect(input).toMatchObject({ title: 'Hạ Long', summary: null, itinerary: [{ title: 'Ngày 1', bodyHtml: '' }], inclusions: ['Xe'], imageUploadIds: ['a'] });
    expect(input.departures).toEqual([
      { id: 7, date: '2027-01-01', seatsTotal: 3, prices: { adult: 2, child: 1, infant: 0 } },
      { date: '2027-02-01', seatsTotal: 5, prices: { adult: 1, child: 0, infant: 0 } },
    ]);
  });
});

describe('storefront articles and fare rules', () => {
  it.each([
    [[' Biển ', 'biển', 'KINH NGHIỆM', ''], ['biển', 'kinh nghiệm']],
    [['a'.repeat(45)], ['a'.repeat(40)]],
    [Array.from({ length: 12 }, (_, i) => `t${i}`), Array.from({ length: 10 }, (_, i) => `t${i}`)],
  ])('normalises tags %j', (raw, want) => {
    expect(normaliseTags(raw)).toEqual(want);
  });

  it.each([
    ['', false],
    ['<p> </p>', false],
    ['<p>&nbsp;</p>', false],
    ['<p>Hành lý 7 kg</p>', true],
    ['<p><img src="/api/uploads/x"></p>', true],
  ])('body %j has content: %s', (html, want) => {
    expect(hasContent(html)).toBe(want);
  });

  it.each([
    ['vn', true],
    [' VJ ', true],
    ['9G', true],
    ['VNA', false],
    ['V', false],
    ['V-', false],
  ])('airline %j is valid: %s', (code, want) => {
    expect(isAirline(code)).toBe(want);
  });

  it('turns the article and fare-rule forms into the gateway’s input', () => {
    expect(valuesToNewsInput({ title: '  Ưu đãi hè ', summary: '  ', tags: ['Biển', 'biển'], coverUploadId: null, bodyHtml: '<p>x</p>', status: 'published' })).toEqual({
      title: 'Ưu đãi hè', summary: null, tags: ['biển'], coverUploadId: null, bodyHtml: '<p>x</p>', status: 'published',
    });
    expect(valuesToRuleInput({ airline: ' vj', fareFamily: ' Eco ', title: ' Vietjet – Eco ', bodyHtml: '<p>7 kg</p>', status: 'draft' })).toEqual({
      airline: 'VJ', fareFamily: 'Eco', title: 'Vietjet – Eco', bodyHtml: '<p>7 kg</p>', status: 'draft',
    });
    expect(suggestedTitle('Vietjet Air', 'vj', ' Eco ')).toBe('Vietjet Air – Eco');
    expect(suggestedTitle(undefined, 'vu', 'Economy')).toBe('VU – Economy');
  });

  it('orders fare rules by airline then family (case and accents ignored) and groups them by airline', () => {
    const rules = [
      { id: 1, airline: 'VN', fareFamily: 'Thương gia' },
      { id: 2, airline: 'VJ', fareFamily: 'Eco' },
      { id: 3, airline: 'VN', fareFamily: 'phổ thông' },
      { id: 4, airline: 'QH', fareFamily: 'Economy Smart' },
      { id: 5, airline: 'VJ', fareFamily: 'Deluxe' },
    ];
    const sorted = [...rules].sort(compareFareRules);
    expect(sorted.map((r) => r.id)).toEqual([4, 5, 2, 3, 1]);
    expect(groupByAirline(sorted).map((g) => [g.airline, g.rules.map((r) => r.id)])).toEqual([['QH', [4]], ['VJ', [5, 2]], ['VN', [3, 1]]]);
  });
});
