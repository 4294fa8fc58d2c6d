/**
 * PROVISIONAL: the eSIM supplier family, shaped only as far as the eSIM issue needs to start from. No
 * implementation exists yet; the eSIM issue adds the simulated provider (simulated/), registers it in the
 * registry and refines these types (and moves the shared ones into contract/) as it builds the screens.
 *
 * The flow of spec point 1 (eSIM products: catalogue, cart and orders): list the products, order some
 * (the cart is the portal's), then follow an eSIM's data usage, top it up, or refund an unused one.
 */
import type { Language, SupplierCallContext } from './types';

export interface EsimProduct {
  id: string;
  /** ISO 3166-1 alpha-3 codes of the countries covered. */
  countries: string[];
  name: string;
  /** Data allowance in MB; null: unlimited. */
  dataMb: number | null;
  validityDays: number;
  /** Integer VND. */
  price: number;
}

export interface EsimOrderRequest {
  items: { productId: string; quantity: number }[];
  /** Idempotency: the same key orders once. */
  idempotencyKey: string;
  contact: { name: string; email: string; phone?: string };
}

export interface EsimProfile {
  iccid: string;
  productId: string;
  /** LPA activation code the traveller scans (shown as a QR code). */
  activationCode: string;
}

export interface EsimOrderResult {
  orderId: string;
  esims: EsimProfile[];
  /** Integer VND. */
  totalPrice: number;
}

export interface EsimUsage {
  iccid: string;
  status: 'NOT_ACTIVATED' | 'ACTIVE' | 'EXPIRED';
  usedMb: number;
  /** null: unlimited. */
  remainingMb: number | null;
  /** ISO date-time; absent before activation. */
  expiresAt?: string;
}

/** PROVISIONAL: one eSIM provider. */
export interface EsimSupplier {
  readonly source: string;
  /** The products sold, optionally for one country. */
  catalogue(query: { country?: string }, lang?: Language, ctx?: SupplierCallContext): Promise<EsimProduct[]>;
  order(request: EsimOrderRequest, ctx?: SupplierCallContext): Promise<EsimOrderResult>;
  usage(iccid: string, ctx?: SupplierCallContext): Promise<EsimUsage>;
  /** Adds a top-up product to an eSIM already sold. */
  topUp(request: { iccid: string; productId: string; idempotencyKey: string }, ctx?: SupplierCallContext): Promise<EsimUsage>;
  /** Refunds an eSIM not yet activated; integer VND given back. */
  refund(request: { iccid: string; idempotencyKey: string }, ctx?: SupplierCallContext): Promise<{ iccid: string; refunded: number }>;
}
