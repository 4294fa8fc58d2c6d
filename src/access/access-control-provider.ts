/**
 * Refine's accessControlProvider, the ONE access path of the portal (route guard, menu, buttons):
 * - a named action of policies/actions.ts (`bookings.issue`, `home.newHome`...) is checked with its rule,
 *   which for an endpoint action is the gateway's own rule of that endpoint;
 * - otherwise the resource / action pair is mapped to its route path (`params.path` when given, else the
 *   resource's list / create / edit / show / clone route: the registered resource of that name, since Refine
 *   strips the routes from `params.resource`) and checked with the route rules.
 * A resource without any route has nothing to hide (the gateway decides).
 */
import type { AccessControlProvider, CanParams, CanReturnType, ResourceProps } from '@refinedev/core';
import { actionObject, actionRule } from '../../policies/actions';
import { VIEW } from '../../policies/model';
import { currentPermissions } from '../auth/permissions-store';
import { accessFor } from './enforcer';

type RouteAction = 'list' | 'create' | 'edit' | 'show' | 'clone';
const ROUTE_ACTIONS: readonly string[] = ['list', 'create', 'edit', 'show', 'clone'];

export function pathOf({ action, params }: CanParams, registered?: ResourceProps): string | undefined {
  if (typeof params?.path === 'string') return params.path;
  const resource = registered ?? params?.resource;
  if (!resource) return undefined;
  const key = (ROUTE_ACTIONS.includes(action) ? action : 'list') as RouteAction;
  const route = resource[key] ?? resource.list;
  return typeof route === 'string' ? route : undefined;
}

export function createAccessControlProvider(
  permissions: () => readonly string[] = currentPermissions,
  resources: () => readonly ResourceProps[] = () => [],
): AccessControlProvider {
  return {
    can: async (params: CanParams): Promise<CanReturnType> => {
      if (params.resource && actionRule(params.resource, params.action) !== undefined) {
        const can = await accessFor(permissions()).can(actionObject(params.resource, params.action), VIEW);
        return can ? { can } : { can, reason: 'forbidden' };
      }
      const path = pathOf(params, params.resource ? resources().find((r) => r.name === params.resource) : undefined);
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

/** The provider of the signed-in app, answering for the composed resources. */
export function portalAccessControlProvider(resources: readonly ResourceProps[]): AccessControlProvider {
  return createAccessControlProvider(currentPermissions, () => resources);
}
