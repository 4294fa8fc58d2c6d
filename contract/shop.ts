/**
 * Shop reserves (reverses-shop/list and reverses-shop/management, SHOP_RESERVES): seat allotments the agency
 * holds on one flight and booking class of a carrier's own channel. Creating one takes its seats out of the
 * flight's inventory (nobody else can sell them); a sale takes seats of the allotment for named passengers;
 * releasing gives unsold seats back to the inventory, and at the release date every unsold seat goes back by
 * itself. The rules below are pure: the gateway decides with them and the portal shows the same answers.
 */
import { z } from 'zod';
import { page, pageSize } from './agents';
import { listOf, sortQuery } from './list';
import { ADULT_TITLES } from './bookings-rules';

export const SHOP_API = {
  /** GET the allotments of the caller's scope; POST a new one (management). */
  reserves: '/api/shop/reserves',
  /** GET one allotment with its movements (sales, releases, expiry). */
  reserve: '/api/shop/reserves/:id',
  /** POST sell seats of the allotment to named passengers. */
  sales: '/api/shop/reserves/:id/sales',
  /** POST give unsold seats back to the flight's inventory. */
  release: '/api/shop/reserves/:id/release',
  /** GET direct flights of a carrier on a route and day, with the seats of each booking class (to make an allotment). */
  flights: '/api/shop/flights',
  /** GET the caller's agency's allotments with seats to sell on a route and day (the flight results mark them). */
  onSale: '/api/shop/on-sale',
} as const;

/** Carriers whose own channel sells allotments (the GDSs do not). */
export const SHOP_SOURCES = ['VN', 'VJ', 'QH', 'VU'] as const;
export type ShopSource = (typeof SHOP_SOURCES)[number];

export const RESERVE_STATUSES = ['active', 'soldOut', 'expired', 'departed'] as const;
export type ReserveStatus = (typeof RESERVE_STATUSES)[number];

/** `return`: seats of a voided, cancelled or refunded sale back in the allotment. */
export const MOVE_KINDS = ['create', 'sale', 'release', 'expire', 'return'] as const;
export type MoveKind = (typeof MOVE_KINDS)[number];

/** Unsold seats return this long before departure at the latest (a reserve's releaseAt may not be later). */
export const RELEASE_BEFORE_DEPARTURE_HOURS = 4;
/** Seats of one sale: the passenger cap of spec point 9. */
export const MAX_SALE_SEATS = 9;

const iata = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/);
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const vnd = z.number().int().min(0).max(1_000_000_000);
const name = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[\p{L} ]+$/u);

export const shopFlightsQuery = z.object({ source: z.enum(SHOP_SOURCES), from: iata, to: iata, departDate: localDate });

export const shopFlightClass = z.object({ class: z.string(), cabinClass: z.string(), fareFamily: z.string(), seatAvailable: z.number().int(), fareADT: z.number().int() });
export const shopFlight = z.object({
  flightNo: z.string(),
  airline: z.string(),
  from: z.string(),
  to: z.string(),
  departDateTime: z.string(),
  arrivalDateTime: z.string(),
  classes: z.array(shopFlightClass),
});
export type ShopFlight = z.infer<typeof shopFlight>;

export const reserveInput = z.object({
  source: z.enum(SHOP_SOURCES),
  from: iata,
  to: iata,
  departDate: localDate,
  flightNo: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2}\d{1,4}$/),
  class: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]$/),
  quantity: z.number().int().min(1).max(MAX_SALE_SEATS),
  /** What the agency pays the carrier per seat, integer VND. */
  netPrice: vnd,
  /** What the agency sells a seat for, integer VND (not below the net price). */
  sellPrice: vnd,
  /** Instant unsold seats go back to the flight's inventory. */
  releaseAt: z.iso.datetime({ offset: true }),
  note: z.string().trim().max(200).optional(),
  /**
   * A UUID made once per click of "make": the purchase charges the deposit once; a repeat answers the same
   * allotment (replayed) and charges nothing more; the key with another body is 409 idempotencyKeyReused.
   */
  idempotencyKey: z.string().uuid(),
});
export type ReserveInput = z.infer<typeof reserveInput>;

