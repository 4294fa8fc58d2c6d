/**
 * The portal's pages other code links to, by name: a typed reference instead of a copied path string.
 * `linkTo(PAGES.bookings.detail, { id })` (the portal's sdk) or `pagePath(...)` builds the URL; the parameters
 * a path needs (`:id`) are checked by the type system. Every path here is a route of policies/routes.ts
 * (a test checks it); the plugin that serves a page owns its entry.
 */
export const PAGES = {
  home: { start: '/' },
  flights: {
    search: '/booking/flights',
    multiDestinations: '/booking/multi-destinations',
  },
  bookings: {
    passengerInformation: '/booking/passenger-information/:id',
    // multi-city: passengers of every leg (?session= the first leg's search session, where the draft is kept)
    multiDestinationsPassengers: '/booking/multi-destinations-passengers',
    completed: '/booking/completed/:id',
    search: '/booking/search',
    detail: '/booking/booking-detail/:id',
    refundTicket: '/booking/edit/refund-ticket/:id',
    printTicket: '/booking/print-ticket',
    mail: '/booking/mail',
    ticketFace: '/ticket-face',
  },
  // board: the airport board
  board: {
    board: '/electronic-board/:place',
  },
  // qr: VietQR top-ups, QR accounts, statement matching
  qr: {
    topUp: '/qr',
    account: '/qr/:id',
    statement: '/accounting/bank-statement',
  },
  esim: {
    products: '/esim/products',
    productDetail: '/esim/product-detail',
    orders: '/esim/list-order',
    order: '/esim/list-order/:id',
  },
  accounting: {
    topUps: '/accounting/deposit-topup',
    addTopUp: '/accounting/deposit-topup/add',
  },
  news: {
    list: '/agent/news',
    byTag: '/agent/news-by-tag',
    article: '/agent/news/:id',
  },
  // b2c
  b2c: {
    config: '/b2c/config',
    tours: '/b2c/tours',
    tour: '/b2c/tour/:id',
    changeTour: '/b2c/change-tour',
    orders: '/b2c/list-order',
    news: '/b2c/news',
    newsByTag: '/b2c/news-by-tag',
    newsArticle: '/b2c/news/:id',
    changeNews: '/b2c/change-news',
    fareRules: '/b2c/fare-rules',
    changeFareRule: '/b2c/change-fare-rule',
  },
  // trains
  trains: {
    home: '/train',
    search: '/train/search',
    issue: '/train/issue',
    status: '/train/status',
    booking: '/booking/train',
    passengerInfo: '/booking/train/passenger-info',
    confirm: '/booking/train/confirm-passenger-info',
    complete: '/booking/train/complete',
  },
  // after-sale (booking-edit)
  bookingEdit: {
    hub: '/booking/edit/:id',
    buyLuggage: '/booking/edit/buy-luggage/:id',
    buySeat: '/booking/edit/buy-seat/:id',
    // aftersale2
    exchangeRoute: '/booking/edit/exchange-route/:id',
    // pnr-segments
    addRoute: '/booking/edit/add-route/:id',
    removeRoute: '/booking/edit/remove-route/:id',
    addArunk: '/booking/edit/add-arunk/:id',
    changeRouteClass: '/booking/edit/change-route-class/:id',
    removeCheckIn: '/booking/edit/remove-checkIn/:id',
    splitPassenger: '/booking/edit/split-passenger/:id',
    addInfant: '/booking/edit/add-infant/:id',
    // sched: schedule changes
    submitSc: '/booking/edit/submit-sc/:id',
    changeRouteStatus: '/booking/edit/change-route-status/:id',
    scheduleChanges: '/booking/schedule-changes',
    // as14a: paid extras
    upgradeLuggage: '/booking/edit/upgrade-luggage/:id',
    buyAncillary: '/booking/edit/buy-ancillary/:id',
    addInfantVj: '/booking/edit/add-infant-vj/:id',
    // as14b: re-pricing a held booking
    quoteBestPrice: '/booking/edit/quote-best-price/:id',
    processPrice: '/booking/edit/process-price/:id',
  },
  shell: {
    changePassword: '/change-password',
    timeSetup: '/time-setup-instruction',
    notAllow: '/not-allow',
  },
  // desk: support requests and booking reminders
  desk: {
    supportRequest: '/booking/support-request',
    remind: '/booking/remind',
    customerServicesReport: '/booking/customer-services-report',
    analyzeSalesReport: '/booking/analyze-sales-report',
  },
  // shop reserves: seat allotments
  shop: {
    list: '/reverses-shop/list',
    management: '/reverses-shop/management',
  },
} as const;

/** The names of a path's `:params`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = { [K in PathParamNames<P>]: string | number };
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

/** Parameters of a path with none are optional; a path with `:params` requires them all. */
export type PathArgs<P extends string> = [PathParamNames<P>] extends [never]
  ? [params?: Record<string, never> | null, query?: Query]
  : [params: PathParams<P>, query?: Query];

/** The URL of a page: its `:params` filled in (URI-encoded) and the query appended (empty values dropped). */
export function pagePath<P extends string>(path: P, ...[params, query]: PathArgs<P>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') throw new Error(`Parameter "${name}" of ${path} is missing`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined && v !== null && v !== '') search.append(key, String(v));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** Every page path of the table (for tests). */
export function pagePaths(): string[] {
  return Object.values(PAGES).flatMap((group) => Object.values(group) as string[]);
}
