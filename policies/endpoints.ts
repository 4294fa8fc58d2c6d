/**
 * The permission rule of every gateway endpoint, keyed by `METHOD path` (Fastify path syntax).
 * `public` endpoints need no token; `true` means any signed-in user. The gateway refuses to start when a
 * registered endpoint has no entry here, and the API tests call each one without its permission.
 */
export interface EndpointRule {
  rule: string;
  public?: boolean;
}

/** The rules of the agency-administration endpoints (spec point 2, Agent / System / Banner). */
const ADMIN_F1 = 'ADMIN_F1';
const MANAGERS = 'ADMIN_F1 || ADMIN_F2';
const CHILD = 'ADMIN_F2 && CHILD_AGENT_MANAGER';
const COMMISSION = '(AGENT_F1 && DEPOSIT_MANAGER) || ADMIN_F1 || ADMIN_F2';
const NEWS_WRITERS = 'AGENT_F1 || ADMIN_NEWS || ONLY_SHOW_NEW';
const BANNER = '((AGENT_F2 || ADMIN_F1) && ONLY_SHOW_NEW) || ADMIN_NEWS';

function admin(): Record<string, EndpointRule> {
  const rules: Record<string, EndpointRule> = {};
  const add = (rule: string, ...keys: string[]) => {
    for (const k of keys) rules[k] = { rule };
  };
  // permission groups: /system/group-permissions
  add(ADMIN_F1, 'GET /api/system/group-permissions', 'GET /api/system/group-permissions/:id', 'POST /api/system/group-permissions',
    'PUT /api/system/group-permissions/:id', 'DELETE /api/system/group-permissions/:id');
  // users: /agent/ticketing-management (children's users too, within the caller's scope)
  add(MANAGERS, 'GET /api/agents/options', 'GET /api/agents/users', 'GET /api/agents/users/:id', 'POST /api/agents/users',
    'PUT /api/agents/users/:id', 'POST /api/agents/users/:id/lock', 'POST /api/agents/users/:id/unlock',
    'POST /api/agents/users/:id/reset-password');
  // F2 sub-agencies: /agent/config-f2; children of an F2: /agent/config-child
  add(ADMIN_F1, 'GET /api/agents/sub-agencies', 'GET /api/agents/sub-agencies/:id', 'POST /api/agents/sub-agencies',
    'PUT /api/agents/sub-agencies/:id', 'POST /api/agents/sub-agencies/:id/status');
  add(CHILD, 'GET /api/agents/child-agencies', 'GET /api/agents/child-agencies/:id', 'POST /api/agents/child-agencies',
    'PUT /api/agents/child-agencies/:id', 'POST /api/agents/child-agencies/:id/status');
  // agency settings: /agent/config
  add(ADMIN_F1, 'GET /api/agents/config', 'PUT /api/agents/config');
  // own profile, password, PIN: open
  add('true', 'GET /api/agents/account-info', 'PUT /api/agents/account-info', 'POST /api/system/change-password',
    'GET /api/system/pin-code', 'PUT /api/system/pin-code');
  // reliability: supplier calls still owed (compensating voids), the operators' list
  add(ADMIN_F1, 'GET /api/system/outbox', 'POST /api/system/outbox/:id/retry', 'POST /api/system/outbox/:id/abandon');
  // sign-ins: /system/signIn-config
  add(ADMIN_F1, 'GET /api/system/signin-config', 'POST /api/system/signin-config', 'PUT /api/system/signin-config/:id',
    'DELETE /api/system/signin-config/:id');
  // commission and service fees: /system/commission-fee
  add(COMMISSION, 'GET /api/system/commission-fee', 'PUT /api/system/commission-fee');
  // uploads: any signed-in user uploads into its agency; files are fetched by the browser without a token (random ids)
  add('true', 'POST /api/uploads');
  rules['GET /api/uploads/:id'] = { rule: 'true', public: true };
  // news: reading open (/agent/news, news-by-tag, news/:id), writing /agent/change-news
  add('true', 'GET /api/agents/news', 'GET /api/agents/news-tags', 'GET /api/agents/news/:id');
  add(NEWS_WRITERS, 'GET /api/agents/manage-news', 'GET /api/agents/manage-news/:id', 'POST /api/agents/manage-news',
    'PUT /api/agents/manage-news/:id', 'DELETE /api/agents/manage-news/:id');
  // banners: /banner; the home page's active banners are open
  add(BANNER, 'GET /api/banners', 'POST /api/banners', 'PUT /api/banners/:id', 'DELETE /api/banners/:id');
  add('true', 'GET /api/home/banners');
  // online support: /agent/online-support (write), /agent/online-support-config (open read)
  add(ADMIN_F1, 'GET /api/agents/online-support', 'POST /api/agents/online-support', 'PUT /api/agents/online-support/:id',
    'DELETE /api/agents/online-support/:id');
  add('true', 'GET /api/agents/online-support-config');
  // notifications (the header bell) and failed booking attempts (/system/log-reservation-error): open
  add('true', 'GET /api/notifications', 'POST /api/notifications/:id/read', 'POST /api/notifications/read-all',
    'GET /api/system/log-reservation-error');
  return rules;
}

