/**
 * exchange-route: new flights for one direction of an issued PNR. The flights come from an ordinary flight
 * search session of the caller (same route, another date, the PNR's airline and source); the quote is made
 * here from the record's stored fares, the offer's class, the agency's issue fee (the reissue) and the carrier's
 * change conditions (FlightSupplier.changeConditions); the exchange is one paid edit (payForEdit): one C entry
 * of the quote's total, then one supplier call that reissues the tickets, reversed if the airline refuses.
 *
 *   GET  /api/aftersale/bookings/:id/exchange-quote  ?pnr&direction&sessionId&offerId&class → exchangeQuoteAnswer
 *   POST /api/aftersale/bookings/:id/exchange        exchangeRequest → exchangeResult (PIN)
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AfterSaleActionState, PnrRecord } from '../../contract/aftersale';
import { bookingIdParams } from '../../contract/aftersale';
import {
  EXCHANGE_API,
  exchangeQuoteQuery,
  exchangeRequest,
  exchangeResult,
  exchangeTotals,
  type ExchangeLine,
  type ExchangeQuoteAnswer,
  type ExchangeQuoteQuery,
  type ExchangeRequest,
  type ExchangeResult,
} from '../../contract/aftersale-exchange';
import { segmentLines, ticketLines } from '../../contract/aftersale-pnrsync';
import type { Language } from '../../contract/constants';
import { ErrorCode } from '../../contract/errors';
import type { FlightOffer, PaxType, PriceInfo } from '../../contract/flights';
import { defineEndpoint } from '../platform/access/endpoint';
import { PIN_NOTE } from '../platform/access/pin';
import { authorizePaidCall } from '../platform/access/paid';
import { agencies } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import type { GatewayContext } from '../platform/module';
import { requireAuth } from '../platform/tenancy/scope';
import { seatKey, SupplierError, type ChangeConditions } from '../suppliers';
import { isDomestic } from '../suppliers/reference-data';
import { capacityOf, departureInstant, type StoredFare } from '../bookings/service';
import { agencyBookingFees, FLIGHT_SEARCHES, type SearchSessions } from '../flights/service';
import { bodyHashOf, payForEdit, priorEdit, registerEditFollowUp, supplierFailed, type Actor } from './payment';
import { dbPnrStore } from './pnr-store';
import { releaseFor, takeFor } from './seat-holds';
import { afterSaleBooking, sourceOf, type AfterSaleBooking, type PnrRowFull } from './record';
import { editablePnr, recordOf, supplierOf, type AfterSaleDeps } from './services';

export interface ExchangeDeps extends AfterSaleDeps {
  sessions: SearchSessions;
}

const REFUSALS = {
  notChangeable: { vi: 'Hạng vé đang giữ không cho phép đổi chuyến bay theo điều kiện giá vé.', en: 'The fare held allows no change of flight under its fare rule.' },
  tooLate: { vi: 'Đã quá hạn đổi vé: phải đổi trước giờ khởi hành ít nhất {{h}} giờ.', en: 'Too late to change: changes must be made at least {{h}} hours before departure.' },
  searchExpired: { vi: 'Kết quả tìm chuyến bay đã hết hạn. Vui lòng tìm lại rồi chọn chuyến bay mới.', en: 'The flight search has expired. Please search again and choose the new flight.' },
  wrongOffer: { vi: 'Chuyến bay đã chọn không thay thế được hành trình này (phải cùng hãng, cùng chặng). Vui lòng chọn chuyến khác.', en: 'The chosen flight cannot replace this journey (same airline and route needed). Please choose another flight.' },
  sameFlight: { vi: 'Chuyến bay mới trùng chuyến đang giữ. Vui lòng chọn ngày hoặc chuyến khác.', en: 'The new flight is the one already held. Please choose another date or flight.' },
  noSeats: { vi: 'Hạng đặt chỗ đã chọn không còn đủ chỗ. Vui lòng chọn hạng hoặc chuyến khác.', en: 'The chosen class has not enough seats left. Please choose another class or flight.' },
  quoteChanged: { vi: 'Giá đổi vé vừa thay đổi. Vui lòng xem lại báo giá mới rồi xác nhận.', en: 'The exchange price has just changed. Please review the new quote and confirm again.' },
} as const;
type Refusal = keyof typeof REFUSALS;

const refused = (reason: Refusal, lang: Language, data: Record<string, unknown> = {}, hours = 0) =>
  new ApiError(ErrorCode.CONFLICT, { reason, message: REFUSALS[reason][lang].replace('{{h}}', String(hours)), ...data });

const HOUR = 3_600_000;

/** The carrier's change conditions of the fare the PNR holds on a direction. */
function conditionsOf(deps: AfterSaleDeps, row: PnrRowFull, record: PnrRecord, direction: 'depart' | 'return', lang: Language): ChangeConditions {
  const segs = record.segments.filter((s) => s.direction === direction);
  const cls = segs[0]?.class ?? '';
  const stored = (row.fareData as StoredFare[]).find((f) => f.direction === direction && f.class === cls);
  try {
    return deps.suppliers.flightQuotes(sourceOf(row)).changeConditions(
      { airline: record.airline, class: cls, ...(stored?.fareInfo?.fareFamily ? { fareFamily: stored.fareInfo.fareFamily } : {}), international: !isDomestic(segs[0].from, segs[segs.length - 1].to) },
      lang,
    );
  } catch (err) {
    throw supplierFailed(err, lang);
  }
}

