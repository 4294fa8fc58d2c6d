/**
 * Travel eSIMs (spec point 1: catalogue, cart and orders; point 3: the cart item; point 4: cart quantities).
 * The catalogue is a wholesale partner's: packages per country or region, data or unlimited with a fair-use
 * speed, validity days, the agency price (what the deposit pays) and the suggested retail price. Orders are
 * paid from the agency deposit in one ledger entry and return, per eSIM, an ICCID and an LPA activation code
 * (`LPA:1$<SM-DP+ address>$<matching id>`) drawn as a QR code. Money is integer VND.
 */
import { z } from 'zod';
import { listOf, sortQuery } from './list';
import { EMAIL_RE, NAME_RE, PHONE_RE } from './validators';

export const ESIM_API = {
  products: '/api/esim/products',
  product: '/api/esim/products/:id',
  orders: '/api/esim/orders',
  order: '/api/esim/orders/:id',
  usage: '/api/esim/esims/:iccid/usage',
  qr: '/api/esim/esims/:iccid/qr.png',
  topUps: '/api/esim/esims/:iccid/top-ups',
  refund: '/api/esim/esims/:iccid/refund',
  resend: '/api/esim/esims/:iccid/resend',
} as const;

/** Fill `:id` or `:iccid` of an ESIM_API path. */
export function esimPath(path: string, value: string | number): string {
  return path.replace(/:(id|iccid)\b/, encodeURIComponent(String(value)));
}

export const ESIM_REGIONS = ['asia', 'europe', 'global'] as const;
export type EsimRegion = (typeof ESIM_REGIONS)[number];

/** Data filters of the catalogue: unlimited, or the allowance in GB. */
export const ESIM_DATA_FILTERS = ['unlimited', 'upTo3', '3to10', 'over10'] as const;
export type EsimDataFilter = (typeof ESIM_DATA_FILTERS)[number];

/** Validity filters (days): at most 7, 8 to 15, 16 to 30, over 30. */
export const ESIM_DAY_FILTERS = ['upTo7', '8to15', '16to30', 'over30'] as const;
export type EsimDayFilter = (typeof ESIM_DAY_FILTERS)[number];

/** At most this many of one package in one order line (and in one cart line). */
export const ESIM_MAX_QUANTITY = 20;
/** At most this many lines in one order. */
export const ESIM_MAX_LINES = 20;

export function matchesDataFilter(dataMb: number | null, filter: EsimDataFilter): boolean {
  if (filter === 'unlimited') return dataMb === null;
  if (dataMb === null) return false;
  const gb = dataMb / 1024;
  if (filter === 'upTo3') return gb <= 3;
  if (filter === '3to10') return gb > 3 && gb <= 10;
  return gb > 10;
}

export function matchesDayFilter(days: number, filter: EsimDayFilter): boolean {
  if (filter === 'upTo7') return days <= 7;
  if (filter === '8to15') return days >= 8 && days <= 15;
  if (filter === '16to30') return days >= 16 && days <= 30;
  return days > 30;
}

/** Lower case, without diacritics (đ → d) and extra spaces: "Nhật Bản" and "nhat ban" compare equal. */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const words = (value: string) => ` ${foldText(value).replace(/[^a-z0-9]+/g, ' ').trim()}`;

/**
 * Does a destination query match one of these names (Vietnamese, English, aliases)? Diacritics- and
 * case-insensitive, from the start of a word: "nhat" and "ban" find "Nhật Bản", "my" finds "Hoa Kỳ (Mỹ)" but
 * not "Germany".
 */
export function matchesDestination(query: string, names: readonly string[]): boolean {
  const q = words(query);
  if (q === ' ') return true;
  return names.some((n) => words(n).includes(q));
}

const vnd = z.number().int();

export const esimCountry = z.object({
  /** ISO 3166-1 alpha-2. */
  code: z.string(),
  /** In the caller's language. */
  name: z.string(),
});
export type EsimCountry = z.infer<typeof esimCountry>;

export const esimProduct = z.object({
  id: z.string(),
  /** In the caller's language, e.g. "Nhật Bản 5 GB / 7 ngày". */
  name: z.string(),
  coverage: z.enum(['country', 'region']),
  region: z.enum(ESIM_REGIONS),
  countries: z.array(esimCountry),
  /** MB; null: unlimited. */
  dataMb: z.number().int().nullable(),
  /** Unlimited packages: high-speed MB per day, then the throttled speed (kbps). */
  fairUse: z.object({ dailyMb: z.number().int(), throttledKbps: z.number().int() }).nullable(),
  validityDays: z.number().int(),
  /** What the agency pays from its deposit. */
  price: vnd,
  /** The suggested retail price for the traveller. */
  retailPrice: vnd,
  /** Whether top-ups of the same coverage can be added to an eSIM of this package. */
  topUp: z.boolean(),
});
export type EsimProduct = z.infer<typeof esimProduct>;

export const esimProductDetail = esimProduct.extend({
  /** Mobile networks per country covered. */
  networks: z.array(z.object({ code: z.string(), name: z.string(), networks: z.array(z.string()) })),
  /** 4G/5G, hotspot, a data-only eSIM. */
  technology: z.string(),
  hotspot: z.boolean(),
  /** Device families known to support eSIM. */
  supportedDevices: z.array(z.string()),
});
export type EsimProductDetail = z.infer<typeof esimProductDetail>;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);

