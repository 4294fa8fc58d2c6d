/**
 * The bookings plugin's public pages, served by the shell's public router outside the signed-in app.
 * Loaders only: this file travels with the login page's first JS, so it imports
 * nothing else (types and the page table only).
 */
import { PAGES } from '../../contract/pages';
import type { PublicPage } from '../../src/sdk';

export const bookingsPublicPages: readonly PublicPage[] = [
  { path: PAGES.bookings.ticketFace, load: () => import('./pages/TicketFacePage'), title: 'bookings.ticketFace.title' },
];
