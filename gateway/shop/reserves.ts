/**
 * Shop reserves (contract/shop.ts): seat allotments on one flight and booking class of a carrier's channel.
 *
 * - Making one takes its seats from the flight's seat inventory (`takeSeats`, the bookings' own hold path) in
 *   the same transaction as the row: a search no longer offers those seats, a hold cannot take them.
 * - A sale is ONE conditional UPDATE (`sold + released + n <= quantity`, before the release date): concurrent
 *   sales of the last seat serialise on the row and exactly one wins; the check constraint backs it up.
 * - Releasing (by hand, or `releaseExpired` at the release date) moves unsold seats to `released` and gives them
 *   back to the inventory (`releaseSeats`) in one transaction.
 *
 * Scope: the caller reads the allotments of the agencies it manages (scopeOf); only its own agency's
 * allotments can be sold from or released. Outside the scope an allotment answers 404.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../contract/errors';
import { parseSort } from '../../contract/list';
import {
  remainingOf,
  reserveInputProblem,
  reserveStatus,
  saleProblem,
  releaseProblem,
  type ReserveDetail,
  type ReserveInput,
  type ReserveRow,
  type ReserveStatus,
  type SaleInput,
  type ShopFlight,
  type ShopSource,
} from '../../contract/shop';
import { departureInstant } from '../bookings/service';
import { releaseSeats, seatsTakenReader, takeSeats } from '../flights/service';
import type { Conn, Db } from '../platform/db/client';
import { agencies, shopReserveMoves, shopReserves, users } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { scopeOf } from '../platform/tenancy/scope';
import type { UserContext } from '../platform/tenancy/users';
import { seatKey, type SupplierRegistry } from '../suppliers';
import { containsPattern } from '../platform/db/like';

export interface ShopDeps {
  db: Db;
  suppliers: SupplierRegistry;
  now: () => Date;
}

type ReserveRecord = typeof shopReserves.$inferSelect;

const notFound = () => new ApiError(ErrorCode.NOT_FOUND, { reason: 'reserve' });

/** Direct flights of a carrier's channel on a route and day, with the seats each class has left now. */
export async function shopFlights(deps: ShopDeps, q: { source: ShopSource; from: string; to: string; departDate: string }): Promise<ShopFlight[]> {
  const offers = await deps.suppliers
    .flightQuotes(q.source)
    .search({ from: q.from, to: q.to, departDate: q.departDate, pax: { adt: 1, chd: 0, inf: 0 } }, { seatsTaken: seatsTakenReader(deps.db) });
  return offers
    .filter((o) => o.direction === 'depart' && o.routeInfo.length === 1)
    .map((o) => ({
      flightNo: o.routeInfo[0].flightNo,
      airline: o.airline,
      from: o.from,
      to: o.to,
      departDateTime: o.departDateTime,
      arrivalDateTime: o.arrivalDateTime,
      classes: o.priceInfo.map((p) => ({ class: p.class, cabinClass: p.fareInfo.cabinClass, fareFamily: p.fareInfo.fareFamily, seatAvailable: p.seatAvailable, fareADT: p.fareADT })),
    }));
}

/** Makes an allotment for the caller's agency: its seats leave the flight's inventory in the same transaction. */
export async function createReserve(deps: ShopDeps, ctx: UserContext, input: ReserveInput): Promise<{ id: number }> {
  const now = deps.now();
  // the class's seat count before the inventory (what takeSeats compares against), as bookings do
  const offers = await deps.suppliers
    .flightQuotes(input.source)
    .search({ from: input.from, to: input.to, departDate: input.departDate, pax: { adt: 1, chd: 0, inf: 0 } });
  const offer = offers.find((o) => o.direction === 'depart' && o.routeInfo.length === 1 && o.routeInfo[0].flightNo === input.flightNo);
  const price = offer?.priceInfo.find((p) => p.class === input.class);
  if (!offer || !price) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'flight' });
  const departAt = departureInstant(offer.from, offer.departDateTime.slice(0, 16));
  const problem = reserveInputProblem(input, departAt, now);
  if (problem) throw new ApiError(ErrorCode.VALIDATION, { reason: problem });
  const key = seatKey(input.flightNo, offer.departDateTime.slice(0, 10));
  return deps.db.transaction(async (tx) => {
    if (!(await takeSeats(tx, key, input.class, input.quantity, price.seatAvailable))) throw new ApiError(ErrorCode.CONFLICT, { reason: 'noSeats' });
    const [row] = await tx
      .insert(shopReserves)
      .values({
        agencyId: ctx.agency.id,
        createdBy: ctx.user.id,
        source: input.source,
        airline: offer.airline,
        flightNo: input.flightNo,
        fromCode: offer.from,
        toCode: offer.to,
        departDate: offer.departDateTime.slice(0, 10),
        departAt,
        seatKey: key,
        class: input.class,
        quantity: input.quantity,
        netPrice: input.netPrice,
        sellPrice: input.sellPrice,
        releaseAt: new Date(input.releaseAt),
        note: input.note || null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: shopReserves.id });
    await tx.insert(shopReserveMoves).values({ reserveId: row.id, kind: 'create', quantity: input.quantity, userId: ctx.user.id, createdAt: now });
    return { id: row.id };
  });
}

