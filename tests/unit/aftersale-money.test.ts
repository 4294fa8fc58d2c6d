import { describe, expect, it } from 'vitest';
import { afterPaidEdit, extraKindOf, extrasTotal, fareBreakdown, type EditMoney, type PnrExtra } from '../../contract/aftersale-money';

describe('afterPaidEdit: the money fields follow what an edit charged', () => {
  const start: EditMoney = { pnrTotal: 2_000_000, extras: [], bookingTotalFare: 3_500_000 };
  const cases: { name: string; from: EditMoney; edit: { kind: string; amount: number }; to: EditMoney }[] = [
    { name: 'luggage bought', from: start, edit: { kind: 'buy-luggage', amount: 250_000 }, to: { pnrTotal: 2_250_000, extras: [{ kind: 'luggage', amount: 250_000 }], bookingTotalFare: 3_750_000 } },
    { name: 'a free seat changes nothing', from: start, edit: { kind: 'buy-seat', amount: 0 }, to: start },
    { name: 'an unpaid element edit changes nothing', from: start, edit: { kind: 'add-remark', amount: 0 }, to: start },
    {
      name: 'an upgrade adds to the luggage already bought',
      from: { pnrTotal: 2_250_000, extras: [{ kind: 'luggage', amount: 250_000 }], bookingTotalFare: 3_750_000 },
      edit: { kind: 'upgrade-luggage', amount: 100_000 },
      to: { pnrTotal: 2_350_000, extras: [{ kind: 'luggage', amount: 350_000 }], bookingTotalFare: 3_850_000 },
    },
    {
      name: 'kinds are kept in the grid order whatever the order of the edits',
      from: { pnrTotal: 2_500_000, extras: [{ kind: 'exchange', amount: 500_000 }], bookingTotalFare: 2_500_000 },
      edit: { kind: 'buy-seat', amount: 120_000 },
      to: { pnrTotal: 2_620_000, extras: [{ kind: 'seat', amount: 120_000 }, { kind: 'exchange', amount: 500_000 }], bookingTotalFare: 2_620_000 },
    },
    { name: 'an infant added (GDS)', from: start, edit: { kind: 'add-infant', amount: 330_000 }, to: { pnrTotal: 2_330_000, extras: [{ kind: 'infant', amount: 330_000 }], bookingTotalFare: 3_830_000 } },
    { name: 'an infant added (VJ)', from: start, edit: { kind: 'add-infant-vj', amount: 165_000 }, to: { pnrTotal: 2_165_000, extras: [{ kind: 'infant', amount: 165_000 }], bookingTotalFare: 3_665_000 } },
    { name: 'a class change pays the difference', from: start, edit: { kind: 'change-route-class', amount: 700_000 }, to: { pnrTotal: 2_700_000, extras: [{ kind: 'classChange', amount: 700_000 }], bookingTotalFare: 4_200_000 } },
    { name: 'a flight added', from: start, edit: { kind: 'add-route', amount: 1_200_000 }, to: { pnrTotal: 3_200_000, extras: [{ kind: 'route', amount: 1_200_000 }], bookingTotalFare: 4_700_000 } },
    { name: 'an ancillary', from: start, edit: { kind: 'buy-ancillary', amount: 90_000 }, to: { pnrTotal: 2_090_000, extras: [{ kind: 'ancillary', amount: 90_000 }], bookingTotalFare: 3_590_000 } },
    { name: 'an unknown paid kind is "other"', from: start, edit: { kind: 'something-new', amount: 10_000 }, to: { pnrTotal: 2_010_000, extras: [{ kind: 'other', amount: 10_000 }], bookingTotalFare: 3_510_000 } },
  ];
  it.each(cases)('$name', ({ from, edit, to }) => {
    const before = JSON.stringify(from);
    expect(afterPaidEdit(from, edit)).toEqual(to);
    expect(JSON.stringify(from)).toBe(before);
  });
  it.each([-1, 1.5, Number.NaN])('refuses a charge of %s', (amount) => {
    expect(() => afterPaidEdit(start, { kind: 'buy-seat', amount })).toThrow();
  });
  it('maps the edit kinds of the screens', () => {
    expect(['buy-luggage', 'upgrade-luggage', 'buy-seat', 'buy-ancillary', 'add-infant', 'add-infant-vj', 'exchange-route', 'change-route-class', 'add-route', 'process-price'].map(extraKindOf)).toEqual([
      'luggage', 'luggage', 'seat', 'ancillary', 'infant', 'infant', 'exchange', 'classChange', 'route', 'other',
    ]);
    expect(extrasTotal(undefined)).toBe(0);
    expect(extrasTotal([{ kind: 'seat', amount: 1 }, { kind: 'route', amount: 2 }])).toBe(3);
  });
});

