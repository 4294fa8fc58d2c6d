/**
 * The Selected-flight session of spec point 3 ("id, hiddenIssueFee, departureCity, arrivalCity, and
 * depart/return sides. Each side: data, id, loading, priceDetail, totalFare, totalTax, totalVat, totalIssueFee,
 * typeOfBook (default NN)") and the Flight selection rules of spec point 4:
 * - "Selecting a flight on one side sets its id and price detail. Selecting the same one again clears it and
 *   restores the full list."
 * - "For combined-segment fares, ids are compared only on the part before the colon."
 * - "For sign-ins 1G, 1B and 1A, choosing a departure automatically selects the matching return, and vice versa."
 *
 * Decisions where the spec is silent:
 * - The list of a side shows only the selected offer while one is selected (`visibleOffers`); with nothing
 *   selected, or when the selected offer is no longer in the list, it shows every offer.
 * - Selecting the same offer again with the same fare class (or without naming a class) clears the side;
 *   the same offer with another fare class changes the class.
 * - The fare class chosen by default is the cheapest full-price class with seats (sorting.ts).
 * - Matching GDS offers: same source (1A, 1B, 1G) and one's combineSegment names the other's id, both compared
 *   on the part before the colon. Clearing a GDS offer also clears its matched offer on the other side, since
 *   a combined fare cannot be split, and replacing one half by an offer that does not match the other half
 *   clears that other half. With no match in the other list the other side is otherwise left as it is.
 * - Price detail: one line per passenger type with a count > 0: fare, tax and VAT of the class for that type,
 *   and the issue fee from bookingFees (same airline, domestic flag and passenger type; 0 when none), each per
 *   passenger and times the count. Side totals and the grand total are sums of integers (VND).
 * - hiddenIssueFee hides the issue fee from what the customer sees, not from the price: `customerPriceDetail`
 *   folds it into the fare (issue fee shown as 0), so every total the customer sees is still the charged total.
 */
import { DEFAULT_TYPE_OF_BOOK } from '../../../contract/constants';
import type { BookingFee, FlightOffer, PassengerCounts, PriceInfo } from '../../../contract/flights';
import { GDS_SYSTEMS, PAX_TYPES, type PaxType } from '../../../contract/flights-rules';
import type { PriceDetailLine, Side } from '../../../contract/booking-draft';
import { cheapestFareClass, fareClassPrice } from './sorting';

export type { PriceDetailLine, Side } from '../../../contract/booking-draft';

export interface PriceDetail {
  /** The chosen fare class (priceInfo.class). */
  class: string;
  lines: PriceDetailLine[];
}

export interface SelectedSide {
  data: FlightOffer | null;
  id: string;
  loading: boolean;
  priceDetail: PriceDetail | null;
  totalFare: number;
  totalTax: number;
  totalVat: number;
  totalIssueFee: number;
  typeOfBook: string;
}

export interface SelectedFlightSession {
  id: string;
  hiddenIssueFee: boolean;
  departureCity: string;
  arrivalCity: string;
  depart: SelectedSide;
  return: SelectedSide;
}

/** What pricing needs besides the offer. */
export interface PricingContext {
  counts: PassengerCounts;
  bookingFees: readonly BookingFee[];
  domestic: boolean;
}

export function emptySide(): SelectedSide {
  return {
    data: null, id: '', loading: false, priceDetail: null, totalFare: 0, totalTax: 0, totalVat: 0, totalIssueFee: 0,
    typeOfBook: DEFAULT_TYPE_OF_BOOK,
  };
}

export function initialSelectedFlightSession(
  init: Partial<Pick<SelectedFlightSession, 'id' | 'hiddenIssueFee' | 'departureCity' | 'arrivalCity'>> = {},
): SelectedFlightSession {
  return {
    id: init.id ?? '', hiddenIssueFee: init.hiddenIssueFee ?? false,
    departureCity: init.departureCity ?? '', arrivalCity: init.arrivalCity ?? '',
    depart: emptySide(), return: emptySide(),
  };
}

/** The part of an id before the colon. */
export function baseId(id: string): string {
  const i = id.indexOf(':');
  return i < 0 ? id : id.slice(0, i);
}

export function sameOfferId(a: string, b: string): boolean {
  return a !== '' && b !== '' && baseId(a) === baseId(b);
}

export function isGdsOffer(offer: FlightOffer): boolean {
  return (GDS_SYSTEMS as readonly string[]).includes(offer.source);
}

/** Whether two GDS offers are the two halves of one combined fare. */
export function isCombinedMatch(a: FlightOffer, b: FlightOffer): boolean {
  if (!isGdsOffer(a) || a.source !== b.source) return false;
  return (a.combineSegment !== '' && sameOfferId(a.combineSegment, b.id))
    || (b.combineSegment !== '' && sameOfferId(b.combineSegment, a.id));
}