/** The deposit endpoints: each mirrors the rule of the accounting screen that calls it. */
function accounting(): Record<string, EndpointRule> {
  const ACCOUNTING = 'DEPOSIT_MANAGER || ADMIN_F1 || ADMIN_F2';
  // approving or rejecting a top-up needs confirm_deposit on top of access to accounting/deposit-topup
  const CONFIRM = 'CONFIRM_DEPOSIT && (DEPOSIT_MANAGER || ADMIN_F1 || ADMIN_F2)';
  return {
    // the header's balance: any signed-in user, own agency only
    'GET /api/accounting/balance': { rule: 'true' },
    // accounting/view-deposit
    'GET /api/accounting/entries': { rule: 'VIEW_DEPOSIT && (AGENT_F1 || ADMIN_F1)' },
    // accounting/deposit-report
    'GET /api/accounting/deposit-report': { rule: ACCOUNTING },
    // accounting/deposit-topup and accounting/deposit-topup/add
    'GET /api/accounting/topups': { rule: ACCOUNTING },
    'GET /api/accounting/topups/:id': { rule: ACCOUNTING },
    'POST /api/accounting/topups': { rule: '(DEPOSIT_MANAGER && AGENT_F1) || ADMIN_F1 || ADMIN_F2' },
    'POST /api/accounting/topups/:id/approve': { rule: CONFIRM },
    'POST /api/accounting/topups/:id/reject': { rule: CONFIRM },
    // accounting reports (docs/reports.md): each mirrors its accounting/<report> route
    'GET /api/accounting/reports/agencies': { rule: ACCOUNTING },
    ...Object.fromEntries(
      ['sale-report', 'flight-data-report', 'debit-report', 'debit-total-report', 'income-report', 'vna-summary-report'].map((r) => [
        `GET /api/accounting/reports/${r}`,
        { rule: ACCOUNTING },
      ]),
    ),
    // the xlsx export of each report: the same rule as its screen
    ...Object.fromEntries(
      ['sale-report', 'flight-data-report', 'debit-report', 'debit-total-report', 'income-report', 'vna-summary-report'].map((r) => [
        `GET /api/accounting/reports/${r}.xlsx`,
        { rule: ACCOUNTING },
      ]),
    ),
  };
}

/** The train endpoints (spec point 2: every train route needs USE_TRAIN); the booking scope decides which bookings. */
function trains(): Record<string, EndpointRule> {
  const TRAIN = 'USE_TRAIN';
  const rules: Record<string, EndpointRule> = {};
  for (const key of [
    'GET /api/trains/stations',
    'POST /api/trains/search',
    'GET /api/trains/seats',
    'GET /api/trains/hold',
    'POST /api/trains/hold',
    'DELETE /api/trains/hold',
    'POST /api/trains/bookings',
    'GET /api/trains/bookings',
    'GET /api/trains/bookings/:id',
    'POST /api/trains/bookings/:id/pay',
    'POST /api/trains/bookings/:id/cancel',
    'GET /api/trains/bookings/:id/refund',
    'POST /api/trains/bookings/:id/refund',
    'GET /api/trains/bookings/:id/tickets.pdf',
  ]) {
    rules[key] = { rule: TRAIN };
  }
  return rules;
}

/** The eSIM endpoints: all USE_ESIM, like the /esim routes that call them. */
function esim(): Record<string, EndpointRule> {
  const keys = [
    'GET /api/esim/products', 'GET /api/esim/products/:id', 'GET /api/esim/orders', 'POST /api/esim/orders', 'GET /api/esim/orders/:id',
    'GET /api/esim/esims/:iccid/usage', 'GET /api/esim/esims/:iccid/qr.png', 'GET /api/esim/esims/:iccid/top-ups',
    'POST /api/esim/esims/:iccid/top-ups', 'POST /api/esim/esims/:iccid/refund', 'POST /api/esim/esims/:iccid/resend',
  ];
  return Object.fromEntries(keys.map((k) => [k, { rule: 'USE_ESIM' }]));
}

