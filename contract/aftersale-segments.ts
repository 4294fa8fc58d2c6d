/**
 * The segment and passenger-structure edits of an issued booking (booking/edit/<screen>/{id}): add-route,
 * remove-route, add-arunk, change-route-class, remove-checkIn, split-passenger and add-infant. The requests, the
 * answers and the pure rules shared by the screens and the gateway: where an ARNK may go, the price of a new
 * segment or an infant, the fare difference of a class change, which passengers may be split off. Integer VND.
 */
import { z } from 'zod';
import type { PriceInfo } from './flights';
import type { PnrName, PnrRecord, PnrSegment } from './aftersale';
import type { PassengerInput } from './bookings';
import { passengerProblems, type PassengerProblem } from './bookings-rules';

export const SEGMENT_EDIT_API = {
  /** GET ?pnr&from&to&date → routeOffer[]: flights of the PNR's source to add, priced for its passengers. */
  routeOffers: '/api/aftersale/bookings/:id/route-offers',
  /** POST addRouteRequest → paidEditResult (PIN). */
  addRoute: '/api/aftersale/bookings/:id/routes',
  /** POST removeRouteRequest → paidEditResult (free). */
  removeRoute: '/api/aftersale/bookings/:id/routes/remove',
  /** POST addArnkRequest → paidEditResult (free). */
  addArnk: '/api/aftersale/bookings/:id/arnk',
  /** GET ?pnr&segId → classQuote[]: the classes of the segment's flight with the fare difference. */
  classQuotes: '/api/aftersale/bookings/:id/class-quotes',
  /** POST changeClassRequest → paidEditResult (PIN when there is a difference to pay). */
  changeClass: '/api/aftersale/bookings/:id/class',
  /** POST removeCheckInRequest → paidEditResult (free). */
  removeCheckIn: '/api/aftersale/bookings/:id/check-in/remove',
  /** POST splitRequest → splitResult (free). */
  split: '/api/aftersale/bookings/:id/split',
  /** GET ?pnr&parentId → infantQuote. */
  infantQuote: '/api/aftersale/bookings/:id/infant-quote',
  /** POST addInfantRequest → paidEditResult (PIN). */
  addInfant: '/api/aftersale/bookings/:id/infant',
} as const;

/** The sources where add-infant applies here (VJ has add-infant-vj). */
export const INFANT_GDS_SOURCES = ['1A', '1B', '1G'] as const;

/** An ARNK (arrival unknown) element: the surface gap between a segment and the next one. */
export interface PnrArnk {
  id: number;
  /** The segment before the gap. */
  afterSegId: number;
  from: string;
  to: string;
}

/** An online check-in of a passenger on a segment (the airline's departure control). */
export interface PnrCheckIn {
  paxId: number;
  segId: number;
  at: string;
}

// ----- Pure rules --------------------------------------------------------------------------------------------

/** The flown segments in the order they depart. */
export const flownOrder = (segments: readonly PnrSegment[]): PnrSegment[] => [...segments].sort((a, b) => a.departDate.localeCompare(b.departDate) || a.segId - b.segId);

export interface ItineraryGap {
  /** The segment before the gap. */
  afterSegId: number;
  /** Arrival airport of that segment, departure airport of the next. */
  from: string;
  to: string;
  /** An ARNK already fills it. */
  filled: boolean;
}

/** The discontinuities of the itinerary: consecutive segments where one arrives elsewhere than the next departs. */
export function itineraryGaps(r: Pick<PnrRecord, 'segments'> & { arnks?: readonly PnrArnk[] }): ItineraryGap[] {
  const order = flownOrder(r.segments);
  const out: ItineraryGap[] = [];
  for (let i = 0; i + 1 < order.length; i++) {
    const [a, b] = [order[i], order[i + 1]];
    if (a.to === b.from) continue;
    out.push({ afterSegId: a.segId, from: a.to, to: b.from, filled: (r.arnks ?? []).some((x) => x.afterSegId === a.segId) });
  }
  return out;
}

export type ArnkProblem = 'noSegment' | 'continuous' | 'alreadyFilled';

/** Whether an ARNK may follow the segment: only where the itinerary is discontinuous and no ARNK is there yet. */
export function arnkProblem(r: Pick<PnrRecord, 'segments'> & { arnks?: readonly PnrArnk[] }, afterSegId: number): ArnkProblem | null {
  if (!r.segments.some((s) => s.segId === afterSegId)) return 'noSegment';
  const gap = itineraryGaps(r).find((g) => g.afterSegId === afterSegId);
  if (!gap) return 'continuous';
  return gap.filled ? 'alreadyFilled' : null;
}