export const salePassenger = z.object({
  title: z.enum(ADULT_TITLES),
  firstName: name,
  lastName: name,
  /** dd/MM/yyyy (the booking's passenger rules: an adult on the travel date). */
  birthday: z.string().trim().max(10),
});
export const saleInput = z.object({
  quantity: z.number().int().min(1).max(MAX_SALE_SEATS),
  customerName: z.string().trim().min(1).max(100),
  customerPhone: z
    .string()
    .trim()
    .regex(/^(0[35789]\d{8}|84[1-9]\d{8})$/),
  customerEmail: z.string().trim().max(200).optional(),
  /** One passenger per seat sold. */
  passengers: z.array(salePassenger).min(1).max(MAX_SALE_SEATS),
  /** A UUID made once per click of "sell": a repeat answers the first sale (replayed) and charges nothing more. */
  idempotencyKey: z.string().uuid(),
});
export type SaleInput = z.infer<typeof saleInput>;

export const releaseInput = z.object({ quantity: z.number().int().min(1).max(MAX_SALE_SEATS) });

export const reserveListQuery = z.object({
  page,
  pageSize,
  status: z.enum(RESERVE_STATUSES).optional(),
  airline: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2}$/)
    .optional(),
  /** Flight number or route (contains). */
  q: z.string().trim().max(40).optional(),
  sort: sortQuery(['departAt', 'releaseAt', 'createdAt', 'remaining'], 'departAt'),
});

export const reserveRow = z.object({
  id: z.number().int(),
  agencyId: z.number().int(),
  agencyCode: z.string(),
  source: z.string(),
  airline: z.string(),
  flightNo: z.string(),
  from: z.string(),
  to: z.string(),
  departDate: z.string(),
  departAt: z.string(),
  class: z.string(),
  quantity: z.number().int(),
  sold: z.number().int(),
  released: z.number().int(),
  remaining: z.number().int(),
  netPrice: z.number().int(),
  sellPrice: z.number().int(),
  releaseAt: z.string(),
  status: z.enum(RESERVE_STATUSES),
  note: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** The purchase was charged to the deposit (allotments made before the charge existed were not: nothing is credited back). */
  charged: z.boolean(),
  /** The caller may sell and release (an allotment of its own agency); others of the subtree are read only. */
  mine: z.boolean(),
});
export type ReserveRow = z.infer<typeof reserveRow>;
export const reserveList = listOf(reserveRow);

export const reserveMove = z.object({
  id: z.number().int(),
  kind: z.enum(MOVE_KINDS),
  quantity: z.number().int(),
  amount: z.number().int(),
  customerName: z.string().nullable(),
  passengers: z.array(z.object({ firstName: z.string(), lastName: z.string() })),
  /** The booking a sale made (and a return came from). */
  bookingId: z.number().int().nullable(),
  pnr: z.string().nullable(),
  userName: z.string(),
  createdAt: z.string(),
  /** The deposit entry of the move: the purchase's C (create), a credit's R (release, expire); null when no money moved. */
  entry: z.object({ id: z.number().int(), type: z.enum(['C', 'R']), amount: z.number().int(), reference: z.string() }).nullable(),
});
export type ReserveMove = z.infer<typeof reserveMove>;
export const reserveDetail = reserveRow.extend({ moves: z.array(reserveMove) });
export type ReserveDetail = z.infer<typeof reserveDetail>;
/** A new allotment: what the purchase charged, the balance after (for a replay: now), and replayed on a repeat of its key. */
export const reserveCreated = z.object({ id: z.number().int(), amount: z.number().int(), balanceAfter: z.number().int(), replayed: z.boolean() });
export type ReserveCreated = z.infer<typeof reserveCreated>;
/** Seats given back: what is left, what the deposit was credited (0 for an allotment never charged) and the balance after. */
export const releaseDone = z.object({ remaining: z.number().int(), credited: z.number().int(), balanceAfter: z.number().int() });
export type ReleaseDone = z.infer<typeof releaseDone>;
/** A sale: the booking it made (issued), what the deposit was charged, the balance after, and replayed on a repeat. */
export const saleDone = z.object({
  moveId: z.number().int(),
  remaining: z.number().int(),
  amount: z.number().int(),
  bookingId: z.number().int(),
  pnr: z.string(),
  balanceAfter: z.number().int(),
  replayed: z.boolean(),
});
export type SaleDone = z.infer<typeof saleDone>;

