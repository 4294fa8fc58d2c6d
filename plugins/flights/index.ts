/**
 * The flights plugin: flight search (booking/flights) and multi-city search (booking/multi-destinations);
 * the flight search panel it offers to the home page and the fare-rule dialog it offers to other plugins
 * (slots, loaded on demand).
 */
import { ApartmentOutlined, SendOutlined } from '@ant-design/icons';
import { definePlugin, icon, page, PAGES } from '../../src/sdk';
import { loadFlightResultsPage, loadMultiDestinationsPage } from './pages/loaders';

export const flightsPlugin = definePlugin({
  name: 'flights',
  resources: [
    { name: 'flights', list: PAGES.flights.search, meta: { label: 'flights.menu.search', icon: icon(SendOutlined), order: 1 } },
    { name: 'multi-destinations', list: PAGES.flights.multiDestinations, meta: { label: 'flights.menu.multi', icon: icon(ApartmentOutlined), order: 2 } },
  ],
  routes: [
    page(PAGES.flights.search, loadFlightResultsPage, 'flights.results.title'),
    page(PAGES.flights.multiDestinations, loadMultiDestinationsPage, 'flights.multi.title'),
  ],
  slots: {
    home: [() => import('./components/HomeSearchPanel')],
    dialogs: { fareRule: () => import('./components/FareRuleDialog') },
  },
});
