/**
 * Re-pricing a held booking (as14b): quote-best-price and process-price (contract/aftersale-price.ts).
 *
 *   GET  /api/aftersale/bookings/:id/best-price  ?pnr → PriceQuote   EXPORT_TICKET
 *   POST /api/aftersale/bookings/:id/best-price  priceRequest → priceResult   EXPORT_TICKET
 *   GET  /api/aftersale/bookings/:id/reprice     ?pnr → PriceQuote   EXPORT_TICKET
 *   POST /api/aftersale/bookings/:id/reprice     priceRequest → priceResult   EXPORT_TICKET
 *
 * Each fare component of the PNR (one stored fare: a direction, or a leg of a multi-city journey) is priced with
 * the issue's own re-pricing search (bookings' offerOfFare: the same offer, today, with the seat inventory):
 * process-price keeps the class, quote-best-price takes the cheapest class with seats for the PNR's passengers.
 * Confirming quotes again (a different total is 409 quoteChanged with the new quote), then ONE supplier call
 * (repriceFare edits: classes changed, TST stored anew) through payForEdit with amount 0 (nothing is ticketed, no
 * money moves; idempotent by key, pnr_edits and audit). Seats of a new class are taken from the inventory before
 * the airline is asked and given back when it refuses; the old class's seats go back once it confirmed. Then the
 * gateway's PNR row (classes, fares, total) and the booking's fare total are what the issue will charge.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { bookingIdParams, type AfterSaleActionState, type PnrRecord } from '../../contract/aftersale';
import {
  cheapestClass,
  heldPnrProblem,
  isAllotmentPriced,
  priceQuery,
  priceRequest,
  priceResult,
  priceTotals,
  PRICE_API,
  supportsScreen,
  type ClassPrice,
  type FareTerms,
  type HeldProblem,
  type PaxCounts,
  type PriceComponent,
  type PriceLine,
  type PriceQuery,
  type PriceQuote,
  type PriceRequest,
  type PriceResult,
  type PriceScreen,
} from '../../contract/aftersale-price';
import type { Language } from '../../contract/constants';
import type { Db } from '../platform/db/client';
import { ErrorCode } from '../../contract/errors';
import type { FlightOffer, PaxType, PriceInfo, Source } from '../../contract/flights';
import { allowed } from '../../policies/enforcer';
import { seatsTakenReader } from '../flights/service';
import { defineEndpoint } from '../platform/access/endpoint';
import { bookings, pnrs } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import type { GatewayContext } from '../platform/module';
import { requireAuth } from '../platform/tenancy/scope';
import { seatKey, SupplierError, type PnrEdit } from '../suppliers';
import { isDomestic } from '../suppliers/reference-data';
import { offerOfFare, type StoredFare, type StoredLeg, type StoredPaxInfo } from '../bookings/service';
import { type Actor, editKeyHash, payForEdit, priorEdit, refuser, registerEditFollowUp, supplierFailed } from './payment';
import { dbPnrStore } from './pnr-store';
import { afterSaleBooking, type AfterSaleBooking, type PnrRowFull } from './record';
import { releaseFor, takeFor } from './seat-holds';
import { recordOf, supplierOf, type AfterSaleDeps } from './services';

// ----- Messages ------------------------------------------------------------------------------------------------

const REFUSALS = {
  issued: { vi: 'PNR đã xuất vé: không tính lại giá được. Hãy dùng "Đổi vé" hoặc "Đổi hạng đặt chỗ".', en: 'The PNR is ticketed: it cannot be re-priced. Use "Exchange ticket" or "Change class" instead.' },
  expired: { vi: 'Chỗ giữ đã hết hạn thanh toán. Vui lòng đặt chỗ lại.', en: 'The hold has passed its time limit. Please book again.' },
  notHeld: { vi: 'PNR không ở trạng thái giữ chỗ.', en: 'The PNR is not on hold.' },
  issueInProgress: { vi: 'PNR đang được xuất vé. Vui lòng chờ rồi tải lại.', en: 'The PNR is being issued. Please wait and reload.' },
  notSupported: { vi: 'Hãng không cho đổi hạng trên chỗ đang giữ (hãng giá rẻ): hãy hủy và đặt lại nếu cần giá khác.', en: 'The airline does not rebook a held reservation into another fare (low-cost carrier): cancel and book again for another fare.' },
  fareGone: { vi: 'Hãng không còn bán giá của chuyến bay này. Vui lòng tải lại hoặc đặt chỗ lại.', en: 'The airline no longer sells a fare on this flight. Please reload or book again.' },
  noBetterFare: { vi: 'Không có giá rẻ hơn giá đang giữ. Không cần đổi.', en: 'No fare is cheaper than the one held. Nothing to change.' },
  noSeats: { vi: 'Hạng rẻ hơn vừa hết chỗ. Vui lòng xem lại báo giá.', en: 'The cheaper class has just sold out. Please review the quote again.' },
  quoteChanged: { vi: 'Giá vừa thay đổi. Vui lòng xem lại báo giá mới rồi xác nhận.', en: 'The price has just changed. Please review the new quote and confirm again.' },
  allotmentFixed: {
    vi: 'Chỗ này bán từ chỗ giữ (allotment) của đại lý: giá bán đã cố định khi mua chỗ giữ, không tính lại được. Muốn giá khác, hãy hủy chỗ (ghế trở về chỗ giữ) rồi đặt lại.',
    en: 'This hold was sold from an agency allotment: its selling price was fixed when the block was bought and cannot be re-priced. For another price, cancel the hold (the seat goes back to the allotment) and book again.',
  },
  rowChanged: { vi: 'PNR vừa thay đổi (xuất vé hoặc hết hạn) trong khi tính giá. Vui lòng tải lại.', en: 'The PNR changed (issued or expired) while it was priced. Please reload.' },
} as const satisfies Record<string, Record<Language, string>>;

const refuse = refuser(REFUSALS);

const HUB_REASONS: Record<HeldProblem, AfterSaleActionState['reason']> = { issued: 'issuedUseExchange', expired: 'holdExpired', notHeld: 'notHeld', issueInProgress: 'notHeld' };
const PERMISSION = { vi: 'Tài khoản của bạn không có quyền xuất vé (EXPORT_TICKET).', en: 'Your account lacks the ticketing right (EXPORT_TICKET).' };
const NO_HOLD = { vi: 'Đặt chỗ không có PNR đang giữ chỗ.', en: 'The booking has no PNR on hold.' };

// ----- Reading the PNR -----------------------------------------------------------------------------------------

const problemOf = (row: PnrRowFull, now: Date) =>
  heldPnrProblem({ pnr: row.pnr, recordStatus: row.recordStatus, timeLimit: row.timeLimit?.toISOString() ?? null, charging: row.chargeEntryId !== null }, now);

/** The PNR to price: the one named, else the booking's first live hold; refused unless it is a live hold. */
function heldRow(deps: AfterSaleDeps, b: AfterSaleBooking, screen: PriceScreen, code: string | undefined, lang: Language): PnrRowFull {
  const now = deps.now();
  const row = code ? b.pnrs.find((p) => p.pnr === code) : (b.pnrs.find((p) => problemOf(p, now) === null) ?? b.pnrs.find((p) => p.pnr));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'pnr' });
  const problem = problemOf(row, now);
  if (problem) throw refuse(problem, lang);
  if (isAllotmentPriced(row.fareData as StoredFare[])) throw refuse('allotmentFixed', lang);
  if (!supportsScreen(screen, row.source)) throw refuse('notSupported', lang);
  return row;
}

