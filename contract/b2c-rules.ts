/**
 * The pure part of the B2C contract (no zod): API paths, the storefront's address, the status flow of orders,
 * seats and prices of a party. The public storefront's light bundle imports this file only.
 */
export interface PaxCounts {
  adult: number;
  child: number;
  infant: number;
}

export interface Departure {
  id: number;
  date: string;
  seatsTotal: number;
  seatsTaken: number;
  prices: { adult: number; child: number; infant: number };
}

export const B2C_API = {
  config: '/api/b2c/config',
  tours: '/api/b2c/tours',
  tour: '/api/b2c/tours/:id',
  orders: '/api/b2c/orders',
  order: '/api/b2c/orders/:id',
  orderStatus: '/api/b2c/orders/:id/status',
  orderNotes: '/api/b2c/orders/:id/notes',
  orderAssign: '/api/b2c/orders/:id/assign',
  agents: '/api/b2c/agents',
  /** The storefront's articles and fare rules (every status: the agency writes them). */
  news: '/api/b2c/news',
  newsOne: '/api/b2c/news/:id',
  newsTags: '/api/b2c/news-tags',
  fareRules: '/api/b2c/fare-rules',
  fareRule: '/api/b2c/fare-rules/:id',
  /** Public (no token): the storefront of a slug, one published tour, an order. */
  store: '/api/b2c/public/:slug',
  storeTour: '/api/b2c/public/:slug/tours/:id',
  storeOrders: '/api/b2c/public/:slug/orders',
  storeNews: '/api/b2c/public/:slug/news/:id',
  storeFareRules: '/api/b2c/public/:slug/fare-rules',
  /** Public: the published articles, by tag, a page at a time. */
  storeNewsList: '/api/b2c/public/:slug/news',
  /** The customer's payment of an order (marks it paid), and the refund that cancels a paid order. */
  orderPayment: '/api/b2c/orders/:id/payment',
  orderRefund: '/api/b2c/orders/:id/refund',
} as const;

/** The storefront's public address: /s/{slug}. */
export const STOREFRONT_PREFIX = '/s/';

export function b2cPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params[k])));
}

// ---------------------------------------------------------------- config

/** The portal's three colour systems (blue, cream, red); the storefront takes its colours from one. */
export const B2C_PRODUCTS = ['tours', 'flights', 'news', 'fareRules', 'trains'] as const;
export type B2cProduct = (typeof B2C_PRODUCTS)[number];

export const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/;


