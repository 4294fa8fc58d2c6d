/**
 * Segment and passenger-structure edits of an issued booking (pnr-segments):
 *
 *   GET  /api/aftersale/bookings/:id/route-offers   ?pnr&from&to&date → RouteOffer[]    open (booking scope)
 *   POST /api/aftersale/bookings/:id/routes         addRouteRequest → paidEditResult   open; PIN; paid
 *   POST /api/aftersale/bookings/:id/routes/remove  removeRouteRequest → paidEditResult   open; free
 *   POST /api/aftersale/bookings/:id/arnk           addArnkRequest → paidEditResult       open; free
 *   GET  /api/aftersale/bookings/:id/class-quotes   ?pnr&segId → ClassOption[]          open
 *   POST /api/aftersale/bookings/:id/class          changeClassRequest → paidEditResult   open; PIN; the difference paid
 *   POST /api/aftersale/bookings/:id/check-in/remove removeCheckInRequest → paidEditResult open; free
 *   POST /api/aftersale/bookings/:id/split          splitRequest → splitResult            open; free
 *   GET  /api/aftersale/bookings/:id/infant-quote   ?pnr&parentId → InfantQuote          open
 *   POST /api/aftersale/bookings/:id/infant         addInfantRequest → paidEditResult     open; PIN; paid (GDS only)
 *
 * Prices come from the PNR's own source (its quotes, never the client). Every edit is one supplier call through
 * payForEdit (idempotent by key, one C entry when it costs money, reversed if the airline fails, history and
 * audit). The seat inventory follows the itinerary: a new segment or class takes seats before the airline is
 * asked (given back if it refuses), a removed segment or class gives them back once the airline confirmed.
 *
 * split-passenger: the moved passengers get a new PNR at the airline AND a new pnrs row of the same booking
 * (same airline, source, flights and fares; their paxInfos, tickets and seat holds; totalPrice their share of
 * the fares and bags). The new row has no charge entry (the tickets were paid by the original PNR's entry), so
 * it cannot be voided alone; both PNRs show in the booking and each gets a history row naming the other.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import { bookingIdParams, paidEditResult, type AfterSaleActionState, type PaidEditResult, type PnrRecord, type PnrSegment } from '../../contract/aftersale';
import {
  addArnkRequest,
  addInfantRequest,
  addRouteRequest,
  arnkProblem,
  changeClassRequest,
  classChangeQuote,
  classQuotesQuery,
  farePrice,
  flownOrder,
  infantProblems,
  infantQuoteQuery,
  INFANT_GDS_SOURCES,
  itineraryGaps,
  paxCountsOf,
  paxFare,
  removeCheckInRequest,
  removeRouteRequest,
  routeOffersQuery,
  seatsNeeded,
  SEGMENT_EDIT_API,
  splitRequest,
  splitResult,
  splitSelection,
  type AddArnkRequest,
  type AddInfantRequest,
  type AddRouteRequest,
  type ChangeClassRequest,
  type ClassOption,
  type InfantQuote,
  type RemoveCheckInRequest,
  type RemoveRouteRequest,
  type RouteOffer,
  type SplitRequest,
  type SplitResult,
} from '../../contract/aftersale-segments';
import { splitMoney, type PaidEditRecord, type PnrExtra } from '../../contract/aftersale-money';
import { nameLines, segmentLine, segmentLines, ticketLines, tstLine } from '../../contract/aftersale-pnrsync';
import type { Language } from '../../contract/constants';
import { todayInVietnam } from '../../contract/business-day';
import { ErrorCode } from '../../contract/errors';
import type { FlightOffer, PriceInfo, Source } from '../../contract/flights';
import { allowed } from '../../policies/enforcer';
import { seatsTakenReader } from '../flights/service';
import { defineEndpoint } from '../platform/access/endpoint';
import { PIN_NOTE } from '../platform/access/pin';
import { authorizePaidCall } from '../platform/access/paid';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { Conn } from '../platform/db/client';
import { bookings, pnrEdits, pnrs, supplierPnrs, type PnrTicket, type SeatHold } from '../platform/db/schema';
import { luggageOfPnr, type PricedLuggage, type StoredFare, type StoredPaxInfo } from '../bookings/service';
import { ApiError } from '../platform/http/errors';
import type { GatewayContext } from '../platform/module';
import { requireAuth } from '../platform/tenancy/scope';
import { seatKey, SupplierError, type PnrEdit } from '../suppliers';
import { type Actor, editKeyHash, payForEdit, priorEdit, refuser, registerEditFollowUp, supplierFailed } from './payment';
import { dbPnrStore } from './pnr-store';
import { releaseFor, takeFor } from './seat-holds';
import { afterSaleBooking, isIssued, type AfterSaleBooking, type PnrRowFull } from './record';
import { departed, editablePnr, paid, recordOf, supplierOf, type AfterSaleDeps } from './services';

// ----- Messages ----------------------------------------------------------------------------------------------

const REFUSALS = {
  notGds: { vi: 'Chỉ thêm em bé trên đặt chỗ qua GDS (1A, 1B, 1G). Đặt chỗ VJ dùng "Thêm em bé (VJ)".', en: 'Infants are added here only on GDS bookings (1A, 1B, 1G). For VJ use "Add infant (VJ)".' },
  noCheckIn: { vi: 'Chưa có hành khách nào làm thủ tục trực tuyến. Chức năng này dùng sau khi làm thủ tục.', en: 'No passenger is checked in online. This is for after online check-in.' },
  noGap: { vi: 'Hành trình liền mạch: không có chỗ nào cần ARNK.', en: 'The itinerary is continuous: there is nowhere an ARNK is needed.' },
  onePassenger: { vi: 'Cần ít nhất hai hành khách (không tính em bé) để tách PNR.', en: 'A split needs at least two passengers (infants not counted).' },
  oneSegment: { vi: 'PNR chỉ có một chặng: hãy hủy hoặc hoàn vé thay vì xóa chặng.', en: 'The PNR has one segment only: void or refund the ticket instead of removing it.' },
  allHaveInfants: { vi: 'Mỗi người lớn đã có một em bé đi kèm.', en: 'Every adult already has an infant.' },
  continuous: { vi: 'Hành trình liền mạch sau chặng này: không thêm ARNK được.', en: 'The itinerary is continuous after this segment: an ARNK cannot be added.' },
  alreadyFilled: { vi: 'Đã có ARNK sau chặng này.', en: 'There is already an ARNK after this segment.' },
  noSegment: { vi: 'Không có chặng bay này trong PNR. Vui lòng tải lại trang.', en: 'No such segment in the PNR. Please reload the page.' },
  flightNotFound: { vi: 'Không còn chuyến bay hoặc hạng này. Vui lòng tìm lại chuyến bay.', en: 'The flight or class is no longer offered. Please search again.' },
  noSeats: { vi: 'Hạng này không còn đủ chỗ cho các hành khách của PNR. Vui lòng chọn hạng khác.', en: 'The class has no longer enough seats for the PNR’s passengers. Please choose another class.' },
  sameClass: { vi: 'Chặng đã ở hạng này. Vui lòng chọn hạng khác.', en: 'The segment is already in this class. Please choose another one.' },
  notConfirmed: { vi: 'Chặng bay không còn xác nhận (HK): không đổi hạng được.', en: 'The segment is not confirmed (HK): its class cannot be changed.' },
  checkedIn: { vi: 'Hành khách đã làm thủ tục trên chặng này. Hãy hủy làm thủ tục trước.', en: 'Passengers are checked in on this segment. Cancel the check-in first.' },
  notCheckedIn: { vi: 'Hành khách đã chọn chưa làm thủ tục trên chặng này.', en: 'A chosen passenger is not checked in on this segment.' },
  pastDate: { vi: 'Ngày bay đã qua. Vui lòng chọn ngày khác.', en: 'The date has passed. Please choose another date.' },
  sameFlight: { vi: 'Chuyến bay này đã có trong PNR.', en: 'This flight is already in the PNR.' },
  splitNotSupported: { vi: 'Hệ thống đặt chỗ này không hỗ trợ tách PNR.', en: 'This reservation system cannot split a PNR.' },
  splitNone: { vi: 'Chọn ít nhất một hành khách để tách.', en: 'Choose at least one passenger to split off.' },
  splitAll: { vi: 'Không thể tách tất cả hành khách: hãy để lại ít nhất một người ở PNR cũ.', en: 'Not every passenger can be split off: leave at least one in the original PNR.' },
  splitUnknown: { vi: 'Có hành khách không thuộc PNR này.', en: 'A passenger is not in this PNR.' },
  splitInfantAlone: { vi: 'Em bé đi cùng người lớn: hãy chọn người lớn của em bé.', en: 'An infant travels with its adult: choose the adult.' },
  splitDuplicate: { vi: 'Một hành khách được chọn hai lần.', en: 'A passenger was chosen twice.' },
  hasInfant: { vi: 'Người lớn này đã có em bé đi kèm.', en: 'This adult already has an infant.' },
  notAdult: { vi: 'Em bé phải đi cùng một người lớn của PNR.', en: 'An infant must travel with an adult of the PNR.' },
} as const satisfies Record<string, Record<Language, string>>;

type Refusal = keyof typeof REFUSALS;

const refuse = refuser(REFUSALS);

// ----- Quotes from the PNR's source ----------------------------------------------------------------------------

/** The same-source offers of a day for one flight (single segment), without the inventory's adjustment unless `db`. */
async function quoteFlight(deps: AfterSaleDeps, source: Source, q: { from: string; to: string; date: string; counts: { adt: number; chd: number; inf: number } }, db?: Conn): Promise<FlightOffer[]> {
  try {
    return await deps.suppliers.flightQuotes(source).search(
      { from: q.from, to: q.to, departDate: q.date, pax: { adt: Math.max(1, q.counts.adt), chd: q.counts.chd, inf: q.counts.inf } },
      db ? { seatsTaken: seatsTakenReader(db) } : undefined,
    );
  } catch (err) {
    throw supplierFailed(err, 'vi');
  }
}

