/**
 * The booking lifecycle after the hold (docs/booking-lifecycle.md): issue, void, cancel and refund.
 *
 * Money moves only as ledger entries (postEntry) on the booking's agency deposit: C at issue, V for a void or
 * for the reversal of a charge whose supplier call failed, R for a refund. No database transaction is held
 * open across a supplier call: issuing charges in one transaction (the PNR row locked, `charge_entry_id`
 * set, which marks it as being issued), calls the supplier, then finishes in a second transaction; a failed
 * supplier call reverses the charge in the same flow and the PNR stays BOOKED.
 *
 * Every function takes the booking through `bookingInScope` (404 outside the caller's scope) and checks the
 * state with `stateActions` (409 with a localized message); every money operation writes one audit entry
 * with the booking and its PNRs besides the ledger's own entry per posting.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  bookingStatusFor,
  stateActions,
  type IssueRequest,
  type IssueResult,
  type MoneyResult,
  type PnrAction,
  type RecordStatus,
  type RefundQuote,
  type RefundQuoteLine,
  type RefundRequest,
} from '../../contract/bookings';
import type { Language } from '../../contract/constants';
import { ErrorCode, type ErrorCodeValue } from '../../contract/errors';
import type { BookingFee, FlightOffer, PaxType, PriceInfo, Source } from '../../contract/flights';
import { balanceOf, debitInOneStatement, postEntry, settleEntries, writeEntry, type WrittenEntry } from '../platform/ledger';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { UserContext } from '../platform/tenancy/users';
import type { Conn, Db, Tx } from '../platform/db/client';
import { bookings, issueRequests, journalEntries, pnrs, refunds, sagas, type PnrTicket } from '../platform/db/schema';
import { executeNamed, isUniqueViolation } from '../platform/db/client';
import { arrayOf, columnOf, placeholdersOf, TurnBatch, valuesOf } from '../platform/db/turn-batch';
import { ApiError } from '../platform/http/errors';
import { paidOf, SupplierError, type IssueResult as TicketsIssued, type SeatsTaken, type SupplierRegistry, type TicketShare } from '../suppliers';
import { isDomestic } from '../suppliers/reference-data';
import { PROCESS_INSTANCE_ID } from '../platform/reliability/instance';
import { enqueue, attemptNow } from '../platform/reliability/outbox';
import { beginSaga, endSaga, runRecovery, sagaOf, takeOrphan, type RecoveryOutcome } from '../platform/reliability/saga';
import { bookingInScope, bookingScopeKind, bookingScopeOf, type BookingScopeKind } from './scope';
import { departureInstant, shownStatus } from './service';
import { settleBookingStatus } from './status';
import { isPooledOffer, SeatPools } from './seat-pools';

export interface LifecycleDeps {
  db: Db;
  /** The booking calls (issue, void, cancel); re-pricing at issue, fare rules and refund penalties. */
  suppliers: SupplierRegistry;
  now?: () => Date;
  /** Answers of the re-pricing searches, kept briefly (the same flight and day is priced once per minute). */
  quotes?: QuoteCache;
  /** How often a request waits for a pending one with its idempotency key (ms), and for how long at most. */
  pendingPollMs?: number;
  pendingWaitMs?: number;
  /** Called each time a request waits for a pending one with its key (tests synchronise on it). */
  onPendingWait?: () => void;
  /** The instance running the request (saga owner; default this process). */
  instanceId?: string;
  /** An owner silent this long is dead and its sagas are recovered (default platform DEAD_AFTER_MS). */
  deadAfterMs?: number;
  /** Where pooled seats go back (seat-pools.ts; default: no pool, the live inventory only). */
  seatPools?: SeatPools;
}

/** Who acts: the signed-in user, the language of messages and the request facts for the audit log. */
export interface Actor {
  ctx: UserContext;
  lang: Language;
  meta?: RequestMeta;
}

type BookingRow = typeof bookings.$inferSelect;
type PnrRow = typeof pnrs.$inferSelect;

/** A route leg as stored with the PNR (gateway/bookings/service.ts). */
interface StoredLeg {
  flightNo: string;
  from: string;
  to: string;
  /** yyyy-MM-ddTHH:mm local */
  departDate: string;
  class: string;
  direction: 'depart' | 'return';
}

/** A fare component as stored with the PNR: the offer, its direction and the chosen class's prices. */
export type StoredFare = PriceInfo & { offerId: string; direction: 'depart' | 'return' };

interface StoredPassenger {
  paxId: number;
  type: PaxType;
  title: string;
  firstName: string;
  lastName: string;
}

interface StoredLuggage {
  paxId: number;
  airline: string;
  type: 'depart' | 'return';
  price?: number;
}

/** A reason of a 409 with its message in both languages. */
const CONFLICTS = {
  holdExpired: { vi: 'Đặt chỗ đã quá thời hạn xuất vé. Vui lòng đặt chỗ lại.', en: 'The hold is past its time limit. Please book again.' },
  alreadyIssued: { vi: 'Đặt chỗ này đã được xuất vé.', en: 'This booking has already been issued.' },
  issueInProgress: { vi: 'Đặt chỗ đang được xuất vé. Vui lòng chờ trong giây lát.', en: 'This booking is being issued. Please wait a moment.' },
  notIssuable: { vi: 'Đặt chỗ này không còn ở trạng thái giữ chỗ nên không thể xuất vé.', en: 'This booking is no longer held, so it cannot be issued.' },
  voidWindowClosed: {
    vi: 'Đã quá thời hạn hủy vé (void) trong ngày. Vui lòng dùng chức năng hoàn vé.',
    en: 'The same-day void window has closed. Please refund the tickets instead.',
  },
  notVoidable: { vi: 'Chỉ vé đã xuất mới có thể hủy (void).', en: 'Only issued tickets can be voided.' },
  cancelIssued: {
    vi: 'Vé đã xuất không thể hủy giữ chỗ. Vui lòng hủy vé (void) trong ngày hoặc hoàn vé.',
    en: 'Issued tickets cannot be cancelled. Please void them the same day or refund them.',
  },
  notCancellable: { vi: 'Đặt chỗ này không còn ở trạng thái giữ chỗ nên không thể hủy.', en: 'This booking is no longer held, so it cannot be cancelled.' },
  voidWindowOpen: {
    vi: 'Vé vẫn còn trong thời hạn hủy (void) miễn phí trong ngày. Vui lòng hủy vé thay vì hoàn vé.',
    en: 'The tickets can still be voided free of charge today. Please void them instead of refunding.',
  },
  notRefundable: { vi: 'Chỉ vé đã xuất mới có thể hoàn.', en: 'Only issued tickets can be refunded.' },
  alreadyRefunded: { vi: 'Vé của hành khách đã chọn đã được hoàn trước đó.', en: 'The ticket of a chosen passenger has already been refunded.' },
  idempotencyKeyReused: {
    vi: 'Mã yêu cầu này đã được dùng cho một yêu cầu khác.',
    en: 'This request key was already used for another request.',
  },
} as const satisfies Record<string, Record<Language, string>>;

type ConflictReason = keyof typeof CONFLICTS;

function conflict(reason: ConflictReason, lang: Language, data: Record<string, unknown> = {}): ApiError {
  return new ApiError(ErrorCode.CONFLICT, { reason, message: CONFLICTS[reason][lang], ...data });
}

function supplierFailed(error: unknown, lang: Language): ApiError {
  const e = error instanceof SupplierError ? error : new SupplierError('UNAVAILABLE');
  return new ApiError(ErrorCode.SUPPLIER_FAILED, { reason: e.code, ...(e.source ? { source: e.source } : {}), message: e.localized(lang) });
}

const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ----- Reading PNRs ----------------------------------------------------------------------------------------

const legsOf = (row: PnrRow) => row.routeInfos as StoredLeg[];
const faresOf = (row: PnrRow) => row.fareData as StoredFare[];
const paxOf = (row: PnrRow) => row.paxInfos as StoredPassenger[];

/** 404 (reason pnr) unless every code is one of the rows. */
function checkPnrsFound(rows: readonly PnrRow[], codes: readonly string[]): PnrRow[] {
  const wanted = [...new Set(codes)];
  if (rows.length !== wanted.length) {
    const found = new Set(rows.map((r) => r.pnr));
    throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'pnr', pnrs: wanted.filter((c) => !found.has(c)) });
  }
  return [...rows];
}

/** The PNRs of the booking with these codes, in id order; 404 (reason pnr) when one is not of the booking. */
async function pnrsOfBooking(conn: Conn, bookingId: number, codes: readonly string[]): Promise<PnrRow[]> {
  const rows = await conn
    .select()
    .from(pnrs)
    .where(and(eq(pnrs.bookingId, bookingId), inArray(pnrs.pnr, [...new Set(codes)])))
    .orderBy(asc(pnrs.id));
  return checkPnrsFound(rows, codes);
}

/** The record status of each PNR of a booking when it was read, by id order. */
type PnrStatuses = { id: number; s: string }[];

/** A read of bookingWithPnrs as a row of its statement: the booking, the caller's agency and user, the PNR codes (JSON). */
const BOOKING_READ_COLUMNS = { id: 'bigint', agn: 'integer', uid: 'integer', codes: 'jsonb' } as const;
/** The most reads one statement carries. */
const BOOKING_READS_PER_STATEMENT = 8;

/**
 * The read of bookingWithPnrs for one scope kind and `size` reads at once, prepared per database (the database parses
 * and plans it once per connection, and drizzle builds its text once): each booking in its caller's scope
 * (bookingScopeOf with the read's agency and user), its PNRs with the codes asked for, the statuses of all its PNRs;
 * rows by the read's place (ord) and PNR id. A read outside its caller's scope has no row.
 */
function buildBookingRead(db: Db, kind: BookingScopeKind, size: number) {
  const input = db.$with('booking_read', { ord: sql<number>`ord`.as('ord') }).as(sql`select * from ${valuesOf(size, BOOKING_READ_COLUMNS)}`);
  // the bookings found by their key (db/turn-batch.ts columnOf): the join alone was planned as a hash of the whole table
  const ids = columnOf(size, 'id', BOOKING_READ_COLUMNS.id);
  return db
    .with(input)
    .select({
      ord: input.ord,
      booking: bookings,
      pnr: pnrs,
      statuses: sql<PnrStatuses | null>`(select jsonb_agg(jsonb_build_object('id', q.id, 's', q.record_status) order by q.id) from pnrs q where q.booking_id = ${bookings.id})`,
    })
    .from(input)
    .innerJoin(bookings, and(sql`${bookings.id} = any(${ids})`, eq(bookings.id, sql`booking_read.id`), bookingScopeOf(kind, sql`booking_read.agn`, sql`booking_read.uid`)))
    .leftJoin(pnrs, and(eq(pnrs.bookingId, bookings.id), sql`${pnrs.pnr} in (select jsonb_array_elements_text(booking_read.codes))`))
    .orderBy(sql`booking_read.ord`, asc(pnrs.id))
    .prepare(`booking_with_pnrs_${kind}_${size}`);
}

type BookingRead = { booking: BookingRow; rows: PnrRow[]; statuses: PnrStatuses };
type BookingReadStatement = ReturnType<typeof buildBookingRead>;

/** Per database and scope kind: the reads of the current event-loop turn (db/turn-batch.ts), with their statements by size. */
const bookingReads = new WeakMap<Db, Map<BookingScopeKind, TurnBatch<Record<keyof typeof BOOKING_READ_COLUMNS, unknown>, BookingRead | null>>>();

function bookingReadsOf(db: Db, kind: BookingScopeKind) {
  let kinds = bookingReads.get(db);
  if (!kinds) bookingReads.set(db, (kinds = new Map()));
  let batch = kinds.get(kind);
  if (!batch) {
    const statements: BookingReadStatement[] = [];
    batch = new TurnBatch(async (asked: Record<keyof typeof BOOKING_READ_COLUMNS, unknown>[]) => {
      const rows = await (statements[asked.length] ??= buildBookingRead(db, kind, asked.length)).execute(placeholdersOf(asked));
      const found: (BookingRead | null)[] = asked.map(() => null);
      for (const r of rows) {
        const read = (found[Number(r.ord) - 1] ??= { booking: r.booking, rows: [], statuses: (r.statuses ?? []).map((x) => ({ id: Number(x.id), s: x.s })) });
        if (r.pnr) read.rows.push(r.pnr);
      }
      return found;
    }, BOOKING_READS_PER_STATEMENT);
    kinds.set(kind, batch);
  }
  return batch;
}

/**
 * `bookingInScope` and the booking's PNRs with these codes (in id order, not yet checked: `checkPnrsFound`) in one
 * statement, with the record status of every PNR of the booking; the reads of one event-loop turn share it. 404
 * (reason booking) outside the caller's scope.
 */
