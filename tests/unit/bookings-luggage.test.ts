/** Luggage rules of spec point 4 (Luggage and ancillaries) as model reducers (plugins/bookings/model/luggage.ts). */
import { describe, expect, it } from 'vitest';
import type { LuggageOption } from '../../contract/bookings';
import {
  initialLuggageState, luggageKey, luggageReducer, luggageRequest, luggageTotal, needsLoad, pickOf, type LuggageAction, type LuggageState,
} from '../../plugins/bookings/model/luggage';

const VN: LuggageOption[] = [
  { code: 'B20', value: 20, unit: 'kg', name: '20 kg', price: 165_000 },
  { code: 'B30', value: 30, unit: 'kg', name: '30 kg', price: 330_000 },
];
const VJ: LuggageOption[] = [{ code: 'J15', value: 15, unit: 'kg', name: '15 kg', price: 143_000 }];

const run = (actions: LuggageAction[], from: LuggageState = initialLuggageState()) => actions.reduce(luggageReducer, from);
const loaded = () => run([
  { type: 'LOAD_START', from: 'SGN', to: 'HAN', airline: 'VN' },
  { type: 'LOAD_DONE', from: 'SGN', to: 'HAN', airline: 'VN', data: VN },
  { type: 'LOAD_START', from: 'HAN', to: 'SGN', airline: 'VJ' },
  { type: 'LOAD_DONE', from: 'HAN', to: 'SGN', airline: 'VJ', data: VJ },
]);
const choose = (paxId: number, code: string, over: Partial<Extract<LuggageAction, { type: 'CHOOSE' }>> = {}): LuggageAction => ({
  type: 'CHOOSE', paxId, paxType: 'ADT', from: 'SGN', to: 'HAN', airline: 'VN', direction: 'depart', code, ...over,
});

describe('"A luggage option list is stored once per from, to and airline combination"', () => {
  it.each<[string, LuggageAction[], string, boolean]>([
    ['nothing stored: load', [], 'SGN-HAN-VN', true],
    ['being loaded (a second passenger on the same route): do not load again', [{ type: 'LOAD_START', from: 'SGN', to: 'HAN', airline: 'VN' }], 'SGN-HAN-VN', false],
    ['stored: do not load again', [{ type: 'LOAD_DONE', from: 'SGN', to: 'HAN', airline: 'VN', data: VN }], 'SGN-HAN-VN', false],
    ['stored for the other direction only: load', [{ type: 'LOAD_DONE', from: 'SGN', to: 'HAN', airline: 'VN', data: VN }], 'HAN-SGN-VN', true],
    ['stored for another airline on the route: load', [{ type: 'LOAD_DONE', from: 'SGN', to: 'HAN', airline: 'VJ', data: VJ }], 'SGN-HAN-VN', true],
    ['failed: can be asked again', [{ type: 'LOAD_START', from: 'SGN', to: 'HAN', airline: 'VN' }, { type: 'LOAD_FAIL', from: 'SGN', to: 'HAN', airline: 'VN' }], 'SGN-HAN-VN', true],
  ])('%s', (_name, actions, key, expected) => {
    const [from, to, airline] = key.split('-');
    expect(needsLoad(run(actions), from, to, airline)).toBe(expected);
  });

  it('a second answer for the same combination does not replace the stored list', () => {
    const state = run([
      { type: 'LOAD_DONE', from: 'SGN', to: 'HAN', airline: 'VN', data: VN },
      { type: 'LOAD_DONE', from: 'SGN', to: 'HAN', airline: 'VN', data: VJ },
    ]);
    expect(state.lists[luggageKey('SGN', 'HAN', 'VN')]).toEqual({ from: 'SGN', to: 'HAN', airline: 'VN', data: VN });
    expect(state.loading).toEqual([]);
  });

  it('a second LOAD_START for a list being loaded changes nothing', () => {
    const once = run([{ type: 'LOAD_START', from: 'SGN', to: 'HAN', airline: 'VN' }]);
    expect(luggageReducer(once, { type: 'LOAD_START', from: 'SGN', to: 'HAN', airline: 'VN' })).toBe(once);
  });
});

