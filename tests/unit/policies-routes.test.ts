// @vitest-environment node
/**
 * Every route rule of spec point 2, written here again independently as a predicate, checked against the
 * casbin enforcer built from policies/ for every combination of the permissions the rule mentions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Enforcer } from 'casbin';
import { allowed, createEnforcer } from '../../policies/enforcer';
import { EDIT_SCREENS_EXPORT, EDIT_SCREENS_OPEN, ROUTE_RULES } from '../../policies/routes';
import { toCasbinRule } from '../../policies/rule';

type P = Record<string, boolean>;
type Spec = [path: string, names: string[], predicate: (p: P) => boolean];

const open = (path: string): Spec => [path, [], () => true];
const train = (path: string): Spec => [path, ['USE_TRAIN'], (p) => p.USE_TRAIN];
const accounting = (path: string): Spec => [path, ['DEPOSIT_MANAGER', 'ADMIN_F1', 'ADMIN_F2'], (p) => p.DEPOSIT_MANAGER || p.ADMIN_F1 || p.ADMIN_F2];

const SPEC: Spec[] = [
  open('/'),
  ...['/train', '/train/search', '/train/issue', '/train/status', '/booking/train', '/booking/train/passenger-info',
    '/booking/train/confirm-passenger-info', '/booking/train/complete'].map(train),
  ['/banner', ['AGENT_F2', 'ADMIN_F1', 'ONLY_SHOW_NEW', 'ADMIN_NEWS'], (p) => ((p.AGENT_F2 || p.ADMIN_F1) && p.ONLY_SHOW_NEW) || p.ADMIN_NEWS],
  ...['/booking/flights', '/booking/multi-destinations', '/booking/multi-destinations-passengers', '/booking/passenger-information/:id',
    '/booking/print-ticket'].map(open),
  ['/booking/completed/:id', ['ADMIN_F1', 'ADMIN_F2', 'BOOKING_TICKET', 'VOID_VIEW_TICKETS'], (p) => p.ADMIN_F1 || p.ADMIN_F2 || p.BOOKING_TICKET || p.VOID_VIEW_TICKETS],
  ['/booking/issue', ['EXPORT_TICKET', 'VOID_VIEW_TICKETS'], (p) => p.EXPORT_TICKET || p.VOID_VIEW_TICKETS],
  ['/booking/void', ['VOID_VNA', 'VOID_VIEW_TICKETS'], (p) => p.VOID_VNA || p.VOID_VIEW_TICKETS],
  ...['/booking/cancel', '/booking/search', '/booking/mail', '/booking/customer-services-report', '/booking/analyze-sales-report',
    '/booking/edit', '/booking/reservation-status', '/booking/remind', '/booking/support-request', '/booking/booking-detail/:id'].map(open),
  ...['buy-luggage', 'refund-ticket', 'exchange-route', 'buy-seat', 'buy-ancillary', 'add-infant-vj', 'quote-best-price', 'process-price']
    .map((s): Spec => [`/booking/edit/${s}/:id`, ['EXPORT_TICKET'], (p) => p.EXPORT_TICKET]),
  ...['add-osi', 'add-ca', 'add-sk', 'change-loyalty', 'add-infant', 'add-info-passenger', 'add-remark', 'change-route-class',
    'remove-checkIn', 'add-services', 'change-route-status', 'remove-route', 'edit-phone', 'add-arunk', 'split-passenger', 'swap-queue',
    'add-route', 'submit-sc', 'change-passport', 'change-birthday-qh', 'change-contact', 'change-passenger-info', 'retain-quote-tst',
    'add-pax-endorsement', 'upgrade-luggage'].map((s) => open(`/booking/edit/${s}/:id`)),
  open('/electronic-board/:place'),
  ...['/esim/products', '/esim/product-detail', '/esim/list-order', '/esim/list-order/:id'].map((path): Spec => [path, ['USE_ESIM'], (p) => p.USE_ESIM]),
  ...['sale-report', 'flight-data-report', 'debit-report', 'debit-total-report', 'income-report', 'deposit-topup', 'deposit-report',
    'vna-summary-report'].map((s) => accounting(`/accounting/${s}`)),
  ['/accounting/deposit-topup/add', ['DEPOSIT_MANAGER', 'AGENT_F1', 'ADMIN_F1', 'ADMIN_F2'], (p) => (p.DEPOSIT_MANAGER && p.AGENT_F1) || p.ADMIN_F1 || p.ADMIN_F2],
  ['/accounting/view-deposit', ['VIEW_DEPOSIT', 'AGENT_F1', 'ADMIN_F1'], (p) => p.VIEW_DEPOSIT && (p.AGENT_F1 || p.ADMIN_F1)],
  ...['/system/change-password', '/system/log-reservation-error', '/system/pin-code'].map(open),
  ...['/system/commission-fee', '/system/change-commission'].map((path): Spec => [path, ['AGENT_F1', 'DEPOSIT_MANAGER', 'ADMIN_F1', 'ADMIN_F2'],
    (p) => (p.AGENT_F1 && p.DEPOSIT_MANAGER) || p.ADMIN_F1 || p.ADMIN_F2]),
  ...['/system/change-signIn', '/system/signIn-config', '/system/group-permissions', '/system/change-group-permissions']
    .map((path): Spec => [path, ['ADMIN_F1'], (p) => p.ADMIN_F1]),
  // reliability: the operators' outbox screen
  ['/system/outbox', ['ADMIN_F1'], (p) => p.ADMIN_F1],
  ...['/agent/ticketing-management', '/agent/change-ticketing'].map((path): Spec => [path, ['ADMIN_F1', 'ADMIN_F2'], (p) => p.ADMIN_F1 || p.ADMIN_F2]),
  ...['/agent/change-account-info', '/agent/online-support-config', '/agent/news', '/agent/news-by-tag', '/agent/news/:id'].map(open),
  ...['/agent/config-f2', '/agent/change-subAgent', '/agent/online-support', '/agent/change-online-support', '/agent/config']
    .map((path): Spec => [path, ['ADMIN_F1'], (p) => p.ADMIN_F1]),
  ...['/agent/child-ticketing-management', '/agent/change-child-ticketing', '/agent/config-child', '/agent/change-child']
    .map((path): Spec => [path, ['ADMIN_F2', 'CHILD_AGENT_MANAGER'], (p) => p.ADMIN_F2 && p.CHILD_AGENT_MANAGER]),
  ['/agent/change-news', ['AGENT_F1', 'ADMIN_NEWS', 'ONLY_SHOW_NEW'], (p) => p.AGENT_F1 || p.ADMIN_NEWS || p.ONLY_SHOW_NEW],
  ...['list-order', 'config', 'news', 'news-by-tag', 'news/:id', 'change-news', 'tours', 'tour/:id', 'change-tour', 'fare-rules', 'change-fare-rule']
    .map((s): Spec => [`/b2c/${s}`, ['USE_B2C'], (p) => p.USE_B2C]),
  ['/qr', ['VIEW_QR_CODE', 'ADMIN_F2', 'AGENT_F2'], (p) => p.VIEW_QR_CODE && (p.ADMIN_F2 || p.AGENT_F2)],
  ['/qr/:id', ['VIEW_QR_CODE', 'ADMIN_F1'], (p) => p.VIEW_QR_CODE && p.ADMIN_F1],
  // the spec's booking/edit hub of one booking: /booking/edit/{id} (issue 14), open like /booking/edit
  ['/booking/edit/:id', [], () => true],
  // not a route of spec point 2: the statement import that credits QR top-ups, for who approves top-ups (issue 16)
  ['/accounting/bank-statement', ['CONFIRM_DEPOSIT', 'DEPOSIT_MANAGER', 'ADMIN_F1', 'ADMIN_F2'], (p) => p.CONFIRM_DEPOSIT && (p.DEPOSIT_MANAGER || p.ADMIN_F1 || p.ADMIN_F2)],
  ...['/reverses-shop/list', '/reverses-shop/management'].map((path): Spec => [path, ['SHOP_RESERVES'], (p) => p.SHOP_RESERVES]),
  // sched: not a route of spec point 2: the schedule-change inbox (issue 14), open like /booking/edit (the booking scope decides)
  ['/booking/schedule-changes', [], () => true],
];

const PUBLIC = ['/login', '/forgot-password', '/change-password', '/time-setup-instruction', '/ticket-face', '/not-allow'];

function combinations(names: string[]): string[][] {
  const out: string[][] = [];
  for (let mask = 0; mask < 1 << names.length; mask++) out.push(names.filter((_, i) => mask & (1 << i)));
  return out;
}

/** A concrete URL for a pattern: ':id' → '123'. */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, 'X123');