export interface PaxCounts {
  adt: number;
  chd: number;
  inf: number;
}

export const paxCountsOf = (names: readonly Pick<PnrName, 'paxType'>[]): PaxCounts => ({
  adt: names.filter((n) => n.paxType === 'ADT').length,
  chd: names.filter((n) => n.paxType === 'CHD').length,
  inf: names.filter((n) => n.paxType === 'INF').length,
});

/** Seats a segment takes in the inventory: every passenger but infants (on a lap). */
export const seatsNeeded = (c: PaxCounts): number => c.adt + c.chd;

type Fares = Pick<PriceInfo, 'fareADT' | 'taxADT' | 'vatADT' | 'fareCHD' | 'taxCHD' | 'vatCHD' | 'fareINF' | 'taxINF' | 'vatINF'>;

/** The fare (fare + tax + VAT) of one passenger of a type in a class. */
export function paxFare(p: Fares, type: 'ADT' | 'CHD' | 'INF'): number {
  return type === 'ADT' ? p.fareADT + p.taxADT + p.vatADT : type === 'CHD' ? p.fareCHD + p.taxCHD + p.vatCHD : p.fareINF + p.taxINF + p.vatINF;
}

/** The price of a class for the passengers, integer VND. */
export function farePrice(p: Fares, c: PaxCounts): number {
  const fares = [p.fareADT, p.taxADT, p.vatADT, p.fareCHD, p.taxCHD, p.vatCHD, p.fareINF, p.taxINF, p.vatINF];
  for (const v of [c.adt, c.chd, c.inf, ...fares]) if (!Number.isSafeInteger(v) || v < 0) throw new RangeError('fares and counts must be non-negative integers');
  return c.adt * paxFare(p, 'ADT') + c.chd * paxFare(p, 'CHD') + c.inf * paxFare(p, 'INF');
}

export interface ClassChangeQuote {
  oldTotal: number;
  newTotal: number;
  /** newTotal − oldTotal (negative for a cheaper class). */
  difference: number;
  /** What is paid: the positive difference. */
  toPay: number;
  /** What a cheaper class leaves unused on the ticket (not refunded automatically). */
  residual: number;
}

/** The class change in integers: pay a higher fare's difference; a lower fare leaves a residual, nothing is paid back. */
export function classChangeQuote(oldTotal: number, newTotal: number): ClassChangeQuote {
  for (const v of [oldTotal, newTotal]) if (!Number.isSafeInteger(v) || v < 0) throw new RangeError('totals must be non-negative integers');
  const difference = newTotal - oldTotal;
  return { oldTotal, newTotal, difference, toPay: Math.max(0, difference), residual: Math.max(0, -difference) };
}

export type SplitProblem = 'none' | 'all' | 'unknown' | 'infantAlone' | 'duplicate';

/**
 * Which passengers a split moves: the chosen ones (not all of them), with the infants of the chosen adults
 * (an infant travels on its adult's lap, so it cannot be split off alone). Answers the paxIds moved or a problem.
 */
export function splitSelection(names: readonly PnrName[], chosen: readonly number[]): { moved: number[] } | { problem: SplitProblem } {
  if (chosen.length === 0) return { problem: 'none' };
  if (new Set(chosen).size !== chosen.length) return { problem: 'duplicate' };
  if (chosen.some((id) => !names.some((n) => n.paxId === id))) return { problem: 'unknown' };
  for (const id of chosen) {
    const n = names.find((x) => x.paxId === id)!;
    if (n.paxType === 'INF' && !chosen.includes(n.parentId ?? -1)) return { problem: 'infantAlone' };
  }
  const moved = names.filter((n) => chosen.includes(n.paxId) || (n.paxType === 'INF' && chosen.includes(n.parentId ?? -1))).map((n) => n.paxId);
  if (names.filter((n) => n.paxType !== 'INF').every((n) => moved.includes(n.paxId))) return { problem: 'all' };
  return { moved };
}

export type InfantProblem = PassengerProblem | 'source' | 'notAdult' | 'hasInfant';

export interface InfantInput {
  title: string;
  firstName: string;
  lastName: string;
  /** dd/MM/yyyy */
  birthday: string;
}

/**
 * add-infant (GDS sources only): an infant on an adult of the PNR who has none, named and born under 2 at the
 * last flight (the contract's passenger rules). Empty when fine.
 */
