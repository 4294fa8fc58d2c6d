/** The system screens' reads and commands that are not plain Refine CRUD, as Refine hooks over the data provider. */
import { useCustom, useCustomMutation, type BaseRecord, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { ADMIN_API } from '../../contract/admin-paths';
import type { FeeTable, SignIn } from '../../contract/admin-system';
import type { AgentOptions } from '../../contract/agents';

export { GROUPS_META, RESERVATION_ERRORS_META } from './meta';

/** The sign-ins as a Refine resource (not in the menu: its screens read the list with its `inherited` flag). */
export const SIGNINS = { resource: 'system-signins', meta: { path: ADMIN_API.signIns } } as const;

/** The error notification of this plugin's commands: the gateway's message, else a plain "not saved". */
export function useFailed() {
  const { t } = useTranslation();
  return (error?: HttpError) => ({ type: 'error' as const, message: error?.message || t('system.common.saveError') });
}

/** A read of `url`; `value` once it is there. */
function useRead<T extends BaseRecord>(url: string, key: readonly unknown[], query?: Record<string, unknown>) {
  const { query: q, result } = useCustom<T>({ url, method: 'get', config: { query }, queryOptions: { queryKey: ['system', ...key] } });
  return { value: q.data ? (result.data as T) : undefined, query: q };
}

/** Permission strings with their grantable flag (the same options the user screens use). */
export function usePermissionOptions() {
  const { value, query } = useRead<AgentOptions>(ADMIN_API.agentOptions, ['options']);
  return { options: value, query };
}

/** The agency's sign-ins in any order, and whether they are the parent agency's (read-only here). */
export function useSignIns() {
  const { value, query } = useRead<{ data: SignIn[]; total: number; inherited: boolean }>(ADMIN_API.signIns, ['signins']);
  const list = value ? { rows: value.data, inherited: value.inherited } : undefined;
  return { list, query };
}

export function useFees(targetAgencyId: number | undefined) {
  const { value, query } = useRead<FeeTable>(ADMIN_API.fees, ['fees', targetAgencyId ?? 'own'], targetAgencyId ? { targetAgencyId } : {});
  return { table: value, query };
}

export function usePinStatus() {
  const { value, query } = useRead<{ hasPin: boolean }>(ADMIN_API.pinCode, ['pin']);
  return { status: value, query };
}

/** A PUT or POST of this plugin with its success words; errors go to the caller (`errorNotification` false) or to a toast. */
export function useCommand() {
  const { t } = useTranslation();
  const failed = useFailed();
  const { mutateAsync, mutation } = useCustomMutation();
  const run = (url: string, method: 'post' | 'put', values: object, options: { done?: string; toast?: boolean; meta?: Record<string, unknown> } = {}) =>
    mutateAsync({
      url,
      method,
      values,
      meta: options.meta,
      successNotification: options.done ? () => ({ type: 'success', message: t(options.done!) }) : false,
      errorNotification: options.toast === false ? false : failed,
    });
  return { run, running: mutation.isPending };
}
