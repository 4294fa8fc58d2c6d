import { describe, expect, it } from 'vitest';
import {
  afterPaidEdit,
  editPaxShares,
  extraKindOf,
  extrasTotal,
  fareBreakdown,
  splitMoney,
  ticketPriceLines,
  type EditMoney,
  type PaidEditRecord,
  type PnrExtra,
  type TicketPriceLine,
} from '../../contract/aftersale-money';

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

describe('ticketPriceLines: the printed ticket shows the detail grid, which adds up to the total', () => {
  const perPax = { fareADT: 1_000_000, taxADT: 200_000, vatADT: 100_000, fareCHD: 750_000, taxCHD: 200_000, vatCHD: 75_000, fareINF: 100_000, taxINF: 0, vatINF: 10_000 };
  const grid = (counts: { ADT: number; CHD: number; INF: number }, totalPrice: number, extras: PnrExtra[], otherFee = 0) =>
    fareBreakdown({ perPax, counts, totalPrice, otherFee, extras, totalChargeCancel: 0 });
  const adults = (n: number): TicketPriceLine => ({ key: 'perType', paxType: 'ADT', count: n, unit: 1_300_000, amount: 1_300_000 * n });
  // 2 adults ticketed at issue: 2.600.000 + fee 100.000
  const cases: { name: string; counts: { ADT: number; CHD: number; INF: number }; totalPrice: number; extras: PnrExtra[]; otherFee?: number; want: TicketPriceLine[] }[] = [
    {
      name: 'no extras: the passengers, the fee, the total',
      counts: { ADT: 2, CHD: 0, INF: 0 },
      totalPrice: 2_700_000,
      extras: [],
      want: [adults(2), { key: 'issueFee', amount: 100_000 }, { key: 'total', amount: 2_700_000 }],
    },
    {
      name: 'an infant added after sale: in the infant extra only, not an infant passenger line',
      counts: { ADT: 2, CHD: 0, INF: 0 },
      totalPrice: 2_700_000 + 110_000,
      extras: [{ kind: 'infant', amount: 110_000 }],
      want: [adults(2), { key: 'issueFee', amount: 100_000 }, { key: 'extra', kind: 'infant', amount: 110_000 }, { key: 'total', amount: 2_810_000 }],
    },
    {
      name: 'an infant ticketed at issue: a passenger line, no extra',
      counts: { ADT: 2, CHD: 0, INF: 1 },
      totalPrice: 2_700_000 + 110_000,
      extras: [],
      want: [adults(2), { key: 'perType', paxType: 'INF', count: 1, unit: 110_000, amount: 110_000 }, { key: 'issueFee', amount: 100_000 }, { key: 'total', amount: 2_810_000 }],
    },
    {
      name: 'luggage after sale and luggage with the booking',
      counts: { ADT: 2, CHD: 0, INF: 0 },
      totalPrice: 2_700_000 + 200_000 + 250_000,
      otherFee: 200_000,
      extras: [{ kind: 'luggage', amount: 250_000 }],
      want: [adults(2), { key: 'issueFee', amount: 100_000 }, { key: 'otherFee', amount: 200_000 }, { key: 'extra', kind: 'luggage', amount: 250_000 }, { key: 'total', amount: 3_150_000 }],
    },
    {
      name: 'seats and an infant, each kind on its own line',
      counts: { ADT: 2, CHD: 0, INF: 0 },
      totalPrice: 2_700_000 + 120_000 + 110_000,
      extras: [{ kind: 'seat', amount: 120_000 }, { kind: 'infant', amount: 110_000 }],
      want: [adults(2), { key: 'issueFee', amount: 100_000 }, { key: 'extra', kind: 'seat', amount: 120_000 }, { key: 'extra', kind: 'infant', amount: 110_000 }, { key: 'total', amount: 2_930_000 }],
    },
  ];
  it.each(cases)('$name', (c) => {
    const lines = ticketPriceLines(grid(c.counts, c.totalPrice, c.extras, c.otherFee), 'detail');
    expect(lines).toEqual(c.want);
    const parts = lines.filter((l) => l.key !== 'total').reduce((s, l) => s + l.amount, 0);
    expect(parts).toBe(c.totalPrice);
  });
  it('total shows one line; none nothing; a fare without counts shows no passenger line', () => {
    const f = grid({ ADT: 2, CHD: 0, INF: 0 }, 2_810_000, [{ kind: 'infant', amount: 110_000 }]);
    expect(ticketPriceLines(f, 'total')).toEqual([{ key: 'total', amount: 2_810_000 }]);
    expect(ticketPriceLines(f, 'none')).toEqual([]);
    expect(ticketPriceLines({ ...f, counts: undefined }, 'detail').some((l) => l.key === 'perType')).toBe(false);
  });
});

