import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { ROUTE_RULES } from '../../policies/routes';
import { composePlugins, definePlugin, PluginError, type PortalPlugin } from '../../src/plugin';
import { plugins } from '../../src/plugins';
import { PUBLIC_ROUTES } from '../../src/public-routes';

const Page = lazy(async () => ({ default: () => null }));

const plugin = (over: Partial<PortalPlugin> = {}): PortalPlugin =>
  definePlugin({ name: 'p', resources: [], routes: [], menu: [], ...over });

describe('the registry', () => {
  it('composes: every route is a non-public ROUTE_RULES entry, menu entries point at registered routes', () => {
    const portal = composePlugins(plugins);
    expect(portal.plugins).toContain('home');
    for (const route of portal.routes) {
      const rule = ROUTE_RULES.find((r) => r.path === route.path);
      expect(rule, route.path).toBeDefined();
      expect(rule?.public).toBeFalsy();
      expect(route.title).toMatch(/^[a-z]+\.[A-Za-z]+\.[A-Za-z]+$/);
    }
    const paths = new Set(portal.routes.map((r) => r.path));
    for (const entry of portal.menu) if (entry.path) expect(paths.has(entry.path)).toBe(true);
    expect(portal.routes.find((r) => r.path === '/')).toBeDefined();
    // the flight search panel reaches home through the registry
    expect(portal.homePanels.length).toBeGreaterThan(0);
  });

  it('collects home panels in registry order', () => {
    const A = lazy(async () => ({ default: () => null }));
    const B = lazy(async () => ({ default: () => null }));
    expect(composePlugins([plugin({ name: 'a', homePanels: [A] }), plugin({ name: 'b' }), plugin({ name: 'c', homePanels: [B] })]).homePanels).toEqual([A, B]);
  });

  it('public pages are the public ROUTE_RULES entries (without /ticket-face for now)', () => {
    for (const route of PUBLIC_ROUTES) expect(ROUTE_RULES.find((r) => r.path === route.path)?.public).toBe(true);
    expect(PUBLIC_ROUTES.map((r) => r.path).sort()).toEqual(['/change-password', '/forgot-password', '/login', '/not-allow', '/ticket-face', '/time-setup-instruction']);
  });
});

describe('composePlugins', () => {
  it('refuses a route without a rule in policies/routes.ts', () => {
    expect(() => composePlugins([plugin({ routes: [{ path: '/nowhere', component: Page, title: 'a.b.c' }] })])).toThrow(PluginError);
  });

  it('refuses public routes, duplicate routes, plugins, resources and menu keys', () => {
    expect(() => composePlugins([plugin({ routes: [{ path: '/login', component: Page, title: 'a.b.c' }] })])).toThrow(/public/);
    const train = { path: '/train', component: Page, title: 'a.b.c' };
    expect(() => composePlugins([plugin({ name: 'a', routes: [train] }), plugin({ name: 'b', routes: [train] })])).toThrow(/registered by/);
    expect(() => composePlugins([plugin(), plugin()])).toThrow(/twice/);
    expect(() => composePlugins([plugin({ resources: [{ name: 'r' }, { name: 'r' }] })])).toThrow(/twice/);
    expect(() => composePlugins([plugin({ menu: [{ key: 'k', label: 'l' }, { key: 'k', label: 'l' }] })])).toThrow(/twice/);
    expect(() => composePlugins([plugin({ menu: [{ key: 'k', label: 'l', path: '/', parent: 'nope' }] })])).toThrow(/unknown parent/);
  });

  it('keeps only menu entries of registered routes, sorted by order, and groups that have entries', () => {
    const portal = composePlugins([
      plugin({
        name: 'a',
        routes: [{ path: '/train', component: Page, title: 'a.b.c' }, { path: '/', component: Page, title: 'a.b.c' }],
        menu: [
          { key: 'group', label: 'g' },
          { key: 'empty-group', label: 'g' },
          { key: 'train', label: 't', path: '/train', parent: 'group', order: 5 },
          { key: 'esim', label: 'e', path: '/esim/products', order: 1 },
          { key: 'home', label: 'h', path: '/', order: 0 },
        ],
      }),
    ]);
    expect(portal.menu.map((e) => e.key)).toEqual(['home', 'train', 'group']);
  });
});