export function findCombinedMatch(offer: FlightOffer, others: readonly FlightOffer[]): FlightOffer | undefined {
  return isGdsOffer(offer) ? others.find((o) => isCombinedMatch(offer, o)) : undefined;
}

/** The list of one side: only the selected offer while one is selected, else all. */
export function visibleOffers(list: readonly FlightOffer[], selectedId: string): readonly FlightOffer[] {
  if (!selectedId) return list;
  const chosen = list.filter((o) => sameOfferId(o.id, selectedId));
  return chosen.length ? chosen : list;
}

export function issueFeeFor(fees: readonly BookingFee[], airline: string, domestic: boolean, paxType: PaxType): number {
  return fees.find((f) => f.airline === airline && f.domestic === domestic && f.paxType === paxType)?.issueFee ?? 0;
}

const COUNT_KEY: Record<PaxType, keyof PassengerCounts> = { ADT: 'adt', CHD: 'chd', INF: 'inf' };

function amountsOf(p: PriceInfo, type: PaxType): [number, number, number] {
  if (type === 'ADT') return [p.fareADT, p.taxADT, p.vatADT];
  if (type === 'CHD') return [p.fareCHD, p.taxCHD, p.vatCHD];
  return [p.fareINF, p.taxINF, p.vatINF];
}

/** Price detail of one fare class for the passenger counts. */
export function priceDetailOf(offer: FlightOffer, fareClass: PriceInfo, ctx: PricingContext): PriceDetail {
  const lines: PriceDetailLine[] = [];
  for (const paxType of PAX_TYPES) {
    const count = ctx.counts[COUNT_KEY[paxType]];
    if (count <= 0) continue;
    const [fare, tax, vat] = amountsOf(fareClass, paxType);
    const issueFee = issueFeeFor(ctx.bookingFees, offer.airline, ctx.domestic, paxType);
    const totalFare = fare * count;
    const totalTax = tax * count;
    const totalVat = vat * count;
    const totalIssueFee = issueFee * count;
    lines.push({
      paxType, count, fare, tax, vat, issueFee, totalFare, totalTax, totalVat, totalIssueFee,
      total: totalFare + totalTax + totalVat + totalIssueFee,
    });
  }
  return { class: fareClass.class, lines };
}

const sum = (lines: readonly PriceDetailLine[], key: 'totalFare' | 'totalTax' | 'totalVat' | 'totalIssueFee' | 'total') =>
  lines.reduce((acc, l) => acc + l[key], 0);

function pricedSide(side: SelectedSide, offer: FlightOffer, fareClass: PriceInfo, ctx: PricingContext): SelectedSide {
  const priceDetail = priceDetailOf(offer, fareClass, ctx);
  return {
    ...side, data: offer, id: offer.id, loading: false, priceDetail,
    totalFare: sum(priceDetail.lines, 'totalFare'), totalTax: sum(priceDetail.lines, 'totalTax'),
    totalVat: sum(priceDetail.lines, 'totalVat'), totalIssueFee: sum(priceDetail.lines, 'totalIssueFee'),
  };
}

function clearedSide(side: SelectedSide): SelectedSide {
  return { ...emptySide(), typeOfBook: side.typeOfBook };
}

/** Fare + tax + VAT + issue fee of one side. */
export function sideTotal(side: SelectedSide): number {
  return side.totalFare + side.totalTax + side.totalVat + side.totalIssueFee;
}

/** What the agency charges for the whole selection. */
export function grandTotal(session: SelectedFlightSession): number {
  return sideTotal(session.depart) + sideTotal(session.return);
}

const otherSide = (side: Side): Side => (side === 'depart' ? 'return' : 'depart');

/** Seats the party takes: adults and children (infants sit on a lap), at least one. */
export function seatsNeeded(counts: PassengerCounts): number {
  return Math.max(1, counts.adt + counts.chd);
}

/**
 * Whether the offer can be chosen for a party taking `seats` seats: sold out when no class has a seat, too few
 * when some class has seats but none has enough for everyone (a class cannot be held for part of the party).
 */
export function partyAvailability(offer: Pick<FlightOffer, 'priceInfo'>, seats: number): 'ok' | 'soldOut' | 'tooFew' {
  if (offer.priceInfo.some((p) => p.seatAvailable >= seats)) return 'ok';
  return offer.priceInfo.some((p) => p.seatAvailable > 0) ? 'tooFew' : 'soldOut';
}

/**
 * The class to select: the one asked for, else the cheapest; never a class with fewer seats than the party takes
 * (it could not be held for everyone).
 */
