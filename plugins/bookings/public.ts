/**
 * The bookings plugin's public pages, served by the shell's public router outside the signed-in app.
 * Loaders only: this file travels with the login page's first JS, so it imports nothing but types (the path
 * is PAGES.bookings.ticketFace of contract/pages.ts, checked by a test).
 */
import type { PublicPage } from '../../src/sdk';

export const bookingsPublicPages: readonly PublicPage[] = [
  { path: '/ticket-face', load: () => import('./pages/TicketFacePage'), title: 'bookings.ticketFace.title' },
];
