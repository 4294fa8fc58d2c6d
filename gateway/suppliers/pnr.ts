/**
 * The PNR interface of a flight source: read the airline's record (`retrieve`), change it (`edit`, one or more
 * element edits applied all or nothing), and read a segment's seat map. Every edit is one supplier call that
 * either answers the new record or fails with a SupplierError, and a failure leaves the record as it was.
 *
 * A new element edit (issue 15's edit screens: add-osi, add-remark, change-contact, change-passport, …) is one
 * more member of `PnrEdit` implemented by the supplier, and one small screen.
 *
 * `PnrStore` is where a simulated source keeps its records (the gateway gives a database-backed store, so
 * edits survive restarts); a real connector ignores it. `seed` is what the gateway knows of a PNR it made:
 * a source that has no record of it yet (the simulator, for holds made in the gateway's inventory) starts
 * from it; a real connector ignores it.
 */
import type { PnrBaggage, PnrContact, PnrDocs, PnrEndorsement, PnrLoyalty, PnrQueue, PnrRecord, PnrRemark, PnrSegment, PnrSsr, PnrTst, SeatMap } from '../../contract/aftersale';
import type { FlightAlternative, SegmentTarget } from '../../contract/aftersale-sched';
import type { Source } from '../../contract/flights';
// pnr-elements
import type { PnrCustomerAccount, PnrPaxInfo, PnrSk } from '../../contract/aftersale-elements';
import type { SupplierCallContext } from './types';
// as14a: paid extras
import type { AncillaryOption, PnrAncillary, VjInfantQuote } from '../../contract/aftersale-extras';
import type { Language } from '../../contract/constants';

/** One element edit. Paid extras (luggage, seats) get an EMD each from the supplier. */
export type PnrEdit =
  | { type: 'addSsr'; ssr: Omit<PnrSsr, 'id' | 'status'> }
  | { type: 'addOsi'; airline: string; text: string }
  | { type: 'addRemark'; kind: PnrRemark['kind']; text: string }
  | { type: 'setContact'; kind: PnrContact['kind']; value: string }
  | { type: 'setDocs'; docs: PnrDocs }
  | { type: 'setLoyalty'; loyalty: PnrLoyalty }
  | { type: 'addEndorsement'; endorsement: Omit<PnrEndorsement, 'id'> }
  | { type: 'placeQueue'; queue: PnrQueue }
  /** Buys a checked bag for a passenger on a route's segments; replaces the passenger's earlier bag of that route. */
  | { type: 'buyBaggage'; baggage: Omit<PnrBaggage, 'emd'> }
  /** Seats a passenger on a segment (one seat per passenger per segment: the earlier one is freed). */
  | { type: 'assignSeat'; paxId: number; segId: number; seat: string; price: number }
  // aftersale2: exchange-route
  /** Reissues the tickets on new flights for a direction: its segments and stored fares replaced, the old tickets EXCHANGED. */
  | { type: 'exchange'; direction: 'depart' | 'return'; segments: Omit<PnrSegment, 'segId' | 'status' | 'direction'>[]; tst: Omit<PnrTst, 'id' | 'segIds'>[] }
  // pnr-elements: issue 15's element edits (gateway/suppliers/simulated/pnr-elements.ts)
  /** Sets a passenger's extra information (one value per code). */
  | { type: 'setPaxInfo'; info: PnrPaxInfo }
  /** Changes a passenger's name element (after ticketing only a small correction). */
  | { type: 'changeName'; paxId: number; title: string; firstName: string; lastName: string }
  /** Changes a passenger's birth date (dd/MM/yyyy; QH only). */
  | { type: 'setBirthday'; paxId: number; birthDay: string }
  /** The passenger's mobile phone (SSR CTCM), replacing the earlier one. */
  | { type: 'setPaxPhone'; paxId: number; phone: string }
  | { type: 'addSk'; sk: Omit<PnrSk, 'id'> }
  | { type: 'setCustomerAccount'; account: PnrCustomerAccount }
  /** Stores the current fare quote as TSTs (new TST numbers); pnrsync: `tst` is the itinerary priced now, replacing the stored fares. */
  | { type: 'storeTst'; tst?: Omit<PnrTst, 'id'>[] }
  /** Moves the PNR to another queue. */
  | { type: 'moveQueue'; queue: PnrQueue }
  // sched: schedule changes and change-route-status
  /** Accepts the airline's schedule change: TK → HK, UN removed (its replacement confirmed), tickets revalidated. */
  | { type: 'acceptScheduleChange' }
  /** Moves a changed (TK/UN) segment onto another flight of its route and date, confirmed (HK). */
  | { type: 'rebookSegment'; segId: number; flight: FlightAlternative }
  /** change-route-status: a segment to HK or XX (removed), as segmentTransition allows; seats of the flight now. */
  | { type: 'setSegmentStatus'; segId: number; to: SegmentTarget; seatsAvailable: number }
  // pnr-segments: segment and passenger-structure edits (simulated in simulated/pnr-segments.ts)
  | SegmentEdit
  // as14a: paid extras (simulated in simulated/pnr-extras.ts)
  | ExtrasEdit
  // as14b: re-pricing a held PNR (simulated in simulated/pnr-price.ts)
  /** A held PNR's fare component priced again: its segments rebooked into `rebook`'s class when given, its TST replaced. */
  | { type: 'repriceFare'; segIds: number[]; rebook?: { class: string; cabinClass: string }; fareBasis: string; perType: { paxType: PnrTst['paxType']; fare: number; tax: number }[] };