const perPaxOf = (p: PriceInfo): Record<PaxType, number> => ({
  ADT: p.fareADT + p.taxADT + p.vatADT,
  CHD: p.fareCHD + p.taxCHD + p.vatCHD,
  INF: p.fareINF + p.taxINF + p.vatINF,
});
const fareOf = (p: PriceInfo, t: PaxType) => (t === 'ADT' ? p.fareADT : t === 'CHD' ? p.fareCHD : p.fareINF);

interface Part {
  fare: StoredFare;
  legs: StoredLeg[];
  segIds: number[];
  held: PriceInfo;
  next: PriceInfo;
  seated: number;
}

interface Quoted {
  b: AfterSaleBooking;
  row: PnrRowFull;
  record: PnrRecord;
  parts: Part[];
  quote: PriceQuote;
}

function termsOf(deps: AfterSaleDeps, row: PnrRowFull, p: PriceInfo, international: boolean, lang: Language, seats?: number): FareTerms {
  let changeRule = '';
  let refundRule = '';
  try {
    const rules = deps.suppliers.flightQuotes(row.source as Source).fareRules({ airline: row.airline, class: p.class, fareBasis: p.fareInfo.fareBasis, isInternational: international }, { lang });
    changeRule = rules.list.find((l) => l.type === 'CHANGE')?.fareRule ?? '';
    refundRule = rules.list.find((l) => l.type === 'REFUND')?.fareRule ?? '';
  } catch (err) {
    if (!(err instanceof SupplierError)) throw err;
  }
  return {
    class: p.class,
    cabinClass: p.fareInfo.cabinClass,
    fareFamily: p.fareInfo.fareFamily ?? '',
    fareBasis: p.fareInfo.fareBasis,
    handBaggage: p.handBaggage?.description ?? '',
    freeBaggage: p.freeBaggage?.description ?? '',
    changeable: p.fareInfo.changeable ?? false,
    refundable: p.fareInfo.refundable ?? false,
    changeRule,
    refundRule,
    ...(seats !== undefined ? { seatAvailable: seats } : {}),
  };
}