export const onSaleQuery = z.object({ from: iata, to: iata, departDate: localDate });
export const onSaleList = z.array(reserveRow);

// ---------------------------------------------------------------- the rules

export interface ReserveCounts {
  quantity: number;
  sold: number;
  released: number;
}

/** Seats still to sell. */
export const remainingOf = (r: ReserveCounts): number => Math.max(0, r.quantity - r.sold - r.released);

/** What an allotment is now: departed and expired first (nothing can be done), then sold out, else active. */
export function reserveStatus(r: ReserveCounts & { releaseAt: string | Date; departAt: string | Date }, now: Date): ReserveStatus {
  const t = now.getTime();
  if (new Date(r.departAt).getTime() <= t) return 'departed';
  if (new Date(r.releaseAt).getTime() <= t) return 'expired';
  if (remainingOf(r) === 0) return 'soldOut';
  return 'active';
}

/** Why a new allotment is refused (null: it is fine). `departAt` is the flight's departure instant. */
export function reserveInputProblem(
  input: Pick<ReserveInput, 'netPrice' | 'sellPrice' | 'releaseAt' | 'from' | 'to'>,
  departAt: Date,
  now: Date,
): 'sameAirports' | 'sellBelowNet' | 'releaseInPast' | 'releaseTooLate' | null {
  if (input.from === input.to) return 'sameAirports';
  if (input.sellPrice < input.netPrice) return 'sellBelowNet';
  const release = new Date(input.releaseAt).getTime();
  if (release <= now.getTime()) return 'releaseInPast';
  if (release > departAt.getTime() - RELEASE_BEFORE_DEPARTURE_HOURS * 3_600_000) return 'releaseTooLate';
  return null;
}

/** Why a sale of `quantity` seats is refused (null: it can go). */
export function saleProblem(
  r: ReserveCounts & { releaseAt: string | Date; departAt: string | Date },
  sale: { quantity: number; passengers: number },
  now: Date,
): 'passengerCount' | 'notActive' | 'notEnoughSeats' | null {
  if (sale.passengers !== sale.quantity) return 'passengerCount';
  const status = reserveStatus(r, now);
  if (status === 'expired' || status === 'departed') return 'notActive';
  if (sale.quantity > remainingOf(r)) return 'notEnoughSeats';
  return null;
}

/** Why giving `quantity` unsold seats back is refused (null: it can go). */
export function releaseProblem(r: ReserveCounts & { releaseAt: string | Date; departAt: string | Date }, quantity: number, now: Date): 'notActive' | 'notEnoughSeats' | null {
  const status = reserveStatus(r, now);
  if (status === 'expired' || status === 'departed') return 'notActive';
  if (quantity > remainingOf(r)) return 'notEnoughSeats';
  return null;
}

/**
 * The allotment a flight result sells from: among the caller's allotments with seats left on that flight and day,
 * the one released first (its seats go back soonest), then the one made first. Undefined when none.
 */
export function allotmentFor<R extends Pick<ReserveRow, 'flightNo' | 'departDate' | 'remaining' | 'status' | 'releaseAt' | 'id'>>(
  reserves: readonly R[],
  flight: { flightNo: string; departDate: string },
): R | undefined {
  return reserves
    .filter((r) => r.flightNo === flight.flightNo && r.departDate === flight.departDate.slice(0, 10) && r.status === 'active' && r.remaining > 0)
    .sort((a, b) => Date.parse(a.releaseAt) - Date.parse(b.releaseAt) || a.id - b.id)[0];
}

