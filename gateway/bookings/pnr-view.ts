/**
 * How a stored PNR reads as the Booking (PNR) entities of spec point 3: routeInfos from the offer's routeInfo
 * kept at hold (contract/flights.ts `routeInfo` + direction, class, cabin), paxInfos with ticket numbers and
 * extraInfos, fareData per passenger type with the PNR's totals. Shared by booking-detail, print, mail and the
 * ticket face.
 */
import { fareBreakdown, type PnrExtra } from '../../contract/aftersale-money';
import type { FareDataEntry, PaxInfoEntry, RouteInfoEntry } from '../../contract/bookings';
import type { Baggage, PaxType, PriceInfo } from '../../contract/flights';
import type { PnrTicket } from '../platform/db/schema';
import { AIRPORTS } from '../suppliers/reference-data';
import type { ExtraInfo } from './pax-infos';
import type { PricedLuggage } from './luggage';

/** A leg as pnrs.routeInfos keeps it. */
export interface StoredLeg {
  carrierCode: string;
  flightNo: string;
  from: string;
  to: string;
  /** yyyy-MM-ddTHH:mm local */
  departDate: string;
  arrivalDate: string;
  flightTimeHour: number;
  flightTimeMinute: number;
  airCraft: string;
  aircraftType: string;
  startTerminal?: string;
  endTerminal?: string;
  class: string;
  cabinClass: string;
  direction: 'depart' | 'return';
  /** Multi-city: the leg number (1-based); absent on one-way and round trips. */
  leg?: number;
  // pnrsync: what the airline's record says after an after-sale edit (absent on legs never edited)
  /** The airline's segment number of this leg. */
  segId?: number;
  /** The segment's status at the airline (HK, TK, UN, HL…); shown while the PNR itself is active. */
  status?: string;
  /** An ARNK (surface segment) follows this leg: the traveller goes from `from` to `to` by other means. */
  arnkAfter?: { from: string; to: string };
}

/** A direction's (or a multi-city leg's) fare as pnrs.fareData keeps it (the offer's priceInfo of the class held). */
export type StoredFare = PriceInfo & { offerId: string; direction: 'depart' | 'return'; leg?: number };

/** The flights of a PNR: its legs by direction, and by leg number on a multi-city journey, in the order stored. */
export function flightsOfPnr(legs: readonly StoredLeg[]): { direction: 'depart' | 'return'; leg?: number; legs: StoredLeg[] }[] {
  const out: { direction: 'depart' | 'return'; leg?: number; legs: StoredLeg[] }[] = [];
  for (const l of legs) {
    const g = out.find((x) => x.direction === l.direction && x.leg === l.leg);
    if (g) g.legs.push(l);
    else out.push({ direction: l.direction, ...(l.leg !== undefined ? { leg: l.leg } : {}), legs: [l] });
  }
  return out;
}

/** A passenger as pnrs.paxInfos keeps it. */
export interface StoredPaxInfo {
  paxId: number;
  type: PaxType;
  title: string;
  firstName: string;
  lastName: string;
  birthday: string;
  parentId?: number;
  extraInfos?: ExtraInfo[];
  loyaltyText?: string;
  loyalty?: { airline: string; number: string }[];
  /** An infant added by an after-sale edit: its fare is that edit's extra, not part of the fare ticketed at issue. */
  addedAfterSale?: boolean;
}

/** The columns of a pnrs row these views read. */
export interface PnrRow {
  pnr: string | null;
  airline: string;
  source: string;
  recordStatus: string;
  timeLimit: Date | null;
  routeInfos: unknown[];
  fareData: unknown[];
  paxInfos: unknown[];
  tickets: PnrTicket[];
  totalPrice: number;
  /** The paid after-sale edits' charges by kind, included in totalPrice. */
  extras?: unknown[];
}

/** Segment status of a PNR's legs: HK holds or ticketed, UC not confirmed (failed hold), XX cancelled. */
export function segmentStatus(recordStatus: string): string {
  if (recordStatus === 'FAILED') return 'UC';
  if (['BOOKED', 'TIME OUT COMMING', 'CHECK TIMELIMIT', 'ISSUE TICKET'].includes(recordStatus)) return 'HK';
  return 'XX';
}

const baggageOf = (b: Baggage | undefined) => ({ pieces: b?.pieces ?? 0, description: b?.description ?? '' });

/** routeInfos of a PNR; with `surface`, an ARNK after a leg is an entry of its own (flightNo ARNK, surface true). */
export function routeInfosOf(row: Pick<PnrRow, 'routeInfos' | 'fareData' | 'recordStatus'>, opts: { surface?: boolean } = {}): RouteInfoEntry[] {
  const fares = row.fareData as StoredFare[];
  const status = segmentStatus(row.recordStatus);
  return (row.routeInfos as StoredLeg[]).flatMap((l) => {
    const fare = fares.find((f) => f.direction === l.direction && f.leg === l.leg) ?? fares[0];
    const leg: RouteInfoEntry = {
      from: l.from,
      to: l.to,
      departDate: l.departDate.slice(0, 10),
      timeFrom: l.departDate.slice(11, 16),
      timeTo: l.arrivalDate.slice(11, 16),
      flightNo: l.flightNo,
      airCraft: l.airCraft,
      aircraftType: l.aircraftType ?? '',
      flightTime: (l.flightTimeHour ?? 0) * 60 + (l.flightTimeMinute ?? 0),
      startTerminal: l.startTerminal ?? '',
      endTerminal: l.endTerminal ?? '',
      handBaggage: baggageOf(fare?.handBaggage),
      freeBaggage: baggageOf(fare?.freeBaggage),
      cabinClass: l.cabinClass,
      class: l.class,
      // pnrsync: the airline's own segment status while the PNR is active
      status: status === 'HK' ? (l.status ?? status) : status,
      direction: l.direction,
      ...(l.leg !== undefined ? { leg: l.leg } : {}),
    };
    if (!opts.surface || !l.arnkAfter) return [leg];
    const none = { pieces: 0, description: '' };
    const arnk: RouteInfoEntry = {
      ...leg,
      from: l.arnkAfter.from,
      to: l.arnkAfter.to,
      departDate: '',
      timeFrom: '',
      timeTo: '',
      flightNo: 'ARNK',
      airCraft: '',
      aircraftType: '',
      flightTime: 0,
      startTerminal: '',
      endTerminal: '',
      handBaggage: none,
      freeBaggage: none,
      cabinClass: '',
      class: '',
      status: '',
      surface: true,
    };
    return [leg, arnk];
  });
}