export function infantProblems(r: Pick<PnrRecord, 'names' | 'segments' | 'source'>, parentId: number, infant: InfantInput, now: Date = new Date()): InfantProblem[] {
  if (!(INFANT_GDS_SOURCES as readonly string[]).includes(r.source)) return ['source'];
  const parent = r.names.find((n) => n.paxId === parentId);
  if (!parent || parent.paxType !== 'ADT') return ['notAdult'];
  if (r.names.some((n) => n.paxType === 'INF' && n.parentId === parentId)) return ['hasInfant'];
  const last = flownOrder(r.segments).at(-1);
  const travel = (last?.departDate ?? '').slice(0, 10);
  const paxId = Math.max(0, ...r.names.map((n) => n.paxId)) + 1;
  const all: PassengerInput[] = [
    ...r.names.map((n) => ({ paxId: n.paxId, type: n.paxType, title: n.title, firstName: n.firstName, lastName: n.lastName, birthday: n.birthDay ?? '01/01/1980', ...(n.parentId ? { parentId: n.parentId } : {}) }) as PassengerInput),
  ];
  const me = { paxId, type: 'INF', title: infant.title, firstName: infant.firstName.trim(), lastName: infant.lastName.trim(), birthday: infant.birthday, parentId } as PassengerInput;
  return passengerProblems(me, [...all, me], travel, now);
}

/** Check-ins open 24 hours before a departure (the simulated airlines' online check-in). */
export const CHECK_IN_WINDOW_MS = 24 * 3_600_000;

// ----- API -----------------------------------------------------------------------------------------------------

const idempotencyKey = z.string().uuid();
const pnr = z.string().regex(/^[A-Z0-9]{6}$/);
const segId = z.number().int().min(1).max(99);
const iata = z.string().regex(/^[A-Z]{3}$/);

export const routeOffersQuery = z.object({ pnr, from: iata, to: iata, date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

/** A flight to add, priced for the PNR's passengers per class. */
export interface RouteOffer {
  flightNo: string;
  carrier: string;
  from: string;
  to: string;
  departDate: string;
  arrivalDate: string;
  aircraft: string;
  classes: { class: string; cabinClass: string; fareBasis: string; seatAvailable: number; total: number }[];
}

export const addRouteRequest = z.object({ idempotencyKey, pnr, flightNo: z.string().regex(/^[A-Z0-9]{2}\d{1,4}$/), departDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), from: iata, to: iata, class: z.string().regex(/^[A-Z]$/) });
export type AddRouteRequest = z.infer<typeof addRouteRequest>;

export const removeRouteRequest = z.object({ idempotencyKey, pnr, segId });
export type RemoveRouteRequest = z.infer<typeof removeRouteRequest>;

export const addArnkRequest = z.object({ idempotencyKey, pnr, afterSegId: segId });
export type AddArnkRequest = z.infer<typeof addArnkRequest>;

export const classQuotesQuery = z.object({ pnr, segId: z.coerce.number().int().min(1).max(99) });
export interface ClassOption extends ClassChangeQuote {
  class: string;
  cabinClass: string;
  fareBasis: string;
  seatAvailable: number;
  current: boolean;
}

export const changeClassRequest = z.object({ idempotencyKey, pnr, segId, class: z.string().regex(/^[A-Z]$/) });
export type ChangeClassRequest = z.infer<typeof changeClassRequest>;

export const removeCheckInRequest = z.object({ idempotencyKey, pnr, segId, paxIds: z.array(z.number().int().min(1).max(99)).min(1).max(20) });
export type RemoveCheckInRequest = z.infer<typeof removeCheckInRequest>;

export const splitRequest = z.object({ idempotencyKey, pnr, paxIds: z.array(z.number().int().min(1).max(99)).min(1).max(20) });
export type SplitRequest = z.infer<typeof splitRequest>;
export const splitResult = z.object({ pnr: z.string(), newPnr: z.string(), moved: z.array(z.number()), replayed: z.boolean() });
export type SplitResult = z.infer<typeof splitResult>;

export const infantQuoteQuery = z.object({ pnr, parentId: z.coerce.number().int().min(1).max(99) });
export interface InfantQuote {
  /** Per direction's fare of an infant, integer VND. */
  parts: { segIds: number[]; route: string; class: string; amount: number }[];
  total: number;
}

export const addInfantRequest = z.object({
  idempotencyKey,
  pnr,
  parentId: z.number().int().min(1).max(99),
  infant: z.object({ title: z.string().max(10), firstName: z.string().max(60), lastName: z.string().max(60), birthday: z.string().max(10) }),
});
export type AddInfantRequest = z.infer<typeof addInfantRequest>;
