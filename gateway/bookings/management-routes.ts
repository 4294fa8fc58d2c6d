/**
 * Booking management endpoints (docs/booking-management.md); every booking by id or PNR goes through the
 * booking scope (gateway/bookings/scope.ts): outside it the answer is 404.
 *
 *   GET  /api/bookings                    booking/search: filters, sorting and pages on the server
 *   GET  /api/bookings/:id/detail         booking-detail: the Booking (PNR) entities in full, actions, paid
 *   GET  /api/reservation-status?pnr=     /booking/reservation-status
 *   GET  /api/luggage-options             the luggage a passenger can buy on a route of a carrier
 *   GET  /api/bookings/:id/print          booking/print-ticket: printInfo
 *   GET  /api/bookings/:id/print.pdf      the same as a PDF
 *   POST /api/bookings/:id/mail           booking/mail: the itinerary through the outbox
 *   GET  /api/ticket-face                 public: the e-ticket by PNR and last name, throttled per address
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  BOOKINGS_API,
  bookingDetail as bookingDetailSchema,
  bookingList as bookingListSchema,
  bookingListQuery,
  luggageOption,
  luggageOptionsQuery,
  mailRequest,
  printInfo,
  printQuery,
  reservationStatus,
  reservationStatusQuery,
  ticketFace,
  ticketFaceQuery,
} from '../../contract/bookings';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { requireAuth } from '../platform/tenancy/scope';
import { uploads } from '../platform/db/schema';
import type { SupplierRegistry } from '../suppliers';
import { eq } from 'drizzle-orm';
import { permittedActions } from './actions';
import { bookingDetail, reservationStatusOf } from './detail';
import { bookingList } from './list';
import { mailBooking, type MailPolicy } from './mail';
import { printData } from './print';
import { renderTicketPdf } from './print-pdf';
import { countTicketFaceLookup, ticketFaceOf } from './ticket-face';


const idParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export function registerBookingManagementRoutes(app: FastifyInstance, deps: AccessDeps, suppliers: SupplierRegistry, mail: MailPolicy): void {
  const { db } = deps;
  const tags = ['bookings'];

  defineEndpoint(app, deps, {
    method: 'GET',
    url: BOOKINGS_API.list,
    tags,
    summary: 'Search bookings (booking/search)',
    description:
      'The bookings of the caller’s scope (administrators: the agency and those below it; VOID_VIEW_TICKETS: the own agency; others: ' +
      'their own), filtered by PNR (prefix), passenger name (any part, case and accents ignored), airline, booking status, record ' +
      'status, booked and flight date ranges (local days), agent and issue day, sorted by createdAt, departDate or total (`-` for ' +
      'descending) and paged (page, pageSize ≤ 100). `total` counts every match.',
    query: bookingListQuery,
    response: bookingListSchema,
    handler: async ({ query, auth }) => bookingList(db, requireAuth(auth), query),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: BOOKINGS_API.detail,
    tags,
    summary: 'A booking in full (booking-detail)',
    description:
      'Every field of the Booking (PNR) entity of spec point 3 for each PNR (routeInfos, paxInfos with ticket numbers and extraInfos, ' +
      'fareData, customerInfo), the actions the caller may take on it, the luggage bought and what the deposit has paid (C − V − R ' +
      'entries of its PNRs). Outside the caller’s booking scope: 404.',
    params: idParams,
    response: bookingDetailSchema,
    handler: async ({ params, auth }) => {
      const ctx = requireAuth(auth);
      return bookingDetail(db, ctx, params.id, await permittedActions(deps.enforcer, ctx.permissions));
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: BOOKINGS_API.reservationStatus,
    tags,
    summary: 'The status of a PNR (/booking/reservation-status)',
    description: 'A PNR of the caller’s booking scope: its record and booking status, time limit, itinerary and counts; any other code is 404.',
    query: reservationStatusQuery,
    response: reservationStatus,
    handler: async ({ query, auth }) => reservationStatusOf(db, requireAuth(auth), query.pnr),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: BOOKINGS_API.luggageOptions,
    tags,
    summary: 'Luggage options of a route',
    description:
      'Prepaid checked baggage the carrier sells on the route through its own channel (VN, VJ, QH, VU: 15 to 40 kg, domestic or ' +
      'international prices per passenger and direction); an empty list for other carriers (GDS fares carry their allowance).',
    query: luggageOptionsQuery,
    response: z.array(luggageOption),
    handler: async ({ query, lang }) => suppliers.luggageOptions(query.airline, query.from, query.to, lang),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: BOOKINGS_API.print,
    tags,
    summary: 'Print a ticket (booking/print-ticket)',
    description:
      'printInfo of one PNR (default the first held): the booking agency’s details (logo unless the caller holds HIDE_LOGO), the ' +
      'passengers and flights, the price as a total, in detail or none, and contentSms, the text to send the customer, in `lang`.',
    params: idParams,
    query: printQuery,
    response: printInfo,
    handler: async ({ params, query, auth, lang }) => (await printData(db, requireAuth(auth), params.id, query, lang)).info,
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: BOOKINGS_API.printPdf,
    tags,
    summary: 'Print a ticket as PDF',
    description: 'The printed ticket of one PNR as application/pdf (attachment named after the PNR); the same query as the print endpoint.',
    params: idParams,
    query: printQuery,
    response: z.string().describe('application/pdf'),
    handler: async ({ params, query, auth, lang, reply }) => {
      const data = await printData(db, requireAuth(auth), params.id, query, lang);
      let logo: Buffer | null = null;
      if (data.logoUploadId) {
        const [file] = await db.select({ data: uploads.data, contentType: uploads.contentType }).from(uploads).where(eq(uploads.id, data.logoUploadId));
        if (file && /^image\/(png|jpe?g)$/.test(file.contentType)) logo = file.data;
      }
      const pdf = await renderTicketPdf(data.info, { lang: data.lang, logo });
      reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="ticket-${data.info.pnrCode}.pdf"`)
        .header('Cache-Control', 'no-store');
      // a Buffer is sent as it is (Fastify serializes only objects)
      return pdf as unknown as string;
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: BOOKINGS_API.mail,
    tags,
    summary: 'E-mail the itinerary (booking/mail)',
    description:
      'Queues the itinerary of one PNR (or every held PNR) to up to 5 addresses, Vietnamese or English, with the price as a total, in ' +
      'detail or none, and an optional message; one outbox message per address (text and HTML). Invalid addresses: 400 (41). Audited.',
    params: idParams,
    body: mailRequest,
    response: z.object({ queued: z.number().int() }),
    handler: async ({ params, body, auth, meta }) => ({ queued: await mailBooking(db, requireAuth(auth), params.id, body, meta, mail) }),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: BOOKINGS_API.ticketFace,
    tags,
    summary: 'The e-ticket by PNR and last name (/ticket-face, public)',
    description:
      'No sign-in: the PNR and the last name of one of its passengers (case and accents ignored). No prices, no contact data. A PNR ' +
      'and name that do not match answer 404 whichever part is wrong. 20 lookups per 10 minutes per client address, then 429 with Retry-After.',
    query: ticketFaceQuery,
    response: ticketFace,
    handler: async ({ query, request }) => {
      await countTicketFaceLookup(db, request.ip);
      return ticketFaceOf(db, query.pnr, query.lastName);
    },
  });
}
