/**
 * eSIM orders (docs: README "eSIM"): checkout from the agency deposit, the orders of the caller's scope, live
 * usage, top-ups and refunds of unused eSIMs.
 *
 * Money moves only as ledger entries on the order's agency deposit: one C entry per checkout (the whole
 * cart) and per top-up, a V entry reversing it when the partner fails after the payment, an R entry for a
 * refund. The partner is called outside any database transaction.
 *
 * Checkout is idempotent by its key: the order row (unique key) and its C entry are written in one
 * transaction, so the same key again finds the order and charges nothing (replayed); a key still PROCESSING
 * is 409 (in progress); a FAILED key may be retried (a fresh charge, the earlier one was given back).
 */
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../contract/constants';
import type {
  CheckoutRequest,
  CheckoutResult,
  EsimMoneyResult,
  EsimOrder,
  EsimOrderRow,
  EsimUsage,
  OrdersPage,
  ordersQuery,
} from '../../contract/esim';
import { ErrorCode } from '../../contract/errors';
import { parseSort } from '../../contract/list';
import type { z } from 'zod';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { Db, Tx } from '../platform/db/client';
import { agencies, esimOrders, esims, esimTopUps, users, type EsimOrderLineRow } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { balanceOf, postEntry } from '../platform/ledger';
import type { UserContext } from '../platform/tenancy/users';
import { SupplierError, type EsimUsageAnswer, type SupplierRegistry } from '../suppliers';
import { packageName, productOf, topUpsFor, type EsimCatalogue } from './catalogue';
import { orderScope } from './scope';
import { containsPattern } from '../platform/db/like';

export interface OrderDeps {
  db: Db;
  suppliers: SupplierRegistry;
  catalogue: EsimCatalogue;
  now: () => Date;
}

export interface Actor {
  ctx: UserContext;
  lang: Language;
  meta?: RequestMeta;
}

const CONFLICTS = {
  idempotencyKeyReused: {
    vi: 'Mã giao dịch này đã được dùng cho một đơn khác. Vui lòng tải lại trang và đặt lại.',
    en: 'This transaction key was used for another order. Please reload the page and order again.',
  },
  inProgress: {
    vi: 'Đơn hàng này đang được xử lý. Vui lòng đợi giây lát rồi xem danh sách đơn eSIM.',
    en: 'This order is being processed. Please wait a moment, then look at the eSIM order list.',
  },
  priceChanged: {
    vi: 'Giá gói eSIM đã thay đổi so với giỏ hàng. Vui lòng kiểm tra lại tổng tiền rồi thanh toán.',
    en: 'The eSIM prices changed since the cart was filled. Please check the new total and pay again.',
  },
  unknownProduct: {
    vi: 'Một gói eSIM trong giỏ không còn được bán. Vui lòng xoá gói đó khỏi giỏ hàng.',
    en: 'A package in the cart is no longer sold. Please remove it from the cart.',
  },
  notUnused: {
    vi: 'Chỉ hoàn được eSIM chưa kích hoạt và chưa dùng dữ liệu. eSIM này đã được kích hoạt hoặc đã hết hạn.',
    en: 'Only an eSIM never activated and with no data used can be refunded. This one has been activated or has expired.',
  },
  alreadyRefunded: { vi: 'eSIM này đã được hoàn tiền.', en: 'This eSIM has already been refunded.' },
  notTopUp: {
    vi: 'Gói nạp thêm này không dùng được cho eSIM đã chọn. Vui lòng chọn gói trong danh sách nạp thêm.',
    en: 'This top-up does not fit the chosen eSIM. Please pick one from its top-up list.',
  },
  notTopUpable: {
    vi: 'eSIM đã hết hạn hoặc đã hoàn nên không thể nạp thêm.',
    en: 'The eSIM has expired or been refunded and cannot be topped up.',
  },
} as const;

type ConflictReason = keyof typeof CONFLICTS;