/**
 * Gives every unsold seat of the allotments past their release date back to the inventory (one transaction;
 * rows another instance is releasing are skipped). Answers how many allotments were released.
 */
export async function releaseExpired(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(shopReserves)
      .where(and(lte(shopReserves.releaseAt, now), sql`${shopReserves.sold} + ${shopReserves.released} < ${shopReserves.quantity}`))
      .for('update', { skipLocked: true });
    for (const r of due) {
      const n = remainingOf(r);
      await tx
        .update(shopReserves)
        .set({ released: r.released + n, updatedAt: now })
        .where(eq(shopReserves.id, r.id));
      await releaseSeats(tx, r.seatKey, r.class, n);
      await tx.insert(shopReserveMoves).values({ reserveId: r.id, kind: 'expire', quantity: n, createdAt: now });
    }
    return due.length;
  });
}

const STATUS_SQL: Record<ReserveStatus, (now: Date) => SQL> = {
  departed: (now) => lte(shopReserves.departAt, now),
  expired: (now) => and(gt(shopReserves.departAt, now), lte(shopReserves.releaseAt, now))!,
  soldOut: (now) => and(gt(shopReserves.releaseAt, now), gt(shopReserves.departAt, now), sql`${shopReserves.sold} + ${shopReserves.released} >= ${shopReserves.quantity}`)!,
  active: (now) => and(gt(shopReserves.releaseAt, now), gt(shopReserves.departAt, now), sql`${shopReserves.sold} + ${shopReserves.released} < ${shopReserves.quantity}`)!,
};

export interface ReserveFilters {
  page: number;
  pageSize: number;
  status?: ReserveStatus;
  airline?: string;
  q?: string;
  sort: string;
}

const REMAINING = sql<number>`(${shopReserves.quantity} - ${shopReserves.sold} - ${shopReserves.released})`;
const SORTS = { departAt: shopReserves.departAt, releaseAt: shopReserves.releaseAt, createdAt: shopReserves.createdAt, remaining: REMAINING } as const;

function toRow(r: ReserveRecord & { agencyCode: string; createdByName: string | null }, ctx: UserContext, now: Date): ReserveRow {
  return {
    id: r.id,
    agencyId: r.agencyId,
    agencyCode: r.agencyCode,
    source: r.source,
    airline: r.airline,
    flightNo: r.flightNo,
    from: r.fromCode,
    to: r.toCode,
    departDate: r.departDate,
    departAt: r.departAt.toISOString(),
    class: r.class,
    quantity: r.quantity,
    sold: r.sold,
    released: r.released,
    remaining: remainingOf(r),
    netPrice: r.netPrice,
    sellPrice: r.sellPrice,
    releaseAt: r.releaseAt.toISOString(),
    status: reserveStatus(r, now),
    note: r.note,
    createdBy: r.createdByName ?? '',
    createdAt: r.createdAt.toISOString(),
    mine: r.agencyId === ctx.agency.id,
  };
}

const rowColumns = { reserve: shopReserves, agencyCode: agencies.code, createdByName: users.fullName };