const sameFlight = (o: FlightOffer, airline: string, flightNo: string) => o.airline === airline && o.routeInfo.length === 1 && o.routeInfo[0].flightNo === flightNo;

/** The offer of a PNR segment's flight (capacity before the inventory when `db` is not given). */
async function segmentOffer(deps: AfterSaleDeps, r: PnrRecord, s: PnrSegment, db?: Conn): Promise<FlightOffer | undefined> {
  const offers = await quoteFlight(deps, r.source as Source, { from: s.from, to: s.to, date: s.departDate.slice(0, 10), counts: paxCountsOf(r.names) }, db);
  return offers.find((o) => sameFlight(o, r.airline, s.flightNo));
}

/** The fare of the PNR's passengers on a segment in a class: fare + tax + VAT per type. */
const perTypeOf = (r: PnrRecord, p: PriceInfo) =>
  (['ADT', 'CHD', 'INF'] as const).filter((t) => r.names.some((n) => n.paxType === t)).map((t) => ({ paxType: t, fare: paxFare(p, t) - taxOf(p, t), tax: taxOf(p, t) }));
const taxOf = (p: PriceInfo, t: 'ADT' | 'CHD' | 'INF') => (t === 'ADT' ? p.taxADT + p.vatADT : t === 'CHD' ? p.taxCHD + p.vatCHD : p.taxINF + p.vatINF);

/** What the PNR holds for a segment now: its own stored fares when they cover it alone, else today's price of its class. */
function currentTotal(r: PnrRecord, s: PnrSegment, offer: FlightOffer | undefined): number {
  const counts = paxCountsOf(r.names);
  const own = r.tst.filter((t) => t.segIds.length === 1 && t.segIds[0] === s.segId);
  if (own.length > 0) return own.reduce((sum, t) => sum + t.total * (t.paxType === 'ADT' ? counts.adt : t.paxType === 'CHD' ? counts.chd : counts.inf), 0);
  const p = offer?.priceInfo.find((x) => x.class === s.class);
  return p ? farePrice(p, counts) : 0;
}

// ----- The seat inventory ----------------------------------------------------------------------------------------

const holdKey = (s: Pick<PnrSegment, 'flightNo' | 'departDate'>) => seatKey(s.flightNo, s.departDate.slice(0, 10));

// ----- Edits ---------------------------------------------------------------------------------------------------

// pnrsync: the history keeps readable lines of the itinerary (segments and ARNKs in the order flown)
const segmentsDiff = (x: PnrRecord, y: PnrRecord) => ({ before: segmentLines(x), after: segmentLines(y), emds: [] as string[] });

const label = (s: Pick<PnrSegment, 'flightNo' | 'from' | 'to' | 'departDate' | 'class'>) => `${s.flightNo} ${s.from}-${s.to} ${s.departDate.replace('T', ' ')} hạng ${s.class}`;

