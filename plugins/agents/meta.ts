/** Refine meta of the agency-administration resources (see src/api/data-provider.ts). */
import { ADMIN_API } from '../../contract/admin-paths';

export const USERS_META = { path: ADMIN_API.users } as const;
export const SUB_AGENCIES_META = { path: ADMIN_API.subAgencies } as const;
export const CHILD_AGENCIES_META = { path: ADMIN_API.childAgencies } as const;
