/**
 * The train seat inventory (docs in contract/trains.ts): search with the free seats of each carriage, the seat
 * map of a carriage, and the user's hold. A seat is held or sold in the database: one train_seats row per
 * seat of a run (primary key), inserted with ON CONFLICT DO NOTHING in seat-key order, so of two agents
 * racing for a seat exactly one gets it, on PGlite and on PostgreSQL. A held row past its held_until is free:
 * reads ignore it, a hold deletes it before taking the seat, and `sweepTrains` removes it for good.
 */
import { and, asc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Language } from '../../contract/constants';
import {
  parseTicketId,
  TRAIN_HOLD_SECONDS,
  TRAIN_MAX_SEATS,
  TRAIN_STATUS,
  type HeldSeat,
  type SeatsByCarriage,
  type Train,
  type TrainCarriage,
  type TrainHold,
  type TrainSearchRequest,
  type TrainSearchResult,
  type TrainSeat,
} from '../../contract/trains';
import type { TrainSeatClassFilter } from '../../contract/trains-rules';
import { addDays, isCalendarDate, localToUtc, todayInVietnam, VIETNAM_TIME_ZONE } from '../platform/clock';
import type { Conn, Db, Tx } from '../platform/db/client';
import { trainBookings, trainHolds, trainSeats, trainTickets } from '../platform/db/schema';
import type { UserContext } from '../platform/tenancy/users';
import { railStation, type RailRun, type RailSeat, type RailSupplier } from '../suppliers';
import { conflict, invalid } from './messages';

/** Instant of a Vietnam local yyyy-MM-ddTHH:mm. */
export function vietnamInstant(local: string): Date {
  const [date, time] = local.split('T');
  const [h, m] = time.split(':').map(Number);
  return new Date(localToUtc(date, h * 60 + m, VIETNAM_TIME_ZONE));
}

export const runKeyOf = (run: Pick<RailRun, 'trainNo' | 'runDate'>) => `${run.trainNo}_${run.runDate}`;
export const seatKeyOf = (run: Pick<RailRun, 'trainNo' | 'runDate'>, carriageNo: number, seatNo: number) => `${runKeyOf(run)}_${carriageNo}_${seatNo}`;
export const ticketIdOf = (run: Pick<RailRun, 'trainId'>, carriageNo: number, seatNo: number) => `${run.trainId}_${carriageNo}_${seatNo}`;

interface Taken {
  state: 'held' | 'sold';
  holdId: number | null;
}

/** Seats held (not expired) or sold through the gateway, per run key and `carriage_seat`. */
async function takenOf(conn: Conn, runKeys: readonly string[], now: Date): Promise<Map<string, Map<string, Taken>>> {
  const result = new Map<string, Map<string, Taken>>(runKeys.map((k) => [k, new Map()]));
  if (runKeys.length === 0) return result;
  const rows = await conn
    .select({ runKey: trainSeats.runKey, carriageNo: trainSeats.carriageNo, seatNo: trainSeats.seatNo, state: trainSeats.state, holdId: trainSeats.holdId })
    .from(trainSeats)
    .where(and(inArray(trainSeats.runKey, [...runKeys]), or(eq(trainSeats.state, 'sold'), gt(trainSeats.heldUntil, now))));
  for (const r of rows) result.get(r.runKey)?.set(`${r.carriageNo}_${r.seatNo}`, { state: r.state, holdId: r.holdId });
  return result;
}

const classMatches = (filter: TrainSeatClassFilter, seat: RailSeat) => filter === 'ALL' || seat.seatClass === filter;