async function prepare(deps: AfterSaleDeps, actor: Actor, bookingId: number, code: string) {
  const b = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const row = editablePnr(deps, b, code, actor.lang);
  const record = await recordOf(deps, b, row, actor.lang);
  return { b, row, record };
}

const keyHash = editKeyHash;

/**
 * A request key already used: its stored result (or 409 idempotencyKeyReused for another body) before any check
 * of the PNR as it is now, since the edit itself changed it. Null for a new key, or one a recovery freed.
 */
async function replayed(deps: AfterSaleDeps, actor: Actor, b: AfterSaleBooking, _row: PnrRowFull, _kind: string, body: { idempotencyKey: string }): Promise<PaidEditResult | null> {
  return priorEdit(deps.db, actor, { idempotencyKey: body.idempotencyKey, bodyHash: keyHash(b.booking.id, body), bookingId: b.booking.id });
}

/**
 * The inventory side of a segment edit, for a recovery (payment.ts): seats taken for the row before the airline
 * call (`taken`, given back when the edit did not land) and seats to give back once it landed (`freed`).
 */
interface InventoryFollowUp {
  rowId: number;
  taken?: { key: string; class: string };
  freed?: { key: string; class: string };
}

registerEditFollowUp('segment-inventory', {
  landed: async (db, data) => {
    const d = data as InventoryFollowUp;
    if (d.freed) await releaseFor({ db }, d.rowId, d.freed.key, d.freed.class);
  },
  undone: async (db, data) => {
    const d = data as InventoryFollowUp;
    if (d.taken) await releaseFor({ db }, d.rowId, d.taken.key, d.taken.class);
  },
});

const inventory = (d: InventoryFollowUp) => ({ name: 'segment-inventory', data: d });

export async function routeOffers(deps: AfterSaleDeps, actor: Actor, bookingId: number, q: z.infer<typeof routeOffersQuery>): Promise<RouteOffer[]> {
  const { record } = await prepare(deps, actor, bookingId, q.pnr);
  if (q.date < todayInVietnam(deps.now())) throw refuse('pastDate', actor.lang);
  const counts = paxCountsOf(record.names);
  const offers = await quoteFlight(deps, record.source as Source, { from: q.from, to: q.to, date: q.date, counts }, deps.db);
  return offers
    .filter((o) => o.airline === record.airline && o.routeInfo.length === 1 && !record.segments.some((s) => s.flightNo === o.routeInfo[0].flightNo && s.departDate.slice(0, 10) === q.date))
    .map((o) => {
      const r = o.routeInfo[0];
      return {
        flightNo: r.flightNo,
        carrier: r.carrierCode,
        from: r.from,
        to: r.to,
        departDate: r.departDate,
        arrivalDate: r.arrivalDate,
        aircraft: r.airCraft,
        classes: o.priceInfo.map((p) => ({ class: p.class, cabinClass: p.fareInfo.cabinClass, fareBasis: p.fareInfo.fareBasis, seatAvailable: p.seatAvailable, total: farePrice(p, counts) })),
      };
    })
    .sort((a, b) => a.departDate.localeCompare(b.departDate));
}

export async function addRoute(deps: AfterSaleDeps, actor: Actor, bookingId: number, body: AddRouteRequest): Promise<PaidEditResult> {
  const { b, row, record } = await prepare(deps, actor, bookingId, body.pnr);
  const again = await replayed(deps, actor, b, row, 'add-route', body);
  if (again) return again;
  if (body.departDate < todayInVietnam(deps.now())) throw refuse('pastDate', actor.lang);
  if (record.segments.some((s) => s.flightNo === body.flightNo && s.departDate.slice(0, 10) === body.departDate)) throw refuse('sameFlight', actor.lang);
  const counts = paxCountsOf(record.names);
  // the capacity before the inventory, and the price, from the source (never the client)
  const offers = await quoteFlight(deps, record.source as Source, { from: body.from, to: body.to, date: body.departDate, counts });
  const offer = offers.find((o) => sameFlight(o, record.airline, body.flightNo));
  const price = offer?.priceInfo.find((p) => p.class === body.class);
  if (!offer || !price) throw refuse('flightNotFound', actor.lang);
  const leg = offer.routeInfo[0];
  const n = seatsNeeded(counts);
  const key = seatKey(leg.flightNo, leg.departDate.slice(0, 10));
  const taken = await seatsTakenReader(deps.db)(key, body.class);
  if (price.seatAvailable - taken < n) throw refuse('noSeats', actor.lang);
  const amount = farePrice(price, counts);
  const segment = {
    carrier: leg.carrierCode,
    flightNo: leg.flightNo,
    from: leg.from,
    to: leg.to,
    departDate: leg.departDate,
    arrivalDate: leg.arrivalDate,
    class: price.class,
    cabinClass: price.fareInfo.cabinClass,
    aircraft: leg.airCraft,
    direction: 'depart' as const,
  };
  const edit: PnrEdit = { type: 'addSegment', segment, fareBasis: price.fareInfo.fareBasis, perType: perTypeOf(record, price) };
  return payForEdit(deps.db, actor, {
    bookingId: b.booking.id,
    agencyId: b.booking.agencyId,
    pnr: row.pnr!,
    kind: 'add-route',
    idempotencyKey: body.idempotencyKey,
    bodyHash: keyHash(bookingId, body),
    amount,
    summary: `Thêm chặng ${label(segment)}`,
    diff: segmentsDiff,
    before: record,
    followUp: inventory({ rowId: row.id, taken: { key, class: price.class } }),
    knownLegs: offer.routeInfo,
    apply: async () => {
      if (!(await takeFor(deps, row.id, key, price.class, n, price.seatAvailable))) throw new SupplierError('NO_AVAILABILITY', { source: row.source as Source, vi: REFUSALS.noSeats.vi, en: REFUSALS.noSeats.en });
      try {
        const after = await supplierOf(deps, row).edit({ pnr: row.pnr!, idempotencyKey: body.idempotencyKey, edits: [edit], at: deps.now().toISOString() }, { store: dbPnrStore(deps.db) });
        return { before: record, after };
      } catch (err) {
        await releaseFor(deps, row.id, key, price.class);
        throw err;
      }
    },
  });
}