export function pickClass(offer: FlightOffer, fareClass: string | undefined, seats: number): PriceInfo | undefined {
  const fits = (p: PriceInfo | undefined) => !!p && p.seatAvailable >= seats;
  if (fareClass !== undefined) {
    const asked = offer.priceInfo.find((p) => p.class === fareClass);
    return fits(asked) ? asked : undefined;
  }
  const cheapest = cheapestFareClass(offer);
  if (fits(cheapest)) return cheapest;
  return offer.priceInfo.filter(fits).reduce<PriceInfo | undefined>((best, p) => (!best || fareClassPrice(p) < fareClassPrice(best) ? p : best), undefined);
}

/** Clears one side; a GDS combined fare clears its matched offer on the other side too. */
export function clearSelection(session: SelectedFlightSession, side: Side): SelectedFlightSession {
  const current = session[side].data;
  const other = otherSide(side);
  const linked = current && session[other].data && isCombinedMatch(current, session[other].data);
  return { ...session, [side]: clearedSide(session[side]), ...(linked ? { [other]: clearedSide(session[other]) } : {}) };
}

export interface SelectOptions {
  /** priceInfo.class to book; default the cheapest class with seats. */
  fareClass?: string;
  /** The offers of the other side, to find the matching half of a GDS combined fare. */
  otherList?: readonly FlightOffer[];
}

/** Selecting a flight on one side (spec point 4, Flight selection). */
export function selectFlight(
  session: SelectedFlightSession, side: Side, offer: FlightOffer, ctx: PricingContext, options: SelectOptions = {},
): SelectedFlightSession {
  const current = session[side];
  const sameClass = options.fareClass === undefined || current.priceDetail?.class === options.fareClass;
  if (sameOfferId(current.id, offer.id) && sameClass) return clearSelection(session, side);
  const seats = seatsNeeded(ctx.counts);
  const fareClass = pickClass(offer, options.fareClass, seats);
  if (!fareClass) return session;
  const other = otherSide(side);
  const next: SelectedFlightSession = { ...session, [side]: pricedSide(current, offer, fareClass, ctx) };
  const match = findCombinedMatch(offer, options.otherList ?? []);
  const matchClass = match && (pickClass(match, undefined, seats) ?? cheapestFareClass(match));
  if (match && matchClass) return { ...next, [other]: pricedSide(next[other], match, matchClass, ctx) };
  // replacing one half of a combined fare leaves its other half without a partner: clear it
  const otherData = session[other].data;
  const wasLinked = current.data && otherData && isCombinedMatch(current.data, otherData) && !isCombinedMatch(offer, otherData);
  return wasLinked ? { ...next, [other]: clearedSide(session[other]) } : next;
}

/** Prices both sides again, e.g. after the passenger counts or fees changed. */
export function repriceSession(session: SelectedFlightSession, ctx: PricingContext): SelectedFlightSession {
  const again = (s: SelectedSide): SelectedSide => {
    const cls = s.data && s.priceDetail && s.data.priceInfo.find((p) => p.class === s.priceDetail?.class);
    return s.data && cls ? pricedSide(s, s.data, cls, ctx) : s;
  };
  return { ...session, depart: again(session.depart), return: again(session.return) };
}

/**
 * The price detail the customer sees: with hiddenIssueFee the fee is folded into the fare and shown as 0;
 * totals do not change, because the fee is still charged.
 */
export function customerPriceDetail(detail: PriceDetail, hiddenIssueFee: boolean): PriceDetail {
  if (!hiddenIssueFee) return detail;
  return {
    ...detail,
    lines: detail.lines.map((l) => ({
      ...l, fare: l.fare + l.issueFee, totalFare: l.totalFare + l.totalIssueFee, issueFee: 0, totalIssueFee: 0,
    })),
  };
}

export type SelectionAction =
  | { type: 'SELECT'; side: Side; offer: FlightOffer; ctx: PricingContext; options?: SelectOptions }
  | { type: 'CLEAR'; side: Side }
  | { type: 'SET_LOADING'; side: Side; loading: boolean }
  | { type: 'SET_HIDDEN_ISSUE_FEE'; value: boolean }
  | { type: 'REPRICE'; ctx: PricingContext }
  | { type: 'RESET' };

export function selectionReducer(state: SelectedFlightSession, action: SelectionAction): SelectedFlightSession {
  switch (action.type) {
    case 'SELECT': return selectFlight(state, action.side, action.offer, action.ctx, action.options);
    case 'CLEAR': return clearSelection(state, action.side);
    case 'SET_LOADING': return { ...state, [action.side]: { ...state[action.side], loading: action.loading } };
    case 'SET_HIDDEN_ISSUE_FEE': return { ...state, hiddenIssueFee: action.value };
    case 'REPRICE': return repriceSession(state, action.ctx);
    case 'RESET': return initialSelectedFlightSession();
    default: return state;
  }
}
