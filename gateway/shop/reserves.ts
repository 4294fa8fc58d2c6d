/**
 * Shop reserves (contract/shop.ts): seat allotments on one flight and booking class of a carrier's channel.
 *
 * - Making one takes its seats from the flight's seat inventory (`takeSeats`, the bookings' own hold path) in
 *   the same transaction as the row: a search no longer offers those seats, a hold cannot take them.
 * - A sale is ONE conditional UPDATE (`sold + released + n <= quantity`, before the release date): concurrent
 *   sales of the last seat serialise on the row and exactly one wins; the check constraint backs it up. In the
 *   same transaction the bookings module writes a booking and its PNR holding those seats from the allotment
 *   (`holdFromPool`); the PNR is then issued at once through the bookings' own issue (paid, idempotent by the
 *   sale's key). A void, cancel or refund of it gives the seats back to the allotment (`allotmentSeatReturn`,
 *   the seat pool the shop registers with bookings).
 * - Releasing (by hand, or `releaseExpired` at the release date) moves unsold seats to `released` and gives them
 *   back to the inventory (`releaseSeats`) in one transaction.
 * - Paying for the block: making one is buying it. The purchase's ONE C entry (net price × seats, keyed by the
 *   request's idempotency key) is written in the same transaction as `takeSeats` and the row, and the deposit's
 *   conditional UPDATE (`settleEntries`) is its last statement: a deposit that does not cover it (409/70) leaves
 *   no allotment and no seat taken. Unsold seats given back, by hand or at the release time, are credited at the
 *   net price (one R entry per move, keyed by the move); seats of a sale coming back move no net price
 *   (`releaseCredit` of contract/shop.ts).
 *
 * Scope: the caller reads the allotments of the agencies it manages (scopeOf); only its own agency's
 * allotments can be sold from or released. Outside the scope an allotment answers 404.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../contract/constants';
import { ErrorCode } from '../../contract/errors';
import { parseSort } from '../../contract/list';
import {
  releaseCredit,
  releaseCreditKey,
  releaseCreditReference,
  remainingOf,
  reserveBookingRef,
  reserveCharge,
  reserveChargeKey,
  reserveChargeReference,
  reserveInputProblem,
  reserveStatus,
  saleProblem,
  saleTimeLimit,
  seatReturnTarget,
  releaseProblem,
  type ReleaseDone,
  type ReserveCreated,
  type ReserveDetail,
  type ReserveInput,
  type ReserveRow,
  type ReserveStatus,
  type SaleDone,
  type SaleInput,
  type ShopFlight,
  type ShopSource,
} from '../../contract/shop';
import { departureInstant, holdFromPool, issueBooking, type Actor, type LifecycleDeps, type SeatPoolReturn } from '../bookings/service';
import { releaseSeats, seatsTakenReader, takeSeats } from '../flights/service';
import { isUniqueViolation, type Conn, type Db, type Tx } from '../platform/db/client';
import { agencies, journalEntries, shopReserveMoves, shopReserves, users } from '../platform/db/schema';
import type { RequestMeta } from '../platform/audit';
import { depositBalanceOf, settleEntries, writeEntry, type WrittenEntry } from '../platform/ledger';
import { ApiError } from '../platform/http/errors';
import { scopeOf } from '../platform/tenancy/scope';
import type { UserContext } from '../platform/tenancy/users';
import { seatKey, type SeatKey, type SupplierRegistry } from '../suppliers';
import type { FlightOffer } from '../../contract/flights';
import { containsPattern } from '../platform/db/like';

export interface ShopDeps {
  db: Db;
  suppliers: SupplierRegistry;
  now: () => Date;
  /** The bookings' lifecycle: a sale's PNR is issued (and paid) through it. */
  lifecycle: LifecycleDeps;
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

/** What a new allotment needs to know of its flight: the supplier's answer, checked against the rules. */
export interface ReservePlan {
  offer: FlightOffer;
  /** The class's seat count before the inventory (what takeSeats compares against), as bookings do. */
  capacity: number;
  departAt: Date;
  key: SeatKey;
}

