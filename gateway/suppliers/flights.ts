/**
 * The flight supplier interface: one implementation per search source (VN, VJ, QH, VU carrier channels; 1A,
 * 1B, 1G GDSs). The simulator (simulated/) implements it for every source today; a real connector for one
 * source implements the same interface and is registered in its place (registry.ts).
 *
 * Besides search and the booking calls, the rules that are the carrier's own behaviour are methods here:
 * which airlines a source sells, the hold time limit, the void cut-off, the refund penalty and the luggage
 * catalogue. Ticket numbers are the supplier's answer to `issue`.
 */
import type { Disruption } from '../../contract/board';
import type { LuggageOption } from '../../contract/bookings';
import type { FareRule, FlightOffer, PassengerCounts, PaxType, Source } from '../../contract/flights';
import type { Language, SupplierCallContext } from './types';

/**
 * One search against one source. One way: `from`, `to`, `departDate`. Round trip: add `returnDate`; the
 * answer then holds offers of both directions (`direction` 'depart' and 'return'). Multi-city journeys are
 * searched leg by leg as one-way searches.
 */
export interface SupplierSearch {
  from: string;
  to: string;
  /** yyyy-MM-dd, local date of departure at `from`. */
  departDate: string;
  /** yyyy-MM-dd, local date of departure at `to` for the return. */
  returnDate?: string;
  pax: PassengerCounts;
}

/**
 * Stable key of one flown flight on one date, used by the seat inventory: `${flightNo}/${departDate}`
 * (flightNo carries the airline prefix, departDate is the local departure date), e.g. `VN213/2025-06-10`.
 * The inventory counts seats taken per key and booking class.
 */
export type SeatKey = string;

/** The seat key of a flight number on a local departure date (yyyy-MM-dd). */
export function seatKey(flightNo: string, departDate: string): SeatKey {
  return `${flightNo}/${departDate}`;
}

/**
 * Seats already sold from the inventory for a flight and class; subtracted from the supplier's count.
 * `untaken`, when the adapter can tell, answers whether no seat of any class of the flight is taken (true), or
 * that some may be (false); `ready` resolves when it can answer. A supplier may then skip the per-class lookups
 * of such flights and answer with offers it priced before (their seat counts are the untouched ones).
 */
export type SeatsTaken = ((key: SeatKey, bookingClass: string) => number | Promise<number>) & {
  untaken?: (key: SeatKey) => boolean;
  ready?: Promise<unknown>;
};

export interface SupplierContext extends SupplierCallContext {
  /** Seat inventory adjustment (the gateway's database). */
  seatsTaken?: SeatsTaken;
}

/** A fare rule query without an offer at hand. */
export interface FareRuleQuery {
  airline: string;
  class: string;
  fareBasis: string;
  /** Taken from the fare basis when absent. */
  isInternational?: boolean;
}

export interface FareRuleOptions {
  /** Booking class of the offer to describe; default the cheapest class with seats. */
  class?: string;
  lang?: Language;
}

// ----- Booking calls ---------------------------------------------------------------------------------------

export interface HoldPassenger {
  paxType: PaxType;
  title: string;
  firstName: string;
  lastName: string;
  birthDay?: string;
}

export interface HoldRequest {
  /** The offers chosen, one per direction (combined GDS fares: both halves). */
  offers: { offerId: string; class: string }[];
  paxInfos: HoldPassenger[];
  contact: { name: string; phone: string; email?: string };
  /** ISO date-time of the booking. */
  bookedAt: string;
}

export interface HoldResult {
  pnr: string;
  airline: string;
  /** ISO date-time by which the booking must be issued. */
  timeLimit: string;
  /** Total to pay, integer VND. */
  totalPrice: number;
}

export interface IssueRequest {
  pnr: string;
  airline: string;
  /** Idempotency: the same key issues once. */
  idempotencyKey: string;
  /** The passengers to ticket, in order (infants get their own ticket). */
  passengers: { paxType: PaxType }[];
  /** ISO date-time of the issue (the day of the void window). */
  issuedAt: string;
  /** ISO date-time of the first departure (the void window closes by then at the latest). */
  firstDeparture: string;
}

export interface IssueResult {
  pnr: string;
  /** One ticket number per passenger: the carrier's 3-digit accounting prefix + 10 digits. */
  tickets: { paxIndex: number; ticketNumber: string }[];
  /** ISO date-time until which the tickets can be voided without penalty (voidDeadline). */
  voidUntil: string;
}

export interface VoidRequest {
  pnr: string;
  ticketNumbers: string[];
}

export interface VoidResult {
  pnr: string;
  voided: string[];
}

export interface RetrieveRequest {
  pnr: string;
  /** The issue's idempotency key: given, only an issue made with that key counts as ticketed. */
  idempotencyKey?: string;
}

/** Where the supplier stands on a PNR: ticketed (with the tickets of that issue), voided, or only held. */
export type RetrieveResult = { pnr: string; status: 'held' } | { pnr: string; status: 'voided' } | ({ status: 'ticketed' } & IssueResult);

export interface CancelRequest {
  pnr: string;
}

export interface CancelResult {
  pnr: string;
  cancelled: boolean;
  /** Penalty charged, integer VND (0 for an unpaid hold). */
  totalChargeCancel: number;
}

