/** The composed portal (menu entries, routes) for the shell's components and the plugins' pages. */
import { createContext, useContext } from 'react';
import type { ComposedPortal } from '../../plugin';

export const PortalContext = createContext<ComposedPortal>({ plugins: [], resources: [], routes: [], menu: [], homePanels: [] });

export function usePortal(): ComposedPortal {
  return useContext(PortalContext);
}
