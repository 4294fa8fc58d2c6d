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
  b2cNews,
  b2cNewsInput,
  b2cNewsPage,
  b2cNewsQuery,
  b2cNewsTags,
  b2cOrder,
  fareRule,
  fareRuleInput,
  fareRulePage as fareRulePageSchema,
  fareRuleQuery,
  orderAssignInput,
  orderNoteInput,
  orderPage as orderPageSchema,
  orderPaymentInput,
  orderQuery,
  orderStatusInput,
  storefront,
  storeFareRules,
  storeNews,
  storeNewsPage,
  storeNewsQuery,
  storeOrderInput,
  storeOrderResult,
  tour,
  tourInput,
  tourPage as tourPageSchema,
  tourQuery,
} from '../../contract/b2c';
import { idParam } from '../../contract/agents';
import { okResult } from '../../contract/auth';
import { COLOUR_SYSTEMS } from '../../contract/colours';
import { ErrorCode } from '../../contract/errors';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { todayInVietnam, type Clock } from '../platform/clock';
import { b2cNews as newsTable, b2cTours } from '../platform/db/schema';
import { cap, take } from '../platform/limits';
import { ApiError } from '../platform/http/errors';
import { requireAuth } from '../platform/tenancy/scope';
import type { Conn } from '../platform/db/client';
import { configBySlug, configOf, saveConfig, toConfig } from './config';
import {
  createNews,
  createRule,
  deleteNews,
  deleteRule,
  fareRulePage,
  newsPage,
  newsTags,
  oneNews,
  ownNewsWhere,
  ownRule,
  publishedNewsWhere,
  publishedRules,
  updateNews,
  updateRule,
} from './content';
import { addNote, agentsOf, assign, changeStatus, createStoreOrder, oneOrder, orderPage, recordPayment, recordRefund, trainStations } from './orders';
import { createTour, ownTour, summaryOf, tourPage, toursWhere, updateTour } from './tours';