const paxCounts = (r: PnrRecord) => {
  const n = (t: PaxType) => r.names.filter((x) => x.paxType === t).length;
  return { ADT: n('ADT'), CHD: n('CHD'), INF: n('INF') };
};

const newFareOf = (p: PriceInfo, t: PaxType) => (t === 'ADT' ? p.fareADT + p.taxADT + p.vatADT : t === 'CHD' ? p.fareCHD + p.taxCHD + p.vatCHD : p.fareINF + p.taxINF + p.vatINF);

async function offerOf(deps: ExchangeDeps, actor: Actor, q: ExchangeQuoteQuery): Promise<FlightOffer> {
  const session = await deps.sessions.find(q.sessionId, actor.ctx.user.id);
  if (!session) throw refused('searchExpired', actor.lang);
  const offer = session.offers.find((o) => o.id === q.offerId);
  if (!offer) throw refused('searchExpired', actor.lang);
  return offer;
}

interface Quoted {
  b: AfterSaleBooking;
  row: PnrRowFull;
  record: PnrRecord;
  offer: FlightOffer;
  price: PriceInfo;
  answer: ExchangeQuoteAnswer;
}

/** The quote of replacing a direction of the PNR by the chosen offer and class; changes nothing. */
async function quote(deps: ExchangeDeps, actor: Actor, bookingId: number, q: ExchangeQuoteQuery): Promise<Quoted> {
  const { lang } = actor;
  const b = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const row = editablePnr(deps, b, q.pnr, lang);
  const record = await recordOf(deps, b, row, lang);
  const old = record.segments.filter((s) => s.direction === q.direction);
  if (old.length === 0) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'direction' });
  const cond = conditionsOf(deps, row, record, q.direction, lang);
  if (cond.penalty === null) throw refused('notChangeable', lang, { fareFamily: cond.fareFamily, rule: cond.rule });
  const now = deps.now().getTime();
  if (departureInstant(old[0].from, old[0].departDate).getTime() - now < cond.cutoffHours * HOUR) throw refused('tooLate', lang, {}, cond.cutoffHours);
  const offer = await offerOf(deps, actor, q);
  const from = old[0].from;
  const to = old[old.length - 1].to;
  if (offer.airline !== record.airline || offer.source !== row.source || offer.from !== from || offer.to !== to || offer.combineSegment) throw refused('wrongOffer', lang);
  if (departureInstant(offer.from, offer.departDateTime).getTime() - now < cond.cutoffHours * HOUR) throw refused('tooLate', lang, {}, cond.cutoffHours);
  const sameFlights = offer.routeInfo.length === old.length && offer.routeInfo.every((l, i) => l.flightNo === old[i].flightNo && l.departDate === old[i].departDate);
  if (sameFlights) throw refused('sameFlight', lang);
  const price = offer.priceInfo.find((p) => p.class === q.class);
  const counts = paxCounts(record);
  if (!price) throw new ApiError(ErrorCode.VALIDATION, { in: 'querystring', issues: [{ path: 'class', code: 'class', message: REFUSALS.noSeats[lang] }] });
  if (price.seatAvailable < counts.ADT + counts.CHD) throw refused('noSeats', lang);
  const domestic = isDomestic(from, to);
  const [agency] = await deps.db.select().from(agencies).where(eq(agencies.id, b.booking.agencyId));
  const fees = await agencyBookingFees(deps.db, agency, [{ airlines: [record.airline], domestic }]);
  const oldIds = old.map((s) => s.segId).join();
  const lines: ExchangeLine[] = (['ADT', 'CHD', 'INF'] as const)
    .filter((t) => counts[t] > 0)
    .map((t) => ({
      paxType: t,
      count: counts[t],
      oldFare: record.tst.find((x) => x.paxType === t && x.segIds.join() === oldIds)?.total ?? 0,
      newFare: newFareOf(price, t),
      changeFee: fees.find((f) => f.airline === record.airline && f.paxType === t && f.domestic === domestic)?.issueFee ?? 0,
      penalty: t === 'INF' ? 0 : (cond.penalty ?? 0),
    }));
  const answer: ExchangeQuoteAnswer = {
    pnr: record.pnr,
    direction: q.direction,
    oldSegments: old,
    newSegments: offer.routeInfo.map((l) => ({
      carrier: l.carrierCode,
      flightNo: l.flightNo,
      from: l.from,
      to: l.to,
      departDate: l.departDate,
      arrivalDate: l.arrivalDate,
      class: price.class,
      cabinClass: price.fareInfo.cabinClass,
      aircraft: l.airCraft,
    })),
    fareFamily: cond.fareFamily,
    changeRule: cond.rule,
    lines,
    quote: exchangeTotals(lines),
  };
  return { b, row, record, offer, price, answer };
}