function conflict(reason: ConflictReason, lang: Language, data: Record<string, unknown> = {}): ApiError {
  return new ApiError(ErrorCode.CONFLICT, { reason, message: CONFLICTS[reason][lang], ...data });
}

const SUPPLIER_FAILED = {
  vi: (m: string) => `${m} Đơn chưa được tạo và tiền đã được hoàn lại vào ký quỹ.`,
  en: (m: string) => `${m} No eSIM was ordered and the payment was returned to the deposit.`,
};

function supplierError(error: unknown): SupplierError {
  return error instanceof SupplierError ? error : new SupplierError('UNAVAILABLE');
}

function supplierFailed(error: unknown, lang: Language, refunded: boolean): ApiError {
  const e = supplierError(error);
  return new ApiError(ErrorCode.SUPPLIER_FAILED, { reason: e.code, message: refunded ? SUPPLIER_FAILED[lang](e.localized(lang)) : e.localized(lang) });
}

export const orderCode = (id: number) => `ES${String(id).padStart(6, '0')}`;

/** The idempotency hash of a checkout: the lines (sorted) and the customer. */
export function checkoutHash(body: CheckoutRequest): string {
  const lines = [...body.items].sort((a, b) => a.productId.localeCompare(b.productId)).map((i) => `${i.productId}x${i.quantity}`);
  const c = body.customer;
  return createHash('sha256').update(`${lines.join(',')}|${c.name.trim()}|${c.email.trim().toLowerCase()}|${c.phone.trim()}`).digest('hex');
}

// ----- reading ---------------------------------------------------------------------------------------------

type OrderRow = typeof esimOrders.$inferSelect;
type EsimRow = typeof esims.$inferSelect;

async function orderInScope(conn: Db | Tx, ctx: UserContext, id: number): Promise<OrderRow> {
  const [row] = await conn.select().from(esimOrders).where(and(eq(esimOrders.id, id), orderScope(ctx)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'order' });
  return row;
}

/** The eSIM and its order when the order is in the caller's scope, else 404. */
async function esimInScope(conn: Db | Tx, ctx: UserContext, iccid: string): Promise<{ esim: EsimRow; order: OrderRow }> {
  const [row] = await conn
    .select({ esim: esims, order: esimOrders })
    .from(esims)
    .innerJoin(esimOrders, eq(esimOrders.id, esims.orderId))
    .where(and(eq(esims.iccid, iccid), orderScope(ctx)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'esim' });
  return row;
}

async function viewOf(conn: Db | Tx, row: OrderRow, lang: Language): Promise<EsimOrder> {
  const [agency] = await conn.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, row.agencyId));
  const [user] = row.userId ? await conn.select({ username: users.username }).from(users).where(eq(users.id, row.userId)) : [];
  const items = await conn.select().from(esims).where(eq(esims.orderId, row.id)).orderBy(asc(esims.id));
  const topUps = items.length
    ? await conn
        .select()
        .from(esimTopUps)
        .where(and(inArray(esimTopUps.esimId, items.map((e) => e.id)), eq(esimTopUps.status, 'DONE')))
        .orderBy(asc(esimTopUps.id))
    : [];
  return {
    id: row.id,
    code: orderCode(row.id),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    agencyName: agency?.name ?? '',
    createdBy: user?.username ?? null,
    customer: { name: row.customerName, email: row.customerEmail, phone: row.customerPhone },
    totalPrice: row.totalPrice,
    items: row.lines.map((l) => ({ productId: l.productId, name: lang === 'vi' ? l.nameVi : l.nameEn, price: l.price, quantity: l.quantity, totalPrice: l.price * l.quantity })),
    esims: items.map((e) => ({
      iccid: e.iccid,
      productId: e.productId,
      productName: lang === 'vi' ? e.nameVi : e.nameEn,
      activationCode: e.activationCode,
      smdpAddress: e.smdpAddress,
      matchingId: e.matchingId,
      paid: e.paid,
      refunded: e.refundedAt !== null,
      refundedAmount: e.refundAmount,
      topUps: topUps
        .filter((t) => t.esimId === e.id)
        .map((t) => ({ productId: t.productId, name: lang === 'vi' ? t.nameVi : t.nameEn, amount: t.amount, createdAt: t.createdAt.toISOString() })),
    })),
    failure: row.failure ? row.failure[lang] : null,
  };
}