/** Finds the flight and class of a new allotment and checks its rules (404 flight, 400 with the rule's reason). */
export async function planReserve(suppliers: SupplierRegistry, input: ReserveInput, now: Date): Promise<ReservePlan> {
  const offers = await suppliers.flightQuotes(input.source).search({ from: input.from, to: input.to, departDate: input.departDate, pax: { adt: 1, chd: 0, inf: 0 } });
  const offer = offers.find((o) => o.direction === 'depart' && o.routeInfo.length === 1 && o.routeInfo[0].flightNo === input.flightNo);
  const price = offer?.priceInfo.find((p) => p.class === input.class);
  if (!offer || !price) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'flight' });
  const departAt = departureInstant(offer.from, offer.departDateTime.slice(0, 16));
  const problem = reserveInputProblem(input, departAt, now);
  if (problem) throw new ApiError(ErrorCode.VALIDATION, { reason: problem });
  return { offer, capacity: price.seatAvailable, departAt, key: seatKey(input.flightNo, offer.departDateTime.slice(0, 10)) };
}

/** Who buys an allotment: its agency, the user (null for the demo seed) and the request. */
export interface ReserveBuyer {
  agencyId: number;
  userId: number | null;
  meta?: RequestMeta;
}

/**
 * Buys the allotment of an agency in the caller's transaction: its seats taken from the flight's inventory (409
 * noSeats), the row and its `create` move, and ONE C entry of net price × seats on the agency's deposit (key
 * `shop.reserve:<request key>`, booking reference `shop:<id>`); the deposit's conditional UPDATE is the last
 * statement, so a deposit that does not cover it throws 409/70 and the caller's transaction leaves nothing.
 * A block of net price 0 costs nothing and writes no entry.
 */
export async function insertReserve(tx: Tx, who: ReserveBuyer, input: ReserveInput, plan: ReservePlan, now: Date): Promise<ReserveCreated> {
  const { offer } = plan;
  if (!(await takeSeats(tx, plan.key, input.class, input.quantity, plan.capacity))) throw new ApiError(ErrorCode.CONFLICT, { reason: 'noSeats' });
  const [row] = await tx
    .insert(shopReserves)
    .values({
      agencyId: who.agencyId,
      createdBy: who.userId,
      source: input.source,
      airline: offer.airline,
      flightNo: input.flightNo,
      fromCode: offer.from,
      toCode: offer.to,
      departDate: offer.departDateTime.slice(0, 10),
      departAt: plan.departAt,
      seatKey: plan.key,
      class: input.class,
      quantity: input.quantity,
      netPrice: input.netPrice,
      sellPrice: input.sellPrice,
      releaseAt: new Date(input.releaseAt),
      note: input.note || null,
      idempotencyKey: input.idempotencyKey,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: shopReserves.id });
  const amount = reserveCharge(input);
  if (amount === 0) {
    await tx.insert(shopReserveMoves).values({ reserveId: row.id, kind: 'create', quantity: input.quantity, userId: who.userId, createdAt: now });
    return { id: row.id, amount: 0, balanceAfter: await depositBalanceOf(tx, who.agencyId), replayed: false };
  }
  const written = await writeEntry(tx, {
    type: 'C',
    agencyId: who.agencyId,
    amount,
    reference: reserveChargeReference(input, input.quantity),
    idempotencyKey: reserveChargeKey(input.idempotencyKey),
    bookingRef: reserveBookingRef(row.id),
    createdBy: who.userId,
    meta: who.meta,
  });
  // the ledger knows the key but no allotment has it: it was used for something else
  if (written.replayed) throw new ApiError(ErrorCode.CONFLICT, { reason: 'idempotencyKeyReused' });
  await tx.update(shopReserves).set({ chargeEntryId: written.id }).where(eq(shopReserves.id, row.id));
  await tx.insert(shopReserveMoves).values({ reserveId: row.id, kind: 'create', quantity: input.quantity, userId: who.userId, entryId: written.id, createdAt: now });
  const [posted] = await settleEntries(tx, [written]);
  return { id: row.id, amount, balanceAfter: posted.balanceAfter, replayed: false };
}

const RESERVE_KEY_REUSED = {
  vi: 'Mã yêu cầu này đã được dùng cho một chỗ giữ khác. Vui lòng tải lại trang rồi tạo lại.',
  en: 'This request key was already used for another allotment. Please reload the page and make it again.',
} as const;

