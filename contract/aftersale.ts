/**
 * After-sale services on an issued booking (booking/edit/{id} and its screens): the airline's PNR as the
 * supplier holds it (name elements, segments with status codes, SSR/OSI/remarks/contacts, DOCS, FQTV, TST,
 * endorsements, queue, tickets and EMDs), the paid edits (extra luggage, seats), the edit history, and the pure
 * rules of spec point 4 shared by the portal's selection state and the gateway. Money is integer VND.
 */
import { z } from 'zod';
import { listOf } from './list';
// pnr-elements
import { ELEMENT_SCREENS, type PnrCustomerAccount, type PnrPaxInfo, type PnrSk } from './aftersale-elements';
import type { PnrArnk, PnrCheckIn } from './aftersale-segments';
// as14a: paid extras (upgrade-luggage, buy-ancillary, add-infant-vj)
import type { PnrAncillary } from './aftersale-extras';

export const AFTERSALE_API = {
  /** GET → afterSaleHub: the booking's PNRs and the after-sale actions with price, allowed and reason. */
  hub: '/api/aftersale/bookings/:id',
  /** GET ?page&pageSize → { data: historyEntry[], total }: every edit, newest first. */
  history: '/api/aftersale/bookings/:id/history',
  /** GET → luggageOffer (per passenger and segment: the airline's options and what is bought). */
  luggage: '/api/aftersale/bookings/:id/luggage',
  /** POST buyLuggageRequest → paidEditResult (PIN when the caller must use one). */
  buyLuggage: '/api/aftersale/bookings/:id/luggage',
  /** GET ?pnr&segId → seatMap of one segment, from the supplier. */
  seatMap: '/api/aftersale/bookings/:id/seat-map',
  /** POST buySeatRequest → paidEditResult (PIN when the caller must use one). */
  buySeat: '/api/aftersale/bookings/:id/seats',
} as const;

// ----- The PNR (the supplier's record) ------------------------------------------------------------------------

export const SEGMENT_STATUSES = ['HK', 'HL', 'UN', 'TK', 'UC'] as const;
/** HK confirmed, HL waitlisted, UN unable (flight cancelled or changed), TK schedule change to accept, UC unable to confirm. */
export type SegmentStatus = (typeof SEGMENT_STATUSES)[number];

export interface PnrName {
  paxId: number;
  paxType: 'ADT' | 'CHD' | 'INF';
  title: string;
  firstName: string;
  lastName: string;
  birthDay?: string;
  /** The adult an infant travels with. */
  parentId?: number;
}

export interface PnrSegment {
  segId: number;
  carrier: string;
  flightNo: string;
  from: string;
  to: string;
  /** yyyy-MM-ddTHH:mm local at `from` / `to`. */
  departDate: string;
  arrivalDate: string;
  class: string;
  cabinClass: string;
  aircraft: string;
  status: SegmentStatus;
  direction: 'depart' | 'return';
  /** What the airline changed (a TK/UN segment): the times and flight number before. */
  previous?: { flightNo: string; departDate: string; arrivalDate: string };
  // sched: schedule changes
  /** The UN segment this TK segment is the airline's proposed replacement of (a renumbered flight). */
  replacesSegId?: number;
}

export interface PnrSsr {
  id: number;
  /** IATA SSR code: XBAG, SEAT (RQST), DOCS, INFT, CHLD, MEAL… */
  code: string;
  paxId?: number;
  segId?: number;
  text: string;
  status: SegmentStatus;
}

export interface PnrOsi {
  id: number;
  airline: string;
  text: string;
}

export interface PnrRemark {
  id: number;
  /** RM general, RC confidential. */
  kind: 'RM' | 'RC';
  text: string;
}

export interface PnrContact {
  id: number;
  /** AP phone, APE e-mail. */
  kind: 'AP' | 'APE';
  value: string;
}

export interface PnrDocs {
  paxId: number;
  docType: 'P' | 'I';
  number: string;
  nationality: string;
  issuingCountry: string;
  expiry: string;
  birthDay: string;
  gender: 'M' | 'F';
}

export interface PnrLoyalty {
  paxId: number;
  airline: string;
  number: string;
}