const slugParam = z.object({ slug: z.string().trim().min(1).max(60) });
const storeIdParam = slugParam.extend({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** Reads of the public storefront one address may make per minute (the platform limiter, every instance). */
export const STORE_READS = 120;
export const STORE_READ_RULE = cap(STORE_READS, 60_000);

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
    summary: 'Move an order along new → contacted → confirmed, or cancel it',
    description: 'Confirming a tour order takes its seats (409/49 reason soldOut when they are gone); cancelling a confirmed one gives them back. 409/49 reason transition for a move the flow does not allow, paymentRequired for paid (record the payment), refundRequired to cancel a paid order (record the refund).',
    params: idParam,
    body: orderStatusInput,
    response: b2cOrder,
    handler: ({ auth, params, body, meta }) => changeStatus(db, requireAuth(auth), params.id, body.status, body.note, meta),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: B2C_API.orderPayment,
    tags,
    summary: 'Record the customer’s payment of an order and mark it paid (once; idempotent by key)',
    description:
      'The amount is integer VND and must equal the order’s total (an enquiry without a price takes it as the price quoted); a transfer needs its bank reference. ' +
      '400/41 reason amount (with expected) or reference; 409/49 reason alreadyPaid, cancelled, or idempotencyKeyReused (the key was used for another call). ' +
      'The same key and body again answers the order as it is. The agency’s deposit is not touched: the customer pays the agency.',
    params: idParam,
    body: orderPaymentInput,
    response: b2cOrder,
    handler: ({ auth, params, body, meta }) => recordPayment(db, requireAuth(auth), params.id, body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: B2C_API.orderRefund,
    tags,
    summary: 'Record the refund of a paid order and cancel it (seats go back; idempotent by key)',
    description: 'The amount is what went back to the customer, 0 to what was paid. 400/41 reason amount (with max) or reference; 409/49 reason notPaid, alreadyRefunded or idempotencyKeyReused.',
    params: idParam,
    body: orderPaymentInput,
    response: b2cOrder,
    handler: ({ auth, params, body, meta }) => recordRefund(db, requireAuth(auth), params.id, body, meta),
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

  // ---------------------------------------------------------------- articles (/b2c/news, news-by-tag, news/{id}, change-news)
  defineEndpoint(app, deps, {
    method: 'GET',
    url: B2C_API.news,
    tags,
    summary: 'The storefront’s articles, drafts included: search, tag (news-by-tag), status, pages',
    query: b2cNewsQuery,
    response: b2cNewsPage,
    handler: ({ auth, query }) => newsPage(db, ownNewsWhere(requireAuth(auth).agency.id), query),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: B2C_API.newsTags,
    tags,
    summary: 'Tags of the storefront’s articles, with counts',
    response: b2cNewsTags,
    handler: ({ auth }) => newsTags(db, ownNewsWhere(requireAuth(auth).agency.id)),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: B2C_API.newsOne,
    tags,
    summary: 'One article of the storefront (body sanitised)',
    params: idParam,
    response: b2cNews,
    handler: ({ auth, params }) => oneNews(db, and(eq(newsTable.id, params.id), ownNewsWhere(requireAuth(auth).agency.id))!),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: B2C_API.news,
    tags,
    summary: 'Write an article (body sanitised; the cover must be the agency’s own image upload)',
    body: b2cNewsInput,
    response: b2cNews,
    handler: ({ auth, body, meta }) => createNews(db, requireAuth(auth), body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'PUT',
    url: B2C_API.newsOne,
    tags,
    summary: 'Change an article of the storefront',
    params: idParam,
    body: b2cNewsInput,
    response: b2cNews,
    handler: ({ auth, params, body, meta }) => updateNews(db, requireAuth(auth), params.id, body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'DELETE',
    url: B2C_API.newsOne,
    tags,
    summary: 'Delete an article of the storefront',
    params: idParam,
    response: okResult,
    handler: async ({ auth, params, meta }) => {
      await deleteNews(db, requireAuth(auth), params.id, meta);
      return { ok: true as const };
    },
  });

  // ---------------------------------------------------------------- fare rules (/b2c/fare-rules, change-fare-rule)
  defineEndpoint(app, deps, {
    method: 'GET',
    url: B2C_API.fareRules,
    tags,
    summary: 'The agency’s fare-rule texts, by airline and fare family',
    query: fareRuleQuery,
    response: fareRulePageSchema,
    handler: ({ auth, query }) => fareRulePage(db, requireAuth(auth), query),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: B2C_API.fareRule,
    tags,
    summary: 'One fare-rule text (body sanitised)',
    params: idParam,
    response: fareRule,
    handler: ({ auth, params }) => ownRule(db, requireAuth(auth), params.id),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: B2C_API.fareRules,
    tags,
    summary: 'Write the text of an airline’s fare family (one per airline and family: 409/49 reason fareRuleTaken)',
    body: fareRuleInput,
    response: fareRule,
    handler: ({ auth, body, meta }) => createRule(db, requireAuth(auth), body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'PUT',
    url: B2C_API.fareRule,
    tags,
    summary: 'Change a fare-rule text',
    params: idParam,
    body: fareRuleInput,
    response: fareRule,
    handler: ({ auth, params, body, meta }) => updateRule(db, requireAuth(auth), params.id, body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'DELETE',
    url: B2C_API.fareRule,
    tags,
    summary: 'Delete a fare-rule text',
    params: idParam,
    response: okResult,
    handler: async ({ auth, params, meta }) => {
      await deleteRule(db, requireAuth(auth), params.id, meta);
      return { ok: true as const };
    },
  });

  // ---------------------------------------------------------------- the public storefront
  /** Counts a public read of the address; past STORE_READS a minute it is refused (429, code 58). */
  const countRead = async (ip: string) => {
    const verdict = await take(db, `b2c-store:ip:${ip}`, STORE_READ_RULE);
    if (!verdict.allowed) throw new ApiError(ErrorCode.RATE_LIMITED, { retryAfterSeconds: verdict.retryAfterSeconds });
  };
  const storeOf = async (slug: string) => {
    const store = await configBySlug(db, slug);
    if (!store) throw new ApiError(ErrorCode.NOT_FOUND);
    return store;
  };
  /** A page of a store's published articles as the storefront lists them (no body, no author). */
  const storeNewsList = async (agencyId: number, q: { page: number; pageSize: number; tag?: string }) => {
    const { data, total } = await newsPage(db, publishedNewsWhere(agencyId), q);
    return { data: data.map((n) => ({ id: n.id, title: n.title, summary: n.summary, tags: n.tags, coverUrl: n.coverUrl, publishedAt: n.publishedAt })), total };
  };
  const published = (agencyId: number) => and(eq(b2cTours.agencyId, agencyId), inArray(b2cTours.status, ['published']))!;

  defineEndpoint(app, deps, {
    method: 'GET',
    url: B2C_API.store,
    tags,
    summary: 'A storefront: its settings and published tours (prices include the tour markup)',
    params: slugParam,
    response: storefront,
    handler: async ({ params, meta }) => {
      await countRead(meta.ip);
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
        news: store.products.includes('news') ? (await storeNewsList(store.agencyId, { page: 1, pageSize: 12 })).data : [],
        trainStations: store.products.includes('trains') ? trainStations() : [],
        fareRules: store.products.includes('fareRules')
          ? (await publishedRules(db, store.agencyId)).map((r) => ({ id: r.id, airline: r.airline, fareFamily: r.fareFamily, title: r.title }))
          : [],
      };
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: B2C_API.storeTour,
    tags,
    summary: 'One published tour of a storefront, with its future departures and seats left',
    params: storeIdParam,
    response: tour,
    handler: async ({ params, meta }) => {
      await countRead(meta.ip);
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

  defineEndpoint(app, deps, {
    method: 'GET',
    url: B2C_API.storeNewsList,
    tags,
    summary: 'The published articles of a storefront, newest first, by tag, a page at a time',
    params: slugParam,
    query: storeNewsQuery,
    response: storeNewsPage,
    handler: async ({ params, query, meta }) => {
      await countRead(meta.ip);
      const store = await storeOf(params.slug);
      if (!store.products.includes('news')) throw new ApiError(ErrorCode.NOT_FOUND);
      return storeNewsList(store.agencyId, query);
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: B2C_API.storeNews,
    tags,
    summary: 'One published article of a storefront (body sanitised)',
    params: storeIdParam,
    response: storeNews,
    handler: async ({ params, meta }) => {
      await countRead(meta.ip);
      const store = await storeOf(params.slug);
      if (!store.products.includes('news')) throw new ApiError(ErrorCode.NOT_FOUND);
      const { status: _s, coverUploadId: _c, authorName: _a, ...shown } = await oneNews(db, and(eq(newsTable.id, params.id), publishedNewsWhere(store.agencyId))!);
      return shown;
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: B2C_API.storeFareRules,
    tags,
    summary: 'The published fare rules of a storefront with their texts, by airline then fare family',
    params: slugParam,
    response: storeFareRules,
    handler: async ({ params, meta }) => {
      await countRead(meta.ip);
      const store = await storeOf(params.slug);
      if (!store.products.includes('fareRules')) throw new ApiError(ErrorCode.NOT_FOUND);
      return (await publishedRules(db, store.agencyId)).map(({ status: _s, ...r }) => r);
    },
  });
}