async function bookingWithPnrs(db: Db, ctx: UserContext, bookingId: number, codes: readonly string[]): Promise<BookingRead> {
  const found = await bookingReadsOf(db, bookingScopeKind(ctx)).ask({ id: bookingId, agn: ctx.agency.id, uid: ctx.user.id, codes: JSON.stringify([...new Set(codes)]) });
  if (!found) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'booking' });
  return found;
}

async function lockPnr(tx: Tx, id: number): Promise<PnrRow> {
  const [row] = await tx.select().from(pnrs).where(eq(pnrs.id, id)).for('update');
  return row;
}

/** Passengers of the PNR refunded so far. */
async function refundedPax(conn: Conn, pnrIds: readonly number[]): Promise<Map<number, Map<number, typeof refunds.$inferSelect>>> {
  const out = new Map<number, Map<number, typeof refunds.$inferSelect>>();
  if (pnrIds.length === 0) return out;
  for (const r of await conn.select().from(refunds).where(inArray(refunds.pnrId, [...pnrIds]))) {
    if (!out.has(r.pnrId)) out.set(r.pnrId, new Map());
    out.get(r.pnrId)!.set(r.paxId, r);
  }
  return out;
}

/** What the PNR's state allows now (contract stateActions); the endpoint's rule has checked the caller. */
function actionsOf(row: PnrRow, now: Date, refundablePax = 0): PnrAction[] {
  return stateActions(
    {
      recordStatus: shownStatus(row.recordStatus, row.timeLimit, now),
      timeLimit: row.timeLimit?.toISOString() ?? '',
      voidUntil: row.voidUntil?.toISOString() ?? '',
      refundablePax,
    },
    now,
  );
}

/** First departure of the PNR (instant). */
function firstDeparture(row: PnrRow): Date {
  const first = [...legsOf(row)].sort((a, b) => a.departDate.localeCompare(b.departDate))[0];
  return departureInstant(first.from, first.departDate.slice(0, 16));
}

const isInternationalPnr = (row: PnrRow) => legsOf(row).some((l) => !isDomestic(l.from, l.to));

// ----- Money of a ticket -----------------------------------------------------------------------------------

const faresFor = (f: StoredFare, t: PaxType) =>
  t === 'ADT' ? { fare: f.fareADT, tax: f.taxADT, vat: f.vatADT } : t === 'CHD' ? { fare: f.fareCHD, tax: f.taxCHD, vat: f.vatCHD } : { fare: f.fareINF, tax: f.taxINF, vat: f.vatINF };

/**
 * Each passenger's ticket of the PNR: one component per fare (with the luggage bought for that direction on
 * this airline, counted once) and the agency's issue fee of its type for each direction (as held: per passenger and
 * flight direction). The charge of the PNR is their sum.
 */
export function ticketShares(row: PnrRow, booking: Pick<BookingRow, 'bookingFees' | 'luggage'>, fares: StoredFare[] = faresOf(row)): Map<number, TicketShare> {
  const fees = booking.bookingFees as BookingFee[];
  const luggage = (booking.luggage as StoredLuggage[]).filter((l) => l.airline === row.airline);
  const international = isInternationalPnr(row);
  const out = new Map<number, TicketShare>();
  for (const p of paxOf(row)) {
    const counted = new Set<string>();
    const components = fares.map((f) => {
      const bags = counted.has(f.direction) ? 0 : luggage.filter((l) => l.paxId === p.paxId && l.type === f.direction).reduce((s, l) => s + (Number.isSafeInteger(l.price) ? l.price! : 0), 0);
      counted.add(f.direction);
      return { airline: row.airline, class: f.class, fareFamily: f.fareInfo?.fareFamily, international, ...faresFor(f, p.type), luggage: bags };
    });
    const issueFee = fares.length * (fees.find((x) => x.airline === row.airline && x.paxType === p.type)?.issueFee ?? 0);
    out.set(p.paxId, { paxType: p.type, components, issueFee });
  }
  return out;
}

export const totalOf = (shares: Map<number, TicketShare>): number => [...shares.values()].reduce((s, t) => s + paidOf(t), 0);

/** gw-mem3: heap bytes counted per fare class of a cached answer (its offers' own priced classes), for the byte bound. */
export const QUOTE_BYTES_PER_CLASS = 900;

/** The estimated heap bytes of an answer: its fare classes (see QUOTE_BYTES_PER_CLASS). */
export function quoteBytes(offers: readonly FlightOffer[]): number {
  let classes = 0;
  for (const o of offers) classes += o.priceInfo?.length ?? 0;
  return classes * QUOTE_BYTES_PER_CLASS;
}

/**
 * Recent supplier answers of re-pricing searches by source and request: at most `max` entries and `maxBytes`
 * (estimated once an answer arrives), each kept `ttlMs`. A bounded memo, so issuing many bookings of one flight and
 * day prices it once.
 */
export class QuoteCache {
  /** How many answers are held (for tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  /** The estimated bytes of the answers held (for tests and diagnostics). */
  get bytes(): number {
    return this.heldBytes;
  }

  private readonly entries = new Map<string, { at: number; offers: Promise<FlightOffer[]>; bytes: number }>();
  private heldBytes = 0;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly max = 500,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.heldBytes -= e.bytes;
    this.entries.delete(key);
  }

  private dropOldest(): void {
    this.drop(this.entries.keys().next().value!);
  }

  get(key: string, load: () => Promise<FlightOffer[]>, now = Date.now()): Promise<FlightOffer[]> {
    // entries are kept in the order they were stored: the expired ones are at the front and go at once, so a
    // quiet hour does not keep up to `max` whole offer lists alive
    for (const [k, e] of this.entries) {
      if (now - e.at < this.ttlMs) break;
      this.drop(k);
    }
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.offers;
    const offers = load();
    this.drop(key);
    const entry = { at: now, offers, bytes: 0 };
    this.entries.set(key, entry);
    // a failed answer is not kept
    offers.then(
      (list) => {
        if (this.entries.get(key) !== entry) return;
        entry.bytes = quoteBytes(list);
        this.heldBytes += entry.bytes;
        // the newest answer stays even when alone over the byte bound
        while (this.heldBytes > this.maxBytes && this.entries.size > 1) this.dropOldest();
      },
      () => {
        if (this.entries.get(key) === entry) this.drop(key);
      },
    );
    while (this.entries.size > this.max) this.dropOldest();
    return offers;
  }
}

/**
 * Today's offer of one stored fare of the PNR, searched as at hold (the fare's own flights; a GDS round trip as a
 * combined search), or undefined when the fare has no flight of its own in the PNR. `seatsTaken` applies the
 * inventory (seats on sale now); without it the counts are before the inventory. Throws the supplier's error.
 */
export async function offerOfFare(
  suppliers: SupplierRegistry,
  row: Pick<PnrRow, 'source' | 'routeInfos'>,
  booking: Pick<BookingRow, 'adt' | 'chd' | 'inf'>,
  f: StoredFare,
  options: { quotes?: QuoteCache; seatsTaken?: SeatsTaken } = {},
): Promise<FlightOffer | undefined> {
  const source = row.source as Source;
  const legs = row.routeInfos as StoredLeg[];
  const pax = { adt: booking.adt, chd: booking.chd, inf: booking.inf };
  const dateOf = (dir: 'depart' | 'return') => legs.find((l) => l.direction === dir)?.departDate.slice(0, 10);
  const ownId = f.offerId.split(':')[0];
  const flightNos = ownId.split('-')[1]?.split('.') ?? [];
  const own = flightNos.map((n) => legs.find((l) => l.flightNo === n && l.direction === f.direction)).filter((l): l is StoredLeg => l !== undefined);
  if (own.length === 0) return undefined;
  const supplier = suppliers.flightQuotes(source);
  const combined = f.offerId.includes(':') && !supplier.isCarrierChannel;
  const outward = f.direction === 'depart' ? own : legs.filter((l) => l.direction === 'depart');
  const request = combined
    ? { from: outward[0].from, to: outward[outward.length - 1].to, departDate: dateOf('depart')!, returnDate: dateOf('return'), pax }
    : { from: own[0].from, to: own[own.length - 1].to, departDate: own[0].departDate.slice(0, 10), pax };
  const search = () => supplier.search(request, options.seatsTaken ? { seatsTaken: options.seatsTaken } : undefined);
  const offers = await (options.quotes && !options.seatsTaken ? options.quotes.get(JSON.stringify([source, request]), search) : search());
  return offers.find((o) => o.id === f.offerId && o.direction === f.direction);
}

/**
 * The fares of the PNR priced again by the supplier (deterministic simulated fares): each stored fare is
 * looked up by its offer id and class; a fare the supplier no longer answers keeps its held price.
 */
export async function repriceFares(suppliers: SupplierRegistry, row: PnrRow, booking: Pick<BookingRow, 'adt' | 'chd' | 'inf'>, quotes?: QuoteCache): Promise<StoredFare[]> {
  const out: StoredFare[] = [];
  for (const f of faresOf(row)) {
    // a fare of an allotment keeps the allotment's price
    if (isPooledOffer(f.offerId)) {
      out.push(f);
      continue;
    }
    try {
      const price = (await offerOfFare(suppliers, row, booking, f, { quotes }))?.priceInfo.find((p) => p.class === f.class);
      out.push(price ? { ...f, ...price, seatAvailable: f.seatAvailable, offerId: f.offerId, direction: f.direction } : f);
    } catch {
      out.push(f);
    }
  }
  return out;
}

const NO_POOLS = new SeatPools();

/** The PNR's seats back where they came from: the live inventory, or the pool a hold names. */
async function giveSeatsBack(tx: Tx, row: PnrRow, pools: SeatPools = NO_POOLS): Promise<void> {
  await pools.giveBack(tx, row.seatHolds);
}

// ----- Issue -----------------------------------------------------------------------------------------------

/** The idempotency hash of an issue request: the booking and its sorted PNR codes. */
export function issueBodyHash(bookingId: number, pnrCodes: readonly string[]): string {
  return createHash('sha256')
    .update(`${bookingId}|${[...new Set(pnrCodes)].sort().join(',')}`)
    .digest('hex');
}

/** A pending key older than this belongs to a request that died: another request may take it over. */
const STALE_PENDING_MS = 5 * 60_000;

/** `waited`: the key was not free at the first try (another request held it or had failed with it). */
type Claim = { kind: 'owned'; waited: boolean } | { kind: 'done'; result: IssueResult };

/** The saga of an issue (platform/reliability/saga.ts): one per idempotency key. */
export const ISSUE_SAGA = 'booking.issue';
const issueSagaKey = (key: string) => `issue:${key}`;
/** The outbox kind of a compensating void (tickets issued for a charge that was reversed). */
export const COMPENSATING_VOID = 'flight.void';

const ownerOf = (deps: Pick<LifecycleDeps, 'instanceId'>) => deps.instanceId ?? PROCESS_INSTANCE_ID;

/** A failed key whose saga a recovery undid: the next request with the key takes it over (it resumes). */
interface FailedResult {
  code?: ErrorCodeValue;
  data?: Record<string, unknown> | null;
  recovered?: boolean;
}

/**
 * Takes the idempotency key for this request, or answers the finished result of an earlier one. A request
 * arriving while the key is pending waits for it (polling, bounded by pendingWaitMs); when the request that
 * holds it died (its instance no longer beats), the waiting one recovers its saga at once and then resumes:
 * a finished issue is answered, an undone one is taken over. A failed key is taken over (the retry may try
 * again); the key with another body is 409/49.
 */
