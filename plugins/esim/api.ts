/**
 * The eSIM plugin's side of the data provider (contract/esim.ts): resource names and metas, urls. Reads and
 * commands go through Refine's hooks.
 */
import { ACCOUNTING_API } from '../../contract/accounting';
import { ESIM_API, esimPath } from '../../contract/esim';

export const RESOURCES = { products: 'esim-products', orders: 'esim-orders' } as const;
export const PRODUCTS_META = { path: ESIM_API.products, overlay: false };
export const ORDERS_META = { path: ESIM_API.orders };

/** A read in the background of a screen: no loading overlay, no network toast (the screen shows its own state). */
export const QUIET = { overlay: false, silent: true } as const;
/** A command whose outcome the screen shows itself. */
export const COMMAND = { silent: true } as const;

export const BALANCE_URL = ACCOUNTING_API.balance;

export const esimUrl = {
  usage: (iccid: string) => esimPath(ESIM_API.usage, iccid),
  qr: (iccid: string) => esimPath(ESIM_API.qr, iccid),
  topUps: (iccid: string) => esimPath(ESIM_API.topUps, iccid),
  refund: (iccid: string) => esimPath(ESIM_API.refund, iccid),
  resend: (iccid: string) => esimPath(ESIM_API.resend, iccid),
};

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

