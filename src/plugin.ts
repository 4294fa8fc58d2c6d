/**
 * The PortalPlugin contract. A plugin is a plain value that declares what it contributes; the app lists the
 * plugins in ONE registry (src/plugins.ts) and composes them here. Nothing registers itself by side effect.
 *
 *   resources  Refine resources, declared once, with meta { label: i18n key, icon, parent }
 *   routes     the pages: a path that is an entry of policies/routes.ts ROUTE_RULES (which holds its
 *              permission rule), a lazy component (one chunk per page), a title key and an allow flag
 *   menu       the side-menu entries (shown only when their route is registered and the user may open it)
 *   homePanels panels a plugin offers to the home page (the flight search panel), lazy, in registry order
 */
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import type { ResourceProps } from '@refinedev/core';
import { ROUTE_RULES, type RouteRule } from '../policies/routes';

export interface PortalRoute {
  /** Exactly the path of a ROUTE_RULES entry (`:param` for the `{id}` parts). */
  path: string;
  /** The page, loaded on demand: `lazy(() => import('./pages/Page'))`. */
  component: LazyExoticComponent<ComponentType>;
  /** i18n key of the page title (`<plugin>.<screen>.title`). */
  title: string;
  /** The allow flag of spec point 2: false denies the route to everyone. Default true. */
  allow?: boolean;
}

export interface PortalMenuEntry {
  /** Unique key; children name it as their `parent`. */
  key: string;
  /** i18n key of the label. */
  label: string;
  /** The route the entry opens; an entry without a path is a group. */
  path?: string;
  icon?: ReactNode;
  parent?: string;
  /** Lower first; ties keep registry order. */
  order?: number;
}

export interface PortalPlugin {
  /** The domain folder name: home, flights, bookings, trains, esim, b2c, agents, system, accounting, qr, shop. */
  name: string;
  resources: ResourceProps[];
  routes: PortalRoute[];
  menu: PortalMenuEntry[];
  /** Panels for the home page (lazy components); home shows them without importing the plugin. */
  homePanels?: LazyExoticComponent<ComponentType>[];
}

/** Identity helper that type-checks a plugin value. */
export function definePlugin(plugin: PortalPlugin): PortalPlugin {
  return plugin;
}

export interface ComposedPortal {
  plugins: string[];
  resources: ResourceProps[];
  routes: PortalRoute[];
  /** Sorted menu entries whose route is registered (groups kept when they have an entry). */
  menu: PortalMenuEntry[];
  homePanels: LazyExoticComponent<ComponentType>[];
}

export class PluginError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PluginError';
  }
}

/** Composes the registry; throws PluginError on a contract breach (unknown route path, duplicates...). */
export function composePlugins(plugins: readonly PortalPlugin[], rules: readonly RouteRule[] = ROUTE_RULES): ComposedPortal {
  const names = new Set<string>();
  const paths = new Map<string, string>();
  const resourceNames = new Set<string>();
  const resources: ResourceProps[] = [];
  const routes: PortalRoute[] = [];
  const entries: { entry: PortalMenuEntry; index: number }[] = [];
  const homePanels: LazyExoticComponent<ComponentType>[] = [];

  for (const plugin of plugins) {
    if (names.has(plugin.name)) throw new PluginError(`plugin "${plugin.name}" is listed twice`);
    names.add(plugin.name);
    for (const resource of plugin.resources) {
      if (resourceNames.has(resource.name)) throw new PluginError(`resource "${resource.name}" is declared twice`);
      resourceNames.add(resource.name);
      resources.push(resource);
    }
    for (const route of plugin.routes) {
      const rule = rules.find((r) => r.path === route.path);
      if (!rule) throw new PluginError(`route "${route.path}" of plugin "${plugin.name}" has no entry in policies/routes.ts`);
      if (rule.public) throw new PluginError(`route "${route.path}" is public: the shell serves it`);
      const owner = paths.get(route.path);
      if (owner) throw new PluginError(`route "${route.path}" is registered by "${owner}" and "${plugin.name}"`);
      paths.set(route.path, plugin.name);
      routes.push(route);
    }
    for (const entry of plugin.menu) entries.push({ entry, index: entries.length });
    homePanels.push(...(plugin.homePanels ?? []));
  }

  const keys = new Set<string>();
  for (const { entry } of entries) {
    if (keys.has(entry.key)) throw new PluginError(`menu entry "${entry.key}" is declared twice`);
    keys.add(entry.key);
  }
  for (const { entry } of entries) {
    if (entry.parent && !keys.has(entry.parent)) throw new PluginError(`menu entry "${entry.key}" names an unknown parent "${entry.parent}"`);
  }

  const leaves = entries.filter(({ entry }) => entry.path !== undefined && paths.has(entry.path));
  const usedGroups = new Set(leaves.map(({ entry }) => entry.parent).filter((p): p is string => !!p));
  const groups = entries.filter(({ entry }) => entry.path === undefined && usedGroups.has(entry.key));
  const menu = [...leaves, ...groups]
    .sort((a, b) => (a.entry.order ?? 100) - (b.entry.order ?? 100) || a.index - b.index)
    .map(({ entry }) => entry);

  return { plugins: [...names], resources, routes, menu, homePanels };
}
