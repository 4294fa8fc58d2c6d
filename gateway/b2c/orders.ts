/**
 * Storefront orders (/b2c/list-order). A customer leaves a tour order or a flight enquiry on the public
 * storefront (captcha, a rate limit per address, a confirmation e-mail through the outbox). The agency works
 * it through new → contacted → confirmed → paid, or cancelled (contract/b2c.ts allowedTransitions), assigns
 * it to an agent and writes notes; every change is a line of its history.
 *
 * The customer is told by e-mail (through the outbox, in the same transaction) when the order is confirmed,
 * paid or cancelled.
 *
 * Payment: paid is reached only by recording the customer's payment (recordPayment: amount, method, reference,
 * who and when, one per order, replayed by its key), and a paid order is cancelled only by recording its refund
 * (recordRefund). Neither touches the agency's deposit ledger: the customer pays the agency, not the provider.
 *
 * Seats: the first move of a tour order to confirmed (or straight to paid) takes the party's seats from the
 * departure with ONE conditional UPDATE (`seats_taken + n <= seats_total`), so two confirmations racing for
 * the last seat cannot both pass; cancelling a confirmed order gives them back.
 */
import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  partyPrice,
  paymentRefusal,
  refundRefusal,
  statusChangeRefusal,
  trainB2cStatus,
  releasesSeats,
  seatsOf,
  takesSeats,
  type B2cOrder,
  type OrderStatus,
  type OrderPayment,
  type orderPaymentInput,
  type orderQuery,
  type storeOrderInput,
  type StoreOrderResult,
} from '../../contract/b2c';
import { ErrorCode } from '../../contract/errors';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { Conn, Db } from '../platform/db/client';
import { b2cConfigs, b2cDepartures, b2cOrderEvents, b2cOrderPayments, b2cOrders, b2cTours, users } from '../platform/db/schema';
import { paidBodyHash } from '../platform/access/paid';
import { railStation, RAIL_STATIONS } from '../suppliers/rail-reference';
import { ApiError } from '../platform/http/errors';
import type { UserContext } from '../platform/tenancy/users';
import { queueMail } from '../mail/service';
import type { ConfigRow } from './config';
import { containsPattern } from '../platform/db/like';

/** Orders one address may leave in the window before it is refused (429, code 58). */
export const ORDER_RATE = { max: 5, windowMs: 15 * 60_000 } as const;

type OrderRow = typeof b2cOrders.$inferSelect;

const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newCode(): string {
  let s = 'B';
  for (let i = 0; i < 7; i += 1) s += CODE_CHARS[randomInt(0, CODE_CHARS.length)];
  return s;
}

const formatVnd = (n: number) => `${n.toLocaleString('vi-VN')} VND`;

function confirmationMail(store: ConfigRow, code: string, what: string, total: number | null) {
  const contact = [store.phone, store.email].filter(Boolean).join(' · ');
  return {
    subject: `${store.name}: đã nhận yêu cầu ${code} / request ${code} received`,
    body: [
      `Cảm ơn quý khách. ${store.name} đã nhận yêu cầu ${code}: ${what}.`,
      total !== null ? `Tạm tính: ${formatVnd(total)}.` : 'Chúng tôi sẽ báo giá cho quý khách.',
      'Nhân viên sẽ liên hệ để xác nhận trong giờ làm việc.',
      contact ? `Liên hệ: ${contact}` : '',
      '',
      `Thank you. ${store.name} has received request ${code}: ${what}.`,
      total !== null ? `Estimated total: ${formatVnd(total)}.` : 'We will send you a quote.',
      'An agent will contact you to confirm it during opening hours.',
    ].filter((l, i, all) => l !== '' || all[i - 1] !== '').join('\n'),
  };
}

