/** The composed portal (menu, routes, slots) for the shell's components and the plugins' pages. */
import { createContext, useContext } from 'react';
import type { ComposedPortal } from '../../plugin';

export const EMPTY_PORTAL: ComposedPortal = { plugins: [], resources: [], routes: [], menu: [], header: [], page: [], homePanels: [], dialogs: {} };

export const PortalContext = createContext<ComposedPortal>(EMPTY_PORTAL);

export function usePortal(): ComposedPortal {
  return useContext(PortalContext);
}

/** Is a page registered (a route some plugin serves)? E.g. `useHasPage(PAGES.bookings.passengerInformation)`. */
export function useHasPage(path: string): boolean {
  return usePortal().routes.some((r) => r.path === path);
}
