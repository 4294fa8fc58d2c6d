/** The pure rules of B2C: the order status flow, seats taken and given back, party prices, the tour form. */
import { describe, expect, it } from 'vitest';
import { allowedTransitions, canTransition, ORDER_STATUSES, partyPrice, releasesSeats, seatsOf, takesSeats, type OrderStatus } from '../../contract/b2c-rules';
import { seatsLeft, valuesToInput } from '../../plugins/b2c/model/tour-form';

describe('order status flow', () => {
  const table: [OrderStatus, OrderStatus[]][] = [
    ['new', ['contacted', 'confirmed', 'paid', 'cancelled']],
    ['contacted', ['confirmed', 'paid', 'cancelled']],
    ['confirmed', ['paid', 'cancelled']],
    ['paid', []],
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