/** The e-mail telling the customer that their order moved to `to` (confirmed, paid or cancelled). */
export function statusMail(store: Pick<ConfigRow, 'name' | 'phone' | 'email'>, code: string, to: OrderStatus, total: number | null): { subject: string; body: string } | null {
  const vi = { confirmed: 'đã được xác nhận', paid: 'đã thanh toán xong', cancelled: 'đã bị huỷ' } as const;
  const en = { confirmed: 'is confirmed', paid: 'is paid', cancelled: 'is cancelled' } as const;
  if (to !== 'confirmed' && to !== 'paid' && to !== 'cancelled') return null;
  const contact = [store.phone, store.email].filter(Boolean).join(' · ');
  return {
    subject: `${store.name}: yêu cầu ${code} ${vi[to]} / request ${code} ${en[to]}`,
    body: [
      [
        `${store.name}: yêu cầu ${code} của quý khách ${vi[to]}.`,
        to === 'confirmed' && total !== null ? `Số tiền cần thanh toán: ${formatVnd(total)}.` : '',
        to === 'cancelled' ? 'Nếu quý khách không yêu cầu huỷ, vui lòng liên hệ chúng tôi.' : '',
        contact ? `Liên hệ: ${contact}` : '',
      ],
      [
        `${store.name}: your request ${code} ${en[to]}.`,
        to === 'confirmed' && total !== null ? `Amount to pay: ${formatVnd(total)}.` : '',
        to === 'cancelled' ? 'If you did not ask to cancel it, please contact us.' : '',
      ],
    ].map((lines) => lines.filter(Boolean).join('\n')).join('\n\n'),
  };
}

async function checkRate(conn: Conn, ip: string, now: Date): Promise<void> {
  const [row] = await conn
    .select({ n: count() })
    .from(b2cOrders)
    .where(and(eq(b2cOrders.ip, ip), gt(b2cOrders.createdAt, new Date(now.getTime() - ORDER_RATE.windowMs))));
  if ((row?.n ?? 0) >= ORDER_RATE.max) throw new ApiError(ErrorCode.RATE_LIMITED, { retryAfterSeconds: Math.ceil(ORDER_RATE.windowMs / 1000) });
}

export async function createStoreOrder(
  db: Db,
  store: ConfigRow,
  input: z.output<typeof storeOrderInput>,
  ip: string,
  today: string,
  checkCaptcha: (conn: Conn) => Promise<boolean>,
): Promise<StoreOrderResult> {
  const now = new Date();
  return db.transaction(async (tx) => {
    if (!(await checkCaptcha(tx))) throw new ApiError(ErrorCode.CAPTCHA_INVALID);
    await checkRate(tx, ip, now);
    const code = newCode();
    let total: number | null = null;
    let what: string;
    let departureId: number | null = null;
    if (input.kind === 'tour') {
      if (!store.products.includes('tours')) throw new ApiError(ErrorCode.NOT_FOUND);
      const [dep] = await tx
        .select({ d: b2cDepartures, title: b2cTours.title })
        .from(b2cDepartures)
        .innerJoin(b2cTours, eq(b2cTours.id, b2cDepartures.tourId))
        .where(and(eq(b2cDepartures.id, input.departureId), eq(b2cTours.agencyId, store.agencyId), eq(b2cTours.status, 'published')));
      if (!dep || dep.d.date < today) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'departure' });
      if (dep.d.seatsTaken + seatsOf(input.pax) > dep.d.seatsTotal) {
        throw new ApiError(ErrorCode.CONFLICT, { reason: 'soldOut', seatsLeft: dep.d.seatsTotal - dep.d.seatsTaken });
      }
      total = partyPrice({ adult: dep.d.priceAdult, child: dep.d.priceChild, infant: dep.d.priceInfant }, input.pax, store.tourMarkup);
      departureId = dep.d.id;
      what = `${dep.title} (${dep.d.date})`;
    } else if (input.kind === 'train') {
      if (!store.products.includes('trains')) throw new ApiError(ErrorCode.NOT_FOUND);
      if (input.date < today) throw new ApiError(ErrorCode.VALIDATION, { reason: 'pastDate' });
      const from = railStation(input.from);
      const to = railStation(input.to);
      if (!from || !to || from.code === to.code) throw new ApiError(ErrorCode.VALIDATION, { reason: 'station' });
      what = `${from.name} → ${to.name} (${input.date})`;
    } else {
      if (!store.products.includes('flights')) throw new ApiError(ErrorCode.NOT_FOUND);
      if (input.date < today) throw new ApiError(ErrorCode.VALIDATION, { reason: 'pastDate' });
      what = `${input.from} → ${input.to} (${input.date})`;
    }
    const [row] = await tx
      .insert(b2cOrders)
      .values({
        agencyId: store.agencyId,
        code,
        kind: input.kind,
        customerName: input.name,
        customerPhone: input.phone,
        customerEmail: input.email,
        note: input.note,
        paxAdult: input.pax.adult,
        paxChild: input.pax.child,
        paxInfant: input.pax.infant,
        departureId,
        flight: input.kind === 'flight' ? { from: input.from, to: input.to, date: input.date } : null,
        train: input.kind === 'train' ? { from: input.from, to: input.to, date: input.date } : null,
        total,
        ip,
      })
      .returning();
    await tx.insert(b2cOrderEvents).values({ orderId: row.id, kind: 'created', toStatus: 'new' });
    await queueMail(tx, { to: input.email, ...confirmationMail(store, code, what, total) }, now);
    return { code, total, email: input.email };
  });
}

