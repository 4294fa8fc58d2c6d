/**
 * Renders one bookings screen as the portal does: Refine with the real data provider (over the mocked api client
 * adapter of refine-harness), the bookings resources, the access-control provider over a given permission list,
 * antd App and a router at `path`.
 */
import type { ReactNode } from 'react';
import type { InitialEntry } from 'react-router';
import { createAccessControlProvider } from '../../../src/access/access-control-provider';
import { getEnforcer } from '../../../src/access/enforcer';
import { composePlugins } from '../../../src/plugin';
import { bookingsPlugin } from '../../../plugins/bookings';
import { renderRoutes } from './refine-harness';

const { resources } = composePlugins([bookingsPlugin]);

/** Builds the casbin enforcer before a screen renders (the first build is slow on a busy machine). */
export async function warmAccess(): Promise<void> {
  await getEnforcer();
}

export function renderBookingScreen(path: InitialEntry, routes: Record<string, ReactNode>, permissions: readonly string[] = []) {
  return renderRoutes(path, routes, { resources, accessControlProvider: createAccessControlProvider(() => permissions) });
}
