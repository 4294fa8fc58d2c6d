/**
 * The booking an after-sale screen works on (in the caller's scope, through bookings' service) and the PNR
 * record the gateway hands the supplier as a seed: the names, the segments (HK), the contacts (AP, APE), the
 * stored fares (TST), the tickets, the DOCS of passports, the FQTV numbers, the infants' INFT and the luggage
 * bought at booking.
 */
import { eq } from 'drizzle-orm';
import type { PnrRecord, PnrTst } from '../../contract/aftersale';
import type { PassengerInput } from '../../contract/bookings';
import type { PaxType, Source } from '../../contract/flights';
import type { Conn } from '../platform/db/client';
import { pnrs } from '../platform/db/schema';
import type { UserContext } from '../platform/tenancy/users';
import { bookingInScope, type PricedLuggage, type StoredFare, type StoredLeg, type StoredPaxInfo } from '../bookings/service';

export type BookingRow = Awaited<ReturnType<typeof bookingInScope>>;
export type PnrRowFull = typeof pnrs.$inferSelect;

export interface AfterSaleBooking {
  booking: BookingRow;
  pnrs: PnrRowFull[];
}

/** The booking in the caller's scope (404 otherwise) with its PNR rows. */
export async function afterSaleBooking(conn: Conn, ctx: UserContext, id: number): Promise<AfterSaleBooking> {
  const booking = await bookingInScope(conn, ctx, id);
  const rows = await conn.select().from(pnrs).where(eq(pnrs.bookingId, id)).orderBy(pnrs.id);
  return { booking, pnrs: rows };
}

/** Ticketed and still to fly: after-sale services apply. */
export const isIssued = (row: Pick<PnrRowFull, 'recordStatus' | 'pnr'>) => row.recordStatus === 'ISSUE TICKET' && row.pnr !== null;

const legRoute = (legs: readonly StoredLeg[]) => (legs.length ? `${legs[0].from}-${legs[legs.length - 1].to}` : '');

/** The seed of a PNR from what the gateway stored at hold and issue. */
export function seedRecord(booking: BookingRow, row: PnrRowFull): PnrRecord {
  const legs = row.routeInfos as StoredLeg[];
  const pax = row.paxInfos as StoredPaxInfo[];
  const fares = row.fareData as StoredFare[];
  const passengers = booking.passengers as PassengerInput[];
  const segments = legs.map((l, i) => ({
    segId: i + 1,
    carrier: l.carrierCode || row.airline,
    flightNo: l.flightNo,
    from: l.from,
    to: l.to,
    departDate: l.departDate,
    arrivalDate: l.arrivalDate,
    class: l.class,
    cabinClass: l.cabinClass,
    aircraft: l.airCraft,
    status: 'HK' as const,
    direction: l.direction,
  }));
  const segIdsOf = (direction: string) => segments.filter((s) => s.direction === direction).map((s) => s.segId);
  const tst: PnrTst[] = [];
  for (const t of ['ADT', 'CHD', 'INF'] as PaxType[]) {
    if (!pax.some((p) => p.type === t)) continue;
    for (const f of fares) {
      const fare = t === 'ADT' ? f.fareADT : t === 'CHD' ? f.fareCHD : f.fareINF;
      const tax = t === 'ADT' ? f.taxADT + f.vatADT : t === 'CHD' ? f.taxCHD + f.vatCHD : f.taxINF + f.vatINF;
      tst.push({ id: tst.length + 1, paxType: t, segIds: segIdsOf(f.direction), fareBasis: f.fareInfo?.fareBasis ?? f.class, fare, tax, total: fare + tax });
    }
  }
  const routeOf = (direction: string) => legRoute(legs.filter((l) => l.direction === direction));
  const baggage = (booking.luggage as PricedLuggage[])
    .filter((l) => l.airline === row.airline && routeOf(l.type) === l.route)
    .map((l) => ({ paxId: l.paxId, segIds: segIdsOf(l.type), code: l.code, value: l.value, unit: l.unit, price: l.price }));
  const issuedAt = row.issuedAt?.toISOString() ?? '';
  return {
    pnr: row.pnr ?? '',
    airline: row.airline,
    source: row.source,
    names: pax.map((p) => ({
      paxId: p.paxId,
      paxType: p.type,
      title: p.title,
      firstName: p.firstName,
      lastName: p.lastName,
      birthDay: p.birthday,
      ...(p.parentId !== undefined ? { parentId: p.parentId } : {}),
    })),
    segments,
    ssrs: pax
      .filter((p) => p.type === 'INF')
      .map((p, i) => ({ id: i + 1, code: 'INFT', paxId: p.parentId, text: `${p.lastName}/${p.firstName} ${p.birthday}`, status: 'HK' as const })),
    osis: [],
    remarks: [],
    contacts: [
      { id: 1, kind: 'AP' as const, value: booking.customerPhone },
      ...(booking.customerEmail ? [{ id: 2, kind: 'APE' as const, value: booking.customerEmail }] : []),
    ],
    docs: passengers.flatMap((p) =>
      p.passport?.pNumber
        ? [{ paxId: p.paxId, docType: 'P' as const, number: p.passport.pNumber, nationality: p.passport.nationCountry ?? '', issuingCountry: p.passport.issuingCountry ?? '', expiry: p.passport.expiryDate ?? '', birthDay: p.birthday, gender: ['MR', 'MSTR'].includes(p.title) ? ('M' as const) : ('F' as const) }]
        : [],
    ),
    loyalty: pax.flatMap((p) => (p.loyalty ?? []).map((l) => ({ paxId: p.paxId, airline: l.airline, number: l.number }))),
    tst,
    endorsements: [],
    queue: null,
    tickets: row.tickets.map((t) => ({ paxId: t.paxId, number: t.ticketNumber, status: 'OPEN' as const, issuedAt })),
    emds: [],
    seats: [],
    baggage,
    appliedKeys: [],
  };
}

export const sourceOf = (row: Pick<PnrRowFull, 'source'>) => row.source as Source;
