/**
 * The PortalPlugin contract (v2). A plugin is a plain value that declares what it contributes; the app lists
 * the plugins in ONE registry (src/plugins.ts) and composes them here. Nothing registers itself by side effect.
 *
 *   resources  Refine resources, declared once, with meta { label: i18n key, icon, parent, order }. The side
 *              menu is derived from them: a resource with a `list` route is an entry, a resource without one
 *              is a group (shown when one of its children is). So a page's path is written once.
 *   routes     the pages (`page(path, loader, title)`): a path of policies/routes.ts ROUTE_RULES (which holds
 *              the permission rule), a lazy component (one chunk per page), a title key, an allow flag
 *   slots      what a plugin offers the shell and other plugins without being imported: header widgets
 *              (deposit balance, bell, support panel), components mounted on every page, home panels, and
 *              shared dialogs by name (contract/slots.ts). Public pages are offered apart, in the plugin's
 *              `public.ts`, listed by src/public-routes.ts, so the login page never loads this registry.
 */
import { createElement, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { ResourceProps } from '@refinedev/core';
import type { BookingDetailPanelProps, FlightOfferTagProps, SharedDialogName, SharedDialogs } from '../contract/slots';
import { ROUTE_RULES, type RouteRule } from '../policies/routes';

/** A module loader of a lazy component: `() => import('./pages/Page')`. */
export type Loader<P = object> = () => Promise<{ default: ComponentType<P> }>;

export interface PortalRoute {
  /** Exactly the path of a ROUTE_RULES entry (`:param` for the `{id}` parts). */
  path: string;
  /** The page, loaded on demand. */
  component: LazyExoticComponent<ComponentType>;
  /** i18n key of the page title (`<plugin>.<screen>.title`). */
  title: string;
  /** The allow flag of spec point 2: false denies the route to everyone. Default true. */
  allow?: boolean;
}

/** A public page (no sign-in) a plugin offers in its `public.ts`: loaders only, no other import. */
export interface PublicPage {
  /** The path of a `public` ROUTE_RULES entry. */
  path: string;
  load: Loader;
  title: string;
  allow?: boolean;
}

/**
 * What a header widget is given: `compact` on narrow screens; `inMenu` when it is shown in the side-menu drawer
 * (a full-width entry), with `onActivate` to call when it opens its own panel (the drawer then closes).
 */
export interface HeaderWidgetProps {
  compact: boolean;
  inMenu?: boolean;
  onActivate?: () => void;
}

/** A widget of the header's action bar. `compact` on narrow screens. */
export interface HeaderWidget {
  key: string;
  component: ComponentType<HeaderWidgetProps>;
  /** Lower first; the shell's own (language, theme, account) follow. */
  order?: number;
  /** 'menu': on narrow screens (no room left in the header) shown at the foot of the side-menu drawer instead. */
  narrow?: 'header' | 'menu';
}

export type DialogLoaders = { [K in SharedDialogName]?: Loader<SharedDialogs[K]> };

/** A tab another plugin adds to the booking detail (contract/slots.ts BookingDetailPanelProps), lazy. */
export interface BookingDetailPanel {
  key: string;
  /** i18n key of the tab label. */
  label: string;
  load: Loader<BookingDetailPanelProps>;
  /** Lower first. */
  order?: number;
}

export interface PortalSlots {
  header?: HeaderWidget[];
  /** Mounted once on every signed-in page (none today: nothing may float over a page's buttons). */
  page?: ComponentType[];
  /** Panels of the home page, lazy, in registry order. */
  home?: Loader[];
  /** Shared dialogs this plugin implements (contract/slots.ts), lazy. */
  dialogs?: DialogLoaders;
  /** Tabs of the booking detail (bookings renders them under the PNRs). */
  bookingDetail?: BookingDetailPanel[];
  /** Tags of a direct flight of the flight results (flights renders them on each offer), lazy. */
  offerTags?: Loader<FlightOfferTagProps>[];
}

export interface PortalPlugin {
  /** The domain folder name: home, flights, bookings, trains, esim, b2c, agents, system, accounting, qr, shop. */
  name: string;
  resources: ResourceProps[];
  routes: PortalRoute[];
  slots?: PortalSlots;
}

/** Identity helper that type-checks a plugin value. */
export function definePlugin(plugin: PortalPlugin): PortalPlugin {
  return plugin;
}

const lazyByLoader = new WeakMap<object, unknown>();
const preloadByComponent = new WeakMap<object, () => Promise<unknown>>();

/**
 * One lazy component per loader, so two routes given the same loader share one component (and its state).
 * Its code can be fetched ahead (`preloadLazy`): once fetched, the component renders at once, without suspending
 * (React reveals content that replaces a Suspense fallback up to 300 ms late, to batch reveals).
 */
export function lazyOf<P>(load: Loader<P>): LazyExoticComponent<ComponentType<P>> {
  let component = lazyByLoader.get(load) as LazyExoticComponent<ComponentType<P>> | undefined;
  if (!component) {
    let loaded: { default: ComponentType<P> } | undefined;
    let loading: Promise<{ default: ComponentType<P> }> | undefined;
    const start = () => {
      loading ??= load().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = undefined; // tried again on the next render or preload
          throw error;
        },
      );
      return loading;
    };
    // a thenable that answers at once when the code is here: React's lazy then renders the component in the same pass
    component = lazy(() => (loaded ? ({ then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve(loaded!) } as Promise<{ default: ComponentType<P> }>) : start()));
    lazyByLoader.set(load, component);
    preloadByComponent.set(component, start);
  }
  return component;
}

