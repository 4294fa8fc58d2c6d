/**
 * The bookings plugin: passenger information (booking/passenger-information/:id, :id the search session) and the
 * completed booking (booking/completed/:id), reached from the flight results; and the management of bookings:
 * booking/search, the booking detail with its actions, the work lists booking/issue, booking/void and
 * booking/cancel, the refund of tickets, print, mail and the reservation status. Rules come from
 * policies/routes.ts (spec point 2); the menu shows an entry only when its rule lets the user in.
 * The open e-ticket (/ticket-face) is a public page of the shell (src/ui/pages/TicketFacePage.tsx).
 */
import { createElement, lazy } from 'react';
import { CheckCircleOutlined, CloseCircleOutlined, FileSearchOutlined, ProfileOutlined, SearchOutlined, StopOutlined } from '@ant-design/icons';
import { definePlugin } from '../../src/sdk';
import { BOOKINGS_META, BOOKINGS_RESOURCE } from './api';

export const PASSENGER_INFORMATION_PATH = '/booking/passenger-information/:id';
export const COMPLETED_PATH = '/booking/completed/:id';

const icon = createElement;

export const bookingsPlugin = definePlugin({
  name: 'bookings',
  resources: [
    { name: BOOKINGS_RESOURCE, list: '/booking/search', show: '/booking/booking-detail/:id', meta: { label: 'bookings.search.title', ...BOOKINGS_META } },
  ],
  routes: [
    { path: PASSENGER_INFORMATION_PATH, component: lazy(() => import('./pages/PassengerInformationPage')), title: 'bookings.passengers.title' },
    { path: COMPLETED_PATH, component: lazy(() => import('./pages/CompletedBookingPage')), title: 'bookings.completed.title' },
    { path: '/booking/search', component: lazy(() => import('./pages/BookingSearchPage')), title: 'bookings.search.title' },
    { path: '/booking/booking-detail/:id', component: lazy(() => import('./pages/BookingDetailPage')), title: 'bookings.detail.title' },
    { path: '/booking/issue', component: lazy(() => import('./pages/IssuePage')), title: 'bookings.issue.title' },
    { path: '/booking/void', component: lazy(() => import('./pages/VoidPage')), title: 'bookings.void.title' },
    { path: '/booking/cancel', component: lazy(() => import('./pages/CancelPage')), title: 'bookings.cancel.title' },
    { path: '/booking/edit/refund-ticket/:id', component: lazy(() => import('./pages/RefundTicketPage')), title: 'bookings.refund.title' },
    { path: '/booking/print-ticket', component: lazy(() => import('./pages/PrintTicketPage')), title: 'bookings.print.title' },
    { path: '/booking/mail', component: lazy(() => import('./pages/MailPage')), title: 'bookings.mail.title' },
    { path: '/booking/reservation-status', component: lazy(() => import('./pages/ReservationStatusPage')), title: 'bookings.reservationStatus.title' },
  ],
  menu: [
    { key: 'bookings', label: 'bookings.menu.group', icon: icon(ProfileOutlined), order: 10 },
    { key: 'bookings-search', parent: 'bookings', label: 'bookings.menu.search', path: '/booking/search', icon: icon(SearchOutlined), order: 11 },
    { key: 'bookings-issue', parent: 'bookings', label: 'bookings.menu.issue', path: '/booking/issue', icon: icon(CheckCircleOutlined), order: 12 },
    { key: 'bookings-void', parent: 'bookings', label: 'bookings.menu.void', path: '/booking/void', icon: icon(StopOutlined), order: 13 },
    { key: 'bookings-cancel', parent: 'bookings', label: 'bookings.menu.cancel', path: '/booking/cancel', icon: icon(CloseCircleOutlined), order: 14 },
    { key: 'bookings-status', parent: 'bookings', label: 'bookings.menu.reservationStatus', path: '/booking/reservation-status', icon: icon(FileSearchOutlined), order: 15 },
  ],
});