/** Storefront articles and fare rules are drafts until published; only published ones reach the storefront. */
export const CONTENT_STATUSES = ['draft', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** An airline's two-character designator (IATA), upper case. */
export const AIRLINE_RE = /^[A-Z0-9]{2}$/;

/** Fare rules in the storefront's order: by airline, then fare family (case and accents ignored). */
export function compareFareRules(a: { airline: string; fareFamily: string }, b: { airline: string; fareFamily: string }): number {
  return a.airline.localeCompare(b.airline) || a.fareFamily.localeCompare(b.fareFamily, 'vi', { sensitivity: 'base' });
}

/** Groups rules by airline, keeping the given order inside each group. */
export function groupByAirline<T extends { airline: string }>(rules: readonly T[]): { airline: string; rules: T[] }[] {
  const out: { airline: string; rules: T[] }[] = [];
  for (const r of rules) {
    const g = out.find((x) => x.airline === r.airline);
    if (g) g.rules.push(r);
    else out.push({ airline: r.airline, rules: [r] });
  }
  return out;
}

export const TOUR_STATUSES = ['draft', 'published', 'closed'] as const;
export type TourStatus = (typeof TOUR_STATUSES)[number];
export const PAX_TYPES = ['adult', 'child', 'infant'] as const;
export type PaxType = (typeof PAX_TYPES)[number];

export const ORDER_STATUSES = ['new', 'contacted', 'confirmed', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_KINDS = ['tour', 'flight', 'train'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/**
 * The status flow of a storefront order: new → contacted → confirmed → paid, forward only (a step may be
 * skipped: a new order may be confirmed at once), and cancelled from any state. Two moves are not plain status
 * changes: paid is reached only by recording the customer's payment (B2C_API.orderPayment), and a paid order is
 * cancelled only by recording its refund (B2C_API.orderRefund). Cancelled is final.
 */
const FLOW: readonly OrderStatus[] = ['new', 'contacted', 'confirmed', 'paid'];

export function allowedTransitions(from: OrderStatus): OrderStatus[] {
  if (from === 'cancelled') return [];
  if (from === 'paid') return ['cancelled'];
  const next = FLOW.slice(FLOW.indexOf(from) + 1);
  return [...next, 'cancelled'];
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return allowedTransitions(from).includes(to);
}

/** Why a plain status change (B2C_API.orderStatus) is refused, or null when it may go. */
export type StatusRefusal = 'transition' | 'paymentRequired' | 'refundRequired';
export function statusChangeRefusal(from: OrderStatus, to: OrderStatus): StatusRefusal | null {
  if (!canTransition(from, to)) return 'transition';
  if (to === 'paid') return 'paymentRequired';
  if (from === 'paid') return 'refundRequired';
  return null;
}

// ---------------------------------------------------------------- the customer's payment and its refund

/** How the customer paid the agency (or was paid back): cash, bank transfer (with its reference), card at the counter. */
export const PAYMENT_METHODS = ['cash', 'transfer', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Why a payment is refused, or null: one full payment per order, of exactly what is owed. */
export type PaymentRefusal = 'cancelled' | 'alreadyPaid' | 'amount' | 'reference';
export function paymentRefusal(
  order: { status: OrderStatus; total: number | null; paid: boolean },
  p: { amount: number; method: PaymentMethod; reference: string | null },
): PaymentRefusal | null {
  if (order.status === 'cancelled') return 'cancelled';
  if (order.paid || order.status === 'paid') return 'alreadyPaid';
  if (!Number.isSafeInteger(p.amount) || p.amount <= 0) return 'amount';
  // An order with a price (a tour) is paid in full; an enquiry (flight, train) is paid at the price quoted to
  // the customer, which the payment sets as the order's total.
  if (order.total !== null && p.amount !== order.total) return 'amount';
  if (p.method === 'transfer' && !p.reference) return 'reference';
  return null;
}

/** Why a refund (which cancels a paid order) is refused, or null: only a paid order, at most what was paid. */
export type RefundRefusal = 'notPaid' | 'alreadyRefunded' | 'amount' | 'reference';
export function refundRefusal(
  order: { status: OrderStatus; paidAmount: number | null; refunded: boolean },
  r: { amount: number; method: PaymentMethod; reference: string | null },
): RefundRefusal | null {
  if (order.refunded) return 'alreadyRefunded';
  if (order.status !== 'paid' || order.paidAmount === null) return 'notPaid';
  // The agency may keep a fee: anything from 0 to what the customer paid.
  if (!Number.isSafeInteger(r.amount) || r.amount < 0 || r.amount > order.paidAmount) return 'amount';
  if (r.method === 'transfer' && r.amount > 0 && !r.reference) return 'reference';
  return null;
}

// ---------------------------------------------------------------- train orders (spec point 4)

/**
 * The Train B2C status of spec point 4 for a storefront order that is a train ticket: 01 when the order is
 * cancelled, 05 when it is completed (paid); null while it is still being worked, and for other kinds.
 * The codes are the trains contract's own (TRAIN_STATUS.CANCELLED, TRAIN_STATUS.COMPLETED).
 */
export type TrainB2cStatus = '01' | '05';
export function trainB2cStatus(order: { kind: OrderKind; status: OrderStatus }): TrainB2cStatus | null {
  if (order.kind !== 'train') return null;
  if (order.status === 'cancelled') return '01';
  if (order.status === 'paid') return '05';
  return null;
}

/** Whether moving to `to` takes seats from the departure (the first time an order reaches confirmed or paid). */
export function takesSeats(from: OrderStatus, to: OrderStatus): boolean {
  const holding = (s: OrderStatus) => s === 'confirmed' || s === 'paid';
  return !holding(from) && holding(to);
}

/** Whether moving to `to` gives the seats back (a confirmed or paid order cancelled). */
export function releasesSeats(from: OrderStatus, to: OrderStatus): boolean {
  return (from === 'confirmed' || from === 'paid') && to === 'cancelled';
}

/** Seats a party takes: infants sit on a lap. */
export function seatsOf(p: PaxCounts): number {
  return p.adult + p.child;
}

/** The price of a party on a departure, with the storefront's tour markup on every seat. */
export function partyPrice(prices: Departure['prices'], pax: PaxCounts, markupPerSeat: number): number {
  return pax.adult * (prices.adult + markupPerSeat) + pax.child * (prices.child + markupPerSeat) + pax.infant * prices.infant;
}