/** Fetches a lazy component's code (made by `lazyOf`) now; resolves once it is here. */
export function preloadLazy(component: object): Promise<void> {
  const start = preloadByComponent.get(component);
  return start ? start().then(() => undefined) : Promise.resolve();
}

/** A route: `page('/booking/search', () => import('./pages/BookingSearchPage'), 'bookings.search.title')`. */
export function page(path: string, load: Loader, title: string, options: { allow?: boolean } = {}): PortalRoute {
  return { path, component: lazyOf(load), title, ...(options.allow === undefined ? {} : { allow: options.allow }) };
}

/** A menu icon from an icon component. */
export function icon(Icon: ComponentType): ReactNode {
  return createElement(Icon);
}

/** A menu group: a resource without routes that parents other resources. */
export function menuGroup(name: string, label: string, Icon: ComponentType, order: number): ResourceProps {
  return { name, meta: { label, icon: icon(Icon), order } };
}

/** An entry of the derived side menu (a resource's list route, or a group). */
export interface MenuItem {
  /** The resource name. */
  key: string;
  /** i18n key of the label. */
  label: string;
  /** The route the entry opens; undefined for a group. */
  path?: string;
  icon?: ReactNode;
  parent?: string;
  order: number;
}

export interface ComposedPortal {
  plugins: string[];
  resources: ResourceProps[];
  routes: PortalRoute[];
  /** The side menu, derived from the resources: entries of registered routes and the groups that have some, sorted. */
  menu: MenuItem[];
  header: HeaderWidget[];
  page: ComponentType[];
  homePanels: LazyExoticComponent<ComponentType>[];
  dialogs: { [K in SharedDialogName]?: LazyExoticComponent<ComponentType<SharedDialogs[K]>> };
  /** The booking detail's tabs offered by plugins, ordered. */
  bookingDetail?: { key: string; label: string; component: LazyExoticComponent<ComponentType<BookingDetailPanelProps>> }[];
  /** The flight offers' tags offered by plugins, in registry order. */
  offerTags?: LazyExoticComponent<ComponentType<FlightOfferTagProps>>[];
}

export class PluginError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PluginError';
  }
}

const DEFAULT_ORDER = 100;

