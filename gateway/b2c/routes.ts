/** The B2C endpoints: the agency's side (USE_B2C) and the public storefront (no token). */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  B2C_API,
  b2cAgents,
  b2cConfigAnswer,
  b2cConfig,
  b2cConfigInput,
  b2cOrder,
  orderAssignInput,
  orderNoteInput,
  orderPage as orderPageSchema,
  orderQuery,
  orderStatusInput,
  storefront,
  storeOrderInput,
  storeOrderResult,
  tour,
  tourInput,
  tourPage as tourPageSchema,
  tourQuery,
} from '../../contract/b2c';
import { idParam } from '../../contract/agents';
import { COLOUR_SYSTEMS } from '../../contract/colours';
import { ErrorCode } from '../../contract/errors';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { todayInVietnam, type Clock } from '../platform/clock';
import { b2cTours } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { requireAuth } from '../platform/tenancy/scope';
import type { Conn } from '../platform/db/client';
import { configBySlug, configOf, saveConfig, toConfig } from './config';
import { addNote, agentsOf, assign, changeStatus, createStoreOrder, oneOrder, orderPage } from './orders';
import { createTour, ownTour, summaryOf, tourPage, toursWhere, updateTour } from './tours';

const slugParam = z.object({ slug: z.string().trim().min(1).max(60) });

export interface CaptchaCheck {
  check(conn: Conn, id: string, answer: string): Promise<boolean>;
}

