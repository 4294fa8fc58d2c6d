/**
 * Route access from the permission list, with the casbin model and route rules of policies/.
 * casbin's enforcer is loaded after the first page's content (`getEnforcer()`, started by the App once the content
 * is shown): until it is built, decisions come from the same policy lines read directly (policies/decide.ts, held
 * to casbin's answers for every route, action and permission set by tests/unit/policies-decide.test.ts), so the
 * menu and the home's checks need no casbin. Once it is built, casbin decides. `accessFor(list)` is memoised by the
 * sorted list, so every permission set gets one checker whose casbin decisions are cached per path.
 */
import type { Enforcer } from 'casbin';
import { createDecide, type Decide } from '../../policies/decide';
import { actionLines, routeLines } from '../../policies/lines';
import { VIEW } from '../../policies/model';

type CasbinModule = typeof import('../../policies/enforcer');

let enforcer: Promise<Enforcer> | null = null;
let built: { enforcer: Enforcer; allowed: CasbinModule['allowed'] } | null = null;
let builds = 0;
let direct: Decide | null = null;

/** casbin's enforcer of the portal's lines, built once (its code is fetched the first time). */
export function getEnforcer(): Promise<Enforcer> {
  if (!enforcer) {
    builds += 1;
    enforcer = import('../../policies/enforcer').then(async ({ actionPolicies, allowed, createEnforcer, routePolicies }) => {
      const e = await createEnforcer([...routePolicies(), ...actionPolicies()]);
      built = { enforcer: e, allowed };
      return e;
    });
    // a failed fetch (the network) is tried again by the next call; meanwhile the direct decisions answer
    enforcer.catch(() => {
      enforcer = null;
    });
  }
  return enforcer;
}

/** How many times an enforcer was built (1 after any number of checks). */
export function enforcerBuilds(): number {
  return builds;
}

/** Whether casbin decides now (its enforcer is built), rather than the direct reading of the lines. */
export function casbinDecides(): boolean {
  return built !== null;
}

function decideDirect(permissions: readonly string[], path: string, action: string): boolean {
  direct ??= createDecide([...routeLines(), ...actionLines()]);
  return direct(permissions, path, action);
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
      const casbin = built;
      if (!casbin) return Promise.resolve(decideDirect(list, path, action));
      const k = `${action} ${path}`;
      let d = decisions.get(k);
      if (!d) {
        d = casbin.allowed(casbin.enforcer, list, path, action);
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