/** The quote of a screen for a held PNR; changes nothing. */
async function quoteOf(deps: AfterSaleDeps, actor: Actor, bookingId: number, screen: PriceScreen, code: string | undefined): Promise<Quoted> {
  const { lang } = actor;
  const b = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const row = heldRow(deps, b, screen, code, lang);
  const record = await recordOf(deps, b, row, lang);
  const pax = row.paxInfos as StoredPaxInfo[];
  const counts: PaxCounts = { ADT: 0, CHD: 0, INF: 0 };
  for (const p of pax) counts[p.type] += 1;
  const booking = { adt: counts.ADT, chd: counts.CHD, inf: counts.INF };
  const legsAll = row.routeInfos as StoredLeg[];
  const international = legsAll.some((l) => !isDomestic(l.from, l.to));
  const parts: Part[] = [];
  for (const f of row.fareData as StoredFare[]) {
    const legs = legsAll.filter((l) => l.direction === f.direction && l.leg === f.leg);
    const segIds = legs.map((l) => record.segments.find((s) => s.flightNo === l.flightNo && s.departDate === l.departDate)?.segId).filter((id): id is number => id !== undefined);
    let offer: FlightOffer | undefined;
    try {
      offer = await offerOfFare(deps.suppliers, row, booking, f, { seatsTaken: seatsTakenReader(deps.db) });
    } catch (err) {
      throw supplierFailed(err, lang);
    }
    const options: ClassPrice[] = (offer?.priceInfo ?? []).map((p) => ({ class: p.class, seatAvailable: p.seatAvailable, perPax: perPaxOf(p) }));
    const pick = screen === 'process-price' ? options.find((o) => o.class === f.class) : cheapestClass(options, counts, f.class);
    const next = pick && offer?.priceInfo.find((p) => p.class === pick.class);
    if (!offer || !next || segIds.length !== legs.length || legs.length === 0) throw refuse('fareGone', lang);
    parts.push({ fare: f, legs, segIds, held: f, next, seated: counts.ADT + counts.CHD });
  }
  // what the PNR holds: its stored fares (TST) of each component's segments, else the fare stored at hold
  const heldOf = (part: Part, t: PaxType) => {
    const key = [...part.segIds].sort((x, y) => x - y).join();
    const tst = record.tst.find((x) => x.paxType === t && [...x.segIds].sort((p, q) => p - q).join() === key);
    return tst ? tst.total : perPaxOf(part.held)[t];
  };
  const lines: PriceLine[] = pax.map((p) => ({
    paxId: p.paxId,
    paxType: p.type,
    name: `${p.lastName} ${p.firstName}`,
    oldAmount: parts.reduce((s, part) => s + heldOf(part, p.type), 0),
    newAmount: parts.reduce((s, part) => s + perPaxOf(part.next)[p.type], 0),
  }));
  const components: PriceComponent[] = parts.map((part) => ({
    direction: part.fare.direction,
    ...(part.fare.leg !== undefined ? { leg: part.fare.leg } : {}),
    flights: part.legs.map((l) => ({ flightNo: l.flightNo, from: l.from, to: l.to, departDate: l.departDate })),
    old: termsOf(deps, row, part.held, international, lang),
    new: termsOf(deps, row, part.next, international, lang, part.next.class === part.held.class ? undefined : part.next.seatAvailable),
    rebook: part.next.class !== part.held.class,
  }));
  const totals = priceTotals(lines, row.totalPrice);
  const heldPnrs = b.pnrs.filter((p) => problemOf(p, deps.now()) === null && !isAllotmentPriced(p.fareData as StoredFare[]) && supportsScreen(screen, p.source)).map((p) => p.pnr!);
  const quote: PriceQuote = {
    screen,
    pnr: row.pnr!,
    airline: row.airline,
    source: row.source,
    heldPnrs,
    timeLimit: row.timeLimit?.toISOString() ?? '',
    components,
    lines,
    ...totals,
    better: totals.difference < 0 && components.some((c) => c.rebook),
  };
  return { b, row, record, parts, quote };
}

