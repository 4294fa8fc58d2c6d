/**
 * Flight holds (docs/bookings.md). A booking is made from offers of the caller's search session: one PNR per
 * airline/source, each written in ONE transaction with the seats it takes from the inventory (`takeSeats`,
 * never oversold). A PNR that fails is kept with its message (and logged in the reservation errors); the
 * others stand. `expireHolds` moves holds past their time limit to TIME LIMIT OUT and gives the seats back.
 */
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Language } from '../../contract/constants';
import {
  passengerProblems,
  passportProblems,
  TIME_OUT_COMING_MINUTES,
  type CompletedBooking,
  type CreateBookingRequest,
  type PassengerInput,
  type PnrEntry,
  type RecordStatus,
} from '../../contract/bookings';
import { ErrorCode } from '../../contract/errors';
import { groupIntoPnrs } from '../../contract/pnr-groups';
import type { BookingFee, FlightOffer, PaxType, PriceInfo, Source } from '../../contract/flights';
import type { Notifier } from '../platform/notifier';
import type { UserContext } from '../platform/tenancy/users';
import type { Conn, Db, Tx } from '../platform/db/client';
import { bookings, notifications, pnrs, type SeatHold } from '../platform/db/schema';
import { agencyBookingFees, isInternationalJourney } from '../flights/service';
import { takeSeats } from '../flights/service';
import { ApiError } from '../platform/http/errors';
import { localToUtc, VIETNAM_TIME_ZONE } from '../platform/clock';
import { seatKey, SupplierError, type SupplierRegistry } from '../suppliers';
import { AIRPORTS } from '../suppliers/reference-data';
import { logReservationError } from '../system/service';
import { settleBookingStatus } from './status';
import { priceLuggage, type PricedLuggage } from './luggage';
import { passengerNamesOf, paxInfosOf } from './pax-infos';
import { flightsOfPnr, type StoredLeg } from './pnr-view';
import { bookingScope } from './scope';
import { pooledOfferId, SeatPools } from './seat-pools';

const PNR_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Instant of a local airport time yyyy-MM-ddTHH:mm. */
export function departureInstant(airport: string, local: string): Date {
  const tz = AIRPORTS[airport]?.timeZone ?? VIETNAM_TIME_ZONE;
  const [date, time] = local.split('T');
  const [h, m] = time.split(':').map(Number);
  return new Date(localToUtc(date, h * 60 + m, tz));
}

/**
 * The leg numbers of a multi-city journey: more than one flight, all departures (one-way legs, each from its own
 * search). One-way and round trips get none, so their stored PNRs read as before.
 */
export function multiCityLegs(offers: readonly Pick<FlightOffer, 'id' | 'direction'>[]): (offer: Pick<FlightOffer, 'id'>) => { leg?: number } {
  const multi = offers.length > 1 && offers.every((o) => o.direction === 'depart');
  return (offer) => {
    const i = offers.findIndex((o) => o.id === offer.id);
    return multi && i >= 0 ? { leg: i + 1 } : {};
  };
}

interface Chosen {
  offer: FlightOffer;
  price: PriceInfo;
}

interface Group {
  source: Source;
  airline: string;
  chosen: Chosen[];
}

const paxPrice = (p: PriceInfo, t: PaxType) =>
  t === 'ADT' ? p.fareADT + p.taxADT + p.vatADT : t === 'CHD' ? p.fareCHD + p.taxCHD + p.vatCHD : p.fareINF + p.taxINF + p.vatINF;

function validation(data: Record<string, unknown>): ApiError {
  return new ApiError(ErrorCode.VALIDATION, data);
}

/**
 * Seats of a class of a flight before any inventory adjustment: the supplier's answer without `seatsTaken`
 * (the smallest segment's count on connections, which never oversells).
 */
