/**
 * booking-detail's `actions` = what the PNR's state allows (contract stateActions) ∩ the endpoint rules the
 * caller passes (gateway/bookings/actions.ts). Checked against the former single rule, which wrote the
 * permission names out, for every combination of the permissions involved and every state: the answer
 * must not change for any user. No server: the rules are evaluated by the same casbin enforcer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RECORD_STATUSES, type PnrAction, type PnrState } from '../../contract/bookings';
import { createEnforcer, endpointPolicies } from '../../policies/enforcer';
import { derivePermissions } from '../../policies/permissions';
import { DEMO_ACCOUNTS, DEMO_GROUPS } from '../../gateway/seed/demo';
import { permittedActions, pnrActions } from '../../gateway/bookings/actions';

/** The rule as it stood before the split (spec points 2, 4 and 6). */
function formerActions(p: PnrState, permissions: readonly string[], now: Date): PnrAction[] {
  const has = (name: string) => permissions.includes(name);
  const live = (iso: string) => iso !== '' && new Date(iso).getTime() > now.getTime();
  const held = (p.recordStatus === 'BOOKED' || p.recordStatus === 'TIME OUT COMMING') && live(p.timeLimit);
  const issued = p.recordStatus === 'ISSUE TICKET';
  const out: PnrAction[] = [];
  if (held && (has('EXPORT_TICKET') || has('VOID_VIEW_TICKETS'))) out.push('issue');
  if (issued && live(p.voidUntil) && (has('VOID_VNA') || has('VOID_VIEW_TICKETS'))) out.push('void');
  if (held) out.push('cancel');
  if (issued && !live(p.voidUntil) && p.refundablePax > 0 && has('EXPORT_TICKET') && has('REFUND_TICKET')) out.push('refund');
  if (p.recordStatus !== 'FAILED') out.push('print');
  return out;
}

const INVOLVED = ['EXPORT_TICKET', 'VOID_VIEW_TICKETS', 'VOID_VNA', 'REFUND_TICKET'] as const;
const now = new Date('2030-01-10T10:00:00Z');
const times = ['', '2030-01-10T08:00:00Z', '2030-01-10T12:00:00Z'];
const states: PnrState[] = RECORD_STATUSES.flatMap((recordStatus) =>
  times.flatMap((timeLimit) => times.flatMap((voidUntil) => [0, 1].map((refundablePax) => ({ recordStatus, timeLimit, voidUntil, refundablePax })))),
);

/** Every subset of the involved permissions, beside one unrelated name (the ANDs and ORs both matter). */
const permissionSets: string[][] = Array.from({ length: 1 << INVOLVED.length }, (_, mask) => [
  'AGENT_F2',
  ...INVOLVED.filter((_, i) => mask & (1 << i)),
]);

let enforcer: Awaited<ReturnType<typeof createEnforcer>>;
beforeAll(async () => {
  enforcer = await createEnforcer(endpointPolicies());
});

describe('booking-detail actions: state ∩ endpoint rules', () => {
  it('equal the former rule for every combination of the permissions involved and every state', async () => {
    for (const permissions of permissionSets) {
      const permitted = await permittedActions(enforcer, permissions);
      for (const state of states) {
        expect(pnrActions(state, permitted, now), `${permissions.join(',')} ${JSON.stringify(state)}`).toEqual(formerActions(state, permissions, now));
      }
    }
  });

  it('equal the former rule for every demo account', async () => {
    for (const a of DEMO_ACCOUNTS) {
      const group = DEMO_GROUPS.find((g) => g.agency === a.agency && g.name === a.group);
      const permissions = derivePermissions(a.role, group?.permissions ?? [], a.permissions);
      const permitted = await permittedActions(enforcer, permissions);
      for (const state of states) expect(pnrActions(state, permitted, now), a.username).toEqual(formerActions(state, permissions, now));
    }
  });
});
