/** Administrators see and filter every agent's bookings of their scope (policies/actions.ts `bookings.filterByAgent`). */
import { useCan } from '@refinedev/core';
import { BOOKINGS_RESOURCE } from '../../api';

export function useSeesAgents(): boolean {
  const { data } = useCan({ resource: BOOKINGS_RESOURCE, action: 'filterByAgent' });
  return data?.can === true;
}
