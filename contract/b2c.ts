/**
 * B2C (spec points 1 and 2): the agency's public storefront. The agency configures it (/b2c/config), writes
 * tours with day-by-day itineraries and departures (/b2c/tours, /b2c/tour/{id}, /b2c/change-tour), and works
 * the orders customers leave on the storefront (/b2c/list-order). The storefront itself is public (no
 * sign-in) at /s/{slug}. Money is integer VND.
 */
import { z } from 'zod';
import { listOf } from './list';
import { EMAIL_RE, NAME_RE, PHONE_RE } from './validators';

export * from './b2c-rules';
import { AIRLINE_RE, B2C_PRODUCTS, CONTENT_STATUSES, ORDER_KINDS, ORDER_STATUSES, PAYMENT_METHODS, SLUG_RE, TOUR_STATUSES } from './b2c-rules';
import { newsInput } from './content';
import { THEME_NAMES } from './colours';

/** The storefront's colours are one of the portal's three colour systems. */
export const B2C_THEMES = THEME_NAMES;

const phone = z.string().trim().regex(PHONE_RE);
const email = z.string().trim().max(254).regex(EMAIL_RE);
/** A markup in VND per passenger (0 to 50 000 000). */
const markup = z.number().int().min(0).max(50_000_000);

export const b2cConfigInput = z.object({
  slug: z.string().trim().toLowerCase().regex(SLUG_RE),
  name: z.string().trim().min(1).max(120),
  logoUploadId: z.uuid().nullable().default(null),
  theme: z.enum(B2C_THEMES).default('blue'),
  phone: phone.nullable().default(null),
  email: email.nullable().default(null),
  address: z.string().trim().max(300).nullable().default(null),
  hours: z.string().trim().max(120).nullable().default(null),
  flightMarkup: markup.default(0),
  tourMarkup: markup.default(0),
  products: z.array(z.enum(B2C_PRODUCTS)).max(B2C_PRODUCTS.length).default(['tours', 'flights']),
  enabled: z.boolean().default(true),
});
export type B2cConfigInput = z.input<typeof b2cConfigInput>;

export const b2cConfig = b2cConfigInput.extend({
  agencyId: z.number().int(),
  logoUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type B2cConfig = z.infer<typeof b2cConfig>;

/** The answer of GET config: null before the agency first saves one. */
export const b2cConfigAnswer = z.object({ config: b2cConfig.nullable() });

// ---------------------------------------------------------------- tours


const price = z.number().int().min(0).max(1_000_000_000);
const isoDate = z.iso.date();

export const itineraryDay = z.object({
  title: z.string().trim().min(1).max(200),
  /** Rich text, sanitised by the gateway like news bodies. */
  bodyHtml: z.string().max(50_000).default(''),
});

export const departureInput = z.object({
  /** Present when changing an existing departure. */
  id: z.number().int().optional(),
  date: isoDate,
  seatsTotal: z.number().int().min(1).max(1000),
  prices: z.object({ adult: price.min(1), child: price, infant: price }),
});

export const tourInput = z.object({
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().max(500).nullable().default(null),
  destination: z.string().trim().max(120).nullable().default(null),
  days: z.number().int().min(1).max(60),
  /** Rich text, sanitised by the gateway. */
  bodyHtml: z.string().max(200_000).default(''),
  itinerary: z.array(itineraryDay).max(60).default([]),
  inclusions: z.array(z.string().trim().min(1).max(200)).max(40).default([]),
  exclusions: z.array(z.string().trim().min(1).max(200)).max(40).default([]),
  imageUploadIds: z.array(z.uuid()).max(12).default([]),
  status: z.enum(TOUR_STATUSES).default('draft'),
  departures: z.array(departureInput).max(100).default([]),
});
export type TourInput = z.input<typeof tourInput>;

export const departure = z.object({
  id: z.number().int(),
  date: z.string(),
  seatsTotal: z.number().int(),
  seatsTaken: z.number().int(),
  prices: z.object({ adult: z.number().int(), child: z.number().int(), infant: z.number().int() }),
});

export const tour = z.object({
  id: z.number().int(),
  agencyId: z.number().int(),
  title: z.string(),
  summary: z.string().nullable(),
  destination: z.string().nullable(),
  days: z.number().int(),
  bodyHtml: z.string(),
  itinerary: z.array(z.object({ title: z.string(), bodyHtml: z.string() })),
  inclusions: z.array(z.string()),
  exclusions: z.array(z.string()),
  imageUploadIds: z.array(z.string()),
  imageUrls: z.array(z.string()),
  status: z.enum(TOUR_STATUSES),
  departures: z.array(departure),
  /** The lowest adult price of a future departure (before the storefront markup), or null. */
  fromPrice: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type Tour = z.infer<typeof tour>;
export const tourSummary = tour.omit({ bodyHtml: true, itinerary: true });
export type TourSummary = z.infer<typeof tourSummary>;

export const tourQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(100).optional(),
  status: z.enum(TOUR_STATUSES).optional(),
});
export const tourPage = listOf(tourSummary);

// ---------------------------------------------------------------- orders

export const paxCounts = z.object({
  adult: z.number().int().min(1).max(50),
  child: z.number().int().min(0).max(50).default(0),
  infant: z.number().int().min(0).max(50).default(0),
});

const customerName = z.string().trim().min(1).max(100).regex(NAME_RE);

export const storeOrderInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('tour'),
    departureId: z.number().int().min(1),
    pax: paxCounts,
    name: customerName,
    phone,
    email,
    note: z.string().trim().max(1000).nullable().default(null),
    captchaId: z.string().max(100).default(''),
    captcha: z.string().max(20).default(''),
  }),
  z.object({
    kind: z.literal('flight'),
    from: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/),
    to: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/),
    date: isoDate,
    pax: paxCounts,
    name: customerName,
    phone,
    email,
    note: z.string().trim().max(1000).nullable().default(null),
    captchaId: z.string().max(100).default(''),
    captcha: z.string().max(20).default(''),
  }),
  z.object({
    /** A train enquiry: stations by code (the railway's reference list), the date and the party. */
    kind: z.literal('train'),
    from: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/),
    to: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/),
    date: isoDate,
    pax: paxCounts,
    name: customerName,
    phone,
    email,
    note: z.string().trim().max(1000).nullable().default(null),
    captchaId: z.string().max(100).default(''),
    captcha: z.string().max(20).default(''),
  }),
]);
export type StoreOrderInput = z.input<typeof storeOrderInput>;