/** The B2C endpoints (gateway/b2c): the agency's side needs USE_B2C like every /b2c route; the storefront's are public. */
function b2c(): Record<string, EndpointRule> {
  const keys = [
    'GET /api/b2c/config', 'PUT /api/b2c/config', 'GET /api/b2c/tours', 'GET /api/b2c/tours/:id', 'POST /api/b2c/tours', 'PUT /api/b2c/tours/:id',
    'GET /api/b2c/orders', 'GET /api/b2c/orders/:id', 'POST /api/b2c/orders/:id/status', 'POST /api/b2c/orders/:id/notes',
    'POST /api/b2c/orders/:id/assign', 'GET /api/b2c/agents', 'POST /api/b2c/orders/:id/payment', 'POST /api/b2c/orders/:id/refund',
    // storefront articles and fare rules
    'GET /api/b2c/news', 'GET /api/b2c/news-tags', 'GET /api/b2c/news/:id', 'POST /api/b2c/news', 'PUT /api/b2c/news/:id', 'DELETE /api/b2c/news/:id',
    'GET /api/b2c/fare-rules', 'GET /api/b2c/fare-rules/:id', 'POST /api/b2c/fare-rules', 'PUT /api/b2c/fare-rules/:id', 'DELETE /api/b2c/fare-rules/:id',
  ];
  return {
    ...Object.fromEntries(keys.map((k) => [k, { rule: 'USE_B2C' }])),
    'GET /api/b2c/public/:slug': { rule: 'true', public: true },
    'GET /api/b2c/public/:slug/tours/:id': { rule: 'true', public: true },
    'POST /api/b2c/public/:slug/orders': { rule: 'true', public: true },
    'GET /api/b2c/public/:slug/news/:id': { rule: 'true', public: true },
    'GET /api/b2c/public/:slug/news': { rule: 'true', public: true },
    'GET /api/b2c/public/:slug/fare-rules': { rule: 'true', public: true },
  };
}

