/**
 * The after-sale services of a booking: the hub (actions, price, allowed now and why not), the history, extra
 * luggage and seats. Prices come from the supplier and the airline's catalogue, never from the client; every
 * paid edit goes through payForEdit (payment.ts).
 */
import type { Enforcer } from 'casbin';
import { desc, eq, sql } from 'drizzle-orm';
import {
  AFTERSALE_API,
  seatProblem,
  type AfterSaleActionState,
  type AfterSaleHub,
  type BuyLuggageRequest,
  type BuySeatRequest,
  type HistoryEntry,
  type LuggageOffer,
  type PaidEditResult,
  type PnrRecord,
  type SeatMap,
} from '../../contract/aftersale';
import type { Language } from '../../contract/constants';
import { ErrorCode } from '../../contract/errors';
import { allowed } from '../../policies/enforcer';
import type { Db } from '../platform/db/client';
import { pnrEdits, users } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import type { PnrEdit, PnrSupplier, SupplierRegistry } from '../suppliers';
import { departureInstant } from '../bookings/service';
import { bodyHashOf, conflict, editKeyHash, payForEdit, priorEdit, supplierFailed, type Actor } from './payment';
import { dbPnrStore } from './pnr-store';
// aftersale2: exchange-route
import { exchangeActions } from './exchange';
import { elementActions } from './element-edits'; // pnr-elements
import { afterSaleBooking, isIssued, seedRecord, sourceOf, type AfterSaleBooking, type PnrRowFull } from './record';
import { segmentActions } from './segment-edits';
// sched: schedule changes
import { scheduleActions } from './schedule-changes';
import { extrasActions } from './extras'; // as14a
import { priceActions } from './price-edits'; // as14b: quote-best-price, process-price

export interface AfterSaleDeps {
  db: Db;
  suppliers: SupplierRegistry;
  enforcer: Enforcer;
  now: () => Date;
}

export const ACTION_MESSAGES = {
  notIssued: { vi: 'Cần xuất vé trước khi dùng dịch vụ này.', en: 'Issue the tickets before using this service.' },
  departed: { vi: 'Chuyến bay đã khởi hành.', en: 'The flight has departed.' },
  permission: { vi: 'Tài khoản của bạn không có quyền xuất vé (EXPORT_TICKET).', en: 'Your account lacks the ticketing right (EXPORT_TICKET).' },
  noOptions: { vi: 'Hãng không bán hành lý trả trước trên chặng này.', en: 'The airline sells no prepaid luggage on this route.' },
} as const;

/** The record of an issued PNR of the booking from its supplier (seeded from the booking on first use). */
export async function recordOf(deps: AfterSaleDeps, b: AfterSaleBooking, row: PnrRowFull, lang: Language): Promise<PnrRecord> {
  try {
    return await supplierOf(deps, row).retrieve(row.pnr!, { store: dbPnrStore(deps.db) }, seedRecord(b.booking, row));
  } catch (err) {
    throw supplierFailed(err, lang);
  }
}

export const supplierOf = (deps: AfterSaleDeps, row: PnrRowFull): PnrSupplier => deps.suppliers.pnr(sourceOf(row));

/** The issued PNR of the booking named `code`, not departed yet (404 / 409 otherwise). */
export function editablePnr(deps: AfterSaleDeps, b: AfterSaleBooking, code: string, lang: Language): PnrRowFull {
  const row = b.pnrs.find((p) => p.pnr === code);
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'pnr' });
  if (!isIssued(row)) throw conflict('notIssued', lang);
  if (departed(deps, row)) throw conflict('departed', lang);
  return row;
}

export function departed(deps: AfterSaleDeps, row: PnrRowFull): boolean {
  const first = (row.routeInfos as { from: string; departDate: string }[])[0];
  return !first || departureInstant(first.from, first.departDate).getTime() <= deps.now().getTime();
}

const directionRoute = (r: PnrRecord, direction: string) => {
  const segs = r.segments.filter((s) => s.direction === direction);
  return segs.length ? { route: `${segs[0].from}-${segs[segs.length - 1].to}`, segIds: segs.map((s) => s.segId) } : null;
};

