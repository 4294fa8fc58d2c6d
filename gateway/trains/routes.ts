/**
 * The train endpoints (contract/trains.ts TRAINS_API; rules in policies/endpoints.ts, all USE_TRAIN):
 * stations, search, seats by carriage, the hold, bookings, payment (PIN), cancel, refund (PIN), ticket PDF.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  holdChange,
  holdState,
  seatsByCarriage,
  seatsQuery,
  TRAINS_API,
  trainBooking,
  trainBookingList,
  trainBookingListQuery,
  trainBookingRequest,
  trainPayRequest,
  trainRefundQuote,
  trainRefundQuoteQuery,
  trainRefundRequest,
  trainRefundResult,
  trainSearchRequest,
  trainSearchResult,
  trainStation,
} from '../../contract/trains';
import { PIN_NOTE } from '../platform/access/pin';
import { authorizePaidCall } from '../platform/access/paid';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import type { Clock } from '../platform/clock';
import { requireAuth } from '../platform/tenancy/scope';
import { SupplierError, stationList, type RailSupplier } from '../suppliers';
import { ApiError } from '../platform/http/errors';
import { ErrorCode } from '../../contract/errors';
import { cancelBooking, createBooking, getBooking, listBookings, payBooking, refundQuote, refundTickets, type BookingDeps } from './bookings';
import { changeHold, currentHold, releaseHold, searchTrains, seatMap, sweepTrains } from './inventory';
import { renderTrainTicketsPdf } from './pdf';

export interface TrainRouteDeps {
  secret: string;
  rail: RailSupplier;
  clock: Clock;
  /** Answer timeout of a railway search, ms. */
  timeoutMs: number;
}

const idParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
const ERRORS = 'Errors carry data.reason and a localized data.message saying what to do next.';

