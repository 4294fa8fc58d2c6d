/**
 * The Supplier interface of the gateway: one per search source (VN, VJ, QH, VU, 1A, 1B, 1G). The simulated
 * suppliers implement it now; real connectors can replace them later behind the same interface.
 */
import type { FareRule, FlightOffer, PassengerCounts, PaxType, Source } from '../../contract/flights';

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

/** Seats already sold from the inventory for a flight and class; subtracted from the supplier's count. */
export type SeatsTaken = (key: SeatKey, bookingClass: string) => number | Promise<number>;

export interface SupplierContext {
  /** Seat inventory adjustment (the gateway's database later). */
  seatsTaken?: SeatsTaken;
  /** Give up after this many ms with SupplierError TIMEOUT. */
  timeoutMs?: number;
  /** Abort the call (the latency wait is interrupted). */
  signal?: AbortSignal;
}

export type Language = 'vi' | 'en';

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

// ----- Lifecycle -----------------------------------------------------------------------------------------

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
  tickets: { paxIndex: number; ticketNumber: string }[];
  /** ISO date-time until which the tickets can be voided without penalty. */
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

export interface CancelRequest {
  pnr: string;
}

export interface CancelResult {
  pnr: string;
  cancelled: boolean;
  /** Penalty charged, integer VND (0 for an unpaid hold). */
  totalChargeCancel: number;
}

/** Booking calls after the hold (the simulated suppliers implement issue, void and cancel). */
export interface SupplierLifecycle {
  hold(request: HoldRequest, ctx?: SupplierContext): Promise<HoldResult>;
  issue(request: IssueRequest, ctx?: SupplierContext): Promise<IssueResult>;
  void(request: VoidRequest, ctx?: SupplierContext): Promise<VoidResult>;
  cancel(request: CancelRequest, ctx?: SupplierContext): Promise<CancelResult>;
}

export interface Supplier extends Partial<SupplierLifecycle> {
  readonly source: Source;
  /** true for the carriers' own channels (VN, VJ, QH, VU), false for the GDSs. */
  readonly isCarrierChannel: boolean;
  /** Offers for the journey; an empty list when the source does not sell the route. */
  search(request: SupplierSearch, ctx?: SupplierContext): Promise<FlightOffer[]>;
  /** Fare conditions of an offer (its cheapest class with seats unless `options.class`), or of a class + fare basis. */
  fareRules(query: FlightOffer | FareRuleQuery, options?: FareRuleOptions): FareRule;
}

// ----- Settings and errors ---------------------------------------------------------------------------------

export interface SupplierSettings {
  latencyMinMs: number;
  latencyMaxMs: number;
  /** 0..1: share of calls that fail with UNAVAILABLE. */
  failureRate: number;
  /**
   * Void cut-off as minutes after local midnight (Vietnam time) of the day of issue; unset: the source's own
   * (VOID_CUTOFF_MINUTES of simulated/lifecycle.ts).
   */
  voidCutoffMinutes?: number;
}

export const DEFAULT_SUPPLIER_SETTINGS: Readonly<SupplierSettings> = { latencyMinMs: 150, latencyMaxMs: 1500, failureRate: 0 };

export type SupplierErrorCode = 'TIMEOUT' | 'UNAVAILABLE' | 'NO_AVAILABILITY' | 'INVALID_REQUEST';

const DEFAULT_MESSAGES: Record<SupplierErrorCode, { vi: string; en: string }> = {
  TIMEOUT: {
    vi: 'Hệ thống đặt chỗ không trả lời kịp. Vui lòng thử lại sau ít phút.',
    en: 'The reservation system did not answer in time. Please try again in a few minutes.',
  },
  UNAVAILABLE: {
    vi: 'Hệ thống đặt chỗ tạm thời không khả dụng. Vui lòng thử lại sau.',
    en: 'The reservation system is temporarily unavailable. Please try again later.',
  },
  NO_AVAILABILITY: {
    vi: 'Không còn chỗ cho hành trình đã chọn. Vui lòng chọn chuyến hoặc hạng vé khác.',
    en: 'No seats are left for the chosen journey. Please choose another flight or class.',
  },
  INVALID_REQUEST: {
    vi: 'Yêu cầu tìm kiếm không hợp lệ. Vui lòng kiểm tra lại hành trình và số hành khách.',
    en: 'The search request is not valid. Please check the journey and passenger counts.',
  },
};

export class SupplierError extends Error {
  readonly code: SupplierErrorCode;
  readonly source?: Source;
  readonly messageVi: string;
  readonly messageEn: string;

  constructor(code: SupplierErrorCode, options: { source?: Source; vi?: string; en?: string } = {}) {
    const en = options.en ?? DEFAULT_MESSAGES[code].en;
    super(en);
    this.name = 'SupplierError';
    this.code = code;
    this.source = options.source;
    this.messageVi = options.vi ?? DEFAULT_MESSAGES[code].vi;
    this.messageEn = en;
  }

  localized(lang: Language): string {
    return lang === 'vi' ? this.messageVi : this.messageEn;
  }
}