/** What each passenger may buy per route: the catalogue's options above what is already bought there. */
function luggageRoutes(deps: AfterSaleDeps, r: PnrRecord, lang: Language): LuggageOffer['routes'] {
  return (['depart', 'return'] as const).flatMap((d) => {
    const dr = directionRoute(r, d);
    if (!dr) return [];
    const [from, to] = dr.route.split('-');
    return [{ pnr: r.pnr, route: dr.route, segIds: dr.segIds, options: deps.suppliers.luggageOptions(r.airline, from, to, lang) }];
  });
}

export async function hubOf(deps: AfterSaleDeps, actor: Actor, bookingId: number): Promise<AfterSaleHub> {
  const b = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const issued = b.pnrs.filter(isIssued);
  const records = await Promise.all(issued.map((row) => recordOf(deps, b, row, actor.lang)));
  const open = issued.filter((row) => !departed(deps, row));
  const can = async (path: string) => allowed(deps.enforcer, actor.ctx.permissions, path, 'POST');
  const state = (action: AfterSaleActionState['action'], permitted: boolean, extra: { reason?: keyof typeof ACTION_MESSAGES; priceFrom?: number; priceTo?: number }): AfterSaleActionState => {
    const reason = issued.length === 0 ? 'notIssued' : open.length === 0 ? 'departed' : !permitted ? 'permission' : extra.reason;
    return {
      action,
      allowed: reason === undefined,
      ...(reason ? { reason, message: ACTION_MESSAGES[reason][actor.lang] } : {}),
      ...(extra.priceFrom !== undefined ? { priceFrom: extra.priceFrom, priceTo: extra.priceTo } : {}),
    };
  };
  const prices = records.flatMap((r) => luggageRoutes(deps, r, actor.lang).flatMap((x) => x.options.map((o) => o.price)));
  const actions: AfterSaleActionState[] = [
    state('buy-luggage', await can(AFTERSALE_API.buyLuggage), prices.length ? { priceFrom: Math.min(...prices), priceTo: Math.max(...prices) } : { reason: 'noOptions' }),
    state('buy-seat', await can(AFTERSALE_API.buySeat), { priceFrom: 0, priceTo: 350_000 }),
    // aftersale2: exchange-route
    ...(await exchangeActions(deps, actor, records, open, can, state)),
    ...(await elementActions(deps, actor, { issued: issued.length > 0, open: open.length > 0, records })), // pnr-elements
    // pnr-segments
    ...(await segmentActions(deps, actor, bookingId)),
    // sched: submit-sc and change-route-status
    ...scheduleActions(actor, { issued: issued.length, open: open.length, records }),
    ...(await extrasActions(deps, actor, b, records)), // as14a: upgrade-luggage, buy-ancillary, add-infant-vj
    ...(await priceActions(deps, actor, bookingId)), // as14b: quote-best-price, process-price
  ];
  return { bookingId, status: b.booking.status, pnrs: records, actions };
}

export async function historyOf(deps: AfterSaleDeps, actor: Actor, bookingId: number, page: number, pageSize: number): Promise<{ data: HistoryEntry[]; total: number }> {
  await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const rows = await deps.db
    .select({ e: pnrEdits, userName: users.fullName })
    .from(pnrEdits)
    .leftJoin(users, eq(users.id, pnrEdits.userId))
    .where(eq(pnrEdits.bookingId, bookingId))
    .orderBy(desc(pnrEdits.createdAt), desc(pnrEdits.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ n }] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(pnrEdits).where(eq(pnrEdits.bookingId, bookingId));
  return {
    data: rows.map(({ e, userName }) => ({
      id: e.id,
      pnr: e.pnr,
      kind: e.kind,
      summary: e.summary,
      userName,
      createdAt: e.createdAt.toISOString(),
      amount: e.amount,
      entryId: e.entryId,
      before: e.before,
      after: e.after,
    })),
    total: n,
  };
}