async function claimIssueKey(deps: LifecycleDeps, actor: Actor, bookingId: number, key: string, bodyHash: string): Promise<Claim> {
  const { db } = deps;
  const owner = ownerOf(deps);
  const deadline = Date.now() + (deps.pendingWaitMs ?? 60_000);
  let waited = false;
  let tries = 0;
  for (;;) {
    if (await insertIssueKey(db, { key, userId: actor.ctx.user.id, bookingId, bodyHash, owner })) return { kind: 'owned', waited: tries > 0 };
    tries += 1;
    const [row] = await db.select().from(issueRequests).where(eq(issueRequests.idempotencyKey, key));
    if (!row) continue;
    if (row.bodyHash !== bodyHash || row.bookingId !== bookingId) throw conflict('idempotencyKeyReused', actor.lang);
    if (row.status === 'done') return { kind: 'done', result: row.result as IssueResult };
    const failed = row.result as FailedResult | null;
    if (row.status === 'failed' && waited && !failed?.recovered) {
      // the request this one waited for failed: the same answer (a later retry with the key tries again)
      throw new ApiError(failed?.code ?? ErrorCode.INTERNAL, failed?.data ?? undefined);
    }
    const staleBefore = new Date(Date.now() - STALE_PENDING_MS);
    if (row.status === 'failed' || row.updatedAt.getTime() < staleBefore.getTime()) {
      // one of the requests waiting takes it over (the condition is re-checked by the update itself)
      const taken = await db.transaction(async (tx) => {
        const rows = await tx
          .update(issueRequests)
          .set({ status: 'pending', userId: actor.ctx.user.id, result: null, updatedAt: new Date() })
          .where(
            and(
              eq(issueRequests.idempotencyKey, key),
              row.status === 'failed' ? eq(issueRequests.status, 'failed') : and(eq(issueRequests.status, 'pending'), lt(issueRequests.updatedAt, staleBefore)),
            ),
          )
          .returning({ key: issueRequests.idempotencyKey });
        if (rows.length > 0) await beginSaga(tx, { kind: ISSUE_SAGA, key: issueSagaKey(key), owner, step: 'claimed', data: { key, bookingId } });
        return rows.length > 0;
      });
      if (taken) return { kind: 'owned', waited: true };
    } else {
      // pending: is the request holding it gone (a crash)? then recover its saga now instead of waiting
      const orphan = await takeOrphan(db, issueSagaKey(key), owner, deps.deadAfterMs);
      if (orphan) {
        await runRecovery(db, orphan, owner, (saga) => recoverIssue(deps, saga));
        continue;
      }
      if (Date.now() > deadline) throw conflict('issueInProgress', actor.lang);
      waited = true;
      deps.onPendingWait?.();
    }
    await sleep(deps.pendingPollMs ?? 50);
  }
}

/**
 * A new key `pending` and its saga `claimed` (beginSaga's upsert), in ONE statement: both or neither (the saga
 * is written only when the key was inserted). Answers whether the key was inserted.
 */
async function insertIssueKey(db: Db, k: { key: string; userId: number; bookingId: number; bodyHash: string; owner: string }): Promise<boolean> {
  const at = new Date().toISOString();
  const data = JSON.stringify({ key: k.key, bookingId: k.bookingId });
  const [row] = await executeNamed<{ n: string | number }>(
    db,
    'issue_key_claim',
    sql`
    with claimed as (
      insert into issue_requests (idempotency_key, user_id, booking_id, body_hash, status, created_at, updated_at)
      values (${k.key}, ${k.userId}::integer, ${k.bookingId}::bigint, ${k.bodyHash}, 'pending', ${at}::timestamptz, ${at}::timestamptz)
      on conflict do nothing
      returning idempotency_key
    ),
    saga as (
      insert into sagas (kind, key, owner, step, data, status)
      select ${ISSUE_SAGA}, ${issueSagaKey(k.key)}, ${k.owner}, 'claimed', ${data}::jsonb, 'running' from claimed
      on conflict (key) do update set owner = excluded.owner, step = excluded.step, data = excluded.data, status = 'running', last_error = null, updated_at = now()
      returning key
    )
    select (select count(*) from claimed) as n, (select count(*) from saga) as s`,
  );
  return Number(row?.n ?? 0) > 0;
}

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

interface IssuePlan {
  row: PnrRow;
  fares: StoredFare[];
  heldTotal: number;
  amount: number;
  entryId?: number;
}

/** What the saga of an issue keeps once charged: enough to record the tickets or undo the charges later. */
interface ChargedIssue {
  key: string;
  bookingId: number;
  userId: number;
  issuedAt: string;
  pnrs: { id: number; pnr: string; source: string; entryId: number; amount: number; heldTotal: number; fares: StoredFare[] }[];
}

/** May the PNR be issued now (refuseIssue answers why not)? */
const issuable = (row: PnrRow, now: Date) => actionsOf(row, now).includes('issue') && row.chargeEntryId === null;

function refuseIssue(row: PnrRow, now: Date, lang: Language): void {
  if (issuable(row, now)) return;
  if (row.recordStatus === 'ISSUE TICKET') throw conflict('alreadyIssued', lang, { pnr: row.pnr });
  if (row.recordStatus === 'BOOKED' && row.chargeEntryId !== null) throw conflict('issueInProgress', lang, { pnr: row.pnr });
  if (row.recordStatus === 'BOOKED' || row.recordStatus === 'TIME LIMIT OUT') throw conflict('holdExpired', lang, { pnr: row.pnr });
  throw conflict('notIssuable', lang, { pnr: row.pnr });
}

/** Who a money step is recorded for: the acting user, or the user of a request a recovery finishes. */
interface Doer {
  userId: number;
  meta?: RequestMeta;
}

/**
 * Reverses the charges of a failed issue: a V entry "reversal of entry N" each, for a PNR still BOOKED with that
 * charge (so a reversal repeated by a recovery, or after the tickets were recorded, changes nothing); the PNRs
 * stay BOOKED. Tickets the supplier issued for the request go to the outbox as compensating voids (retried until
 * the supplier confirms) in the same transaction; the saga ends compensated and the key failed.
 */
async function reverseCharges(
  deps: LifecycleDeps,
  doer: Doer,
  booking: BookingRow,
  plans: IssuePlan[],
  why: string,
  undo: { key: string; tickets: TicketsIssued[]; failure: FailedResult },
): Promise<void> {
  const voids: string[] = [];
  await deps.db.transaction(async (tx) => {
    const reversed: number[] = [];
    const written: WrittenEntry[] = [];
    for (const p of plans) {
      if (p.entryId === undefined) continue;
      const row = await lockPnr(tx, p.row.id);
      if (row.recordStatus !== 'BOOKED' || row.chargeEntryId !== p.entryId) continue;
      const entry = await writeEntry(tx, {
        type: 'V',
        agencyId: booking.agencyId,
        amount: p.amount,
        reference: `Hoàn lại bút toán ${p.entryId} (xuất vé ${p.row.pnr} không thành công) / reversal of entry ${p.entryId} (issue of ${p.row.pnr} failed)`,
        idempotencyKey: `reversal:${p.entryId}`,
        bookingRef: String(booking.id),
        pnr: p.row.pnr,
        createdBy: doer.userId,
        meta: doer.meta,
      });
      written.push(entry);
      await tx
        .update(pnrs)
        .set({ chargeEntryId: null, updatedAt: new Date() })
        .where(and(eq(pnrs.id, p.row.id), eq(pnrs.chargeEntryId, p.entryId)));
      reversed.push(p.entryId);
    }
    for (const t of undo.tickets) {
      const plan = plans.find((p) => p.row.pnr === t.pnr);
      if (!plan) continue;
      const key = `void:${undo.key}:${t.pnr}`;
      await enqueue(tx, { kind: COMPENSATING_VOID, key, payload: { source: plan.row.source, pnr: t.pnr, ticketNumbers: t.tickets.map((x) => x.ticketNumber), bookingId: booking.id, agencyId: booking.agencyId } });
      voids.push(key);
    }
    await writeAudit(
      tx,
      {
        userId: doer.userId,
        agencyId: booking.agencyId,
        action: 'booking.issue_failed',
        target: String(booking.id),
        detail: { bookingId: booking.id, pnrs: plans.map((p) => p.row.pnr), reversed, reason: why, compensatingVoids: voids },
      },
      doer.meta,
    );
    await tx
      .update(issueRequests)
      .set({ status: 'failed', result: undo.failure, updatedAt: new Date() })
      .where(and(eq(issueRequests.idempotencyKey, undo.key), eq(issueRequests.status, 'pending')));
    await endSaga(tx, issueSagaKey(undo.key), 'compensated', why);
    // the deposit last (credits: no condition, the row lock only until the commit)
    await settleEntries(tx, written);
  });
  // the voids once now; what fails stays in the outbox for the job
  for (const key of voids) await attemptNow(deps.db, key, compensatingVoid(deps.suppliers));
}

/** The outbox handler of a compensating void: the supplier's void of the tickets (voiding twice is harmless). */
export function compensatingVoid(suppliers: SupplierRegistry): (payload: unknown) => Promise<void> {
  return async (payload) => {
    const p = payload as { source: string; pnr: string; ticketNumbers: string[] };
    await suppliers.flight(p.source as Source).void({ pnr: p.pnr, ticketNumbers: p.ticketNumbers });
  };
}

/**
 * What an issue records for its PNRs, whichever statement writes it (recordTicketsAtOnce, recordInTurn): the answer
 * (its balance filled in by the statement), each PNR's tickets, the booking's status with the booking's other PNRs'
 * statuses, and the audit entry's detail.
 */
function issuedRecord(booking: BookingRow, plans: IssuePlan[], issued: TicketsIssued[], otherStatuses: string[]) {
  const result: IssueResult = { bookingId: booking.id, amount: 0, balanceAfter: 0, replayed: false, pnrs: [] };
  const tickets: PnrTicket[][] = plans.map((p, i) => {
    const pax = paxOf(p.row);
    return issued[i].tickets.map((t) => ({ paxId: pax[t.paxIndex].paxId, ticketNumber: t.ticketNumber }));
  });
  for (const [i, p] of plans.entries()) {
    result.amount += p.amount;
    result.pnrs.push({ pnr: p.row.pnr!, status: 'ISSUE TICKET', tickets: tickets[i], ...(p.amount !== p.heldTotal ? { repriced: { from: p.heldTotal, to: p.amount } } : {}) });
  }
  const status = bookingStatusFor([...otherStatuses, ...plans.map(() => 'ISSUE TICKET')]);
  const detail = { bookingId: booking.id, status, pnrs: plans.map((p) => ({ pnr: p.row.pnr, amount: p.amount, entryId: p.entryId })), amount: result.amount };
  return { result, tickets, status, detail };
}

/**
 * Records the supplier's tickets in ONE statement, committed alone: the same writes as recordTickets (the PNRs
 * ISSUE TICKET with their tickets, price and fares, the booking's status, the audit entry, the key done with its
 * result, the saga done), made only when every PNR is still BOOKED with this charge (locked FOR UPDATE) and the
 * booking's other PNRs still have the statuses they had when the issue read them (from which the booking's status
 * is computed here, bookingStatusFor). Otherwise nothing is written and null is answered: the caller records with
 * recordTickets, which reads them again in its transaction (and answers a replay or 409 holdExpired).
 */
async function recordTicketsAtOnce(
  db: Db,
  doer: Doer,
  booking: BookingRow,
  plans: IssuePlan[],
  issued: TicketsIssued[],
  key: string,
  now: Date,
  statuses: PnrStatuses,
): Promise<IssueResult | null> {
  const ids = new Set(plans.map((p) => p.row.id));
  const others = statuses.filter((x) => !ids.has(x.id));
  const { result, tickets, status, detail } = issuedRecord(booking, plans, issued, others.map((x) => x.s));
  const marks = JSON.stringify(
    plans.map((p, i) => ({ id: p.row.id, entry: p.entryId!, tickets: tickets[i], void_until: new Date(issued[i].voidUntil).toISOString(), amount: p.amount, fares: p.fares })),
  );
  const at = new Date().toISOString();
  const [row] = await executeNamed<{ ok: boolean | null; balance: string | number | null }>(
    db,
    'issue_record',
    sql`
    with m as (
      select * from jsonb_to_recordset(${marks}::jsonb) as m(id bigint, entry bigint, tickets jsonb, void_until timestamptz, amount bigint, fares jsonb)
    ),
    gate as (
      select (select count(*) from ${lockedPnrs(plans)} l join m on m.id = l.id
              where l.record_status = 'BOOKED' and l.charge_entry_id = m.entry) = ${plans.length}::integer
         and (select coalesce(jsonb_agg(jsonb_build_object('id', q.id, 's', q.record_status) order by q.id), '[]'::jsonb)
              from pnrs q where q.booking_id = ${booking.id}::bigint and q.id not in (select id from m)) = ${JSON.stringify(others)}::jsonb as ok
    ),
    -- the gate checked the rows' status and charge under its lock, held to the commit: only the key is asked here
    done as (
      update pnrs set record_status = 'ISSUE TICKET', tickets = m.tickets, issued_at = ${now.toISOString()}::timestamptz,
        issued_by = ${doer.userId}::integer, void_until = m.void_until, total_price = m.amount, fare_data = m.fares, updated_at = ${at}::timestamptz
      from m
      where ${pnrIdIn(sql`pnrs.id`, plans)} and pnrs.id = m.id and (select ok from gate)
      returning pnrs.id
    ),
    bal as (select balance from ledger_accounts where agency_id = ${booking.agencyId}::integer and kind = 'deposit'),
    b as (update bookings set status = ${status}, updated_at = ${at}::timestamptz where id = ${booking.id}::bigint and exists (select 1 from done) returning id),
    a as (
      insert into audit_log (user_id, agency_id, action, target, ip, request_id, detail)
      select ${doer.userId}::integer, ${booking.agencyId}::integer, 'booking.issued', ${String(booking.id)}, ${doer.meta?.ip ?? null}, ${doer.meta?.requestId ?? null}, ${JSON.stringify(detail)}::jsonb
      where exists (select 1 from done)
      returning id
    ),
    k as (
      update issue_requests set status = 'done', updated_at = ${at}::timestamptz,
        result = jsonb_set(${JSON.stringify(result)}::jsonb, '{balanceAfter}', to_jsonb(coalesce((select balance from bal), 0)))
      where idempotency_key = ${key} and exists (select 1 from done)
      returning idempotency_key
    ),
    sg as (update sagas set status = 'done', step = 'done', updated_at = now() where key = ${issueSagaKey(key)} and status = 'running' and exists (select 1 from done) returning key)
    select (select ok from gate) as ok, (select balance from bal) as balance`,
  );
  if (!row?.ok) return null;
  result.balanceAfter = Number(row.balance ?? 0);
  return result;
}

