/**
 * The after-sale module (booking/edit/{id} and its screens):
 *
 *   GET  /api/aftersale/bookings/:id            → afterSaleHub     any signed-in user (the booking's scope)
 *   GET  /api/aftersale/bookings/:id/history    → { data, total }  any signed-in user (the booking's scope)
 *   GET  /api/aftersale/bookings/:id/luggage    → luggageOffer     EXPORT_TICKET
 *   POST /api/aftersale/bookings/:id/luggage    buyLuggageRequest → paidEditResult  EXPORT_TICKET; PIN
 *   GET  /api/aftersale/bookings/:id/seat-map   ?pnr&segId → seatMap  EXPORT_TICKET
 *   POST /api/aftersale/bookings/:id/seats      buySeatRequest → paidEditResult     EXPORT_TICKET; PIN
 *   GET  /api/aftersale/bookings/:id/exchange-quote  ?pnr&direction&sessionId&offerId&class → exchangeQuoteAnswer  EXPORT_TICKET  (exchange.ts)
 *   POST /api/aftersale/bookings/:id/exchange        exchangeRequest → exchangeResult  EXPORT_TICKET; PIN           (exchange.ts)
 *
 * Bookings are read only through gateway/bookings/service.ts; the PNR through the supplier registry.
 */
import { z } from 'zod';
import {
  AFTERSALE_API,
  bookingIdParams,
  buyLuggageRequest,
  buySeatRequest,
  historyList,
  historyQuery,
  paidEditResult,
  seatMapQuery,
} from '../../contract/aftersale';
import { defineEndpoint } from '../platform/access/endpoint';
import { PIN_NOTE } from '../platform/access/pin';
import { authorizePaidCall } from '../platform/access/paid';
import type { GatewayModule } from '../platform/module';
import { requireAuth } from '../platform/tenancy/scope';
import { EDIT_SAGA, setEditRecovery } from './payment';
// aftersale2: exchange-route
import { registerExchange } from './exchange';
import { registerElementEdits } from './element-edits'; // pnr-elements
import { buyLuggage, buySeats, historyOf, hubOf, luggageOfferOf, seatMapOf, type AfterSaleDeps } from './services';
import { registerSegmentEdits } from './segment-edits';
// sched: schedule changes and change-route-status
import { registerSchedule } from './schedule-routes';
import { registerExtras } from './extras'; // as14a
import { registerPriceEdits } from './price-edits'; // as14b: quote-best-price, process-price
import { setSeatPools } from './seat-holds'; // seats given back through the seat pools
import { SEAT_POOLS } from '../bookings/service';

const ERRORS =
  '404/44 outside the caller’s booking scope; 409/49 with data.reason (notIssued, departed, nothingToBuy, seatUnavailable, idempotencyKeyReused) ' +
  'and a localized data.message; 502/80 with the airline’s message when the supplier fails — a payment made before is reversed at once (V entry).';