export async function priceQuoteOf(deps: AfterSaleDeps, actor: Actor, bookingId: number, screen: PriceScreen, q: PriceQuery): Promise<PriceQuote> {
  return (await quoteOf(deps, actor, bookingId, screen, q.pnr)).quote;
}

// ----- Confirm -------------------------------------------------------------------------------------------------

const diffOf = (x: PnrRecord, y: PnrRecord) => ({
  before: { segments: x.segments.map((s) => ({ segId: s.segId, flightNo: s.flightNo, class: s.class })), tst: x.tst },
  after: { segments: y.segments.map((s) => ({ segId: s.segId, flightNo: s.flightNo, class: s.class })), tst: y.tst },
  emds: [] as string[],
});

/** Stores the new fares: one supplier call, then the gateway's row and the booking's total (see the file's comment). */
export async function confirmPrice(deps: AfterSaleDeps, actor: Actor, bookingId: number, screen: PriceScreen, body: PriceRequest): Promise<PriceResult> {
  const { lang } = actor;
  const b0 = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const row0 = b0.pnrs.find((p) => p.pnr === body.pnr);
  if (!row0) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'pnr' });
  // a replay (or the key reused) answers before the PNR is looked at as it is now
  const again = await priorEdit(deps.db, actor, { idempotencyKey: body.idempotencyKey, bodyHash: editKeyHash(bookingId, body), bookingId: b0.booking.id });
  if (again) return { ...again, total: (await afterSaleBooking(deps.db, actor.ctx, bookingId)).pnrs.find((p) => p.pnr === body.pnr)?.totalPrice ?? 0 };
  const { b, row, record, parts, quote } = await quoteOf(deps, actor, bookingId, screen, body.pnr);
  if (quote.newPayable !== body.total) throw refuse('quoteChanged', lang, { quote });
  if (screen === 'quote-best-price' && !quote.better) throw refuse('noBetterFare', lang, { quote });
  const edits: PnrEdit[] = parts.map((part) => ({
    type: 'repriceFare',
    segIds: part.segIds,
    ...(part.next.class !== part.held.class ? { rebook: { class: part.next.class, cabinClass: part.next.fareInfo.cabinClass } } : {}),
    fareBasis: part.next.fareInfo.fareBasis,
    perType: (['ADT', 'CHD', 'INF'] as const).filter((t) => quote.lines.some((l) => l.paxType === t)).map((t) => ({ paxType: t, fare: fareOf(part.next, t), tax: perPaxOf(part.next)[t] - fareOf(part.next, t) })),
  }));
  const moved = parts.filter((p) => p.next.class !== p.held.class);
  const summary =
    screen === 'quote-best-price'
      ? `Đổi sang giá tốt nhất: ${moved.map((p) => `${p.legs.map((l) => l.flightNo).join('+')} hạng ${p.held.class} → ${p.next.class}`).join(', ')}; tiết kiệm ${-quote.difference} ₫`
      : `Tính lại giá theo giá hôm nay: ${quote.oldFare} ₫ → ${quote.newFare} ₫ (${quote.difference >= 0 ? '+' : ''}${quote.difference} ₫)`;
  const followUp: PriceFollowUp = {
    rowId: row.id,
    parts: parts.map((p) => ({ offerId: p.fare.offerId, direction: p.fare.direction, ...(p.fare.leg !== undefined ? { leg: p.fare.leg } : {}), flights: p.legs.map((l) => `${l.flightNo}|${l.departDate}`), next: p.next })),
    difference: quote.difference,
    taken: moved.flatMap((p) => p.legs.map((l) => ({ key: seatKey(l.flightNo, l.departDate.slice(0, 10)), cls: p.next.class }))),
    freed: moved.flatMap((p) => p.legs.map((l) => ({ key: seatKey(l.flightNo, l.departDate.slice(0, 10)), cls: p.held.class }))),
  };
  const result = await payForEdit(deps.db, actor, {
    bookingId: b.booking.id,
    agencyId: b.booking.agencyId,
    pnr: row.pnr!,
    kind: screen,
    idempotencyKey: body.idempotencyKey,
    bodyHash: editKeyHash(bookingId, body),
    amount: 0,
    summary,
    before: record,
    followUp: { name: PRICE_FOLLOW_UP, data: followUp },
    diff: (x, y) => {
      const d = diffOf(x, y);
      return { ...d, after: { ...d.after, oldPayable: quote.oldPayable, newPayable: quote.newPayable } };
    },
    apply: async () => {
      // the new classes' seats first (given back if anything below fails)
      const taken: { key: string; cls: string }[] = [];
      const giveBack = async () => {
        for (const t of taken) await releaseFor(deps, row.id, t.key, t.cls);
      };
      try {
        for (const part of moved) {
          const capacity = await capacityOf(deps, row, part, b);
          for (const l of part.legs) {
            const key = seatKey(l.flightNo, l.departDate.slice(0, 10));
            if (!(await takeFor(deps, row.id, key, part.next.class, part.seated, capacity))) {
              throw new SupplierError('NO_AVAILABILITY', { source: row.source as Source, vi: REFUSALS.noSeats.vi, en: REFUSALS.noSeats.en });
            }
            taken.push({ key, cls: part.next.class });
          }
        }
        const after = await supplierOf(deps, row).edit({ pnr: row.pnr!, idempotencyKey: body.idempotencyKey, edits, at: deps.now().toISOString() }, { store: dbPnrStore(deps.db) });
        if (!(await storeOnRow(deps.db, deps.now(), followUp))) {
          throw new SupplierError('INVALID_REQUEST', { source: row.source as Source, vi: REFUSALS.rowChanged.vi, en: REFUSALS.rowChanged.en });
        }
        return { before: record, after };
      } catch (err) {
        await giveBack();
        throw err;
      }
    },
  });
  // the airline confirmed: the old classes' seats go back
  for (const f of followUp.freed) await releaseFor(deps, row.id, f.key, f.cls);
  return { ...result, total: quote.newPayable };
}

