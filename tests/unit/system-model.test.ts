import { describe, expect, it } from 'vitest';
import { PERMISSION_STRINGS } from '../../policies/permissions';
import { PERMISSION_AREAS, groupByArea, isPermissionLocked } from '../../plugins/system/model/permission-areas';
import { newRow, rowProblem, toItems, toRows } from '../../plugins/system/model/fees';
import { move, orderChanges, sortSystemGDS } from '../../plugins/system/model/sign-in-order';
import { passwordStrength } from '../../plugins/system/model/password-strength';
import vi from '../../locales/vi/translation.json';
import en from '../../locales/en/translation.json';

describe('permission areas', () => {
  it('hold every permission string of spec point 6 exactly once', () => {
    const all = PERMISSION_AREAS.flatMap((a) => a.strings);
    expect([...all].sort()).toEqual([...PERMISSION_STRINGS].sort());
    expect(new Set(all).size).toBe(all.length);
  });

  it('have a meaning in vi and en for every string', () => {
    for (const s of PERMISSION_STRINGS) {
      expect((vi.system.permissions as Record<string, string>)[s], s).toBeTruthy();
      expect((en.system.permissions as Record<string, string>)[s], s).toBeTruthy();
    }
  });

  it.each([
    [[], []],
    [['export_ticket', 'use_train'], [['booking', ['export_ticket']], ['products', ['use_train']]]],
    [['new_thing', 'booking_ticket'], [['booking', ['booking_ticket']], ['other', ['new_thing']]]],
  ])('groupByArea(%j)', (input, expected) => {
    expect(groupByArea(input).map((a) => [a.key, a.strings])).toEqual(expected);
  });

  it.each([
    [true, [], false],
    [false, [], true],
    [false, ['x'], false],
  ])('grantable %s, held %j → locked %s', (grantable, initial, locked) => {
    expect(isPermissionLocked('x', grantable, initial)).toBe(locked);
  });
});

describe('fee rows', () => {
  const items = [
    { airline: 'VN', international: true, paxType: 'ADT' as const, amount: 300_000 },
    { airline: 'VN', international: false, paxType: 'CHD' as const, amount: 20_000 },
    { airline: '*', international: false, paxType: 'ADT' as const, amount: 50_000 },
    { airline: 'VJ', international: false, paxType: 'INF' as const, amount: 10_000 },
  ];

  it('group lines by airline and route, "*" first, then A–Z, domestic before international', () => {
    expect(toRows(items).map((r) => r.key)).toEqual(['*|D', 'VJ|D', 'VN|D', 'VN|I']);
    expect(toRows(items)[2].amounts).toEqual({ ADT: 0, CHD: 20_000, INF: 0 });
  });

  it('turn back into one line per pax type', () => {
    const back = toItems(toRows(items));
    expect(back).toHaveLength(12);
    for (const i of items) expect(back).toContainEqual(i);
  });

  const row = (airline: string, international = false, ADT = 0) => ({ ...newRow(airline, international), amounts: { ADT, CHD: 0, INF: 0 } });
  it.each([
    ['a new airline', row('QH'), [], null],
    ['any airline', row('*'), [], null],
    ['a lower-case code is upper-cased by newRow', newRow('vu', false), [], null],
    ['a bad code', row('VNA'), [], 'airline'],
    ['an empty code', row(''), [], 'airline'],
    ['the same line twice', row('VN'), [row('VN')], 'duplicate'],
    ['the same airline, other route', row('VN', true), [row('VN')], null],
    ['a fraction', row('VN', false, 10.5), [], 'amount'],
    ['a negative amount', row('VN', false, -1), [], 'amount'],
  ])('%s', (_name, candidate, others, problem) => {
    expect(rowProblem(candidate, others)).toBe(problem);
  });
});

describe('sign-in order (sortSystemGDS)', () => {
  const list = [
    { id: 1, source: 'VN', sortOrder: 1, active: true },
    { id: 2, source: 'VJ', sortOrder: 2, active: true },
    { id: 3, source: '1A', sortOrder: 3, active: false },
    { id: 4, source: 'VN', sortOrder: 4, active: true },
  ];

  it.each([
    [0, -1, [1, 2, 3, 4]],
    [0, 1, [2, 1, 3, 4]],
    [3, 1, [1, 2, 3, 4]],
    [2, -1, [1, 3, 2, 4]],
  ] as const)('move(%i, %i)', (index, delta, ids) => {
    expect(move(list, index, delta).map((s) => s.id)).toEqual(ids);
  });

  it('renumbers only what changed', () => {
    expect(orderChanges(move(list, 0, 1))).toEqual([
      { id: 2, sortOrder: 1 },
      { id: 1, sortOrder: 2 },
    ]);
    expect(orderChanges(list)).toEqual([]);
  });

  it('keeps active sources once, in display order', () => {
    expect(sortSystemGDS(list)).toEqual(['VN', 'VJ']);
    expect(sortSystemGDS([{ ...list[2], active: true }, ...list.slice(0, 2)])).toEqual(['VN', 'VJ', '1A']);
  });
});

describe('password strength hint', () => {
  it.each([
    ['', 'none'],
    ['abc', 'weak'],
    ['Abcdefg1', 'weak'],
    ['Abcdef1!', 'fair'],
    ['ABCDEFGH12!@', 'fair'],
    ['Abcdefghij1!', 'strong'],
  ])('%s → %s', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });
});