export async function getOrder(deps: Pick<OrderDeps, 'db'>, actor: Actor, id: number): Promise<EsimOrder> {
  return viewOf(deps.db, await orderInScope(deps.db, actor.ctx, id), actor.lang);
}

export async function listOrders(deps: Pick<OrderDeps, 'db'>, actor: Actor, query: z.output<typeof ordersQuery>): Promise<OrdersPage> {
  const { db } = deps;
  const conds: SQL[] = [orderScope(actor.ctx)];
  if (query.status) conds.push(eq(esimOrders.status, query.status));
  const q = query.q?.trim();
  if (q) {
    const like = containsPattern(q);
    const code = /^ES0*(\d{1,15})$/i.exec(q);
    conds.push(
      or(
        ilike(esimOrders.customerName, like),
        ilike(esimOrders.customerEmail, like),
        ilike(esimOrders.customerPhone, like),
        ...(code ? [eq(esimOrders.id, Number(code[1]))] : []),
        sql`exists (select 1 from ${esims} where ${esims.orderId} = ${esimOrders.id} and ${esims.iccid} like ${like})`,
      )!,
    );
  }
  const where = and(...conds);
  const order = parseSort<'createdAt' | 'totalPrice'>(query.sort).map((s) => {
    const col = s.field === 'totalPrice' ? esimOrders.totalPrice : esimOrders.createdAt;
    return s.desc ? desc(col) : asc(col);
  });
  const [{ n }] = await db.select({ n: count() }).from(esimOrders).where(where);
  const rows = await db
    .select({
      order: esimOrders,
      agencyName: agencies.name,
      createdBy: users.username,
      quantity: sql<number>`(select count(*) from ${esims} where ${esims.orderId} = ${esimOrders.id})`.mapWith(Number),
      refunded: sql<number>`(select count(*) from ${esims} where ${esims.orderId} = ${esimOrders.id} and ${esims.refundedAt} is not null)`.mapWith(Number),
    })
    .from(esimOrders)
    .innerJoin(agencies, eq(agencies.id, esimOrders.agencyId))
    .leftJoin(users, eq(users.id, esimOrders.userId))
    .where(where)
    .orderBy(...order, desc(esimOrders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const data: EsimOrderRow[] = rows.map((r) => ({
    id: r.order.id,
    code: orderCode(r.order.id),
    status: r.order.status,
    createdAt: r.order.createdAt.toISOString(),
    agencyName: r.agencyName,
    createdBy: r.createdBy ?? null,
    totalPrice: r.order.totalPrice,
    customerName: r.order.customerName,
    quantity: r.quantity,
    refunded: r.refunded,
  }));
  return { data, total: Number(n) };
}

// ----- checkout --------------------------------------------------------------------------------------------

async function linesOf(deps: OrderDeps, body: CheckoutRequest, lang: Language): Promise<EsimOrderLineRow[]> {
  const lines: EsimOrderLineRow[] = [];
  for (const item of body.items) {
    const p = await deps.catalogue.package(item.productId);
    if (!p) throw conflict('unknownProduct', lang, { productId: item.productId });
    lines.push({ productId: p.id, nameVi: packageName(p, 'vi'), nameEn: packageName(p, 'en'), price: p.netPrice, quantity: item.quantity });
  }
  return lines;
}

const totalOf = (lines: readonly EsimOrderLineRow[]) => lines.reduce((s, l) => s + l.price * l.quantity, 0);

type Claim = { kind: 'new'; order: OrderRow } | { kind: 'done'; order: OrderRow };

/** Writes the order and its C entry in one transaction, or finds the order of the key. */
async function claimCheckout(deps: OrderDeps, actor: Actor, body: CheckoutRequest, lines: EsimOrderLineRow[], total: number): Promise<Claim> {
  const { ctx, lang } = actor;
  const hash = checkoutHash(body);
  return deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(esimOrders)
      .values({
        agencyId: ctx.agency.id,
        userId: ctx.user.id,
        idempotencyKey: body.idempotencyKey,
        bodyHash: hash,
        status: 'PROCESSING',
        customerName: body.customer.name.trim(),
        customerEmail: body.customer.email.trim(),
        customerPhone: body.customer.phone.trim(),
        lines,
        totalPrice: total,
      })
      .onConflictDoNothing({ target: esimOrders.idempotencyKey })
      .returning();
    let order = inserted;
    if (!order) {
      const [existing] = await tx.select().from(esimOrders).where(eq(esimOrders.idempotencyKey, body.idempotencyKey)).for('update');
      if (!existing || existing.bodyHash !== hash || existing.agencyId !== ctx.agency.id) throw conflict('idempotencyKeyReused', lang);
      if (existing.status === 'COMPLETED') return { kind: 'done', order: existing };
      if (existing.status === 'PROCESSING') throw conflict('inProgress', lang, { orderId: existing.id });
      // FAILED: the earlier payment was given back; this retry pays and asks the partner again
      [order] = await tx
        .update(esimOrders)
        .set({ status: 'PROCESSING', userId: ctx.user.id, lines, totalPrice: total, failure: null, reversalEntryId: null, chargeEntryId: null, updatedAt: new Date() })
        .where(eq(esimOrders.id, existing.id))
        .returning();
    }
    const entry = await postEntry(tx, {
      type: 'C',
      agencyId: ctx.agency.id,
      amount: total,
      reference: `Mua eSIM đơn ${orderCode(order.id)} / eSIM order ${orderCode(order.id)}`,
      bookingRef: orderCode(order.id),
      createdBy: ctx.user.id,
      meta: actor.meta,
    });
    [order] = await tx.update(esimOrders).set({ chargeEntryId: entry.id, updatedAt: new Date() }).where(eq(esimOrders.id, order.id)).returning();
    return { kind: 'new', order };
  });
}

