/** The shop's endpoints (contract/shop.ts) and the job that gives seats back at their release date. */
import type { FastifyInstance } from 'fastify';
import { idParam } from '../../contract/agents';
import {
  onSaleList,
  onSaleQuery,
  releaseDone,
  releaseInput,
  reserveCreated,
  reserveDetail as reserveDetailSchema,
  reserveInput,
  reserveList,
  reserveListQuery,
  saleDone,
  saleInput,
  SHOP_API,
  shopFlight,
  shopFlightsQuery,
} from '../../contract/shop';
import { z } from 'zod';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { authorizePaidCall } from '../platform/access/paid';
import { PIN_NOTE } from '../platform/access/pin';
import { requireAuth } from '../platform/tenancy/scope';
import { createReserve, listReserves, releaseExpired, releaseFromReserve, reserveDetail, reservesOnSale, sellFromReserve, shopFlights, type ShopDeps } from './reserves';

export function registerShopRoutes(app: FastifyInstance, deps: AccessDeps, shop: ShopDeps & { releaseIntervalMs?: number; secret: string }): void {
  const pinDeps = { db: shop.db, secret: shop.secret, cipher: deps.cipher, now: shop.now };
  const every = shop.releaseIntervalMs ?? 60_000;
  if (every > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      releaseExpired(shop.db, shop.now())
        .then((n) => {
          if (n > 0) app.log.info({ released: n }, 'shop reserves released at their release date');
        })
        .catch((err: unknown) => app.log.error({ err }, 'shop reserve release failed'))
        .finally(() => (running = false));
    }, every);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  const tags = ['shop'];

  defineEndpoint(app, deps, {
    method: 'GET',
    url: SHOP_API.flights,
    tags,
    summary: 'Direct flights of a carrier’s channel on a route and day, with the seats each booking class has left',
    query: shopFlightsQuery,
    response: z.array(shopFlight),
    handler: ({ query }) => shopFlights(shop, query),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: SHOP_API.reserves,
    tags,
    summary: 'Seat allotments of the agencies the caller manages, with sold, released and remaining seats',
    description: 'Filters: status (active, soldOut, expired, departed), airline, q (flight number or route). Allotments past their release date give their unsold seats back first.',
    query: reserveListQuery,
    response: reserveList,
    handler: ({ auth, query }) => listReserves(shop, requireAuth(auth), query),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: SHOP_API.reserves,
    tags,
    summary: 'Buy an allotment for the caller’s agency: its seats leave the flight’s inventory and the deposit pays net price × seats',
    description:
      'One C entry of net price × seats on the agency’s deposit (reference "Mua chỗ giữ <flight> <class> × n", booking reference shop:<id>) ' +
      'in the same transaction as the seats taken and the allotment: 409/70 (data balance, creditLimit, amount) when the deposit does not ' +
      'cover it, and nothing is made. The same idempotencyKey answers the same allotment (replayed true) and charges nothing more; with ' +
      'another body 409/49 idempotencyKeyReused. 404 reason flight when the flight or class is not sold by the channel that day; 400 reason ' +
      'sameAirports, sellBelowNet, releaseInPast or releaseTooLate (release at least 4 h before departure); 409 reason noSeats when the class ' +
      `has fewer seats left. ${PIN_NOTE}`,
    body: reserveInput,
    response: reserveCreated,
    handler: async ({ auth, body, lang, meta, request }) => {
      const ctx = requireAuth(auth);
      await authorizePaidCall(pinDeps, { ctx, lang, meta, request }, 'shop.reserve', body.idempotencyKey, body);
      return createReserve(shop, { ctx, lang, meta }, body);
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: SHOP_API.reserve,
    tags,
    summary: 'One allotment with its movements (made, sales with their passengers, releases, expiry)',
    params: idParam,
    response: reserveDetailSchema,
    handler: ({ auth, params }) => reserveDetail(shop, requireAuth(auth), params.id),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: SHOP_API.sales,
    tags,
    summary: 'Sell seats of an allotment of the caller’s agency to named passengers: a booking issued at once (never more than remain)',
    description:
      'Takes the seats from the allotment and, in the same transaction, makes a booking whose PNR holds them; then issues it as ' +
      'POST /api/bookings/:id/issue does: one C entry of the allotment’s selling price per seat on the deposit, tickets from the carrier. ' +
      'The same idempotencyKey answers the first sale (replayed true) and charges nothing more; with another body 409/49 idempotencyKeyReused. ' +
      '404 outside the caller’s agency; 400 reason passengerCount or passengers (data.passengers); 409 reason notEnoughSeats (data.remaining) or ' +
      'notActive; 409/70 when the deposit does not cover it and 502/80 when the carrier fails: the charge is reversed and the seats stay held ' +
      `in the booking (data.bookingId, data.pnr) to issue again or cancel. ${PIN_NOTE}`,
    params: idParam,
    body: saleInput,
    response: saleDone,
    handler: async ({ auth, params, body, lang, meta, request }) => {
      const ctx = requireAuth(auth);
      await authorizePaidCall(pinDeps, { ctx, lang, meta, request }, 'shop.sale', body.idempotencyKey, { id: params.id, ...body });
      return sellFromReserve(shop, { ctx, lang, meta }, params.id, body);
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: SHOP_API.onSale,
    tags,
    summary: 'The caller’s agency’s allotments with seats to sell on a route and day (the flight results mark their flights)',
    query: onSaleQuery,
    response: onSaleList,
    handler: ({ auth, query }) => reservesOnSale(shop, requireAuth(auth), query),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: SHOP_API.release,
    tags,
    summary: 'Give unsold seats of an allotment back to the flight’s inventory; their net price is credited to the deposit',
    description:
      'One R entry of net price × seats (reference "Hoàn chỗ giữ <flight> <class> × n"), nothing for an allotment bought before the ' +
      'purchase was charged. 404 outside the caller’s agency; 409 reason notEnoughSeats or notActive.',
    params: idParam,
    body: releaseInput,
    response: releaseDone,
    handler: ({ auth, params, body, meta }) => releaseFromReserve(shop, { ctx: requireAuth(auth), meta }, params.id, body.quantity),
  });
}
