/**
 * Flight search endpoints (any signed-in user):
 *
 *   POST /api/flights/search              start a search session (flightSearchRequest → searchStarted)
 *   GET  /api/flights/search/:sessionId   poll it (?since&waitMs → searchPollWire, the offers compact); another user's session is 404
 *   GET  /api/flights/airports            the places of the pickers (?q= code, city, name; no diacritics needed)
 *   GET  /api/flights/cheapest            lowest fare per day around a date (cheapest-booking summary)
 *
 * GET /api/flights/fare-rules (by airline, or by booking reference) is registered by the bookings module
 * (bookings/fare-rules.ts): answering by PNR needs the booking scope.
 *
 * Searches are reads: nothing is audit-logged; each search writes one structured log line with its timing
 * when its last task completes (msg "flight search").
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '../../contract/errors';
import {
  airport,
  cheapestBookingDay,
  cheapestQuery,
  flightSearchRequest,
  searchPollWire,
  searchPollQuery,
  searchStarted,
} from '../../contract/flights';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { todayInVietnam, type Clock } from '../platform/clock';
import { requireAuth } from '../platform/tenancy/scope';
import { resolveSigninSecret } from '../platform/db/secrets';
import { ApiError } from '../platform/http/errors';
import type { Settings } from '../settings';
import type { SupplierRegistry } from '../suppliers';
import { activeSignIns, signinKey } from '../system/service';
import { searchSeatDays, seatsReaderOf } from './inventory';
import { runTasks, type SearchSessions } from './search-sessions';
import { installSearchStartCache, searchStart } from './start-cache';
import {
  bookingFeesOf,
  cheapestDays,
  FLIGHTS_API,
  feeScopes,
  isInternationalJourney,
  searchAirports,
  supplierSearches,
  validateSearchRequest,
} from './service';

export interface FlightDeps {
  settings: Pick<Settings, 'SUPPLIER_TIMEOUT_MS' | 'SIGNIN_SECRET_KEY'>;
  /** The gateway's suppliers (built once by buildApp). */
  suppliers: SupplierRegistry;
  /** The search sessions of this process (bookings hold offers from them). */
  sessions: SearchSessions;
  /** The gateway's clock: "today" of the date checks. */
  clock: Clock;
}