/** A record of recordInTurn: one PNR issued, the only PNR of its booking; the JSON values as text. */
interface RecordCall {
  id: number;
  entry: number;
  tickets: string;
  voidUntil: string;
  amount: number;
  fares: string;
  booking: number;
  agency: number;
  status: string;
  uid: number;
  ip: string | null;
  rid: string | null;
  detail: string;
  result: string;
  key: string;
  saga: string;
  issuedAt: string;
}

/** The most records one statement carries. */
const RECORDS_PER_STATEMENT = 8;

/**
 * The records of one event-loop turn in ONE statement, committed alone (db/turn-batch.ts): recordTicketsAtOnce's
 * writes for each call whose gate holds (its PNR locked FOR UPDATE and still BOOKED with this charge, and still the
 * booking's only PNR), nothing for the others; answers per call whether its gate held and the deposit balance after.
 * The PNRs are locked in id order before any other row; every other row written is one call's own (its booking,
 * key, saga, audit entry), so a statement waits on no more than its calls alone would.
 */
async function recordTogether(db: Db, calls: RecordCall[]): Promise<{ ok: boolean; balance: number }[]> {
  const at = new Date().toISOString();
  const rows = calls.map(
    (c, i) =>
      sql`(${i + 1}::integer, ${c.id}::bigint, ${c.entry}::bigint, ${c.tickets}::jsonb, ${c.voidUntil}::timestamptz, ${c.amount}::bigint, ${c.fares}::jsonb, ${c.booking}::bigint, ${c.agency}::integer, ${c.status}::text, ${c.uid}::integer, ${c.ip}::text, ${c.rid}::text, ${c.detail}::jsonb, ${c.result}::jsonb, ${c.key}::text, ${c.saga}::text, ${c.issuedAt}::timestamptz)`,
  );
  // the keys again as array expressions, so that each table's rows are found by their key (db/turn-batch.ts columnOf)
  const keys = (pick: (c: RecordCall) => unknown, type: string) => arrayOf(calls, pick, type);
  const ids = keys((c) => c.id, 'bigint');
  const found = await executeNamed<{ ok: boolean | null; balance: string | number | null }>(
    db,
    `issue_record_turn_${calls.length}`,
    sql`
    with v as (
      select * from (values ${sql.join(rows, sql`, `)})
        as v(ord, id, entry, tickets, void_until, amount, fares, booking, agency, status, uid, ip, rid, detail, result, key, saga, issued_at)
    ),
    l as (select p.id, p.record_status, p.charge_entry_id from pnrs p where p.id = any(${ids}) order by p.id offset 0 for update of p),
    gate as (
      select v.ord, v.id,
        exists (select 1 from l where l.id = v.id and l.record_status = 'BOOKED' and l.charge_entry_id = v.entry)
        and not exists (select 1 from pnrs q where q.booking_id = v.booking and q.id <> v.id) as ok
      from v
    ),
    done as (
      update pnrs set record_status = 'ISSUE TICKET', tickets = v.tickets, issued_at = v.issued_at, issued_by = v.uid,
        void_until = v.void_until, total_price = v.amount, fare_data = v.fares, updated_at = ${at}::timestamptz
      from v join gate g on g.ord = v.ord and g.ok
      where pnrs.id = any(${ids}) and pnrs.id = v.id
      returning pnrs.id
    ),
    bal as (select agency_id, balance from ledger_accounts where agency_id = any(${keys((c) => c.agency, 'integer')}) and kind = 'deposit'),
    b as (
      update bookings set status = v.status, updated_at = ${at}::timestamptz
      from v join done on done.id = v.id
      where bookings.id = any(${keys((c) => c.booking, 'bigint')}) and bookings.id = v.booking
      returning bookings.id
    ),
    a as (
      insert into audit_log (user_id, agency_id, action, target, ip, request_id, detail)
      select v.uid, v.agency, 'booking.issued', v.booking::text, v.ip, v.rid, v.detail from v join done on done.id = v.id
      returning id
    ),
    k as (
      update issue_requests set status = 'done', updated_at = ${at}::timestamptz,
        result = jsonb_set(v.result, '{balanceAfter}', to_jsonb(coalesce(bal.balance, 0)))
      from v join done on done.id = v.id left join bal on bal.agency_id = v.agency
      where issue_requests.idempotency_key = any(${keys((c) => c.key, 'text')}) and issue_requests.idempotency_key = v.key
      returning idempotency_key
    ),
    sg as (
      update sagas set status = 'done', step = 'done', updated_at = now()
      from v join done on done.id = v.id
      where sagas.key = any(${keys((c) => c.saga, 'text')}) and sagas.key = v.saga and sagas.status = 'running'
      returning sagas.key
    )
    select g.ok, bal.balance from gate g join v on v.ord = g.ord left join bal on bal.agency_id = v.agency order by g.ord`,
  );
  return calls.map((_, i) => ({ ok: found[i]?.ok === true, balance: Number(found[i]?.balance ?? 0) }));
}

const recordBatches = new WeakMap<Db, TurnBatch<RecordCall, { ok: boolean; balance: number }>>();

/**
 * recordTicketsAtOnce for an issue of a booking's only PNR, in the statement of its event-loop turn (recordTogether).
 * Answers null when its gate did not hold (nothing written: the caller records with recordTickets), undefined when
 * the shared statement failed (nothing written for any call: the caller records alone).
 */
async function recordInTurn(
  db: Db,
  doer: Doer,
  booking: BookingRow,
  plan: IssuePlan,
  issued: TicketsIssued,
  key: string,
  now: Date,
): Promise<IssueResult | null | undefined> {
  const { result, tickets: [tickets], status, detail } = issuedRecord(booking, [plan], [issued], []);
  let batch = recordBatches.get(db);
  if (!batch) recordBatches.set(db, (batch = new TurnBatch((calls) => recordTogether(db, calls), RECORDS_PER_STATEMENT)));
  let answer: { ok: boolean; balance: number };
  try {
    answer = await batch.ask({
      id: plan.row.id,
      entry: plan.entryId!,
      tickets: JSON.stringify(tickets),
      voidUntil: new Date(issued.voidUntil).toISOString(),
      amount: plan.amount,
      fares: JSON.stringify(plan.fares),
      booking: booking.id,
      agency: booking.agencyId,
      status,
      uid: doer.userId,
      ip: doer.meta?.ip ?? null,
      rid: doer.meta?.requestId ?? null,
      detail: JSON.stringify(detail),
      result: JSON.stringify(result),
      key,
      saga: issueSagaKey(key),
      issuedAt: now.toISOString(),
    });
  } catch {
    return undefined;
  }
  if (!answer.ok) return null;
  result.balanceAfter = answer.balance;
  return result;
}

/**
 * Records the supplier's tickets (transaction 2): ISSUE TICKET, tickets, the charged price and fares, the
 * booking's status, the audit entry, the key done and the saga done. A PNR no longer BOOKED with this charge
 * (the hold ended meanwhile, or a recovery undid the charge) is 409 holdExpired and nothing is recorded; all
 * already recorded with these charges (a recovery finished first) answers that result.
 */
async function recordTickets(db: Db, doer: Doer, booking: BookingRow, plans: IssuePlan[], issued: TicketsIssued[], key: string, now: Date, lang: Language): Promise<IssueResult> {
  return db.transaction(async (tx) => {
    const result: IssueResult = { bookingId: booking.id, amount: 0, balanceAfter: 0, replayed: false, pnrs: [] };
    const tickets: PnrTicket[][] = plans.map((p, i) => {
      const pax = paxOf(p.row);
      return issued[i].tickets.map((t) => ({ paxId: pax[t.paxIndex].paxId, ticketNumber: t.ticketNumber }));
    });
    // every PNR still BOOKED with this charge marked issued, and the booking's PNRs with the deposit balance read, in
    // one statement (the read sees the rows as before the update: the updated ones are ISSUE TICKET now)
    const marks = JSON.stringify(
      plans.map((p, i) => ({ id: p.row.id, entry: p.entryId!, tickets: tickets[i], void_until: new Date(issued[i].voidUntil).toISOString(), amount: p.amount, fares: p.fares })),
    );
    const read = rowsOf<{ id: string | number; record_status: string; done: boolean; balance: string | number | null }>(
      await tx.execute(sql`
        with done as (
          update pnrs set record_status = 'ISSUE TICKET', tickets = m.tickets, issued_at = ${now.toISOString()}::timestamptz,
            issued_by = ${doer.userId}::integer, void_until = m.void_until, total_price = m.amount, fare_data = m.fares,
            updated_at = ${new Date().toISOString()}::timestamptz
          from jsonb_to_recordset(${marks}::jsonb) as m(id bigint, entry bigint, tickets jsonb, void_until timestamptz, amount bigint, fares jsonb)
          where pnrs.id = m.id and pnrs.record_status = 'BOOKED' and pnrs.charge_entry_id = m.entry
          returning pnrs.id
        )
        select p.id, p.record_status, exists (select 1 from done where done.id = p.id) as done,
               (select balance from ledger_accounts where agency_id = ${booking.agencyId}::integer) as balance
        from pnrs p where p.booking_id = ${booking.id}::bigint`),
    );
    const doneIds = new Set(read.filter((r) => r.done).map((r) => Number(r.id)));
    for (const [i, p] of plans.entries()) {
      if (!doneIds.has(p.row.id)) {
        const [key_] = await tx.select().from(issueRequests).where(eq(issueRequests.idempotencyKey, key));
        if (key_?.status === 'done') return { ...(key_.result as IssueResult), replayed: true };
        throw conflict('holdExpired', lang, { pnr: p.row.pnr });
      }
      result.amount += p.amount;
      result.pnrs.push({
        pnr: p.row.pnr!,
        status: 'ISSUE TICKET',
        tickets: tickets[i],
        ...(p.amount !== p.heldTotal ? { repriced: { from: p.heldTotal, to: p.amount } } : {}),
      });
    }
    // then the booking's status, the audit entry, the key done and the saga done in one statement
    for (const r of read) if (r.done) r.record_status = 'ISSUE TICKET';
    const status = bookingStatusFor(read.map((r) => r.record_status));
    result.balanceAfter = Number(read[0]?.balance ?? 0);
    const at = new Date().toISOString();
    const detail = { bookingId: booking.id, status, pnrs: plans.map((p) => ({ pnr: p.row.pnr, amount: p.amount, entryId: p.entryId })), amount: result.amount };
    await tx.execute(sql`
      with b as (update bookings set status = ${status}, updated_at = ${at}::timestamptz where id = ${booking.id}::bigint returning id),
      a as (
        insert into audit_log (user_id, agency_id, action, target, ip, request_id, detail)
        values (${doer.userId}::integer, ${booking.agencyId}::integer, 'booking.issued', ${String(booking.id)}, ${doer.meta?.ip ?? null}, ${doer.meta?.requestId ?? null}, ${JSON.stringify(detail)}::jsonb)
        returning id
      ),
      k as (update issue_requests set status = 'done', result = ${JSON.stringify(result)}::jsonb, updated_at = ${at}::timestamptz where idempotency_key = ${key} returning idempotency_key)
      update sagas set status = 'done', step = 'done', updated_at = now() where key = ${issueSagaKey(key)} and status = 'running'`);
    return result;
  });
}

/**
 * booking/issue: re-prices, charges the deposit (one C entry per PNR), gets the tickets from the supplier and
 * records them. Idempotent through `issue_requests` (see claimIssueKey); each step is a step of the issue's
 * saga, so a crash between them is finished or undone by the recovery (recoverIssue).
 */