const reserveOfKey = async (db: Db, key: string): Promise<ReserveRecord | undefined> => (await db.select().from(shopReserves).where(eq(shopReserves.idempotencyKey, key)))[0];

/** The allotment an earlier request with the key made, when it is the same one (else 409 idempotencyKeyReused). */
async function replayReserve(db: Db, ctx: UserContext, lang: Language, earlier: ReserveRecord, input: ReserveInput): Promise<ReserveCreated> {
  const same =
    earlier.agencyId === ctx.agency.id &&
    earlier.source === input.source &&
    earlier.fromCode === input.from &&
    earlier.toCode === input.to &&
    earlier.departDate === input.departDate &&
    earlier.flightNo === input.flightNo &&
    earlier.class === input.class &&
    earlier.quantity === input.quantity &&
    earlier.netPrice === input.netPrice &&
    earlier.sellPrice === input.sellPrice &&
    earlier.releaseAt.getTime() === Date.parse(input.releaseAt) &&
    (earlier.note ?? null) === (input.note || null);
  if (!same) throw new ApiError(ErrorCode.CONFLICT, { reason: 'idempotencyKeyReused', message: RESERVE_KEY_REUSED[lang] });
  const [entry] = earlier.chargeEntryId === null ? [] : await db.select({ amount: journalEntries.amount }).from(journalEntries).where(eq(journalEntries.id, earlier.chargeEntryId));
  return { id: earlier.id, amount: Number(entry?.amount ?? 0), balanceAfter: await depositBalanceOf(db, earlier.agencyId), replayed: true };
}

/**
 * Buys an allotment for the caller's agency: its seats leave the flight's inventory and the deposit pays net
 * price × seats, in one transaction. The same idempotency key answers the same allotment (`replayed`, nothing
 * charged), also when two requests with it race (the second loses the key's unique index, or finds the last seats
 * taken by the first, and answers the first).
 */
export async function createReserve(deps: ShopDeps, actor: { ctx: UserContext; lang: Language; meta?: RequestMeta }, input: ReserveInput): Promise<ReserveCreated> {
  const { ctx, lang } = actor;
  const earlier = await reserveOfKey(deps.db, input.idempotencyKey);
  if (earlier) return replayReserve(deps.db, ctx, lang, earlier, input);
  const now = deps.now();
  const plan = await planReserve(deps.suppliers, input, now);
  try {
    return await deps.db.transaction((tx) => insertReserve(tx, { agencyId: ctx.agency.id, userId: ctx.user.id, meta: actor.meta }, input, plan, now));
  } catch (err) {
    // a concurrent request with the key bought it first: it won the key's unique index, or the last seats
    const raced = isUniqueViolation(err) || (err instanceof ApiError && err.data?.reason === 'noSeats');
    if (!raced) throw err;
    const first = await reserveOfKey(deps.db, input.idempotencyKey);
    if (!first) throw err;
    return replayReserve(deps.db, ctx, lang, first, input);
  }
}

/**
 * The R entry crediting unsold seats given back (by hand or at the release time), keyed by its move so it is
 * written once; null when nothing is credited (`releaseCredit`). The caller updates the move and settles.
 */
