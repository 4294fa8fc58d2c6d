/**
 * The shell's access hooks over Refine's access-control provider (the one access path). Each decision's
 * query key holds the permission set, so a decision follows a change of permissions (pending again, then the
 * new answer) and is cached per set by react-query as well as by the casbin checker behind the provider.
 */
import { useCan, useCanWithoutCache, useKeys } from '@refinedev/core';
import { useQueries, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { usePermissionList } from '../auth/hooks';
import { currentPermissions, subscribePermissions } from '../auth/permissions-store';
import { accessKey } from './enforcer';

export interface AccessQuery {
  resource?: string;
  action: string;
  params?: Record<string, unknown>;
}

/** `undefined` while pending; a failed decision is a denial. */
export type Decision = boolean | undefined;

function usePermissionsKey(): string {
  return accessKey(usePermissionList());
}

/** One decision: `useCan` keyed by the permission set. */
export function useAccess({ resource, action, params }: AccessQuery): Decision {
  const permissionsKey = usePermissionsKey();
  const { data, isError } = useCan({ resource, action, params: { ...params, permissionsKey } });
  if (isError) return false;
  return data?.can;
}

/** Several decisions at once (the side menu, quick links): the same queries as `useAccess`, in order. */
export function useAccessEach(queries: readonly AccessQuery[]): { decisions: Decision[]; ready: boolean } {
  const permissionsKey = usePermissionsKey();
  const { can } = useCanWithoutCache();
  const { keys } = useKeys();
  const results = useQueries({
    queries: queries.map(({ resource, action, params }) => {
      const withKey = { ...params, permissionsKey };
      return {
        queryKey: keys().access().resource(resource).action(action).params({ params: withKey, enabled: undefined }).get(),
        queryFn: () => can?.({ resource, action, params: withKey }) ?? Promise.resolve({ can: true }),
        retry: false,
        staleTime: 0,
        gcTime: 60_000,
      };
    }),
  });
  const decisions = results.map((r): Decision => (r.isError ? false : r.data?.can));
  return { decisions, ready: decisions.every((d) => d !== undefined) };
}

/**
 * Asks now the decision a page's route guard will ask (`RouteGuard`: `list` on the route's path), into the same
 * cache entry, for a panel that knows which page its click opens. The check runs while the router renders the
 * layout for the new address, and the page renders with the route's first render instead of a placeholder that
 * waits for the check.
 */
export function usePrefetchPageAccess(): (path: string) => void {
  const client = useQueryClient();
  const permissionsKey = usePermissionsKey();
  const { can } = useCanWithoutCache();
  const { keys } = useKeys();
  return (path) => {
    const params = { path, permissionsKey };
    void client.prefetchQuery({
      // exactly useCan's key for `useAccess({ action: 'list', params: { path } })` (its `resource: undefined` drops out)
      queryKey: keys().access().resource(undefined).action('list').params({ params, enabled: undefined }).get(),
      queryFn: () => can?.({ action: 'list', params }) ?? Promise.resolve({ can: true }),
      retry: false,
      gcTime: 60_000,
    });
  };
}

/**
 * Refreshes every access decision when the permission set changes (plugins' own `useCan` calls are not keyed
 * by it): the cached answers are kept while the new ones load, so nothing flashes.
 */
export function refreshAccessOnPermissionChange(client: QueryClient): () => void {
  let last = accessKey(currentPermissions());
  return subscribePermissions((list) => {
    const next = accessKey(list);
    if (next === last) return;
    last = next;
    void client.invalidateQueries({ queryKey: ['access'] });
  });
}