export async function exchangeQuoteOf(deps: ExchangeDeps, actor: Actor, bookingId: number, q: ExchangeQuoteQuery): Promise<ExchangeQuoteAnswer> {
  return (await quote(deps, actor, bookingId, q)).answer;
}

/** Pays the quote and reissues the tickets on the new flights (one C entry; reversed if the airline refuses). */
export async function exchangeRoute(deps: ExchangeDeps, actor: Actor, bookingId: number, body: ExchangeRequest): Promise<ExchangeResult> {
  const { idempotencyKey, total, ...q } = body;
  const hash = bodyHashOf({ bookingId, ...body, idempotencyKey: undefined });
  // pnrsync: readable lines of the direction's flights and of the tickets
  const lines = (r: PnrRecord) => [...segmentLines({ segments: r.segments.filter((s) => s.direction === q.direction), arnks: r.arnks }), ...ticketLines(r)];
  const diff = (x: PnrRecord, y: PnrRecord) => ({ before: lines(x), after: lines(y), emds: [] });
  const b0 = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const prior = await priorEdit(deps.db, actor, { idempotencyKey, bodyHash: hash, bookingId: b0.booking.id });
  if (prior) {
    // a replay: the stored result; nothing is quoted or charged again
    const row = b0.pnrs.find((p) => p.pnr === q.pnr);
    if (!row) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'pnr' });
    return { ...prior, tickets: reissued(await recordOf(deps, b0, row, actor.lang)) };
  }
  const { b, row, record, offer, price, answer } = await quote(deps, actor, bookingId, q);
  if (answer.quote.total !== total) throw refused('quoteChanged', actor.lang, { quote: answer });
  const flights = answer.newSegments.map((s) => `${s.flightNo} ${s.departDate.replace('T', ' ')}`).join(', ');
  const summary = `Đổi vé ${answer.oldSegments.map((s) => s.flightNo).join('+')} sang ${flights} hạng ${price.class}`;
  const fareOf = (t: PaxType) => (t === 'ADT' ? price.fareADT : t === 'CHD' ? price.fareCHD : price.fareINF);
  const edits = [
    {
      type: 'exchange' as const,
      direction: q.direction,
      segments: answer.newSegments,
      tst: answer.lines.map((l) => ({ paxType: l.paxType, fareBasis: price.fareInfo.fareBasis, fare: fareOf(l.paxType), tax: l.newFare - fareOf(l.paxType), total: l.newFare })),
    },
  ];
  // pnrsync: the new flights' seats are taken through the bookings' inventory (capacity from the source, before
  // the inventory) before the airline is asked, and given back if it refuses; the old flights' seats go back after
  const counts = paxCounts(record);
  const seated = counts.ADT + counts.CHD;
  let capacity: number;
  try {
    capacity = await capacityOf(deps.suppliers, offer, price.class, seated);
  } catch (err) {
    throw supplierFailed(err, actor.lang);
  }
  const newKeys = offer.routeInfo.map((l) => seatKey(l.flightNo, l.departDate.slice(0, 10)));
  const result = await payForEdit(deps.db, actor, {
    bookingId: b.booking.id,
    agencyId: b.booking.agencyId,
    pnr: row.pnr!,
    kind: 'exchange-route',
    idempotencyKey,
    bodyHash: hash,
    amount: answer.quote.total,
    summary,
    diff,
    knownLegs: offer.routeInfo,
    before: record,
    followUp: { name: 'exchange-inventory', data: { rowId: row.id, taken: newKeys.map((key) => ({ key, class: price.class })), freed: answer.oldSegments.map((s) => ({ key: seatKey(s.flightNo, s.departDate.slice(0, 10)), class: s.class })) } satisfies ExchangeInventory },
    apply: async () => {
      const taken: string[] = [];
      const giveBack = async () => {
        for (const key of taken) await releaseFor(deps, row.id, key, price.class);
      };
      for (const key of newKeys) {
        if (!(await takeFor(deps, row.id, key, price.class, seated, capacity))) {
          await giveBack();
          throw new SupplierError('NO_AVAILABILITY', { source: sourceOf(row), vi: REFUSALS.noSeats.vi, en: REFUSALS.noSeats.en });
        }
        taken.push(key);
      }
      let after: PnrRecord;
      try {
        after = await supplierOf(deps, row).edit({ pnr: row.pnr!, idempotencyKey, edits, at: deps.now().toISOString() }, { store: dbPnrStore(deps.db) });
      } catch (err) {
        await giveBack();
        throw err;
      }
      for (const s of answer.oldSegments) await releaseFor(deps, row.id, seatKey(s.flightNo, s.departDate.slice(0, 10)), s.class);
      return { before: record, after };
    },
  });
  return { ...result, tickets: reissued(await recordOf(deps, b, row, actor.lang)) };
}