/** A free edit of the supplier record, through payForEdit (idempotent, history, audit). */
function freeEdit(
  deps: AfterSaleDeps,
  actor: Actor,
  ctx: { b: AfterSaleBooking; row: PnrRowFull; record: PnrRecord },
  kind: string,
  body: { idempotencyKey: string },
  summary: string,
  edits: PnrEdit[],
  diff: (x: PnrRecord, y: PnrRecord) => { before: unknown; after: unknown; emds: string[] } = segmentsDiff,
  after?: (r: PnrRecord) => Promise<void>,
  followUp?: { name: string; data: unknown },
) {
  return payForEdit(deps.db, actor, {
    bookingId: ctx.b.booking.id,
    agencyId: ctx.b.booking.agencyId,
    pnr: ctx.row.pnr!,
    kind,
    idempotencyKey: body.idempotencyKey,
    bodyHash: keyHash(ctx.b.booking.id, body),
    amount: 0,
    summary,
    diff,
    before: ctx.record,
    followUp,
    apply: async () => {
      const next = await supplierOf(deps, ctx.row).edit({ pnr: ctx.row.pnr!, idempotencyKey: body.idempotencyKey, edits, at: deps.now().toISOString() }, { store: dbPnrStore(deps.db) });
      await after?.(next);
      return { before: ctx.record, after: next };
    },
  });
}

export async function removeRoute(deps: AfterSaleDeps, actor: Actor, bookingId: number, body: RemoveRouteRequest): Promise<PaidEditResult> {
  const c = await prepare(deps, actor, bookingId, body.pnr);
  const again = await replayed(deps, actor, c.b, c.row, 'remove-route', body);
  if (again) return again;
  const s = c.record.segments.find((x) => x.segId === body.segId);
  if (!s) throw refuse('noSegment', actor.lang);
  if (c.record.segments.length === 1) throw refuse('oneSegment', actor.lang);
  if ((c.record.checkIns ?? []).some((x) => x.segId === s.segId)) throw refuse('checkedIn', actor.lang);
  return freeEdit(deps, actor, c, 'remove-route', body, `Xóa chặng ${label(s)} (vé giữ nguyên, phần giá vé của chặng không tự hoàn)`, [{ type: 'removeSegment', segId: s.segId }], segmentsDiff, async () => {
    // the airline confirmed: its seats go back to the inventory
    await releaseFor(deps, c.row.id, holdKey(s), s.class);
  }, inventory({ rowId: c.row.id, freed: { key: holdKey(s), class: s.class } }));
}

export async function addArnk(deps: AfterSaleDeps, actor: Actor, bookingId: number, body: AddArnkRequest): Promise<PaidEditResult> {
  const c = await prepare(deps, actor, bookingId, body.pnr);
  const again = await replayed(deps, actor, c.b, c.row, 'add-arunk', body);
  if (again) return again;
  const problem = arnkProblem(c.record, body.afterSegId);
  if (problem) throw refuse(problem, actor.lang);
  const gap = itineraryGaps(c.record).find((g) => g.afterSegId === body.afterSegId)!;
  return freeEdit(deps, actor, c, 'add-arunk', body, `Thêm ARNK ${gap.from}-${gap.to}`, [{ type: 'addArnk', afterSegId: body.afterSegId }]);
}

export async function classQuotes(deps: AfterSaleDeps, actor: Actor, bookingId: number, q: z.infer<typeof classQuotesQuery>): Promise<ClassOption[]> {
  const { record } = await prepare(deps, actor, bookingId, q.pnr);
  const s = record.segments.find((x) => x.segId === q.segId);
  if (!s) throw refuse('noSegment', actor.lang);
  const offer = await segmentOffer(deps, record, s, deps.db);
  if (!offer) return [];
  const counts = paxCountsOf(record.names);
  const oldTotal = currentTotal(record, s, offer);
  return offer.priceInfo.map((p) => ({
    class: p.class,
    cabinClass: p.fareInfo.cabinClass,
    fareBasis: p.fareInfo.fareBasis,
    seatAvailable: p.seatAvailable,
    current: p.class === s.class,
    ...classChangeQuote(oldTotal, farePrice(p, counts)),
  }));
}

export async function changeClass(deps: AfterSaleDeps, actor: Actor, bookingId: number, body: ChangeClassRequest): Promise<PaidEditResult> {
  const { b, row, record } = await prepare(deps, actor, bookingId, body.pnr);
  const again = await replayed(deps, actor, b, row, 'change-route-class', body);
  if (again) return again;
  const s = record.segments.find((x) => x.segId === body.segId);
  if (!s) throw refuse('noSegment', actor.lang);
  if (s.class === body.class) throw refuse('sameClass', actor.lang);
  if (s.status !== 'HK') throw refuse('notConfirmed', actor.lang);
  if ((record.checkIns ?? []).some((x) => x.segId === s.segId)) throw refuse('checkedIn', actor.lang);
  const offer = await segmentOffer(deps, record, s);
  const price = offer?.priceInfo.find((p) => p.class === body.class);
  if (!offer || !price) throw refuse('flightNotFound', actor.lang);
  const counts = paxCountsOf(record.names);
  const quote = classChangeQuote(currentTotal(record, s, offer), farePrice(price, counts));
  const n = seatsNeeded(counts);
  const key = holdKey(s);
  if (price.seatAvailable - (await seatsTakenReader(deps.db)(key, body.class)) < n) throw refuse('noSeats', actor.lang);
  const edit: PnrEdit = { type: 'changeClass', segId: s.segId, class: price.class, cabinClass: price.fareInfo.cabinClass, fareBasis: price.fareInfo.fareBasis, perType: perTypeOf(record, price) };
  const residual = quote.residual > 0 ? ` (còn dư ${quote.residual} ₫ trên vé, không tự hoàn)` : '';
  return payForEdit(deps.db, actor, {
    bookingId: b.booking.id,
    agencyId: b.booking.agencyId,
    pnr: row.pnr!,
    kind: 'change-route-class',
    idempotencyKey: body.idempotencyKey,
    bodyHash: keyHash(bookingId, body),
    amount: quote.toPay,
    summary: `Đổi hạng ${s.flightNo} ${s.from}-${s.to}: ${s.class} → ${price.class}${residual}`,
    diff: (x, y) => {
      // pnrsync: the segment and its stored fares, before and after
      const lines = (r: PnrRecord) => [...r.segments.filter((g) => g.segId === s.segId).map(segmentLine), ...r.tst.filter((t) => t.segIds.includes(s.segId)).map(tstLine)];
      return { before: lines(x), after: lines(y), emds: [] };
    },
    before: record,
    followUp: inventory({ rowId: row.id, taken: { key, class: price.class }, freed: { key, class: s.class } }),
    apply: async () => {
      if (!(await takeFor(deps, row.id, key, price.class, n, price.seatAvailable))) throw new SupplierError('NO_AVAILABILITY', { source: row.source as Source, vi: REFUSALS.noSeats.vi, en: REFUSALS.noSeats.en });
      let after: PnrRecord;
      try {
        after = await supplierOf(deps, row).edit({ pnr: row.pnr!, idempotencyKey: body.idempotencyKey, edits: [edit], at: deps.now().toISOString() }, { store: dbPnrStore(deps.db) });
      } catch (err) {
        await releaseFor(deps, row.id, key, price.class);
        throw err;
      }
      await releaseFor(deps, row.id, key, s.class);
      return { before: record, after };
    },
  });
}

