/**
 * The bookings plugin: passenger information (booking/passenger-information/:id, :id the search session; and
 * booking/multi-destinations-passengers for every leg of a multi-city journey) and the
 * completed booking (booking/completed/:id), reached from the flight results; and the management of bookings:
 * booking/search, the booking detail with its actions, the work lists booking/issue, booking/void and
 * booking/cancel, the refund of tickets, print, mail and the reservation status. Rules come from
 * policies/routes.ts (spec point 2); the menu shows an entry only when its rule lets the user in.
 * The open e-ticket (/ticket-face) is a public page, offered in public.ts.
 */
import { CheckCircleOutlined, CloseCircleOutlined, FileSearchOutlined, ProfileOutlined, SearchOutlined, StopOutlined } from '@ant-design/icons';
import { definePlugin, icon, menuGroup, page, PAGES } from '../../src/sdk';
import { BOOKINGS_META, BOOKINGS_RESOURCE } from './api';

export const bookingsPlugin = definePlugin({
  name: 'bookings',
  resources: [
    menuGroup('bookings-group', 'bookings.menu.group', ProfileOutlined, 10),
    { name: BOOKINGS_RESOURCE, list: PAGES.bookings.search, show: PAGES.bookings.detail, meta: { label: 'bookings.search.title', ...BOOKINGS_META, parent: 'bookings-group', icon: icon(SearchOutlined), order: 11 } },
    // menu entries of the work lists and the status page (after the data resource, so routes resolve to it)
    { name: 'bookings-issue', list: '/booking/issue', meta: { label: 'bookings.menu.issue', parent: 'bookings-group', icon: icon(CheckCircleOutlined), order: 12 } },
    { name: 'bookings-void', list: '/booking/void', meta: { label: 'bookings.menu.void', parent: 'bookings-group', icon: icon(StopOutlined), order: 13 } },
    { name: 'bookings-cancel', list: '/booking/cancel', meta: { label: 'bookings.menu.cancel', parent: 'bookings-group', icon: icon(CloseCircleOutlined), order: 14 } },
    { name: 'bookings-reservation-status', list: '/booking/reservation-status', meta: { label: 'bookings.menu.reservationStatus', parent: 'bookings-group', icon: icon(FileSearchOutlined), order: 15 } },
  ],
  routes: [
    page(PAGES.bookings.passengerInformation, () => import('./pages/PassengerInformationPage'), 'bookings.passengers.title'),
    page(PAGES.bookings.multiDestinationsPassengers, () => import('./pages/MultiDestinationsPassengersPage'), 'bookings.passengers.multiTitle'),
    page(PAGES.bookings.completed, () => import('./pages/CompletedBookingPage'), 'bookings.completed.title'),
    page(PAGES.bookings.search, () => import('./pages/BookingSearchPage'), 'bookings.search.title'),
    page(PAGES.bookings.detail, () => import('./pages/BookingDetailPage'), 'bookings.detail.title'),
    page('/booking/issue', () => import('./pages/IssuePage'), 'bookings.issue.title'),
    page('/booking/void', () => import('./pages/VoidPage'), 'bookings.void.title'),
    page('/booking/cancel', () => import('./pages/CancelPage'), 'bookings.cancel.title'),
    page(PAGES.bookings.refundTicket, () => import('./pages/RefundTicketPage'), 'bookings.refund.title'),
    page(PAGES.bookings.printTicket, () => import('./pages/PrintTicketPage'), 'bookings.print.title'),
    page(PAGES.bookings.mail, () => import('./pages/MailPage'), 'bookings.mail.title'),
    page('/booking/reservation-status', () => import('./pages/ReservationStatusPage'), 'bookings.reservationStatus.title'),
  ],
});