/** The side menu of a set of resources (pure): entries whose list route is registered, groups that have one. */
export function deriveMenu(resources: readonly ResourceProps[], registered: ReadonlySet<string>): MenuItem[] {
  const names = new Set(resources.map((r) => r.name));
  const candidates = resources.flatMap((resource, index) => {
    const meta = resource.meta ?? {};
    if (meta.hide || typeof meta.label !== 'string') return [];
    if (meta.parent && !names.has(meta.parent)) throw new PluginError(`resource "${resource.name}" names an unknown parent "${meta.parent}"`);
    const path = typeof resource.list === 'string' ? resource.list : undefined;
    const item: MenuItem = { key: resource.name, label: meta.label, path, icon: meta.icon, parent: meta.parent, order: typeof meta.order === 'number' ? meta.order : DEFAULT_ORDER };
    return [{ item, index, group: resource.list === undefined }];
  });
  const leaves = candidates.filter((c) => !c.group && c.item.path !== undefined && registered.has(c.item.path));
  const used = new Set(leaves.map((c) => c.item.parent).filter((p): p is string => !!p));
  const groups = candidates.filter((c) => c.group && used.has(c.item.key));
  return [...leaves, ...groups].sort((a, b) => a.item.order - b.item.order || a.index - b.index).map((c) => c.item);
}

/** Composes the registry; throws PluginError on a contract breach (unknown route path, duplicates...). */
export function composePlugins(plugins: readonly PortalPlugin[], rules: readonly RouteRule[] = ROUTE_RULES): ComposedPortal {
  const names = new Set<string>();
  const paths = new Map<string, string>();
  const resources: ResourceProps[] = [];
  const routes: PortalRoute[] = [];
  const header: HeaderWidget[] = [];
  const pageSlot: ComponentType[] = [];
  const homePanels: LazyExoticComponent<ComponentType>[] = [];
  const dialogs: Record<string, unknown> = {};
  const dialogOwners = new Map<string, string>();
  const bookingDetail: (BookingDetailPanel & { index: number })[] = [];
  const offerTags: LazyExoticComponent<ComponentType<FlightOfferTagProps>>[] = [];

  for (const plugin of plugins) {
    if (names.has(plugin.name)) throw new PluginError(`plugin "${plugin.name}" is listed twice`);
    names.add(plugin.name);
    for (const resource of plugin.resources) {
      if (resources.some((r) => r.name === resource.name)) throw new PluginError(`resource "${resource.name}" is declared twice`);
      resources.push(resource);
    }
    for (const route of plugin.routes) {
      const rule = rules.find((r) => r.path === route.path);
      if (!rule) throw new PluginError(`route "${route.path}" of plugin "${plugin.name}" has no entry in policies/routes.ts`);
      if (rule.public) throw new PluginError(`route "${route.path}" is public: offer it in the plugin's public.ts`);
      const owner = paths.get(route.path);
      if (owner) throw new PluginError(`route "${route.path}" is registered by "${owner}" and "${plugin.name}"`);
      paths.set(route.path, plugin.name);
      routes.push(route);
    }
    const slots = plugin.slots ?? {};
    header.push(...(slots.header ?? []));
    pageSlot.push(...(slots.page ?? []));
    homePanels.push(...(slots.home ?? []).map((load) => lazyOf(load)));
    bookingDetail.push(...(slots.bookingDetail ?? []).map((p) => ({ ...p, index: bookingDetail.length })));
    offerTags.push(...(slots.offerTags ?? []).map((load) => lazyOf(load)));
    for (const [name, load] of Object.entries(slots.dialogs ?? {})) {
      const owner = dialogOwners.get(name);
      if (owner) throw new PluginError(`dialog "${name}" is offered by "${owner}" and "${plugin.name}"`);
      dialogOwners.set(name, plugin.name);
      dialogs[name] = lazyOf(load as Loader<object>);
    }
  }
  const keys = new Set<string>();
  for (const widget of header) {
    if (keys.has(widget.key)) throw new PluginError(`header widget "${widget.key}" is offered twice`);
    keys.add(widget.key);
  }
  header.sort((a, b) => (a.order ?? DEFAULT_ORDER) - (b.order ?? DEFAULT_ORDER));

  return {
    plugins: [...names],
    resources,
    routes,
    menu: deriveMenu(resources, new Set(paths.keys())),
    header,
    page: pageSlot,
    homePanels,
    dialogs: dialogs as ComposedPortal['dialogs'],
    bookingDetail: bookingDetail
      .sort((a, b) => (a.order ?? DEFAULT_ORDER) - (b.order ?? DEFAULT_ORDER) || a.index - b.index)
      .map((p) => ({ key: p.key, label: p.label, component: lazyOf(p.load) })),
    offerTags,
  };
}
