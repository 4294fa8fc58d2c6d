/**
 * The public-page registry: the pages served without sign-in (their rules are the `public` entries of
 * policies/routes.ts), outside the signed-in application. The shell's own (sign-in, password, time setup,
 * not-allowed) and those plugins offer in their `public.ts` (the ticket face of bookings). Each is a lazy
 * chunk; this file and the plugins' public.ts hold loaders only, so the login page's first JS never carries
 * the plugin registry, Refine, casbin or domain code.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { bookingsPublicPages } from '../plugins/bookings/public';
import { removeBootShell } from './boot/shell';
import type { PublicPage } from './plugin';

export interface PublicRoute {
  path: string;
  component: LazyExoticComponent<ComponentType>;
  title: string;
  allow?: boolean;
}

const SHELL_PAGES: readonly PublicPage[] = [
  { path: '/login', load: () => import('./auth/pages/LoginPage'), title: 'auth.login.title' },
  { path: '/forgot-password', load: () => import('./auth/pages/ForgotPasswordPage'), title: 'auth.forgot.title' },
  { path: '/change-password', load: () => import('./auth/pages/ChangePasswordPage'), title: 'auth.change.title' },
  { path: '/time-setup-instruction', load: () => import('./ui/pages/TimeSetupPage'), title: 'shell.timeSetup.title' },
  { path: '/not-allow', load: () => import('./ui/pages/NotAllowPage'), title: 'shell.notAllow.title' },
];

/** THE list of public pages: the shell's, then the plugins'. */
export const PUBLIC_PAGES: readonly PublicPage[] = [...SHELL_PAGES, ...bookingsPublicPages];

export const PUBLIC_ROUTES: readonly PublicRoute[] = PUBLIC_PAGES.map(({ load, ...page }) => ({ ...page, component: lazy(load) }));

export const loadPortalApp = () => import('./App');

/**
 * Starts downloading the chunk of the first page at once, in parallel with the translations, instead of
 * after i18n has loaded and React has rendered (the lazy component then finds the module ready).
 */
export function preloadFirstPage(pathname: string): void {
  const load = PUBLIC_PAGES.find((p) => p.path === pathname)?.load ?? loadPortalApp;
  // a failed load shows the error screen: the static sign-in form of index.html must not stay above it
  void load().catch(() => removeBootShell());
}