/** Paid extras (as14a): each gets an EMD of its amount. */
export type ExtrasEdit =
  /** Replaces a passenger's bag on a route's segments (bought or included) by a bigger one; `amount` is the difference paid. */
  | { type: 'upgradeBaggage'; baggage: Omit<PnrBaggage, 'emd'>; replaces: string; amount: number }
  /** Sells an ancillary to a passenger on a route's segments (meal, priority, lounge, insurance). */
  | { type: 'buyAncillary'; ancillary: Omit<PnrAncillary, 'emd'>; rfisc: string };

/** Segment and passenger-structure edits (pnr-segments). */
export type SegmentEdit =
  /** A new HK segment with its stored fare (the price the gateway quoted). */
  | { type: 'addSegment'; segment: Omit<PnrSegment, 'segId' | 'status'>; fareBasis: string; perType: { paxType: PnrTst['paxType']; fare: number; tax: number }[] }
  /** Cancels a segment: its seats, bags and ARNK go with it; the ticket's coupon stays unused. */
  | { type: 'removeSegment'; segId: number }
  /** An ARNK after a segment where the itinerary is discontinuous. */
  | { type: 'addArnk'; afterSegId: number }
  /** Rebooks a segment in another class of the same flight. */
  | { type: 'changeClass'; segId: number; class: string; cabinClass: string; fareBasis: string; perType: { paxType: PnrTst['paxType']; fare: number; tax: number }[] }
  /** Online check-in of every passenger on the segments departing within 24 hours (the airline's DCS). */
  | { type: 'onlineCheckIn' }
  /** Cancels the online check-in of passengers on a segment. */
  | { type: 'removeCheckIn'; segId: number; paxIds: number[] }
  /** An infant on an adult's lap, with its stored fare. */
  | { type: 'addInfant'; parentId: number; title: string; firstName: string; lastName: string; birthDay: string; tst: { segIds: number[]; fareBasis: string; fare: number; tax: number }[] };

/** Moves passengers (with their tickets, seats, bags and documents) to a new PNR of the same itinerary. */
export interface PnrSplitRequest {
  pnr: string;
  newPnr: string;
  idempotencyKey: string;
  paxIds: number[];
  at: string;
}