export async function issueBooking(deps: LifecycleDeps, actor: Actor, bookingId: number, body: IssueRequest): Promise<IssueResult> {
  const { db } = deps;
  // the booking and its PNRs in one read (their 404 answered after the claim, as ever)
  const { booking, rows: read, statuses } = await bookingWithPnrs(db, actor.ctx, bookingId, body.pnrs);
  const key = body.idempotencyKey;
  const bodyHash = issueBodyHash(bookingId, body.pnrs);
  // the common case first: a new key, its PNRs found and issuable, the deposit enough: the key, its saga and the
  // charge in ONE statement (claimAndCharge); anything else writes nothing there and takes the path below
  const fresh = await chargeFresh(deps, actor, booking, body, read, bodyHash);
  if (fresh) {
    try {
      return await completeIssue(deps, actor, booking, body, fresh.plans, statuses, fresh.now);
    } catch (err) {
      await failIssueKey(db, key, err);
      throw err;
    }
  }
  const claim = await claimIssueKey(deps, actor, bookingId, key, bodyHash);
  if (claim.kind === 'done') return { ...claim.result, replayed: true };
  try {
    // a claim that waited on another request reads the PNRs again
    const rows = claim.waited ? await pnrsOfBooking(db, booking.id, body.pnrs) : checkPnrsFound(read, body.pnrs);
    return await runIssue(deps, actor, booking, body, rows, statuses);
  } catch (err) {
    await failIssueKey(db, key, err);
    throw err;
  }
}

/** The key failed with the error as its stored result, and the saga compensated (nothing charged, or every charge reversed). */
async function failIssueKey(db: Db, key: string, err: unknown): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(issueRequests)
      .set({ status: 'failed', result: err instanceof ApiError ? { code: err.code, data: err.data ?? null } : { code: ErrorCode.INTERNAL }, updatedAt: new Date() })
      .where(and(eq(issueRequests.idempotencyKey, key), eq(issueRequests.status, 'pending')));
    // nothing charged (or every charge reversed): the saga ends here
    await endSaga(tx, issueSagaKey(key), 'compensated', err instanceof Error ? err.message : String(err));
  });
}

/**
 * The first try of an issue: when every PNR asked for was found and may be issued now, re-prices them and claims the
 * key with the charge in one statement (claimAndCharge). Answers the charged plans, or null when nothing was
 * written (a PNR missing or not issuable, the key already known, the deposit short, no deposit account yet, a PNR
 * changed since the read): the caller then claims the key on its own and goes the long way, which answers each of
 * these cases as before (404, 409 with its reason, a replay, 409/70) and records a failure with the key.
 */
async function chargeFresh(
  deps: LifecycleDeps,
  actor: Actor,
  booking: BookingRow,
  body: IssueRequest,
  read: PnrRow[],
  bodyHash: string,
): Promise<{ plans: IssuePlan[]; now: Date } | null> {
  if (read.length !== new Set(body.pnrs).size) return null;
  const now = nowOf(deps);
  if (!read.every((row) => issuable(row, now))) return null;
  const plans = await planIssue(deps, booking, read);
  const charged =
    plans.length === 1
      ? await chargeInTurn(deps, actor, booking, plans[0], body.idempotencyKey, bodyHash, now)
      : await claimAndCharge(deps, actor, booking, plans, body.idempotencyKey, bodyHash, now);
  return charged ? { plans, now } : null;
}

/**
 * `column` is one of the plans' PNR ids: an indexable condition beside the joins to a JSON record set (PostgreSQL
 * guesses 100 rows for jsonb_to_recordset, and its generic plan of a prepared statement then hashed the whole pnrs
 * table, a sequential scan per issue, instead of reading one or two rows by their key). One PNR, the common case,
 * is `column = $n`: with an array parameter (`= any($n)`) the generic plan guesses 10 elements, costs more than a
 * plan made for the actual one, and PostgreSQL then plans the statement again on every execution (measured on the
 * record statement: 603 plans for 600 issues, 0.4 ms each). Several PNRs are `column = any($n)`, one array
 * parameter: a statement's text depends on whether there is one PNR or more, never on how many.
 */
const pnrIdIn = (column: SQL, plans: readonly IssuePlan[]) =>
  plans.length === 1 ? sql`${column} = ${plans[0].row.id}::bigint` : sql`${column} = any(${`{${plans.map((p) => p.row.id).join(',')}}`}::bigint[])`;

/**
 * The plans' PNR rows locked FOR UPDATE in id order, found by their key alone: the caller checks their status on
 * the rows this answers, which are the latest versions once locked. `offset 0` keeps the caller's conditions out of
 * the locking scan (PostgreSQL pushes a query's conditions down into a subquery without one, FOR UPDATE or not).
 * With `record_status = 'BOOKED'` in the locking scan, the generic plan of the prepared statements read the status
 * index too (a bitmap of every held PNR of every agency, ANDed with the key's): work that grew with the number of
 * holds waiting in the whole system, for one or two rows.
 */
const lockedPnrs = (plans: readonly IssuePlan[]) => sql`(
        select p.id, p.record_status, p.charge_entry_id, p.time_limit from pnrs p
        where ${pnrIdIn(sql`p.id`, plans)}
        order by p.id
        offset 0
        for update of p
      )`;

/** The saga data of an issue once charged (step 'charged'). */
function chargedOf(actor: Actor, booking: BookingRow, plans: IssuePlan[], key: string, now: Date): ChargedIssue {
  return {
    key,
    bookingId: booking.id,
    userId: actor.ctx.user.id,
    issuedAt: now.toISOString(),
    pnrs: plans.map((p) => ({ id: p.row.id, pnr: p.row.pnr!, source: p.row.source, entryId: p.entryId!, amount: p.amount, heldTotal: p.heldTotal, fares: p.fares })),
  };
}

const chargeReference = (booking: BookingRow, p: IssuePlan) =>
  `Xuất vé PNR ${p.row.pnr} (đặt chỗ ${booking.id}) / ticket issue of PNR ${p.row.pnr} (booking ${booking.id})`;

/**
 * The gate of an issue's charge (chargeIssue, claimAndCharge): the plans' PNR rows locked FOR UPDATE, every one still
 * as refuseIssue saw it (BOOKED, no charge, the same time limit). With a key (claimAndCharge's first try), the key
 * must also be unknown.
 */
function chargeGate(plans: readonly IssuePlan[], unknownKey: string | null): SQL {
  const seen = JSON.stringify(plans.map((p) => ({ id: p.row.id, time_limit: p.row.timeLimit?.toISOString() ?? null })));
  const keyUnknown = unknownKey === null ? sql`` : sql` and not exists (select 1 from issue_requests where idempotency_key = ${unknownKey})`;
  return sql`
      select count(*) = ${plans.length}::integer${keyUnknown} as ok
      from ${lockedPnrs(plans)} l join jsonb_to_recordset(${seen}::jsonb) as s(id bigint, time_limit timestamptz) on l.id = s.id
      where l.record_status = 'BOOKED' and l.charge_entry_id is null and l.time_limit is not distinct from s.time_limit`;
}

/**
 * The saga's data of a charge (chargedOf) as SQL over the charge statement's `e(id, pnr)`: the PNRs without their
 * entry ids (`pnrs`, a JSON parameter the marks read too), and the data with each PNR's entry id added from e.
 */
function sagaOfCharge(actor: Actor, booking: BookingRow, plans: IssuePlan[], key: string, now: Date): { pnrs: string; data: SQL } {
  const charged = chargedOf(actor, booking, plans, key, now);
  const pnrs = JSON.stringify(charged.pnrs.map(({ entryId: _, ...rest }) => rest));
  const data = sql`jsonb_set(${JSON.stringify({ ...charged, pnrs: [] })}::jsonb, '{pnrs}', (
            select jsonb_agg(s.value || jsonb_build_object('entryId', e.id) order by s.ord)
            from jsonb_array_elements(${pnrs}::jsonb) with ordinality as s(value, ord) join e on e.pnr = s.value->>'pnr'))`;
  return { pnrs, data };
}

/** The charge statement's CTE `marked`: each PNR's charge entry (from e by PNR code), updated at `at`. */
const markCharged = (plans: readonly IssuePlan[], pnrsOfSaga: string, at: string) => sql`marked as (
        update pnrs set charge_entry_id = e.id, updated_at = ${at}::timestamptz
        from e join jsonb_to_recordset(${pnrsOfSaga}::jsonb) as m(id bigint, pnr text) on m.pnr = e.pnr
        where ${pnrIdIn(sql`pnrs.id`, plans)} and pnrs.id = m.id
        returning pnrs.id
      )`;

/**
 * The charge of an issue in ONE statement, committed alone (ledger.debitInOneStatement): the PNR rows locked FOR
 * UPDATE and still as refuseIssue saw them (BOOKED, no charge, the same time limit), then the deposit's conditional
 * UPDATE, then the C entries, their postings and audit entries, the charge marks and the saga's step 'charged'
 * with the entry ids, all from the UPDATE's row: all or nothing, as the transaction it replaces, with the deposit
 * row locked only for the rest of the statement and its commit. A PNR changed meanwhile is read again and refused
 * with its own reason (or, when it passes again, the statement is tried again); an agency without a deposit
 * account yet takes the transaction path (chargeInTransaction), which creates it.
 */
async function chargeIssue(deps: LifecycleDeps, actor: Actor, booking: BookingRow, plans: IssuePlan[], key: string, now: Date): Promise<void> {
  const { ctx, lang } = actor;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const gate = chargeGate(plans, null);
    const saga = sagaOfCharge(actor, booking, plans, key, now);
    const after = sql`,
      ${markCharged(plans, saga.pnrs, new Date().toISOString())},
      step as (
        update sagas set step = 'charged', updated_at = now(), data = ${saga.data}
        where key = ${issueSagaKey(key)} and exists (select 1 from u)
        returning key
      )`;
    const outcome = await debitInOneStatement(
      deps.db,
      'issue_charge',
      booking.agencyId,
      plans.map((p) => ({ type: 'C', amount: p.amount, reference: chargeReference(booking, p), bookingRef: String(booking.id), pnr: p.row.pnr!, createdBy: ctx.user.id, meta: actor.meta })),
      gate,
      after,
    );
    if (outcome.kind === 'posted') {
      for (const p of plans) p.entryId = outcome.entries.get(p.row.pnr!)!.id;
      return;
    }
    if (outcome.kind === 'noAccount') return chargeInTransaction(deps, actor, booking, plans, key, now);
    // a PNR changed since it was read: its own refusal, or (still issuable) once more with the rows as they are now
    const current = await pnrsOfBooking(deps.db, booking.id, plans.map((p) => p.row.pnr!));
    for (const row of current) refuseIssue(row, now, lang);
    const byId = new Map(current.map((r) => [r.id, r]));
    for (const p of plans) p.row = byId.get(p.row.id) ?? p.row;
  }
  throw conflict('issueInProgress', lang);
}

/**
 * The key of a new request claimed WITH its charge, in one statement committed alone (issueBooking's first try):
 * chargeIssue's statement whose gate also requires the key to be unknown, and which writes, from the deposit
 * UPDATE's row, the key `pending` and its saga directly at step 'charged' (with the entry ids) instead of
 * updating the saga a separate claim wrote. All or nothing: the saga order holds (the key and the saga exist
 * exactly when the charge does; a crash after this statement is recovered from 'charged'). Answers whether it
 * was written; false when nothing was: the gate false (a PNR changed, or the key known), no deposit account,
 * the deposit short (409/70 then comes from the long path, which records it with the key), or a request with
 * the same key that inserted it meanwhile (the unique key refuses the whole statement).
 */
async function claimAndCharge(
  deps: LifecycleDeps,
  actor: Actor,
  booking: BookingRow,
  plans: IssuePlan[],
  key: string,
  bodyHash: string,
  now: Date,
): Promise<boolean> {
  const { ctx } = actor;
  const gate = chargeGate(plans, key);
  const saga = sagaOfCharge(actor, booking, plans, key, now);
  const at = new Date().toISOString();
  const after = sql`,
      ${markCharged(plans, saga.pnrs, at)},
      claimed as (
        insert into issue_requests (idempotency_key, user_id, booking_id, body_hash, status, created_at, updated_at)
        select ${key}, ${ctx.user.id}::integer, ${booking.id}::bigint, ${bodyHash}, 'pending', ${at}::timestamptz, ${at}::timestamptz from u
        returning idempotency_key
      ),
      step as (
        insert into sagas (kind, key, owner, step, data, status)
        select ${ISSUE_SAGA}, ${issueSagaKey(key)}, ${ownerOf(deps)}, 'charged', ${saga.data}, 'running'
        from u
        on conflict (key) do update set owner = excluded.owner, step = excluded.step, data = excluded.data, status = 'running', last_error = null, updated_at = now()
        returning key
      )`;
  let outcome: Awaited<ReturnType<typeof debitInOneStatement>>;
  try {
    outcome = await debitInOneStatement(
      deps.db,
      'issue_claim_charge',
      booking.agencyId,
      plans.map((p) => ({ type: 'C', amount: p.amount, reference: chargeReference(booking, p), bookingRef: String(booking.id), pnr: p.row.pnr!, createdBy: ctx.user.id, meta: actor.meta })),
      gate,
      after,
    );
  } catch (err) {
    if (isUniqueViolation(err) || (err instanceof ApiError && err.code === ErrorCode.INSUFFICIENT_DEPOSIT)) return false;
    throw err;
  }
  if (outcome.kind !== 'posted') return false;
  for (const p of plans) p.entryId = outcome.entries.get(p.row.pnr!)!.id;
  return true;
}

