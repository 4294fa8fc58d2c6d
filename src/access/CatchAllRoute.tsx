/**
 * Paths no plugin has registered. A path that matches a route rule of policies/routes.ts which the user is
 * denied goes to /not-allow (so deep links to screens not built yet still say "not allowed" to those who
 * could never open them); every other unknown path redirects to / (spec point 2). The decision is the
 * access-control provider's, as for every route.
 */
import { matchPath, Navigate, useLocation } from 'react-router';
import { ROUTE_RULES } from '../../policies/routes';
import { Placeholder } from '../ui/Placeholder';
import { NOT_ALLOW_PATH } from './RouteGuard';
import { useAccess } from './use-access';

/** The ROUTE_RULES path pattern a URL path matches, if any (public pages excluded). */
export function ruleFor(pathname: string): string | undefined {
  return ROUTE_RULES.find((r) => !r.public && matchPath({ path: r.path, end: true }, pathname))?.path;
}

export function CatchAllRoute() {
  const { pathname } = useLocation();
  const rule = ruleFor(pathname);
  const can = useAccess({ action: 'list', params: { path: rule ?? '/' } });

  if (!rule) return <Navigate to="/" replace />;
  if (can === undefined) return <Placeholder />;
  return <Navigate to={can ? '/' : NOT_ALLOW_PATH} replace />;
}