// ---------------------------------------------------------------- the agency's side

const orderSelect = {
  o: b2cOrders,
  tourId: b2cTours.id,
  tourTitle: b2cTours.title,
  departureDate: b2cDepartures.date,
  assigneeName: users.fullName,
  paidAmount: sql<number | null>`(select p.amount from ${b2cOrderPayments} p where p.order_id = ${b2cOrders.id} and p.kind = 'payment')`.mapWith(Number),
  refundedAmount: sql<number | null>`(select p.amount from ${b2cOrderPayments} p where p.order_id = ${b2cOrders.id} and p.kind = 'refund')`.mapWith(Number),
};

function baseQuery(conn: Conn) {
  return conn
    .select(orderSelect)
    .from(b2cOrders)
    .leftJoin(b2cDepartures, eq(b2cDepartures.id, b2cOrders.departureId))
    .leftJoin(b2cTours, eq(b2cTours.id, b2cDepartures.tourId))
    .leftJoin(users, eq(users.id, b2cOrders.assigneeId));
}

type Joined = { o: OrderRow; tourId: number | null; tourTitle: string | null; departureDate: string | null; assigneeName: string | null; paidAmount: number | null; refundedAmount: number | null };

/** The railway's stations a storefront's train enquiry may name. */
export const trainStations = () => RAIL_STATIONS.map((x) => ({ code: x.code, name: x.name }));
const stationName = (code: string) => railStation(code)?.name ?? code;

function toOrder(r: Joined): Omit<B2cOrder, 'history' | 'payments'> {
  const kind = r.o.kind as B2cOrder['kind'];
  const status = r.o.status as OrderStatus;
  const train = r.o.train ?? null;
  return {
    id: r.o.id,
    code: r.o.code,
    kind,
    status,
    customerName: r.o.customerName,
    customerPhone: r.o.customerPhone,
    customerEmail: r.o.customerEmail,
    note: r.o.note,
    pax: { adult: r.o.paxAdult, child: r.o.paxChild, infant: r.o.paxInfant },
    tourId: r.tourId,
    tourTitle: r.tourTitle,
    departureId: r.o.departureId,
    departureDate: r.departureDate,
    flight: r.o.flight ?? null,
    train: train && { ...train, fromName: stationName(train.from), toName: stationName(train.to) },
    trainStatus: trainB2cStatus({ kind, status }),
    total: r.o.total,
    paidAmount: r.paidAmount ?? null,
    refundedAmount: r.refundedAmount ?? null,
    assigneeId: r.o.assigneeId,
    assigneeName: r.assigneeName,
    createdAt: r.o.createdAt.toISOString(),
  };
}