/**
 * The time limit of a sale's PNR while it is not yet ticketed (a sale issues at once; this only matters when the
 * issue fails and the seats stay held): the carrier's hold limit, never after the allotment's release; the
 * release itself when the carrier gives none (too close to departure for a hold).
 */
export function saleTimeLimit(carrierLimit: Date | null, releaseAt: Date): Date {
  return carrierLimit && carrierLimit.getTime() < releaseAt.getTime() ? carrierLimit : releaseAt;
}

/**
 * Where seats of a sold PNR go when it is voided, cancelled or refunded: back to the allotment while it can
 * still sell them, else (past its release, or departed) to the flight's live inventory, as a release would.
 */
export function seatReturnTarget(r: ReserveCounts & { releaseAt: string | Date; departAt: string | Date }, now: Date): 'allotment' | 'inventory' {
  const status = reserveStatus(r, now);
  return status === 'active' || status === 'soldOut' ? 'allotment' : 'inventory';
}

// ---------------------------------------------------------------- paying for the block

/** The ledger key of an allotment's purchase: one C entry per request key. */
export const reserveChargeKey = (requestKey: string): string => `shop.reserve:${requestKey}`;
/** The ledger key of a credit: one R entry per release or expiry move, so two instances credit it once. */
export const releaseCreditKey = (moveId: number): string => `shop.release:${moveId}`;
/** The booking reference the allotment's entries carry (the deposit statement and the reports show it). */
export const reserveBookingRef = (id: number): string => `shop:${id}`;

/**
 * What buying the block charges the deposit: the net price of every seat, integer VND. Refuses what cannot be
 * money exactly (not a safe integer, negative, no seat).
 */
export function reserveCharge(r: { netPrice: number; quantity: number }): number {
  if (!Number.isSafeInteger(r.netPrice) || r.netPrice < 0) throw new RangeError(`netPrice ${r.netPrice} is not whole VND`);
  if (!Number.isSafeInteger(r.quantity) || r.quantity < 1) throw new RangeError(`quantity ${r.quantity} is not a seat count`);
  const amount = r.netPrice * r.quantity;
  if (!Number.isSafeInteger(amount)) throw new RangeError('the charge is beyond exact integers');
  return amount;
}

/**
 * How seats come back from an allotment: `release` unsold seats given back by hand before the release time,
 * `expire` unsold seats going back at the release time, `return` a sold seat (voided, cancelled, refunded,
 * exchanged) back to the allotment while it sells, `late` a sold seat back after the release (or departure),
 * which goes to the live inventory.
 */
export type SeatsBack = 'release' | 'expire' | 'return' | 'late';

/**
 * What the deposit is credited when seats come back (the block's terms): unsold seats, by hand or at the release
 * time, at the net price; nothing for a seat sold then back while the allotment sells (it is the allotment's
 * again, bought; the customer's money is the void's own entry), nothing for a seat back after the release (the
 * terms ended there), nothing for an allotment whose purchase was never charged.
 */
export function releaseCredit(r: { netPrice: number; charged: boolean }, back: SeatsBack, quantity: number): number {
  if (!r.charged || quantity <= 0) return 0;
  if (back === 'return' || back === 'late') return 0;
  return reserveCharge({ netPrice: r.netPrice, quantity });
}

/** The entry's reference of a purchase ("Mua chỗ giữ VN213 Y × 6") and of a credit ("Hoàn chỗ giữ VN213 Y × 2"). */
export const reserveChargeReference = (r: { flightNo: string; class: string }, quantity: number): string => `Mua chỗ giữ ${r.flightNo} ${r.class} × ${quantity}`;
export const releaseCreditReference = (r: { flightNo: string; class: string }, quantity: number): string => `Hoàn chỗ giữ ${r.flightNo} ${r.class} × ${quantity}`;

/** Reasons the gateway gives (data.reason) that the screens put in words. */
export const SHOP_REASONS = ['sameAirports', 'sellBelowNet', 'releaseInPast', 'releaseTooLate', 'passengerCount', 'notActive', 'notEnoughSeats', 'flight', 'noSeats', 'reserve', 'passengers'] as const;