describe('"A luggage choice replaces an earlier one for the same passenger, route and type"', () => {
  it.each<[string, LuggageAction[], Array<[number, string, string, string]>]>([
    ['a first choice is kept with its weight and price', [choose(1, 'B20')], [[1, 'SGN-HAN', 'depart', 'B20']]],
    ['same passenger, route and type: replaced', [choose(1, 'B20'), choose(1, 'B30')], [[1, 'SGN-HAN', 'depart', 'B30']]],
    ['another passenger: both kept', [choose(1, 'B20'), choose(2, 'B30')], [[1, 'SGN-HAN', 'depart', 'B20'], [2, 'SGN-HAN', 'depart', 'B30']]],
    ['another route and type: both kept', [choose(1, 'B20'), choose(1, 'J15', { from: 'HAN', to: 'SGN', airline: 'VJ', direction: 'return' })],
      [[1, 'SGN-HAN', 'depart', 'B20'], [1, 'HAN-SGN', 'return', 'J15']]],
    ['"none" removes the choice', [choose(1, 'B20'), choose(1, '')], []],
    ['an infant buys none', [choose(4, 'B20', { paxType: 'INF' })], []],
    ['a code not in the stored list is refused', [choose(1, 'B99')], []],
  ])('%s', (_name, actions, expected) => {
    const state = run(actions, loaded());
    expect(state.picks.map((p) => [p.paxId, p.route, p.type, p.code])).toEqual(expected);
  });

  it('the choice carries the option\'s weight, unit and price', () => {
    const state = run([choose(1, 'B30')], loaded());
    expect(pickOf(state, 1, 'SGN', 'HAN', 'depart')).toEqual({ paxId: 1, route: 'SGN-HAN', airline: 'VN', type: 'depart', code: 'B30', value: 30, unit: 'kg', price: 330_000 });
    expect(pickOf(state, 1, 'HAN', 'SGN', 'return')).toBeUndefined();
  });
});

describe('"Passenger data and baggage choices can be reset"', () => {
  it('RESET clears every choice and keeps the stored lists; REMOVE_PAX clears one passenger\'s', () => {
    const chosen = run([choose(1, 'B20'), choose(2, 'B30')], loaded());
    const reset = luggageReducer(chosen, { type: 'RESET' });
    expect(reset.picks).toEqual([]);
    expect(Object.keys(reset.lists).sort()).toEqual(['HAN-SGN-VJ', 'SGN-HAN-VN']);
    expect(luggageReducer(chosen, { type: 'REMOVE_PAX', paxId: 1 }).picks.map((p) => p.paxId)).toEqual([2]);
  });
});

describe('totals and the request', () => {
  it.each<[string, LuggageAction[], number]>([
    ['nothing chosen', [], 0],
    ['one bag', [choose(1, 'B20')], 165_000],
    ['replaced bag counts once', [choose(1, 'B20'), choose(1, 'B30')], 330_000],
    ['two passengers, two directions', [choose(1, 'B30'), choose(2, 'B20'), choose(1, 'J15', { from: 'HAN', to: 'SGN', airline: 'VJ', direction: 'return' })], 638_000],
  ])('"totals with luggage": %s → %i', (_name, actions, total) => {
    expect(luggageTotal(run(actions, loaded()).picks)).toBe(total);
  });

  it('the request lists choices by passenger then direction, without price, and only for passengers present', () => {
    const state = run([choose(2, 'B20'), choose(1, 'J15', { from: 'HAN', to: 'SGN', airline: 'VJ', direction: 'return' }), choose(1, 'B30'), choose(9, 'B20')], loaded());
    expect(luggageRequest(state.picks, [1, 2])).toEqual([
      { paxId: 1, route: 'SGN-HAN', airline: 'VN', type: 'depart', code: 'B30' },
      { paxId: 1, route: 'HAN-SGN', airline: 'VJ', type: 'return', code: 'J15' },
      { paxId: 2, route: 'SGN-HAN', airline: 'VN', type: 'depart', code: 'B20' },
    ]);
  });
});