/** Gives back the order's payment (V entry) and marks it FAILED with the partner's reason. */
async function failOrder(deps: OrderDeps, actor: Actor, order: OrderRow, error: unknown): Promise<void> {
  const e = supplierError(error);
  await deps.db.transaction(async (tx) => {
    const reversal = await postEntry(tx, {
      type: 'V',
      agencyId: order.agencyId,
      amount: order.totalPrice,
      reference: `Hoàn lại bút toán ${order.chargeEntryId} (đơn eSIM ${orderCode(order.id)} không thành công) / reversal of entry ${order.chargeEntryId} (eSIM order ${orderCode(order.id)} failed)`,
      idempotencyKey: `esim:reversal:${order.chargeEntryId}`,
      bookingRef: orderCode(order.id),
      createdBy: actor.ctx.user.id,
      meta: actor.meta,
    });
    await tx
      .update(esimOrders)
      .set({ status: 'FAILED', reversalEntryId: reversal.id, failure: { vi: e.messageVi, en: e.messageEn }, updatedAt: new Date() })
      .where(eq(esimOrders.id, order.id));
    await writeAudit(
      tx,
      { userId: actor.ctx.user.id, agencyId: order.agencyId, action: 'esim.order_failed', target: orderCode(order.id), detail: { reason: e.code, chargeEntryId: order.chargeEntryId, reversalEntryId: reversal.id } },
      actor.meta,
    );
  });
}

