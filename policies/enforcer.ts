/**
 * One casbin enforcer for all route and endpoint rules, used by the portal (lazily loaded) and the gateway.
 * Build it once; check with `allowed(enforcer, permissions, path, action)`.
 */
import { newEnforcer, newModelFromString, type Enforcer } from 'casbin';
import { CASBIN_MODEL, VIEW } from './model';
import { ROUTE_RULES } from './routes';
import { ENDPOINT_RULES } from './endpoints';
import { ACTION_RULES, actionObject, actionRule } from './actions';
import { toCasbinRule, toSubject } from './rule';

export type PolicyLine = [rule: string, obj: string, act: string];

export function routePolicies(): PolicyLine[] {
  return ROUTE_RULES.map((r) => [toCasbinRule(r.rule), r.path, VIEW]);
}

/** The named actions of policies/actions.ts, each under its own object with action `view`. */
export function actionPolicies(): PolicyLine[] {
  return Object.keys(ACTION_RULES).map((key) => {
    const [resource, action] = key.split('.');
    return [toCasbinRule(actionRule(resource, action) as string), actionObject(resource, action), VIEW];
  });
}

export function endpointPolicies(): PolicyLine[] {
  return Object.entries(ENDPOINT_RULES).map(([key, r]) => {
    const [method, path] = key.split(' ');
    return [toCasbinRule(r.rule), path, method];
  });
}

export async function createEnforcer(lines: PolicyLine[] = [...routePolicies(), ...endpointPolicies()]): Promise<Enforcer> {
  const enforcer = await newEnforcer(newModelFromString(CASBIN_MODEL));
  await enforcer.addPolicies(lines);
  return enforcer;
}

export async function allowed(enforcer: Enforcer, permissions: readonly string[], obj: string, act: string): Promise<boolean> {
  return enforcer.enforce(toSubject(permissions), obj, act);
}