export function registerB2cRoutes(app: FastifyInstance, deps: AccessDeps, clock: Clock, captcha: CaptchaCheck | null): void {
  const tags = ['b2c'];
  const { db } = deps;
  const today = () => todayInVietnam(clock.now().getTime());

  // ---------------------------------------------------------------- config
  defineEndpoint(app, deps, {
    method: 'GET',
    url: B2C_API.config,
    tags,
    summary: 'The agency’s storefront settings (null before the first save)',
    response: b2cConfigAnswer,
    handler: async ({ auth }) => {
      const row = await configOf(db, requireAuth(auth).agency.id);
      return { config: row ? toConfig(row) : null };
    },
  });

  defineEndpoint(app, deps, {
    method: 'PUT',
    url: B2C_API.config,
    tags,
    summary: 'Save the storefront settings (slug unique across agencies: 409/49 reason slugTaken)',
    body: b2cConfigInput,
    response: b2cConfig,
    handler: ({ auth, body, meta }) => saveConfig(db, requireAuth(auth), body, meta),
  });

  // ---------------------------------------------------------------- tours
  defineEndpoint(app, deps, {
    method: 'GET',
    url: B2C_API.tours,
    tags,
    summary: 'The agency’s tours, every status, with their departures',
    query: tourQuery,
    response: tourPageSchema,
    handler: ({ auth, query }) => tourPage(db, requireAuth(auth), query, today()),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: B2C_API.tour,
    tags,
    summary: 'One tour of the agency',
    params: idParam,
    response: tour,
    handler: ({ auth, params }) => ownTour(db, requireAuth(auth), params.id, today()),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: B2C_API.tours,
    tags,
    summary: 'Write a tour (bodies sanitised; images must be the agency’s own uploads)',
    body: tourInput,
    response: tour,
    handler: ({ auth, body, meta }) => createTour(db, requireAuth(auth), body, today(), meta),
  });

  defineEndpoint(app, deps, {
    method: 'PUT',
    url: B2C_API.tour,
    tags,
    summary: 'Change a tour; departures with seats taken cannot be removed or shrunk below them (409/41)',
    params: idParam,
    body: tourInput,
    response: tour,
    handler: ({ auth, params, body, meta }) => updateTour(db, requireAuth(auth), params.id, body, today(), meta),
  });

  // ---------------------------------------------------------------- orders
  defineEndpoint(app, deps, {
    method: 'GET',
    url: B2C_API.orders,
    tags,
    summary: 'The storefront’s orders, newest first',
    query: orderQuery,
    response: orderPageSchema,
    handler: ({ auth, query }) => orderPage(db, requireAuth(auth), query),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: B2C_API.order,
    tags,
    summary: 'One order with its history',
    params: idParam,
    response: b2cOrder,
    handler: ({ auth, params }) => oneOrder(db, requireAuth(auth), params.id),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: B2C_API.orderStatus,
    tags,
    summary: 'Move an order along new → contacted → confirmed → paid, or cancel it',
    description: 'Confirming a tour order takes its seats (409/49 reason soldOut when they are gone); cancelling a confirmed one gives them back. 409/49 reason transition for a move the flow does not allow.',
    params: idParam,
    body: orderStatusInput,
    response: b2cOrder,
    handler: ({ auth, params, body, meta }) => changeStatus(db, requireAuth(auth), params.id, body.status, body.note, meta),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: B2C_API.orderNotes,
    tags,
    summary: 'Add a note to an order’s history',
    params: idParam,
    body: orderNoteInput,
    response: b2cOrder,
    handler: ({ auth, params, body }) => addNote(db, requireAuth(auth), params.id, body.note),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: B2C_API.orderAssign,
    tags,
    summary: 'Assign an order to a user of the agency (null: nobody)',
    params: idParam,
    body: orderAssignInput,
    response: b2cOrder,
    handler: ({ auth, params, body }) => assign(db, requireAuth(auth), params.id, body.userId),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: B2C_API.agents,
    tags,
    summary: 'The agency’s users orders may be assigned to',
    response: b2cAgents,
    handler: ({ auth }) => agentsOf(db, requireAuth(auth)),
  });

  // ---------------------------------------------------------------- the public storefront
  const storeOf = async (slug: string) => {
    const store = await configBySlug(db, slug);
    if (!store) throw new ApiError(ErrorCode.NOT_FOUND);
    return store;
  };
  const published = (agencyId: number) => and(eq(b2cTours.agencyId, agencyId), inArray(b2cTours.status, ['published']))!;

  defineEndpoint(app, deps, {
    method: 'GET',
    url: B2C_API.store,
    tags,
    summary: 'A storefront: its settings and published tours (prices include the tour markup)',
    params: slugParam,
    response: storefront,
    handler: async ({ params }) => {
      const store = await storeOf(params.slug);
      const tours = store.products.includes('tours') ? await toursWhere(db, published(store.agencyId), today(), store.tourMarkup, 50) : [];
      const t = today();
      return {
        slug: store.slug,
        name: store.name,
        logoUrl: toConfig(store).logoUrl,
        theme: toConfig(store).theme,
        colours: COLOUR_SYSTEMS[toConfig(store).theme],
        phone: store.phone,
        email: store.email,
        address: store.address,
        hours: store.hours,
        products: toConfig(store).products,
        tours: tours.map((x) => summaryOf({ ...x, departures: x.departures.filter((d) => d.date >= t) })),
        news: [],
      };
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: B2C_API.storeTour,
    tags,
    summary: 'One published tour of a storefront, with its future departures and seats left',
    params: slugParam.extend({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
    response: tour,
    handler: async ({ params }) => {
      const store = await storeOf(params.slug);
      const t = today();
      const [found] = await toursWhere(db, and(published(store.agencyId), eq(b2cTours.id, params.id))!, t, store.tourMarkup, 1);
      if (!found || !store.products.includes('tours')) throw new ApiError(ErrorCode.NOT_FOUND);
      return { ...found, departures: found.departures.filter((d) => d.date >= t) };
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: B2C_API.storeOrders,
    tags,
    summary: 'A customer’s tour order or flight enquiry (captcha; a few per address; a confirmation e-mail)',
    description: 'Errors: 400/51 captcha; 429/58 too many orders from this address; 409/49 reason soldOut; 404/44 unknown store or departure.',
    params: slugParam,
    body: storeOrderInput,
    response: storeOrderResult,
    handler: async ({ params, body, meta }) => {
      const store = await storeOf(params.slug);
      return createStoreOrder(db, store, body, meta.ip, today(), (conn) => (captcha ? captcha.check(conn, body.captchaId, body.captcha) : Promise.resolve(true)));
    },
  });
}