/**
 * The inventory side of an exchange, for a recovery (payment.ts): the new flights' seats taken before the airline
 * call (given back when the exchange did not land) and the old flights' seats (given back once it landed).
 */
interface ExchangeInventory {
  rowId: number;
  taken: { key: string; class: string }[];
  freed: { key: string; class: string }[];
}

registerEditFollowUp('exchange-inventory', {
  landed: async (db, data) => {
    const d = data as ExchangeInventory;
    for (const f of d.freed) await releaseFor({ db }, d.rowId, f.key, f.class);
  },
  undone: async (db, data) => {
    const d = data as ExchangeInventory;
    for (const t of d.taken) await releaseFor({ db }, d.rowId, t.key, t.class);
  },
});

/** The open tickets an exchange issued. */
const reissued = (r: PnrRecord): string[] => r.tickets.filter((t) => t.status === 'OPEN' && t.exchangedFrom).map((t) => t.number);

// ----- The hub -------------------------------------------------------------------------------------------------

type State = (action: AfterSaleActionState['action'], permitted: boolean, extra: { priceFrom?: number; priceTo?: number }) => AfterSaleActionState;

/** The hub's exchange-route action: allowed when some open PNR's fare may be changed; its fixed part as price. */
export async function exchangeActions(deps: AfterSaleDeps, actor: Actor, records: PnrRecord[], open: PnrRowFull[], can: (path: string) => Promise<boolean>, state: State): Promise<AfterSaleActionState[]> {
  const permitted = await can(EXCHANGE_API.exchange);
  const fixed: number[] = [];
  let blocked: Refusal | null = null;
  for (const row of open) {
    const record = records.find((r) => r.pnr === row.pnr);
    if (!record) continue;
    try {
      const cond = conditionsOf(deps, row, record, 'depart', actor.lang);
      if (cond.penalty === null) {
        blocked ??= 'notChangeable';
        continue;
      }
      const counts = paxCounts(record);
      fixed.push(cond.penalty * (counts.ADT + counts.CHD));
    } catch (err) {
      if (!(err instanceof ApiError || err instanceof SupplierError)) throw err;
    }
  }
  const s = state('exchange-route', permitted, fixed.length ? { priceFrom: Math.min(...fixed), priceTo: Math.max(...fixed) } : {});
  if (s.allowed && fixed.length === 0) {
    const reason = blocked ?? 'notChangeable';
    return [{ action: 'exchange-route', allowed: false, reason: 'notChangeable', message: REFUSALS[reason][actor.lang] }];
  }
  return [s];
}