export interface PnrStoreRecord {
  record: PnrRecord;
  version: number;
}

/** A seat taken on a flight (`flightKey` = seatKey of flights.ts) by a PNR's passenger. */
export interface SeatClaim {
  flightKey: string;
  seat: string;
  pnr: string;
  paxId: number;
}

export interface PnrStore {
  load(pnr: string): Promise<PnrStoreRecord | null>;
  /**
   * Writes the record if its version is still `expectedVersion` (null: not stored yet), frees `release` and
   * takes `claim` seats, all at once. 'conflict' when another edit came first, 'seatTaken' when a claimed seat
   * is someone else's: then nothing is written.
   */
  commit(pnr: string, source: Source, record: PnrRecord, expectedVersion: number | null, seats?: { claim: SeatClaim[]; release: SeatClaim[] }): Promise<'ok' | 'conflict' | 'seatTaken'>;
  /** Seats taken on a flight: seat → its claim. */
  seatsTaken(flightKey: string): Promise<Map<string, SeatClaim>>;
  // pnr-segments
  /**
   * A split, all at once: the parent written if its version is still `expectedVersion`, the child stored new,
   * and the moved passengers' seats handed from the parent to the child. 'conflict' (nothing written) otherwise.
   */
  commitSplit?(parent: { pnr: string; record: PnrRecord; expectedVersion: number }, child: { pnr: string; source: Source; record: PnrRecord }, moved: number[]): Promise<'ok' | 'conflict'>;
}

export interface PnrCallContext extends SupplierCallContext {
  store: PnrStore;
}

export interface PnrEditRequest {
  pnr: string;
  /** The same key applies once: a retry answers the record as it is. */
  idempotencyKey: string;
  edits: PnrEdit[];
  /** ISO date-time of the edit (EMD issue dates). */
  at: string;
}

export interface PnrSupplier {
  readonly source: Source;
  /** The airline's record; `seed` when the source has none yet (see above). Fails with NOT_FOUND for an unknown PNR. */
  retrieve(pnr: string, ctx: PnrCallContext, seed?: PnrRecord): Promise<PnrRecord>;
  /** Applies the edits all or nothing and answers the new record. */
  edit(request: PnrEditRequest, ctx: PnrCallContext): Promise<PnrRecord>;
  /** The seat map of a segment of the PNR: rows, aisles, exit rows, free, paid and blocked seats, prices, seats taken. */
  seatMap(pnr: string, segId: number, ctx: PnrCallContext): Promise<SeatMap>;
  // pnr-segments
  /** Splits passengers off into a new PNR (the same key applies once); answers both records. */
  split?(request: PnrSplitRequest, ctx: PnrCallContext): Promise<{ parent: PnrRecord; child: PnrRecord }>;
  // sched: schedule changes
  /**
   * The airline's schedule changes applied to its record (segments become TK, or UN with the proposed
   * replacement TK); answers the record and the segments changed now (none: the record is as it was).
   */
  syncSchedule(pnr: string, ctx: PnrCallContext): Promise<{ record: PnrRecord; changed: number[] }>;
  /** The flights of a segment's route on its (new) date, for a rebooking; without the segment's own flight. */
  alternatives(pnr: string, segId: number, ctx: PnrCallContext): Promise<FlightAlternative[]>;
  /** Seats on sale now on a segment's flight (HL → HK needs some). */
  seatsAvailable(pnr: string, segId: number, ctx: PnrCallContext): Promise<number>;
  // as14a: paid extras (absent: the source sells none)
  /** The carrier's ancillaries on a route (meals, priority, lounge, insurance), per passenger. */
  ancillaryOptions?(airline: string, from: string, to: string, lang?: Language): AncillaryOption[];
  /** The carrier's own fee for an infant added to the PNR, per segment (low-cost carriers: a fixed fee). */
  infantFee?(pnr: string, ctx: PnrCallContext): Promise<VjInfantQuote>;
}
