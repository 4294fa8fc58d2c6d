/**
 * booking-detail's actions: what the PNR's state allows (contract stateActions), kept only where the caller
 * passes the rule of the endpoint the action calls (policies/endpoints.ts), checked with the casbin enforcer
 * like the endpoint itself.
 */
import type { Enforcer } from 'casbin';
import { BOOKINGS_API, PNR_ACTIONS, stateActions, type PnrAction, type PnrState } from '../../contract/bookings';
import { allowed } from '../../policies/enforcer';

/** The endpoint each action calls. */
export const ACTION_ENDPOINTS: Readonly<Record<PnrAction, { method: 'GET' | 'POST'; path: string }>> = {
  issue: { method: 'POST', path: BOOKINGS_API.issue },
  void: { method: 'POST', path: BOOKINGS_API.void },
  cancel: { method: 'POST', path: BOOKINGS_API.cancel },
  refund: { method: 'POST', path: BOOKINGS_API.refund },
  print: { method: 'GET', path: BOOKINGS_API.print },
};

/** The actions whose endpoint rule the caller's permissions pass. */
export async function permittedActions(enforcer: Enforcer, permissions: readonly string[]): Promise<ReadonlySet<PnrAction>> {
  const checks = await Promise.all(
    PNR_ACTIONS.map(async (a) => [a, await allowed(enforcer, permissions, ACTION_ENDPOINTS[a].path, ACTION_ENDPOINTS[a].method)] as const),
  );
  return new Set(checks.filter(([, ok]) => ok).map(([a]) => a));
}

/** The actions of one PNR for a caller who may take `permitted`. */
export function pnrActions(state: PnrState, permitted: ReadonlySet<PnrAction>, now: Date): PnrAction[] {
  return stateActions(state, now).filter((a) => permitted.has(a));
}
