/**
 * The guard of every portal route (spec point 2): the title, the allow flag and the permission rule of the
 * route (policies/routes.ts through the casbin enforcer). Denied users go to /not-allow; while the decision
 * is pending the empty placeholder shows.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { usePermissionList } from '../auth/hooks';
import { Placeholder } from '../ui/Placeholder';
import { usePageTitle } from '../ui/use-page-title';
import { accessFor } from './enforcer';

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
  const permissions = usePermissionList();
  const access = accessFor(permissions);
  const decisionKey = `${access.key}|${path}`;
  const [decision, setDecision] = useState<{ key: string; can: boolean } | null>(null);

  useEffect(() => {
    if (!allow) return;
    let live = true;
    access.can(path).then(
      (can) => live && setDecision({ key: decisionKey, can }),
      () => live && setDecision({ key: decisionKey, can: false }),
    );
    return () => {
      live = false;
    };
  }, [access, path, allow, decisionKey]);

  if (!allow) return <Navigate to={NOT_ALLOW_PATH} replace />;
  if (!decision || decision.key !== decisionKey) return <Placeholder />;
  if (!decision.can) return <Navigate to={NOT_ALLOW_PATH} replace state={{ from: path }} />;
  return <>{children}</>;
}