export async function orderPage(conn: Conn, ctx: UserContext, q: z.output<typeof orderQuery>) {
  const filters: SQL[] = [eq(b2cOrders.agencyId, ctx.agency.id)];
  if (q.status) filters.push(eq(b2cOrders.status, q.status));
  if (q.q) {
    const like = containsPattern(q.q);
    filters.push(or(ilike(b2cOrders.code, like), ilike(b2cOrders.customerName, like), ilike(b2cOrders.customerPhone, like), ilike(b2cOrders.customerEmail, like))!);
  }
  const where = and(...filters);
  const [total] = await conn.select({ n: count() }).from(b2cOrders).where(where);
  const rows = await baseQuery(conn).where(where).orderBy(desc(b2cOrders.createdAt), desc(b2cOrders.id)).limit(q.pageSize).offset((q.page - 1) * q.pageSize);
  return { data: rows.map(toOrder), total: total?.n ?? 0 };
}

export async function oneOrder(conn: Conn, ctx: UserContext, id: number): Promise<B2cOrder> {
  const [row] = await baseQuery(conn).where(and(eq(b2cOrders.id, id), eq(b2cOrders.agencyId, ctx.agency.id)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  const events = await conn
    .select({ e: b2cOrderEvents, userName: users.fullName, p: b2cOrderPayments })
    .from(b2cOrderEvents)
    .leftJoin(users, eq(users.id, b2cOrderEvents.userId))
    .leftJoin(b2cOrderPayments, eq(b2cOrderPayments.id, b2cOrderEvents.paymentId))
    .where(eq(b2cOrderEvents.orderId, id))
    .orderBy(asc(b2cOrderEvents.id));
  const payments = await conn
    .select({ p: b2cOrderPayments, userName: users.fullName })
    .from(b2cOrderPayments)
    .leftJoin(users, eq(users.id, b2cOrderPayments.userId))
    .where(eq(b2cOrderPayments.orderId, id))
    .orderBy(asc(b2cOrderPayments.id));
  return {
    ...toOrder(row),
    history: events.map(({ e, userName, p }) => ({
      at: e.createdAt.toISOString(),
      userName,
      kind: e.kind as B2cOrder['history'][number]['kind'],
      from: e.fromStatus,
      to: e.toStatus,
      note: e.note,
      payment: p ? { amount: p.amount, method: p.method as OrderPayment['method'], reference: p.reference } : null,
    })),
    payments: payments.map(({ p, userName }) => ({
      id: p.id,
      kind: p.kind as OrderPayment['kind'],
      amount: p.amount,
      method: p.method as OrderPayment['method'],
      reference: p.reference,
      note: p.note,
      userName,
      at: p.createdAt.toISOString(),
    })),
  };
}

async function lockOrder(tx: Conn, ctx: UserContext, id: number): Promise<OrderRow> {
  const [row] = await tx.select().from(b2cOrders).where(and(eq(b2cOrders.id, id), eq(b2cOrders.agencyId, ctx.agency.id))).for('update');
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

/** Takes `n` seats of a departure, or answers 409 soldOut: one conditional UPDATE, safe under concurrency. */
export async function takeSeats(tx: Conn, departureId: number, n: number): Promise<void> {
  const taken = await tx
    .update(b2cDepartures)
    .set({ seatsTaken: sql`${b2cDepartures.seatsTaken} + ${n}` })
    .where(and(eq(b2cDepartures.id, departureId), sql`${b2cDepartures.seatsTaken} + ${n} <= ${b2cDepartures.seatsTotal}`))
    .returning({ id: b2cDepartures.id });
  if (taken.length === 0) throw new ApiError(ErrorCode.CONFLICT, { reason: 'soldOut' });
}

export function changeStatus(db: Db, ctx: UserContext, id: number, to: OrderStatus, note: string | null, meta: RequestMeta): Promise<B2cOrder> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, ctx, id);
    const from = row.status as OrderStatus;
    const refused = statusChangeRefusal(from, to);
    if (refused) throw new ApiError(ErrorCode.CONFLICT, { reason: refused, from, to });
    await moveStatus(tx, ctx, row, to, { kind: 'status', note, paymentId: null });
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'b2c.order.status', target: row.code, detail: { from, to } }, meta);
    return oneOrder(tx, ctx, id);
  });
}

