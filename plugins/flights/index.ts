/**
 * The flights plugin: flight search (booking/flights) and multi-city search (booking/multi-destinations),
 * and the flight search panel it offers to the home page (`homePanels`, loaded on demand).
 */
import { createElement, lazy } from 'react';
import { ApartmentOutlined, SendOutlined } from '@ant-design/icons';
import { definePlugin } from '../../src/sdk';

export const flightsPlugin = definePlugin({
  name: 'flights',
  resources: [
    {
      name: 'flights',
      list: '/booking/flights',
      meta: {
        label: 'flights.menu.search',
        icon: createElement(SendOutlined),
      },
    },
    { name: 'multi-destinations', list: '/booking/multi-destinations', meta: { label: 'flights.menu.multi', icon: createElement(ApartmentOutlined) } },
  ],
  routes: [
    { path: '/booking/flights', component: lazy(() => import('./pages/FlightResultsPage')), title: 'flights.results.title' },
    { path: '/booking/multi-destinations', component: lazy(() => import('./pages/MultiDestinationsPage')), title: 'flights.multi.title' },
  ],
  homePanels: [lazy(() => import('./components/HomeSearchPanel'))],
  menu: [
    { key: 'flights', label: 'flights.menu.search', path: '/booking/flights', icon: createElement(SendOutlined), order: 1 },
    { key: 'flights-multi', label: 'flights.menu.multi', path: '/booking/multi-destinations', icon: createElement(ApartmentOutlined), order: 2 },
  ],
});
