/**
 * Calls of the agency administration that are not plain Refine CRUD (lock, unlock, reset password, agency
 * status, options, settings, own profile, uploads), and the Refine meta of the CRUD resources.
 */
import { ADMIN_API } from '../../contract/admin-paths';
import type {
  AccountInfo,
  AccountInfoUpdate,
  AgencyConfig,
  AgencyConfigUpdate,
  AdminUser,
  AgentOptions,
  SubAgency,
} from '../../contract/agents';
import { useCustom } from '@refinedev/core';
import { api } from '../../src/sdk';

export const withId = (path: string, id: number | string): string => path.replace(':id', encodeURIComponent(String(id)));

export { USERS_META, SUB_AGENCIES_META, CHILD_AGENCIES_META } from './meta';
import { CHILD_AGENCIES_META, SUB_AGENCIES_META } from './meta';

export type AgencyKind = 'sub' | 'child';

export const agencyPaths = (kind: AgencyKind) =>
  kind === 'sub'
    ? { list: ADMIN_API.subAgencies, status: ADMIN_API.subAgencyStatus, meta: SUB_AGENCIES_META }
    : { list: ADMIN_API.childAgencies, status: ADMIN_API.childAgencyStatus, meta: CHILD_AGENCIES_META };


export async function lockUser(id: number): Promise<AdminUser> {
  return (await api.post<AdminUser>(withId(ADMIN_API.userLock, id), { reason: null })).data;
}

export async function unlockUser(id: number): Promise<AdminUser> {
  return (await api.post<AdminUser>(withId(ADMIN_API.userUnlock, id), {})).data;
}

export async function resetUserPassword(id: number): Promise<{ ok: true; generatedPassword?: string }> {
  return (await api.post<{ ok: true; generatedPassword?: string }>(withId(ADMIN_API.userResetPassword, id), {})).data;
}

export async function setAgencyStatus(kind: AgencyKind, id: number, status: 'active' | 'suspended'): Promise<SubAgency> {
  return (await api.post<SubAgency>(withId(agencyPaths(kind).status, id), { status })).data;
}

export async function fetchAgencyConfig(): Promise<AgencyConfig> {
  return (await api.get<AgencyConfig>(ADMIN_API.agencyConfig)).data;
}

export async function saveAgencyConfig(body: AgencyConfigUpdate): Promise<AgencyConfig> {
  return (await api.put<AgencyConfig>(ADMIN_API.agencyConfig, body)).data;
}

export async function fetchAccountInfo(): Promise<AccountInfo> {
  return (await api.get<AccountInfo>(ADMIN_API.accountInfo)).data;
}

export async function saveAccountInfo(body: AccountInfoUpdate): Promise<AccountInfo> {
  return (await api.put<AccountInfo>(ADMIN_API.accountInfo, body)).data;
}

export const uploadUrl = (id: string): string => withId(ADMIN_API.upload, id);

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** POST /api/uploads with the file inside the normal envelope; answers the upload id. */
export async function uploadImage(file: File): Promise<string> {
  const contentBase64 = toBase64(await file.arrayBuffer());
  const { data } = await api.post<{ id: string }>(ADMIN_API.uploads, { fileName: file.name, contentBase64, kind: 'image' });
  return data.id;
}

/** What the caller may assign (agencies in scope, groups, permission strings, roles), through Refine. */
export function useAgentOptions() {
  const { query, result } = useCustom<AgentOptions>({ url: ADMIN_API.agentOptions, method: 'get', queryOptions: { queryKey: ['agents', 'options'] } });
  return { options: query.data ? (result.data as AgentOptions) : undefined, query };
}