/** Seats of the new class before the inventory (the smallest segment's count), for the inventory's cap. */
async function capacityOf(deps: AfterSaleDeps, row: PnrRowFull, part: Part, b: AfterSaleBooking): Promise<number> {
  const offer = await offerOfFare(deps.suppliers, row, { adt: b.booking.adt, chd: b.booking.chd, inf: b.booking.inf }, part.fare);
  return offer?.priceInfo.find((p) => p.class === part.next.class)?.seatAvailable ?? 0;
}

/** What a confirmed re-pricing does in the gateway besides the airline call (a recovery finishes or undoes it). */
interface PriceFollowUp {
  rowId: number;
  parts: { offerId: string; direction: 'depart' | 'return'; leg?: number; flights: string[]; next: PriceInfo }[];
  difference: number;
  /** Seats of the new classes taken before the call, and the old classes' seats to give back once it landed. */
  taken: { key: string; cls: string }[];
  freed: { key: string; cls: string }[];
}
const PRICE_FOLLOW_UP = 'price-row';

/**
 * The gateway's PNR row as the airline now holds it: the components' legs in the new class, the fares the issue
 * re-prices from, its total moved by the difference, and the booking's fare total with it. Only while the hold is
 * live and no issue has started (false otherwise). Done once: a row already carrying the new fares is left alone.
 */