export async function capacityOf(suppliers: SupplierRegistry, offer: FlightOffer, bookingClass: string, seated: number): Promise<number> {
  const answer = await suppliers.flightQuotes(offer.source).search({
    from: offer.from,
    to: offer.to,
    departDate: offer.departDateTime.slice(0, 10),
    pax: { adt: Math.max(1, seated), chd: 0, inf: 0 },
  });
  const flights = offer.routeInfo.map((r) => r.flightNo).join('/');
  const same = answer.find((o) => o.airline === offer.airline && o.routeInfo.map((r) => r.flightNo).join('/') === flights);
  return same?.priceInfo.find((p) => p.class === bookingClass)?.seatAvailable ?? 0;
}

async function newPnrCode(conn: Conn): Promise<string> {
  for (;;) {
    const code = Array.from({ length: 6 }, () => PNR_ALPHABET[randomInt(PNR_ALPHABET.length)]).join('');
    const [taken] = await conn.select({ id: pnrs.id }).from(pnrs).where(eq(pnrs.pnr, code));
    if (!taken) return code;
  }
}

class HoldFailed extends Error {
  constructor(readonly error: SupplierError) {
    super(error.message);
  }
}

export interface CreateBookingDeps {
  db: Db;
  /** Holds ask the source for its time limit and its seat count before the inventory. */
  suppliers: SupplierRegistry;
  now?: () => Date;
  /** Open holds allowed per user and per agency (default DEFAULT_HOLD_CAPS). */
  holdCaps?: HoldCaps;
}

/** The cap of open holds (issue 18 item 5): bookings still HOLD with a live PNR, or being held right now. */
export interface HoldCaps {
  perUser: number;
  perAgency: number;
}
export const DEFAULT_HOLD_CAPS: HoldCaps = { perUser: 20, perAgency: 200 };

const OPEN_HOLDS_LIMIT: Record<Language, (who: 'user' | 'agency', limit: number) => string> = {
  vi: (who, limit) =>
    who === 'user'
      ? `Bạn đang có ${limit} chỗ giữ chưa xuất vé, đã đến giới hạn. Vui lòng xuất vé hoặc hủy bớt chỗ giữ rồi thử lại.`
      : `Đại lý của bạn đang có ${limit} chỗ giữ chưa xuất vé, đã đến giới hạn. Vui lòng xuất vé hoặc hủy bớt chỗ giữ rồi thử lại.`,
  en: (who, limit) =>
    who === 'user'
      ? `You already have ${limit} open holds without tickets, the limit. Please issue or cancel some of them and try again.`
      : `Your agency already has ${limit} open holds without tickets, the limit. Please issue or cancel some of them and try again.`,
};

/**
 * Inserts the booking row of a new hold when the user and the agency are under their caps of open holds, else
 * 409/49 reason openHoldsLimit. Counting and inserting happen under a transaction-level advisory lock of the
 * agency, so concurrent holds (on any instance) are counted one after the other: the cap holds under races. A
 * booking still being held (no PNR row yet) counts as open; one whose holds all failed is deleted afterwards.
 */