export async function luggageOfferOf(deps: AfterSaleDeps, actor: Actor, bookingId: number): Promise<LuggageOffer> {
  const b = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const rows = b.pnrs.filter((r) => isIssued(r) && !departed(deps, r));
  if (rows.length === 0) throw conflict(b.pnrs.some(isIssued) ? 'departed' : 'notIssued', actor.lang);
  const records = await Promise.all(rows.map((row) => recordOf(deps, b, row, actor.lang)));
  const routes = records.flatMap((r) => luggageRoutes(deps, r, actor.lang));
  const bought = records.flatMap((r) =>
    r.baggage.map((bag) => ({ ...bag, pnr: r.pnr, route: routes.find((x) => x.pnr === r.pnr && x.segIds.join() === bag.segIds.join())?.route ?? '' })),
  );
  const names = records[0].names;
  return { passengers: names, routes, bought };
}

/** Buys checked luggage: each item replaces the passenger's bag on that route; the price is the option's. */
export async function buyLuggage(deps: AfterSaleDeps, actor: Actor, bookingId: number, body: BuyLuggageRequest): Promise<PaidEditResult> {
  const b = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const row = editablePnr(deps, b, body.pnr, actor.lang);
  // a replay (or the key reused) is answered before the PNR is checked again: the edit changed what is checked
  const again = await priorEdit(deps.db, actor, { idempotencyKey: body.idempotencyKey, bodyHash: editKeyHash(bookingId, body), bookingId: b.booking.id });
  if (again) return again;
  const before = await recordOf(deps, b, row, actor.lang);
  const routes = luggageRoutes(deps, before, actor.lang);
  const edits: PnrEdit[] = [];
  const problems: { index: number; problem: string }[] = [];
  const seen = new Set<string>();
  let amount = 0;
  body.items.forEach((item, index) => {
    const pax = before.names.find((n) => n.paxId === item.paxId);
    const route = routes.find((r) => r.route === item.route);
    const option = route?.options.find((o) => o.code === item.code);
    if (!pax) return problems.push({ index, problem: 'paxId' });
    if (pax.paxType === 'INF') return problems.push({ index, problem: 'infant' });
    if (!route) return problems.push({ index, problem: 'route' });
    if (!option) return problems.push({ index, problem: 'code' });
    // one bag purchase per passenger and route: a later item of the request replaces an earlier one
    const k = `${item.paxId}|${item.route}`;
    if (seen.has(k)) return problems.push({ index, problem: 'duplicate' });
    seen.add(k);
    // added only if the price is above 0
    if (option.price <= 0) return;
    amount += option.price;
    edits.push({ type: 'buyBaggage', baggage: { paxId: item.paxId, segIds: route.segIds, code: option.code, value: option.value, unit: option.unit, price: option.price } });
  });
  if (problems.length > 0) throw new ApiError(ErrorCode.VALIDATION, { reason: 'luggage', luggage: problems });
  if (edits.length === 0) throw conflict('nothingToBuy', actor.lang);
  const summary = `Mua thêm hành lý: ${edits.map((e) => (e.type === 'buyBaggage' ? `HK${e.baggage.paxId} ${e.baggage.value}${e.baggage.unit}` : '')).join(', ')}`;
  return paid(deps, actor, b, row, before, {
    kind: 'buy-luggage',
    key: body.idempotencyKey,
    hash: bodyHashOf({ bookingId, ...body, idempotencyKey: undefined }),
    amount,
    summary,
    edits,
    diff: (x, y) => ({ before: x.baggage, after: y.baggage, emds: y.emds.filter((m) => !x.emds.some((o) => o.number === m.number)).map((m) => m.number) }),
  });
}

export async function seatMapOf(deps: AfterSaleDeps, actor: Actor, bookingId: number, code: string, segId: number): Promise<SeatMap> {
  const b = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const row = editablePnr(deps, b, code, actor.lang);
  await recordOf(deps, b, row, actor.lang);
  try {
    return await supplierOf(deps, row).seatMap(code, segId, { store: dbPnrStore(deps.db) });
  } catch (err) {
    throw supplierFailed(err, actor.lang);
  }
}