describe('fareBreakdown: the detail grid adds up to what was charged', () => {
  const perPax = { fareADT: 1_000_000, taxADT: 200_000, vatADT: 100_000, fareCHD: 750_000, taxCHD: 200_000, vatCHD: 75_000, fareINF: 100_000, taxINF: 0, vatINF: 10_000 };
  const counts = { ADT: 2, CHD: 1, INF: 0 };
  // 2 × 1.300.000 + 1.025.000 = 3.625.000 reserve; fees 3 × 50.000
  const cases: { name: string; totalPrice: number; otherFee: number; extras: PnrExtra[]; counts?: typeof counts; want: { baseFare: number; taxes: number; issueFee: number; extras: PnrExtra[] } }[] = [
    { name: 'as issued', totalPrice: 3_775_000, otherFee: 0, extras: [], want: { baseFare: 2_750_000, taxes: 875_000, issueFee: 150_000, extras: [] } },
    { name: 'with luggage bought with the booking', totalPrice: 3_975_000, otherFee: 200_000, extras: [], want: { baseFare: 2_750_000, taxes: 875_000, issueFee: 150_000, extras: [] } },
    {
      name: 'after paid edits the fee stays and the extras show',
      totalPrice: 3_775_000 + 250_000 + 500_000,
      otherFee: 0,
      extras: [{ kind: 'luggage', amount: 250_000 }, { kind: 'exchange', amount: 500_000 }],
      want: { baseFare: 2_750_000, taxes: 875_000, issueFee: 150_000, extras: [{ kind: 'luggage', amount: 250_000 }, { kind: 'exchange', amount: 500_000 }] },
    },
    {
      name: 'an infant added after sale is an extra, not a passenger of the fare',
      totalPrice: 3_775_000 + 110_000,
      otherFee: 0,
      extras: [{ kind: 'infant', amount: 110_000 }],
      want: { baseFare: 2_750_000, taxes: 875_000, issueFee: 150_000, extras: [{ kind: 'infant', amount: 110_000 }] },
    },
    { name: 'zero extras are not shown', totalPrice: 3_775_000, otherFee: 0, extras: [{ kind: 'seat', amount: 0 }], want: { baseFare: 2_750_000, taxes: 875_000, issueFee: 150_000, extras: [] } },
    { name: 'the fee never goes below zero', totalPrice: 3_000_000, otherFee: 0, extras: [], want: { baseFare: 2_750_000, taxes: 875_000, issueFee: 0, extras: [] } },
  ];
  it.each(cases)('$name', (c) => {
    const b = fareBreakdown({ perPax, counts: c.counts ?? counts, totalPrice: c.totalPrice, otherFee: c.otherFee, extras: c.extras, totalChargeCancel: 0 });
    expect(b).toMatchObject({ ...c.want, totalReserve: c.want.baseFare + c.want.taxes, totalPrice: c.totalPrice, otherFee: c.otherFee });
    if (c.want.issueFee > 0) expect(b.baseFare + b.taxes + b.issueFee + b.otherFee + extrasTotal(b.extras)).toBe(b.totalPrice);
  });
});