export async function removeCheckIn(deps: AfterSaleDeps, actor: Actor, bookingId: number, body: RemoveCheckInRequest): Promise<PaidEditResult> {
  const c = await prepare(deps, actor, bookingId, body.pnr);
  const again = await replayed(deps, actor, c.b, c.row, 'remove-checkIn', body);
  if (again) return again;
  const s = c.record.segments.find((x) => x.segId === body.segId);
  if (!s) throw refuse('noSegment', actor.lang);
  if (body.paxIds.some((p) => !(c.record.checkIns ?? []).some((x) => x.paxId === p && x.segId === s.segId))) throw refuse('notCheckedIn', actor.lang);
  const names = body.paxIds.map((p) => `HK${p}`).join(', ');
  return freeEdit(deps, actor, c, 'remove-checkIn', body, `Hủy làm thủ tục ${s.flightNo} ${s.from}-${s.to}: ${names}`, [{ type: 'removeCheckIn', segId: s.segId, paxIds: body.paxIds }], (x, y) => ({
    before: x.checkIns ?? [],
    after: y.checkIns ?? [],
    emds: [],
  }));
}

// ----- split-passenger -------------------------------------------------------------------------------------------

const PNR_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** The new PNR of a split, the same for the same request key (a retry finds its split done). */
function splitCode(key: string, attempt: number): string {
  const h = createHash('sha256').update(`split|${key}|${attempt}`).digest();
  return Array.from({ length: 6 }, (_, i) => PNR_ALPHABET[h[i] % PNR_ALPHABET.length]).join('');
}

async function freeSplitCode(conn: Conn, key: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const code = splitCode(key, attempt);
    const [sup] = await conn.select({ record: supplierPnrs.record }).from(supplierPnrs).where(eq(supplierPnrs.pnr, code));
    // a retry of the same split finds its own child
    if (sup && (sup.record as PnrRecord).appliedKeys.includes(key)) return code;
    const [row] = await conn.select({ id: pnrs.id }).from(pnrs).where(eq(pnrs.pnr, code));
    if (!sup && !row) return code;
  }
}

export async function splitPassengers(deps: AfterSaleDeps, actor: Actor, bookingId: number, body: SplitRequest): Promise<SplitResult> {
  const c = await prepare(deps, actor, bookingId, body.pnr);
  const supplier = supplierOf(deps, c.row);
  if (!supplier.split) throw refuse('splitNotSupported', actor.lang);
  // a retry of a split already made answers it again (its passengers are no longer in this PNR)
  const done = await priorEdit(deps.db, actor, { idempotencyKey: body.idempotencyKey, bodyHash: keyHash(bookingId, body), bookingId });
  const sel = done ? { moved: [] as number[] } : splitSelection(c.record.names, body.paxIds);
  if ('problem' in sel) {
    const reason = ({ none: 'splitNone', all: 'splitAll', unknown: 'splitUnknown', infantAlone: 'splitInfantAlone', duplicate: 'splitDuplicate' } as const)[sel.problem];
    throw refuse(reason, actor.lang);
  }
  const moved = sel.moved;
  const newPnr = await freeSplitCode(deps.db, body.idempotencyKey);
  const nameOf = (id: number) => c.record.names.find((n) => n.paxId === id);
  const who = moved.map((id) => `${nameOf(id)?.lastName} ${nameOf(id)?.firstName}`).join(', ');
  const result = await payForEdit(deps.db, actor, {
    bookingId: c.b.booking.id,
    agencyId: c.b.booking.agencyId,
    pnr: c.row.pnr!,
    kind: 'split-passenger',
    idempotencyKey: body.idempotencyKey,
    bodyHash: keyHash(bookingId, body),
    amount: 0,
    summary: `Tách hành khách ${who} sang PNR ${newPnr}`,
    diff: (x, y) => ({ before: [...nameLines(x), ...ticketLines(x)], after: [...nameLines(y), ...ticketLines(y), `SPLIT TO ${newPnr}`], emds: [] }),
    before: c.record,
    followUp: { name: 'split-rows', data: { rowId: c.row.id, moved, newPnr, userId: actor.ctx.user.id, agencyId: actor.ctx.agency.id, before: c.record } satisfies SplitFollowUp },
    apply: async () => {
      const { parent, child } = await supplier.split!({ pnr: c.row.pnr!, newPnr, idempotencyKey: body.idempotencyKey, paxIds: moved, at: deps.now().toISOString() }, { store: dbPnrStore(deps.db) });
      await splitRows(deps, { userId: actor.ctx.user.id, agencyId: actor.ctx.agency.id, meta: actor.meta }, c.row.id, c.record, child, moved, newPnr);
      return { before: c.record, after: parent };
    },
  });
  if (result.replayed) {
    const child = await dbPnrStore(deps.db).load(newPnr);
    return { pnr: c.row.pnr!, newPnr, moved: child?.record.names.map((n) => n.paxId) ?? [], replayed: true };
  }
  return { pnr: c.row.pnr!, newPnr, moved, replayed: false };
}

/** The booking's pnrs rows after a split: the moved passengers, tickets, seat holds and price share go to a new row. */
/** What a recovery needs to finish a split the airline made (the gateway's rows, split-rows). */
interface SplitFollowUp {
  rowId: number;
  moved: number[];
  newPnr: string;
  userId: number;
  agencyId: number;
  before: PnrRecord;
}

registerEditFollowUp('split-rows', {
  landed: async (db, data) => {
    const d = data as SplitFollowUp;
    const child = await dbPnrStore(db).load(d.newPnr);
    if (child) await splitRows({ db }, { userId: d.userId, agencyId: d.agencyId }, d.rowId, d.before, child.record, d.moved, d.newPnr);
  },
});

