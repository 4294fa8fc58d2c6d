/**
 * Tours (/b2c/tours, /b2c/tour/{id}, /b2c/change-tour): a day-by-day itinerary, departures with seats and a
 * price per passenger type, images (the agency's own uploads), inclusions and exclusions, and a status.
 * Bodies are sanitised on every write and again on every read with the news HTML policy.
 */
import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tour, TourSummary, tourInput, tourQuery } from '../../contract/b2c';
import { ErrorCode } from '../../contract/errors';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { Conn, Db } from '../platform/db/client';
import { b2cDepartures, b2cTours } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import type { UserContext } from '../platform/tenancy/users';
import { sanitizeRichHtml } from '../platform/rich-text';
import { assertOwnImage, uploadUrl } from '../uploads/service';
import { containsPattern } from '../platform/db/like';

type TourRow = typeof b2cTours.$inferSelect;
type DepartureRow = typeof b2cDepartures.$inferSelect;

export function toDeparture(d: DepartureRow, markup = 0) {
  return {
    id: d.id,
    date: d.date,
    seatsTotal: d.seatsTotal,
    seatsTaken: d.seatsTaken,
    prices: { adult: d.priceAdult + markup, child: d.priceChild + (d.priceChild > 0 ? markup : 0), infant: d.priceInfant },
  };
}

export function toTour(r: TourRow, deps: DepartureRow[], today: string, markup = 0): Tour {
  const departures = deps.map((d) => toDeparture(d, markup));
  const future = departures.filter((d) => d.date >= today && d.seatsTaken < d.seatsTotal);
  return {
    id: r.id,
    agencyId: r.agencyId,
    title: r.title,
    summary: r.summary,
    destination: r.destination,
    days: r.days,
    bodyHtml: sanitizeRichHtml(r.bodyHtml),
    itinerary: r.itinerary.map((d) => ({ title: d.title, bodyHtml: sanitizeRichHtml(d.bodyHtml) })),
    inclusions: r.inclusions,
    exclusions: r.exclusions,
    imageUploadIds: r.imageUploadIds,
    imageUrls: r.imageUploadIds.map(uploadUrl),
    status: r.status as Tour['status'],
    departures,
    fromPrice: future.length ? Math.min(...future.map((d) => d.prices.adult)) : null,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function summaryOf(t: Tour): TourSummary {
  const { bodyHtml: _b, itinerary: _i, ...rest } = t;
  return rest;
}

async function departuresOf(conn: Conn, tourIds: number[]): Promise<Map<number, DepartureRow[]>> {
  const map = new Map<number, DepartureRow[]>();
  if (tourIds.length === 0) return map;
  const rows = await conn.select().from(b2cDepartures).where(inArray(b2cDepartures.tourId, tourIds)).orderBy(asc(b2cDepartures.date), asc(b2cDepartures.id));
  for (const d of rows) map.set(d.tourId, [...(map.get(d.tourId) ?? []), d]);
  return map;
}

/** Tours matching `where`, newest first, with their departures. */
export async function toursWhere(conn: Conn, where: SQL, today: string, markup = 0, limit = 100, offset = 0): Promise<Tour[]> {
  const rows = await conn.select().from(b2cTours).where(where).orderBy(desc(b2cTours.updatedAt), desc(b2cTours.id)).limit(limit).offset(offset);
  const deps = await departuresOf(conn, rows.map((r) => r.id));
  return rows.map((r) => toTour(r, deps.get(r.id) ?? [], today, markup));
}

export async function tourPage(conn: Conn, ctx: UserContext, q: z.output<typeof tourQuery>, today: string) {
  const filters: SQL[] = [eq(b2cTours.agencyId, ctx.agency.id)];
  if (q.status) filters.push(eq(b2cTours.status, q.status));
  if (q.q) {
    const like = containsPattern(q.q);
    filters.push(or(ilike(b2cTours.title, like), ilike(b2cTours.destination, like))!);
  }
  const where = and(...filters)!;
  const [total] = await conn.select({ n: count() }).from(b2cTours).where(where);
  const tours = await toursWhere(conn, where, today, 0, q.pageSize, (q.page - 1) * q.pageSize);
  return { data: tours.map(summaryOf), total: total?.n ?? 0 };
}

export async function ownTour(conn: Conn, ctx: UserContext, id: number, today: string): Promise<Tour> {
  const [t] = await toursWhere(conn, and(eq(b2cTours.id, id), eq(b2cTours.agencyId, ctx.agency.id))!, today);
  if (!t) throw new ApiError(ErrorCode.NOT_FOUND);
  return t;
}

type Input = z.output<typeof tourInput>;

function columns(input: Input) {
  return {
    title: input.title,
    summary: input.summary,
    destination: input.destination,
    days: input.days,
    bodyHtml: sanitizeRichHtml(input.bodyHtml),
    itinerary: input.itinerary.map((d) => ({ title: d.title, bodyHtml: sanitizeRichHtml(d.bodyHtml) })),
    inclusions: input.inclusions,
    exclusions: input.exclusions,
    imageUploadIds: [...new Set(input.imageUploadIds)],
    status: input.status,
  };
}

/**
 * Writes the departures of a tour: given ids are changed (never below the seats already taken), new ones
 * added, and those left out removed unless seats are taken on them.
 */
async function writeDepartures(tx: Conn, tourId: number, input: Input): Promise<void> {
  const existing = await tx.select().from(b2cDepartures).where(eq(b2cDepartures.tourId, tourId));
  const byId = new Map(existing.map((d) => [d.id, d]));
  const kept = input.departures.filter((d) => d.id !== undefined).map((d) => d.id!);
  for (const gone of existing.filter((d) => !kept.includes(d.id))) {
    if (gone.seatsTaken > 0) throw new ApiError(ErrorCode.CONFLICT, { reason: 'departureHasOrders', date: gone.date });
  }
  await tx.delete(b2cDepartures).where(and(eq(b2cDepartures.tourId, tourId), kept.length ? notInArray(b2cDepartures.id, kept) : undefined));
  for (const d of input.departures) {
    const values = { date: d.date, seatsTotal: d.seatsTotal, priceAdult: d.prices.adult, priceChild: d.prices.child, priceInfant: d.prices.infant };
    if (d.id !== undefined) {
      const before = byId.get(d.id);
      if (!before) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'departure' });
      if (d.seatsTotal < before.seatsTaken) throw new ApiError(ErrorCode.VALIDATION, { reason: 'seatsBelowTaken', date: d.date });
      await tx.update(b2cDepartures).set(values).where(eq(b2cDepartures.id, d.id));
    } else {
      await tx.insert(b2cDepartures).values({ tourId, ...values });
    }
  }
}

