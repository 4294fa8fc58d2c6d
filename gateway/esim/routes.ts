/**
 * eSIM endpoints (spec point 2: /esim/products, /esim/product-detail, /esim/list-order, /esim/list-order/{id},
 * all USE_ESIM; rules in policies/endpoints.ts):
 *
 *   GET  /api/esim/products                   catalogue: destination, region, days, data; sorted by price
 *   GET  /api/esim/products/:id               product detail: networks, devices
 *   POST /api/esim/orders                     checkout from the deposit (one C entry; PIN with USE_PIN_CODE)
 *   GET  /api/esim/orders, /orders/:id        orders of the caller's scope
 *   GET  /api/esim/esims/:iccid/usage         live usage from the partner
 *   GET  /api/esim/esims/:iccid/qr.png        the activation code as a QR PNG
 *   GET  /api/esim/esims/:iccid/top-ups       top-ups that fit the eSIM
 *   POST /api/esim/esims/:iccid/top-ups       buy one (one C entry; PIN)
 *   POST /api/esim/esims/:iccid/refund        refund an unused eSIM (one R entry; PIN)
 *   POST /api/esim/esims/:iccid/resend        e-mail the installation details again (outbox)
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  checkoutRequest,
  checkoutResult,
  ESIM_API,
  esimMoneyResult,
  esimOrder,
  esimProduct,
  esimProductDetail,
  esimUsage,
  iccidParams,
  orderParams,
  ordersPage,
  ordersQuery,
  productParams,
  productsPage,
  productsQuery,
  refundRequest,
  resendRequest,
  topUpRequest,
} from '../../contract/esim';
import { PIN_NOTE } from '../platform/access/pin';
import { authorizePaidCall } from '../platform/access/paid';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import type { Clock } from '../platform/clock';
import { agencies } from '../platform/db/schema';
import { requireAuth } from '../platform/tenancy/scope';
import type { SupplierRegistry } from '../suppliers';
import { EsimCatalogue } from './catalogue';
import { resendEsim } from './mail';
import { checkout, esimOf, getOrder, listOrders, refund, topUp, topUpOptions, usage, type OrderDeps } from './orders';
import { activationQrPng } from './qr';

export interface EsimRouteDeps {
  secret: string;
  suppliers: SupplierRegistry;
  clock: Clock;
}

const SCOPE_NOTE = 'An order or eSIM outside the caller’s scope (administrators: their agency subtree; others: their agency) answers 404.';

export function registerEsimRoutes(app: FastifyInstance, deps: AccessDeps, options: EsimRouteDeps): void {
  const { db } = deps;
  const catalogue = new EsimCatalogue(options.suppliers, () => options.clock.now().getTime());
  const orders: OrderDeps = { db, suppliers: options.suppliers, catalogue, now: () => options.clock.now() };
  const pinDeps = { db, secret: options.secret, cipher: deps.cipher, now: () => options.clock.now() };
  const tags = ['esim'];

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ESIM_API.products,
    tags,
    summary: 'eSIM catalogue (/esim/products)',
    description:
      'Packages of the partner, named in the caller’s language: destination matches Vietnamese and English country names (and usual ' +
      'names such as Mỹ, UK), without regard to diacritics or case; region asia, europe or global; days and data filters; sorted by the ' +
      'agency price (sort=price or -price). price is what the deposit pays, retailPrice the suggested price for the traveller.',
    query: productsQuery,
    response: productsPage,
    handler: ({ query, lang }) => catalogue.search(query, lang),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ESIM_API.product,
    tags,
    summary: 'eSIM product detail (/esim/product-detail)',
    description: 'The package with its coverage (networks per country), technology, hotspot and the supported devices. 404 when not sold.',
    params: productParams,
    response: esimProductDetail,
    handler: ({ params, lang }) => catalogue.product(params.id, lang),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ESIM_API.orders,
    tags,
    summary: 'Check out the eSIM cart',
    description:
      'Charges the agency deposit once (one C entry for the whole cart), then orders the eSIMs from the partner. Idempotent: the same ' +
      'idempotencyKey and cart answers the order again with replayed true and charges nothing; the key with another cart is 409/49; a key ' +
      'being processed 409/49 reason inProgress. expectedTotal different from the current prices: 409/49 reason priceChanged (nothing ' +
      'charged). 409/70 when the deposit does not cover it. When the partner fails after the payment, a V entry gives it back, the order ' +
      `is FAILED and the answer is 502/80 with the partner’s message. Customer name, e-mail and phone (spec point 5) are checked: 400/41. ${PIN_NOTE}`,
    body: checkoutRequest,
    response: checkoutResult,
    handler: async ({ body, auth, lang, meta, request }) => {
      const ctx = requireAuth(auth);
      await authorizePaidCall(pinDeps, { ctx, lang, meta, request }, 'esim.checkout', body.idempotencyKey, body);
      return checkout(orders, { ctx, lang, meta }, body);
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ESIM_API.orders,
    tags,
    summary: 'eSIM orders (/esim/list-order)',
    description: `Newest first by default; status filter; q matches the order code, customer name, e-mail, phone or an ICCID. ${SCOPE_NOTE}`,
    query: ordersQuery,
    response: ordersPage,
    handler: ({ query, auth, lang }) => listOrders(orders, { ctx: requireAuth(auth), lang }, query),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ESIM_API.order,
    tags,
    summary: 'One eSIM order (/esim/list-order/{id})',
    description: `The order with its lines and, per eSIM, the ICCID, the LPA activation code, what was paid, top-ups and refund. ${SCOPE_NOTE}`,
    params: orderParams,
    response: esimOrder,
    handler: ({ params, auth, lang }) => getOrder(orders, { ctx: requireAuth(auth), lang }, params.id),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ESIM_API.usage,
    tags,
    summary: 'Live data usage of an eSIM',
    description: `Used and remaining MB (remaining null: unlimited), activation and expiry, and whether it can be refunded. 502/80 when the partner fails. ${SCOPE_NOTE}`,
    params: iccidParams,
    response: esimUsage,
    handler: ({ params, auth, lang }) => usage(orders, { ctx: requireAuth(auth), lang }, params.iccid),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ESIM_API.qr,
    tags,
    summary: 'The QR code of an eSIM (PNG)',
    description: `image/png of the LPA activation code, to scan from the phone’s eSIM settings. ${SCOPE_NOTE}`,
    params: iccidParams,
    response: z.string().describe('image/png'),
    handler: async ({ params, auth, reply }) => {
      const { esim } = await esimOf(orders, { ctx: requireAuth(auth), lang: 'vi' }, params.iccid);
      const png = await activationQrPng(esim.activationCode);
      reply.type('image/png').header('Cache-Control', 'private, no-store').header('Content-Disposition', `inline; filename="esim-${esim.iccid}.png"`);
      // a Buffer is sent as it is (Fastify serializes only objects)
      return png as unknown as string;
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ESIM_API.topUps,
    tags,
    summary: 'Top-ups that fit an eSIM',
    description: `Packages of the same coverage sold as top-ups, cheapest first; none for a refunded eSIM. ${SCOPE_NOTE}`,
    params: iccidParams,
    response: z.array(esimProduct),
    handler: ({ params, auth, lang }) => topUpOptions(orders, { ctx: requireAuth(auth), lang }, params.iccid),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ESIM_API.topUps,
    tags,
    summary: 'Top up an eSIM',
    description:
      'Charges the top-up’s agency price (one C entry on the order’s agency), then adds it at the partner; a partner failure gives the ' +
      'payment back (V entry, 502/80). The same idempotencyKey answers replayed true. 409/49 reason notTopUp (not one of its top-ups) or ' +
      `notTopUpable (expired or refunded). ${PIN_NOTE} ${SCOPE_NOTE}`,
    params: iccidParams,
    body: topUpRequest,
    response: esimMoneyResult,
    handler: async ({ params, body, auth, lang, meta, request }) => {
      const ctx = requireAuth(auth);
      await authorizePaidCall(pinDeps, { ctx, lang, meta, request }, 'esim.topUp', body.idempotencyKey, { iccid: params.iccid, ...body });
      return topUp(orders, { ctx, lang, meta }, params.iccid, body);
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ESIM_API.refund,
    tags,
    summary: 'Refund an unused eSIM',
    description:
      'Only an eSIM never activated with no data used: the partner takes it back and an R entry credits what was paid for it (package ' +
      'and top-ups) to the order’s agency deposit, once. 409/49 reason notUnused (activated, used or expired) or alreadyRefunded; the same ' +
      `idempotencyKey again answers replayed true. ${PIN_NOTE} ${SCOPE_NOTE}`,
    params: iccidParams,
    body: refundRequest,
    response: esimMoneyResult,
    handler: async ({ params, body, auth, lang, meta, request }) => {
      const ctx = requireAuth(auth);
      await authorizePaidCall(pinDeps, { ctx, lang, meta, request }, 'esim.refund', body.idempotencyKey, { iccid: params.iccid, ...body });
      return refund(orders, { ctx, lang, meta }, params.iccid, body);
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ESIM_API.resend,
    tags,
    summary: 'E-mail an eSIM’s installation details again',
    description: `Queues one message (outbox) with the steps, the activation code and the QR code inline, to the order’s customer or the given address. ${SCOPE_NOTE}`,
    params: iccidParams,
    body: resendRequest,
    response: z.object({ queued: z.number().int(), to: z.string() }),
    handler: async ({ params, body, auth, meta }) => {
      const ctx = requireAuth(auth);
      const { esim, order } = await esimOf(orders, { ctx, lang: body.lang }, params.iccid);
      const [agency] = await db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, order.agencyId));
      const to = body.email ?? order.customerEmail;
      await resendEsim(db, { userId: ctx.user.id, agencyId: ctx.agency.id, meta }, esim, order, agency?.name ?? '', to, body.lang);
      return { queued: 1, to };
    },
  });
}