describe('editPaxShares: whom a paid edit was for, from its history row', () => {
  const bag = (paxId: number, price: number, emd?: string) => ({ paxId, segIds: [1], code: 'BG20', value: 20, unit: 'kg', price, ...(emd ? { emd } : {}) });
  const seat = (paxId: number, s: string, price: number) => ({ paxId, segId: 1, seat: s, price });
  const cases: { name: string; edit: PaidEditRecord; want: { paxId: number; amount: number }[] | null }[] = [
    { name: 'luggage for one passenger', edit: { kind: 'buy-luggage', amount: 250_000, before: [], after: [bag(1, 250_000, 'E1')] }, want: [{ paxId: 1, amount: 250_000 }] },
    {
      name: 'luggage for two, the bag bought with the booking not counted',
      edit: { kind: 'buy-luggage', amount: 500_000, before: [bag(3, 180_000)], after: [bag(3, 180_000), bag(1, 250_000, 'E1'), bag(2, 250_000, 'E2')] },
      want: [{ paxId: 1, amount: 250_000 }, { paxId: 2, amount: 250_000 }],
    },
    {
      name: 'an upgrade: the charge (the difference) to the passenger whose bag was replaced',
      edit: { kind: 'upgrade-luggage', amount: 100_000, before: [bag(2, 180_000)], after: [{ ...bag(2, 280_000, 'E3'), code: 'BG30', value: 30 }] },
      want: [{ paxId: 2, amount: 100_000 }],
    },
    { name: 'seats in proportion to their prices', edit: { kind: 'buy-seat', amount: 300_000, before: [], after: [seat(1, '3A', 200_000), seat(2, '3B', 100_000)] }, want: [{ paxId: 1, amount: 200_000 }, { paxId: 2, amount: 100_000 }] },
    {
      name: 'seats from a recovery (a record diff)',
      edit: { kind: 'buy-seat', amount: 120_000, before: { seats: [seat(2, '9C', 0)] }, after: { seats: [seat(2, '9C', 0), seat(1, '2A', 120_000)], emds: [] } },
      want: [{ paxId: 1, amount: 120_000 }],
    },
    {
      name: 'an infant added (GDS, the name lines)',
      edit: { kind: 'add-infant', amount: 330_000, before: ['P1 NGUYEN/AN MR (ADT)', 'P2 TRAN/HOA MS (ADT)'], after: ['P1 NGUYEN/AN MR (ADT)', 'P2 TRAN/HOA MS (ADT)', 'P3 NGUYEN/BE NA MISS (INF) DOB 01/02/2026 with P1', 'TKT 738-1'] },
      want: [{ paxId: 3, amount: 330_000 }],
    },
    {
      name: 'an infant added (VJ, the names)',
      edit: { kind: 'add-infant-vj', amount: 165_000, before: { names: [{ paxId: 1, paxType: 'ADT' }] }, after: { names: [{ paxId: 1, paxType: 'ADT' }, { paxId: 2, paxType: 'INF', parentId: 1 }] } },
      want: [{ paxId: 2, amount: 165_000 }],
    },
    { name: 'a class change is the PNR’s as a whole', edit: { kind: 'change-route-class', amount: 700_000, before: ['VN 1'], after: ['VN 2'] }, want: null },
    { name: 'a free edit is nobody’s', edit: { kind: 'buy-seat', amount: 0, before: [], after: [seat(1, '3A', 0)] }, want: null },
    { name: 'a row that names nobody', edit: { kind: 'buy-luggage', amount: 250_000, before: null, after: null }, want: null },
  ];
  it.each(cases)('$name', ({ edit, want }) => {
    const got = editPaxShares(edit);
    expect(got).toEqual(want);
    if (got) expect(got.reduce((s, x) => s + x.amount, 0)).toBe(edit.amount);
  });
  it('divides an odd amount into whole VND that add up', () => {
    const got = editPaxShares({ kind: 'buy-seat', amount: 100_001, before: [], after: [seat(1, '1A', 50_000), seat(2, '1B', 50_000)] })!;
    expect(got.map((x) => x.amount).sort()).toEqual([50_000, 50_001]);
  });
});

