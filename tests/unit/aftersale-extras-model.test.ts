/**
 * The pure rules of the paid extras (contract/aftersale-extras.ts), table-driven: the ancillary selection (a new
 * selection replaces the previous one per route and passenger, one option per groupCategory, the later wins), the
 * edit-luggage selection (replace per route, passenger and ssr key; added only above 0), the upgrade toggle per
 * passenger and journey, the upgrade prices, and the VJ infant's validation; then the simulated airline's side.
 */
import { describe, expect, it } from 'vitest';
import type { PnrName, PnrRecord, PnrSegment } from '../../contract/aftersale';
import {
  heldBag,
  includedWorth,
  onePerGroup,
  selectAncillaryOptions,
  selectionTotal,
  selectLuggageEdit,
  toggleLuggageUpgrade,
  upgradeOptions,
  vjInfantProblems,
  type AncillaryOption,
  type EditBookingLuggage,
  type GroupCategory,
  type LuggageAncillary,
  type SelectedOptions,
} from '../../contract/aftersale-extras';
import { applyExtrasEdit, ancillaryOptions, infantFeeOf } from '../../gateway/suppliers/simulated/pnr-extras';
import { SupplierError } from '../../gateway/suppliers';

const opt = (code: string, groupCategory: GroupCategory, price = 50_000): AncillaryOption => ({ key: code, value: { code, name: code, groupCategory, price, rfisc: '0B3' } });
const sel = (routeId: string, paxId: number, ...options: AncillaryOption[]): SelectedOptions => ({ routeId, paxId, paxName: `Pax ${paxId}`, route: 'HAN-SGN', options });
const codes = (list: SelectedOptions[]) => list.map((s) => `${s.routeId}/${s.paxId}:${s.options.map((o) => o.value.code).join('+')}`);

describe('ancillary selection: per route and passenger, one option per groupCategory, the later wins', () => {
  const meal1 = opt('HML1', 'MEAL');
  const meal2 = opt('HML2', 'MEAL');
  const lounge = opt('LNGE', 'LOUNGE', 320_000);
  const prio = opt('PRIO', 'PRIORITY', 90_000);
  it.each([
    ['a first selection is added', [], sel('A:1', 1, meal1), ['A:1/1:HML1']],
    ['two options of different groups are both kept', [], sel('A:1', 1, meal1, lounge), ['A:1/1:HML1+LNGE']],
    ['two meals: the later wins', [], sel('A:1', 1, meal1, lounge, meal2), ['A:1/1:LNGE+HML2']],
    ['a new selection replaces the previous one of the route and passenger', [sel('A:1', 1, meal1, lounge)], sel('A:1', 1, prio), ['A:1/1:PRIO']],
    ['another passenger keeps theirs', [sel('A:1', 1, meal1)], sel('A:1', 2, meal2), ['A:1/1:HML1', 'A:1/2:HML2']],
    ['another route keeps its own', [sel('A:1', 1, meal1)], sel('A:2', 1, meal2), ['A:1/1:HML1', 'A:2/1:HML2']],
    ['an empty selection removes the entry', [sel('A:1', 1, meal1), sel('A:2', 1, meal2)], sel('A:1', 1), ['A:2/1:HML2']],
  ] as const)('%s', (_, list, next, expected) => {
    expect(codes(selectAncillaryOptions([...list], next))).toEqual(expected);
  });
  it('onePerGroup keeps the last of each group in order', () => {
    expect(onePerGroup([meal1, prio, meal2, lounge, opt('PRIO2', 'PRIORITY')]).map((o) => o.value.code)).toEqual(['HML2', 'LNGE', 'PRIO2']);
  });
  it('the total is the sum of the kept options, in integers', () => {
    expect(selectionTotal(selectAncillaryOptions([sel('A:2', 1, prio)], sel('A:1', 1, meal1, lounge, meal2)))).toBe(90_000 + 320_000 + 50_000);
  });
});