/** A stored fare (TST) per passenger type. */
export interface PnrTst {
  id: number;
  paxType: 'ADT' | 'CHD' | 'INF';
  segIds: number[];
  fareBasis: string;
  fare: number;
  tax: number;
  total: number;
}

export interface PnrEndorsement {
  id: number;
  paxId?: number;
  text: string;
}

export interface PnrQueue {
  office: string;
  queue: number;
  category: number;
}

export interface PnrTicketDoc {
  paxId: number;
  number: string;
  /** OPEN for use; EXCHANGED when a new ticket replaced it; VOID; REFUNDED. */
  status: 'OPEN' | 'EXCHANGED' | 'VOID' | 'REFUNDED';
  issuedAt: string;
  /** The ticket this one replaced (an exchange). */
  exchangedFrom?: string;
  // sched: schedule changes
  /** When the ticket was revalidated to a schedule change (the coupons moved to the new flights). */
  revalidatedAt?: string;
}

/** An electronic miscellaneous document: a paid extra (luggage, seat). */
export interface PnrEmd {
  number: string;
  paxId: number;
  segIds: number[];
  /** The reason for issuance sub-code: 0CC checked bag, 0B5 seat. */
  rfisc: string;
  kind: 'luggage' | 'seat' | 'ancillary';
  description: string;
  amount: number;
  issuedAt: string;
}

export interface PnrSeat {
  paxId: number;
  segId: number;
  seat: string;
  price: number;
  emd?: string;
}

export interface PnrBaggage {
  paxId: number;
  segIds: number[];
  /** The luggage option's code (replaced per passenger, route and code's kind). */
  code: string;
  value: number;
  unit: string;
  price: number;
  emd?: string;
}

export interface PnrRecord {
  pnr: string;
  airline: string;
  source: string;
  names: PnrName[];
  segments: PnrSegment[];
  ssrs: PnrSsr[];
  osis: PnrOsi[];
  remarks: PnrRemark[];
  contacts: PnrContact[];
  docs: PnrDocs[];
  loyalty: PnrLoyalty[];
  tst: PnrTst[];
  endorsements: PnrEndorsement[];
  queue: PnrQueue | null;
  tickets: PnrTicketDoc[];
  emds: PnrEmd[];
  seats: PnrSeat[];
  baggage: PnrBaggage[];
  /** Idempotency keys of the edits applied (the same key is applied once). */
  appliedKeys: string[];
  // pnr-elements: the elements of issue 15's element edit screens (absent on records made before them)
  paxInfos?: PnrPaxInfo[];
  sks?: PnrSk[];
  customerAccount?: PnrCustomerAccount | null;
  // pnr-segments: ARNK elements and online check-ins (absent on records made before them)
  arnks?: PnrArnk[];
  checkIns?: PnrCheckIn[];
  // as14a: ancillaries bought after issue (meals, priority, lounge, insurance; absent on records made before them)
  ancillaries?: PnrAncillary[];
}

// ----- Seat maps ---------------------------------------------------------------------------------------------

export type SeatKind = 'free' | 'paid' | 'exit' | 'blocked';

export interface SeatCell {
  /** e.g. 12C */
  seat: string;
  kind: SeatKind;
  /** Integer VND; 0 for a free seat. */
  price: number;
  /** Taken by another booking (or another passenger of this one: see `takenBy`). */
  taken: boolean;
  /** The passenger of this PNR sitting there. */
  takenBy?: number;
}

export interface SeatRow {
  row: number;
  exit: boolean;
  /** Letters and aisles in order: null is an aisle. */
  cells: (SeatCell | null)[];
}

export interface SeatMap {
  pnr: string;
  segId: number;
  flightNo: string;
  from: string;
  to: string;
  aircraft: string;
  /** The letters of a row with aisles as '|', e.g. ABC|DEF. */
  layout: string;
  rows: SeatRow[];
}

export interface SeatPassenger {
  paxId: number;
  paxType: 'ADT' | 'CHD' | 'INF';
}

export type SeatProblem = 'noSeat' | 'blocked' | 'taken' | 'infant' | 'exitRow' | 'sameSeat';

/**
 * Whether a passenger may take a seat of the map (one seat per passenger per segment: picking another moves
 * the passenger, it never adds a second): infants sit on a lap, children may not sit in an exit row, a blocked
 * or taken seat cannot be chosen, and two passengers of the booking cannot share one.
 */