export const ENDPOINT_RULES: Record<string, EndpointRule> = {
  'GET /api/auth/captcha': { rule: 'true', public: true },
  'POST /api/auth/login': { rule: 'true', public: true },
  'POST /auth/refresh-token': { rule: 'true', public: true },
  'POST /api/auth/logout': { rule: 'true', public: true },
  'POST /api/auth/forgot-password': { rule: 'true', public: true },
  'POST /api/auth/forgot-password/verify': { rule: 'true', public: true },
  'POST /api/auth/change-password': { rule: 'true', public: true },
  'GET /api/ping': { rule: 'true', public: true },
  'GET /api/auth/me': { rule: 'true' },
  'GET /api/audit-log': { rule: 'ADMIN_F1 || ADMIN_F2' },
  // agency administration (docs/admin-model.md)
  ...admin(),
  // flight search (docs/flight-search.md): any signed-in user
  'POST /api/flights/search': { rule: 'true' },
  'GET /api/flights/search/:sessionId': { rule: 'true' },
  'GET /api/flights/airports': { rule: 'true' },
  'GET /api/flights/cheapest': { rule: 'true' },
  'GET /api/flights/fare-rules': { rule: 'true' },
  // deposit ledger (docs/ledger.md), mirroring the accounting routes of spec point 2
  ...accounting(),
  // bookings (docs/bookings.md): holding and the completed booking (/booking/completed/:id)
  'POST /api/bookings': { rule: 'BOOKING_TICKET || ADMIN_F1 || ADMIN_F2 || VOID_VIEW_TICKETS' },
  'GET /api/bookings/:id': { rule: 'ADMIN_F1 || ADMIN_F2 || BOOKING_TICKET || VOID_VIEW_TICKETS' },
  // booking management (docs/booking-management.md): any signed-in user; the booking scope decides which bookings
  'GET /api/bookings': { rule: 'true' },
  'GET /api/bookings/:id/detail': { rule: 'true' },
  'GET /api/reservation-status': { rule: 'true' },
  'GET /api/luggage-options': { rule: 'true' },
  'GET /api/bookings/:id/print': { rule: 'true' },
  'GET /api/bookings/:id/print.pdf': { rule: 'true' },
  'POST /api/bookings/:id/mail': { rule: 'true' },
  'GET /api/ticket-face': { rule: 'true', public: true },
  'POST /api/bookings/:id/issue': { rule: 'EXPORT_TICKET || VOID_VIEW_TICKETS' },
  'POST /api/bookings/:id/void': { rule: 'VOID_VNA || VOID_VIEW_TICKETS' },
  'POST /api/bookings/:id/cancel': { rule: 'true' },
  'GET /api/bookings/:id/refund': { rule: 'EXPORT_TICKET' },
  'POST /api/bookings/:id/refund': { rule: 'EXPORT_TICKET && REFUND_TICKET' },
  // trains (gateway/trains)
  ...trains(),
  // eSIM (spec point 2: every /esim route needs USE_ESIM); the order scope decides which orders
  ...esim(),
  // desk: support requests and reminders (/booking/support-request, /booking/remind are open; the booking scope
  // decides which bookings; the provider's answer is ADMIN_F1's, of its subtree)
  'GET /api/desk/support-requests': { rule: 'true' },
  'POST /api/desk/support-requests': { rule: 'true' },
  'GET /api/desk/support-requests/:id': { rule: 'true' },
  'POST /api/desk/support-requests/:id/replies': { rule: 'true' },
  'POST /api/desk/support-requests/:id/answer': { rule: 'ADMIN_F1' },
  'POST /api/desk/support-requests/:id/close': { rule: 'true' },
  'GET /api/desk/reminders': { rule: 'true' },
  'GET /api/desk/reminders/export': { rule: 'true' },
  // desk: the booking reports (/booking/customer-services-report, /booking/analyze-sales-report are open; the booking
  // scope decides which bookings count)
  'GET /api/desk/reports/customer-services': { rule: 'true' },
  'GET /api/desk/reports/customer-services/export': { rule: 'true' },
  'GET /api/desk/reports/analyze-sales': { rule: 'true' },
  'GET /api/desk/reports/analyze-sales/export': { rule: 'true' },
  // after-sale (gateway/aftersale): the hub and history are open (the booking scope decides); buying needs EXPORT_TICKET
  'GET /api/aftersale/bookings/:id': { rule: 'true' },
  'GET /api/aftersale/bookings/:id/history': { rule: 'true' },
  'GET /api/aftersale/bookings/:id/luggage': { rule: 'EXPORT_TICKET' },
  'POST /api/aftersale/bookings/:id/luggage': { rule: 'EXPORT_TICKET' },
  'GET /api/aftersale/bookings/:id/seat-map': { rule: 'EXPORT_TICKET' },
  'POST /api/aftersale/bookings/:id/seats': { rule: 'EXPORT_TICKET' },
  // aftersale2: exchange-route
  'GET /api/aftersale/bookings/:id/exchange-quote': { rule: 'EXPORT_TICKET' },
  'POST /api/aftersale/bookings/:id/exchange': { rule: 'EXPORT_TICKET' },
  // pnr-elements: the unpaid element edits (booking or ticketing right; the booking scope decides which bookings)
  'POST /api/aftersale/bookings/:id/elements': { rule: 'BOOKING_TICKET || EXPORT_TICKET || ADMIN_F1 || ADMIN_F2' },
  // pnr-segments: the segment and passenger-structure edit screens are open routes (the booking scope decides)
  'GET /api/aftersale/bookings/:id/route-offers': { rule: 'true' },
  'POST /api/aftersale/bookings/:id/routes': { rule: 'true' },
  'POST /api/aftersale/bookings/:id/routes/remove': { rule: 'true' },
  'POST /api/aftersale/bookings/:id/arnk': { rule: 'true' },
  'GET /api/aftersale/bookings/:id/class-quotes': { rule: 'true' },
  'POST /api/aftersale/bookings/:id/class': { rule: 'true' },
  'POST /api/aftersale/bookings/:id/check-in/remove': { rule: 'true' },
  'POST /api/aftersale/bookings/:id/split': { rule: 'true' },
  'GET /api/aftersale/bookings/:id/infant-quote': { rule: 'true' },
  'POST /api/aftersale/bookings/:id/infant': { rule: 'true' },
  // sched: schedule changes (submit-sc and change-route-status are open screens: the booking scope decides)
  'GET /api/aftersale/schedule-changes': { rule: 'true' },
  'GET /api/aftersale/bookings/:id/schedule-change': { rule: 'true' },
  'POST /api/aftersale/bookings/:id/schedule-change/accept': { rule: 'true' },
  'POST /api/aftersale/bookings/:id/schedule-change/rebook': { rule: 'true' },
  'POST /api/aftersale/bookings/:id/segment-status': { rule: 'true' },
  // as14a: upgrade-luggage (an open screen: the booking scope decides), buy-ancillary and add-infant-vj (EXPORT_TICKET)
  'GET /api/aftersale/bookings/:id/luggage-upgrades': { rule: 'true' },
  'POST /api/aftersale/bookings/:id/luggage-upgrades': { rule: 'true' },
  'GET /api/aftersale/bookings/:id/ancillaries': { rule: 'EXPORT_TICKET' },
  'POST /api/aftersale/bookings/:id/ancillaries': { rule: 'EXPORT_TICKET' },
  'GET /api/aftersale/bookings/:id/infant-vj-quote': { rule: 'EXPORT_TICKET' },
  'POST /api/aftersale/bookings/:id/infant-vj': { rule: 'EXPORT_TICKET' },
  // as14b: re-pricing a held booking (quote-best-price, process-price need EXPORT_TICKET, spec point 2)
  'GET /api/aftersale/bookings/:id/best-price': { rule: 'EXPORT_TICKET' },
  'POST /api/aftersale/bookings/:id/best-price': { rule: 'EXPORT_TICKET' },
  'GET /api/aftersale/bookings/:id/reprice': { rule: 'EXPORT_TICKET' },
  'POST /api/aftersale/bookings/:id/reprice': { rule: 'EXPORT_TICKET' },
  // board (electronic-board/{place}): open to every signed-in user
  'GET /api/board/:place': { rule: 'true' },
  // QR top-ups (qr: VIEW_QR_CODE and ADMIN_F2 or AGENT_F2), QR accounts (qr/{id}: VIEW_QR_CODE and ADMIN_F1),
  // statement matching: who approves top-ups (accounting/bank-statement)
  'GET /api/qr/account': { rule: 'VIEW_QR_CODE && (ADMIN_F2 || AGENT_F2)' },
  'GET /api/qr/topups': { rule: 'VIEW_QR_CODE && (ADMIN_F2 || AGENT_F2)' },
  'POST /api/qr/topups': { rule: 'VIEW_QR_CODE && (ADMIN_F2 || AGENT_F2)' },
  'GET /api/qr/accounts': { rule: 'VIEW_QR_CODE && ADMIN_F1' },
  'GET /api/qr/accounts/:id': { rule: 'VIEW_QR_CODE && ADMIN_F1' },
  'PUT /api/qr/accounts/:id': { rule: 'VIEW_QR_CODE && ADMIN_F1' },
  'POST /api/qr/statements': { rule: 'CONFIRM_DEPOSIT && (DEPOSIT_MANAGER || ADMIN_F1 || ADMIN_F2)' },
  'GET /api/qr/statement-lines': { rule: 'CONFIRM_DEPOSIT && (DEPOSIT_MANAGER || ADMIN_F1 || ADMIN_F2)' },
  'POST /api/qr/statement-lines/:id/confirm': { rule: 'CONFIRM_DEPOSIT && (DEPOSIT_MANAGER || ADMIN_F1 || ADMIN_F2)' },
  // shop reserves (reverses-shop/list, reverses-shop/management: SHOP_RESERVES); reads of the managed agencies,
  // writes on the caller's own agency's allotments
  'GET /api/shop/flights': { rule: 'SHOP_RESERVES' },
  'GET /api/shop/reserves': { rule: 'SHOP_RESERVES' },
  'POST /api/shop/reserves': { rule: 'SHOP_RESERVES' },
  'GET /api/shop/reserves/:id': { rule: 'SHOP_RESERVES' },
  // a sale issues a ticket: the issue's own rule too
  'POST /api/shop/reserves/:id/sales': { rule: 'SHOP_RESERVES && (EXPORT_TICKET || VOID_VIEW_TICKETS)' },
  'GET /api/shop/on-sale': { rule: 'SHOP_RESERVES' },
  'POST /api/shop/reserves/:id/release': { rule: 'SHOP_RESERVES' },
  // B2C storefront (gateway/b2c)
  ...b2c(),
};

export function endpointKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}
