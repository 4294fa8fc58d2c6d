/**
 * Refine's accessControlProvider: a resource / action pair is mapped to its route path (the resource's
 * list / create / edit / show / clone route, or `params.path` when given) and checked with the casbin
 * enforcer with action 'view'. A resource without any route has nothing to hide (the gateway decides).
 */
import type { AccessControlProvider, CanParams, CanReturnType } from '@refinedev/core';
import { VIEW } from '../../policies/model';
import { currentPermissions } from '../auth/permissions-store';
import { accessFor } from './enforcer';

type RouteAction = 'list' | 'create' | 'edit' | 'show' | 'clone';
const ROUTE_ACTIONS: readonly string[] = ['list', 'create', 'edit', 'show', 'clone'];

export function pathOf({ action, params }: CanParams): string | undefined {
  if (typeof params?.path === 'string') return params.path;
  const resource = params?.resource;
  if (!resource) return undefined;
  const key = (ROUTE_ACTIONS.includes(action) ? action : 'list') as RouteAction;
  const route = resource[key] ?? resource.list;
  return typeof route === 'string' ? route : undefined;
}

export function createAccessControlProvider(permissions: () => readonly string[] = currentPermissions): AccessControlProvider {
  return {
    can: async (params: CanParams): Promise<CanReturnType> => {
      const path = pathOf(params);
      if (!path) return { can: true };
      const can = await accessFor(permissions()).can(path, VIEW);
      return can ? { can } : { can, reason: 'forbidden' };
    },
    options: {
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
      queryOptions: { staleTime: 0, gcTime: 60_000 },
    },
  };
}

export const accessControlProvider = createAccessControlProvider();
