/**
 * Booking endpoints (docs/bookings.md):
 *
 *   POST /api/bookings       hold the offers chosen in the caller's search session → { id }
 *   GET  /api/bookings/:id   the Completed booking (the caller's booking scope, scope.ts; else 404)
 *
 * and the management endpoints of management-routes.ts (search, detail, reservation status, luggage options,
 * print and PDF, mail, ticket face).
 *
 * A background job expires holds past their time limit every minute (stopped when the app closes).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BOOKINGS_API, bookingCreated, completedBooking, createBookingRequest, type CreateBookingRequest } from '../../contract/bookings';
import type { FlightOffer } from '../../contract/flights';
import { ErrorCode } from '../../contract/errors';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { requireAuth } from '../platform/tenancy/scope';
import type { SearchSessions } from '../flights/service';
import { ApiError } from '../platform/http/errors';
import type { Clock } from '../platform/clock';
import type { Notifier } from '../platform/notifier';
import type { SupplierRegistry } from '../suppliers';
import { registerBookingManagementRoutes } from './management-routes';
import { DEFAULT_MAIL_POLICY, type MailPolicy } from './mail';
import { bookingView, createBooking, expireHolds, warnExpiringHolds, type HoldCaps } from './service';
import type { SeatPools } from './seat-pools';

export interface BookingDeps {
  sessions: SearchSessions;
  /** The gateway's suppliers (built once by buildApp). */
  suppliers: SupplierRegistry;
  notifier: Notifier;
  clock: Clock;
  /** ms between two runs of the hold expiry (default one minute; 0 for none). */
  expiryIntervalMs?: number;
  /** Who booking e-mails may go to and how many (default: the settings' defaults, nothing extra allowed). */
  mail?: MailPolicy;
  /** Open holds allowed per user and per agency (default: the settings' defaults). */
  holdCaps?: HoldCaps;
  /** Where pooled seats of expired holds go back (default: the live inventory only). */
  seatPools?: SeatPools;
}

/**
 * The offers a hold may take: those of the request's search session and, on a multi-city journey, of each leg's
 * own session (a selected entry's sessionId). Every session must be the caller's and alive, else 404.
 */
export async function offersOfSessions(sessions: SearchSessions, userId: number, body: Pick<CreateBookingRequest, 'sessionId' | 'selected'>): Promise<FlightOffer[]> {
  const ids = [...new Set([body.sessionId, ...body.selected.map((s) => s.sessionId ?? body.sessionId)])];
  // each session is looked up in the shared store (another instance may have run the search)
  const found = await Promise.all(ids.map((id) => sessions.find(id, userId)));
  return found.flatMap((session) => {
    if (!session) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'searchSession' });
    return session.offers;
  });
}

export function registerBookingRoutes(app: FastifyInstance, deps: AccessDeps, booking: BookingDeps): void {
  const { db } = deps;
  const { suppliers, notifier, clock } = booking;
  const tags = ['bookings'];

  const every = booking.expiryIntervalMs ?? 60_000;
  if (every > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      expireHolds(db, clock.now(), booking.seatPools)
        .then(async (n) => {
          if (n > 0) app.log.info({ expired: n }, 'holds expired');
          const warned = await warnExpiringHolds(db, notifier, clock.now());
          if (warned > 0) app.log.info({ warned }, 'expiring holds notified');
        })
        .catch((err: unknown) => app.log.error({ err }, 'hold expiry failed'))
        .finally(() => (running = false));
    }, every);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  defineEndpoint(app, deps, {
    method: 'POST',
    url: BOOKINGS_API.create,
    tags,
    summary: 'Hold a booking',
    description:
      'Holds the offers chosen (offer id + class per direction, or per leg of a multi-city journey, each leg naming its own search ' +
      'session) from the caller’s search sessions for the passengers given: one PNR per ' +
      'airline/source, each in one transaction with the seats it takes (never oversold). Passengers follow spec point 5 (titles by type, ' +
      'names letters and spaces, birthday dd/MM/yyyy and the age of the type at the travel date, infants attached to an adult). ' +
      'Passports are required on international journeys (the session’s requirePassport; valid 6 months after the last flight) and ' +
      'luggage is priced from the gateway’s own catalogue (the client names the option only). ' +
      '404 when the search session is gone; 400 (41) on invalid passengers (data.passengers, with passport problems) or luggage ' +
      '(data.luggage); 409 when no PNR could be held (data.message) or departure is too close.',
    body: createBookingRequest,
    response: bookingCreated,
    handler: async ({ body, auth, lang }) => {
      const ctx = requireAuth(auth);
      const offers = await offersOfSessions(booking.sessions, ctx.user.id, body);
      const id = await createBooking({ db, suppliers, now: () => clock.now(), holdCaps: booking.holdCaps }, ctx, offers, body, lang);
      return { id };
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: BOOKINGS_API.one,
    tags,
    summary: 'A booking (Completed booking)',
    description:
      'adt, chd, inf, customerInfo, listPNR (airline, pnr, timelimit, status, dep, ret, departDate, message), passengers, routes, totals and ' +
      'bookingFees. A hold within 30 minutes of its time limit shows TIME OUT COMMING. Bookings outside the caller’s booking scope ' +
      '(administrators: the agency and those below it; VOID_VIEW_TICKETS: the own agency; others: their own) are 404.',
    params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
    response: completedBooking,
    handler: async ({ params, auth }) => {
      const ctx = requireAuth(auth);
      const view = await bookingView(db, ctx, params.id);
      if (!view) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'booking' });
      return view;
    },
  });

  registerBookingManagementRoutes(app, deps, suppliers, booking.mail ?? DEFAULT_MAIL_POLICY);
}
