/**
 * Train bookings: booking the caller's hold (one passenger per seat, prices computed here with the shared
 * rules), paying from the deposit (one C entry per paid attempt, reversed by a V entry when the railway then
 * fails to issue), cancelling an unpaid booking, refunding issued tickets (R entry of price − fee), and the
 * views. Every booking is scoped to the caller's agencies (platform/tenancy): another agency's booking is 404.
 */
import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../contract/constants';
import { ErrorCode } from '../../contract/errors';
import { parseSort } from '../../contract/list';
import {
  foldName,
  hoursBefore,
  priceTrainBooking,
  refundFee,
  ticketQrPayload,
  TRAIN_BOOKING_FEE,
  TRAIN_GROUP_MIN_TICKETS,
  TRAIN_STATUS,
  trainContactProblems,
  trainPassengerProblems,
  trainStatusName,
  type HeldSeat,
  type TrainBooking,
  type TrainBookingRequest,
  type TrainBookingRow,
  type TrainPaxType,
  type TrainRefundQuote,
  type TrainRefundResult,
  type TrainServiceCode,
  type TrainStatus,
  type TrainTicket,
} from '../../contract/trains';
import { type RequestMeta } from '../platform/audit';
import { addDays, localToUtc, VIETNAM_TIME_ZONE } from '../platform/clock';
import type { Conn, Db } from '../platform/db/client';
import { agencies, trainBookings, trainHolds, trainRefunds, trainSeats, trainTickets, users } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { balanceOf, postEntry } from '../platform/ledger';
import { scopeOf } from '../platform/tenancy/scope';
import type { UserContext } from '../platform/tenancy/users';
import { SupplierError, type RailSupplier } from '../suppliers';
import { vietnamInstant } from './inventory';
import { conflict, invalid, notFound, trainMessage } from './messages';

export interface BookingDeps {
  db: Db;
  rail: RailSupplier;
  now: () => Date;
}

