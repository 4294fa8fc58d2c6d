/**
 * The agency administration's calls that are not plain Refine CRUD (lock, unlock, reset password, agency
 * status, the options, the agency settings and the own profile), as Refine hooks over the data provider.
 */
import { App } from 'antd';
import { useCustom, useCustomMutation, useInvalidate, type BaseRecord, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { ADMIN_API } from '../../contract/admin-paths';
import type { AgentOptions } from '../../contract/agents';
import { CHILD_AGENCIES_META, SUB_AGENCIES_META } from './meta';

export { USERS_META, SUB_AGENCIES_META, CHILD_AGENCIES_META } from './meta';

export const withId = (path: string, id: number | string): string => path.replace(':id', encodeURIComponent(String(id)));

export type AgencyKind = 'sub' | 'child';

export const agencyPaths = (kind: AgencyKind) =>
  kind === 'sub'
    ? { list: ADMIN_API.subAgencies, status: ADMIN_API.subAgencyStatus, meta: SUB_AGENCIES_META }
    : { list: ADMIN_API.childAgencies, status: ADMIN_API.childAgencyStatus, meta: CHILD_AGENCIES_META };

/** The error notification of this plugin's commands: the gateway's message, else a plain "not saved". */
export function useFailed() {
  const { t } = useTranslation();
  return (error?: HttpError) => ({ type: 'error' as const, message: error?.message || t('agents.common.saveError') });
}

/** What the caller may assign (agencies in scope, groups, permission strings, roles). */
export function useAgentOptions() {
  const { query, result } = useCustom<AgentOptions>({ url: ADMIN_API.agentOptions, method: 'get', queryOptions: { queryKey: ['agents', 'options'] } });
  return { options: query.data ? (result.data as AgentOptions) : undefined, query };
}

/** One record behind a fixed path (the agency settings, the own profile): read it, save it with PUT. */
export function useSingleton<T extends BaseRecord>(url: string) {
  const { t } = useTranslation();
  const failed = useFailed();
  const { query, result } = useCustom<T>({ url, method: 'get', queryOptions: { queryKey: ['agents', url] } });
  const { mutateAsync, mutation } = useCustomMutation<T>();
  const save = async (values: object) => {
    await mutateAsync({ url, method: 'put', values, successNotification: () => ({ type: 'success', message: t('agents.common.saved') }), errorNotification: failed });
    await query.refetch();
  };
  return { record: query.data ? (result.data as T) : undefined, query, save, saving: mutation.isPending };
}

/** A state change of a user or an agency, each with its words and its endpoint. */
const CHANGES = {
  lock: { prefix: 'agents.users.lock', done: 'agents.users.locked', danger: true, url: ADMIN_API.userLock, body: { reason: null } },
  unlock: { prefix: 'agents.users.unlock', done: 'agents.users.unlocked', danger: false, url: ADMIN_API.userUnlock, body: {} },
  suspend: { prefix: 'agents.agencies.suspend', done: 'agents.agencies.suspended', danger: true, url: '', body: { status: 'suspended' } },
  activate: { prefix: 'agents.agencies.activate', done: 'agents.agencies.activated', danger: false, url: '', body: { status: 'active' } },
} as const;

export type StateChange = keyof typeof CHANGES;

/**
 * `confirm(change, target, onDone?)`: asks (title, text, a danger button where it hurts), then posts the change
 * and refreshes `resource`'s lists; `onDone` gets the record the gateway answers.
 */
export function useStateChange(resource: string, kind?: AgencyKind) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const failed = useFailed();
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation();
  return <R,>(change: StateChange, target: { id: number; name: string }, onDone?: (record: R) => void) => {
    const c = CHANGES[change];
    const url = withId(c.url || (kind ? agencyPaths(kind).status : ''), target.id);
    modal.confirm({
      title: t(`${c.prefix}Title`, { username: target.name, name: target.name }),
      content: t(`${c.prefix}Text`),
      okText: t(c.prefix),
      okButtonProps: { danger: c.danger },
      cancelText: t('agents.common.cancel'),
      onOk: async () => {
        try {
          const { data } = await mutateAsync({ url, method: 'post', values: c.body, successNotification: () => ({ type: 'success', message: t(c.done) }), errorNotification: failed });
          onDone?.(data as R);
          await invalidate({ resource, invalidates: ['list'] });
        } catch {
          // the error notification has told
        }
      },
    });
  };
}

/** Asks, then resets the user's password and shows the temporary one (once). */
export function useResetPassword() {
  const { mutateAsync } = useCustomMutation<{ ok: true; generatedPassword?: string }>();
  const failed = useFailed();
  return (id: number) => mutateAsync({ url: withId(ADMIN_API.userResetPassword, id), method: 'post', values: {}, successNotification: false, errorNotification: failed });
}
