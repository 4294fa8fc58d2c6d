/**
 * The guard of every portal route (spec point 2): the title, the allow flag and the permission rule of the
 * route, asked of Refine's access-control provider (policies/routes.ts through the casbin enforcer). Denied
 * users go to /not-allow; while the decision is pending the empty placeholder shows.
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Placeholder } from '../ui/Placeholder';
import { usePageTitle } from '../ui/use-page-title';
import { useAccess } from './use-access';

export interface RouteGuardProps {
  /** The route path as written in ROUTE_RULES. */
  path: string;
  /** i18n key of the page title. */
  title: string;
  /** The allow flag; false denies the route whatever the permissions. */
  allow?: boolean;
  children: ReactNode;
}

export const NOT_ALLOW_PATH = '/not-allow';

export function RouteGuard({ path, title, allow = true, children }: RouteGuardProps) {
  usePageTitle(title);
  const can = useAccess({ action: 'list', params: { path } });

  if (!allow) return <Navigate to={NOT_ALLOW_PATH} replace />;
  if (can === undefined) return <Placeholder />;
  if (!can) return <Navigate to={NOT_ALLOW_PATH} replace state={{ from: path }} />;
  return <>{children}</>;
}