export const productsQuery = z.object({
  page,
  pageSize,
  /** A country name in Vietnamese or English (or its ISO code in capitals), diacritics-insensitive, from the start of a word. */
  destination: z.string().trim().max(60).optional(),
  region: z.enum(ESIM_REGIONS).optional(),
  days: z.enum(ESIM_DAY_FILTERS).optional(),
  data: z.enum(ESIM_DATA_FILTERS).optional(),
  sort: sortQuery(['price'], 'price'),
});
export type ProductsQuery = z.infer<typeof productsQuery>;
export const productsPage = listOf(esimProduct);
export type ProductsPage = z.infer<typeof productsPage>;

export const productParams = z.object({ id: z.string().regex(/^[A-Z0-9-]{2,40}$/) });
export const iccidParams = z.object({ iccid: z.string().regex(/^\d{18,22}$/) });
export const orderParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

// ----- orders ----------------------------------------------------------------------------------------------

export const customerInfo = z.object({
  name: z.string().trim().min(1).max(80).regex(NAME_RE),
  email: z.string().trim().max(120).regex(EMAIL_RE),
  phone: z.string().trim().regex(PHONE_RE),
});
export type EsimCustomer = z.infer<typeof customerInfo>;

export const checkoutRequest = z.object({
  /** A fresh key per checkout; the same key orders (and charges) once. */
  idempotencyKey: z.string().uuid(),
  items: z
    .array(z.object({ productId: productParams.shape.id, quantity: z.number().int().min(1).max(ESIM_MAX_QUANTITY) }))
    .min(1)
    .max(ESIM_MAX_LINES)
    .refine((items) => new Set(items.map((i) => i.productId)).size === items.length, { message: 'a package is listed twice' }),
  customer: customerInfo,
  /** The total the cart showed; a different current total is refused (409, reason priceChanged) before any charge. */
  expectedTotal: vnd.min(0).optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

export const ESIM_ORDER_STATUSES = ['PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type EsimOrderStatus = (typeof ESIM_ORDER_STATUSES)[number];

export const ESIM_STATUSES = ['NOT_ACTIVATED', 'ACTIVE', 'DEPLETED', 'EXPIRED', 'REFUNDED'] as const;
export type EsimStatus = (typeof ESIM_STATUSES)[number];

export const esimTopUp = z.object({ productId: z.string(), name: z.string(), amount: vnd, createdAt: z.string() });

export const esimItem = z.object({
  iccid: z.string(),
  productId: z.string(),
  productName: z.string(),
  /** `LPA:1$<SM-DP+ address>$<matching id>`: what the QR code holds. */
  activationCode: z.string(),
  smdpAddress: z.string(),
  matchingId: z.string(),
  /** Paid for this eSIM: its package and its top-ups. */
  paid: vnd,
  refunded: z.boolean(),
  refundedAmount: vnd.nullable(),
  topUps: z.array(esimTopUp),
});
export type EsimItem = z.infer<typeof esimItem>;

export const esimOrderLine = z.object({ productId: z.string(), name: z.string(), price: vnd, quantity: z.number().int(), totalPrice: vnd });

export const esimOrder = z.object({
  id: z.number().int(),
  /** ES + 6 digits. */
  code: z.string(),
  status: z.enum(ESIM_ORDER_STATUSES),
  createdAt: z.string(),
  agencyName: z.string(),
  createdBy: z.string().nullable(),
  customer: customerInfo,
  totalPrice: vnd,
  items: z.array(esimOrderLine),
  esims: z.array(esimItem),
  /** Why a FAILED order failed (the payment was given back). */
  failure: z.string().nullable(),
});
export type EsimOrder = z.infer<typeof esimOrder>;

export const esimOrderRow = esimOrder.pick({ id: true, code: true, status: true, createdAt: true, agencyName: true, createdBy: true, totalPrice: true }).extend({
  customerName: z.string(),
  quantity: z.number().int(),
  refunded: z.number().int(),
});
export type EsimOrderRow = z.infer<typeof esimOrderRow>;

export const ordersQuery = z.object({
  page,
  pageSize,
  status: z.enum(ESIM_ORDER_STATUSES).optional(),
  /** Order code, customer name, e-mail or phone, or an ICCID. */
  q: z.string().trim().max(60).optional(),
  sort: sortQuery(['createdAt', 'totalPrice'], '-createdAt'),
});
export const ordersPage = listOf(esimOrderRow);
export type OrdersPage = z.infer<typeof ordersPage>;

export const checkoutResult = z.object({
  order: esimOrder,
  amount: vnd,
  balanceAfter: vnd,
  /** True when the idempotency key had been used: nothing was charged again. */
  replayed: z.boolean(),
});
export type CheckoutResult = z.infer<typeof checkoutResult>;

export const esimUsage = z.object({
  iccid: z.string(),
  status: z.enum(ESIM_STATUSES),
  usedMb: z.number().int(),
  /** null: unlimited. */
  remainingMb: z.number().int().nullable(),
  totalMb: z.number().int().nullable(),
  activatedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Not activated, nothing used, not refunded: it can be refunded. */
  refundable: z.boolean(),
  /** The instant of the figures. */
  asOf: z.string(),
});
export type EsimUsage = z.infer<typeof esimUsage>;

export const topUpRequest = z.object({ productId: productParams.shape.id, idempotencyKey: z.string().uuid() });
export type EsimTopUpRequest = z.infer<typeof topUpRequest>;
export const refundRequest = z.object({ idempotencyKey: z.string().uuid() });
export const resendRequest = z.object({
  /** Another address than the order's customer (optional). */
  email: z.string().trim().max(120).regex(EMAIL_RE).optional(),
  lang: z.enum(['vi', 'en']).default('vi'),
});

export const esimMoneyResult = z.object({ amount: vnd, balanceAfter: vnd, replayed: z.boolean(), usage: esimUsage.nullable() });
export type EsimMoneyResult = z.infer<typeof esimMoneyResult>;
