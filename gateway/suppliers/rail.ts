/**
 * The rail supplier family (spec point 1, Trains): search train runs between two stations, describe the
 * carriages and seats of a run (the real layouts, priced per seat by class, berth level and distance), issue
 * tickets for seats the gateway has sold, and refund them. Seats are held and sold in the gateway's own
 * database (gateway/trains): the railway answers which seats it has already sold to others.
 *
 * Calls that go over the network (search, issue, refund) wait the source's latency and may fail
 * (SupplierError); the descriptive calls (stations, run, seats) answer at once from the timetable.
 */
import type { BerthLevel, CarriageLayout } from '../../contract/trains';
import type { TrainPaxType, TrainSeatClass } from '../../contract/trains-rules';
import type { Language, SupplierCallContext } from './types';

export type { TrainPaxType as RailPaxType, TrainSeatClass as RailSeatClass } from '../../contract/trains-rules';

export interface RailStation {
  /** Three letters: HNO, SGO… */
  code: string;
  /** With diacritics. */
  name: string;
  line: 'NS' | 'HP' | 'LC';
  /** Kilometre post from Hà Nội along its line. */
  km: number;
}

export interface RailCarriage {
  carriageNo: number;
  /** A64L, A56L, NCL, BnL42, AnL28, AnLv14. */
  type: string;
  layout: CarriageLayout;
  seatClass: TrainSeatClass;
  capacity: number;
}

export interface RailRun {
  /** `<trainNo>_<yyyyMMdd>_<from>_<to>`, the date being the departure date at `from` (Vietnam time). */
  trainId: string;
  trainNo: string;
  /** The date the train leaves its origin station (identifies the physical run: its seats). */
  runDate: string;
  from: string;
  to: string;
  /** Vietnam time yyyy-MM-ddTHH:mm. */
  departDateTime: string;
  arrivalDateTime: string;
  /** Minutes. */
  timeRun: number;
  distanceKm: number;
  carriages: RailCarriage[];
}

export interface RailSeat {
  seatNo: number;
  /** A64L, A56L, NCL, GP, BnLT1/2/3, AnLT1/2, AnLvT1. */
  seatType: string;
  seatClass: TrainSeatClass;
  row?: number;
  column?: number;
  compartment?: number;
  level?: BerthLevel;
  side?: 'left' | 'right';
  /** Integer VND, 100 % fare for the run's distance. */
  price: number;
  /** Already sold by the railway through its other channels. */
  soldElsewhere: boolean;
}

export interface RailIssueRequest {
  /** The gateway's booking code. */
  bookingCode: string;
  /** The same key answers the same ticket numbers. */
  idempotencyKey: string;
  tickets: { ticketId: string; paxType: TrainPaxType; fullName: string; idNumber: string }[];
}

export interface RailIssueResult {
  tickets: { ticketId: string; ticketNumber: string }[];
}

export interface RailRefundRequest {
  bookingCode: string;
  ticketNumbers: string[];
  idempotencyKey: string;
}

/** One railway source. */
export interface RailSupplier {
  readonly source: string;
  /** Every station served, in line order. */
  stations(): readonly RailStation[];
  /** The runs leaving `from` on `date` (Vietnam day) that stop at `to` later. */
  search(request: { from: string; to: string; date: string }, ctx?: SupplierCallContext): Promise<RailRun[]>;
  /** One run by its trainId, or null when no such train runs (no latency). */
  run(trainId: string): RailRun | null;
  /** The seats of one carriage of a run (no latency); [] for a carriage the train does not have. */
  seats(run: RailRun, carriageNo: number): RailSeat[];
  issue(request: RailIssueRequest, ctx?: SupplierCallContext): Promise<RailIssueResult>;
  refund(request: RailRefundRequest, ctx?: SupplierCallContext): Promise<{ refunded: true }>;
  /** The railway's refund conditions in plain words. */
  refundRules(lang: Language): string[];
}