export function paxInfoEntries(row: Pick<PnrRow, 'paxInfos' | 'tickets'>): PaxInfoEntry[] {
  return (row.paxInfos as StoredPaxInfo[]).map((p) => ({
    paxId: p.paxId,
    paxType: p.type,
    title: p.title,
    firstName: p.firstName,
    lastName: p.lastName,
    birthDay: p.birthday,
    ticketNumber: row.tickets.find((t) => t.paxId === p.paxId)?.ticketNumber ?? '',
    loyalty: p.loyaltyText ?? (p.loyalty ?? []).map((l) => `${l.airline} ${l.number}`).join(', '),
    extraInfos: p.extraInfos ?? [],
    ...(p.type === 'INF' && p.parentId !== undefined ? { parentId: p.parentId } : {}),
  }));
}


/** Luggage bought for the directions this PNR flies, of its passengers (a split's rows each show their own). */
export function luggageOfPnr(row: Pick<PnrRow, 'airline' | 'routeInfos'> & Partial<Pick<PnrRow, 'paxInfos'>>, luggage: readonly PricedLuggage[]): PricedLuggage[] {
  const legs = row.routeInfos as StoredLeg[];
  const routes = new Set(
    flightsOfPnr(legs).flatMap(({ direction: d, legs: ls }) => [`${d}:${ls[0].from}-${ls[ls.length - 1].to}`, ...ls.map((l) => `${d}:${l.from}-${l.to}`)]),
  );
  const pax = row.paxInfos ? new Set((row.paxInfos as StoredPaxInfo[]).map((p) => p.paxId)) : null;
  return luggage.filter((l) => l.airline === row.airline && routes.has(`${l.type}:${l.route}`) && (!pax || pax.has(l.paxId)));
}

/**
 * fareData of spec point 3: fare, tax and VAT per passenger of each type over the PNR's directions;
 * totalReserve what the carrier charged at issue (fares, taxes, VAT of every passenger ticketed then), otherFee the
 * luggage bought with the booking, extras the paid after-sale edits by kind, issueFee the agency's fees, totalPrice
 * all of them together, totalChargeCancel the penalties kept on refunds (contract/aftersale-money.ts `fareBreakdown`).
 */
export function fareDataOf(row: Pick<PnrRow, 'fareData' | 'paxInfos' | 'totalPrice'> & Pick<Partial<PnrRow>, 'extras'>, otherFee: number, totalChargeCancel: number): FareDataEntry {
  const fares = row.fareData as StoredFare[];
  const sum = (k: keyof PriceInfo) => fares.reduce((s, f) => s + (Number(f[k]) || 0), 0);
  const pax = (row.paxInfos as StoredPaxInfo[]).filter((p) => !p.addedAfterSale);
  const count = (t: PaxType) => pax.filter((p) => p.type === t).length;
  return fareBreakdown({
    perPax: {
      fareADT: sum('fareADT'),
      taxADT: sum('taxADT'),
      vatADT: sum('vatADT'),
      fareCHD: sum('fareCHD'),
      taxCHD: sum('taxCHD'),
      vatCHD: sum('vatCHD'),
      fareINF: sum('fareINF'),
      taxINF: sum('taxINF'),
      vatINF: sum('vatINF'),
    },
    counts: { ADT: count('ADT'), CHD: count('CHD'), INF: count('INF') },
    totalPrice: row.totalPrice,
    otherFee,
    extras: (row.extras ?? []) as PnrExtra[],
    totalChargeCancel,
  });
}

/** e.g. SGN-HAN-SGN: the airports in the order flown, repeated ones between directions kept. */
export function itineraryOf(rows: readonly Pick<PnrRow, 'routeInfos'>[]): string {
  const legs = rows.flatMap((r) => r.routeInfos as StoredLeg[]).sort((a, b) => a.departDate.localeCompare(b.departDate));
  const out: string[] = [];
  for (const l of legs) {
    if (out[out.length - 1] !== l.from) out.push(l.from);
    out.push(l.to);
  }
  return out.join('-');
}

/** yyyy-MM-ddTHH:mm of the first departure of the PNRs. */
export function firstDeparture(rows: readonly Pick<PnrRow, 'routeInfos'>[]): string {
  const all = rows.flatMap((r) => (r.routeInfos as StoredLeg[]).map((l) => l.departDate)).sort();
  return all[0] ?? '';
}

export function isInternationalPnr(row: Pick<PnrRow, 'routeInfos'>): boolean {
  return (row.routeInfos as StoredLeg[]).some((l) => AIRPORTS[l.from]?.country !== 'VNM' || AIRPORTS[l.to]?.country !== 'VNM');
}