function trainOf(rail: RailSupplier, run: RailRun, direction: 'depart' | 'return', taken: Map<string, Taken>, filter: TrainSeatClassFilter): Train {
  const carriages: TrainCarriage[] = [];
  for (const c of run.carriages) {
    const seats = rail.seats(run, c.carriageNo).filter((s) => classMatches(filter, s));
    if (seats.length === 0) continue;
    const free = seats.filter((s) => !s.soldElsewhere && !taken.has(`${c.carriageNo}_${s.seatNo}`));
    const prices = (free.length > 0 ? free : seats).map((s) => s.price);
    carriages.push({ carriageNo: c.carriageNo, type: c.type, layout: c.layout, seatClass: c.seatClass, capacity: seats.length, free: free.length, lowestPrice: Math.min(...prices) });
  }
  const withFree = carriages.filter((c) => c.free > 0);
  return {
    trainId: run.trainId,
    trainNo: run.trainNo,
    direction,
    from: run.from,
    to: run.to,
    departDateTime: run.departDateTime,
    arrivalDateTime: run.arrivalDateTime,
    timeRun: run.timeRun,
    seatAvailable: carriages.reduce((s, c) => s + c.free, 0),
    lowestPrice: Math.min(...(withFree.length > 0 ? withFree : carriages).map((c) => c.lowestPrice)),
    distanceKm: run.distanceKm,
    carriages,
  };
}

export interface InventoryDeps {
  db: Db;
  rail: RailSupplier;
  now: () => Date;
  /** A railway search still unanswered after this fails with TIMEOUT. */
  timeoutMs?: number;
}

/** Checks a search request against the stations and the Vietnam business day (400 with a reason). */
export function checkSearch(req: { from: string; to: string; departDate: string; returnDate?: string }, now: Date, lang: Language): void {
  if (!railStation(req.from)) throw invalid('unknownStation', lang, { path: 'from' });
  if (!railStation(req.to)) throw invalid('unknownStation', lang, { path: 'to' });
  if (req.from === req.to) throw invalid('sameStation', lang, { path: 'to' });
  if (!isCalendarDate(req.departDate)) throw invalid('badDate', lang, { path: 'departDate' });
  const today = todayInVietnam(now.getTime());
  if (req.departDate < today) throw invalid('pastDate', lang, { path: 'departDate', today });
  if (req.departDate > addDays(today, 365)) throw invalid('badDate', lang, { path: 'departDate' });
  if (req.returnDate !== undefined) {
    if (!isCalendarDate(req.returnDate) || req.returnDate > addDays(today, 365)) throw invalid('badDate', lang, { path: 'returnDate' });
    if (req.returnDate < req.departDate) throw invalid('returnBeforeDepart', lang, { path: 'returnDate' });
  }
}

/** The trains of each direction with their free seats (runs that already left are left out). */
export async function searchTrains(deps: InventoryDeps, body: TrainSearchRequest & { seatClass: TrainSeatClassFilter; passengers: number }, lang: Language): Promise<TrainSearchResult> {
  const now = deps.now();
  checkSearch(body, now, lang);
  const [departRuns, returnRuns] = await Promise.all([
    deps.rail.search({ from: body.from, to: body.to, date: body.departDate }, { timeoutMs: deps.timeoutMs }),
    body.returnDate ? deps.rail.search({ from: body.to, to: body.from, date: body.returnDate }, { timeoutMs: deps.timeoutMs }) : Promise.resolve([]),
  ]);
  const live = (runs: RailRun[]) => runs.filter((r) => vietnamInstant(r.departDateTime).getTime() > now.getTime());
  const d = live(departRuns);
  const r = live(returnRuns);
  const taken = await takenOf(deps.db, [...new Set([...d, ...r].map(runKeyOf))], now);
  const build = (runs: RailRun[], direction: 'depart' | 'return') =>
    runs
      .map((run) => trainOf(deps.rail, run, direction, taken.get(runKeyOf(run)) ?? new Map(), body.seatClass))
      .filter((t) => t.carriages.length > 0 && t.seatAvailable >= body.passengers);
  return { depart: build(d, 'depart'), return: build(r, 'return') };
}