/** A charge of chargeInTurn: claimAndCharge's for one PNR; the JSON values as text. */
interface ChargeCall {
  agency: number;
  amount: number;
  pnrId: number;
  timeLimit: string | null;
  key: string;
  bodyHash: string;
  uid: number;
  booking: number;
  reference: string;
  bookingRef: string;
  pnr: string;
  ip: string | null;
  rid: string | null;
  owner: string;
  /** The saga's data without its PNRs, and its one PNR without the entry id (sagaOfCharge's two halves). */
  sagaData: string;
  sagaPnr: string;
}

/** The most charges one statement carries. */
const CHARGES_PER_STATEMENT = 8;

/**
 * claimAndCharge's statement for the charges of one event-loop turn, each of another agency, in ONE statement
 * committed alone: for each call whose gate holds (its PNR locked FOR UPDATE and as read, its key unknown) and whose
 * agency's deposit covers it (the conditional UPDATE of that agency's row, re-checked on its latest version), the
 * C entry, its postings and audit entry, the PNR's charge mark, the key `pending` and the saga at 'charged'; nothing
 * for the others. The PNR rows are locked first in id order, then the deposit rows in agency order (the calls'
 * rows sorted by agency, and the accounts found by an index scan of their keys): a statement holds no row another
 * statement of this kind locks before one it waits for. One call per agency, so each entry is found by its agency.
 * Answers each call's entry id, null when nothing was written for it.
 */
async function chargeTogether(db: Db, asked: ChargeCall[]): Promise<(number | null)[]> {
  const at = new Date().toISOString();
  // the rows in agency order, as the deposit rows are locked whichever side the plan's join starts from
  const order = asked.map((_, i) => i).sort((a, b) => asked[a].agency - asked[b].agency);
  const calls = order.map((i) => asked[i]);
  const rows = calls.map(
    (c, i) =>
      sql`(${i + 1}::integer, ${c.agency}::integer, ${c.amount}::bigint, ${c.pnrId}::bigint, ${c.timeLimit}::timestamptz, ${c.key}::text, ${c.bodyHash}::text, ${c.uid}::integer, ${c.booking}::bigint, ${c.reference}::text, ${c.bookingRef}::text, ${c.pnr}::text, ${c.ip}::text, ${c.rid}::text, ${c.owner}::text, ${c.sagaData}::jsonb, ${c.sagaPnr}::jsonb)`,
  );
  const keys = (pick: (c: ChargeCall) => unknown, type: string) => arrayOf(calls, pick, type);
  const pnrIds = keys((c) => c.pnrId, 'bigint');
  const agencyIds = keys((c) => c.agency, 'integer');
  const found = await executeNamed<{ entry: string | number | null }>(
    db,
    `issue_charge_turn_${calls.length}`,
    sql`
    with v as (
      select * from (values ${sql.join(rows, sql`, `)})
        as v(ord, agency, amount, pnr_id, time_limit, key, body_hash, uid, booking, reference, booking_ref, pnr, ip, rid, owner, saga_data, saga_pnr)
    ),
    l as (select p.id, p.record_status, p.charge_entry_id, p.time_limit from pnrs p where p.id = any(${pnrIds}) order by p.id offset 0 for update of p),
    gate as (
      select v.ord,
        exists (select 1 from l where l.id = v.pnr_id and l.record_status = 'BOOKED' and l.charge_entry_id is null and l.time_limit is not distinct from v.time_limit)
        and not exists (select 1 from issue_requests r where r.idempotency_key = any(${keys((c) => c.key, 'text')}) and r.idempotency_key = v.key) as ok
      from v
    ),
    u as (
      update ledger_accounts a set balance = a.balance - v.amount
      from v join gate on gate.ord = v.ord and gate.ok, agencies g
      where a.agency_id = any(${agencyIds}) and a.agency_id = v.agency and a.kind = 'deposit' and g.id = a.agency_id
        and a.balance - v.amount >= -g.credit_limit
      returning a.id, a.agency_id, a.balance
    ),
    e as (
      insert into journal_entries (type, agency_id, amount, reference, booking_ref, pnr, idempotency_key, created_by)
      select 'C', v.agency, v.amount, v.reference, v.booking_ref, v.pnr, null, v.uid from v join u on u.agency_id = v.agency
      returning id, agency_id
    ),
    p as (
      insert into postings (entry_id, account_id, amount)
      select e.id, u.id, -v.amount from e join v on v.agency = e.agency_id join u on u.agency_id = e.agency_id
      union all
      select e.id, (select id from ledger_accounts where code = 'CLEARING'), v.amount from e join v on v.agency = e.agency_id
      returning entry_id
    ),
    au as (
      insert into audit_log (user_id, agency_id, action, target, ip, request_id, detail)
      select v.uid, v.agency, 'ledger.entry_posted', e.id::text, v.ip, v.rid,
             jsonb_build_object('type', 'C', 'amount', v.amount, 'reference', v.reference, 'pnr', v.pnr, 'balanceAfter', u.balance)
      from e join v on v.agency = e.agency_id join u on u.agency_id = e.agency_id
      returning id
    ),
    marked as (
      update pnrs set charge_entry_id = e.id, updated_at = ${at}::timestamptz
      from e join v on v.agency = e.agency_id
      where pnrs.id = any(${pnrIds}) and pnrs.id = v.pnr_id
      returning pnrs.id
    ),
    claimed as (
      insert into issue_requests (idempotency_key, user_id, booking_id, body_hash, status, created_at, updated_at)
      select v.key, v.uid, v.booking, v.body_hash, 'pending', ${at}::timestamptz, ${at}::timestamptz from v join e on e.agency_id = v.agency
      returning idempotency_key
    ),
    step as (
      insert into sagas (kind, key, owner, step, data, status)
      select ${ISSUE_SAGA}, 'issue:' || v.key, v.owner, 'charged',
             jsonb_set(v.saga_data, '{pnrs}', jsonb_build_array(v.saga_pnr || jsonb_build_object('entryId', e.id))), 'running'
      from v join e on e.agency_id = v.agency
      on conflict (key) do update set owner = excluded.owner, step = excluded.step, data = excluded.data, status = 'running', last_error = null, updated_at = now()
      returning key
    )
    select e.id as entry from v left join e on e.agency_id = v.agency order by v.ord`,
  );
  const out: (number | null)[] = asked.map(() => null);
  for (const [j, i] of order.entries()) out[i] = found[j]?.entry == null ? null : Number(found[j].entry);
  return out;
}

/** A charge's answer within its turn: the entry written (null: nothing written for it), or its own error. */
type ChargeAnswer = { entry: number | null } | { error: unknown };

const settle = (p: Promise<number | null>): Promise<ChargeAnswer> => p.then((entry) => ({ entry }), (error: unknown) => ({ error }));

interface TurnCharge {
  call: ChargeCall;
  /** claimAndCharge alone: the entry, or null when nothing was written. */
  alone: () => Promise<number | null>;
}

/**
 * The charges of one turn: one statement per round of calls of distinct agencies (a second call of an agency goes
 * in the next round, sent at once and waiting on the deposit row as it would alone). A round of one call is
 * claimAndCharge's own statement; a shared statement that fails wrote nothing, and its calls are then tried alone.
 * Each call is answered on its own: one call's error is never another's.
 */
async function chargeRounds(db: Db, calls: TurnCharge[]): Promise<ChargeAnswer[]> {
  const rounds: number[][] = [];
  const roundOf = new Map<number, number>();
  for (const [i, { call }] of calls.entries()) {
    const r = roundOf.get(call.agency) ?? 0;
    roundOf.set(call.agency, r + 1);
    (rounds[r] ??= []).push(i);
  }
  const out: ChargeAnswer[] = calls.map(() => ({ entry: null }));
  const alone = (i: number) => settle(calls[i].alone()).then((answer) => void (out[i] = answer));
  await Promise.all(
    rounds.map(async (round) => {
      if (round.length === 1) return alone(round[0]);
      let entries: (number | null)[];
      try {
        entries = await chargeTogether(db, round.map((i) => calls[i].call));
      } catch {
        await Promise.all(round.map(alone));
        return;
      }
      for (const [j, i] of round.entries()) out[i] = { entry: entries[j] };
    }),
  );
  return out;
}

const chargeBatches = new WeakMap<Db, TurnBatch<TurnCharge, ChargeAnswer>>();

/**
 * claimAndCharge for an issue of one PNR, in the statement of its event-loop turn (chargeTogether) when other
 * agencies' issues charge in the same turn. True when the key, its saga and the charge were written; false when
 * nothing was (the caller goes the long way, as after claimAndCharge).
 */
async function chargeInTurn(deps: LifecycleDeps, actor: Actor, booking: BookingRow, plan: IssuePlan, key: string, bodyHash: string, now: Date): Promise<boolean> {
  const { db } = deps;
  if (!Number.isSafeInteger(plan.amount) || plan.amount <= 0) throw new ApiError(ErrorCode.VALIDATION, { reason: 'amount' });
  const charged = chargedOf(actor, booking, [plan], key, now);
  const { entryId: _, ...sagaPnr } = charged.pnrs[0];
  const call: ChargeCall = {
    agency: booking.agencyId,
    amount: plan.amount,
    pnrId: plan.row.id,
    timeLimit: plan.row.timeLimit?.toISOString() ?? null,
    key,
    bodyHash,
    uid: actor.ctx.user.id,
    booking: booking.id,
    reference: chargeReference(booking, plan),
    bookingRef: String(booking.id),
    pnr: plan.row.pnr!,
    ip: actor.meta?.ip ?? null,
    rid: actor.meta?.requestId ?? null,
    owner: ownerOf(deps),
    sagaData: JSON.stringify({ ...charged, pnrs: [] }),
    sagaPnr: JSON.stringify(sagaPnr),
  };
  const alone = async () => ((await claimAndCharge(deps, actor, booking, [plan], key, bodyHash, now)) ? plan.entryId! : null);
  let batch = chargeBatches.get(db);
  if (!batch) chargeBatches.set(db, (batch = new TurnBatch((calls) => chargeRounds(db, calls), CHARGES_PER_STATEMENT)));
  const answer = await batch.ask({ call, alone });
  if ('error' in answer) throw answer.error;
  if (answer.entry === null) return false;
  plan.entryId = answer.entry;
  return true;
}

/**
 * The charge as a transaction (an agency's first charge, whose deposit account writeEntry creates): the PNR rows
 * locked and checked, the C entries, the charge marks and the saga step in one statement, and the deposit's
 * conditional UPDATE last (settleEntries).
 */
async function chargeInTransaction(deps: LifecycleDeps, actor: Actor, booking: BookingRow, plans: IssuePlan[], key: string, now: Date): Promise<void> {
  const { ctx, lang } = actor;
  await deps.db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(pnrs)
      .where(inArray(pnrs.id, plans.map((p) => p.row.id)))
      .orderBy(asc(pnrs.id))
      .for('update');
    for (const row of locked) refuseIssue(row, now, lang);
    const written: WrittenEntry[] = [];
    for (const p of plans) {
      const entry = await writeEntry(tx, {
        type: 'C',
        agencyId: booking.agencyId,
        amount: p.amount,
        reference: chargeReference(booking, p),
        bookingRef: String(booking.id),
        pnr: p.row.pnr,
        createdBy: ctx.user.id,
        meta: actor.meta,
      });
      p.entryId = entry.id;
      written.push(entry);
    }
    // the charge marks and the saga step in one statement
    const marks = JSON.stringify(plans.map((p) => ({ id: p.row.id, entry: p.entryId })));
    await tx.execute(sql`
      with marked as (
        update pnrs set charge_entry_id = m.entry, updated_at = ${new Date().toISOString()}::timestamptz
        from jsonb_to_recordset(${marks}::jsonb) as m(id bigint, entry bigint)
        where pnrs.id = m.id
        returning pnrs.id
      )
      update sagas set step = 'charged', data = ${JSON.stringify(chargedOf(actor, booking, plans, key, now))}::jsonb, updated_at = now()
      where key = ${issueSagaKey(key)}`);
    await settleEntries(tx, written);
  });
}

