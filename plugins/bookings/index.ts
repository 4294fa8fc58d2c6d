/**
 * The bookings plugin: passenger information (booking/passenger-information/:id, :id the search session)
 * and the completed booking (booking/completed/:id). Both are reached from the flight results, not the menu.
 */
import { lazy } from 'react';
import { definePlugin } from '../../src/plugin';

export const PASSENGER_INFORMATION_PATH = '/booking/passenger-information/:id';
export const COMPLETED_PATH = '/booking/completed/:id';

export const bookingsPlugin = definePlugin({
  name: 'bookings',
  resources: [],
  routes: [
    { path: PASSENGER_INFORMATION_PATH, component: lazy(() => import('./pages/PassengerInformationPage')), title: 'bookings.passengers.title' },
    { path: COMPLETED_PATH, component: lazy(() => import('./pages/CompletedBookingPage')), title: 'bookings.completed.title' },
  ],
  menu: [],
});