async function storeOnRow(db: Db, now: Date, d: PriceFollowUp): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [cur] = await tx.select().from(pnrs).where(eq(pnrs.id, d.rowId)).for('update');
    if (!cur || problemOf(cur, now) !== null) return false;
    const partOf = (f: StoredFare) => d.parts.find((p) => p.offerId === f.offerId && p.direction === f.direction && p.leg === f.leg);
    const current = cur.fareData as StoredFare[];
    if (current.every((f) => !partOf(f) || (f.class === partOf(f)!.next.class && f.fareADT === partOf(f)!.next.fareADT && f.fareCHD === partOf(f)!.next.fareCHD && f.fareINF === partOf(f)!.next.fareINF && f.taxADT === partOf(f)!.next.taxADT))) {
      if (d.difference !== 0) return true;
    }
    const legs = (cur.routeInfos as StoredLeg[]).map((l) => {
      const part = d.parts.find((p) => p.flights.includes(`${l.flightNo}|${l.departDate}`));
      return part ? { ...l, class: part.next.class, cabinClass: part.next.fareInfo.cabinClass } : l;
    });
    const fares = current.map((f) => {
      const part = partOf(f);
      return part ? { ...f, ...part.next, seatAvailable: f.seatAvailable, offerId: f.offerId, direction: f.direction, ...(f.leg !== undefined ? { leg: f.leg } : {}) } : f;
    });
    await tx
      .update(pnrs)
      .set({ routeInfos: legs, fareData: fares, totalPrice: Math.max(0, cur.totalPrice + d.difference), updatedAt: new Date() })
      .where(and(eq(pnrs.id, d.rowId), eq(pnrs.recordStatus, 'BOOKED'), isNull(pnrs.chargeEntryId)));
    await tx
      .update(bookings)
      .set({ totalFare: sql`greatest(${bookings.totalFare} + ${d.difference}, 0)` })
      .where(eq(bookings.id, cur.bookingId));
    return true;
  });
}

registerEditFollowUp(PRICE_FOLLOW_UP, {
  landed: async (db, data) => {
    const d = data as PriceFollowUp;
    await storeOnRow(db, new Date(), d);
    for (const f of d.freed) await releaseFor({ db }, d.rowId, f.key, f.cls);
  },
  undone: async (db, data) => {
    const d = data as PriceFollowUp;
    for (const t of d.taken) await releaseFor({ db }, d.rowId, t.key, t.cls);
  },
});

// ----- The hub -------------------------------------------------------------------------------------------------

