/**
 * Paths no plugin has registered. A path that matches a route rule of policies/routes.ts which the user is
 * denied goes to /not-allow (so deep links to screens not built yet still say "not allowed" to those who
 * could never open them); every other unknown path redirects to / (spec point 2).
 */
import { useEffect, useState } from 'react';
import { matchPath, Navigate, useLocation } from 'react-router';
import { ROUTE_RULES } from '../../policies/routes';
import { usePermissionList } from '../auth/hooks';
import { Placeholder } from '../ui/Placeholder';
import { accessFor } from './enforcer';
import { NOT_ALLOW_PATH } from './RouteGuard';

/** The ROUTE_RULES path pattern a URL path matches, if any (public pages excluded). */
export function ruleFor(pathname: string): string | undefined {
  return ROUTE_RULES.find((r) => !r.public && matchPath({ path: r.path, end: true }, pathname))?.path;
}

export function CatchAllRoute() {
  const { pathname } = useLocation();
  const access = accessFor(usePermissionList());
  const rule = ruleFor(pathname);
  const key = `${access.key}|${pathname}`;
  const [denied, setDenied] = useState<{ key: string; value: boolean } | null>(null);

  useEffect(() => {
    if (!rule) return;
    let live = true;
    access.can(rule).then(
      (can) => live && setDenied({ key, value: !can }),
      () => live && setDenied({ key, value: true }),
    );
    return () => {
      live = false;
    };
  }, [access, rule, key]);

  if (!rule) return <Navigate to="/" replace />;
  if (!denied || denied.key !== key) return <Placeholder />;
  return <Navigate to={denied.value ? NOT_ALLOW_PATH : '/'} replace />;
}