async function insertHoldUnderCaps(db: Db, ctx: UserContext, caps: HoldCaps, now: Date, lang: Language, values: typeof bookings.$inferInsert): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`holds:agency:${ctx.agency.id}`}))`);
    const result = (await tx.execute(sql`
      select count(*) filter (where b.user_id = ${ctx.user.id})::int as mine, count(*)::int as agency
      from ${bookings} b
      where b.agency_id = ${ctx.agency.id} and b.status = 'HOLD'
        and (not exists (select 1 from ${pnrs} p where p.booking_id = b.id)
             or exists (select 1 from ${pnrs} p where p.booking_id = b.id
                        and p.record_status in ('BOOKED', 'TIME OUT COMMING') and p.time_limit > ${now.toISOString()}))`)) as unknown as {
      rows: { mine: number; agency: number }[];
    };
    const { mine, agency } = result.rows[0];
    const over: ['user' | 'agency', number] | null = mine >= caps.perUser ? ['user', caps.perUser] : agency >= caps.perAgency ? ['agency', caps.perAgency] : null;
    if (over) {
      throw new ApiError(ErrorCode.CONFLICT, { reason: 'openHoldsLimit', scope: over[0], limit: over[1], message: OPEN_HOLDS_LIMIT[lang](over[0], over[1]) });
    }
    const [row] = await tx.insert(bookings).values(values).returning({ id: bookings.id });
    return row.id;
  });
}

/** Validates and holds; answers the booking id (409 when no PNR could be held). */
export async function createBooking(
  deps: CreateBookingDeps,
  ctx: UserContext,
  offers: readonly FlightOffer[],
  body: CreateBookingRequest,
  lang: Language,
): Promise<number> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  // the chosen offers and classes
  const chosen: Chosen[] = body.selected.map((s, i) => {
    const offer = offers.find((o) => o.id === s.offerId);
    if (!offer) throw validation({ path: `selected.${i}.offerId`, reason: 'offer' });
    const price = offer.priceInfo.find((p) => p.class === s.class);
    if (!price) throw validation({ path: `selected.${i}.class`, reason: 'class' });
    return { offer, price };
  });
  chosen.sort((a, b) => a.offer.departDateTime.localeCompare(b.offer.departDateTime));
  // a multi-city journey (several one-way legs) numbers its legs in flight order, kept on each stored leg and fare
  const legOf = multiCityLegs(chosen.map((c) => c.offer));
  // the passengers, checked against the first travel date; passports against the last one, required when the
  // journey is international (the search session's requirePassport)
  const travelDate = chosen[0].offer.departDateTime.slice(0, 10);
  const lastTravelDate = chosen[chosen.length - 1].offer.departDateTime.slice(0, 10);
  const requirePassport = isInternationalJourney({ legs: chosen.map((c) => ({ from: c.offer.from, to: c.offer.to, departDate: travelDate })) });
  const problems = body.passengers
    .map((p) => {
      const passport = requirePassport || p.passport ? passportProblems(p.passport, lastTravelDate, now, requirePassport) : [];
      return { paxId: p.paxId, problems: passengerProblems(p, body.passengers, travelDate, now), ...(passport.length > 0 ? { passport } : {}) };
    })
    .filter((p) => p.problems.length > 0 || p.passport !== undefined);
  if (problems.length > 0) throw validation({ reason: 'passengers', passengers: problems });
  // luggage: priced from the gateway's catalogue, never from the client
  const luggage = priceLuggage(deps.suppliers, body.luggage ?? [], body.passengers, chosen.map((c) => c.offer));
  if (luggage.problems.length > 0) throw validation({ reason: 'luggage', luggage: luggage.problems });
  const count = (t: PaxType) => body.passengers.filter((p) => p.type === t).length;
  const pax = { adt: count('ADT'), chd: count('CHD'), inf: count('INF') };
  const seated = pax.adt + pax.chd;
  for (const c of chosen) {
    if (c.price.seatAvailable < seated) throw new ApiError(ErrorCode.CONFLICT, { reason: 'noSeats', message: new SupplierError('NO_AVAILABILITY').localized(lang) });
  }
  // one PNR per airline and source, across the directions or legs (contract/pnr-groups.ts)
  const groups: Group[] = groupIntoPnrs(chosen.map((c) => ({ airline: c.offer.airline, source: c.offer.source, c }))).map((g) => ({
    source: g.source as Source,
    airline: g.airline,
    chosen: g.flights.map((f) => f.c),
  }));
  const limits = groups.map((g) => deps.suppliers.flight(g.source).holdTimeLimit(now, departureInstant(g.chosen[0].offer.from, g.chosen[0].offer.departDateTime)));
  if (limits.some((l) => l === null)) {
    throw new ApiError(ErrorCode.CONFLICT, {
      reason: 'tooCloseToDeparture',
      message: lang === 'vi' ? 'Chuyến bay quá gần giờ khởi hành, không thể giữ chỗ. Vui lòng xuất vé ngay.' : 'The flight departs too soon to be held. Please issue at once.',
    });
  }
  // the agency's fees per airline and passenger type
  const fees: BookingFee[] = [];
  for (const g of groups) {
    const legs = g.chosen.map((c) => ({ from: c.offer.from, to: c.offer.to, departDate: travelDate }));
    const domestic = !isInternationalJourney({ legs });
    for (const f of await agencyBookingFees(db, ctx.agency, [{ airlines: [g.airline], domestic }])) {
      if (!fees.some((x) => x.airline === f.airline && x.domestic === f.domestic && x.paxType === f.paxType)) fees.push(f);
    }
  }
  const feeOf = (airline: string, t: PaxType) => fees.find((f) => f.airline === airline && f.paxType === t)?.issueFee ?? 0;
  const passengers = body.passengers.map((p) => ({ ...p, firstName: p.firstName.trim().toUpperCase(), lastName: p.lastName.trim().toUpperCase() }));
  const paxInfos = paxInfosOf(passengers);

  const booking = {
    id: await insertHoldUnderCaps(db, ctx, deps.holdCaps ?? DEFAULT_HOLD_CAPS, now, lang, {
      agencyId: ctx.agency.id,
      userId: ctx.user.id,
      status: 'HOLD',
      customerName: body.contact.name.trim(),
      customerPhone: body.contact.phone.trim(),
      customerEmail: body.contact.email.trim(),
      ...pax,
      passengers,
      passengerNames: passengerNamesOf(passengers),
      bookingFees: fees,
      luggage: luggage.items,
    }),
  };

  let totalFare = 0;
  let totalFees = 0;
  let held = 0;
  const failures: string[] = [];
  for (const [i, g] of groups.entries()) {
    const fare = g.chosen.reduce((sum, c) => sum + body.passengers.reduce((s, p) => s + paxPrice(c.price, p.type), 0), 0);
    // the agency's issue fee is charged per passenger and flight direction, as the selected-flight session
    // shows it per side (spec point 3): a round trip on one carrier is one PNR but two fees per passenger
    const fee = g.chosen.length * body.passengers.reduce((s, p) => s + feeOf(g.airline, p.type), 0);
    const bags = luggage.items
      .filter((l) => l.airline === g.airline && g.chosen.some((c) => c.offer.direction === l.type && `${c.offer.from}-${c.offer.to}` === l.route && c.offer.source === g.source))
      .reduce((s, l) => s + l.price, 0);
    const routeInfos = g.chosen.flatMap((c) =>
      c.offer.routeInfo.map((r) => ({ ...r, direction: c.offer.direction, class: c.price.class, cabinClass: c.price.fareInfo.cabinClass, ...legOf(c.offer) })),
    );
    const fareData = g.chosen.map((c) => ({ offerId: c.offer.id, direction: c.offer.direction, ...c.price, ...legOf(c.offer) }));
    const holds: SeatHold[] = g.chosen.flatMap((c) => c.offer.routeInfo.map((r) => ({ key: seatKey(r.flightNo, r.departDate.slice(0, 10)), class: c.price.class, n: seated })));
    const base = { bookingId: booking.id, airline: g.airline, source: g.source, routeInfos, fareData, paxInfos, totalPrice: fare + fee + bags };
    try {
      const capacities = await Promise.all(g.chosen.map((c) => capacityOf(deps.suppliers, c.offer, c.price.class, seated)));
      await db.transaction(async (tx) => {
        let h = 0;
        for (const [ci, c] of g.chosen.entries()) {
          for (const _ of c.offer.routeInfo) {
            const hold = holds[h++];
            if (!(await takeSeats(tx, hold.key, hold.class, hold.n, capacities[ci]))) throw new HoldFailed(new SupplierError('NO_AVAILABILITY', { source: g.source }));
          }
        }
        const pnr = await newPnrCode(tx);
        await tx.insert(pnrs).values({ ...base, pnr, recordStatus: 'BOOKED', timeLimit: limits[i]!, seatHolds: holds });
      });
      // luggage is priced in the fare total (bookings.luggage)
      totalFare += fare + bags;
      totalFees += fee;
      held += 1;
    } catch (err) {
      const error = err instanceof HoldFailed ? err.error : err instanceof SupplierError ? err : new SupplierError('UNAVAILABLE', { source: g.source });
      const message = error.localized(lang);
      failures.push(message);
      await db.insert(pnrs).values({ ...base, pnr: null, recordStatus: 'FAILED', timeLimit: null, message, seatHolds: [] });
      await logReservationError(db, {
        agencyId: ctx.agency.id,
        userId: ctx.user.id,
        source: g.source,
        airline: g.airline,
        route: g.chosen.map((c) => `${c.offer.from}-${c.offer.to} ${c.offer.departDateTime.slice(0, 10)}`).join(', '),
        errorCode: error.code,
        errorMessage: error.messageEn,
        request: { offers: g.chosen.map((c) => ({ offerId: c.offer.id, class: c.price.class })), adt: pax.adt, chd: pax.chd, inf: pax.inf },
      });
    }
  }
  if (held === 0) {
    await db.delete(bookings).where(eq(bookings.id, booking.id));
    throw new ApiError(ErrorCode.CONFLICT, { reason: 'noSeats', message: failures[0] });
  }
  await db.update(bookings).set({ totalFare, totalFees }).where(eq(bookings.id, booking.id));
  return booking.id;
}

/** A hold of seats already set aside in a pool (an agency's allotment, seat-pools.ts): nothing is taken from the live inventory. */
export interface PooledHold {
  pool: { name: string; id: number };
  /** The flight as its source answers it (its legs are stored as the PNR's routeInfos). */
  offer: FlightOffer;
  /** The class's price info, with the pool's own amounts per passenger type. */
  price: PriceInfo;
  /** Adults, one seat each (pools sell seats, so no infants or children here). */
  passengers: PassengerInput[];
  contact: { name: string; phone: string; email: string };
  timeLimit: Date;
}

/**
 * Writes the booking and its one PNR (BOOKED, the seats held from the pool) in the caller's transaction, the same
 * rows a hold from a search writes, so the booking is listed, shown, issued, voided and cancelled like any other;
 * its seats go back to the pool. No issue fee (the pool's price is what the ticket costs). 400 reason passengers
 * with the problems of each passenger, as a hold from a search.
 */
export async function holdFromPool(tx: Tx, ctx: UserContext, h: PooledHold, now: Date): Promise<{ bookingId: number; pnr: string; total: number }> {
  const travelDate = h.offer.departDateTime.slice(0, 10);
  const problems = h.passengers.map((p) => ({ paxId: p.paxId, problems: passengerProblems(p, h.passengers, travelDate, now) })).filter((p) => p.problems.length > 0);
  if (problems.length > 0) throw validation({ reason: 'passengers', passengers: problems });
  const passengers = h.passengers.map((p) => ({ ...p, firstName: p.firstName.trim().toUpperCase(), lastName: p.lastName.trim().toUpperCase() }));
  const seated = passengers.filter((p) => p.type !== 'INF').length;
  const total = passengers.reduce((s, p) => s + paxPrice(h.price, p.type), 0);
  const [booking] = await tx
    .insert(bookings)
    .values({
      agencyId: ctx.agency.id,
      userId: ctx.user.id,
      status: 'HOLD',
      customerName: h.contact.name.trim(),
      customerPhone: h.contact.phone.trim(),
      customerEmail: h.contact.email.trim(),
      adt: passengers.filter((p) => p.type === 'ADT').length,
      chd: passengers.filter((p) => p.type === 'CHD').length,
      inf: passengers.filter((p) => p.type === 'INF').length,
      passengers,
      passengerNames: passengerNamesOf(passengers),
      bookingFees: [],
      luggage: [],
      totalFare: total,
      totalFees: 0,
    })
    .returning({ id: bookings.id });
  const { offer, price } = h;
  const pnr = await newPnrCode(tx);
  await tx.insert(pnrs).values({
    bookingId: booking.id,
    airline: offer.airline,
    source: offer.source,
    routeInfos: offer.routeInfo.map((r) => ({ ...r, direction: 'depart', class: price.class, cabinClass: price.fareInfo.cabinClass })),
    fareData: [{ offerId: pooledOfferId(h.pool), direction: 'depart', ...price }],
    paxInfos: paxInfosOf(passengers),
    totalPrice: total,
    pnr,
    recordStatus: 'BOOKED',
    timeLimit: h.timeLimit,
    seatHolds: offer.routeInfo.map((r) => ({ key: seatKey(r.flightNo, r.departDate.slice(0, 10)), class: price.class, n: seated, pool: h.pool })),
  });
  return { bookingId: booking.id, pnr, total };
}

/** The status a PNR shows: BOOKED within 30 minutes of its limit is TIME OUT COMMING. */
export function shownStatus(recordStatus: string, timeLimit: Date | null, now: Date): RecordStatus {
  if (recordStatus === 'BOOKED' && timeLimit && timeLimit.getTime() - now.getTime() <= TIME_OUT_COMING_MINUTES * 60_000) return 'TIME OUT COMMING';
  return recordStatus as RecordStatus;
}

/** The Completed booking of spec point 3, or null outside the caller's booking scope (gateway/bookings/scope.ts). */
export async function bookingView(db: Conn, ctx: UserContext, id: number, now: Date = new Date()): Promise<CompletedBooking | null> {
  const [b] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), bookingScope(ctx)));
  if (!b) return null;
  const rows = await db.select().from(pnrs).where(eq(pnrs.bookingId, id)).orderBy(pnrs.id);
  const listPNR: PnrEntry[] = [];
  const routes: CompletedBooking['routes'] = [];
  for (const r of rows) {
    const legs = r.routeInfos as StoredLeg[];
    const flights = flightsOfPnr(legs);
    const od = (ls: StoredLeg[]) => `${ls[0].from}-${ls[ls.length - 1].to}`;
    // each flight of the direction (several on a multi-city journey)
    const ods = (d: string) => flights.filter((f) => f.direction === d).map((f) => od(f.legs)).join(', ');
    listPNR.push({
      airline: r.airline,
      source: r.source as Source,
      pnr: r.pnr ?? '',
      timelimit: r.timeLimit?.toISOString() ?? '',
      status: shownStatus(r.recordStatus, r.timeLimit, now),
      dep: ods('depart'),
      ret: ods('return'),
      departDate: legs[0]?.departDate ?? '',
      message: r.message ?? '',
      total: r.totalPrice,
    });
    for (const { direction: d, leg, legs: ls } of flights) {
      routes.push({
        airline: r.airline,
        from: ls[0].from,
        to: ls[ls.length - 1].to,
        typeBook: d,
        ...(leg !== undefined ? { leg } : {}),
        departDate: ls[0].departDate,
        listRoute: ls.map((l) => ({ flightNo: l.flightNo, from: l.from, to: l.to, departDate: l.departDate, arrivalDate: l.arrivalDate, class: l.class, cabinClass: l.cabinClass, airCraft: l.airCraft })),
      });
    }
  }
  // a multi-city journey lists its legs in flight order across its PNRs (a stable no-op otherwise)
  routes.sort((a, b) => (a.leg ?? 0) - (b.leg ?? 0));
  const passengers = (b.passengers as PassengerInput[]).map((p) => ({
    paxId: p.paxId,
    type: p.type,
    title: p.title,
    firstName: p.firstName,
    lastName: p.lastName,
    birthday: p.birthday,
    ...(p.parentId !== undefined ? { parentId: p.parentId } : {}),
    ...(p.passport ? { passport: { nationCountry: p.passport.nationCountry, pNumber: p.passport.pNumber, expiryDate: p.passport.expiryDate } } : {}),
  }));
  const luggage = (b.luggage as PricedLuggage[]).map(({ paxId, route, airline, type, code, price, value, unit }) => ({ paxId, route, airline, type, code, price, value, unit }));
  return {
    id: b.id,
    status: b.status as CompletedBooking['status'],
    createdAt: b.createdAt.toISOString(),
    adt: b.adt,
    chd: b.chd,
    inf: b.inf,
    customerInfo: { name: b.customerName, phone: b.customerPhone, email: b.customerEmail },
    listPNR,
    passengers,
    routes,
    total: b.totalFare + b.totalFees,
    totalFare: b.totalFare,
    totalFees: b.totalFees,
    bookingFees: b.bookingFees as BookingFee[],
    luggage,
  };
}

/**
 * Holds past their time limit: each PNR becomes TIME LIMIT OUT and gives its seats back, its booking becomes
 * CANCEL when no hold of it remains, all in one transaction per PNR. Answers how many PNRs expired. A PNR being
 * issued (charged, `charge_entry_id` set) is never expired: its issue's saga settles it first (records the
 * tickets, or reverses the charge and a later sweep expires it).
 */
export async function expireHolds(db: Db, now: Date = new Date(), pools: SeatPools = new SeatPools()): Promise<number> {
  const due = await db
    .select({ id: pnrs.id })
    .from(pnrs)
    .where(and(eq(pnrs.recordStatus, 'BOOKED'), lte(pnrs.timeLimit, now), isNull(pnrs.chargeEntryId)));
  let expired = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(pnrs)
        .set({ recordStatus: 'TIME LIMIT OUT' })
        .where(and(eq(pnrs.id, id), eq(pnrs.recordStatus, 'BOOKED'), isNull(pnrs.chargeEntryId)))
        .returning({ bookingId: pnrs.bookingId, seatHolds: pnrs.seatHolds });
      if (!row) return;
      await pools.giveBack(tx, row.seatHolds);
      // CANCEL when nothing is left, EXPORT when another PNR of the booking is ticketed
      await settleBookingStatus(tx, row.bookingId);
      expired += 1;
    });
  }
  return expired;
}

/**
 * Tells the booking's agent, once per PNR, that a hold has entered its last TIME_OUT_COMING_MINUTES (the
 * bell's "hold about to expire"). A PNR already warned has a hold_expiring notification with its code.
 */
export async function warnExpiringHolds(db: Db, notifier: Notifier, now: Date = new Date()): Promise<number> {
  const soon = new Date(now.getTime() + TIME_OUT_COMING_MINUTES * 60_000);
  const due = await db
    .select({ bookingId: pnrs.bookingId, pnr: pnrs.pnr, timeLimit: pnrs.timeLimit, userId: bookings.userId })
    .from(pnrs)
    .innerJoin(bookings, eq(bookings.id, pnrs.bookingId))
    .where(and(eq(pnrs.recordStatus, 'BOOKED'), isNotNull(pnrs.pnr), gt(pnrs.timeLimit, now), lte(pnrs.timeLimit, soon), isNotNull(bookings.userId)));
  let warned = 0;
  for (const row of due) {
    if (!row.userId || !row.pnr || !row.timeLimit) continue;
    const link = `/booking/completed/${row.bookingId}`;
    const { userId, pnr, timeLimit } = row;
    await db.transaction(async (tx) => {
      const [already] = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, 'hold_expiring'), eq(notifications.link, link), eq(notifications.titleEn, `Booking ${pnr} is about to expire`)))
        .limit(1);
      if (already) return;
      await notifier.holdExpiring(tx, userId, pnr, timeLimit, link);
      warned += 1;
    });
  }
  return warned;
}

/** The bookings a caller sees (the condition on `bookings`), for the desk's support requests and reminders. */
export { bookingScope } from './scope';
// ----- For the shop (gateway/shop): sales from an allotment are bookings, issued and paid as any other -----------
export { SEAT_POOLS, SeatPools, type SeatPoolReturn } from './seat-pools';
export { issueBooking, QuoteCache, type Actor, type LifecycleDeps } from './lifecycle';
// ----- For after-sale (gateway/aftersale): the booking scope and the stored PNR shapes --------------------------
export { bookingInScope } from './scope';
export type { StoredLeg, StoredFare, StoredPaxInfo } from './pnr-view';
// the PNR split (aftersale): a row's luggage bought with the booking
export { luggageOfPnr } from './pnr-view';
export type { PricedLuggage } from './luggage';
// as14b: today's offer of a stored fare (the re-pricing of the issue), for re-pricing a held PNR after sale
export { offerOfFare } from './lifecycle';