const lug = (paxKey: string, routeKey: string, ssrkey: string, code: string, price: number): EditBookingLuggage => ({
  paxName: `Pax ${paxKey}`, paxKey, route: 'HAN-SGN', routeKey, ssrkey, ancillary: { code, value: Number(code.slice(2)), unit: 'kg', name: code, price },
});
const lugCodes = (list: EditBookingLuggage[]) => list.map((l) => `${l.paxKey}@${l.routeKey}/${l.ssrkey}:${l.ancillary.code}`);

describe('edit-luggage selection: replaces per route, passenger and ssr key; added only if the price is above 0', () => {
  it.each([
    ['added', [], lug('1', 'P:1', 'BG20', 'BG30', 165_000), ['1@P:1/BG20:BG30']],
    ['replaces the same route, passenger and ssr key', [lug('1', 'P:1', 'BG20', 'BG30', 165_000)], lug('1', 'P:1', 'BG20', 'BG40', 275_000), ['1@P:1/BG20:BG40']],
    ['price 0 removes the earlier choice and adds nothing', [lug('1', 'P:1', 'BG20', 'BG30', 165_000)], lug('1', 'P:1', 'BG20', 'BG20', 0), []],
    ['a negative price is not added', [], lug('1', 'P:1', 'BG30', 'BG25', -55_000), []],
    ['another passenger is kept', [lug('1', 'P:1', 'BG20', 'BG30', 165_000)], lug('2', 'P:1', 'BG20', 'BG25', 55_000), ['1@P:1/BG20:BG30', '2@P:1/BG20:BG25']],
    ['another journey is kept', [lug('1', 'P:1', 'BG20', 'BG30', 165_000)], lug('1', 'P:2', 'INCL20', 'BG25', 55_000), ['1@P:1/BG20:BG30', '1@P:2/INCL20:BG25']],
  ] as const)('%s', (_, list, choice, expected) => {
    expect(lugCodes(selectLuggageEdit([...list], choice))).toEqual(expected);
  });
  it('the upgrade toggles per passenger and journey', () => {
    const on = toggleLuggageUpgrade([], lug('1', 'P:1', 'BG20', 'BG25', 55_000));
    expect(lugCodes(on)).toEqual(['1@P:1/BG20:BG25']);
    const other = toggleLuggageUpgrade(on, lug('1', 'P:2', 'BG20', 'BG25', 55_000));
    expect(other).toHaveLength(2);
    // toggling the same passenger and journey again turns it off, whatever size was chosen
    expect(lugCodes(toggleLuggageUpgrade(other, lug('1', 'P:1', 'BG20', 'BG40', 275_000)))).toEqual(['1@P:2/BG20:BG25']);
  });
});

describe('upgrade prices: the bigger bags at the difference to what the held bag is worth', () => {
  const grid: LuggageAncillary[] = [15, 20, 25, 30].map((kg, i) => ({ code: `BG${kg}`, value: kg, unit: 'kg', name: `${kg} kg`, price: [143_000, 165_000, 220_000, 330_000][i] }));
  it.each([
    ['an included 20 kg is worth the 20 kg bag', 20, 165_000],
    ['an included 23 kg is worth the 20 kg bag (the largest not above)', 23, 165_000],
    ['an included 10 kg is worth nothing in the grid', 10, 0],
    ['an included 40 kg is worth the biggest', 40, 330_000],
  ] as const)('%s', (_, kg, worth) => {
    expect(includedWorth(kg, grid)).toBe(worth);
  });
  it.each([
    ['a bought 20 kg bag', { code: 'BG20', value: 20, unit: 'kg', price: 165_000 }, 0, [['BG25', 55_000], ['BG30', 165_000]]],
    ['a bought bag wins over the included allowance', { code: 'BG25', value: 25, unit: 'kg', price: 220_000 }, 20, [['BG30', 110_000]]],
    ['included 20 kg', undefined, 20, [['BG25', 55_000], ['BG30', 165_000]]],
    ['included 7 kg: every bag costs its full price', undefined, 7, [['BG15', 143_000], ['BG20', 165_000], ['BG25', 220_000], ['BG30', 330_000]]],
    ['the biggest already: nothing', { code: 'BG30', value: 30, unit: 'kg', price: 330_000 }, 0, []],
    ['a bag bought dearer than the grid: no difference above 0 is offered', { code: 'BG20', value: 20, unit: 'kg', price: 300_000 }, 0, [['BG30', 30_000]]],
    ['no bag at all: nothing to upgrade (buy-luggage)', undefined, 0, []],
  ] as const)('%s', (_, bought, included, expected) => {
    expect(upgradeOptions(heldBag(bought, included, grid), grid).map((o) => [o.code, o.price])).toEqual(expected);
  });
});