describe('splitMoney: the extras of the moved passengers go with them; the money is unchanged', () => {
  const lug = (paxId: number, price: number): PaidEditRecord => ({ kind: 'buy-luggage', amount: price, before: [], after: [{ paxId, segIds: [1], code: 'BG20', value: 20, unit: 'kg', price, emd: `E${paxId}` }] });
  const seatOf = (paxId: number, price: number): PaidEditRecord => ({ kind: 'buy-seat', amount: price, before: [], after: [{ paxId, segId: 1, seat: `${paxId}A`, price }] });
  const inf = (paxId: number, parent: number, price: number): PaidEditRecord => ({ kind: 'add-infant', amount: price, before: [`P${parent} A/B MR (ADT)`], after: [`P${parent} A/B MR (ADT)`, `P${paxId} A/C MISS (INF) DOB 01/01/2026 with P${parent}`] });
  // two adults of 1.300.000, fee 100.000 (stays on the original row)
  const base = 2_700_000;
  const cases: { name: string; extras: PnrExtra[]; edits: PaidEditRecord[]; moved: number[]; movedBase?: number; parent: { totalPrice: number; extras: PnrExtra[] }; child: { totalPrice: number; extras: PnrExtra[] } }[] = [
    {
      name: 'no extras: the moved adult’s fare only',
      extras: [],
      edits: [],
      moved: [2],
      parent: { totalPrice: 1_400_000, extras: [] },
      child: { totalPrice: 1_300_000, extras: [] },
    },
    {
      name: 'an infant added after sale moves with its adult',
      extras: [{ kind: 'infant', amount: 110_000 }],
      edits: [inf(3, 2, 110_000)],
      moved: [2, 3],
      parent: { totalPrice: 1_400_000, extras: [] },
      child: { totalPrice: 1_410_000, extras: [{ kind: 'infant', amount: 110_000 }] },
    },
    {
      name: 'the infant of the adult who stays stays',
      extras: [{ kind: 'infant', amount: 110_000 }],
      edits: [inf(3, 1, 110_000)],
      moved: [2],
      parent: { totalPrice: 1_510_000, extras: [{ kind: 'infant', amount: 110_000 }] },
      child: { totalPrice: 1_300_000, extras: [] },
    },
    {
      name: 'luggage: each passenger’s bag with its passenger',
      extras: [{ kind: 'luggage', amount: 450_000 }],
      edits: [lug(1, 200_000), lug(2, 250_000)],
      moved: [2],
      parent: { totalPrice: 1_600_000, extras: [{ kind: 'luggage', amount: 200_000 }] },
      child: { totalPrice: 1_550_000, extras: [{ kind: 'luggage', amount: 250_000 }] },
    },
    {
      name: 'seats and a PNR-wide class change: the seat moves, the class change stays',
      extras: [{ kind: 'seat', amount: 220_000 }, { kind: 'classChange', amount: 600_000 }],
      edits: [seatOf(1, 100_000), seatOf(2, 120_000), { kind: 'change-route-class', amount: 600_000, before: ['x'], after: ['y'] }],
      moved: [2],
      parent: { totalPrice: 1_400_000 + 100_000 + 600_000, extras: [{ kind: 'seat', amount: 100_000 }, { kind: 'classChange', amount: 600_000 }] },
      child: { totalPrice: 1_420_000, extras: [{ kind: 'seat', amount: 120_000 }] },
    },
    {
      name: 'never more of a kind than the row holds (its extras already moved by an earlier split)',
      extras: [{ kind: 'luggage', amount: 100_000 }],
      edits: [lug(2, 250_000)],
      moved: [2],
      parent: { totalPrice: 1_400_000, extras: [] },
      child: { totalPrice: 1_400_000, extras: [{ kind: 'luggage', amount: 100_000 }] },
    },
    {
      name: 'never more than the row’s total',
      extras: [{ kind: 'seat', amount: 120_000 }],
      edits: [seatOf(2, 120_000)],
      moved: [2],
      movedBase: 2_800_000,
      parent: { totalPrice: 0, extras: [{ kind: 'seat', amount: 100_000 }] },
      child: { totalPrice: 2_820_000, extras: [{ kind: 'seat', amount: 20_000 }] },
    },
  ];
  it.each(cases)('$name', (c) => {
    const totalPrice = base + extrasTotal(c.extras);
    const out = splitMoney({ totalPrice, extras: c.extras, movedBase: c.movedBase ?? 1_300_000, moved: c.moved, edits: c.edits });
    expect(out).toEqual({ parent: c.parent, child: c.child });
    expect(out.parent.totalPrice + out.child.totalPrice).toBe(totalPrice);
    for (const k of new Set(c.extras.map((e) => e.kind))) {
      const sum = (x: PnrExtra[]) => x.filter((e) => e.kind === k).reduce((s, e) => s + e.amount, 0);
      expect(sum(out.parent.extras) + sum(out.child.extras)).toBe(sum(c.extras));
    }
  });
});
