import { describe, expect, it } from 'vitest';
import type { AgentOptions } from '../../contract/agents';
import { agenciesFor, agencyTree, editId, groupsFor, isPermissionLocked, rolesForLevel } from '../../plugins/agents/model/grants';

const agencies: AgentOptions['agencies'] = [
  { id: 1, code: 'F1', name: 'F1', level: 1, parentId: null, status: 'active' },
  { id: 2, code: 'HN', name: 'HN', level: 2, parentId: 1, status: 'active' },
  { id: 3, code: 'CG', name: 'CG', level: 3, parentId: 2, status: 'active' },
  { id: 4, code: 'HCM', name: 'HCM', level: 2, parentId: 1, status: 'active' },
];

describe('the grant rule of a tick box', () => {
  it.each([
    ['grantable, new', true, [], false],
    ['grantable, held', true, ['x'], false],
    ['not grantable, new', false, [], true],
    ['not grantable, held already', false, ['x'], false],
    ['not grantable, another held', false, ['y'], true],
  ])('%s', (_name, grantable, initial, locked) => {
    expect(isPermissionLocked('x', grantable, initial)).toBe(locked);
  });
});

describe('roles by agency level', () => {
  const byLevel = { '1': ['super_admin', 'admin_f1', 'agent_f1'], '2': ['admin_f2', 'agent_f2'], '3': ['admin_fn', 'agent_f2'] } as AgentOptions['rolesByLevel'];
  it.each([
    [undefined, []],
    [1, ['admin_f1', 'agent_f1']],
    [2, ['admin_f2', 'agent_f2']],
    [3, ['admin_fn', 'agent_f2']],
    [5, ['admin_fn', 'agent_f2']],
  ])('level %s', (level, roles) => {
    expect(rolesForLevel(byLevel, level)).toEqual(roles);
  });
});

describe('the agencies as a tree (provider → F1 → F2 → Fn)', () => {
  const shape = (nodes: ReturnType<typeof agencyTree>): unknown => nodes.map((n) => [n.value, shape(n.children)]);
  it.each([
    ['the whole subtree', agencies, [[1, [[4, []], [2, [[3, []]]]]]]],
    ['an F2 and its child (parent not listed → top)', agencies.filter((a) => a.id !== 1 && a.id !== 4), [[2, [[3, []]]]]],
    ['children of the F1 only: two tops', agencies.filter((a) => a.level > 1), [[4, []], [2, [[3, []]]]]],
    ['nothing', [], []],
  ] as const)('%s', (_name, list, want) => {
    expect(shape(agencyTree(list))).toEqual(want);
  });
});

describe('agencies a screen works on', () => {
  it.each([
    ['all of the scope', 1, 'all', [1, 2, 3, 4]],
    ['children of the F1', 1, 'children', [2, 3, 4]],
    ['children of an F2', 2, 'children', [3]],
    ['unknown own agency: below the top of the scope', undefined, 'children', [2, 3, 4]],
  ] as const)('%s', (_name, own, scope, ids) => {
    expect(agenciesFor(agencies, own, scope).map((a) => a.id)).toEqual(ids);
  });
});

describe('groups a user may get', () => {
  const groups: AgentOptions['groups'] = [
    { id: 10, agencyId: 1, name: 'F1 group', permissions: [] },
    { id: 20, agencyId: 2, name: 'HN group', permissions: [] },
    { id: 40, agencyId: 4, name: 'HCM group', permissions: [] },
    { id: 99, agencyId: 77, name: 'ancestor above the scope', permissions: [] },
  ];
  it.each([
    [undefined, []],
    [1, [10, 99]],
    [2, [10, 20, 99]],
    [3, [10, 20, 99]],
    [4, [10, 40, 99]],
  ])('agency %s', (agencyId, ids) => {
    expect(groupsFor(groups, agencies, agencyId).map((g) => g.id)).toEqual(ids);
  });
});

describe('the ?id= of an edit screen', () => {
  it.each([
    ['', null],
    ['?id=12', 12],
    ['?id=0', null],
    ['?id=-3', null],
    ['?id=1e3', null],
    ['?id=abc', null],
    ['?id=99999999999', null],
    ['?x=1&id=7', 7],
  ])('%s', (search, id) => {
    expect(editId(search)).toBe(id);
  });
});
