import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { ROUTE_RULES } from '../../policies/routes';
import { pagePath, pagePaths, PAGES } from '../../contract/pages';
import { composePlugins, definePlugin, lazyOf, page, PluginError, type PortalPlugin } from '../../src/plugin';
import { linkTo } from '../../src/links';
import { plugins } from '../../src/plugins';
import { PUBLIC_ROUTES } from '../../src/public-routes';
import { bookingsPublicPages } from '../../plugins/bookings/public';

const Page = lazy(async () => ({ default: () => null }));

const plugin = (over: Partial<PortalPlugin> = {}): PortalPlugin =>
  definePlugin({ name: 'p', resources: [], routes: [], ...over });

describe('the registry', () => {
  it('composes: every route is a non-public ROUTE_RULES entry, menu entries (from resources) point at registered routes', () => {
    const portal = composePlugins(plugins);
    expect(portal.plugins).toContain('home');
    for (const route of portal.routes) {
      const rule = ROUTE_RULES.find((r) => r.path === route.path);
      expect(rule, route.path).toBeDefined();
      expect(rule?.public).toBeFalsy();
      expect(route.title).toMatch(/^[a-z][a-z0-9]*\.[A-Za-z]+\.[A-Za-z]+$/);
    }
    const paths = new Set(portal.routes.map((r) => r.path));
    for (const entry of portal.menu) if (entry.path) expect(paths.has(entry.path)).toBe(true);
    expect(portal.routes.find((r) => r.path === '/')).toBeDefined();
    // the flight search panel reaches home through the registry
    expect(portal.homePanels.length).toBeGreaterThan(0);
  });

  it('collects home panels in registry order, one lazy component per loader', () => {
    const a = async () => ({ default: () => null });
    const b = async () => ({ default: () => null });
    const portal = composePlugins([plugin({ name: 'a', slots: { home: [a] } }), plugin({ name: 'b' }), plugin({ name: 'c', slots: { home: [b] } })]);
    expect(portal.homePanels).toEqual([lazyOf(a), lazyOf(b)]);
    expect(page('/train', a, 'a.b.c').component).toBe(lazyOf(a));
  });

  it('collects header widgets by order, page components and shared dialogs; refuses a dialog offered twice', () => {
    const W1 = () => null;
    const W2 = () => null;
    const P = () => null;
    const dialog = async () => ({ default: () => null });
    const portal = composePlugins([
      plugin({ name: 'a', slots: { header: [{ key: 'late', component: W1, order: 20 }], page: [P] } }),
      plugin({ name: 'b', slots: { header: [{ key: 'early', component: W2, order: 10 }], dialogs: { fareRule: dialog } } }),
    ]);
    expect(portal.header.map((w) => w.key)).toEqual(['early', 'late']);
    expect(portal.page).toEqual([P]);
    expect(portal.dialogs.fareRule).toBe(lazyOf(dialog));
    expect(() => composePlugins([plugin({ name: 'a', slots: { dialogs: { fareRule: dialog } } }), plugin({ name: 'b', slots: { dialogs: { fareRule: dialog } } })])).toThrow(/offered by/);
    expect(() => composePlugins([plugin({ name: 'a', slots: { header: [{ key: 'k', component: W1 }] } }), plugin({ name: 'b', slots: { header: [{ key: 'k', component: W2 }] } })])).toThrow(/twice/);
    // the registry offers the deposit balance, the bell, the support panel (in the header, in the side-menu
    // drawer on narrow screens: nothing floats over the pages) and the fare-rule dialog
    const real = composePlugins(plugins);
    expect(real.header.map((w) => w.key)).toEqual(['deposit-balance', 'notifications', 'support']);
    expect(real.header.find((w) => w.key === 'support')?.narrow).toBe('menu');
    expect(real.page.length).toBe(0);
    expect(real.dialogs.fareRule).toBeDefined();
  });

  it('public pages are the public ROUTE_RULES entries', () => {
    for (const route of PUBLIC_ROUTES) expect(ROUTE_RULES.find((r) => r.path === route.path)?.public).toBe(true);
    expect(PUBLIC_ROUTES.map((r) => r.path).sort()).toEqual(['/change-password', '/forgot-password', '/login', '/not-allow', '/ticket-face', '/time-setup-instruction']);
    // the ticket face is offered by the bookings plugin (its public.ts), at the path of the page table
    expect(bookingsPublicPages.map((p) => p.path)).toEqual([PAGES.bookings.ticketFace]);
  });
});