/** Moves a locked order to `to`: seats, the row, one history line, the customer's e-mail. */
async function moveStatus(tx: Conn, ctx: UserContext, row: OrderRow, to: OrderStatus, line: { kind: 'status' | 'payment' | 'refund'; note: string | null; paymentId: number | null }, total: number | null = row.total): Promise<void> {
  const from = row.status as OrderStatus;
  const seats = row.paxAdult + row.paxChild;
  if (row.departureId !== null && takesSeats(from, to)) await takeSeats(tx, row.departureId, seats);
  if (row.departureId !== null && releasesSeats(from, to)) {
    await tx.update(b2cDepartures).set({ seatsTaken: sql`${b2cDepartures.seatsTaken} - ${seats}` }).where(eq(b2cDepartures.id, row.departureId));
  }
  await tx.update(b2cOrders).set({ status: to, total, updatedAt: new Date() }).where(eq(b2cOrders.id, row.id));
  await tx.insert(b2cOrderEvents).values({ orderId: row.id, userId: ctx.user.id, kind: line.kind, fromStatus: from, toStatus: to, note: line.note, paymentId: line.paymentId });
  const [store] = await tx.select().from(b2cConfigs).where(eq(b2cConfigs.agencyId, ctx.agency.id));
  const mail = store ? statusMail(store, row.code, to, total) : null;
  if (mail) await queueMail(tx, { to: row.customerEmail, ...mail });
}

type PaymentBody = z.output<typeof orderPaymentInput>;

/**
 * Finds the payment or refund recorded under `key` for the agency: null when the key is new; the order again
 * when it is a replay of the same call (same order, kind and body); 409 idempotencyKeyReused otherwise.
 */
async function replayOf(tx: Conn, ctx: UserContext, id: number, key: string, hash: string): Promise<B2cOrder | null> {
  const [seen] = await tx
    .select({ orderId: b2cOrderPayments.orderId, bodyHash: b2cOrderPayments.bodyHash })
    .from(b2cOrderPayments)
    .where(and(eq(b2cOrderPayments.agencyId, ctx.agency.id), eq(b2cOrderPayments.idempotencyKey, key)));
  if (!seen) return null;
  if (seen.orderId !== id || seen.bodyHash !== hash) throw new ApiError(ErrorCode.CONFLICT, { reason: 'idempotencyKeyReused' });
  return oneOrder(tx, ctx, id);
}

async function insertPayment(tx: Conn, ctx: UserContext, row: OrderRow, kind: 'payment' | 'refund', body: PaymentBody, hash: string): Promise<number> {
  const [p] = await tx
    .insert(b2cOrderPayments)
    .values({ orderId: row.id, agencyId: ctx.agency.id, kind, amount: body.amount, method: body.method, reference: body.reference, note: body.note, idempotencyKey: body.idempotencyKey, bodyHash: hash, userId: ctx.user.id })
    .returning({ id: b2cOrderPayments.id });
  return p.id;
}

/**
 * Records the customer's payment of an order and marks it paid, in one transaction: the amount must be what is
 * owed (the order's total; an enquiry without a price takes the amount as the price quoted), a transfer names
 * its bank reference; a second payment, a payment of a cancelled order or a wrong amount is refused (409/41)
 * and changes nothing. The same key with the same body answers the order again (a retry, a double click).
 * The agency's deposit is not touched.
 */
export function recordPayment(db: Db, ctx: UserContext, id: number, body: PaymentBody, meta: RequestMeta): Promise<B2cOrder> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, ctx, id);
    const hash = paidBodyHash({ id, kind: 'payment', ...body });
    const replay = await replayOf(tx, ctx, id, body.idempotencyKey, hash);
    if (replay) return replay;
    const [paid] = await tx.select({ id: b2cOrderPayments.id }).from(b2cOrderPayments).where(and(eq(b2cOrderPayments.orderId, id), eq(b2cOrderPayments.kind, 'payment')));
    const refused = paymentRefusal({ status: row.status as OrderStatus, total: row.total, paid: Boolean(paid) }, body);
    if (refused === 'amount') throw new ApiError(ErrorCode.VALIDATION, { reason: 'amount', expected: row.total });
    if (refused === 'reference') throw new ApiError(ErrorCode.VALIDATION, { reason: 'reference' });
    if (refused) throw new ApiError(ErrorCode.CONFLICT, { reason: refused });
    const paymentId = await insertPayment(tx, ctx, row, 'payment', body, hash);
    await moveStatus(tx, ctx, row, 'paid', { kind: 'payment', note: body.note, paymentId }, body.amount);
    await writeAudit(tx, {
      userId: ctx.user.id, agencyId: ctx.agency.id, action: 'b2c.order.payment', target: row.code,
      detail: { from: row.status, amount: body.amount, method: body.method, reference: body.reference },
    }, meta);
    return oneOrder(tx, ctx, id);
  });
}

