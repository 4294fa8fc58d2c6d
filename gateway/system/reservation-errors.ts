/**
 * The log of failed booking attempts (/system/log-reservation-error, open): what the supplier answered when
 * a booking failed. Every signed-in user reads the entries of its agency and the agencies below it.
 * `logReservationError` is what the booking flow calls (in its own transaction or the caller's).
 */
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMIN_API } from '../../contract/admin-paths';
import { reservationErrorPage, reservationErrorQuery, type ReservationErrorPage, type ReservationErrorQuery } from '../../contract/admin-system';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { requireAuth, subtreeOf } from '../platform/tenancy/scope';
import type { Conn } from '../platform/db/client';
import { agencies, reservationErrors, users } from '../platform/db/schema';
import { containsPattern } from '../platform/db/like';

export interface ReservationErrorInput {
  agencyId: number;
  userId: number | null;
  /** Sign-in source: VN, VJ, QH, VU, 1A, 1B, 1G, railway, esim ... */
  source: string;
  airline?: string | null;
  /** e.g. HAN-SGN 2026-12-01, or HAN-SGN-HAN for a round trip. */
  route?: string | null;
  errorCode?: string | null;
  errorMessage: string;
  /** A summary of the request (no passenger documents, no card data). */
  request?: Record<string, unknown> | null;
  at?: Date;
}

export async function logReservationError(conn: Conn, entry: ReservationErrorInput): Promise<number> {
  const [row] = await conn
    .insert(reservationErrors)
    .values({
      agencyId: entry.agencyId,
      userId: entry.userId,
      source: entry.source,
      airline: entry.airline ?? null,
      route: entry.route ?? null,
      errorCode: entry.errorCode ?? null,
      errorMessage: entry.errorMessage.slice(0, 2000),
      request: entry.request ?? null,
      ...(entry.at ? { at: entry.at } : {}),
    })
    .returning({ id: reservationErrors.id });
  return row.id;
}

/** yyyy-MM-dd alone is a whole day: `from` at its start, `to` up to the end of that day. */
function bound(value: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = new Date(`${value}T00:00:00.000Z`);
    return end ? new Date(d.getTime() + 86_400_000) : d;
  }
  return new Date(value);
}

export async function listReservationErrors(conn: Conn, agencyId: number, q: ReservationErrorQuery): Promise<ReservationErrorPage> {
  const filters: SQL[] = [inArray(reservationErrors.agencyId, subtreeOf(agencyId))];
  if (q.q) {
    const like = containsPattern(q.q);
    filters.push(
      or(
        ilike(reservationErrors.airline, like),
        ilike(reservationErrors.route, like),
        ilike(reservationErrors.source, like),
        ilike(reservationErrors.errorCode, like),
        ilike(reservationErrors.errorMessage, like),
        ilike(users.username, like),
      )!,
    );
  }
  if (q.source) filters.push(eq(reservationErrors.source, q.source));
  for (const [value, end] of [[q.from, false], [q.to, true]] as const) {
    if (!value) continue;
    const d = bound(value, end);
    if (Number.isNaN(d.getTime())) continue;
    filters.push(end ? lt(reservationErrors.at, d) : gte(reservationErrors.at, d));
  }
  const where = and(...filters);
  const [total] = await conn.select({ n: count() }).from(reservationErrors).leftJoin(users, eq(users.id, reservationErrors.userId)).where(where);
  const rows = await conn
    .select({ e: reservationErrors, username: users.username, agencyCode: agencies.code })
    .from(reservationErrors)
    .innerJoin(agencies, eq(agencies.id, reservationErrors.agencyId))
    .leftJoin(users, eq(users.id, reservationErrors.userId))
    .where(where)
    .orderBy(desc(reservationErrors.at), desc(reservationErrors.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    data: rows.map(({ e, username, agencyCode }) => ({
      id: e.id,
      at: e.at.toISOString(),
      agencyId: e.agencyId,
      agencyCode,
      userId: e.userId,
      username,
      source: e.source,
      airline: e.airline,
      route: e.route,
      errorCode: e.errorCode,
      errorMessage: e.errorMessage,
      request: e.request,
    })),
    total: total?.n ?? 0,
  };
}

export function registerReservationErrorRoutes(app: FastifyInstance, deps: AccessDeps): void {
  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.reservationErrors,
    tags: ['system'],
    summary: 'Failed booking attempts of the caller’s agency and those below it: search, date range, pages',
    description: '`from`/`to` are ISO dates (whole days) or date-times; `q` searches airline, route, source, error code and message and user name.',
    query: reservationErrorQuery,
    response: reservationErrorPage,
    handler: ({ auth, query }) => listReservationErrors(deps.db, requireAuth(auth).agency.id, query),
  });
}
