/**
 * The public pages the shell serves itself (their rules are the `public` entries of policies/routes.ts).
 * Each is a lazy chunk built from antd components only: no Refine, no casbin, no domain code.
 * /ticket-face (the open e-ticket) is one of them: see src/ui/pages/TicketFacePage.tsx for why it is not a plugin's.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface PublicRoute {
  path: string;
  component: LazyExoticComponent<ComponentType>;
  title: string;
  allow?: boolean;
}

const loaders = {
  '/login': () => import('./auth/pages/LoginPage'),
  '/forgot-password': () => import('./auth/pages/ForgotPasswordPage'),
  '/change-password': () => import('./auth/pages/ChangePasswordPage'),
  '/time-setup-instruction': () => import('./ui/pages/TimeSetupPage'),
  '/not-allow': () => import('./ui/pages/NotAllowPage'),
  '/ticket-face': () => import('./ui/pages/TicketFacePage'),
} as const;

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { path: '/login', component: lazy(loaders['/login']), title: 'auth.login.title' },
  { path: '/forgot-password', component: lazy(loaders['/forgot-password']), title: 'auth.forgot.title' },
  { path: '/change-password', component: lazy(loaders['/change-password']), title: 'auth.change.title' },
  { path: '/time-setup-instruction', component: lazy(loaders['/time-setup-instruction']), title: 'shell.timeSetup.title' },
  { path: '/not-allow', component: lazy(loaders['/not-allow']), title: 'shell.notAllow.title' },
  { path: '/ticket-face', component: lazy(loaders['/ticket-face']), title: 'bookings.ticketFace.title' },
];

export const loadPortalApp = () => import('./App');

/**
 * Starts downloading the chunk of the first page at once, in parallel with the translations, instead of
 * after i18n has loaded and React has rendered (the lazy component then finds the module ready).
 */
export function preloadFirstPage(pathname: string): void {
  const load = (loaders as Record<string, () => Promise<unknown>>)[pathname] ?? loadPortalApp;
  void load().catch(() => undefined);
}