/** The booking's pnrs rows after a split (once: a row of the new PNR already there means it was done). */
async function splitRows(deps: Pick<AfterSaleDeps, 'db'>, actor: { userId: number; agencyId: number; meta?: RequestMeta }, rowId: number, before: PnrRecord, child: PnrRecord, moved: number[], newPnr: string) {
  const movedNames = before.names.filter((n) => moved.includes(n.paxId));
  const seatedMoved = movedNames.filter((n) => n.paxType !== 'INF').length;
  await deps.db.transaction(async (tx) => {
    const [cur] = await tx.select().from(pnrs).where(eq(pnrs.id, rowId)).for('update');
    const [already] = await tx.select({ id: pnrs.id }).from(pnrs).where(eq(pnrs.pnr, newPnr));
    if (already) return;
    const paxInfos = cur.paxInfos as StoredPaxInfo[];
    const keep = (id: number) => !moved.includes(id);
    const holds = (cur.seatHolds as SeatHold[]).map((h) => ({ ...h, n: Math.max(0, h.n - seatedMoved) }));
    const childHolds = (cur.seatHolds as SeatHold[]).map((h) => ({ ...h, n: Math.min(h.n, seatedMoved) }));
    // the money: the moved passengers ticketed at issue take their fares (the row's stored fares, as the detail grid
    // counts them) and their luggage bought with the booking; the extras bought for them after sale (their edits'
    // history) go with them; the issue fee and the PNR-wide extras stay. No money moves: the totals add up.
    const fares = cur.fareData as StoredFare[];
    const unit = (t: 'ADT' | 'CHD' | 'INF') => fares.reduce((s, f) => s + (Number(f[`fare${t}`]) || 0) + (Number(f[`tax${t}`]) || 0) + (Number(f[`vat${t}`]) || 0), 0);
    const movedPax = paxInfos.filter((p) => !keep(p.paxId));
    const [b] = await tx.select({ luggage: bookings.luggage }).from(bookings).where(eq(bookings.id, cur.bookingId));
    const bags = luggageOfPnr({ ...cur, paxInfos: movedPax }, (b?.luggage ?? []) as PricedLuggage[]).reduce((s, l) => s + l.price, 0);
    const movedBase = movedPax.filter((p) => !p.addedAfterSale).reduce((s, p) => s + unit(p.type), 0) + bags;
    const edits = await tx
      .select({ kind: pnrEdits.kind, amount: pnrEdits.amount, before: pnrEdits.before, after: pnrEdits.after })
      .from(pnrEdits)
      .where(and(eq(pnrEdits.bookingId, cur.bookingId), eq(pnrEdits.pnr, cur.pnr!), gt(pnrEdits.amount, 0)));
    const money = splitMoney({ totalPrice: cur.totalPrice, extras: cur.extras as PnrExtra[], movedBase, moved, edits: edits as PaidEditRecord[] });
    await tx
      .update(pnrs)
      .set({
        paxInfos: paxInfos.filter((p) => keep(p.paxId)),
        tickets: (cur.tickets as PnrTicket[]).filter((t) => keep(t.paxId)),
        seatHolds: holds,
        totalPrice: money.parent.totalPrice,
        extras: money.parent.extras,
        updatedAt: new Date(),
      })
      .where(eq(pnrs.id, rowId));
    await tx.insert(pnrs).values({
      bookingId: cur.bookingId,
      airline: cur.airline,
      source: cur.source,
      pnr: newPnr,
      recordStatus: cur.recordStatus,
      timeLimit: cur.timeLimit,
      message: `Tách từ PNR ${cur.pnr}`,
      totalPrice: money.child.totalPrice,
      extras: money.child.extras,
      routeInfos: cur.routeInfos,
      fareData: cur.fareData,
      paxInfos: paxInfos.filter((p) => !keep(p.paxId)),
      seatHolds: childHolds,
      tickets: (cur.tickets as PnrTicket[]).filter((t) => !keep(t.paxId)),
      issuedAt: cur.issuedAt,
      issuedBy: cur.issuedBy,
      voidUntil: null,
      chargeEntryId: null,
    });
    // the new PNR's own history starts with the split
    await tx.insert(pnrEdits).values({
      bookingId: cur.bookingId,
      pnr: newPnr,
      kind: 'split-passenger',
      summary: `Tách từ PNR ${cur.pnr}: ${movedNames.map((n) => `${n.lastName} ${n.firstName}`).join(', ')}`,
      userId: actor.userId,
      amount: 0,
      entryId: null,
      before: [`SPLIT FROM ${cur.pnr}`, ...nameLines(before)],
      after: [...nameLines(child), ...ticketLines(child)],
    });
    await writeAudit(tx, { userId: actor.userId, agencyId: actor.agencyId, action: 'aftersale.edited', target: newPnr, detail: { kind: 'split-passenger', bookingId: cur.bookingId, from: cur.pnr, moved } }, actor.meta);
  });
}

// ----- add-infant (GDS) -----------------------------------------------------------------------------------------

async function infantParts(deps: AfterSaleDeps, actor: Actor, record: PnrRecord): Promise<InfantQuote> {
  const parts: InfantQuote['parts'] = [];
  for (const s of flownOrder(record.segments)) {
    const offer = await segmentOffer(deps, record, s);
    const p = offer?.priceInfo.find((x) => x.class === s.class);
    if (!p) throw refuse('flightNotFound', actor.lang);
    parts.push({ segIds: [s.segId], route: `${s.from}-${s.to}`, class: s.class, amount: paxFare(p, 'INF') });
  }
  return { parts, total: parts.reduce((sum, x) => sum + x.amount, 0) };
}

function infantRefusal(record: PnrRecord, parentId: number, infant: AddInfantRequest['infant'], lang: Language, now: Date) {
  const problems = infantProblems(record, parentId, infant, now);
  if (problems.includes('source')) throw refuse('notGds', lang);
  if (problems.includes('notAdult')) throw refuse('notAdult', lang);
  if (problems.includes('hasInfant')) throw refuse('hasInfant', lang);
  if (problems.length > 0) throw new ApiError(ErrorCode.VALIDATION, { reason: 'infant', infant: problems });
}

export async function infantQuote(deps: AfterSaleDeps, actor: Actor, bookingId: number, q: z.infer<typeof infantQuoteQuery>): Promise<InfantQuote> {
  const { record } = await prepare(deps, actor, bookingId, q.pnr);
  if (!(INFANT_GDS_SOURCES as readonly string[]).includes(record.source)) throw refuse('notGds', actor.lang);
  const parent = record.names.find((n) => n.paxId === q.parentId);
  if (!parent || parent.paxType !== 'ADT') throw refuse('notAdult', actor.lang);
  if (record.names.some((n) => n.paxType === 'INF' && n.parentId === q.parentId)) throw refuse('hasInfant', actor.lang);
  return infantParts(deps, actor, record);
}