export const afterSaleModule: GatewayModule = {
  name: 'aftersale',
  register(app, ctx) {
    const deps: AfterSaleDeps = { db: ctx.db, suppliers: ctx.suppliers, enforcer: ctx.enforcer, now: () => ctx.clock.now() };
    // seats an edit gives back go to their pool (a sold allotment seat) or the live inventory
    setSeatPools(ctx.db, ctx.shared.get(SEAT_POOLS));
    const pinDeps = { db: ctx.db, secret: ctx.secret, cipher: ctx.access.cipher, now: () => ctx.clock.now() };
    const tags = ['aftersale'];
    const access = ctx.access;
    // crash safety (docs/reliability.md): edits whose request died are recorded or undone
    ctx.reliability.sagas.register(EDIT_SAGA, setEditRecovery(ctx.db, { db: ctx.db, suppliers: ctx.suppliers }));
    // sched: schedule changes and change-route-status
    registerSchedule(app, ctx, deps);

    registerElementEdits(app, ctx, deps); // pnr-elements

    defineEndpoint(app, access, {
      method: 'GET',
      url: AFTERSALE_API.hub,
      tags,
      summary: 'After-sale hub of a booking (booking/edit/{id})',
      description: 'The issued PNRs as the airline holds them (names, segments with status codes, SSR, OSI, remarks, contacts, DOCS, FQTV, TST, endorsements, queue, tickets, EMDs, seats, bags) and each after-sale action with its price range, whether it is allowed now and why not. 404 outside the scope.',
      params: bookingIdParams,
      response: z.unknown(),
      handler: async ({ params, auth, lang }) => hubOf(deps, { ctx: requireAuth(auth), lang }, params.id),
    });

    defineEndpoint(app, access, {
      method: 'GET',
      url: AFTERSALE_API.history,
      tags,
      summary: 'History of the PNR edits of a booking (the detail’s history tab)',
      description: 'Every edit, newest first: who, when, what, the amount and its ledger entry, the elements before and after. 404 outside the scope.',
      params: bookingIdParams,
      query: historyQuery,
      response: historyList,
      handler: async ({ params, query, auth, lang }) => historyOf(deps, { ctx: requireAuth(auth), lang }, params.id, query.page, query.pageSize),
    });

    defineEndpoint(app, access, {
      method: 'GET',
      url: AFTERSALE_API.luggage,
      tags,
      summary: 'Luggage on sale for an issued booking (buy-luggage/{id})',
      description: `Per route, the airline’s prepaid luggage options, and the bags already bought per passenger. ${ERRORS}`,
      params: bookingIdParams,
      response: z.unknown(),
      handler: async ({ params, auth, lang }) => luggageOfferOf(deps, { ctx: requireAuth(auth), lang }, params.id),
    });

    defineEndpoint(app, access, {
      method: 'POST',
      url: AFTERSALE_API.buyLuggage,
      tags,
      summary: 'Buy checked luggage after issue (buy-luggage/{id})',
      description:
        'Each item buys the option for a passenger on a route (it replaces the passenger’s earlier bag on that route; an option at price 0 adds nothing). ' +
        'One C entry of the total, an EMD per bag from the airline, the history and the audit log. Idempotent: the same idempotencyKey answers the first ' +
        `result with replayed true. 400/41 reason luggage with the problems per item. ${ERRORS} ${PIN_NOTE}`,
      params: bookingIdParams,
      body: buyLuggageRequest,
      response: paidEditResult,
      handler: async ({ params, body, auth, lang, meta, request }) => {
        const user = requireAuth(auth);
        await authorizePaidCall(pinDeps, { ctx: user, lang, meta, request }, 'aftersale', body.idempotencyKey, { kind: 'luggage', id: params.id, ...body });
        return buyLuggage(deps, { ctx: user, lang, meta }, params.id, body);
      },
    });

    defineEndpoint(app, access, {
      method: 'GET',
      url: AFTERSALE_API.seatMap,
      tags,
      summary: 'Seat map of a segment (buy-seat/{id})',
      description: `Rows, aisles, exit rows, free, paid and blocked seats with their price, the seats taken and this PNR’s passengers’ seats, from the airline. ${ERRORS}`,
      params: bookingIdParams,
      query: seatMapQuery,
      response: z.unknown(),
      handler: async ({ params, query, auth, lang }) => seatMapOf(deps, { ctx: requireAuth(auth), lang }, params.id, query.pnr, query.segId),
    });

    defineEndpoint(app, access, {
      method: 'POST',
      url: AFTERSALE_API.buySeat,
      tags,
      summary: 'Choose seats after issue (buy-seat/{id})',
      description:
        'One seat per passenger per segment (a new one frees the earlier); paid seats are one C entry of the total and an EMD each, free seats cost nothing. ' +
        'Two agents choosing the same seat at once: one gets it, the other 409/49 seatUnavailable (or 502/80 with its payment reversed when it lost at the airline). ' +
        `Idempotent by idempotencyKey. 400/41 reason seats (blocked, infant, exitRow, noSeat, sameSeat, duplicate). ${ERRORS} ${PIN_NOTE}`,
      params: bookingIdParams,
      body: buySeatRequest,
      response: paidEditResult,
      handler: async ({ params, body, auth, lang, meta, request }) => {
        const user = requireAuth(auth);
        await authorizePaidCall(pinDeps, { ctx: user, lang, meta, request }, 'aftersale', body.idempotencyKey, { kind: 'seats', id: params.id, ...body });
        return buySeats(deps, { ctx: user, lang, meta }, params.id, body);
      },
    });
    // aftersale2: exchange-route
    registerExchange(app, ctx, deps);
    // pnr-segments
    registerSegmentEdits(app, ctx, deps);
    registerExtras(app, ctx, deps); // as14a: upgrade-luggage, buy-ancillary, add-infant-vj
    registerPriceEdits(app, ctx, deps); // as14b: quote-best-price, process-price
  },
};
