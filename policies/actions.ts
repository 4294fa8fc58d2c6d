/**
 * Named actions of the portal's resources, checked by the access-control provider for
 * `useCan({ resource, action })` / `<CanAccess>` and the access-aware buttons. Key: `<resource>.<action>`.
 * An action is either a gateway endpoint (its rule in endpoints.ts decides, so the button shows exactly when
 * the server would accept the call) or a rule of its own for what no single endpoint decides. Components
 * never name a permission: they name an action here.
 */
import { ENDPOINT_RULES } from './endpoints';

export type ActionRule = { endpoint: string } | { rule: string };

export const ACTION_RULES: Readonly<Record<string, ActionRule>> = {
  // home: which home page and banner (spec point 2, "Home at /")
  'home.newHome': { rule: 'SHOW_NEW_HOME' },
  'home.anniversary': { rule: 'ANNIVERSARY' },
  // bookings: administrators see and filter every agent's bookings of their scope
  'bookings.filterByAgent': { rule: 'ADMIN_F1 || ADMIN_F2' },
  'bookings.issue': { endpoint: 'POST /api/bookings/:id/issue' },
  'bookings.void': { endpoint: 'POST /api/bookings/:id/void' },
  'bookings.cancel': { endpoint: 'POST /api/bookings/:id/cancel' },
  'bookings.refund': { endpoint: 'POST /api/bookings/:id/refund' },
  // shop-reserves: selling seats of an allotment (a booking issued at once)
  'shop-reserves.sell': { endpoint: 'POST /api/shop/reserves/:id/sales' },
  // esim: checkout, and per eSIM the top-up, refund and e-mail
  'esim.checkout': { endpoint: 'POST /api/esim/orders' },
  'esim.topUp': { endpoint: 'POST /api/esim/esims/:iccid/top-ups' },
  'esim.refund': { endpoint: 'POST /api/esim/esims/:iccid/refund' },
  'esim.resend': { endpoint: 'POST /api/esim/esims/:iccid/resend' },
  // b2c: saving the storefront, writing tours, working orders
  'b2c-config.save': { endpoint: 'PUT /api/b2c/config' },
  'b2c-tours.write': { endpoint: 'POST /api/b2c/tours' },
  'b2c-orders.status': { endpoint: 'POST /api/b2c/orders/:id/status' },
  'b2c-orders.assign': { endpoint: 'POST /api/b2c/orders/:id/assign' },
  'b2c-orders.payment': { endpoint: 'POST /api/b2c/orders/:id/payment' },
  'b2c-orders.refund': { endpoint: 'POST /api/b2c/orders/:id/refund' },
  'b2c-news.write': { endpoint: 'POST /api/b2c/news' },
  'b2c-fare-rules.write': { endpoint: 'POST /api/b2c/fare-rules' },
  // accounting: approving or rejecting a top-up
  'deposit-topups.confirm': { endpoint: 'POST /api/accounting/topups/:id/approve' },
  // train-bookings: paying a held train booking from the deposit, refunding its tickets
  'train-bookings.pay': { endpoint: 'POST /api/trains/bookings/:id/pay' },
  'train-bookings.refund': { endpoint: 'POST /api/trains/bookings/:id/refund' },
  // support-requests: the provider's answer
  'support-requests.answer': { endpoint: 'POST /api/desk/support-requests/:id/answer' },
  // booking-edit: the after-sale purchases (the hub also says per action whether it is allowed now)
  'booking-edit.buyLuggage': { endpoint: 'POST /api/aftersale/bookings/:id/luggage' },
  'booking-edit.buySeat': { endpoint: 'POST /api/aftersale/bookings/:id/seats' },
  // aftersale2: exchange-route
  'booking-edit.exchangeRoute': { endpoint: 'POST /api/aftersale/bookings/:id/exchange' },
  // as14b: re-pricing a held booking
  'booking-edit.bestPrice': { endpoint: 'POST /api/aftersale/bookings/:id/best-price' },
  'booking-edit.reprice': { endpoint: 'POST /api/aftersale/bookings/:id/reprice' },
  // outbox: the operators' retry and abandon of a supplier call still owed
  'outbox.retry': { endpoint: 'POST /api/system/outbox/:id/retry' },
  'outbox.abandon': { endpoint: 'POST /api/system/outbox/:id/abandon' },
  // pnr-elements: the element edit screens
  'booking-edit.editElements': { endpoint: 'POST /api/aftersale/bookings/:id/elements' },
  // sched: answering a schedule change, a segment's status
  'booking-edit.submitSc': { endpoint: 'POST /api/aftersale/bookings/:id/schedule-change/accept' },
  'booking-edit.changeRouteStatus': { endpoint: 'POST /api/aftersale/bookings/:id/segment-status' },
};

/** The permission rule of a named action, or undefined when none is declared. Throws on a dangling endpoint. */
export function actionRule(resource: string, action: string): string | undefined {
  const entry = ACTION_RULES[`${resource}.${action}`];
  if (!entry) return undefined;
  if ('rule' in entry) return entry.rule;
  const endpoint = ENDPOINT_RULES[entry.endpoint];
  if (!endpoint) throw new Error(`Action "${resource}.${action}" names an unknown endpoint "${entry.endpoint}"`);
  return endpoint.rule;
}

/** The casbin object under which a named action's rule is loaded. */
export function actionObject(resource: string, action: string): string {
  return `/actions/${resource}/${action}`;
}