export async function checkout(deps: OrderDeps, actor: Actor, body: CheckoutRequest): Promise<CheckoutResult> {
  const { db } = deps;
  const { ctx, lang } = actor;
  const lines = await linesOf(deps, body, lang);
  const total = totalOf(lines);
  if (body.expectedTotal !== undefined && body.expectedTotal !== total) throw conflict('priceChanged', lang, { total });
  const claim = await claimCheckout(deps, actor, body, lines, total);
  if (claim.kind === 'done') {
    return { order: await viewOf(db, claim.order, lang), amount: claim.order.totalPrice, balanceAfter: await balanceOf(db, claim.order.agencyId), replayed: true };
  }
  const order = claim.order;
  let result;
  try {
    result = await deps.suppliers.esim().order({
      items: lines.map((l) => ({ packageId: l.productId, quantity: l.quantity })),
      idempotencyKey: `${body.idempotencyKey}:${order.chargeEntryId}`,
      customer: { name: order.customerName, email: order.customerEmail, phone: order.customerPhone },
      orderedAt: deps.now().toISOString(),
    });
  } catch (error) {
    await failOrder(deps, actor, order, error);
    throw supplierFailed(error, lang, true);
  }
  try {
    return await db.transaction(async (tx) => {
      const byLine = new Map(lines.map((l) => [l.productId, l]));
      await tx.insert(esims).values(
        result.esims.map((e) => {
          const line = byLine.get(e.packageId)!;
          return {
            orderId: order.id,
            iccid: e.iccid,
            productId: e.packageId,
            nameVi: line.nameVi,
            nameEn: line.nameEn,
            smdpAddress: e.smdpAddress,
            matchingId: e.matchingId,
            activationCode: e.activationCode,
            paid: line.price,
          };
        }),
      );
      const [done] = await tx
        .update(esimOrders)
        .set({ status: 'COMPLETED', supplierOrderId: result.supplierOrderId, updatedAt: new Date() })
        .where(and(eq(esimOrders.id, order.id), eq(esimOrders.status, 'PROCESSING')))
        .returning();
      await writeAudit(
        tx,
        { userId: ctx.user.id, agencyId: order.agencyId, action: 'esim.ordered', target: orderCode(order.id), detail: { amount: total, esims: result.esims.length, chargeEntryId: order.chargeEntryId } },
        actor.meta,
      );
      return { order: await viewOf(tx, done, lang), amount: total, balanceAfter: await balanceOf(tx, order.agencyId), replayed: false };
    });
  } catch (error) {
    // the eSIMs could not be recorded: give them back to the partner and the payment to the deposit
    await Promise.allSettled(result.esims.map((e) => deps.suppliers.esim().refund({ iccid: e.iccid, idempotencyKey: `undo:${e.iccid}`, asOf: deps.now().toISOString() })));
    await failOrder(deps, actor, order, error);
    throw error;
  }
}

// ----- usage, top-ups, refunds -----------------------------------------------------------------------------

function usageOf(answer: EsimUsageAnswer, esim: EsimRow, asOf: Date): EsimUsage {
  const refunded = esim.refundedAt !== null;
  const status = refunded ? 'REFUNDED' : answer.status;
  return {
    iccid: esim.iccid,
    status,
    usedMb: refunded ? 0 : answer.usedMb,
    remainingMb: answer.remainingMb,
    totalMb: answer.totalMb,
    activatedAt: answer.activatedAt,
    expiresAt: answer.expiresAt,
    refundable: !refunded && answer.status === 'NOT_ACTIVATED' && answer.usedMb === 0,
    asOf: asOf.toISOString(),
  };
}

async function askUsage(deps: OrderDeps, esim: EsimRow, lang: Language): Promise<EsimUsage> {
  const asOf = deps.now();
  if (esim.refundedAt !== null) {
    return { iccid: esim.iccid, status: 'REFUNDED', usedMb: 0, remainingMb: null, totalMb: null, activatedAt: null, expiresAt: null, refundable: false, asOf: asOf.toISOString() };
  }
  try {
    return usageOf(await deps.suppliers.esim().usage({ iccid: esim.iccid, asOf: asOf.toISOString() }), esim, asOf);
  } catch (error) {
    throw supplierFailed(error, lang, false);
  }
}