export async function listReserves(deps: ShopDeps, ctx: UserContext, f: ReserveFilters): Promise<{ data: ReserveRow[]; total: number }> {
  const now = deps.now();
  await releaseExpired(deps.db, now);
  const where: SQL[] = [inArray(shopReserves.agencyId, scopeOf(ctx))];
  if (f.status) where.push(STATUS_SQL[f.status](now));
  if (f.airline) where.push(eq(shopReserves.airline, f.airline));
  if (f.q) {
    const like = containsPattern(f.q);
    where.push(or(ilike(shopReserves.flightNo, like), ilike(sql`${shopReserves.fromCode} || '-' || ${shopReserves.toCode}`, like))!);
  }
  const cond = and(...where)!;
  const [{ total }] = await deps.db.select({ total: count() }).from(shopReserves).where(cond);
  const order = parseSort<keyof typeof SORTS>(f.sort).map((s) => (s.desc ? desc(SORTS[s.field]) : asc(SORTS[s.field])));
  const rows = await deps.db
    .select(rowColumns)
    .from(shopReserves)
    .innerJoin(agencies, eq(agencies.id, shopReserves.agencyId))
    .leftJoin(users, eq(users.id, shopReserves.createdBy))
    .where(cond)
    .orderBy(...order, asc(shopReserves.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return { data: rows.map((r) => toRow({ ...r.reserve, agencyCode: r.agencyCode, createdByName: r.createdByName }, ctx, now)), total };
}

async function reserveInScope(conn: Conn, ctx: UserContext, id: number) {
  const [r] = await conn
    .select(rowColumns)
    .from(shopReserves)
    .innerJoin(agencies, eq(agencies.id, shopReserves.agencyId))
    .leftJoin(users, eq(users.id, shopReserves.createdBy))
    .where(and(eq(shopReserves.id, id), inArray(shopReserves.agencyId, scopeOf(ctx))));
  if (!r) throw notFound();
  return { ...r.reserve, agencyCode: r.agencyCode, createdByName: r.createdByName };
}

export async function reserveDetail(deps: ShopDeps, ctx: UserContext, id: number): Promise<ReserveDetail> {
  const now = deps.now();
  await releaseExpired(deps.db, now);
  const r = await reserveInScope(deps.db, ctx, id);
  const moves = await deps.db
    .select({ move: shopReserveMoves, userName: users.fullName })
    .from(shopReserveMoves)
    .leftJoin(users, eq(users.id, shopReserveMoves.userId))
    .where(eq(shopReserveMoves.reserveId, id))
    .orderBy(desc(shopReserveMoves.id));
  return {
    ...toRow(r, ctx, now),
    moves: moves.map(({ move: m, userName }) => ({
      id: m.id,
      kind: m.kind as ReserveDetail['moves'][number]['kind'],
      quantity: m.quantity,
      amount: m.amount,
      customerName: m.customerName,
      passengers: m.passengers,
      userName: userName ?? '',
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/** The refusal of a write that changed no row: 404 outside the caller's own agency, else the rule's reason. */
async function refusal(conn: Conn, ctx: UserContext, id: number, reason: (r: ReserveRecord, now: Date) => string | null, now: Date): Promise<ApiError> {
  const [r] = await conn
    .select()
    .from(shopReserves)
    .where(and(eq(shopReserves.id, id), eq(shopReserves.agencyId, ctx.agency.id)));
  if (!r) return notFound();
  return new ApiError(ErrorCode.CONFLICT, { reason: reason(r, now) ?? 'notEnoughSeats', remaining: remainingOf(r) });
}

/** Sells seats of one of the caller's agency's allotments to named passengers. */
export async function sellFromReserve(deps: ShopDeps, ctx: UserContext, id: number, sale: SaleInput): Promise<{ moveId: number; remaining: number; amount: number }> {
  if (sale.passengers.length !== sale.quantity) throw new ApiError(ErrorCode.VALIDATION, { reason: 'passengerCount' });
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [r] = await tx
      .update(shopReserves)
      .set({ sold: sql`${shopReserves.sold} + ${sale.quantity}`, updatedAt: now })
      .where(
        and(
          eq(shopReserves.id, id),
          eq(shopReserves.agencyId, ctx.agency.id),
          gt(shopReserves.releaseAt, now),
          gt(shopReserves.departAt, now),
          sql`${shopReserves.sold} + ${shopReserves.released} + ${sale.quantity} <= ${shopReserves.quantity}`,
        ),
      )
      .returning();
    if (!r) throw await refusal(tx, ctx, id, (x, at) => saleProblem(x, { quantity: sale.quantity, passengers: sale.passengers.length }, at), now);
    const amount = sale.quantity * r.sellPrice;
    const passengers = sale.passengers.map((p) => ({ firstName: p.firstName.toUpperCase(), lastName: p.lastName.toUpperCase() }));
    const [move] = await tx
      .insert(shopReserveMoves)
      .values({ reserveId: id, kind: 'sale', quantity: sale.quantity, amount, customerName: sale.customerName, customerPhone: sale.customerPhone, passengers, userId: ctx.user.id, createdAt: now })
      .returning({ id: shopReserveMoves.id });
    return { moveId: move.id, remaining: remainingOf(r), amount };
  });
}

/** Gives unsold seats of one of the caller's agency's allotments back to the flight's inventory. */
export async function releaseFromReserve(deps: ShopDeps, ctx: UserContext, id: number, quantity: number): Promise<{ remaining: number }> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [r] = await tx
      .update(shopReserves)
      .set({ released: sql`${shopReserves.released} + ${quantity}`, updatedAt: now })
      .where(
        and(
          eq(shopReserves.id, id),
          eq(shopReserves.agencyId, ctx.agency.id),
          gt(shopReserves.releaseAt, now),
          gt(shopReserves.departAt, now),
          sql`${shopReserves.sold} + ${shopReserves.released} + ${quantity} <= ${shopReserves.quantity}`,
        ),
      )
      .returning();
    if (!r) throw await refusal(tx, ctx, id, (x, at) => releaseProblem(x, quantity, at), now);
    await releaseSeats(tx, r.seatKey, r.class, quantity);
    await tx.insert(shopReserveMoves).values({ reserveId: id, kind: 'release', quantity, userId: ctx.user.id, createdAt: now });
    return { remaining: remainingOf(r) };
  });
}