const seg = (segId: number, from: string, to: string, day: string): PnrSegment => ({
  segId, carrier: 'VJ', flightNo: `VJ${120 + segId}`, from, to, departDate: `${day}T08:00`, arrivalDate: `${day}T10:00`, class: 'E', cabinClass: 'ECONOMY', aircraft: 'A321', status: 'HK', direction: segId === 1 ? 'depart' : 'return',
});
const name = (paxId: number, paxType: PnrName['paxType'], parentId?: number): PnrName => ({ paxId, paxType, title: paxType === 'ADT' ? 'MR' : 'MSTR', firstName: 'An', lastName: 'Nguyen', ...(parentId ? { parentId } : {}) });

describe('add-infant-vj: the contract validators, an adult without an infant, under 2 at the last flight, 7 days old at the first', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  const r = { airline: 'VJ', names: [name(1, 'ADT'), name(2, 'ADT'), name(3, 'INF', 2), name(4, 'CHD')], segments: [seg(1, 'HAN', 'SGN', '2030-03-10'), seg(2, 'SGN', 'HAN', '2030-03-20')] };
  const inf = (birthday: string, over: Partial<{ title: string; firstName: string; lastName: string }> = {}) => ({ title: 'MISS', firstName: 'Bao An', lastName: 'Nguyen', birthday, ...over });
  it.each([
    ['a fine infant', r, 1, inf('10/06/2029'), []],
    ['not a VJ booking', { ...r, airline: 'VN' }, 1, inf('10/06/2029'), ['notVj']],
    ['the adult already has an infant', r, 2, inf('10/06/2029'), ['hasInfant']],
    ['a child cannot hold an infant', r, 4, inf('10/06/2029'), ['notAdult']],
    ['an unknown passenger', r, 9, inf('10/06/2029'), ['notAdult']],
    ['an adult title', r, 1, inf('10/06/2029', { title: 'MR' }), ['title']],
    ['digits in the name', r, 1, inf('10/06/2029', { firstName: 'Bao 2' }), ['firstName']],
    ['an empty last name', r, 1, inf('10/06/2029', { lastName: ' ' }), ['lastName']],
    ['not a calendar date', r, 1, inf('31/02/2029'), ['birthday']],
    ['2 years old at the return flight', r, 1, inf('15/03/2028'), ['age']],
    ['born 5 days before the first flight', r, 1, inf('05/03/2030'), ['tooYoung']],
    ['6 days old at the first flight', { ...r, segments: [seg(1, 'HAN', 'SGN', '2029-12-31')] }, 1, inf('25/12/2029'), ['tooYoung']],
    ['7 days old at the first flight', { ...r, segments: [seg(1, 'HAN', 'SGN', '2030-01-01')] }, 1, inf('25/12/2029'), []],
  ] as const)('%s', (_, record, parentId, infant, expected) => {
    expect(vjInfantProblems(record as Pick<PnrRecord, 'names' | 'segments' | 'airline'>, parentId, infant, now)).toEqual(expected);
  });
});

