/**
 * The home plugin: the portal's start page at `/`. With SHOW_NEW_HOME it is the new home (a dashboard with
 * a welcome header); otherwise the booking-search home (the same dashboard layout without that header,
 * where the flight search will live). ANNIVERSARY adds the anniversary banner.
 */
import { createElement, lazy } from 'react';
import { HomeOutlined } from '@ant-design/icons';
import { definePlugin } from '../../src/sdk';

export const homePlugin = definePlugin({
  name: 'home',
  resources: [{ name: 'home', list: '/', meta: { label: 'shell.menu.home', icon: createElement(HomeOutlined) } }],
  routes: [{ path: '/', component: lazy(() => import('./pages/HomePage')), title: 'home.page.title' }],
  menu: [{ key: 'home', label: 'shell.menu.home', path: '/', icon: createElement(HomeOutlined), order: 0 }],
});