/** Buys seats (one per passenger per segment: a new one replaces the earlier); free seats cost nothing. */
export async function buySeats(deps: AfterSaleDeps, actor: Actor, bookingId: number, body: BuySeatRequest): Promise<PaidEditResult> {
  const b = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const row = editablePnr(deps, b, body.pnr, actor.lang);
  // a replay (or the key reused) is answered before the PNR is checked again: the edit changed what is checked
  const again = await priorEdit(deps.db, actor, { idempotencyKey: body.idempotencyKey, bodyHash: editKeyHash(bookingId, body), bookingId: b.booking.id });
  if (again) return again;
  const before = await recordOf(deps, b, row, actor.lang);
  const supplier = supplierOf(deps, row);
  const store = dbPnrStore(deps.db);
  const maps = new Map<number, SeatMap>();
  const problems: { index: number; problem: string }[] = [];
  const edits: PnrEdit[] = [];
  let amount = 0;
  const seen = new Set<string>();
  for (const [index, s] of body.seats.entries()) {
    const pax = before.names.find((n) => n.paxId === s.paxId);
    if (!pax) {
      problems.push({ index, problem: 'paxId' });
      continue;
    }
    if (!before.segments.some((x) => x.segId === s.segId)) {
      problems.push({ index, problem: 'segId' });
      continue;
    }
    if (seen.has(`${s.paxId}|${s.segId}`) || seen.has(`${s.segId}|${s.seat}`)) {
      problems.push({ index, problem: 'duplicate' });
      continue;
    }
    seen.add(`${s.paxId}|${s.segId}`).add(`${s.segId}|${s.seat}`);
    let map = maps.get(s.segId);
    if (!map) {
      try {
        map = await supplier.seatMap(body.pnr, s.segId, { store });
      } catch (err) {
        throw supplierFailed(err, actor.lang);
      }
      maps.set(s.segId, map);
    }
    const problem = seatProblem(map, { paxId: s.paxId, paxType: pax.paxType }, s.seat);
    if (problem === 'taken') throw conflict('seatUnavailable', actor.lang, { seat: s.seat, segId: s.segId });
    if (problem) {
      problems.push({ index, problem });
      continue;
    }
    const cell = map.rows.flatMap((r) => r.cells).find((c) => c?.seat === s.seat)!;
    amount += cell.price;
    edits.push({ type: 'assignSeat', paxId: s.paxId, segId: s.segId, seat: s.seat, price: cell.price });
  }
  if (problems.length > 0) throw new ApiError(ErrorCode.VALIDATION, { reason: 'seats', seats: problems });
  const summary = `Chọn ghế: ${edits.map((e) => (e.type === 'assignSeat' ? `HK${e.paxId} chặng ${e.segId} ghế ${e.seat}` : '')).join(', ')}`;
  return paid(deps, actor, b, row, before, {
    kind: 'buy-seat',
    key: body.idempotencyKey,
    hash: bodyHashOf({ bookingId, ...body, idempotencyKey: undefined }),
    amount,
    summary,
    edits,
    diff: (x, y) => ({ before: x.seats, after: y.seats, emds: y.emds.filter((m) => !x.emds.some((o) => o.number === m.number)).map((m) => m.number) }),
  });
}

export async function paid(
  deps: AfterSaleDeps,
  actor: Actor,
  b: AfterSaleBooking,
  row: PnrRowFull,
  before: PnrRecord,
  e: { kind: string; key: string; hash: string; amount: number; summary: string; edits: PnrEdit[]; diff: (x: PnrRecord, y: PnrRecord) => { before: unknown; after: unknown; emds: string[] } },
): Promise<PaidEditResult> {
  return payForEdit(deps.db, actor, {
    bookingId: b.booking.id,
    agencyId: b.booking.agencyId,
    pnr: row.pnr!,
    kind: e.kind,
    idempotencyKey: e.key,
    bodyHash: e.hash,
    amount: e.amount,
    summary: e.summary,
    diff: e.diff,
    before,
    apply: async () => {
      const after = await supplierOf(deps, row).edit({ pnr: row.pnr!, idempotencyKey: e.key, edits: e.edits, at: deps.now().toISOString() }, { store: dbPnrStore(deps.db) });
      return { before, after };
    },
  });
}

