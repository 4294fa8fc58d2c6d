/** The guard of a public page: its title and allow flag (its rule is `true`, public). */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { usePageTitle } from './use-page-title';

export function PublicRoute({ title, allow = true, children }: { title: string; allow?: boolean; children: ReactNode }) {
  usePageTitle(title);
  if (!allow) return <Navigate to="/" replace />;
  return <>{children}</>;
}
