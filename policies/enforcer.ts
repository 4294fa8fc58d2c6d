/**
 * One casbin enforcer for all route and endpoint rules, used by the portal (lazily loaded) and the gateway.
 * Build it once; check with `allowed(enforcer, permissions, path, action)`.
 */
import { newEnforcer, newModelFromString, type Enforcer } from 'casbin';
import { CASBIN_MODEL } from './model';
import { actionLines, endpointLines, routeLines, type PolicyLine } from './lines';
import { toCasbinRule, toSubject } from './rule';

export type { PolicyLine };

const forCasbin = (lines: PolicyLine[]): PolicyLine[] => lines.map(([rule, obj, act]) => [toCasbinRule(rule), obj, act]);

export function routePolicies(): PolicyLine[] {
  return forCasbin(routeLines());
}

/** The named actions of policies/actions.ts, each under its own object with action `view`. */
export function actionPolicies(): PolicyLine[] {
  return forCasbin(actionLines());
}

export function endpointPolicies(): PolicyLine[] {
  return forCasbin(endpointLines());
}

export async function createEnforcer(lines: PolicyLine[] = [...routePolicies(), ...endpointPolicies()]): Promise<Enforcer> {
  const enforcer = await newEnforcer(newModelFromString(CASBIN_MODEL));
  await enforcer.addPolicies(lines);
  return enforcer;
}

// gw-request: decisions memoized per enforcer. An enforcer's policy is fixed once createEnforcer built it (nothing
// adds or removes lines later), so a decision depends only on (permissions, object, action); the set of distinct
// permission sets is small (roles × groups), and the memo of an enforcer is bounded anyway.
const MAX_DECISIONS = 20_000;
const decisions = new WeakMap<Enforcer, Map<string, boolean>>();

export async function allowed(enforcer: Enforcer, permissions: readonly string[], obj: string, act: string): Promise<boolean> {
  let memo = decisions.get(enforcer);
  if (!memo) decisions.set(enforcer, (memo = new Map()));
  const key = `${[...permissions].sort().join(',')}\n${obj}\n${act}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const verdict = await enforcer.enforce(toSubject(permissions), obj, act);
  if (memo.size >= MAX_DECISIONS) memo.clear();
  memo.set(key, verdict);
  return verdict;
}