export async function addInfant(deps: AfterSaleDeps, actor: Actor, bookingId: number, body: AddInfantRequest): Promise<PaidEditResult> {
  const { b, row, record } = await prepare(deps, actor, bookingId, body.pnr);
  const again = await replayed(deps, actor, b, row, 'add-infant', body);
  if (again) return again;
  infantRefusal(record, body.parentId, body.infant, actor.lang, deps.now());
  const quote = await infantParts(deps, actor, record);
  const tst = await Promise.all(
    flownOrder(record.segments).map(async (s) => {
      const p = (await segmentOffer(deps, record, s))!.priceInfo.find((x) => x.class === s.class)!;
      return { segIds: [s.segId], fareBasis: p.fareInfo.fareBasis, fare: p.fareINF, tax: p.taxINF + p.vatINF };
    }),
  );
  const i = body.infant;
  const edit: PnrEdit = { type: 'addInfant', parentId: body.parentId, title: i.title, firstName: i.firstName.trim(), lastName: i.lastName.trim(), birthDay: i.birthday, tst };
  return paid(deps, actor, b, row, record, {
    kind: 'add-infant',
    key: body.idempotencyKey,
    hash: keyHash(bookingId, body),
    amount: quote.total,
    summary: `Thêm em bé ${i.lastName} ${i.firstName} đi cùng HK${body.parentId}`,
    edits: [edit],
    diff: (x, y) => ({ before: [...nameLines(x), ...ticketLines(x)], after: [...nameLines(y), ...ticketLines(y)], emds: [] }),
  });
}

// ----- The hub ---------------------------------------------------------------------------------------------------

const ACTION_PATHS = {
  'add-route': SEGMENT_EDIT_API.addRoute,
  'remove-route': SEGMENT_EDIT_API.removeRoute,
  'add-arunk': SEGMENT_EDIT_API.addArnk,
  'change-route-class': SEGMENT_EDIT_API.changeClass,
  'remove-checkIn': SEGMENT_EDIT_API.removeCheckIn,
  'split-passenger': SEGMENT_EDIT_API.split,
  'add-infant': SEGMENT_EDIT_API.addInfant,
} as const;

const HUB_MESSAGES = {
  notIssued: { vi: 'Cần xuất vé trước khi dùng dịch vụ này.', en: 'Issue the tickets before using this service.' },
  departed: { vi: 'Chuyến bay đã khởi hành.', en: 'The flight has departed.' },
  permission: { vi: 'Tài khoản của bạn không có quyền dùng chức năng này.', en: 'Your account may not use this function.' },
} as const;

/** The hub's segment and passenger-structure actions: allowed now, or why not. */
export async function segmentActions(deps: AfterSaleDeps, actor: Actor, bookingId: number): Promise<AfterSaleActionState[]> {
  const b = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const issued = b.pnrs.filter(isIssued);
  const open = issued.filter((row) => !departed(deps, row));
  const records = await Promise.all(open.map((row) => recordOf(deps, b, row, actor.lang)));
  const own: Record<keyof typeof ACTION_PATHS, Refusal | 'notGds' | undefined> = {
    'add-route': undefined,
    'remove-route': records.some((r) => r.segments.length > 1) ? undefined : 'oneSegment',
    'add-arunk': records.some((r) => itineraryGaps(r).some((g) => !g.filled)) ? undefined : 'noGap',
    'change-route-class': undefined,
    'remove-checkIn': records.some((r) => (r.checkIns ?? []).length > 0) ? undefined : 'noCheckIn',
    'split-passenger': records.some((r) => r.names.filter((n) => n.paxType !== 'INF').length > 1) ? undefined : 'onePassenger',
    'add-infant': !records.some((r) => (INFANT_GDS_SOURCES as readonly string[]).includes(r.source))
      ? 'notGds'
      : records.some((r) => r.names.some((n) => n.paxType === 'ADT' && !r.names.some((i) => i.paxType === 'INF' && i.parentId === n.paxId)))
        ? undefined
        : 'allHaveInfants',
  };
  const out: AfterSaleActionState[] = [];
  for (const action of Object.keys(ACTION_PATHS) as (keyof typeof ACTION_PATHS)[]) {
    const permitted = await allowed(deps.enforcer, actor.ctx.permissions, ACTION_PATHS[action], 'POST');
    const base = issued.length === 0 ? 'notIssued' : open.length === 0 ? 'departed' : !permitted ? 'permission' : undefined;
    const reason = base ?? own[action];
    const message = base ? HUB_MESSAGES[base][actor.lang] : reason ? REFUSALS[reason as Refusal][actor.lang] : undefined;
    out.push({ action, allowed: reason === undefined, ...(reason ? { reason: reason as AfterSaleActionState['reason'], message } : {}) });
  }
  return out;
}

// ----- Routes ----------------------------------------------------------------------------------------------------

const ERRORS =
  '404/44 outside the caller’s booking scope; 409/49 with data.reason and a localized data.message when the PNR’s state refuses the edit (nothing changes); ' +
  '502/80 with the airline’s message when the supplier fails — a payment made before is reversed at once (V entry), seats taken for it are given back.';

