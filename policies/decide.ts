/**
 * The decisions of the casbin model (model.ts) without casbin: a policy line allows when its path pattern matches
 * the object as casbin's `keyMatch2` matches it, its action is the request's (or `*`), and its rule holds for the
 * permission list. The portal answers with this while casbin's enforcer is not built yet (the signed-in shell's
 * first render: the menu and the home's checks), so casbin loads after the page's content; casbin decides once it
 * is there. tests/unit/policies-decide.test.ts holds both to the same answer for every route, action and endpoint.
 */
import { isPermissionName } from './permissions';
import { tokenize } from './rule';
import type { PolicyLine } from './lines';

/** casbin's keyMatch2, as casbin writes it: `/*` matches anything below, `:name` one segment. */
export function keyMatch2(key1: string, key2: string): boolean {
  let pattern = key2.replace(/\/\*/g, '/.*');
  const param = /(.*):[^/]+(.*)/g;
  while (pattern.includes('/:')) pattern = pattern.replace(param, '$1[^/]+$2');
  if (pattern === '*') pattern = '(.*)';
  return new RegExp(`^${pattern}$`).test(key1);
}

type Held = ReadonlySet<string>;
type Test = (held: Held) => boolean;

/**
 * A readable rule (`(AGENT_F2 || ADMIN_F1) && !ONLY_SHOW_NEW`) as a test of the held permissions: `!` before `&&`
 * before `||`, as in casbin's eval. Throws on an unknown name or a malformed rule, as toCasbinRule does.
 */
export function compileRule(rule: string): Test {
  const tokens = tokenize(rule);
  let at = 0;
  const fail = (): never => {
    throw new Error(`Bad rule "${rule}" at token ${at}`);
  };
  const unary = (): Test => {
    const t = tokens[at++];
    if (t === '!') {
      const inner = unary();
      return (held) => !inner(held);
    }
    if (t === '(') {
      const inner = or();
      if (tokens[at++] !== ')') fail();
      return inner;
    }
    if (t === 'true') return () => true;
    if (t === 'false') return () => false;
    if (t === undefined || t === ')' || t === '&&' || t === '||') return fail();
    if (!isPermissionName(t)) throw new Error(`Unknown permission "${t}" in rule "${rule}"`);
    return (held) => held.has(t);
  };
  const and = (): Test => {
    const parts = [unary()];
    while (tokens[at] === '&&') {
      at += 1;
      parts.push(unary());
    }
    return parts.length === 1 ? parts[0] : (held) => parts.every((p) => p(held));
  };
  const or = (): Test => {
    const parts = [and()];
    while (tokens[at] === '||') {
      at += 1;
      parts.push(and());
    }
    return parts.length === 1 ? parts[0] : (held) => parts.some((p) => p(held));
  };
  const test = or();
  if (at !== tokens.length) fail();
  return test;
}

export type Decide = (permissions: readonly string[], obj: string, act: string) => boolean;

/** The policy lines compiled once; the answer casbin's enforcer of the same lines gives. */
export function createDecide(lines: readonly PolicyLine[]): Decide {
  const compiled = lines.map(([rule, obj, act]) => ({ test: compileRule(rule), obj, act }));
  return (permissions, obj, act) => {
    const held = new Set(permissions);
    return compiled.some((line) => (act === line.act || line.act === '*') && keyMatch2(obj, line.obj) && line.test(held));
  };
}
