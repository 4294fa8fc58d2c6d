/**
 * The public pages the shell serves itself (their rules are the `public` entries of policies/routes.ts).
 * Each is a lazy chunk built from antd components only: no Refine, no casbin, no domain code.
 * /ticket-face comes with bookings and is not registered yet.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface PublicRoute {
  path: string;
  component: LazyExoticComponent<ComponentType>;
  title: string;
  allow?: boolean;
}

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { path: '/login', component: lazy(() => import('./auth/pages/LoginPage')), title: 'auth.login.title' },
  { path: '/forgot-password', component: lazy(() => import('./auth/pages/ForgotPasswordPage')), title: 'auth.forgot.title' },
  { path: '/change-password', component: lazy(() => import('./auth/pages/ChangePasswordPage')), title: 'auth.change.title' },
  { path: '/time-setup-instruction', component: lazy(() => import('./ui/pages/TimeSetupPage')), title: 'shell.timeSetup.title' },
  { path: '/not-allow', component: lazy(() => import('./ui/pages/NotAllowPage')), title: 'shell.notAllow.title' },
];