export function seatProblem(map: Pick<SeatMap, 'rows'>, pax: SeatPassenger, seat: string): SeatProblem | null {
  if (pax.paxType === 'INF') return 'infant';
  const row = map.rows.find((r) => r.cells.some((c) => c?.seat === seat));
  const cell = row?.cells.find((c) => c?.seat === seat);
  if (!row || !cell) return 'noSeat';
  if (cell.kind === 'blocked') return 'blocked';
  if (cell.takenBy === pax.paxId) return 'sameSeat';
  if (cell.taken) return 'taken';
  if (row.exit && pax.paxType === 'CHD') return 'exitRow';
  return null;
}

/** The selection after choosing `seat` for a passenger on a segment: the passenger's earlier pick is replaced. */
export function chooseSeat<T extends { paxId: number; segId: number; seat: string }>(list: readonly T[], choice: T): T[] {
  return [...list.filter((s) => !(s.paxId === choice.paxId && s.segId === choice.segId) && !(s.segId === choice.segId && s.seat === choice.seat)), choice];
}

// ----- Spec point 4: luggage, ancillaries, upgrades ------------------------------------------------------------

/** Edit-booking luggage (spec point 3): paxKey, routeKey, ssrkey, price. */
export interface LuggageEdit {
  paxId: number;
  /** from-to of the route. */
  route: string;
  /** The luggage option's code (the ssr key). */
  code: string;
  price: number;
}

/**
 * Edit-luggage selection (spec point 4): a choice replaces an entry for the same route and passenger (one bag
 * purchase per passenger and route, whatever its weight), and is added only if its price is above 0 (choosing
 * "none" at price 0 removes the earlier choice).
 */
export function selectLuggage<T extends LuggageEdit>(list: readonly T[], choice: T): T[] {
  const rest = list.filter((l) => !(l.paxId === choice.paxId && l.route === choice.route));
  return choice.price > 0 ? [...rest, choice] : rest;
}

export interface AncillaryChoice {
  paxId: number;
  routeId: string;
  code: string;
  groupCategory: string;
  price: number;
}

/** Ancillary selection (spec point 4): per route and passenger, one option per groupCategory, the later wins. */
export function selectAncillary<T extends AncillaryChoice>(list: readonly T[], choice: T): T[] {
  return [...list.filter((a) => !(a.paxId === choice.paxId && a.routeId === choice.routeId && a.groupCategory === choice.groupCategory)), choice];
}

/** Luggage upgrade selection (spec point 4): toggles per passenger and journey. */
export function toggleUpgrade(list: readonly { paxId: number; journey: string }[], item: { paxId: number; journey: string }): { paxId: number; journey: string }[] {
  const on = list.some((u) => u.paxId === item.paxId && u.journey === item.journey);
  return on ? list.filter((u) => !(u.paxId === item.paxId && u.journey === item.journey)) : [...list, item];
}

// ----- Exchange quote ------------------------------------------------------------------------------------------

export interface ExchangeInput {
  /** The fare of the ticket held (fare + tax + VAT), integer VND. */
  oldFare: number;
  /** The fare of the new flights. */
  newFare: number;
  /** The agency's change fee. */
  changeFee: number;
  /** The carrier's penalty for changing under the fare rule. */
  penalty: number;
}

export interface ExchangeQuote extends ExchangeInput {
  /** newFare − oldFare (negative when the new fare is lower). */
  fareDifference: number;
  /** What is paid: the positive fare difference + fee + penalty; a lower fare is not refunded (residual lost). */
  total: number;
  /** The fare difference not given back when the new fare is lower. */
  residual: number;
}