// ----- Routes --------------------------------------------------------------------------------------------------

export function registerExchange(app: FastifyInstance, ctx: GatewayContext, base: AfterSaleDeps): void {
  const deps: ExchangeDeps = { ...base, sessions: ctx.shared.get(FLIGHT_SEARCHES) };
  const pinDeps = { db: ctx.db, secret: ctx.secret, cipher: ctx.access.cipher, now: () => ctx.clock.now() };
  const tags = ['aftersale'];
  const errors =
    '404/44 outside the caller’s booking scope; 409/49 with data.reason (notIssued, departed, notChangeable, tooLate, searchExpired, wrongOffer, sameFlight, noSeats, quoteChanged with data.quote) and a localized data.message.';
  defineEndpoint(app, ctx.access, {
    method: 'GET',
    url: EXCHANGE_API.quote,
    tags,
    summary: 'Quote of an exchange to other flights (exchange-route/{id})',
    description:
      'The new flights come from a flight search session of the caller (same route, same airline and source). Per passenger type: the fare held, the new fare (fare + tax + VAT), ' +
      `the agency’s reissue fee and the carrier’s change penalty; the total paid is the positive fare difference + fees + penalties (a lower fare is not given back). Changes nothing. ${errors}`,
    params: bookingIdParams,
    query: exchangeQuoteQuery,
    response: z.unknown(),
    handler: async ({ params, query, auth, lang }) => exchangeQuoteOf(deps, { ctx: requireAuth(auth), lang }, params.id, query),
  });
  defineEndpoint(app, ctx.access, {
    method: 'POST',
    url: EXCHANGE_API.exchange,
    tags,
    summary: 'Exchange the tickets to other flights (exchange-route/{id})',
    description:
      'Quotes again and refuses a total other than the one confirmed (409 quoteChanged with the new quote); then one C entry of the total, the new tickets issued and the old ones ' +
      `exchanged in one airline call; the airline refusing after the payment reverses it (V entry) and leaves the PNR as it was (502/80). Idempotent by idempotencyKey. ${errors} ${PIN_NOTE}`,
    params: bookingIdParams,
    body: exchangeRequest,
    response: exchangeResult,
    handler: async ({ params, body, auth, lang, meta, request }) => {
      const user = requireAuth(auth);
      await authorizePaidCall(pinDeps, { ctx: user, lang, meta, request }, 'aftersale', body.idempotencyKey, { kind: 'exchange', id: params.id, ...body });
      return exchangeRoute(deps, { ctx: user, lang, meta }, params.id, body);
    },
  });
}
