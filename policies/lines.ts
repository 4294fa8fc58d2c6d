/**
 * The policy lines of the portal and the gateway in their readable form (`[rule, path pattern, action]`, the rule as
 * routes.ts, actions.ts and endpoints.ts write it). casbin's enforcer (enforcer.ts) loads them with the rules
 * rewritten for its model; the portal's direct decisions (decide.ts) read them as they are. No casbin here.
 */
import { VIEW } from './model';
import { ROUTE_RULES } from './routes';
import { ENDPOINT_RULES } from './endpoints';
import { ACTION_RULES, actionObject, actionRule } from './actions';

export type PolicyLine = [rule: string, obj: string, act: string];

export function routeLines(): PolicyLine[] {
  return ROUTE_RULES.map((r) => [r.rule, r.path, VIEW]);
}

/** The named actions of policies/actions.ts, each under its own object with action `view`. */
export function actionLines(): PolicyLine[] {
  return Object.keys(ACTION_RULES).map((key) => {
    const [resource, action] = key.split('.');
    return [actionRule(resource, action) as string, actionObject(resource, action), VIEW];
  });
}

export function endpointLines(): PolicyLine[] {
  return Object.entries(ENDPOINT_RULES).map(([key, r]) => {
    const [method, path] = key.split(' ');
    return [r.rule, path, method];
  });
}
