/**
 * The eSIM supplier family: one wholesale partner's catalogue and its orders. The flow of spec point 1
 * (eSIM products: catalogue, cart and orders): list the packages, order some (the cart is the portal's),
 * then follow an eSIM's data usage, top it up, or refund an unused one.
 *
 * Countries, regions, mobile networks and the supported devices are reference data (esim-reference.ts),
 * not the supplier's; prices are integer VND. Errors are SupplierError (types.ts).
 */
import type { EsimRegion } from '../../contract/esim';
import type { SupplierCallContext } from './types';

export interface EsimPackage {
  /** Stable id, upper case: "JP-5GB-7D", "ASIA-UNL-10D". */
  id: string;
  coverage: 'country' | 'region';
  region: EsimRegion;
  /** ISO 3166-1 alpha-2 codes of the countries covered. */
  countries: string[];
  /** Data allowance in MB; null: unlimited (see fairUse). */
  dataMb: number | null;
  /** Unlimited packages: high-speed MB per day, then this speed. */
  fairUse: { dailyMb: number; throttledKbps: number } | null;
  validityDays: number;
  /** Suggested retail price, integer VND. */
  retailPrice: number;
  /** Wholesale (net) price the agency pays, integer VND. */
  netPrice: number;
  /** Sold as a top-up of an eSIM of the same coverage too. */
  topUp: boolean;
}

export interface EsimOrderRequest {
  items: { packageId: string; quantity: number }[];
  /** Idempotency: the same key orders once (the same eSIMs are answered again). */
  idempotencyKey: string;
  customer: { name: string; email: string; phone: string };
  /** ISO instant of the order (the gateway's clock). */
  orderedAt: string;
}

export interface EsimProfile {
  iccid: string;
  packageId: string;
  /** SM-DP+ address and matching id; the LPA activation code is `LPA:1$<smdpAddress>$<matchingId>`. */
  smdpAddress: string;
  matchingId: string;
  activationCode: string;
}

export interface EsimOrderResult {
  supplierOrderId: string;
  esims: EsimProfile[];
  /** Net total, integer VND. */
  netTotal: number;
}

export type EsimProfileStatus = 'NOT_ACTIVATED' | 'ACTIVE' | 'DEPLETED' | 'EXPIRED' | 'REFUNDED';

export interface EsimUsageAnswer {
  iccid: string;
  status: EsimProfileStatus;
  usedMb: number;
  /** null: unlimited. */
  remainingMb: number | null;
  totalMb: number | null;
  /** ISO instants; null before activation. */
  activatedAt: string | null;
  expiresAt: string | null;
}

export interface EsimSupplier {
  readonly source: string;
  /** Every package sold (the catalogue is small: the gateway filters it). */
  packages(ctx?: SupplierCallContext): Promise<EsimPackage[]>;
  order(request: EsimOrderRequest, ctx?: SupplierCallContext): Promise<EsimOrderResult>;
  /** Usage at `asOf` (ISO instant, the gateway's clock). */
  usage(request: { iccid: string; asOf: string }, ctx?: SupplierCallContext): Promise<EsimUsageAnswer>;
  /** Adds a top-up package (same coverage, `topUp`) to an eSIM already sold: more data and days. */
  topUp(request: { iccid: string; packageId: string; idempotencyKey: string; asOf: string }, ctx?: SupplierCallContext): Promise<EsimUsageAnswer>;
  /** Refunds an eSIM never activated; answers the net amount given back (integer VND). */
  refund(request: { iccid: string; idempotencyKey: string; asOf: string }, ctx?: SupplierCallContext): Promise<{ iccid: string; refunded: number }>;
}