/** The PNRs re-priced (a supplier call: before any transaction) with what each costs now and cost when held. */
async function planIssue(deps: LifecycleDeps, booking: BookingRow, rows: PnrRow[]): Promise<IssuePlan[]> {
  const plans: IssuePlan[] = [];
  for (const row of rows) {
    const fares = await repriceFares(deps.suppliers, row, booking, deps.quotes);
    plans.push({ row, fares, heldTotal: totalOf(ticketShares(row, booking)), amount: totalOf(ticketShares(row, booking, fares)) });
  }
  return plans;
}

async function runIssue(deps: LifecycleDeps, actor: Actor, booking: BookingRow, body: IssueRequest, rows: PnrRow[], statuses: PnrStatuses): Promise<IssueResult> {
  const now = nowOf(deps);
  for (const row of rows) refuseIssue(row, now, actor.lang);
  const plans = await planIssue(deps, booking, rows);

  // 1. charge: the PNR rows marked (charge_entry_id) so no second issue can start, the C entries, the saga's step
  //    'charged' and the deposit's conditional UPDATE, all or nothing (chargeIssue)
  await chargeIssue(deps, actor, booking, plans, body.idempotencyKey, now);
  return completeIssue(deps, actor, booking, body, plans, statuses, now);
}

/** An issue once charged: 2. the supplier, outside any transaction; 3. the tickets recorded (or the charges reversed). */
async function completeIssue(
  deps: LifecycleDeps,
  actor: Actor,
  booking: BookingRow,
  body: IssueRequest,
  plans: IssuePlan[],
  statuses: PnrStatuses,
  now: Date,
): Promise<IssueResult> {
  const { db } = deps;
  const { ctx, lang } = actor;
  const doer: Doer = { userId: ctx.user.id, meta: actor.meta };
  const key = body.idempotencyKey;

  // 2. the supplier, outside any transaction
  const outcomes = await Promise.allSettled(
    plans.map((p) =>
      deps.suppliers.flight(p.row.source as Source).issue({
        pnr: p.row.pnr!,
        airline: p.row.airline,
        idempotencyKey: supplierIssueKey(key, p.row.pnr!),
        passengers: paxOf(p.row).map((x) => ({ paxType: x.type })),
        issuedAt: now.toISOString(),
        firstDeparture: firstDeparture(p.row).toISOString(),
      }),
    ),
  );
  const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failed) {
    // nothing is half done: tickets issued for the other PNRs are voided again (the outbox), every charge reversed
    const error = supplierFailed(failed.reason, lang);
    const tickets = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    await reverseCharges(deps, doer, booking, plans, failed.reason instanceof SupplierError ? failed.reason.code : 'UNAVAILABLE', { key, tickets, failure: { code: error.code, data: error.data ?? null } });
    throw error;
  }

  // 3. record the tickets
  const issued = outcomes.map((o) => (o as PromiseFulfilledResult<TicketsIssued>).value);
  try {
    // in one statement; when a PNR changed meanwhile, the transaction that reads them again
    // a booking's only PNR in the statement of its event-loop turn; else (or when that statement failed) alone
    const inTurn = plans.length === 1 && statuses.length === 1 ? await recordInTurn(db, doer, booking, plans[0], issued[0], key, now) : undefined;
    if (inTurn) return inTurn;
    return (
      (inTurn === undefined ? await recordTicketsAtOnce(db, doer, booking, plans, issued, key, now, statuses) : null) ??
      (await recordTickets(db, doer, booking, plans, issued, key, now, lang))
    );
  } catch (err) {
    // the hold ended while the supplier answered: undo the tickets and the charges
    const failure = err instanceof ApiError ? { code: err.code, data: err.data ?? null } : { code: ErrorCode.INTERNAL };
    await reverseCharges(deps, doer, booking, plans, 'recordFailed', { key, tickets: issued, failure });
    throw err;
  }
}

/** The supplier's idempotency key of one PNR's issue within a request. */
const supplierIssueKey = (key: string, pnr: string) => `${key}:${pnr}`;

/**
 * The recovery of an issue whose request died (platform/reliability/saga.ts). Not yet charged: the key is
 * freed. Charged: the supplier is asked for each PNR (retrieve); when every PNR is ticketed by this request's
 * issue the tickets are recorded (the issue completes), otherwise tickets issued are voided (outbox) and the
 * charges reversed, and the key is freed so a retry with it issues again. A supplier that does not answer
 * leaves the saga for the next pass.
 */
export async function recoverIssue(deps: Pick<LifecycleDeps, 'db' | 'suppliers'>, saga: { step: string; data: unknown }): Promise<RecoveryOutcome> {
  const { db } = deps;
  const data = saga.data as Partial<ChargedIssue> & { key: string; bookingId: number };
  const recovered: FailedResult = {
    code: ErrorCode.SUPPLIER_FAILED,
    data: { reason: 'RECOVERED', message: 'The issue was interrupted and has been undone; it can be tried again.' },
    recovered: true,
  };
  if (saga.step !== 'charged' || !data.pnrs) {
    await db
      .update(issueRequests)
      .set({ status: 'failed', result: recovered, updatedAt: new Date() })
      .where(and(eq(issueRequests.idempotencyKey, data.key), eq(issueRequests.status, 'pending')));
    return 'compensated';
  }
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, data.bookingId));
  const rows = await db.select().from(pnrs).where(inArray(pnrs.id, data.pnrs.map((p) => p.id))).orderBy(asc(pnrs.id));
  const plans: IssuePlan[] = data.pnrs.map((p) => ({ row: rows.find((r) => r.id === p.id)!, fares: p.fares, heldTotal: p.heldTotal, amount: p.amount, entryId: p.entryId }));
  const doer: Doer = { userId: data.userId! };
  if (plans.every((p) => p.row.recordStatus === 'ISSUE TICKET' && p.row.chargeEntryId === p.entryId)) return 'done';
  const states = await Promise.all(plans.map((p) => deps.suppliers.flight(p.row.source as Source).retrieve({ pnr: p.row.pnr!, idempotencyKey: supplierIssueKey(data.key, p.row.pnr!) })));
  const ticketed = states.filter((s): s is Extract<typeof s, { status: 'ticketed' }> => s.status === 'ticketed');
  const live = plans.every((p) => p.row.recordStatus === 'BOOKED' && p.row.chargeEntryId === p.entryId);
  if (ticketed.length === plans.length && live) {
    try {
      await recordTickets(db, doer, booking, plans, ticketed, data.key, new Date(data.issuedAt!), 'en');
      return 'done';
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  }
  await reverseCharges({ ...deps } as LifecycleDeps, doer, booking, plans, 'recovered', { key: data.key, tickets: ticketed, failure: recovered });
  return 'compensated';
}

// ----- Void ------------------------------------------------------------------------------------------------

function refuseVoid(row: PnrRow, now: Date, lang: Language): void {
  if (actionsOf(row, now).includes('void')) return;
  if (row.recordStatus === 'ISSUE TICKET') throw conflict('voidWindowClosed', lang, { pnr: row.pnr, voidUntil: row.voidUntil?.toISOString() ?? '' });
  throw conflict('notVoidable', lang, { pnr: row.pnr });
}

/** booking/void: voids issued tickets within their void window; a V entry gives back everything charged. */
export async function voidTickets(deps: LifecycleDeps, actor: Actor, bookingId: number, codes: readonly string[]): Promise<MoneyResult> {
  const { db } = deps;
  const { ctx, lang } = actor;
  const now = nowOf(deps);
  const { booking, rows: read } = await bookingWithPnrs(db, ctx, bookingId, codes);
  const rows = checkPnrsFound(read, codes);
  for (const row of rows) refuseVoid(row, now, lang);
  // the saga first: a crash after the supplier voided and before the V entry is finished by the recovery
  const key = `void:${rows.map((r) => `${r.id}.${r.chargeEntryId}`).join(',')}`;
  const data: VoidSagaData = { bookingId, userId: ctx.user.id, pnrs: rows.map((r) => ({ id: r.id, pnr: r.pnr!, source: r.source, ticketNumbers: (r.tickets ?? []).map((t) => t.ticketNumber) })) };
  await beginSaga(db, { kind: VOID_SAGA, key, owner: ownerOf(deps), step: 'calling', data });
  const answers = await Promise.allSettled(data.pnrs.map((p) => deps.suppliers.flight(p.source as Source).void({ pnr: p.pnr, ticketNumbers: p.ticketNumbers })));
  const failed = answers.find((a): a is PromiseRejectedResult => a.status === 'rejected');
  try {
    if (failed) throw supplierFailed(failed.reason, lang);
    return await recordVoid(db, { userId: ctx.user.id, meta: actor.meta }, booking, rows.map((r) => r.id), key, lang, deps.seatPools);
  } catch (err) {
    await endSaga(db, key, 'compensated', err instanceof Error ? err.message : String(err));
    throw err;
  }
}

/** The saga of a void (platform/reliability/saga.ts), key `void:<pnr id>.<charge entry>,…`. */
export const VOID_SAGA = 'booking.void';

interface VoidSagaData {
  bookingId: number;
  userId: number;
  pnrs: { id: number; pnr: string; source: string; ticketNumbers: string[] }[];
}

/** The V entries of voided tickets, VOIDED OR CANCEL, seats back, the booking's status and audit; the saga done. */
async function recordVoid(db: Db, doer: Doer, booking: BookingRow, pnrIds: number[], key: string, lang: Language, pools?: SeatPools): Promise<MoneyResult> {
  const bookingId = booking.id;
  return db.transaction(async (tx) => {
    let amount = 0;
    const done: { pnr: string | null; amount: number; entryId: number }[] = [];
    for (const id of pnrIds) {
      const row = await lockPnr(tx, id);
      if (row.recordStatus !== 'ISSUE TICKET' || row.chargeEntryId === null) throw conflict('notVoidable', lang, { pnr: row.pnr });
      const [charge] = await tx.select({ amount: journalEntries.amount }).from(journalEntries).where(eq(journalEntries.id, row.chargeEntryId));
      const entry = await postEntry(tx, {
        type: 'V',
        agencyId: booking.agencyId,
        amount: Number(charge.amount),
        reference: `Hủy vé (void) PNR ${row.pnr}, bút toán ${row.chargeEntryId} / void of PNR ${row.pnr}, entry ${row.chargeEntryId}`,
        idempotencyKey: `void:${row.id}:${row.chargeEntryId}`,
        bookingRef: String(bookingId),
        pnr: row.pnr,
        createdBy: doer.userId,
        meta: doer.meta,
      });
      await tx.update(pnrs).set({ recordStatus: 'VOIDED OR CANCEL', updatedAt: new Date() }).where(eq(pnrs.id, row.id));
      await giveSeatsBack(tx, row, pools);
      amount += entry.amount;
      done.push({ pnr: row.pnr, amount: entry.amount, entryId: entry.id });
    }
    const status = await settleBookingStatus(tx, bookingId);
    await writeAudit(tx, { userId: doer.userId, agencyId: booking.agencyId, action: 'booking.voided', target: String(bookingId), detail: { bookingId, status, pnrs: done, amount } }, doer.meta);
    await endSaga(tx, key, 'done');
    return { bookingId, amount, balanceAfter: await balanceOf(tx, booking.agencyId), replayed: false };
  });
}

/**
 * The recovery of a void whose request died: the supplier is asked for each PNR. None voided: nothing happened
 * (compensated; the tickets stand, charged). Some voided: the void is finished (the rest voided again, an
 * idempotent call) and the V entries recorded. A supplier that does not answer leaves it for the next pass.
 */
export async function recoverVoid(deps: Pick<LifecycleDeps, 'db' | 'suppliers' | 'seatPools'>, saga: { key: string; data: unknown }): Promise<RecoveryOutcome> {
  const { db } = deps;
  const data = saga.data as VoidSagaData;
  const states = await Promise.all(data.pnrs.map((p) => deps.suppliers.flight(p.source as Source).retrieve({ pnr: p.pnr })));
  if (!states.some((s) => s.status === 'voided')) return 'compensated';
  for (const [i, p] of data.pnrs.entries()) {
    if (states[i].status !== 'voided') await deps.suppliers.flight(p.source as Source).void({ pnr: p.pnr, ticketNumbers: p.ticketNumbers });
  }
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, data.bookingId));
  try {
    await recordVoid(db, { userId: data.userId }, booking, data.pnrs.map((p) => p.id), saga.key, 'en', deps.seatPools);
    return 'done';
  } catch (err) {
    // already recorded by the request itself
    if (err instanceof ApiError) return 'done';
    throw err;
  }
}

