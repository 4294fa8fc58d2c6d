/**
 * The home plugin: the portal's start page at `/`. With the named action home.newHome it is the new home (a
 * dashboard with a welcome header); otherwise the booking-search home (the same dashboard layout without that
 * header, with the panels other plugins offer to home). home.anniversary adds the anniversary banner.
 */
import { HomeOutlined } from '@ant-design/icons';
import { definePlugin, icon, page, PAGES } from '../../src/sdk';

export const homePlugin = definePlugin({
  name: 'home',
  resources: [{ name: 'home', list: PAGES.home.start, meta: { label: 'shell.menu.home', icon: icon(HomeOutlined), order: 0 } }],
  routes: [page(PAGES.home.start, () => import('./pages/HomePage'), 'home.page.title')],
});