export function registerTrainRoutes(app: FastifyInstance, deps: AccessDeps, options: TrainRouteDeps): void {
  const { db } = deps;
  const now = () => options.clock.now();
  const inventory = { db, rail: options.rail, now, timeoutMs: options.timeoutMs };
  const bookings: BookingDeps = { db, rail: options.rail, now };
  const pinDeps = { db, secret: options.secret, cipher: deps.cipher, now };
  const tags = ['trains'];
  const sweep = () => sweepTrains(db, now());

  // expired holds and unpaid bookings go back every minute too (reads also settle them lazily)
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep()
      .then((n) => {
        if (n > 0) app.log.info({ expired: n }, 'train bookings expired');
      })
      .catch((err: unknown) => app.log.error({ err }, 'train hold expiry failed'))
      .finally(() => (sweeping = false));
  }, 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  defineEndpoint(app, deps, {
    method: 'GET',
    url: TRAINS_API.stations,
    tags,
    summary: 'Railway stations',
    description: 'The stations with their names (diacritics), folded names for search, line and kilometre post.',
    response: z.array(trainStation),
    handler: async () => stationList(),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: TRAINS_API.search,
    tags,
    summary: 'Search trains (train/search)',
    description:
      'The trains of each direction with their free seats per carriage within the seat class, leaving out trains that already left and ' +
      `trains with fewer free seats than passengers. 400/41 reason unknownStation, sameStation, pastDate (before the Vietnam day), badDate, returnBeforeDepart. 502/80 when the railway fails. ${ERRORS}`,
    body: trainSearchRequest,
    response: trainSearchResult,
    handler: async ({ body, lang }) => {
      try {
        return await searchTrains(inventory, body, lang);
      } catch (err) {
        if (err instanceof SupplierError) throw new ApiError(ErrorCode.SUPPLIER_FAILED, { reason: 'searchFailed', message: err.localized(lang) });
        throw err;
      }
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: TRAINS_API.seats,
    tags,
    summary: 'Seats of a carriage',
    description: `The seats of one carriage as laid out (rows, or compartments by berth level), priced, with their state for the caller (free, held, sold, mine). ${ERRORS}`,
    query: seatsQuery,
    response: seatsByCarriage,
    handler: async ({ query, auth, lang }) => seatMap(inventory, requireAuth(auth), query.trainId, query.carriageNo, lang),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: TRAINS_API.hold,
    tags,
    summary: 'The caller’s hold',
    description: 'The open hold with its seats and countdown (startTime, duration, expiresAt), or hold null.',
    response: holdState,
    handler: async ({ auth }) => {
      await sweep();
      return { hold: await currentHold(db, requireAuth(auth), now()) };
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: TRAINS_API.hold,
    tags,
    summary: 'Add or remove seats of the hold',
    description:
      'The first seat added starts the hold (duration 900 s); later seats share its time limit. 409/49 reason seatTaken (data.ticketIds) when a seat is ' +
      `held by someone else or sold: nothing changes. 400/41 unknownTrain, unknownSeat, tooManySeats; 409/49 departed. Removing the last seat ends the hold. ${ERRORS}`,
    body: holdChange,
    response: holdState,
    handler: async ({ body, auth, lang }) => ({ hold: await changeHold(inventory, requireAuth(auth), body, lang) }),
  });

  defineEndpoint(app, deps, {
    method: 'DELETE',
    url: TRAINS_API.hold,
    tags,
    summary: 'Release the hold',
    description: 'Releases every seat of the caller’s open hold.',
    response: holdState,
    handler: async ({ auth }) => {
      await releaseHold(db, requireAuth(auth));
      return { hold: null };
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: TRAINS_API.bookings,
    tags,
    summary: 'Book the hold (booking/train/confirm-passenger-info)',
    description:
      'One passenger per held seat (paxType, fullName, idNumber, isService); the gateway prices each ticket (discount by passenger type, service, booking fee). ' +
      `Answers the booking, status 02, to be paid before expiresAt (the hold's). 409/49 noHold; 400/41 passengersMismatch, passengers (data.passengers), contact. ${ERRORS}`,
    body: trainBookingRequest,
    response: trainBooking,
    handler: async ({ body, auth, lang, meta }) => createBooking(bookings, { ctx: requireAuth(auth), lang, meta }, body),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: TRAINS_API.bookings,
    tags,
    summary: 'Train bookings (/train/status, train/issue)',
    description: 'The train bookings of the caller’s agencies, newest first by default; filters status (codes, comma-separated), q, from, to.',
    query: trainBookingListQuery,
    response: trainBookingList,
    handler: async ({ query, auth, lang }) => {
      await sweep();
      return listBookings(bookings, { ctx: requireAuth(auth), lang }, query);
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: TRAINS_API.booking,
    tags,
    summary: 'One train booking',
    description: '404/44 outside the caller’s agencies.',
    params: idParams,
    response: trainBooking,
    handler: async ({ params, auth, lang }) => getBooking(bookings, { ctx: requireAuth(auth), lang }, params.id),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: TRAINS_API.pay,
    tags,
    summary: 'Pay and issue (booking/train/complete)',
    description:
      'Charges the agency deposit the booking total (one C entry), then the railway issues the tickets (status 05, ticket numbers and QR payloads). Idempotent by ' +
      'idempotencyKey: the same key answers the paid booking and charges nothing. 409/70 when the deposit does not cover it; 409/49 holdExpired, alreadyPaid, ' +
      `notPayable; 502/80 when the railway fails after the charge: the charge is reversed (V entry) and the booking stays payable. ${PIN_NOTE} ${ERRORS}`,
    params: idParams,
    body: trainPayRequest,
    response: trainBooking,
    handler: async ({ params, body, auth, lang, meta, request }) => {
      const ctx = requireAuth(auth);
      await authorizePaidCall(pinDeps, { ctx, lang, meta, request }, 'trains.pay', body.idempotencyKey, { id: params.id, ...body });
      return payBooking(bookings, { ctx, lang, meta }, params.id, body.idempotencyKey);
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: TRAINS_API.cancel,
    tags,
    summary: 'Cancel an unpaid booking',
    description: `The booking becomes 01 (cancelled) and its seats return; nothing is charged. 409/49 notCancellable for a paid or expired booking. ${ERRORS}`,
    params: idParams,
    response: trainBooking,
    handler: async ({ params, auth, lang }) => cancelBooking(bookings, { ctx: requireAuth(auth), lang }, params.id),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: TRAINS_API.refund,
    tags,
    summary: 'Refund quote',
    description:
      'Per ticket: hours before departure, fee (10 % at 24 h or more, 20 % at 4–24 h, refused under 4 h; group bookings of 11 tickets or more 10 % at 72 h, 20 % at 24–72 h; ' +
      'at least 10,000 VND) and the refund, with the rule in plain words.',
    params: idParams,
    query: trainRefundQuoteQuery,
    response: trainRefundQuote,
    handler: async ({ params, query, auth, lang }) => {
      const ids = query.ticketIds ? query.ticketIds.split(',').map((s) => s.trim()).filter(Boolean) : null;
      return refundQuote(bookings, { ctx: requireAuth(auth), lang }, params.id, ids);
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: TRAINS_API.refund,
    tags,
    summary: 'Refund tickets',
    description:
      'Refunds issued tickets with the fee of the quote: the tickets become REFUNDED, their seats return, one R entry credits the deposit. Idempotent by key. ' +
      `409/49 notRefundable (data.lines explain each refused ticket); 502/80 when the railway fails (nothing changes). ${PIN_NOTE} ${ERRORS}`,
    params: idParams,
    body: trainRefundRequest,
    response: trainRefundResult,
    handler: async ({ params, body, auth, lang, meta, request }) => {
      const ctx = requireAuth(auth);
      await authorizePaidCall(pinDeps, { ctx, lang, meta, request }, 'trains.refund', body.idempotencyKey, { id: params.id, ...body });
      return refundTickets(bookings, { ctx, lang, meta }, params.id, body.ticketIds, body.idempotencyKey);
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: TRAINS_API.ticketsPdf,
    tags,
    summary: 'Tickets as PDF',
    description: 'The booking’s tickets (or the one of ticketId) with their QR codes, as application/pdf.',
    params: idParams,
    query: z.object({ ticketId: z.string().max(60).optional() }),
    response: z.string().describe('application/pdf'),
    handler: async ({ params, query, auth, lang, reply }) => {
      const booking = await getBooking(bookings, { ctx: requireAuth(auth), lang }, params.id);
      const tickets = booking.tickets.filter((t) => (query.ticketId ? t.ticketId === query.ticketId : t.status !== 'CANCELLED'));
      if (tickets.length === 0) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'ticket' });
      const pdf = await renderTrainTicketsPdf(booking, tickets, lang);
      reply.type('application/pdf').header('Content-Disposition', `attachment; filename="train-${booking.code}.pdf"`).header('Cache-Control', 'no-store');
      return pdf as unknown as string;
    },
  });
}