let enforcer: Enforcer;
beforeAll(async () => {
  enforcer = await createEnforcer();
});

describe('route rules of spec point 2', () => {
  it('policies/ holds exactly the spec routes', () => {
    const expected = [...SPEC.map((s) => s[0]), ...PUBLIC].sort();
    expect(ROUTE_RULES.map((r) => r.path).sort()).toEqual(expected);
    expect(EDIT_SCREENS_EXPORT.length + EDIT_SCREENS_OPEN.length).toBe(33);
  });

  it('public routes are marked public and nothing else is', () => {
    expect(ROUTE_RULES.filter((r) => r.public).map((r) => r.path).sort()).toEqual([...PUBLIC].sort());
  });

  it.each(SPEC)('%s follows its rule for every combination of %j', async (path, names, predicate) => {
    // names the rule does not mention must not matter: hold all the others too
    const others = ['AGENT_F1', 'AGENT_F2', 'ADMIN_F1', 'ADMIN_F2', 'ONLY_SHOW_NEW', 'SHOW_NEW_HOME'].filter((n) => !names.includes(n));
    for (const held of combinations(names)) {
      const flags: P = Object.fromEntries(names.map((n) => [n, held.includes(n)]));
      const want = predicate(flags);
      expect(await allowed(enforcer, held, concrete(path), 'view'), `${path} with [${held}]`).toBe(want);
      if (names.length > 0 && !want) {
        const withOthers = [...held, ...others];
        const flags2 = Object.fromEntries(names.map((n) => [n, withOthers.includes(n)]));
        expect(await allowed(enforcer, withOthers, concrete(path), 'view')).toBe(predicate(flags2));
      }
    }
  });

  it.each([
    ['/nothing-here', ['ADMIN_F1']],
    ['/agent/news/1/extra', []],
    ['/banner', []],
    ['/accounting/deposit-topup/add', ['DEPOSIT_MANAGER']],
  ])('denies %s with %j', async (path, held) => {
    expect(await allowed(enforcer, held, path, 'view')).toBe(false);
  });

  it('refuses a rule naming an unknown permission', () => {
    expect(() => toCasbinRule('ADMIN_F1 || ADMIN_F9')).toThrow(/Unknown permission/);
    expect(() => toCasbinRule('ADMIN_F1 ; x')).toThrow(/Bad rule/);
  });
});