/** The hub's quote-best-price and process-price: allowed on a live hold the source can re-price, or why not. */
export async function priceActions(deps: AfterSaleDeps, actor: Actor, bookingId: number): Promise<AfterSaleActionState[]> {
  const b = await afterSaleBooking(deps.db, actor.ctx, bookingId);
  const now = deps.now();
  const out: AfterSaleActionState[] = [];
  for (const screen of ['quote-best-price', 'process-price'] as const) {
    const permitted = await allowed(deps.enforcer, actor.ctx.permissions, screen === 'quote-best-price' ? PRICE_API.bestPrice : PRICE_API.reprice, 'POST');
    const live = b.pnrs.filter((p) => problemOf(p, now) === null);
    const problems = b.pnrs.map((p) => problemOf(p, now));
    const state = (reason: AfterSaleActionState['reason'], message: string): AfterSaleActionState => ({ action: screen, allowed: false, reason, message });
    if (live.length === 0) {
      const p = (['issued', 'expired', 'issueInProgress', 'notHeld'] as const).find((x) => problems.includes(x)) ?? 'notHeld';
      out.push(p === 'notHeld' ? state('notHeld', NO_HOLD[actor.lang]) : state(HUB_REASONS[p], REFUSALS[p][actor.lang]));
    } else if (live.every((p) => isAllotmentPriced(p.fareData as StoredFare[]))) out.push(state('allotmentFixed', REFUSALS.allotmentFixed[actor.lang]));
    else if (!permitted) out.push(state('permission', PERMISSION[actor.lang]));
    else if (!live.some((p) => supportsScreen(screen, p.source))) out.push(state('notSupported', REFUSALS.notSupported[actor.lang]));
    else out.push({ action: screen, allowed: true });
  }
  return out;
}

// ----- Routes --------------------------------------------------------------------------------------------------

export function registerPriceEdits(app: FastifyInstance, ctx: GatewayContext, deps: AfterSaleDeps): void {
  const access = ctx.access;
  const tags = ['aftersale'];
  const errors =
    '404/44 outside the caller’s booking scope or an unknown PNR; 409/49 with data.reason (issued, expired, notHeld, issueInProgress, allotmentFixed, notSupported, fareGone, noBetterFare, quoteChanged with data.quote) ' +
    'and a localized data.message — nothing changes; 502/80 with the airline’s message when it refuses (the PNR, the seats and the amounts stay as they were).';
  const screens = [
    { screen: 'quote-best-price' as const, get: PRICE_API.bestPriceQuote, post: PRICE_API.bestPrice, what: 'the cheapest class with seats for the PNR’s passengers on the same flights' },
    { screen: 'process-price' as const, get: PRICE_API.repriceQuote, post: PRICE_API.reprice, what: 'the same classes at today’s fares' },
  ];
  for (const s of screens) {
    defineEndpoint(app, access, {
      method: 'GET',
      url: s.get,
      tags,
      summary: `Quote of ${s.screen} for a held PNR (${s.screen}/{id})`,
      description: `Each fare component priced again by the PNR’s source: ${s.what}. Per passenger the fare stored (TST) and the new one, the difference, what the issue will charge before and after, and the fare conditions in words. Changes nothing. ${errors}`,
      params: bookingIdParams,
      query: priceQuery,
      response: z.unknown(),
      handler: async ({ params, query, auth, lang }) => priceQuoteOf(deps, { ctx: requireAuth(auth), lang }, params.id, s.screen, query),
    });
    defineEndpoint(app, access, {
      method: 'POST',
      url: s.post,
      tags,
      summary: `Confirm ${s.screen} on a held PNR (${s.screen}/{id})`,
      description:
        'Quotes again: another total than the one confirmed is 409 quoteChanged with the new quote. Then one airline call (classes rebooked, TST stored anew), the seats moved in the inventory, ' +
        `the PNR’s and the booking’s amounts set to what the issue will charge; no money moves (nothing is ticketed). History and audit; idempotent by idempotencyKey. ${errors}`,
      params: bookingIdParams,
      body: priceRequest,
      response: priceResult,
      handler: async ({ params, body, auth, lang, meta }) => confirmPrice(deps, { ctx: requireAuth(auth), lang, meta }, params.id, s.screen, body),
    });
  }
}
