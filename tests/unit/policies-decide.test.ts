/**
 * The portal's direct decisions (policies/decide.ts), which answer until casbin's enforcer is built after the first
 * page's content, against casbin itself: the rule reader, keyMatch2, and every route, action and endpoint line for
 * many permission sets. Then the portal's checker: it answers without casbin until the enforcer is built.
 */
import { describe, expect, it } from 'vitest';
import { Util } from 'casbin';
import { compileRule, createDecide, keyMatch2 } from '../../policies/decide';
import { actionPolicies, allowed, createEnforcer, endpointPolicies, routePolicies } from '../../policies/enforcer';
import { actionLines, endpointLines, routeLines } from '../../policies/lines';
import { PERMISSION_NAMES, ROLE_TO_NAMES } from '../../policies/permissions';
import { accessFor, casbinDecides, enforcerBuilds, getEnforcer } from '../../src/access/enforcer';

describe('compileRule', () => {
  it.each([
    ['true', [], true],
    ['false', ['ADMIN_F1'], false],
    ['ADMIN_F1', ['ADMIN_F1'], true],
    ['ADMIN_F1', ['ADMIN_F2'], false],
    ['!ADMIN_F1', [], true],
    ['!ADMIN_F1', ['ADMIN_F1'], false],
    ['!!ADMIN_F1', ['ADMIN_F1'], true],
    // && binds tighter than ||, ! tighter than &&
    ['ADMIN_F1 || ADMIN_F2 && AGENT_F1', ['ADMIN_F1'], true],
    ['ADMIN_F1 || ADMIN_F2 && AGENT_F1', ['ADMIN_F2'], false],
    ['(ADMIN_F1 || ADMIN_F2) && AGENT_F1', ['ADMIN_F1'], false],
    ['(ADMIN_F1 || ADMIN_F2) && AGENT_F1', ['ADMIN_F2', 'AGENT_F1'], true],
    ['!ADMIN_F1 && ADMIN_F2', ['ADMIN_F2'], true],
    ['!(ADMIN_F1 && ADMIN_F2)', ['ADMIN_F1', 'ADMIN_F2'], false],
    ['!(ADMIN_F1 && ADMIN_F2)', ['ADMIN_F1'], true],
    ['(AGENT_F2 || ADMIN_F1) && ONLY_SHOW_NEW', ['AGENT_F2', 'ONLY_SHOW_NEW'], true],
    ['((ADMIN_F1))', ['ADMIN_F1'], true],
  ])('%s with %j is %s', (rule, held, expected) => {
    expect(compileRule(rule)(new Set(held))).toBe(expected);
  });

  it.each(['NOT_A_PERMISSION', 'ADMIN_F1 || admin_f1'])('refuses an unknown name: %s', (rule) => {
    expect(() => compileRule(rule)).toThrow(/Unknown permission/);
  });

  it.each(['', 'ADMIN_F1 &&', '(ADMIN_F1', 'ADMIN_F1)', 'ADMIN_F1 ADMIN_F2', '&& ADMIN_F1', '!', '()', 'ADMIN_F1 | ADMIN_F2'])(
    'refuses a malformed rule: "%s"',
    (rule) => {
      expect(() => compileRule(rule)).toThrow(/Bad rule/);
    },
  );
});

describe('keyMatch2', () => {
  it.each([
    ['/booking/completed/123', '/booking/completed/:id'],
    ['/booking/completed/:id', '/booking/completed/:id'],
    ['/booking/completed/1/2', '/booking/completed/:id'],
    ['/booking/completed/', '/booking/completed/:id'],
    ['/booking/edit/add-osi/7', '/booking/edit/:screen/:id'],
    ['/api/x/1/y', '/api/x/*'],
    ['/api/x', '/api/x/*'],
    ['/anything', '*'],
    ['/train', '/train'],
    ['/train/search', '/train'],
    ['/trainx', '/train'],
    ['/a.b', '/a.b'],
    ['/axb', '/a.b'],
    ['/', '/'],
  ])('%s against %s answers as casbin', (key1, key2) => {
    expect(keyMatch2(key1, key2)).toBe(Util.keyMatch2Func(key1, key2));
  });
});

describe('the direct decisions answer as casbin', () => {
  // none, all, each role's names, users like the demo's, and seeded random sets
  let seed = 20;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const sets: string[][] = [
    [],
    [...PERMISSION_NAMES],
    ...Object.values(ROLE_TO_NAMES).map((names) => [...names]),
    ['AGENT_F2', 'ONLY_SHOW_NEW'],
    ['AGENT_F1', 'VIEW_DEPOSIT', 'USE_TRAIN', 'USE_ESIM', 'EXPORT_TICKET'],
    ...Array.from({ length: 8 }, () => PERMISSION_NAMES.filter(() => random() < 0.3)),
  ];

  it('for every route and named action (the portal) and every endpoint (the gateway)', async () => {
    for (const [casbinLines, lines] of [
      [[...routePolicies(), ...actionPolicies()], [...routeLines(), ...actionLines()]],
      [endpointPolicies(), endpointLines()],
    ] as const) {
      const enforcer = await createEnforcer([...casbinLines]);
      const decide = createDecide(lines);
      const requests = new Set<string>();
      for (const [, obj, act] of lines) {
        for (const path of [obj, obj.replace(/:(\w+)/g, '123'), `${obj}/x`]) requests.add(`${act} ${path}`);
        requests.add(`${act === 'view' ? 'GET' : 'view'} ${obj}`);
      }
      requests.add('view /no/such/route');
      let allowedCount = 0;
      let checked = 0;
      for (const set of sets) {
        for (const request of requests) {
          const [act, path] = request.split(' ');
          const want = await allowed(enforcer, set, path, act);
          expect(decide(set, path, act), `${set.join(',')} ${request}`).toBe(want);
          if (want) allowedCount += 1;
          checked += 1;
        }
      }
      // both answers occur (the comparison is not over denials only)
      expect(allowedCount).toBeGreaterThan(checked / 20);
      expect(allowedCount).toBeLessThan(checked);
    }
  }, 300_000);
});

describe("the portal's checker", () => {
  it('answers without casbin until the enforcer is built, then casbin answers the same', async () => {
    const paths = ['/', '/train', '/banner', '/booking/completed/123', '/actions/home/newHome', '/no/such/route'];
    const sets = [[], ['USE_TRAIN'], ['AGENT_F2', 'ONLY_SHOW_NEW'], ['ADMIN_F1', 'SHOW_NEW_HOME']];
    const before: boolean[] = [];
    for (const set of sets) for (const path of paths) before.push(await accessFor(set).can(path));
    expect(enforcerBuilds()).toBe(0);
    expect(casbinDecides()).toBe(false);
    expect(before).toContain(true);
    expect(before).toContain(false);
    await getEnforcer();
    expect(casbinDecides()).toBe(true);
    const after: boolean[] = [];
    for (const set of sets) for (const path of paths) after.push(await accessFor(set).can(path));
    expect(after).toEqual(before);
    expect(enforcerBuilds()).toBe(1);
  });
});
