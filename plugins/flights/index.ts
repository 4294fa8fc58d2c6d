/**
 * The flights plugin: flight search (booking/flights) and multi-city search (booking/multi-destinations),
 * and the flight search panel the booking-search home shows (resource meta `homePanel`, loaded on demand).
 */
import { createElement, lazy } from 'react';
import { ApartmentOutlined, SendOutlined } from '@ant-design/icons';
import { definePlugin } from '../../src/plugin';

/** Resource meta key under which a plugin offers a panel for the booking-search home. */
export const HOME_PANEL_META = 'homePanel';

export const flightsPlugin = definePlugin({
  name: 'flights',
  resources: [
    {
      name: 'flights',
      list: '/booking/flights',
      meta: {
        label: 'flights.menu.search',
        icon: createElement(SendOutlined),
        [HOME_PANEL_META]: lazy(() => import('./components/HomeSearchPanel')),
      },
    },
    { name: 'multi-destinations', list: '/booking/multi-destinations', meta: { label: 'flights.menu.multi', icon: createElement(ApartmentOutlined) } },
  ],
  routes: [
    { path: '/booking/flights', component: lazy(() => import('./pages/FlightResultsPage')), title: 'flights.results.title' },
    { path: '/booking/multi-destinations', component: lazy(() => import('./pages/MultiDestinationsPage')), title: 'flights.multi.title' },
  ],
  menu: [
    { key: 'flights', label: 'flights.menu.search', path: '/booking/flights', icon: createElement(SendOutlined), order: 1 },
    { key: 'flights-multi', label: 'flights.menu.multi', path: '/booking/multi-destinations', icon: createElement(ApartmentOutlined), order: 2 },
  ],
});
