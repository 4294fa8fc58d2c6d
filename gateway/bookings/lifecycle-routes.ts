/**
 * Booking lifecycle endpoints (docs/booking-lifecycle.md):
 *
 *   POST /api/bookings/:id/issue    issueRequest → issueResult   EXPORT_TICKET || VOID_VIEW_TICKETS; PIN
 *   POST /api/bookings/:id/void     voidRequest → moneyResult    VOID_VNA || VOID_VIEW_TICKETS; PIN
 *   POST /api/bookings/:id/cancel   cancelRequest → moneyResult  any signed-in user (the booking's scope)
 *   GET  /api/bookings/:id/refund   → refundQuote                EXPORT_TICKET
 *   POST /api/bookings/:id/refund   refundRequest → moneyResult  EXPORT_TICKET && REFUND_TICKET; PIN
 *
 * "PIN" means: when the caller holds USE_PIN_CODE, the X-Pin header (gateway/platform/access/pin.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  BOOKINGS_API,
  cancelRequest,
  issueRequest,
  issueResult,
  moneyResult,
  refundQuote,
  refundRequest,
  voidRequest,
} from '../../contract/bookings';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import type { Clock } from '../platform/clock';
import { requireAuth } from '../platform/tenancy/scope';
import type { SupplierRegistry } from '../suppliers';
import { cancelHolds, issueBooking, QuoteCache, refundQuoteOf, refundTickets, voidTickets, type Actor, type LifecycleDeps } from './lifecycle';
import { PIN_NOTE } from '../platform/access/pin';
import type { SeatPools } from './seat-pools';
import { authorizePaidCall } from '../platform/access/paid';

export interface LifecycleRouteDeps {
  /** The gateway's JWT secret: keys the PIN salts. */
  secret: string;
  /** The gateway's suppliers (built once by buildApp). */
  suppliers: SupplierRegistry;
  /** The gateway's clock: void windows, hold limits, PIN salts. */
  clock: Clock;
  /** Where pooled seats go back on a void, cancel or refund (seat-pools.ts). */
  seatPools?: SeatPools;
}

const params = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

const COMMON_ERRORS =
  '404/44 when the booking is outside the caller’s scope or a PNR is not of it; 409/49 with data.reason and a localized data.message ' +
  'when the PNR’s state does not allow the action; 502/80 with the airline’s message when the supplier fails (nothing changed).';

export function registerLifecycleRoutes(app: FastifyInstance, deps: AccessDeps, options: LifecycleRouteDeps): void {
  const { db } = deps;
  const lifecycle: LifecycleDeps = {
    db,
    suppliers: options.suppliers,
    now: () => options.clock.now(),
    quotes: new QuoteCache(),
    seatPools: options.seatPools,
  };
  const pinDeps = { db, secret: options.secret, cipher: deps.cipher, now: () => options.clock.now() };
  const tags = ['bookings'];

  defineEndpoint(app, deps, {
    method: 'POST',
    url: BOOKINGS_API.issue,
    tags,
    summary: 'Issue held PNRs (booking/issue)',
    description:
      'Re-prices each PNR (the charged price is answered in repriced when it differs from the held one), charges the booking’s agency ' +
      'deposit (one C entry per PNR), gets a ticket per passenger from the supplier and records it (ISSUE TICKET; the booking EXPORT ' +
      'when no hold remains). Idempotent: the same idempotencyKey and PNRs answer the stored result with replayed true and charge nothing; ' +
      'the key with other PNRs is 409/49; a request arriving while the key is in progress waits for it. 409/70 when the deposit does not ' +
      `cover it (nothing changes); 409/49 reason holdExpired after the time limit. A failing supplier reverses the charge (V entry). ${COMMON_ERRORS} ${PIN_NOTE}`,
    params,
    body: issueRequest,
    response: issueResult,
    handler: async ({ params: p, body, auth, lang, meta, request }) => {
      const ctx = requireAuth(auth);
      const actor: Actor = { ctx, lang, meta };
      await authorizePaidCall(pinDeps, { ctx, lang, meta, request }, 'bookings.issue', body.idempotencyKey, { id: p.id, ...body });
      return issueBooking(lifecycle, actor, p.id, body);
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: BOOKINGS_API.void,
    tags,
    summary: 'Void issued tickets the same day (booking/void)',
    description:
      'Voids the tickets of issued PNRs before their voidUntil (the supplier’s cut-off of the day of issue): a V entry gives back the whole ' +
      `charge, the PNR becomes VOIDED OR CANCEL, its seats return, the booking CANCEL when no live PNR remains. After voidUntil 409/49 ` +
      `reason voidWindowClosed (refund instead). ${COMMON_ERRORS} ${PIN_NOTE}`,
    params,
    body: voidRequest,
    response: moneyResult,
    handler: async ({ params: p, body, auth, lang, meta, request }) => {
      const ctx = requireAuth(auth);
      await authorizePaidCall(pinDeps, { ctx, lang, meta, request }, 'bookings.void', null, body);
      return voidTickets(lifecycle, { ctx, lang, meta }, p.id, body.pnrs);
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: BOOKINGS_API.cancel,
    tags,
    summary: 'Cancel live holds (booking/cancel)',
    description:
      'Cancels held PNRs: no money moves (amount 0), the seats return, VOIDED OR CANCEL, the booking CANCEL when nothing live remains. ' +
      `Issued tickets are refused with 409/49 reason cancelIssued (void or refund them). ${COMMON_ERRORS}`,
    params,
    body: cancelRequest,
    response: moneyResult,
    handler: async ({ params: p, body, auth, lang, meta }) => {
      const ctx = requireAuth(auth);
      return cancelHolds(lifecycle, { ctx, lang, meta }, p.id, body.pnrs);
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: BOOKINGS_API.refund,
    tags,
    summary: 'Refund quote (refund-ticket/{id})',
    description:
      'One line per ticketed passenger of the issued PNRs: paid (fare, tax, VAT, issue fee and luggage), the penalty of the fare rule, ' +
      'refundable = paid − penalty, whether already refunded, and the fare rule’s refund text in the caller’s language. 404 outside the scope.',
    params,
    response: refundQuote,
    handler: async ({ params: p, auth, lang }) => refundQuoteOf(lifecycle, { ctx: requireAuth(auth), lang }, p.id),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: BOOKINGS_API.refund,
    tags,
    summary: 'Refund tickets per passenger (refund-ticket/{id})',
    description:
      'Refunds the chosen passengers of one PNR after its void window, once each: an R entry credits paid − penalty (none when 0); when every ' +
      'passenger is refunded the PNR becomes VOIDED OR CANCEL and its seats return. The same idempotencyKey answers the first result with ' +
      `replayed true; a passenger already refunded is 409/49 reason alreadyRefunded; within the void window 409/49 reason voidWindowOpen. ${COMMON_ERRORS} ${PIN_NOTE}`,
    params,
    body: refundRequest,
    response: moneyResult,
    handler: async ({ params: p, body, auth, lang, meta, request }) => {
      const ctx = requireAuth(auth);
      await authorizePaidCall(pinDeps, { ctx, lang, meta, request }, 'bookings.refund', body.idempotencyKey, { id: p.id, ...body });
      return refundTickets(lifecycle, { ctx, lang, meta }, p.id, body);
    },
  });
}
