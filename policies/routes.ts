/**
 * The permission rule of every route of spec point 2. A rule is an expression over permission names with
 * `&&`, `||`, `!` and parentheses; `true` means open to any signed-in user. `public` routes need no sign-in.
 * Paths use `:param` for the `{id}` parts. A route is registered in the portal only when its screen works,
 * but every rule is written here and tested now.
 */
export interface RouteRule {
  path: string;
  rule: string;
  public?: boolean;
}

const TRAIN = 'USE_TRAIN';
const ACCOUNTING = 'DEPOSIT_MANAGER || ADMIN_F1 || ADMIN_F2';
const COMMISSION = '(AGENT_F1 && DEPOSIT_MANAGER) || ADMIN_F1 || ADMIN_F2';
const CHILD = 'ADMIN_F2 && CHILD_AGENT_MANAGER';

/** Booking edit screens live at /booking/edit/<screen>/:id. */
export const EDIT_SCREENS_EXPORT = [
  'buy-luggage', 'refund-ticket', 'exchange-route', 'buy-seat', 'buy-ancillary', 'add-infant-vj', 'quote-best-price', 'process-price',
] as const;
export const EDIT_SCREENS_OPEN = [
  'add-osi', 'add-ca', 'add-sk', 'change-loyalty', 'add-infant', 'add-info-passenger', 'add-remark', 'change-route-class',
  'remove-checkIn', 'add-services', 'change-route-status', 'remove-route', 'edit-phone', 'add-arunk', 'split-passenger',
  'swap-queue', 'add-route', 'submit-sc', 'change-passport', 'change-birthday-qh', 'change-contact', 'change-passenger-info',
  'retain-quote-tst', 'add-pax-endorsement', 'upgrade-luggage',
] as const;

export const ROUTE_RULES: readonly RouteRule[] = [
  // public and open
  { path: '/login', rule: 'true', public: true },
  { path: '/forgot-password', rule: 'true', public: true },
  { path: '/change-password', rule: 'true', public: true },
  { path: '/time-setup-instruction', rule: 'true', public: true },
  { path: '/ticket-face', rule: 'true', public: true },
  { path: '/not-allow', rule: 'true', public: true },
  { path: '/', rule: 'true' },
  // train
  ...['/train', '/train/search', '/train/issue', '/train/status', '/booking/train', '/booking/train/passenger-info',
    '/booking/train/confirm-passenger-info', '/booking/train/complete'].map((path) => ({ path, rule: TRAIN })),
  // banner
  { path: '/banner', rule: '((AGENT_F2 || ADMIN_F1) && ONLY_SHOW_NEW) || ADMIN_NEWS' },
  // flight booking
  ...['/booking/flights', '/booking/multi-destinations', '/booking/multi-destinations-passengers',
    '/booking/passenger-information/:id', '/booking/print-ticket'].map((path) => ({ path, rule: 'true' })),
  { path: '/booking/completed/:id', rule: 'ADMIN_F1 || ADMIN_F2 || BOOKING_TICKET || VOID_VIEW_TICKETS' },
  { path: '/booking/issue', rule: 'EXPORT_TICKET || VOID_VIEW_TICKETS' },
  { path: '/booking/void', rule: 'VOID_VNA || VOID_VIEW_TICKETS' },
  ...['/booking/cancel', '/booking/search', '/booking/mail', '/booking/customer-services-report', '/booking/analyze-sales-report',
    '/booking/edit', '/booking/reservation-status', '/booking/remind', '/booking/support-request', '/booking/booking-detail/:id',
  ].map((path) => ({ path, rule: 'true' })),
  // after-sale hub of one booking (booking/edit of spec point 2, with the booking's id)
  { path: '/booking/edit/:id', rule: 'true' },
  // booking edit screens
  ...EDIT_SCREENS_EXPORT.map((s) => ({ path: `/booking/edit/${s}/:id`, rule: 'EXPORT_TICKET' })),
  ...EDIT_SCREENS_OPEN.map((s) => ({ path: `/booking/edit/${s}/:id`, rule: 'true' })),
  // sched: the schedule-change inbox (bookings whose flights the airline changed; the booking scope decides)
  { path: '/booking/schedule-changes', rule: 'true' },
  // other
  { path: '/electronic-board/:place', rule: 'true' },
  ...['/esim/products', '/esim/product-detail', '/esim/list-order', '/esim/list-order/:id'].map((path) => ({ path, rule: 'USE_ESIM' })),
  // accounting
  ...['sale-report', 'flight-data-report', 'debit-report', 'debit-total-report', 'income-report', 'deposit-topup', 'deposit-report',
    'vna-summary-report'].map((s) => ({ path: `/accounting/${s}`, rule: ACCOUNTING })),
  { path: '/accounting/deposit-topup/add', rule: '(DEPOSIT_MANAGER && AGENT_F1) || ADMIN_F1 || ADMIN_F2' },
  { path: '/accounting/view-deposit', rule: 'VIEW_DEPOSIT && (AGENT_F1 || ADMIN_F1)' },
  // system
  ...['/system/change-password', '/system/log-reservation-error', '/system/pin-code'].map((path) => ({ path, rule: 'true' })),
  ...['/system/commission-fee', '/system/change-commission'].map((path) => ({ path, rule: COMMISSION })),
  ...['/system/change-signIn', '/system/signIn-config', '/system/group-permissions', '/system/change-group-permissions'].map((path) => ({ path, rule: 'ADMIN_F1' })),
  // reliability: the operators' outbox screen
  { path: '/system/outbox', rule: 'ADMIN_F1' },
  // agent
  ...['/agent/ticketing-management', '/agent/change-ticketing'].map((path) => ({ path, rule: 'ADMIN_F1 || ADMIN_F2' })),
  ...['/agent/change-account-info', '/agent/online-support-config', '/agent/news', '/agent/news-by-tag', '/agent/news/:id'].map((path) => ({ path, rule: 'true' })),
  ...['/agent/config-f2', '/agent/change-subAgent', '/agent/online-support', '/agent/change-online-support', '/agent/config'].map((path) => ({ path, rule: 'ADMIN_F1' })),
  ...['/agent/child-ticketing-management', '/agent/change-child-ticketing', '/agent/config-child', '/agent/change-child'].map((path) => ({ path, rule: CHILD })),
  { path: '/agent/change-news', rule: 'AGENT_F1 || ADMIN_NEWS || ONLY_SHOW_NEW' },
  // B2C
  ...['list-order', 'config', 'news', 'news-by-tag', 'news/:id', 'change-news', 'tours', 'tour/:id', 'change-tour', 'fare-rules',
    'change-fare-rule'].map((s) => ({ path: `/b2c/${s}`, rule: 'USE_B2C' })),
  // QR and shop reserves
  { path: '/qr', rule: 'VIEW_QR_CODE && (ADMIN_F2 || AGENT_F2)' },
  { path: '/qr/:id', rule: 'VIEW_QR_CODE && ADMIN_F1' },
  // QR top-ups: the bank statement import that matches them (who approves top-ups)
  { path: '/accounting/bank-statement', rule: 'CONFIRM_DEPOSIT && (DEPOSIT_MANAGER || ADMIN_F1 || ADMIN_F2)' },
  ...['/reverses-shop/list', '/reverses-shop/management'].map((path) => ({ path, rule: 'SHOP_RESERVES' })),
];

export function findRouteRule(path: string): RouteRule | undefined {
  return ROUTE_RULES.find((r) => r.path === path);
}
