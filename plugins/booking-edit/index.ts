/**
 * The booking-edit plugin: after-sale services of an issued booking. /booking/edit/:id is the hub (what each
 * action costs and whether it is allowed now), buy-luggage and buy-seat are its paid screens; the booking
 * detail gets two tabs through the bookingDetail slot: the history of every PNR edit and the after-sale
 * documents (EMDs and tickets). Rules are in policies/routes.ts and policies/actions.ts.
 */
import { ScheduleOutlined } from '@ant-design/icons';
import { definePlugin, icon, page, PAGES } from '../../src/sdk';
// pnr-elements
import { ELEMENT_SCREENS, elementScreenPath } from '../../contract/aftersale-element-screens';
// sched: the schedule-change inbox's resource
import { SCHED_RESOURCE } from './resources';

const loadElementEditPage = () => import('./pages/elements/ElementEditPage');

export const bookingEditPlugin = definePlugin({
  name: 'booking-edit',
  resources: [
    // sched: the schedule-change inbox, in the bookings menu
    { name: SCHED_RESOURCE, list: PAGES.bookingEdit.scheduleChanges, meta: { label: 'aftersale.scInbox.menu', parent: 'bookings-group', icon: icon(ScheduleOutlined), order: 16 } },
  ],
  routes: [
    page(PAGES.bookingEdit.hub, () => import('./pages/HubPage'), 'aftersale.hub.title'),
    page(PAGES.bookingEdit.buyLuggage, () => import('./pages/BuyLuggagePage'), 'aftersale.luggage.title'),
    page(PAGES.bookingEdit.buySeat, () => import('./pages/BuySeatPage'), 'aftersale.seat.title'),
    // aftersale2
    page(PAGES.bookingEdit.exchangeRoute, () => import('./pages/exchange/ExchangeRoutePage'), 'aftersale.exchange.title'),
    // pnr-elements: the fifteen element edit screens, one configurable page
    ...ELEMENT_SCREENS.map((screen) => page(elementScreenPath(screen), loadElementEditPage, `aftersale.elementTitle.${screen.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`)),
    // pnr-segments
    page(PAGES.bookingEdit.addRoute, () => import('./pages/segments/AddRoutePage'), 'aftersale.segmentTitle.route'),
    page(PAGES.bookingEdit.removeRoute, () => import('./pages/segments/RemoveRoutePage'), 'aftersale.segmentTitle.remove'),
    page(PAGES.bookingEdit.addArunk, () => import('./pages/segments/AddArnkPage'), 'aftersale.segmentTitle.arnk'),
    page(PAGES.bookingEdit.changeRouteClass, () => import('./pages/segments/ChangeRouteClassPage'), 'aftersale.segmentTitle.cls'),
    page(PAGES.bookingEdit.removeCheckIn, () => import('./pages/segments/RemoveCheckInPage'), 'aftersale.segmentTitle.checkIn'),
    page(PAGES.bookingEdit.splitPassenger, () => import('./pages/segments/SplitPassengerPage'), 'aftersale.segmentTitle.split'),
    page(PAGES.bookingEdit.addInfant, () => import('./pages/segments/AddInfantPage'), 'aftersale.segmentTitle.infant'),
    // sched: schedule changes and change-route-status
    page(PAGES.bookingEdit.scheduleChanges, () => import('./pages/sched/ScheduleInboxPage'), 'aftersale.scInbox.title'),
    page(PAGES.bookingEdit.submitSc, () => import('./pages/sched/SubmitScPage'), 'aftersale.sched.title'),
    page(PAGES.bookingEdit.changeRouteStatus, () => import('./pages/sched/ChangeRouteStatusPage'), 'aftersale.routeStatus.title'),
    // as14a: paid extras
    page(PAGES.bookingEdit.upgradeLuggage, () => import('./pages/extras/UpgradeLuggagePage'), 'aftersale.extrasTitle.upgradeLuggage'),
    page(PAGES.bookingEdit.buyAncillary, () => import('./pages/extras/BuyAncillaryPage'), 'aftersale.extrasTitle.buyAncillary'),
    page(PAGES.bookingEdit.addInfantVj, () => import('./pages/extras/AddInfantVjPage'), 'aftersale.extrasTitle.addInfantVj'),
    // as14b: re-pricing a held booking
    page(PAGES.bookingEdit.quoteBestPrice, () => import('./pages/price/QuoteBestPricePage'), 'aftersale.price.bestTitle'),
    page(PAGES.bookingEdit.processPrice, () => import('./pages/price/ProcessPricePage'), 'aftersale.price.repriceTitle'),
  ],
  slots: {
    bookingDetail: [
      { key: 'aftersale-documents', label: 'aftersale.documents.tab', load: () => import('./components/DocumentsPanel'), order: 10 },
      { key: 'aftersale-history', label: 'aftersale.history.tab', load: () => import('./components/HistoryPanel'), order: 20 },
    ],
  },
});
