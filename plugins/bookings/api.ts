/**
 * The bookings plugin's side of the data provider (contract/bookings.ts): resource names and meta, endpoint
 * urls, query keys and query parameters. No calls here: every read and command of the signed-in screens goes
 * through Refine's hooks.
 *
 * One place steps outside Refine, for a reason of its own:
 * - the public e-ticket page (pages/TicketFacePage.tsx) runs outside the signed-in app, where there is no Refine:
 *   it calls the api client of the public sdk.
 */
import { keys } from '@refinedev/core';
import { ACCOUNTING_API } from '../../contract/accounting';
import { ADMIN_API } from '../../contract/admin-paths';
import type { PrintQuery } from '../../contract/bookings';
import { BOOKINGS_API, bookingPath } from '../../contract/bookings-rules';

/** The Refine resource of bookings: booking/search and the work lists (GET /api/bookings → { data, total }), the hold (POST). */
export const BOOKINGS_RESOURCE = 'bookings';
export const BOOKINGS_META = { path: BOOKINGS_API.list, tag: 'Ticketing' };

/** The users of the agency tree, for the agent filter of administrators (GET /api/agents/users). */
export const AGENT_USERS_RESOURCE = 'booking-agent-users';

/** A read in the background of a screen: no loading overlay, no network toast (the screen shows its own state). */
export const QUIET = { overlay: false, silent: true } as const;
/** A command whose outcome the screen shows itself: no network toast. */
export const COMMAND = { silent: true } as const;

export const AGENT_USERS_META = { path: ADMIN_API.users, ...QUIET };

/** The agency's deposit balance (the issue confirmation states it). */
export const BALANCE_URL = ACCOUNTING_API.balance;

/** The urls of one booking's endpoints. */
export const bookingUrl = {
  detail: (id: number) => bookingPath(BOOKINGS_API.detail, id),
  issue: (id: number) => bookingPath(BOOKINGS_API.issue, id),
  void: (id: number) => bookingPath(BOOKINGS_API.void, id),
  cancel: (id: number) => bookingPath(BOOKINGS_API.cancel, id),
  refund: (id: number) => bookingPath(BOOKINGS_API.refund, id),
  print: (id: number) => bookingPath(BOOKINGS_API.print, id),
  printPdf: (id: number) => bookingPath(BOOKINGS_API.printPdf, id),
  mail: (id: number) => bookingPath(BOOKINGS_API.mail, id),
};

/**
 * The query key of a read about one booking that is not its plain record (its detail, refund quote, print data):
 * under the bookings resource's `one` key of that id, so Refine's invalidation of the resource, or of this
 * booking's detail (the refresh button), reads it again.
 */
export function bookingReadKey(id: number, view: string, params: Record<string, unknown> = {}): readonly unknown[] {
  return keys().data().resource(BOOKINGS_RESOURCE).action('one').id(id).params({ view, ...params }).get();
}

export interface PrintOptions {
  pnr?: string | null;
  price: PrintQuery['price'];
  lang?: 'vi' | 'en';
}

/** The query of print and print.pdf. */
export function printParamsOf(o: PrintOptions): Record<string, string> {
  const params: Record<string, string> = { price: o.price };
  if (o.pnr) params.pnr = o.pnr;
  if (o.lang) params.lang = o.lang;
  return params;
}
