/**
 * Route access from the permission list, with the casbin model and route rules of policies/.
 * The casbin enforcer is built once (lazily, with this module); `accessFor(list)` is memoised by the sorted
 * list, so every permission set gets one checker whose decisions are cached per path.
 */
import type { Enforcer } from 'casbin';
import { actionPolicies, allowed, createEnforcer, routePolicies } from '../../policies/enforcer';
import { VIEW } from '../../policies/model';

let enforcer: Promise<Enforcer> | null = null;
let builds = 0;

export function getEnforcer(): Promise<Enforcer> {
  if (!enforcer) {
    builds += 1;
    enforcer = createEnforcer([...routePolicies(), ...actionPolicies()]);
  }
  return enforcer;
}

/** How many times an enforcer was built (1 after any number of checks). */
export function enforcerBuilds(): number {
  return builds;
}

export interface Access {
  /** The sorted permission list this checker decides for. */
  readonly key: string;
  readonly permissions: readonly string[];
  /** May the user open this route path (a ROUTE_RULES path or a concrete URL)? */
  can(path: string, action?: string): Promise<boolean>;
}

const MEMO_LIMIT = 16;
const memo = new Map<string, Access>();

export function accessKey(permissions: readonly string[]): string {
  return [...new Set(permissions)].sort().join(',');
}

export function accessFor(permissions: readonly string[]): Access {
  const key = accessKey(permissions);
  const hit = memo.get(key);
  if (hit) return hit;
  const list = Object.freeze(key ? key.split(',') : []);
  const decisions = new Map<string, Promise<boolean>>();
  const access: Access = {
    key,
    permissions: list,
    can(path, action = VIEW) {
      const k = `${action} ${path}`;
      let d = decisions.get(k);
      if (!d) {
        d = getEnforcer().then((e) => allowed(e, list, path, action));
        decisions.set(k, d);
      }
      return d;
    },
  };
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
  memo.set(key, access);
  return access;
}

/** For tests. */
export function resetAccessMemo(): void {
  memo.clear();
}