export async function usage(deps: OrderDeps, actor: Actor, iccid: string): Promise<EsimUsage> {
  const { esim } = await esimInScope(deps.db, actor.ctx, iccid);
  return askUsage(deps, esim, actor.lang);
}

/** The eSIM's row in scope (the QR code and the e-mail read it). */
export async function esimOf(deps: Pick<OrderDeps, 'db'>, actor: Actor, iccid: string): Promise<{ esim: EsimRow; order: OrderRow }> {
  return esimInScope(deps.db, actor.ctx, iccid);
}

export async function topUpOptions(deps: OrderDeps, actor: Actor, iccid: string) {
  const { esim } = await esimInScope(deps.db, actor.ctx, iccid);
  const all = await deps.catalogue.packages();
  const base = all.find((p) => p.id === esim.productId);
  if (!base || esim.refundedAt !== null) return [];
  return topUpsFor(base, all).map((p) => productOf(p, actor.lang));
}

export async function topUp(deps: OrderDeps, actor: Actor, iccid: string, body: { productId: string; idempotencyKey: string }): Promise<EsimMoneyResult> {
  const { db } = deps;
  const { ctx, lang } = actor;
  const { esim, order } = await esimInScope(db, ctx, iccid);
  const [earlier] = await db.select().from(esimTopUps).where(eq(esimTopUps.idempotencyKey, body.idempotencyKey));
  if (earlier) {
    if (earlier.esimId !== esim.id || earlier.productId !== body.productId) throw conflict('idempotencyKeyReused', lang);
    if (earlier.status === 'DONE') return { amount: earlier.amount, balanceAfter: await balanceOf(db, order.agencyId), replayed: true, usage: null };
    if (earlier.status === 'PROCESSING') throw conflict('inProgress', lang);
    throw conflict('idempotencyKeyReused', lang);
  }
  if (esim.refundedAt !== null) throw conflict('notTopUpable', lang);
  const all = await deps.catalogue.packages();
  const base = all.find((p) => p.id === esim.productId);
  const extra = base ? topUpsFor(base, all).find((p) => p.id === body.productId) : undefined;
  if (!extra) throw conflict('notTopUp', lang);
  const current = await askUsage(deps, esim, lang);
  if (current.status === 'EXPIRED' || current.status === 'REFUNDED') throw conflict('notTopUpable', lang);

  const row = await db.transaction(async (tx) => {
    const [t] = await tx
      .insert(esimTopUps)
      .values({ esimId: esim.id, idempotencyKey: body.idempotencyKey, productId: extra.id, nameVi: packageName(extra, 'vi'), nameEn: packageName(extra, 'en'), amount: extra.netPrice, createdBy: ctx.user.id })
      .onConflictDoNothing({ target: esimTopUps.idempotencyKey })
      .returning();
    if (!t) throw conflict('inProgress', lang);
    const entry = await postEntry(tx, {
      type: 'C',
      agencyId: order.agencyId,
      amount: extra.netPrice,
      reference: `Nạp thêm eSIM ${esim.iccid} (đơn ${orderCode(order.id)}) / eSIM top-up ${esim.iccid} (order ${orderCode(order.id)})`,
      bookingRef: orderCode(order.id),
      createdBy: ctx.user.id,
      meta: actor.meta,
    });
    const [charged] = await tx.update(esimTopUps).set({ chargeEntryId: entry.id }).where(eq(esimTopUps.id, t.id)).returning();
    return charged;
  });
  let answer: EsimUsageAnswer;
  try {
    answer = await deps.suppliers.esim().topUp({ iccid: esim.iccid, packageId: extra.id, idempotencyKey: body.idempotencyKey, asOf: deps.now().toISOString() });
  } catch (error) {
    await db.transaction(async (tx) => {
      const reversal = await postEntry(tx, {
        type: 'V',
        agencyId: order.agencyId,
        amount: row.amount,
        reference: `Hoàn lại bút toán ${row.chargeEntryId} (nạp thêm eSIM ${esim.iccid} không thành công) / reversal of entry ${row.chargeEntryId} (eSIM top-up failed)`,
        idempotencyKey: `esim:reversal:${row.chargeEntryId}`,
        bookingRef: orderCode(order.id),
        createdBy: ctx.user.id,
        meta: actor.meta,
      });
      await tx.update(esimTopUps).set({ status: 'FAILED', reversalEntryId: reversal.id }).where(eq(esimTopUps.id, row.id));
    });
    const e = supplierError(error);
    throw new ApiError(ErrorCode.SUPPLIER_FAILED, { reason: e.code, message: `${e.localized(lang)} ${lang === 'vi' ? 'Tiền nạp thêm đã được hoàn lại vào ký quỹ.' : 'The top-up payment was returned to the deposit.'}` });
  }
  return db.transaction(async (tx) => {
    await tx.update(esimTopUps).set({ status: 'DONE' }).where(eq(esimTopUps.id, row.id));
    await tx.update(esims).set({ paid: sql`${esims.paid} + ${row.amount}` }).where(eq(esims.id, esim.id));
    await writeAudit(tx, { userId: ctx.user.id, agencyId: order.agencyId, action: 'esim.topped_up', target: esim.iccid, detail: { productId: extra.id, amount: row.amount } }, actor.meta);
    const asOf = deps.now();
    return { amount: row.amount, balanceAfter: await balanceOf(tx, order.agencyId), replayed: false, usage: usageOf(answer, esim, asOf) };
  });
}