describe('composePlugins', () => {
  it('refuses a route without a rule in policies/routes.ts', () => {
    expect(() => composePlugins([plugin({ routes: [{ path: '/nowhere', component: Page, title: 'a.b.c' }] })])).toThrow(PluginError);
  });

  it('refuses public routes, duplicate routes, plugins, resources and unknown menu parents', () => {
    expect(() => composePlugins([plugin({ routes: [{ path: '/login', component: Page, title: 'a.b.c' }] })])).toThrow(/public/);
    const train = { path: '/train', component: Page, title: 'a.b.c' };
    expect(() => composePlugins([plugin({ name: 'a', routes: [train] }), plugin({ name: 'b', routes: [train] })])).toThrow(/registered by/);
    expect(() => composePlugins([plugin(), plugin()])).toThrow(/twice/);
    expect(() => composePlugins([plugin({ resources: [{ name: 'r' }, { name: 'r' }] })])).toThrow(/twice/);
    expect(() => composePlugins([plugin({ resources: [{ name: 'k', list: '/', meta: { label: 'l', parent: 'nope' } }] })])).toThrow(/unknown parent/);
  });

  it('derives the menu from resources: entries of registered list routes, sorted by order, and groups that have entries', () => {
    const portal = composePlugins([
      plugin({
        name: 'a',
        routes: [{ path: '/train', component: Page, title: 'a.b.c' }, { path: '/', component: Page, title: 'a.b.c' }],
        resources: [
          { name: 'group', meta: { label: 'g' } },
          { name: 'empty-group', meta: { label: 'g' } },
          { name: 'train', list: '/train', meta: { label: 't', parent: 'group', order: 5 } },
          { name: 'esim', list: '/esim/products', meta: { label: 'e', order: 1 } },
          { name: 'home', list: '/', meta: { label: 'h', order: 0 } },
          { name: 'hidden', list: '/', meta: { label: 'x', hide: true } },
          { name: 'data-only', list: '/train' },
        ],
      }),
    ]);
    expect(portal.menu.map((e) => e.key)).toEqual(['home', 'train', 'group']);
    expect(portal.menu.find((e) => e.key === 'train')).toMatchObject({ label: 't', path: '/train', parent: 'group', order: 5 });
  });

  it('keeps the visible menu of the registry: groups, labels and order', () => {
    const { menu } = composePlugins(plugins);
    const top = menu.filter((e) => !e.parent).map((e) => e.label);
    expect(top).toEqual(['shell.menu.home', 'flights.menu.search', 'flights.menu.multi', 'bookings.menu.group', 'trains.menu.group', 'esim.menu.group',
      'shop.menu.group', 'b2c.menu.group', 'agents.menu.group', 'accounting.menu.group', 'qr.menu.topUp', 'system.menu.group', 'news.menu.group']);
    const children = (parent: string) => menu.filter((e) => e.parent === parent).map((e) => e.path);
    expect(children('agents')).toEqual(['/agent/ticketing-management', '/agent/config-f2', '/agent/child-ticketing-management', '/agent/config-child', '/agent/config', '/agent/change-account-info']);
    expect(children('accounting')).toEqual(['/accounting/view-deposit', '/accounting/deposit-topup', '/accounting/deposit-topup/add', '/accounting/deposit-report',
      '/accounting/sale-report', '/accounting/flight-data-report', '/accounting/debit-report', '/accounting/debit-total-report', '/accounting/income-report',
      '/accounting/vna-summary-report', '/accounting/bank-statement']);
    expect(children('system')).toEqual(['/system/group-permissions', '/system/signIn-config', '/system/commission-fee', '/system/change-password', '/system/pin-code', '/system/log-reservation-error', '/system/outbox']);
    expect(children('trains')).toEqual(['/train', '/train/issue', '/train/status']);
    expect(children('esim')).toEqual(['/esim/products', '/esim/list-order']);
    expect(children('shop')).toEqual(['/reverses-shop/list', '/reverses-shop/management']);
    expect(children('content')).toEqual(['/agent/news', '/agent/change-news', '/banner', '/agent/online-support-config', '/agent/online-support']);
  });
});

describe('typed links', () => {
  it('every page of the table is a route of policies/routes.ts', () => {
    for (const path of pagePaths()) expect(ROUTE_RULES.some((r) => r.path === path), path).toBe(true);
  });

  it('fills in the parameters and the query', () => {
    expect(linkTo(PAGES.bookings.detail, { id: 42 })).toBe('/booking/booking-detail/42');
    expect(linkTo(PAGES.bookings.passengerInformation, { id: 'a b/c' })).toBe('/booking/passenger-information/a%20b%2Fc');
    expect(linkTo(PAGES.news.byTag, null, { tag: 'Tết', page: undefined })).toBe('/agent/news-by-tag?tag=T%E1%BA%BFt');
    expect(linkTo(PAGES.flights.search)).toBe('/booking/flights');
    expect(() => pagePath('/booking/completed/:id' as string, {} as Record<string, never>)).toThrow(/missing/);
    // @ts-expect-error the detail page needs its id
    expect(() => linkTo(PAGES.bookings.detail)).toThrow(/missing/);
    // @ts-expect-error and only its own parameters
    expect(linkTo(PAGES.bookings.detail, { id: 1, other: 2 })).toBe('/booking/booking-detail/1');
  });
});