/** The open hold of a user (not expired), or null. */
async function openHold(conn: Conn, userId: number, now: Date, lock = false) {
  const q = conn
    .select()
    .from(trainHolds)
    .where(and(eq(trainHolds.userId, userId), eq(trainHolds.status, 'open'), gt(trainHolds.expiresAt, now)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The seats of one carriage with their state for the caller. */
export async function seatMap(deps: InventoryDeps, ctx: UserContext, trainId: string, carriageNo: number, lang: Language): Promise<SeatsByCarriage> {
  const now = deps.now();
  const run = deps.rail.run(trainId);
  if (!run) throw invalid('unknownTrain', lang, { path: 'trainId' });
  const carriage = run.carriages.find((c) => c.carriageNo === carriageNo);
  if (!carriage) throw invalid('unknownSeat', lang, { path: 'carriageNo' });
  const [taken, hold] = await Promise.all([takenOf(deps.db, [runKeyOf(run)], now), openHold(deps.db, ctx.user.id, now)]);
  const mine = taken.get(runKeyOf(run)) ?? new Map<string, Taken>();
  const data: TrainSeat[] = deps.rail.seats(run, carriageNo).map((s) => {
    const t = mine.get(`${carriageNo}_${s.seatNo}`);
    const state: TrainSeat['state'] = s.soldElsewhere ? 'sold' : !t ? 'free' : t.state === 'sold' ? 'sold' : hold && t.holdId === hold.id ? 'mine' : 'held';
    return {
      ticketId: ticketIdOf(run, carriageNo, s.seatNo),
      seatNo: s.seatNo,
      seatType: s.seatType,
      seatClass: s.seatClass,
      ...(s.row !== undefined ? { row: s.row, column: s.column } : {}),
      ...(s.compartment !== undefined ? { compartment: s.compartment, level: s.level, side: s.side } : {}),
      price: s.price,
      state,
    };
  });
  return { trainId: run.trainId, carriageNo, type: carriage.type, layout: carriage.layout, data };
}

/** The held seat of a ticket id, checked against the timetable (400 unknown, 409 departed or sold elsewhere). */
export function describeSeat(rail: RailSupplier, ticketId: string, direction: 'depart' | 'return', now: Date, lang: Language): { run: RailRun; seat: HeldSeat } {
  const parsed = parseTicketId(ticketId);
  const run = parsed ? rail.run(parsed.trainId) : null;
  if (!parsed || !run) throw invalid('unknownTrain', lang, { ticketId });
  const carriage = run.carriages.find((c) => c.carriageNo === parsed.carriageNo);
  const s = carriage ? rail.seats(run, carriage.carriageNo).find((x) => x.seatNo === parsed.seatNo) : undefined;
  if (!carriage || !s) throw invalid('unknownSeat', lang, { ticketId });
  if (vietnamInstant(run.departDateTime).getTime() <= now.getTime()) throw conflict('departed', lang, { ticketId });
  if (s.soldElsewhere) throw conflict('seatTaken', lang, { ticketIds: [ticketId] });
  return {
    run,
    seat: {
      ticketId,
      trainId: run.trainId,
      trainNo: run.trainNo,
      direction,
      from: run.from,
      to: run.to,
      departDateTime: run.departDateTime,
      arrivalDateTime: run.arrivalDateTime,
      carriageNo: carriage.carriageNo,
      carriageType: carriage.type,
      seatNo: s.seatNo,
      seatType: s.seatType,
      seatClass: s.seatClass,
      ...(s.level ? { level: s.level } : {}),
      price: s.price,
    },
  };
}

/** Releases an open hold past its time (and its seats) so the user can start a new one. */
async function releaseStale(tx: Tx, userId: number, now: Date): Promise<void> {
  const stale = await tx
    .update(trainHolds)
    .set({ status: 'released' })
    .where(and(eq(trainHolds.userId, userId), eq(trainHolds.status, 'open'), lte(trainHolds.expiresAt, now)))
    .returning({ id: trainHolds.id });
  if (stale.length > 0) await tx.delete(trainSeats).where(and(inArray(trainSeats.holdId, stale.map((s) => s.id)), eq(trainSeats.state, 'held'), sql`${trainSeats.bookingId} is null`));
}

async function holdView(conn: Conn, hold: typeof trainHolds.$inferSelect): Promise<TrainHold> {
  const rows = await conn
    .select({ seat: trainSeats.seat })
    .from(trainSeats)
    .where(and(eq(trainSeats.holdId, hold.id), eq(trainSeats.state, 'held'), sql`${trainSeats.bookingId} is null`))
    .orderBy(asc(trainSeats.createdAt), asc(trainSeats.seatKey));
  return {
    holdId: hold.id,
    startTime: hold.startedAt.toISOString(),
    duration: Math.round((hold.expiresAt.getTime() - hold.startedAt.getTime()) / 1000),
    expiresAt: hold.expiresAt.toISOString(),
    seats: rows.map((r) => r.seat as HeldSeat),
  };
}

/** The caller's open hold with its seats, or null. */
export async function currentHold(db: Db, ctx: UserContext, now: Date): Promise<TrainHold | null> {
  const hold = await openHold(db, ctx.user.id, now);
  if (!hold) return null;
  const view = await holdView(db, hold);
  return view.seats.length > 0 ? view : null;
}

class SeatTaken extends Error {
  constructor(readonly ticketIds: string[]) {
    super('seat taken');
  }
}

/**
 * Adds and removes seats of the caller's hold in one transaction: the first seat starts the hold (startTime,
 * duration), later seats join it with its time limit. A seat someone else holds or bought refuses the whole
 * change (409 seatTaken with the ticket ids): nothing changes. A hold left without seats ends.
 */
export async function changeHold(deps: InventoryDeps, ctx: UserContext, change: { add: string[]; remove: string[] }, lang: Language): Promise<TrainHold | null> {
  const now = deps.now();
  const add = [...new Set(change.add)].filter((t) => !change.remove.includes(t));
  const remove = [...new Set(change.remove)];
  // the direction of a seat: the trains of the selection in order of departure are depart, then return
  const described = add.map((t) => describeSeat(deps.rail, t, 'depart', now, lang));
  try {
    return await deps.db.transaction(async (tx) => {
      await releaseStale(tx, ctx.user.id, now);
      let hold = await openHold(tx, ctx.user.id, now, true);
      if (!hold && add.length === 0) return null;
      if (!hold) {
        await tx
          .insert(trainHolds)
          .values({ userId: ctx.user.id, agencyId: ctx.agency.id, status: 'open', startedAt: now, expiresAt: new Date(now.getTime() + TRAIN_HOLD_SECONDS * 1000) })
          .onConflictDoNothing();
        hold = await openHold(tx, ctx.user.id, now, true);
        if (!hold) throw new SeatTaken([]);
      }
      if (remove.length > 0) {
        await tx.delete(trainSeats).where(and(eq(trainSeats.holdId, hold.id), inArray(trainSeats.ticketId, remove), eq(trainSeats.state, 'held'), sql`${trainSeats.bookingId} is null`));
      }
      const existing = await tx
        .select({ seat: trainSeats.seat, seatKey: trainSeats.seatKey, ticketId: trainSeats.ticketId })
        .from(trainSeats)
        .where(and(eq(trainSeats.holdId, hold.id), eq(trainSeats.state, 'held'), sql`${trainSeats.bookingId} is null`));
      // directions: the earliest train of the hold departs, a train going back the other way returns
      const all = [...existing.map((e) => e.seat as HeldSeat), ...described.map((d) => d.seat)];
      if (new Set(all.map((s) => s.ticketId)).size > TRAIN_MAX_SEATS) throw invalid('tooManySeats', lang, { max: TRAIN_MAX_SEATS });
      const first = [...all].sort((a, b) => a.departDateTime.localeCompare(b.departDateTime))[0];
      const directionOf = (s: HeldSeat): 'depart' | 'return' => (first && s.from === first.to && s.to === first.from && s.departDateTime > first.departDateTime ? 'return' : 'depart');
      const taken: string[] = [];
      const ordered = [...described].sort((a, b) => seatKeyOf(a.run, a.seat.carriageNo, a.seat.seatNo).localeCompare(seatKeyOf(b.run, b.seat.carriageNo, b.seat.seatNo)));
      for (const d of ordered) {
        const seatKey = seatKeyOf(d.run, d.seat.carriageNo, d.seat.seatNo);
        // a hold that ran out gives the seat back before anyone takes it again
        await tx.delete(trainSeats).where(and(eq(trainSeats.seatKey, seatKey), eq(trainSeats.state, 'held'), lte(trainSeats.heldUntil, now)));
        const inserted = await tx
          .insert(trainSeats)
          .values({
            seatKey,
            runKey: runKeyOf(d.run),
            carriageNo: d.seat.carriageNo,
            seatNo: d.seat.seatNo,
            ticketId: d.seat.ticketId,
            state: 'held',
            holdId: hold.id,
            userId: ctx.user.id,
            agencyId: ctx.agency.id,
            heldUntil: hold.expiresAt,
            seat: { ...d.seat, direction: directionOf(d.seat) },
          })
          .onConflictDoNothing()
          .returning({ seatKey: trainSeats.seatKey });
        if (inserted.length > 0) continue;
        const [other] = await tx.select({ holdId: trainSeats.holdId, bookingId: trainSeats.bookingId, ticketId: trainSeats.ticketId }).from(trainSeats).where(eq(trainSeats.seatKey, seatKey));
        if (!(other && other.holdId === hold.id && other.bookingId === null && other.ticketId === d.seat.ticketId)) taken.push(d.seat.ticketId);
      }
      if (taken.length > 0) throw new SeatTaken(taken);
      // directions of the seats already held may change when an earlier train joins
      for (const e of existing) {
        const s = e.seat as HeldSeat;
        const direction = directionOf(s);
        if (direction !== s.direction) await tx.update(trainSeats).set({ seat: { ...s, direction } }).where(eq(trainSeats.seatKey, e.seatKey));
      }
      const view = await holdView(tx, hold);
      if (view.seats.length === 0) {
        await tx.update(trainHolds).set({ status: 'released' }).where(eq(trainHolds.id, hold.id));
        return null;
      }
      return view;
    });
  } catch (err) {
    if (err instanceof SeatTaken) throw conflict('seatTaken', lang, { ticketIds: err.ticketIds });
    throw err;
  }
}

/** Releases the caller's open hold and its seats. */
export async function releaseHold(db: Db, ctx: UserContext): Promise<void> {
  await db.transaction(async (tx) => {
    const holds = await tx
      .update(trainHolds)
      .set({ status: 'released' })
      .where(and(eq(trainHolds.userId, ctx.user.id), eq(trainHolds.status, 'open')))
      .returning({ id: trainHolds.id });
    if (holds.length > 0) await tx.delete(trainSeats).where(and(inArray(trainSeats.holdId, holds.map((h) => h.id)), eq(trainSeats.state, 'held'), sql`${trainSeats.bookingId} is null`));
  });
}

/**
 * Gives back what ran out: held seats past held_until are deleted, open holds past their time are released,
 * unpaid bookings past expiresAt become EXPIRED (03) with their tickets CANCELLED. Answers how many
 * bookings expired. Safe to run at any time and concurrently (each step is one conditional statement).
 */
export async function sweepTrains(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(trainBookings)
      .set({ status: TRAIN_STATUS.EXPIRED, updatedAt: now })
      .where(and(eq(trainBookings.status, TRAIN_STATUS.HELD), lte(trainBookings.expiresAt, now)))
      .returning({ id: trainBookings.id });
    if (expired.length > 0) {
      const ids = expired.map((e) => e.id);
      await tx.update(trainTickets).set({ status: 'CANCELLED' }).where(and(inArray(trainTickets.bookingId, ids), eq(trainTickets.status, 'HELD')));
      await tx.delete(trainSeats).where(and(inArray(trainSeats.bookingId, ids), eq(trainSeats.state, 'held')));
    }
    await tx.update(trainHolds).set({ status: 'released' }).where(and(eq(trainHolds.status, 'open'), lte(trainHolds.expiresAt, now)));
    await tx.delete(trainSeats).where(and(eq(trainSeats.state, 'held'), lte(trainSeats.heldUntil, now)));
    return expired.length;
  });
}