export function registerSegmentEdits(app: FastifyInstance, ctx: GatewayContext, deps: AfterSaleDeps): void {
  const access = ctx.access;
  const tags = ['aftersale'];
  const pinDeps = { db: ctx.db, secret: ctx.secret, cipher: ctx.access.cipher, now: () => ctx.clock.now() };
  const json = z.unknown();

  defineEndpoint(app, access, {
    method: 'GET',
    url: SEGMENT_EDIT_API.routeOffers,
    tags,
    summary: 'Flights to add to a PNR (add-route/{id})',
    description: `Single-segment flights of the PNR’s airline from its own source on a day, each class priced for the PNR’s passengers (fare + tax + VAT) with the seats left. ${ERRORS}`,
    params: bookingIdParams,
    query: routeOffersQuery,
    response: json,
    handler: async ({ params, query, auth, lang }) => routeOffers(deps, { ctx: requireAuth(auth), lang }, params.id, query),
  });
  defineEndpoint(app, access, {
    method: 'POST',
    url: SEGMENT_EDIT_API.addRoute,
    tags,
    summary: 'Add a segment to an issued PNR (add-route/{id})',
    description: `Re-priced from the source; one C entry of the fare for the PNR’s passengers; the seats taken from the inventory. Idempotent by idempotencyKey. ${ERRORS} ${PIN_NOTE}`,
    params: bookingIdParams,
    body: addRouteRequest,
    response: paidEditResult,
    handler: async ({ params, body, auth, lang, meta, request }) => {
      const user = requireAuth(auth);
      await authorizePaidCall(pinDeps, { ctx: user, lang, meta, request }, 'aftersale', body.idempotencyKey, { kind: 'addRoute', id: params.id, ...body });
      return addRoute(deps, { ctx: user, lang, meta }, params.id, body);
    },
  });
  defineEndpoint(app, access, {
    method: 'POST',
    url: SEGMENT_EDIT_API.removeRoute,
    tags,
    summary: 'Remove a segment from an issued PNR (remove-route/{id})',
    description: `Free. Cancels the segment at the airline with its seats, bags and ARNK; its seats go back to the inventory. The ticket stays as it is: the segment’s coupon is unused and its fare is not refunded automatically (refund-ticket). Refused on the only segment and on a checked-in segment. ${ERRORS}`,
    params: bookingIdParams,
    body: removeRouteRequest,
    response: paidEditResult,
    handler: async ({ params, body, auth, lang, meta }) => removeRoute(deps, { ctx: requireAuth(auth), lang, meta }, params.id, body),
  });
  defineEndpoint(app, access, {
    method: 'POST',
    url: SEGMENT_EDIT_API.addArnk,
    tags,
    summary: 'Add an ARNK after a segment (add-arunk/{id})',
    description: `Free. Only where the itinerary is discontinuous (the segment arrives elsewhere than the next departs) and no ARNK is there yet: 409 reason continuous or alreadyFilled otherwise. ${ERRORS}`,
    params: bookingIdParams,
    body: addArnkRequest,
    response: paidEditResult,
    handler: async ({ params, body, auth, lang, meta }) => addArnk(deps, { ctx: requireAuth(auth), lang, meta }, params.id, body),
  });
  defineEndpoint(app, access, {
    method: 'GET',
    url: SEGMENT_EDIT_API.classQuotes,
    tags,
    summary: 'Classes of a segment’s flight with the fare difference (change-route-class/{id})',
    description: `Each class of the same flight: the total for the PNR’s passengers, the difference to what the PNR holds, what is paid (a higher fare’s difference) and the residual of a cheaper class (not refunded). ${ERRORS}`,
    params: bookingIdParams,
    query: classQuotesQuery,
    response: json,
    handler: async ({ params, query, auth, lang }) => classQuotes(deps, { ctx: requireAuth(auth), lang }, params.id, query),
  });
  defineEndpoint(app, access, {
    method: 'POST',
    url: SEGMENT_EDIT_API.changeClass,
    tags,
    summary: 'Rebook a segment in another class (change-route-class/{id})',
    description: `Re-priced from the source: one C entry of the positive difference (none for a cheaper class, whose residual is not refunded). The new class’s seats are taken, the old class’s given back. Idempotent. ${ERRORS} ${PIN_NOTE}`,
    params: bookingIdParams,
    body: changeClassRequest,
    response: paidEditResult,
    handler: async ({ params, body, auth, lang, meta, request }) => {
      const user = requireAuth(auth);
      await authorizePaidCall(pinDeps, { ctx: user, lang, meta, request }, 'aftersale', body.idempotencyKey, { kind: 'changeClass', id: params.id, ...body });
      return changeClass(deps, { ctx: user, lang, meta }, params.id, body);
    },
  });
  defineEndpoint(app, access, {
    method: 'POST',
    url: SEGMENT_EDIT_API.removeCheckIn,
    tags,
    summary: 'Cancel the online check-in of passengers on a segment (remove-checkIn/{id})',
    description: `Free. Only for passengers checked in on that segment (409 notCheckedIn otherwise); an adult’s infant goes with it. ${ERRORS}`,
    params: bookingIdParams,
    body: removeCheckInRequest,
    response: paidEditResult,
    handler: async ({ params, body, auth, lang, meta }) => removeCheckIn(deps, { ctx: requireAuth(auth), lang, meta }, params.id, body),
  });
  defineEndpoint(app, access, {
    method: 'POST',
    url: SEGMENT_EDIT_API.split,
    tags,
    summary: 'Split passengers off into a new PNR (split-passenger/{id})',
    description: `Free. The chosen passengers (not all; an adult’s infant goes with it) move to a new PNR with their tickets, seats and bags; both PNRs stay in the booking (a new pnrs row with no charge entry of its own) and both histories record it. Idempotent. ${ERRORS}`,
    params: bookingIdParams,
    body: splitRequest,
    response: splitResult,
    handler: async ({ params, body, auth, lang, meta }) => splitPassengers(deps, { ctx: requireAuth(auth), lang, meta }, params.id, body),
  });
  defineEndpoint(app, access, {
    method: 'GET',
    url: SEGMENT_EDIT_API.infantQuote,
    tags,
    summary: 'The fare of an infant on an adult (add-infant/{id})',
    description: `GDS sources (1A, 1B, 1G) only: per segment the infant fare of its class. 409 notGds, notAdult, hasInfant. ${ERRORS}`,
    params: bookingIdParams,
    query: infantQuoteQuery,
    response: json,
    handler: async ({ params, query, auth, lang }) => infantQuote(deps, { ctx: requireAuth(auth), lang }, params.id, query),
  });
  defineEndpoint(app, access, {
    method: 'POST',
    url: SEGMENT_EDIT_API.addInfant,
    tags,
    summary: 'Add an infant to an adult of a GDS PNR (add-infant/{id})',
    description: `One C entry of the infant fare; a ticket for the infant. 400/41 reason infant with the problems (title, firstName, lastName, birthday, age); 409 notGds, notAdult, hasInfant. Idempotent. ${ERRORS} ${PIN_NOTE}`,
    params: bookingIdParams,
    body: addInfantRequest,
    response: paidEditResult,
    handler: async ({ params, body, auth, lang, meta, request }) => {
      const user = requireAuth(auth);
      await authorizePaidCall(pinDeps, { ctx: user, lang, meta, request }, 'aftersale', body.idempotencyKey, { kind: 'addInfant', id: params.id, ...body });
      return addInfant(deps, { ctx: user, lang, meta }, params.id, body);
    },
  });
}