// ----- Refunds ---------------------------------------------------------------------------------------------

/** One fare component (one direction) of one passenger's ticket, integer VND. */
export interface TicketComponent {
  airline: string;
  /** Booking class and the fare family name stored with the fare (fareInfo.fareFamily). */
  class: string;
  fareFamily?: string;
  /** An international journey (the family's international penalties). */
  international: boolean;
  fare: number;
  tax: number;
  vat: number;
  /** Luggage bought for this passenger on this component. */
  luggage: number;
}

/** A passenger's ticket of one PNR: its components and the agency's issue fee. */
export interface TicketShare {
  paxType: PaxType;
  components: TicketComponent[];
  issueFee: number;
}

/** What the passenger paid for the ticket: the issue fee and every component's fare, tax, VAT and luggage. */
export const paidOf = (t: TicketShare): number => t.issueFee + t.components.reduce((s, c) => s + c.fare + c.tax + c.vat + c.luggage, 0);

// aftersale2: exchange-route
export interface ChangeQuery {
  airline: string;
  /** The booking class held and the fare family stored with it (when known). */
  class: string;
  fareFamily?: string;
  international: boolean;
}

export interface ChangeConditions {
  /** Penalty per passenger, integer VND; null: no change allowed. */
  penalty: number | null;
  fareFamily: string;
  /** The change rule in words (the fare rule's CHANGE line). */
  rule: string;
  /** A change must be made at least this many hours before the departure held (0: until departure). */
  cutoffHours: number;
}

// ----- The supplier ----------------------------------------------------------------------------------------

export interface FlightSupplier {
  readonly source: Source;
  /** true for the carriers' own channels (VN, VJ, QH, VU), false for the GDSs. */
  readonly isCarrierChannel: boolean;

  /** Offers for the journey; an empty list when the source does not sell the route. */
  search(request: SupplierSearch, ctx?: SupplierContext): Promise<FlightOffer[]>;
  /** The airlines this source sells between two airports (the fees of a search are asked for them). */
  airlinesOn(from: string, to: string): string[];
  /** Fare conditions of an offer (its cheapest class with seats unless `options.class`), or of a class + fare basis. */
  fareRules(query: FlightOffer | FareRuleQuery, options?: FareRuleOptions): FareRule;

  /**
   * The time limit of a hold made at `bookedAt` for a journey departing at `departure`, or null when the
   * carrier no longer holds it (issue at once).
   */
  holdTimeLimit(bookedAt: Date, departure: Date): Date | null;
  /** A hold on the supplier's side. Not called yet: holds are made in the gateway's seat inventory. */
  hold?(request: HoldRequest, ctx?: SupplierContext): Promise<HoldResult>;
  /** Tickets for every passenger (the same numbers for the same idempotency key) and the void deadline. */
  issue(request: IssueRequest, ctx?: SupplierContext): Promise<IssueResult>;
  /**
   * The last instant tickets issued at `issuedAt` can be voided: the source's cut-off on the local day of
   * issue, never after the first departure; `issuedAt` itself when issued after the cut-off.
   */
  voidDeadline(issuedAt: Date, firstDeparture: Date): Date;
  void(request: VoidRequest, ctx?: SupplierContext): Promise<VoidResult>;
  /** The PNR's state at the supplier (recovery after a crash asks whether an issue went through). */
  retrieve(request: RetrieveRequest, ctx?: SupplierContext): Promise<RetrieveResult>;
  /** Cancels an unpaid hold. */
  cancel(request: CancelRequest, ctx?: SupplierContext): Promise<CancelResult>;
  /** The penalty kept on refunding one passenger's ticket, integer VND, never above what was paid (paidOf). */
  refundPenalty(ticket: TicketShare): number;
  // aftersale2: the carrier's change conditions of a fare held (exchange-route)
  /**
   * The change penalty per passenger (infants pay none) of a fare held, or null when the fare family allows no
   * change; the family's name, its rule in words, and how many hours before departure a change must be made.
   */
  changeConditions(fare: ChangeQuery, lang?: Language): ChangeConditions;

  /**
   * Prepaid checked luggage this source sells for `airline` on a route, per passenger and flight direction
   * (spec point 3 `ancillary`); empty when it sells none.
   */
  luggageOptions(query: { airline: string; from: string; to: string }, lang?: Language): LuggageOption[];

  /**
   * The airport board: flights of the airlines this source operates that depart from `airport` or arrive
   * there between `fromMs` and `toMs` (epoch ms, departure or arrival time as scheduled), with their gates
   * and what went wrong with them. Codeshares are left out (the operating flight is listed).
   */
  schedule(airport: string, fromMs: number, toMs: number): ScheduledFlight[];
}

/** One operated flight of an airport's timetable (the board). */
export interface ScheduledFlight {
  airline: string;
  flightNo: string;
  from: string;
  to: string;
  /** Local departure date yyyy-MM-dd at `from`. */
  date: string;
  depUtc: number;
  arrUtc: number;
  startTerminal: string | null;
  endTerminal: string | null;
  /** Departure gate at `from`. */
  gate: string | null;
  /** Baggage belt at `to`. */
  belt: string | null;
  disruption: Disruption;
}

/** The flight suppliers of every source. */
export type FlightSuppliers = Readonly<Record<Source, FlightSupplier>>;