export const storeOrderResult = z.object({ code: z.string(), total: z.number().int().nullable(), email: z.string() });
export type StoreOrderResult = z.infer<typeof storeOrderResult>;

/** A payment the customer made to the agency for an order, or its refund (which cancelled the order). */
export const orderPayment = z.object({
  id: z.number().int(),
  kind: z.enum(['payment', 'refund']),
  amount: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  userName: z.string().nullable(),
  at: z.string(),
});
export type OrderPayment = z.infer<typeof orderPayment>;

export const orderEvent = z.object({
  at: z.string(),
  userName: z.string().nullable(),
  kind: z.enum(['created', 'status', 'note', 'assigned', 'payment', 'refund']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  note: z.string().nullable(),
  /** The payment or refund a `payment`/`refund` line records. */
  payment: orderPayment.pick({ amount: true, method: true, reference: true }).nullable(),
});

export const b2cOrder = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  customerName: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string(),
  note: z.string().nullable(),
  pax: z.object({ adult: z.number().int(), child: z.number().int(), infant: z.number().int() }),
  tourId: z.number().int().nullable(),
  tourTitle: z.string().nullable(),
  departureId: z.number().int().nullable(),
  departureDate: z.string().nullable(),
  flight: z.object({ from: z.string(), to: z.string(), date: z.string() }).nullable(),
  /** A train enquiry's stations (codes and names) and date. */
  train: z.object({ from: z.string(), to: z.string(), fromName: z.string(), toName: z.string(), date: z.string() }).nullable(),
  /** Spec point 4's Train B2C status of a train order: 01 cancelled, 05 completed (trainB2cStatus). */
  trainStatus: z.enum(['01', '05']).nullable(),
  total: z.number().int().nullable(),
  /** What the customer paid (null before the payment is recorded) and what was refunded. */
  paidAmount: z.number().int().nullable(),
  refundedAmount: z.number().int().nullable(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  createdAt: z.string(),
  history: z.array(orderEvent),
  payments: z.array(orderPayment),
});
export type B2cOrder = z.infer<typeof b2cOrder>;
export const b2cOrderSummary = b2cOrder.omit({ history: true, payments: true });
export const orderQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(ORDER_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
});
export const orderPage = listOf(b2cOrderSummary);
export const orderStatusInput = z.object({ status: z.enum(ORDER_STATUSES), note: z.string().trim().max(1000).nullable().default(null) });
export const orderNoteInput = z.object({ note: z.string().trim().min(1).max(1000) });
/** The customer's payment (or its refund): integer VND, the method, a bank reference for a transfer, a key for replays. */
export const orderPaymentInput = z.object({
  amount: z.number().int().min(0).max(10_000_000_000),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().trim().max(100).transform((v) => v || null).nullable().default(null),
  note: z.string().trim().max(1000).transform((v) => v || null).nullable().default(null),
  idempotencyKey: z.uuid(),
});
export type OrderPaymentInput = z.input<typeof orderPaymentInput>;
export const orderAssignInput = z.object({ userId: z.number().int().min(1).nullable() });
export const b2cAgents = z.array(z.object({ id: z.number().int(), name: z.string() }));