// ----- Cancel ----------------------------------------------------------------------------------------------

function refuseCancel(row: PnrRow, now: Date, lang: Language): void {
  if (actionsOf(row, now).includes('cancel') && row.chargeEntryId === null) return;
  if (row.recordStatus === 'ISSUE TICKET') throw conflict('cancelIssued', lang, { pnr: row.pnr });
  if (row.recordStatus === 'BOOKED' && row.chargeEntryId !== null) throw conflict('issueInProgress', lang, { pnr: row.pnr });
  throw conflict('notCancellable', lang, { pnr: row.pnr });
}

/** booking/cancel: cancels live holds; no money moves and the seats return. */
export async function cancelHolds(deps: LifecycleDeps, actor: Actor, bookingId: number, codes: readonly string[]): Promise<MoneyResult> {
  const { db } = deps;
  const { ctx, lang } = actor;
  const now = nowOf(deps);
  const { booking, rows: read } = await bookingWithPnrs(db, ctx, bookingId, codes);
  const rows = checkPnrsFound(read, codes);
  for (const row of rows) refuseCancel(row, now, lang);
  const answers = await Promise.allSettled(rows.map((r) => deps.suppliers.flight(r.source as Source).cancel({ pnr: r.pnr! })));
  const failed = answers.find((a): a is PromiseRejectedResult => a.status === 'rejected');
  if (failed) throw supplierFailed(failed.reason, lang);
  return db.transaction(async (tx) => {
    for (const r of rows) {
      const row = await lockPnr(tx, r.id);
      refuseCancel(row, now, lang);
      await tx.update(pnrs).set({ recordStatus: 'VOIDED OR CANCEL', updatedAt: new Date() }).where(eq(pnrs.id, row.id));
      await giveSeatsBack(tx, row, deps.seatPools);
    }
    const status = await settleBookingStatus(tx, bookingId);
    await writeAudit(tx, { userId: ctx.user.id, agencyId: booking.agencyId, action: 'booking.cancelled', target: String(bookingId), detail: { bookingId, status, pnrs: rows.map((r) => r.pnr), amount: 0 } }, actor.meta);
    return { bookingId, amount: 0, balanceAfter: await balanceOf(tx, booking.agencyId), replayed: false };
  });
}

// ----- Refund ----------------------------------------------------------------------------------------------

/** The fare rule's refund line(s) of the PNR's fares, in the language asked. */
function refundRuleText(suppliers: SupplierRegistry, row: PnrRow, fares: StoredFare[], lang: Language): string {
  const international = isInternationalPnr(row);
  const texts = new Set<string>();
  for (const f of fares) {
    try {
      const rule = suppliers.flightQuotes(row.source as Source).fareRules({ airline: row.airline, class: f.class, fareBasis: f.fareInfo?.fareBasis ?? '', isInternational: international }, { lang });
      const line = rule.list.find((l) => l.type === 'REFUND')?.fareRule;
      if (line) texts.add(line);
    } catch {
      /* a class without a family: no text */
    }
  }
  return [...texts].join(' ');
}

/** Quote lines of the PNR's ticketed passengers. */
function quoteLines(suppliers: SupplierRegistry, row: PnrRow, booking: BookingRow, refunded: Map<number, typeof refunds.$inferSelect> | undefined, lang: Language): RefundQuoteLine[] {
  const shares = ticketShares(row, booking);
  const rule = refundRuleText(suppliers, row, faresOf(row), lang);
  const supplier = suppliers.flightQuotes(row.source as Source);
  const pax = new Map(paxOf(row).map((p) => [p.paxId, p]));
  return (row.tickets ?? []).map((t) => {
    const share = shares.get(t.paxId)!;
    const p = pax.get(t.paxId)!;
    const done = refunded?.get(t.paxId);
    const paid = done ? Number(done.paid) : paidOf(share);
    const penalty = done ? Number(done.penalty) : supplier.refundPenalty(share);
    return {
      pnr: row.pnr!,
      paxId: t.paxId,
      paxType: p.type,
      name: `${p.lastName}/${p.firstName} ${p.title}`,
      ticketNumber: t.ticketNumber,
      paid,
      penalty,
      refundable: paid - penalty,
      refunded: done !== undefined,
      rule,
    };
  });
}

/** GET refund: a line per ticketed passenger of the booking's issued (or refunded) PNRs. */
export async function refundQuoteOf(deps: Pick<LifecycleDeps, 'db' | 'suppliers'>, actor: Actor, bookingId: number): Promise<RefundQuote> {
  const booking = await bookingInScope(deps.db, actor.ctx, bookingId);
  const rows = (await deps.db.select().from(pnrs).where(eq(pnrs.bookingId, bookingId)).orderBy(asc(pnrs.id))).filter((r) => r.issuedAt !== null && (r.tickets ?? []).length > 0);
  const refunded = await refundedPax(deps.db, rows.map((r) => r.id));
  const lines = rows
    .filter((r) => r.recordStatus === 'ISSUE TICKET' || refunded.has(r.id))
    .flatMap((r) => quoteLines(deps.suppliers, r, booking, refunded.get(r.id), actor.lang));
  return { bookingId, lines };
}

function refuseRefund(row: PnrRow, now: Date, lang: Language, left: number): void {
  if (actionsOf(row, now, left).includes('refund')) return;
  if (row.recordStatus === 'ISSUE TICKET' && left === 0) throw conflict('alreadyRefunded', lang, { pnr: row.pnr });
  if (row.recordStatus === 'ISSUE TICKET' && row.voidUntil && row.voidUntil.getTime() > now.getTime()) throw conflict('voidWindowOpen', lang, { pnr: row.pnr, voidUntil: row.voidUntil.toISOString() });
  if (row.recordStatus === 'VOIDED OR CANCEL' && left === 0) throw conflict('alreadyRefunded', lang, { pnr: row.pnr });
  throw conflict('notRefundable', lang, { pnr: row.pnr });
}

/**
 * POST refund: refunds the chosen passengers of one PNR once each. One R entry (idempotency key
 * `refund:<idempotencyKey>`) credits paid − penalty of them all (none when 0); the refunds table keeps one
 * row per PNR and passenger. When every ticket of the PNR is refunded, the PNR is VOIDED OR CANCEL and its
 * seats return.
 */
export async function refundTickets(deps: LifecycleDeps, actor: Actor, bookingId: number, body: RefundRequest): Promise<MoneyResult> {
  const { db } = deps;
  const { ctx, lang } = actor;
  const now = nowOf(deps);
  const booking = await bookingInScope(db, ctx, bookingId);
  const [row] = await pnrsOfBooking(db, bookingId, [body.pnr]);
  const entryKey = `refund:${body.idempotencyKey}`;
  const bodyHash = refundBodyHash(bookingId, body);
  const earlier = await refundReplay(deps, bookingId, entryKey, bodyHash, lang);
  if (earlier) return earlier;
  const paxIds = [...new Set(body.paxIds)];
  const ticketed = new Set((row.tickets ?? []).map((t) => t.paxId));
  const unknown = paxIds.filter((id) => !ticketed.has(id));
  if (unknown.length > 0) throw new ApiError(ErrorCode.VALIDATION, { reason: 'paxIds', paxIds: unknown });
  try {
    return await refundInTransaction(deps, actor, booking, row, { entryKey, bodyHash, paxIds, ticketed, now });
  } catch (err) {
    // a concurrent call with the key committed first: its answer
    if (!isUniqueViolation(err)) throw err;
    const replay = await refundReplay(deps, bookingId, entryKey, bodyHash, lang);
    if (!replay) throw err;
    return replay;
  }
}

/** The idempotency hash of a refund: the booking, the PNR and the sorted passengers. */
export function refundBodyHash(bookingId: number, body: Pick<RefundRequest, 'pnr' | 'paxIds'>): string {
  return createHash('sha256')
    .update(`${bookingId}|${body.pnr}|${[...new Set(body.paxIds)].sort((a, b) => a - b).join(',')}`)
    .digest('hex');
}

/**
 * The earlier refund of the key (its record, platform sagas, written in the refund's own transaction): the
 * same body answers its result again (`replayed: true`), another body is 409/49 idempotencyKeyReused.
 */
async function refundReplay(deps: LifecycleDeps, bookingId: number, key: string, bodyHash: string, lang: Language): Promise<MoneyResult | null> {
  const saga = await sagaOf(deps.db, key);
  if (!saga) return null;
  const data = saga.data as { bodyHash: string; result: MoneyResult };
  if (data.bodyHash !== bodyHash) throw conflict('idempotencyKeyReused', lang);
  return { ...data.result, bookingId, balanceAfter: await balanceOf(deps.db, data.result.bookingId ?? bookingId), replayed: true };
}

async function refundInTransaction(
  deps: LifecycleDeps,
  actor: Actor,
  booking: BookingRow,
  row: PnrRow,
  k: { entryKey: string; bodyHash: string; paxIds: number[]; ticketed: Set<number>; now: Date },
): Promise<MoneyResult> {
  const { db } = deps;
  const { ctx, lang } = actor;
  const { entryKey, paxIds, ticketed, now } = k;
  const bookingId = booking.id;
  return db.transaction(async (tx) => {
    // the key first: a concurrent call with it waits here on the unique index, then replays this answer
    await tx.insert(sagas).values({ kind: 'booking.refund', key: entryKey, owner: ownerOf(deps), status: 'done', step: 'done', data: { bodyHash: k.bodyHash } });
    const locked = await lockPnr(tx, row.id);
    const done = (await refundedPax(tx, [row.id])).get(row.id) ?? new Map();
    refuseRefund(locked, now, lang, ticketed.size - done.size);
    const again = paxIds.filter((id) => done.has(id));
    if (again.length > 0) throw conflict('alreadyRefunded', lang, { pnr: row.pnr, paxIds: again });
    const lines = quoteLines(deps.suppliers, locked, booking, undefined, lang).filter((l) => paxIds.includes(l.paxId));
    const amount = lines.reduce((s, l) => s + l.refundable, 0);
    const entry =
      amount > 0
        ? await postEntry(tx, {
            type: 'R',
            agencyId: booking.agencyId,
            amount,
            reference: `Hoàn vé PNR ${row.pnr}, khách ${paxIds.join(', ')} / refund of PNR ${row.pnr}, passengers ${paxIds.join(', ')}`,
            idempotencyKey: entryKey,
            bookingRef: String(bookingId),
            pnr: row.pnr,
            createdBy: ctx.user.id,
            meta: actor.meta,
          })
        : null;
    await tx.insert(refunds).values(
      lines.map((l) => ({ pnrId: row.id, paxId: l.paxId, paid: l.paid, penalty: l.penalty, amount: l.refundable, entryId: entry?.id ?? null, createdBy: ctx.user.id })),
    );
    let recordStatus: RecordStatus = 'ISSUE TICKET';
    if (done.size + lines.length >= ticketed.size) {
      recordStatus = 'VOIDED OR CANCEL';
      await tx.update(pnrs).set({ recordStatus, updatedAt: new Date() }).where(eq(pnrs.id, row.id));
      await giveSeatsBack(tx, locked, deps.seatPools);
    }
    const status = await settleBookingStatus(tx, bookingId);
    await writeAudit(
      tx,
      {
        userId: ctx.user.id,
        agencyId: booking.agencyId,
        action: 'booking.refunded',
        target: String(bookingId),
        detail: { bookingId, status, pnr: row.pnr, recordStatus, paxIds, amount, penalty: lines.reduce((s, l) => s + l.penalty, 0), entryId: entry?.id ?? null },
      },
      actor.meta,
    );
    const result: MoneyResult = { bookingId, amount, balanceAfter: await balanceOf(tx, booking.agencyId), replayed: false };
    await tx.update(sagas).set({ data: { bodyHash: k.bodyHash, result } }).where(eq(sagas.key, entryKey));
    return result;
  });
}

/** Sum of C − V − R entries of a booking (what it has cost the deposit so far), for checks and reports. */
export async function netChargedOf(conn: Conn, bookingId: number): Promise<number> {
  const [row] = await conn
    .select({ net: sql<string>`coalesce(sum(case when ${journalEntries.type} in ('C', 'S') then ${journalEntries.amount} else -${journalEntries.amount} end), 0)` })
    .from(journalEntries)
    .where(eq(journalEntries.bookingRef, String(bookingId)));
  return Number(row?.net ?? 0);
}
