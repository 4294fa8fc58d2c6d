/** The shop's endpoints (contract/shop.ts) and the job that gives seats back at their release date. */
import type { FastifyInstance } from 'fastify';
import { idParam } from '../../contract/agents';
import { releaseInput, reserveCreated, reserveDetail as reserveDetailSchema, reserveInput, reserveList, reserveListQuery, saleDone, saleInput, SHOP_API, shopFlight, shopFlightsQuery } from '../../contract/shop';
import { z } from 'zod';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { requireAuth } from '../platform/tenancy/scope';
import { createReserve, listReserves, releaseExpired, releaseFromReserve, reserveDetail, sellFromReserve, shopFlights, type ShopDeps } from './reserves';

export function registerShopRoutes(app: FastifyInstance, deps: AccessDeps, shop: ShopDeps & { releaseIntervalMs?: number }): void {
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
    summary: 'Make an allotment for the caller’s agency: its seats leave the flight’s inventory',
    description:
      '404 reason flight when the flight or class is not sold by the channel that day; 400 reason sameAirports, sellBelowNet, ' +
      'releaseInPast or releaseTooLate (release at least 4 h before departure); 409 reason noSeats when the class has fewer seats left.',
    body: reserveInput,
    response: reserveCreated,
    handler: ({ auth, body }) => createReserve(shop, requireAuth(auth), body),
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
    summary: 'Sell seats of an allotment of the caller’s agency to named passengers (never more than remain)',
    description: '404 outside the caller’s agency; 400 reason passengerCount; 409 reason notEnoughSeats (data.remaining) or notActive (past its release date or departed).',
    params: idParam,
    body: saleInput,
    response: saleDone,
    handler: ({ auth, params, body }) => sellFromReserve(shop, requireAuth(auth), params.id, body),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: SHOP_API.release,
    tags,
    summary: 'Give unsold seats of an allotment back to the flight’s inventory',
    description: '404 outside the caller’s agency; 409 reason notEnoughSeats or notActive.',
    params: idParam,
    body: releaseInput,
    response: z.object({ remaining: z.number().int() }),
    handler: ({ auth, params, body }) => releaseFromReserve(shop, requireAuth(auth), params.id, body.quantity),
  });
}
