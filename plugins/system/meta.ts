/** Refine meta of the system-administration resources (see src/api/data-provider.ts). */
import { ADMIN_API } from '../../contract/admin-paths';
import { OUTBOX_API } from '../../contract/outbox';

export const GROUPS_META = { path: ADMIN_API.groups } as const;
export const RESERVATION_ERRORS_META = { path: ADMIN_API.reservationErrors } as const;
// reliability: the operators' outbox screen
export const OUTBOX_META = { path: OUTBOX_API.list } as const;
