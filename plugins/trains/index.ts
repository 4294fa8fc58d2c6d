/**
 * The trains plugin: train search (train, train/search) with seat selection by carriage and the hold's
 * countdown, the booking flow (booking/train, passenger-info, confirm-passenger-info, complete: payment from the
 * deposit, tickets with QR codes, print and PDF) and the train bookings (train/issue, /train/status) with
 * refunds. Every route needs USE_TRAIN (policies/routes.ts). The menu entries are also the home page's quick
 * links for users who may open them.
 */
import { CarOutlined, FileDoneOutlined, SearchOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { definePlugin, icon, menuGroup, page, PAGES } from '../../src/sdk';
import { TRAIN_BOOKINGS_META, TRAIN_BOOKINGS_RESOURCE } from './api';

export const trainsPlugin = definePlugin({
  name: 'trains',
  resources: [
    menuGroup('trains', 'trains.menu.group', CarOutlined, 18),
    { name: TRAIN_BOOKINGS_RESOURCE, list: PAGES.trains.status, meta: { label: 'trains.status.title', ...TRAIN_BOOKINGS_META, parent: 'trains', icon: icon(UnorderedListOutlined), order: 23 } },
    // menu entries of pages without data of their own (after the data resource, so routes resolve to it)
    { name: 'train-search', list: PAGES.trains.home, meta: { label: 'trains.menu.search', parent: 'trains', icon: icon(SearchOutlined), order: 21 } },
    { name: 'train-issue', list: PAGES.trains.issue, meta: { label: 'trains.issue.title', parent: 'trains', icon: icon(FileDoneOutlined), order: 22 } },
  ],
  routes: [
    page(PAGES.trains.home, () => import('./pages/TrainHomePage'), 'trains.home.title'),
    page(PAGES.trains.search, () => import('./pages/TrainResultsPage'), 'trains.results.title'),
    page(PAGES.trains.issue, () => import('./pages/TrainIssuePage'), 'trains.issue.title'),
    page(PAGES.trains.status, () => import('./pages/TrainStatusPage'), 'trains.status.title'),
    page(PAGES.trains.booking, () => import('./pages/BookingTrainPage'), 'trains.booking.title'),
    page(PAGES.trains.passengerInfo, () => import('./pages/PassengerInfoPage'), 'trains.passengers.title'),
    page(PAGES.trains.confirm, () => import('./pages/ConfirmPassengerInfoPage'), 'trains.confirm.title'),
    page(PAGES.trains.complete, () => import('./pages/BookingCompletePage'), 'trains.complete.title'),
  ],
});
