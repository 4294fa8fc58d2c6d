/**
 * The money actions of a PNR through the one access path: `bookings.issue`, `bookings.void`, `bookings.cancel` and
 * `bookings.refund` of policies/actions.ts (each the rule of its gateway endpoint). The gateway's `actions` say what
 * the PNR's state allows; a button shows when those list it and access does not refuse it (while the answer is on
 * its way, the gateway's list stands, so nothing flickers).
 */
import { useCan } from '@refinedev/core';
import type { PnrAction } from '../../../../contract/bookings';
import { BOOKINGS_RESOURCE } from '../../api';

export type GuardedAction = Extract<PnrAction, 'issue' | 'void' | 'cancel' | 'refund'>;

export function useActionAccess(): (action: PnrAction) => boolean {
  const refused: Record<GuardedAction, boolean> = {
    issue: useCan({ resource: BOOKINGS_RESOURCE, action: 'issue' }).data?.can === false,
    void: useCan({ resource: BOOKINGS_RESOURCE, action: 'void' }).data?.can === false,
    cancel: useCan({ resource: BOOKINGS_RESOURCE, action: 'cancel' }).data?.can === false,
    refund: useCan({ resource: BOOKINGS_RESOURCE, action: 'refund' }).data?.can === false,
  };
  return (action) => !(action in refused && refused[action as GuardedAction]);
}