/** The exchange quote in integers: pay the fare difference (never negative), the change fee and the penalty. */
export function exchangeQuote(input: ExchangeInput): ExchangeQuote {
  for (const [k, v] of Object.entries(input)) {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${k} must be a non-negative integer`);
  }
  const fareDifference = input.newFare - input.oldFare;
  const total = Math.max(0, fareDifference) + input.changeFee + input.penalty;
  return { ...input, fareDifference, total, residual: Math.max(0, -fareDifference) };
}

// ----- API -----------------------------------------------------------------------------------------------------

export const bookingIdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const AFTERSALE_ACTIONS = [
  'buy-luggage', 'buy-seat', 'upgrade-luggage', 'buy-ancillary', 'add-infant-vj', 'exchange-route', 'quote-best-price', 'submit-sc',
  // pnr-elements
  ...ELEMENT_SCREENS,
  // pnr-segments
  'add-route', 'remove-route', 'add-arunk', 'change-route-class', 'remove-checkIn', 'split-passenger', 'add-infant',
  // sched: change-route-status
  'change-route-status',
  // as14b: re-pricing a held booking (quote-best-price is listed above)
  'process-price',
] as const;
export type AfterSaleAction = (typeof AFTERSALE_ACTIONS)[number];

/** Why an action cannot be taken now. */
export type AfterSaleBlock =
  | 'notIssued' | 'departed' | 'permission' | 'noOptions' | 'noScheduleChange' | 'notVj'
  // aftersale2: exchange-route
  | 'notChangeable'
  // pnr-elements
  | 'onlyQh'
  // pnr-segments
  | 'notGds' | 'noCheckIn' | 'noGap' | 'onePassenger' | 'oneSegment' | 'allHaveInfants'
  // sched: every segment is confirmed (HK): no status to handle
  | 'allConfirmed'
  // as14a: no bag to upgrade or no bigger one; the carrier sells no ancillaries here
  | 'noUpgrade' | 'noAncillaries'
  // as14b: re-pricing needs a live hold (quote-best-price, process-price)
  | 'notHeld' | 'holdExpired' | 'issuedUseExchange' | 'notSupported'
  // weak: a hold sold from an agency's allotment keeps the allotment's selling price
  | 'allotmentFixed';

export interface AfterSaleActionState {
  action: AfterSaleAction;
  allowed: boolean;
  reason?: AfterSaleBlock;
  /** Localized reason. */
  message?: string;
  /** The price range of the action, integer VND (from, to), when it has one. */
  priceFrom?: number;
  priceTo?: number;
}

export interface AfterSaleHub {
  bookingId: number;
  status: string;
  pnrs: PnrRecord[];
  actions: AfterSaleActionState[];
}

export const historyEntry = z.object({
  id: z.number(),
  pnr: z.string(),
  kind: z.string(),
  summary: z.string(),
  userName: z.string().nullable(),
  createdAt: z.string(),
  amount: z.number(),
  entryId: z.number().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;
export const historyList = listOf(historyEntry);
export const historyQuery = z.object({ page: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(100).default(20) });

/** Per passenger and route: the airline's options and what is bought. */
export interface LuggageOfferRoute {
  pnr: string;
  route: string;
  segIds: number[];
  options: { code: string; value: number; unit: string; name: string; price: number }[];
}
export interface LuggageOffer {
  passengers: PnrName[];
  routes: LuggageOfferRoute[];
  bought: (PnrBaggage & { pnr: string; route: string })[];
}

const idempotencyKey = z.string().uuid();

export const buyLuggageRequest = z.object({
  idempotencyKey,
  pnr: z.string().regex(/^[A-Z0-9]{6}$/),
  items: z
    .array(z.object({ paxId: z.number().int().min(1).max(99), route: z.string().regex(/^[A-Z]{3}-[A-Z]{3}$/), code: z.string().min(1).max(20) }))
    .min(1)
    .max(40),
});
export type BuyLuggageRequest = z.infer<typeof buyLuggageRequest>;

export const seatMapQuery = z.object({ pnr: z.string().regex(/^[A-Z0-9]{6}$/), segId: z.coerce.number().int().min(1).max(99) });

export const buySeatRequest = z.object({
  idempotencyKey,
  pnr: z.string().regex(/^[A-Z0-9]{6}$/),
  seats: z
    .array(z.object({ paxId: z.number().int().min(1).max(99), segId: z.number().int().min(1).max(99), seat: z.string().regex(/^[0-9]{1,2}[A-K]$/) }))
    .min(1)
    .max(40),
});
export type BuySeatRequest = z.infer<typeof buySeatRequest>;

export const paidEditResult = z.object({
  pnr: z.string(),
  /** Charged, integer VND (0 for free seats: no entry). */
  amount: z.number(),
  entryId: z.number().nullable(),
  emds: z.array(z.string()),
  replayed: z.boolean(),
});
export type PaidEditResult = z.infer<typeof paidEditResult>;