describe('the simulated carriers: catalogue, VJ infant fee, the edits all or nothing', () => {
  const record = (): PnrRecord => ({
    pnr: 'ABC123', airline: 'VJ', source: 'VJ', names: [name(1, 'ADT'), name(2, 'INF', 1)], segments: [seg(1, 'HAN', 'SGN', '2030-03-10'), seg(2, 'SGN', 'BKK', '2030-03-20')],
    ssrs: [], osis: [], remarks: [], contacts: [], docs: [], loyalty: [], tst: [], endorsements: [], queue: null, tickets: [], emds: [], seats: [],
    baggage: [{ paxId: 1, segIds: [1], code: 'BG20', value: 20, unit: 'kg', price: 165_000 }], appliedKeys: [],
  });
  it('each carrier sells its own catalogue; international costs more; a GDS airline none', () => {
    const dom = ancillaryOptions('VJ', 'HAN', 'SGN', 'en');
    const intl = ancillaryOptions('VJ', 'SGN', 'BKK', 'en');
    expect(new Set(dom.map((o) => o.value.groupCategory))).toEqual(new Set(['MEAL', 'PRIORITY', 'LOUNGE', 'INSURANCE']));
    expect(intl.every((o, i) => o.value.price > dom[i].value.price)).toBe(true);
    expect(ancillaryOptions('VN', 'HAN', 'SGN').some((o) => o.value.groupCategory === 'MEAL')).toBe(false);
    expect(ancillaryOptions('SQ', 'SGN', 'SIN')).toEqual([]);
  });
  it('the VJ infant fee: 150.000 + 8 % VAT domestic, 400.000 without VAT international, per segment', () => {
    expect(infantFeeOf(record())).toEqual({
      parts: [
        { segIds: [1], route: 'HAN-SGN', fare: 150_000, tax: 12_000, amount: 162_000 },
        { segIds: [2], route: 'SGN-BKK', fare: 400_000, tax: 0, amount: 400_000 },
      ],
      total: 562_000,
    });
    expect(infantFeeOf({ ...record(), airline: 'VN' })).toEqual({ parts: [], total: 0 });
  });
  it('an upgrade replaces the bag and its XBAG with an EMD of the difference; a stale or smaller one is refused', () => {
    const r = record();
    applyExtrasEdit('VJ', r, { type: 'upgradeBaggage', baggage: { paxId: 1, segIds: [1], code: 'BG30', value: 30, unit: 'kg', price: 330_000 }, replaces: 'BG20', amount: 165_000 }, 'k1', '2030-01-01T00:00:00Z');
    expect(r.baggage).toEqual([expect.objectContaining({ code: 'BG30', emd: r.emds[0].number })]);
    expect(r.emds[0]).toMatchObject({ kind: 'luggage', amount: 165_000, rfisc: '0CC' });
    expect(() => applyExtrasEdit('VJ', record(), { type: 'upgradeBaggage', baggage: { paxId: 1, segIds: [1], code: 'BG30', value: 30, unit: 'kg', price: 330_000 }, replaces: 'BG15', amount: 165_000 }, 'k2', '')).toThrow(SupplierError);
    expect(() => applyExtrasEdit('VJ', record(), { type: 'upgradeBaggage', baggage: { paxId: 1, segIds: [1], code: 'BG15', value: 15, unit: 'kg', price: 143_000 }, replaces: 'BG20', amount: 1 }, 'k3', '')).toThrow(SupplierError);
  });
  it('an ancillary: one per groupCategory per passenger and route; never for an infant', () => {
    const r = record();
    const meal = { paxId: 1, segIds: [1], code: 'HML1', name: 'Meal', groupCategory: 'MEAL' as const, price: 55_000 };
    applyExtrasEdit('VJ', r, { type: 'buyAncillary', ancillary: meal, rfisc: '0B3' }, 'k4', '');
    expect(r.ancillaries).toEqual([expect.objectContaining({ code: 'HML1', emd: r.emds[0].number })]);
    expect(r.ssrs.map((s) => s.code)).toEqual(['MEAL']);
    expect(() => applyExtrasEdit('VJ', r, { type: 'buyAncillary', ancillary: { ...meal, code: 'HML2' }, rfisc: '0B3' }, 'k5', '')).toThrow(SupplierError);
    expect(() => applyExtrasEdit('VJ', record(), { type: 'buyAncillary', ancillary: { ...meal, paxId: 2 }, rfisc: '0B3' }, 'k6', '')).toThrow(SupplierError);
  });
});