async function checkImages(tx: Conn, ctx: UserContext, ids: string[]): Promise<void> {
  for (const id of ids) await assertOwnImage(tx, ctx.agency.id, id);
}

export function createTour(db: Db, ctx: UserContext, input: Input, today: string, meta: RequestMeta): Promise<Tour> {
  return db.transaction(async (tx) => {
    await checkImages(tx, ctx, input.imageUploadIds);
    const [row] = await tx.insert(b2cTours).values({ agencyId: ctx.agency.id, ...columns(input) }).returning();
    await writeDepartures(tx, row.id, input);
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'b2c.tour.created', target: String(row.id), detail: { title: row.title, status: row.status } }, meta);
    return ownTour(tx, ctx, row.id, today);
  });
}

export function updateTour(db: Db, ctx: UserContext, id: number, input: Input, today: string, meta: RequestMeta): Promise<Tour> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ id: b2cTours.id }).from(b2cTours).where(and(eq(b2cTours.id, id), eq(b2cTours.agencyId, ctx.agency.id))).for('update');
    if (!before) throw new ApiError(ErrorCode.NOT_FOUND);
    await checkImages(tx, ctx, input.imageUploadIds);
    await tx.update(b2cTours).set({ ...columns(input), updatedAt: new Date() }).where(eq(b2cTours.id, id));
    await writeDepartures(tx, id, input);
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'b2c.tour.updated', target: String(id), detail: { title: input.title, status: input.status } }, meta);
    return ownTour(tx, ctx, id, today);
  });
}