async function creditRelease(tx: Tx, r: ReserveRecord, move: { id: number; kind: 'release' | 'expire'; quantity: number }, userId: number | null, meta?: RequestMeta): Promise<WrittenEntry | null> {
  const amount = releaseCredit({ netPrice: r.netPrice, charged: r.chargeEntryId !== null }, move.kind, move.quantity);
  if (amount === 0) return null;
  const written = await writeEntry(tx, {
    type: 'R',
    agencyId: r.agencyId,
    amount,
    reference: releaseCreditReference(r, move.quantity),
    idempotencyKey: releaseCreditKey(move.id),
    bookingRef: reserveBookingRef(r.id),
    createdBy: userId,
    meta,
  });
  await tx.update(shopReserveMoves).set({ entryId: written.id }).where(eq(shopReserveMoves.id, move.id));
  return written;
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
    const credits: WrittenEntry[] = [];
    for (const r of due) {
      const n = remainingOf(r);
      await tx
        .update(shopReserves)
        .set({ released: r.released + n, updatedAt: now })
        .where(eq(shopReserves.id, r.id));
      await releaseSeats(tx, r.seatKey, r.class, n);
      const [move] = await tx.insert(shopReserveMoves).values({ reserveId: r.id, kind: 'expire', quantity: n, createdAt: now }).returning({ id: shopReserveMoves.id });
      const credit = await creditRelease(tx, r, { id: move.id, kind: 'expire', quantity: n }, null);
      if (credit) credits.push(credit);
    }
    // the deposits' balances last (a credit is never refused)
    if (credits.length > 0) await settleEntries(tx, credits);
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
    charged: r.chargeEntryId !== null,
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
    .select({ move: shopReserveMoves, userName: users.fullName, entry: { id: journalEntries.id, type: journalEntries.type, amount: journalEntries.amount, reference: journalEntries.reference } })
    .from(shopReserveMoves)
    .leftJoin(users, eq(users.id, shopReserveMoves.userId))
    .leftJoin(journalEntries, eq(journalEntries.id, shopReserveMoves.entryId))
    .where(eq(shopReserveMoves.reserveId, id))
    .orderBy(desc(shopReserveMoves.id));
  return {
    ...toRow(r, ctx, now),
    moves: moves.map(({ move: m, userName, entry }) => ({
      id: m.id,
      kind: m.kind as ReserveDetail['moves'][number]['kind'],
      quantity: m.quantity,
      amount: m.amount,
      customerName: m.customerName,
      passengers: m.passengers,
      bookingId: m.bookingId,
      pnr: m.pnr,
      userName: userName ?? '',
      createdAt: m.createdAt.toISOString(),
      entry: entry && (entry.type === 'C' || entry.type === 'R') ? { id: entry.id, type: entry.type, amount: Number(entry.amount), reference: entry.reference } : null,
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

/** The seat pool of allotments (bookings' seat-pools.ts): a sold PNR's seats name it and come back here. */
export const ALLOTMENT_POOL = 'shop';

/**
 * Gives the seats of a voided, cancelled, refunded or expired sale back (inside the bookings' transaction): to the
 * allotment while it can still sell them (a `return` move), else to the flight's live inventory as a release
 * would (`expire`). An allotment that no longer exists leaves them to the live inventory.
 */
export function allotmentSeatReturn(now: () => Date): SeatPoolReturn {
  return async (tx, hold) => {
    const [r] = await tx.select().from(shopReserves).where(eq(shopReserves.id, hold.pool.id)).for('update');
    if (!r) return releaseSeats(tx, hold.key, hold.class, hold.n);
    const at = now();
    const n = Math.min(hold.n, r.sold);
    if (n < 1) return;
    if (seatReturnTarget(r, at) === 'allotment') {
      await tx
        .update(shopReserves)
        .set({ sold: r.sold - n, updatedAt: at })
        .where(eq(shopReserves.id, r.id));
      await tx.insert(shopReserveMoves).values({ reserveId: r.id, kind: 'return', quantity: n, createdAt: at });
      return;
    }
    await tx
      .update(shopReserves)
      .set({ sold: r.sold - n, released: r.released + n, updatedAt: at })
      .where(eq(shopReserves.id, r.id));
    await releaseSeats(tx, r.seatKey, r.class, n);
    // after the release the block's terms ended: the seat goes to the live inventory and is not credited
    // (releaseCredit(…, 'late', n) is 0); the customer's money is the void's, refund's or cancel's own entry
    await tx.insert(shopReserveMoves).values({ reserveId: r.id, kind: 'expire', quantity: n, createdAt: at });
  };
}

const SALE_KEY_REUSED = {
  vi: 'Mã yêu cầu này đã được dùng cho một lần bán khác. Vui lòng tải lại trang rồi bán lại.',
  en: 'This request key was already used for another sale. Please reload the page and sell again.',
} as const;

const HELD_AFTER_FAILURE = {
  vi: (pnr: string) => `Chỗ vẫn được giữ trong đặt chỗ ${pnr}: xuất vé lại từ chi tiết đặt chỗ, hoặc hủy để trả chỗ về lô chỗ giữ.`,
  en: (pnr: string) => `The seats stay held in booking ${pnr}: issue it again from the booking detail, or cancel it to give the seats back to the allotment.`,
} as const;

type MoveRecord = typeof shopReserveMoves.$inferSelect;

const saleOfKey = async (db: Db, key: string): Promise<MoveRecord | undefined> =>
  (await db.select().from(shopReserveMoves).where(eq(shopReserveMoves.idempotencyKey, key)))[0];

const upperNames = (ps: readonly { firstName: string; lastName: string }[]) => ps.map((p) => `${p.lastName.trim().toUpperCase()}/${p.firstName.trim().toUpperCase()}`).join(',');

/**
 * The sale of an earlier request with the key: the same allotment and passengers issue through the same key (the
 * booking's issue answers its stored result, replayed; after a failed issue it tries again); anything else is
 * 409 idempotencyKeyReused.
 */
async function replaySale(deps: ShopDeps, actor: Actor, id: number, earlier: MoveRecord, sale: SaleInput): Promise<SaleDone> {
  if (earlier.reserveId !== id || earlier.quantity !== sale.quantity || upperNames(earlier.passengers) !== upperNames(sale.passengers) || !earlier.bookingId || !earlier.pnr) {
    throw new ApiError(ErrorCode.CONFLICT, { reason: 'idempotencyKeyReused', message: SALE_KEY_REUSED[actor.lang] });
  }
  const issued = await issueAtOnce(deps, actor, earlier.bookingId, earlier.pnr, sale.idempotencyKey);
  const [r] = await deps.db.select().from(shopReserves).where(eq(shopReserves.id, id));
  return { moveId: earlier.id, remaining: remainingOf(r), amount: issued.amount, bookingId: earlier.bookingId, pnr: earlier.pnr, balanceAfter: issued.balanceAfter, replayed: issued.replayed };
}

/**
 * The booking's own issue (one C entry, idempotent by the sale's key, reversed when the supplier fails). When it
 * fails the PNR stays held from the allotment: the answer says so and names the booking.
 */
async function issueAtOnce(deps: ShopDeps, actor: Actor, bookingId: number, pnr: string, key: string) {
  try {
    return await issueBooking(deps.lifecycle, actor, bookingId, { idempotencyKey: key, pnrs: [pnr] });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const said = typeof err.data?.message === 'string' ? `${err.data.message} ` : '';
    throw new ApiError(err.code, { ...err.data, bookingId, pnr, message: `${said}${HELD_AFTER_FAILURE[actor.lang](pnr)}` });
  }
}

/**
 * Sells seats of one of the caller's agency's allotments: ONE conditional UPDATE takes them (never oversold), and
 * in the same transaction the bookings module writes the booking and its PNR with those seats (held from the
 * allotment, not from the live inventory); then the PNR is issued at once and paid as any issue.
 */
export async function sellFromReserve(deps: ShopDeps, actor: Actor, id: number, sale: SaleInput): Promise<SaleDone> {
  const { ctx } = actor;
  if (sale.passengers.length !== sale.quantity) throw new ApiError(ErrorCode.VALIDATION, { reason: 'passengerCount' });
  const earlier = await saleOfKey(deps.db, sale.idempotencyKey);
  if (earlier) return replaySale(deps, actor, id, earlier, sale);
  const now = deps.now();
  const [own] = await deps.db
    .select()
    .from(shopReserves)
    .where(and(eq(shopReserves.id, id), eq(shopReserves.agencyId, ctx.agency.id)));
  if (!own) throw notFound();
  // the flight as its channel answers it (deterministic quotes, before any transaction)
  const offers = await deps.suppliers.flightQuotes(own.source as ShopSource).search({ from: own.fromCode, to: own.toCode, departDate: own.departDate, pax: { adt: 1, chd: 0, inf: 0 } });
  const offer = offers.find((o) => o.direction === 'depart' && o.routeInfo.length === 1 && o.routeInfo[0].flightNo === own.flightNo);
  const quoted = offer?.priceInfo.find((p) => p.class === own.class);
  if (!offer || !quoted) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'flight' });
  // the ticket costs the allotment's selling price, all in
  const price = { ...quoted, fareADT: own.sellPrice, taxADT: 0, vatADT: 0, fareCHD: own.sellPrice, taxCHD: 0, vatCHD: 0, fareINF: 0, taxINF: 0, vatINF: 0 };
  const timeLimit = saleTimeLimit(deps.suppliers.flight(own.source as ShopSource).holdTimeLimit(now, own.departAt), own.releaseAt);
  let made: { moveId: number; remaining: number; bookingId: number; pnr: string };
  try {
    made = await deps.db.transaction(async (tx) => {
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
      const held = await holdFromPool(
        tx,
        ctx,
        {
          pool: { name: ALLOTMENT_POOL, id },
          offer,
          price,
          passengers: sale.passengers.map((p, i) => ({ paxId: i + 1, type: 'ADT', title: p.title, firstName: p.firstName, lastName: p.lastName, birthday: p.birthday })),
          contact: { name: sale.customerName, phone: sale.customerPhone, email: sale.customerEmail ?? '' },
          timeLimit,
        },
        now,
      );
      const passengers = sale.passengers.map((p) => ({ firstName: p.firstName.trim().toUpperCase(), lastName: p.lastName.trim().toUpperCase() }));
      const [move] = await tx
        .insert(shopReserveMoves)
        .values({
          reserveId: id,
          kind: 'sale',
          quantity: sale.quantity,
          amount: held.total,
          customerName: sale.customerName,
          customerPhone: sale.customerPhone,
          passengers,
          userId: ctx.user.id,
          bookingId: held.bookingId,
          pnr: held.pnr,
          idempotencyKey: sale.idempotencyKey,
          createdAt: now,
        })
        .returning({ id: shopReserveMoves.id });
      return { moveId: move.id, remaining: remainingOf(r), bookingId: held.bookingId, pnr: held.pnr };
    });
  } catch (err) {
    // a concurrent request with the key wrote its sale first: answer that one
    if (!isUniqueViolation(err)) throw err;
    const first = await saleOfKey(deps.db, sale.idempotencyKey);
    if (!first) throw err;
    return replaySale(deps, actor, id, first, sale);
  }
  const issued = await issueAtOnce(deps, actor, made.bookingId, made.pnr, sale.idempotencyKey);
  return { ...made, amount: issued.amount, balanceAfter: issued.balanceAfter, replayed: issued.replayed };
}

/** The caller's own agency's allotments with seats to sell on a route and day (the flight results mark them). */
export async function reservesOnSale(deps: ShopDeps, ctx: UserContext, q: { from: string; to: string; departDate: string }): Promise<ReserveRow[]> {
  const now = deps.now();
  await releaseExpired(deps.db, now);
  const rows = await deps.db
    .select(rowColumns)
    .from(shopReserves)
    .innerJoin(agencies, eq(agencies.id, shopReserves.agencyId))
    .leftJoin(users, eq(users.id, shopReserves.createdBy))
    .where(
      and(
        eq(shopReserves.agencyId, ctx.agency.id),
        eq(shopReserves.fromCode, q.from),
        eq(shopReserves.toCode, q.to),
        eq(shopReserves.departDate, q.departDate),
        STATUS_SQL.active(now),
      ),
    )
    .orderBy(asc(shopReserves.releaseAt), asc(shopReserves.id));
  return rows.map((r) => toRow({ ...r.reserve, agencyCode: r.agencyCode, createdByName: r.createdByName }, ctx, now));
}

/**
 * Gives unsold seats of one of the caller's agency's allotments back to the flight's inventory, and credits their
 * net price to the deposit (one R entry keyed by the move; nothing for an allotment never charged).
 */
export async function releaseFromReserve(deps: ShopDeps, actor: { ctx: UserContext; meta?: RequestMeta }, id: number, quantity: number): Promise<ReleaseDone> {
  const { ctx } = actor;
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
    const [move] = await tx.insert(shopReserveMoves).values({ reserveId: id, kind: 'release', quantity, userId: ctx.user.id, createdAt: now }).returning({ id: shopReserveMoves.id });
    const credit = await creditRelease(tx, r, { id: move.id, kind: 'release', quantity }, ctx.user.id, actor.meta);
    if (!credit) return { remaining: remainingOf(r), credited: 0, balanceAfter: await depositBalanceOf(tx, r.agencyId) };
    const [posted] = await settleEntries(tx, [credit]);
    return { remaining: remainingOf(r), credited: credit.amount, balanceAfter: posted.balanceAfter };
  });
}