export interface Actor {
  ctx: UserContext;
  lang: Language;
  meta?: RequestMeta;
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

async function newCode(conn: Conn): Promise<string> {
  for (;;) {
    const code = `VR${Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;
    const [taken] = await conn.select({ id: trainBookings.id }).from(trainBookings).where(eq(trainBookings.code, code));
    if (!taken) return code;
  }
}

type BookingRow = typeof trainBookings.$inferSelect;
type TicketRow = typeof trainTickets.$inferSelect;

function ticketView(t: TicketRow): TrainTicket {
  return {
    ticketId: t.ticketId,
    ticketNumber: t.ticketNumber,
    qr: t.qr,
    status: t.status,
    seat: t.seat as HeldSeat,
    paxType: t.paxType as TrainPaxType,
    fullName: t.fullName,
    idNumber: t.idNumber,
    seatPrice: t.seatPrice,
    percent: t.percent,
    discount: t.discount,
    fare: t.fare,
    service: (t.service as TrainServiceCode | null) ?? null,
    servicePrice: t.servicePrice,
    bookingFee: t.bookingFee,
    total: t.total,
    refundFee: t.refundFee,
    refundAmount: t.refundAmount,
    refundedAt: t.refundedAt?.toISOString() ?? null,
  };
}

/** The booking of the caller's scope (404 outside it). */
async function scopedRow(conn: Conn, ctx: UserContext, id: number, lang: Language, lock = false): Promise<BookingRow> {
  const q = conn
    .select()
    .from(trainBookings)
    .where(and(eq(trainBookings.id, id), inArray(trainBookings.agencyId, scopeOf(ctx))));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(lang);
  return row;
}

async function view(conn: Conn, row: BookingRow): Promise<TrainBooking> {
  const [tickets, [agency], [user]] = await Promise.all([
    conn.select().from(trainTickets).where(eq(trainTickets.bookingId, row.id)).orderBy(asc(trainTickets.id)),
    conn.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, row.agencyId)),
    row.userId !== null ? conn.select({ username: users.username }).from(users).where(eq(users.id, row.userId)) : Promise.resolve([]),
  ]);
  const who = { agencyName: agency?.name ?? '', userName: user?.username ?? '' };
  const status = row.status as TrainStatus;
  return {
    id: row.id,
    code: row.code,
    status,
    statusName: trainStatusName(status),
    createdAt: row.createdAt.toISOString(),
    agencyId: row.agencyId,
    agencyName: who?.agencyName ?? '',
    userName: who?.userName ?? '',
    startTime: row.startedAt.toISOString(),
    duration: row.duration,
    expiresAt: row.expiresAt.toISOString(),
    contact: row.contact as TrainBooking['contact'],
    addService: row.addService as TrainBooking['addService'],
    tickets: tickets.map(ticketView),
    fare: row.fare,
    discount: row.discount,
    services: row.services,
    bookingFees: row.bookingFees,
    total: row.total,
    refunded: row.refunded,
    paidAt: row.paidAt?.toISOString() ?? null,
    message: row.message,
  };
}

/** Expires the booking lazily when its hold has run out unpaid (the sweep does the same for all). */
async function settleExpiry(db: Db, row: BookingRow, now: Date): Promise<BookingRow> {
  if (row.status !== TRAIN_STATUS.HELD || row.expiresAt.getTime() > now.getTime()) return row;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(trainBookings)
      .set({ status: TRAIN_STATUS.EXPIRED, updatedAt: now })
      .where(and(eq(trainBookings.id, row.id), eq(trainBookings.status, TRAIN_STATUS.HELD)))
      .returning();
    if (!updated) return (await tx.select().from(trainBookings).where(eq(trainBookings.id, row.id)))[0];
    await tx.update(trainTickets).set({ status: 'CANCELLED' }).where(and(eq(trainTickets.bookingId, row.id), eq(trainTickets.status, 'HELD')));
    await tx.delete(trainSeats).where(and(eq(trainSeats.bookingId, row.id), eq(trainSeats.state, 'held')));
    return updated;
  });
}

export async function getBooking(deps: BookingDeps, actor: Actor, id: number): Promise<TrainBooking> {
  const row = await settleExpiry(deps.db, await scopedRow(deps.db, actor.ctx, id, actor.lang), deps.now());
  return view(deps.db, row);
}

/** Books the caller's open hold: one passenger per held seat; answers the booking (02, waiting for payment). */
export async function createBooking(deps: BookingDeps, actor: Actor, body: Required<Pick<TrainBookingRequest, 'passengers' | 'contact'>> & { addService: TrainBookingRequest['addService'] }): Promise<TrainBooking> {
  const { ctx, lang } = actor;
  const now = deps.now();
  const passengers = body.passengers.map((p) => ({ ...p, fullName: p.fullName.trim().replace(/\s+/g, ' ').toUpperCase(), idNumber: (p.idNumber ?? '').trim().toUpperCase(), isService: p.isService ?? false }));
  const problems = passengers.map((p, i) => ({ index: i, ticketId: p.ticketId, problems: trainPassengerProblems(p) })).filter((p) => p.problems.length > 0);
  if (problems.length > 0) throw invalid('passengers', lang, { passengers: problems });
  const contactProblems = trainContactProblems(body.contact);
  if (contactProblems.length > 0) throw invalid('contact', lang, { contact: contactProblems });
  const addService = body.addService ?? {};
  const id = await deps.db.transaction(async (tx) => {
    const [hold] = await tx
      .select()
      .from(trainHolds)
      .where(and(eq(trainHolds.userId, ctx.user.id), eq(trainHolds.status, 'open'), sql`${trainHolds.expiresAt} > ${now.toISOString()}`))
      .for('update');
    if (!hold) throw conflict('noHold', lang);
    const seats = await tx
      .select({ seatKey: trainSeats.seatKey, seat: trainSeats.seat })
      .from(trainSeats)
      .where(and(eq(trainSeats.holdId, hold.id), eq(trainSeats.state, 'held'), sql`${trainSeats.bookingId} is null`));
    if (seats.length === 0) throw conflict('noHold', lang);
    const held = new Map(seats.map((s) => [(s.seat as HeldSeat).ticketId, s.seat as HeldSeat]));
    const given = passengers.map((p) => p.ticketId);
    if (given.length !== held.size || new Set(given).size !== given.length || given.some((t) => !held.has(t))) {
      throw invalid('passengersMismatch', lang, { held: [...held.keys()] });
    }
    const priced = priceTrainBooking(
      passengers.map((p) => {
        const seat = held.get(p.ticketId)!;
        const choice = addService[seat.direction];
        return { ticketId: p.ticketId, direction: seat.direction, seatPrice: seat.price, paxType: p.paxType, service: choice?.isAdd && p.isService ? choice.service : null };
      }),
      TRAIN_BOOKING_FEE,
    );
    const firstDeparture = [...held.values()].map((s) => s.departDateTime).sort()[0];
    const contact = { name: body.contact.name.trim(), phone: body.contact.phone.trim(), email: body.contact.email?.trim() ?? '' };
    const code = await newCode(tx);
    const [booking] = await tx
      .insert(trainBookings)
      .values({
        code,
        agencyId: ctx.agency.id,
        userId: ctx.user.id,
        holdId: hold.id,
        status: TRAIN_STATUS.HELD,
        startedAt: hold.startedAt,
        duration: Math.round((hold.expiresAt.getTime() - hold.startedAt.getTime()) / 1000),
        expiresAt: hold.expiresAt,
        contact,
        addService,
        fare: priced.fare,
        discount: priced.discount,
        services: priced.services,
        bookingFees: priced.bookingFees,
        total: priced.total,
        departAt: vietnamInstant(firstDeparture),
        searchText: foldName([code, contact.name, contact.phone, ...passengers.map((p) => p.fullName)].join(' ')),
      })
      .returning({ id: trainBookings.id });
    await tx.insert(trainTickets).values(
      passengers.map((p, i) => {
        const line = priced.lines[i];
        return {
          bookingId: booking.id,
          ticketId: p.ticketId,
          seat: held.get(p.ticketId)!,
          paxType: p.paxType,
          fullName: p.fullName,
          idNumber: p.idNumber,
          seatPrice: line.seatPrice,
          percent: line.percent,
          discount: line.discount,
          fare: line.fare,
          service: line.service > 0 ? (addService[held.get(p.ticketId)!.direction]?.service ?? null) : null,
          servicePrice: line.service,
          bookingFee: line.fee,
          total: line.total,
          status: 'HELD' as const,
        };
      }),
    );
    await tx.update(trainSeats).set({ bookingId: booking.id }).where(inArray(trainSeats.seatKey, seats.map((s) => s.seatKey)));
    await tx.update(trainHolds).set({ status: 'booked' }).where(eq(trainHolds.id, hold.id));
    return booking.id;
  });
  return getBooking(deps, actor, id);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Pays a booking from the deposit and has the railway issue its tickets. Idempotent by the client's key: the
 * same key again answers the paid booking and charges nothing; while the key is in progress the call waits
 * for it. A railway failure after the charge reverses it (V entry) and leaves the booking payable (502/80).
 */
export async function payBooking(deps: BookingDeps, actor: Actor, id: number, idempotencyKey: string): Promise<TrainBooking> {
  const { ctx, lang, meta } = actor;
  const key = `${id}:${idempotencyKey}`;
  for (let waited = 0; ; waited += 1) {
    const now = deps.now();
    const step = await deps.db.transaction(async (tx) => {
      const row = await scopedRow(tx, ctx, id, lang, true);
      if (row.status === TRAIN_STATUS.PAYING) return { wait: row.payKey === key } as const;
      if ([TRAIN_STATUS.COMPLETED, TRAIN_STATUS.PARTLY_REFUNDED, TRAIN_STATUS.REFUNDED].includes(row.status as never)) {
        if (row.payKey === key) return { done: true } as const;
        throw conflict('alreadyPaid', lang);
      }
      if (row.status === TRAIN_STATUS.HELD && row.expiresAt.getTime() <= now.getTime()) return { expired: true } as const;
      if (row.status !== TRAIN_STATUS.HELD) throw conflict('notPayable', lang, { status: row.status });
      const attempt = row.payAttempts + 1;
      const entry = await postEntry(tx, {
        type: 'C',
        agencyId: row.agencyId,
        amount: row.total,
        reference: `Train ${row.code}`,
        idempotencyKey: `train-pay:${row.id}:${attempt}`,
        bookingRef: row.code,
        createdBy: ctx.user.id,
        meta,
      });
      await tx.update(trainSeats).set({ state: 'sold', heldUntil: null }).where(eq(trainSeats.bookingId, row.id));
      await tx.update(trainBookings).set({ status: TRAIN_STATUS.PAYING, payKey: key, payAttempts: attempt, entryId: entry.id, updatedAt: now }).where(eq(trainBookings.id, row.id));
      const tickets = await tx.select().from(trainTickets).where(eq(trainTickets.bookingId, row.id)).orderBy(asc(trainTickets.id));
      return { charge: { row, attempt, tickets } } as const;
    });
    if ('done' in step) return getBooking(deps, actor, id);
    if ('expired' in step) {
      await getBooking(deps, actor, id);
      throw conflict('holdExpired', lang);
    }
    if ('wait' in step) {
      if (!step.wait) throw conflict('payInProgress', lang);
      if (waited > 600) throw conflict('payInProgress', lang);
      await sleep(50);
      continue;
    }
    const { row, attempt, tickets } = step.charge;
    try {
      const issued = await deps.rail.issue({
        bookingCode: row.code,
        idempotencyKey: `${row.code}:${attempt}`,
        tickets: tickets.map((t) => ({ ticketId: t.ticketId, paxType: t.paxType as TrainPaxType, fullName: t.fullName, idNumber: t.idNumber })),
      });
      const numbers = new Map(issued.tickets.map((t) => [t.ticketId, t.ticketNumber]));
      await deps.db.transaction(async (tx) => {
        for (const t of tickets) {
          const seat = t.seat as HeldSeat;
          const ticketNumber = numbers.get(t.ticketId) ?? null;
          const qr = ticketNumber ? ticketQrPayload({ ticketNumber, trainNo: seat.trainNo, departDateTime: seat.departDateTime, from: seat.from, to: seat.to, carriageNo: seat.carriageNo, seatNo: seat.seatNo, fullName: t.fullName }) : null;
          await tx.update(trainTickets).set({ status: 'ISSUED', ticketNumber, qr }).where(eq(trainTickets.id, t.id));
        }
        const text = foldName([row.searchText, ...numbers.values()].join(' '));
        await tx.update(trainBookings).set({ status: TRAIN_STATUS.COMPLETED, paidAt: deps.now(), message: null, searchText: text, updatedAt: deps.now() }).where(eq(trainBookings.id, row.id));
      });
      return getBooking(deps, actor, id);
    } catch (err) {
      const error = err instanceof SupplierError ? err : new SupplierError('UNAVAILABLE');
      const message = error.localized(lang);
      await deps.db.transaction(async (tx) => {
        await postEntry(tx, {
          type: 'V',
          agencyId: row.agencyId,
          amount: row.total,
          reference: `Train ${row.code} reversed`,
          idempotencyKey: `train-pay-reverse:${row.id}:${attempt}`,
          bookingRef: row.code,
          createdBy: ctx.user.id,
          meta,
        });
        await tx.update(trainSeats).set({ state: 'held', heldUntil: row.expiresAt }).where(eq(trainSeats.bookingId, row.id));
        await tx.update(trainBookings).set({ status: TRAIN_STATUS.HELD, payKey: null, entryId: null, message, updatedAt: deps.now() }).where(eq(trainBookings.id, row.id));
      });
      throw new ApiError(ErrorCode.SUPPLIER_FAILED, { reason: 'issueFailed', message, reversed: true });
    }
  }
}

/** Cancels an unpaid booking: its seats return, nothing is charged (01). */
export async function cancelBooking(deps: BookingDeps, actor: Actor, id: number): Promise<TrainBooking> {
  const { ctx, lang } = actor;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const row = await scopedRow(tx, ctx, id, lang, true);
    if (row.status !== TRAIN_STATUS.HELD || row.expiresAt.getTime() <= now.getTime()) throw conflict('notCancellable', lang, { status: row.status });
    await tx.update(trainBookings).set({ status: TRAIN_STATUS.CANCELLED, updatedAt: now }).where(eq(trainBookings.id, id));
    await tx.update(trainTickets).set({ status: 'CANCELLED' }).where(eq(trainTickets.bookingId, id));
    await tx.delete(trainSeats).where(eq(trainSeats.bookingId, id));
  });
  return getBooking(deps, actor, id);
}

// ----- Refunds ---------------------------------------------------------------------------------------------

function explain(line: { allowed: boolean; reason: string | null; percent: number; fee: number; refund: number; hoursBefore: number }, lang: Language): string {
  const money = (v: number) => `${new Intl.NumberFormat(lang === 'vi' ? 'vi-VN' : 'en-US').format(v)} VND`;
  const h = Math.floor(line.hoursBefore);
  if (line.reason === 'notIssued') return lang === 'vi' ? 'Vé chưa xuất hoặc đã trả, không thể trả vé.' : 'The ticket is not issued or already refunded; it cannot be refunded.';
  if (line.reason === 'departed') return lang === 'vi' ? 'Tàu đã chạy, không thể trả vé.' : 'The train has left; the ticket cannot be refunded.';
  if (!line.allowed) return lang === 'vi' ? `Còn ${h} giờ trước giờ tàu chạy: quá hạn trả vé, không thể trả.` : `${h} hours before departure: past the refund deadline, the ticket cannot be refunded.`;
  return lang === 'vi'
    ? `Còn ${h} giờ trước giờ tàu chạy: phí trả vé ${line.percent} % là ${money(line.fee)}, hoàn lại ${money(line.refund)} vào tiền ký quỹ.`
    : `${h} hours before departure: a ${line.percent} % refund fee of ${money(line.fee)}; ${money(line.refund)} goes back to the deposit.`;
}

async function quoteOf(conn: Conn, deps: BookingDeps, row: BookingRow, ticketIds: string[] | null, lang: Language): Promise<TrainRefundQuote> {
  const now = deps.now();
  const tickets = await conn.select().from(trainTickets).where(eq(trainTickets.bookingId, row.id)).orderBy(asc(trainTickets.id));
  const live = tickets.filter((t) => t.status === 'HELD' || t.status === 'ISSUED' || t.status === 'REFUNDED');
  const group = live.length >= TRAIN_GROUP_MIN_TICKETS;
  let chosen = tickets.filter((t) => t.status === 'ISSUED');
  if (ticketIds) {
    const unknown = ticketIds.filter((id) => !tickets.some((t) => t.ticketId === id));
    if (unknown.length > 0) throw invalid('unknownTicket', lang, { ticketIds: unknown });
    chosen = tickets.filter((t) => ticketIds.includes(t.ticketId));
  }
  const lines = chosen.map((t) => {
    const seat = t.seat as HeldSeat;
    const price = t.fare + t.servicePrice;
    const hours = hoursBefore(vietnamInstant(seat.departDateTime), now);
    const answer = t.status === 'ISSUED' ? refundFee(price, hours, group) : null;
    const base = {
      ticketId: t.ticketId,
      ticketNumber: t.ticketNumber,
      fullName: t.fullName,
      price,
      hoursBefore: Math.round(hours * 100) / 100,
      allowed: answer?.allowed ?? false,
      reason: answer === null ? ('notIssued' as const) : answer.allowed ? null : answer.reason,
      percent: answer?.percent ?? 0,
      fee: answer?.fee ?? 0,
      refund: answer?.refund ?? 0,
    };
    return { ...base, explanation: explain(base, lang) };
  });
  const allowed = lines.filter((l) => l.allowed);
  return {
    bookingId: row.id,
    group,
    lines,
    fee: allowed.reduce((s, l) => s + l.fee, 0),
    refund: allowed.reduce((s, l) => s + l.refund, 0),
    rules: deps.rail.refundRules(lang),
  };
}

export async function refundQuote(deps: BookingDeps, actor: Actor, id: number, ticketIds: string[] | null): Promise<TrainRefundQuote> {
  const row = await scopedRow(deps.db, actor.ctx, id, actor.lang);
  return quoteOf(deps.db, deps, row, ticketIds, actor.lang);
}

/**
 * Refunds issued tickets: the railway first (a failure changes nothing: 502/80), then in one transaction the
 * tickets REFUNDED, their seats back on sale, one R entry of the refunds credited to the deposit. Idempotent
 * by key: the same key answers the first result with replayed true.
 */
export async function refundTickets(deps: BookingDeps, actor: Actor, id: number, ticketIds: string[], idempotencyKey: string): Promise<TrainRefundResult> {
  const { ctx, lang, meta } = actor;
  const refundKey = `${id}:${idempotencyKey}`;
  const replay = async (): Promise<TrainRefundResult | null> => {
    const [done] = await deps.db.select().from(trainRefunds).where(eq(trainRefunds.idempotencyKey, refundKey));
    if (!done) return null;
    if (done.bookingId !== id || [...done.ticketIds].sort().join() !== [...new Set(ticketIds)].sort().join()) throw conflict('notRefundable', lang, { reason2: 'keyReused' });
    const row = await scopedRow(deps.db, ctx, id, lang);
    return { booking: await view(deps.db, row), fee: done.fee, refunded: done.amount, balanceAfter: await balanceOf(deps.db, row.agencyId), replayed: true };
  };
  const first = await replay();
  if (first) return first;
  const row = await scopedRow(deps.db, ctx, id, lang);
  const wanted = [...new Set(ticketIds)];
  const quote = await quoteOf(deps.db, deps, row, wanted, lang);
  if (quote.lines.some((l) => !l.allowed)) throw conflict('notRefundable', lang, { lines: quote.lines.filter((l) => !l.allowed).map((l) => ({ ticketId: l.ticketId, reason: l.reason, explanation: l.explanation })) });
  try {
    await deps.rail.refund({ bookingCode: row.code, ticketNumbers: quote.lines.map((l) => l.ticketNumber ?? ''), idempotencyKey: refundKey });
  } catch (err) {
    const error = err instanceof SupplierError ? err : new SupplierError('UNAVAILABLE');
    throw new ApiError(ErrorCode.SUPPLIER_FAILED, { reason: 'refundFailed', message: error.localized(lang) });
  }
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await scopedRow(tx, ctx, id, lang, true);
    const [again] = await tx.select({ id: trainRefunds.id }).from(trainRefunds).where(eq(trainRefunds.idempotencyKey, refundKey));
    if (again) return null;
    const current = await quoteOf(tx, deps, locked, wanted, lang);
    if (current.lines.some((l) => !l.allowed)) throw conflict('notRefundable', lang);
    const amount = current.refund;
    const entry = amount > 0
      ? await postEntry(tx, { type: 'R', agencyId: locked.agencyId, amount, reference: `Train refund ${locked.code}`, idempotencyKey: `train-refund:${refundKey}`, bookingRef: locked.code, createdBy: ctx.user.id, meta })
      : null;
    await tx.insert(trainRefunds).values({ bookingId: id, idempotencyKey: refundKey, ticketIds: wanted, fee: current.fee, amount, entryId: entry?.id ?? null, createdBy: ctx.user.id });
    for (const l of current.lines) {
      await tx.update(trainTickets).set({ status: 'REFUNDED', refundFee: l.fee, refundAmount: l.refund, refundedAt: now }).where(and(eq(trainTickets.bookingId, id), eq(trainTickets.ticketId, l.ticketId)));
    }
    await tx.delete(trainSeats).where(and(eq(trainSeats.bookingId, id), inArray(trainSeats.ticketId, wanted)));
    const [{ n }] = await tx.select({ n: count() }).from(trainTickets).where(and(eq(trainTickets.bookingId, id), eq(trainTickets.status, 'ISSUED')));
    await tx
      .update(trainBookings)
      .set({ refunded: locked.refunded + amount, status: n > 0 ? TRAIN_STATUS.PARTLY_REFUNDED : TRAIN_STATUS.REFUNDED, updatedAt: now })
      .where(eq(trainBookings.id, id));
    return { fee: current.fee, amount };
  });
  if (!outcome) return (await replay())!;
  const after = await scopedRow(deps.db, ctx, id, lang);
  return { booking: await view(deps.db, after), fee: outcome.fee, refunded: outcome.amount, balanceAfter: await balanceOf(deps.db, after.agencyId), replayed: false };
}

// ----- List --------------------------------------------------------------------------------------------------

export async function listBookings(
  deps: BookingDeps,
  actor: Actor,
  query: { page: number; pageSize: number; sort: string; status?: string; q?: string; from?: string; to?: string },
): Promise<{ data: TrainBookingRow[]; total: number }> {
  const where: SQL[] = [inArray(trainBookings.agencyId, scopeOf(actor.ctx))];
  if (query.status) where.push(inArray(trainBookings.status, query.status.split(',')));
  if (query.q?.trim()) where.push(sql`${trainBookings.searchText} like ${`%${foldName(query.q).replace(/[%_\\]/g, (c) => `\\${c}`)}%`}`);
  if (query.from) where.push(gte(trainBookings.createdAt, new Date(localToUtc(query.from, 0, VIETNAM_TIME_ZONE))));
  if (query.to) where.push(lt(trainBookings.createdAt, new Date(localToUtc(addDays(query.to, 1), 0, VIETNAM_TIME_ZONE))));
  const columns = { createdAt: trainBookings.createdAt, departDateTime: trainBookings.departAt, total: trainBookings.total, status: trainBookings.status } as const;
  const order = parseSort<keyof typeof columns>(query.sort).map((s) => (s.desc ? desc(columns[s.field]) : asc(columns[s.field])));
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select({ b: trainBookings, agencyName: agencies.name, userName: users.username })
      .from(trainBookings)
      .innerJoin(agencies, eq(agencies.id, trainBookings.agencyId))
      .leftJoin(users, eq(users.id, trainBookings.userId))
      .where(and(...where))
      .orderBy(...order, desc(trainBookings.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ total: count() }).from(trainBookings).where(and(...where)),
  ]);
  const ids = rows.map((r) => r.b.id);
  const tickets = ids.length > 0 ? await deps.db.select({ bookingId: trainTickets.bookingId, seat: trainTickets.seat }).from(trainTickets).where(inArray(trainTickets.bookingId, ids)) : [];
  const now = deps.now();
  return {
    total,
    data: rows.map(({ b, agencyName, userName }) => {
      const seats = tickets.filter((t) => t.bookingId === b.id).map((t) => t.seat as HeldSeat);
      const trains = [...new Map(seats.map((s) => [s.trainId, { trainNo: s.trainNo, from: s.from, to: s.to, departDateTime: s.departDateTime, direction: s.direction }])).values()];
      // an unpaid booking past its time shows as expired before the sweep writes it
      const status = (b.status === TRAIN_STATUS.HELD && b.expiresAt.getTime() <= now.getTime() ? TRAIN_STATUS.EXPIRED : b.status) as TrainStatus;
      return {
        id: b.id,
        code: b.code,
        status,
        statusName: trainStatusName(status),
        createdAt: b.createdAt.toISOString(),
        agencyName,
        userName: userName ?? '',
        contactName: (b.contact as { name: string }).name,
        trains: trains.sort((x, y) => x.departDateTime.localeCompare(y.departDateTime)),
        tickets: seats.length,
        total: b.total,
        refunded: b.refunded,
        expiresAt: b.expiresAt.toISOString(),
      };
    }),
  };
}

export { trainMessage };