export async function registerFlightRoutes(app: FastifyInstance, deps: AccessDeps, flight: FlightDeps): Promise<void> {
  const { db } = deps;
  const { settings, sessions, suppliers, clock } = flight;
  const today = () => todayInVietnam(clock.now().getTime());
  const key = signinKey(await resolveSigninSecret(db, settings.SIGNIN_SECRET_KEY));
  // gw-search4: on PGlite the start statement's answer kept until a table it reads changes (start-cache.ts)
  await installSearchStartCache(db);
  const tags = ['flights'];

  defineEndpoint(app, deps, {
    method: 'POST',
    url: FLIGHTS_API.search,
    tags,
    summary: 'Start a flight search',
    description:
      'Fans out to every active sign-in of the caller’s agency (its own, else its nearest ancestor’s), one task per sign-in in ' +
      'parallel, and answers at once with the tasks pending. Poll GET /api/flights/search/{sessionId} for the offers. ' +
      'RT: every source is asked for both directions (the GDSs answer combined `A:B` fares); MC: every leg. ' +
      'Offers keep the carrier’s fare/tax/VAT; the agency’s fees are in `bookingFees` (issueFee, of which serviceFee).',
    body: flightSearchRequest,
    response: searchStarted,
    handler: async ({ body, auth, lang, request }) => {
      const ctx = requireAuth(auth);
      const req = validateSearchRequest(body, lang, today());
      const searches = supplierSearches(req);
      // the seat counts of the whole search: the inventory of every flight departing on its days (and the day after)
      const days = searchSeatDays(searches.flatMap(({ search }) => [search.departDate, ...(search.returnDate ? [search.returnDate] : [])]));
      // the sign-ins, the agency's path, its fee lines and those seat counts: one query (on PGlite kept until they change)
      const { signIns, fees, seats: seatRows } = await searchStart(db, ctx.agency.id, days);
      const international = isInternationalJourney(req);
      const bookingFees = bookingFeesOf(fees, ctx.agency, feeScopes(suppliers, signIns.map((s) => s.source), req));
      const session = sessions.create({ userId: ctx.user.id, agencyId: ctx.agency.id }, signIns);
      let seats: ReturnType<typeof seatsReaderOf> | undefined;
      runTasks(session, (source) => suppliers.flight(source), searches, {
        timeoutMs: settings.SUPPLIER_TIMEOUT_MS,
        seatsTaken: () => (seats ??= seatsReaderOf(db, days, seatRows)),
        onUnexpected: (err, source) => request.log.error({ err, source, sessionId: session.id }, 'flight search task failed unexpectedly'),
      });
      const log = request.log;
      const route = req.legs.map((l) => `${l.from}-${l.to} ${l.departDate}`).join(', ') + (req.returnDate ? ` / ${req.returnDate}` : '');
      void session.whenFinished().then(() =>
        log.info({ flightSearch: { ...session.summary(), journeyType: req.journeyType, route, pax: `${req.adt}/${req.chd}/${req.inf}` } }, 'flight search'),
      );
      // with several instances (PostgreSQL) the answer waits for the session's first save (not the later ones the
      // arriving offers cause): the first poll may go to another instance, which reads it from the shared store.
      // If that save fails, no other instance could answer the polls: the search ends and the start says so.
      try {
        await session.stored;
      } catch (err) {
        sessions.discard(session);
        request.log.error({ err, sessionId: session.id }, 'a flight search session could not be saved');
        throw new ApiError(ErrorCode.INTERNAL);
      }
      return {
        sessionId: session.id,
        tasks: session.taskViews(lang),
        total: session.tasks.length,
        isInternational: international,
        requirePassport: international,
        bookingFees,
      };
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: FLIGHTS_API.poll,
    tags,
    summary: 'Poll a flight search',
    description:
      'Offers that arrived after `since` (the `cursor` of the previous poll), the tasks and the progress (completed of total). ' +
      'With `waitMs` the answer waits until a new offer arrives, every task is complete or the wait ends. ' +
      'Only the user who started the search can read it; any other session id is 404. ' +
      'The offers carry their fare classes as one table of columns (`fares`: the amounts in the offer\'s unit, the child ' +
      'and infant fares and the VAT as differences from the offer\'s rates; `WireFares` in contract/flights-poll.ts), ' +
      'their segments as values in order, the texts the classes share (fare family, basis, baggage) once in `fareTexts`; ' +
      '`expandSearchPoll` (contract/flights-poll.ts) gives the full offers, every amount exactly.',
    params: z.object({ sessionId: z.string().min(1).max(64) }),
    query: searchPollQuery,
    response: searchPollWire,
    // the offers come from the suppliers' generator, built and tested to the contract; checking them again on
    // every poll cost more than the search (bench:search-throughput)
    uncheckedResponse: true,
    handler: async ({ params, query, auth, lang, reply }) => {
      const ctx = requireAuth(auth);
      const session = await sessions.find(params.sessionId, ctx.user.id);
      if (!session) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'searchSession' });
      // The response closing before it was sent means the client went away: stop waiting for it.
      const gone = new AbortController();
      const onClose = () => gone.abort();
      reply.raw.once('close', onClose);
      try {
        const poll = await session.poll(query.since, query.waitMs, lang, gone.signal);
        // sent as written: about 300 KB of offers for a busy route, most of it from the suppliers' cached JSON
        reply.type('application/json; charset=utf-8');
        return session.pollBytes(poll) as never;
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: FLIGHTS_API.airports,
    tags,
    summary: 'Airports for the departure and arrival pickers',
    description: 'All airports without `q`; with `q`, those whose code, city or airport name (vi or en) contains it, case and diacritics ignored.',
    query: z.object({ q: z.string().max(60).optional() }),
    response: z.array(airport),
    handler: async ({ query }) => searchAirports(query.q),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: FLIGHTS_API.cheapest,
    tags,
    summary: 'Cheapest fare per day around a date',
    description:
      'For `days` days centred on `date` (past days left out): the lowest adult fare (before tax and VAT) of a class with seats, over the ' +
      'sources of the agency’s sign-ins; fareDisplay in thousands. Days without seats are left out.',
    query: cheapestQuery,
    response: z.array(cheapestBookingDay),
    handler: async ({ query, auth, lang }) => {
      const ctx = requireAuth(auth);
      const signIns = await activeSignIns(db, ctx.agency.id, key);
      return cheapestDays(db, suppliers, signIns.map((s) => s.source), query, lang, today());
    },
  });
}