// ---------------------------------------------------------------- storefront articles (/b2c/news, change-news)

/** An article of the storefront: the news editor's fields without the portal's audience and window. */
export const b2cNewsInput = newsInput.pick({ title: true, summary: true, tags: true, coverUploadId: true, bodyHtml: true }).extend({
  status: z.enum(CONTENT_STATUSES).default('draft'),
});
export type B2cNewsInput = z.input<typeof b2cNewsInput>;

export const b2cNews = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string().nullable(),
  tags: z.array(z.string()),
  coverUploadId: z.string().nullable(),
  coverUrl: z.string().nullable(),
  /** Sanitised HTML. */
  bodyHtml: z.string(),
  status: z.enum(CONTENT_STATUSES),
  authorName: z.string().nullable(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type B2cNews = z.infer<typeof b2cNews>;
export const b2cNewsSummary = b2cNews.omit({ bodyHtml: true });
export type B2cNewsSummary = z.infer<typeof b2cNewsSummary>;
export const b2cNewsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(100).optional(),
  tag: z.string().trim().min(1).max(40).optional(),
  status: z.enum(CONTENT_STATUSES).optional(),
});
export const b2cNewsPage = listOf(b2cNewsSummary);
export const b2cNewsTags = listOf(z.object({ tag: z.string(), count: z.number().int() }));

// ---------------------------------------------------------------- fare rules (/b2c/fare-rules, change-fare-rule)

export const fareRuleInput = z.object({
  airline: z.string().trim().toUpperCase().regex(AIRLINE_RE),
  fareFamily: z.string().trim().min(1).max(60),
  title: z.string().trim().min(1).max(200),
  /** Rich text for customers, sanitised by the gateway. */
  bodyHtml: z.string().max(100_000),
  status: z.enum(CONTENT_STATUSES).default('draft'),
});
export type FareRuleInput = z.input<typeof fareRuleInput>;

export const fareRule = z.object({
  id: z.number().int(),
  airline: z.string(),
  fareFamily: z.string(),
  title: z.string(),
  bodyHtml: z.string(),
  status: z.enum(CONTENT_STATUSES),
  updatedAt: z.string(),
});
export type FareRule = z.infer<typeof fareRule>;
export const fareRuleQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  airline: z.string().trim().toUpperCase().regex(AIRLINE_RE).optional(),
  status: z.enum(CONTENT_STATUSES).optional(),
});
export const fareRulePage = listOf(fareRule.omit({ bodyHtml: true }));

// ---------------------------------------------------------------- the public storefront

/** An article in the storefront's lists. */
export const storeNewsItem = z.object({ id: z.number().int(), title: z.string(), summary: z.string().nullable(), tags: z.array(z.string()), coverUrl: z.string().nullable(), publishedAt: z.string().nullable() });
export type StoreNewsItem = z.infer<typeof storeNewsItem>;

export const storefront = z.object({
  slug: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  theme: z.enum(B2C_THEMES),
  /** The theme's colours (contract/colours.ts), so the storefront page carries no colour table of its own. */
  colours: z.object({ brand: z.string(), font: z.string(), primary: z.string(), background: z.string() }),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  hours: z.string().nullable(),
  products: z.array(z.enum(B2C_PRODUCTS)),
  /** Published tours with future departures' prices already including the markup. */
  tours: z.array(tourSummary),
  /** The latest published articles. */
  news: z.array(storeNewsItem),
  /** The railway's stations a train enquiry may name (when the store shows trains). */
  trainStations: z.array(z.object({ code: z.string(), name: z.string() })),
  /** The published fare rules' titles, by airline then fare family (the texts: storeFareRules). */
  fareRules: z.array(z.object({ id: z.number().int(), airline: z.string(), fareFamily: z.string(), title: z.string() })),
});
export type Storefront = z.infer<typeof storefront>;
/** A published article as the storefront shows it. */
export const storeNews = b2cNews.omit({ status: true, coverUploadId: true, authorName: true });
export type StoreNews = z.infer<typeof storeNews>;
/** The storefront's article list, by tag, a page at a time. */
export const storeNewsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(12),
  tag: z.string().trim().min(1).max(40).optional(),
});
export const storeNewsPage = listOf(storeNewsItem);
export type StoreNewsPage = z.infer<typeof storeNewsPage>;
/** The published fare rules with their texts. */
export const storeFareRules = z.array(fareRule.omit({ status: true }));
export type StoreFareRules = z.infer<typeof storeFareRules>;