/**
 * Records the refund of a paid order and cancels it, in one transaction (seats go back): a paid order cannot be
 * cancelled without it. The amount is what went back to the customer, 0 to what was paid (the agency may keep
 * a fee). Replays and refusals as recordPayment.
 */
export function recordRefund(db: Db, ctx: UserContext, id: number, body: PaymentBody, meta: RequestMeta): Promise<B2cOrder> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, ctx, id);
    const hash = paidBodyHash({ id, kind: 'refund', ...body });
    const replay = await replayOf(tx, ctx, id, body.idempotencyKey, hash);
    if (replay) return replay;
    const done = await tx.select({ kind: b2cOrderPayments.kind, amount: b2cOrderPayments.amount }).from(b2cOrderPayments).where(eq(b2cOrderPayments.orderId, id));
    const paidAmount = done.find((p) => p.kind === 'payment')?.amount ?? null;
    const refused = refundRefusal({ status: row.status as OrderStatus, paidAmount, refunded: done.some((p) => p.kind === 'refund') }, body);
    if (refused === 'amount') throw new ApiError(ErrorCode.VALIDATION, { reason: 'amount', max: paidAmount });
    if (refused === 'reference') throw new ApiError(ErrorCode.VALIDATION, { reason: 'reference' });
    if (refused) throw new ApiError(ErrorCode.CONFLICT, { reason: refused });
    const paymentId = await insertPayment(tx, ctx, row, 'refund', body, hash);
    await moveStatus(tx, ctx, row, 'cancelled', { kind: 'refund', note: body.note, paymentId });
    await writeAudit(tx, {
      userId: ctx.user.id, agencyId: ctx.agency.id, action: 'b2c.order.refund', target: row.code,
      detail: { amount: body.amount, paid: paidAmount, method: body.method, reference: body.reference },
    }, meta);
    return oneOrder(tx, ctx, id);
  });
}

export function addNote(db: Db, ctx: UserContext, id: number, note: string): Promise<B2cOrder> {
  return db.transaction(async (tx) => {
    await lockOrder(tx, ctx, id);
    await tx.insert(b2cOrderEvents).values({ orderId: id, userId: ctx.user.id, kind: 'note', note });
    return oneOrder(tx, ctx, id);
  });
}

/** The agency's users an order may be assigned to. */
export async function agentsOf(conn: Conn, ctx: UserContext) {
  const rows = await conn.select({ id: users.id, name: users.fullName, username: users.username }).from(users).where(eq(users.agencyId, ctx.agency.id)).orderBy(asc(users.fullName));
  return rows.map((r) => ({ id: r.id, name: r.name || r.username }));
}

export function assign(db: Db, ctx: UserContext, id: number, userId: number | null): Promise<B2cOrder> {
  return db.transaction(async (tx) => {
    await lockOrder(tx, ctx, id);
    let name: string | null = null;
    if (userId !== null) {
      const [u] = await tx.select({ name: users.fullName, username: users.username }).from(users).where(and(eq(users.id, userId), eq(users.agencyId, ctx.agency.id)));
      if (!u) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'user' });
      name = u.name || u.username;
    }
    await tx.update(b2cOrders).set({ assigneeId: userId, updatedAt: new Date() }).where(eq(b2cOrders.id, id));
    await tx.insert(b2cOrderEvents).values({ orderId: id, userId: ctx.user.id, kind: 'assigned', note: name });
    return oneOrder(tx, ctx, id);
  });
}