export async function refund(deps: OrderDeps, actor: Actor, iccid: string, body: { idempotencyKey: string }): Promise<EsimMoneyResult> {
  const { db } = deps;
  const { ctx, lang } = actor;
  const { esim, order } = await esimInScope(db, ctx, iccid);
  if (esim.refundedAt !== null) {
    if (esim.refundKey === body.idempotencyKey) return { amount: esim.refundAmount ?? 0, balanceAfter: await balanceOf(db, order.agencyId), replayed: true, usage: null };
    throw conflict('alreadyRefunded', lang);
  }
  const current = await askUsage(deps, esim, lang);
  if (!current.refundable) throw conflict('notUnused', lang, { status: current.status });
  try {
    await deps.suppliers.esim().refund({ iccid: esim.iccid, idempotencyKey: body.idempotencyKey, asOf: deps.now().toISOString() });
  } catch (error) {
    const e = supplierError(error);
    if (e.code === 'INVALID_REQUEST') throw conflict('notUnused', lang, { status: 'ACTIVE' });
    throw supplierFailed(error, lang, false);
  }
  return db.transaction(async (tx) => {
    const amount = esim.paid;
    const entry = await postEntry(tx, {
      type: 'R',
      agencyId: order.agencyId,
      amount,
      reference: `Hoàn eSIM chưa sử dụng ${esim.iccid} (đơn ${orderCode(order.id)}) / refund of unused eSIM ${esim.iccid} (order ${orderCode(order.id)})`,
      idempotencyKey: `esim:refund:${esim.id}`,
      bookingRef: orderCode(order.id),
      createdBy: ctx.user.id,
      meta: actor.meta,
    });
    await tx
      .update(esims)
      .set({ refundedAt: deps.now(), refundAmount: amount, refundEntryId: entry.id, refundKey: body.idempotencyKey })
      .where(and(eq(esims.id, esim.id), isNull(esims.refundedAt)));
    await writeAudit(tx, { userId: ctx.user.id, agencyId: order.agencyId, action: 'esim.refunded', target: esim.iccid, detail: { amount, entryId: entry.id, key: body.idempotencyKey } }, actor.meta);
    const refunded = { ...esim, refundedAt: deps.now() };
    return { amount, balanceAfter: await balanceOf(tx, order.agencyId), replayed: entry.replayed, usage: usageOf({ ...current, status: 'REFUNDED', activatedAt: null, expiresAt: null }, refunded, deps.now()) };
  });
}
