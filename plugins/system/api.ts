/** Calls of the system screens that are not plain Refine CRUD: sign-ins, fees, password, PIN, options. */
import { useCustom } from '@refinedev/core';
import { ADMIN_API } from '../../contract/admin-paths';
import type { FeeItem, FeeTable, SignIn, SignInCreate, SignInList, SignInUpdate } from '../../contract/admin-system';
import type { AgentOptions } from '../../contract/agents';
import { api } from '../../src/sdk';

export { GROUPS_META, RESERVATION_ERRORS_META } from './meta';

const withId = (path: string, id: number): string => path.replace(':id', String(id));

/** Permission strings with their grantable flag (the same options the user screens use). */
export function usePermissionOptions() {
  const { query, result } = useCustom<AgentOptions>({ url: ADMIN_API.agentOptions, method: 'get', queryOptions: { queryKey: ['agents', 'options'] } });
  return { options: query.data ? (result.data as AgentOptions) : undefined, query };
}

export function useSignIns() {
  const { query, result } = useCustom<SignInList>({ url: ADMIN_API.signIns, method: 'get', queryOptions: { queryKey: ['system', 'signins'] } });
  return { list: query.data ? (result.data as SignInList) : undefined, query };
}

export async function createSignIn(body: SignInCreate): Promise<SignIn> {
  return (await api.post<SignIn>(ADMIN_API.signIns, body)).data;
}

export async function updateSignIn(id: number, body: SignInUpdate): Promise<SignIn> {
  return (await api.put<SignIn>(withId(ADMIN_API.signIn, id), body)).data;
}

export async function deleteSignIn(id: number): Promise<void> {
  await api.delete(withId(ADMIN_API.signIn, id));
}

export function useFees(targetAgencyId: number | undefined) {
  const { query, result } = useCustom<FeeTable>({
    url: ADMIN_API.fees,
    method: 'get',
    config: { query: targetAgencyId ? { targetAgencyId } : {} },
    queryOptions: { queryKey: ['system', 'fees', targetAgencyId ?? 'own'] },
  });
  return { table: query.data ? (result.data as FeeTable) : undefined, query };
}

export async function replaceFees(targetAgencyId: number, items: FeeItem[]): Promise<FeeTable> {
  return (await api.put<FeeTable>(ADMIN_API.fees, { targetAgencyId, items })).data;
}

export async function changeOwnPassword(oldPassword: string, newPassword: string): Promise<void> {
  await api.post(ADMIN_API.changePassword, { oldPassword, newPassword });
}

export function usePinStatus() {
  const { query, result } = useCustom<{ hasPin: boolean }>({ url: ADMIN_API.pinCode, method: 'get', queryOptions: { queryKey: ['system', 'pin'] } });
  return { status: query.data ? (result.data as { hasPin: boolean }) : undefined, query };
}

/** PUT the PIN; a wrong current PIN (403/121) is this screen's own error, not a trip to /not-allow. */
export async function savePin(newPin: string, oldPin?: string): Promise<{ hasPin: boolean }> {
  return (await api.put<{ hasPin: boolean }>(ADMIN_API.pinCode, oldPin ? { oldPin, newPin } : { newPin }, { skipAuthRedirect: true })).data;
}
