/**
 * The booking follows the airline's record (pnrsync): after every after-sale edit, in the same transaction as its
 * pnr_edits row, the booking's own PNR row is rewritten from the record the airline answered:
 *
 *   - routeInfos: one leg per segment in the order flown, with its flight, times, class, cabin and status, the
 *     airline's segment number (`segId`), and `arnkAfter` where an ARNK follows it; a leg the booking already had
 *     keeps what only the booking knows (terminals, aircraft type, multi-city leg number);
 *   - paxInfos: the passengers the record names (an infant added after booking appears, with its adult);
 *   - tickets: each passenger's open ticket (the new number after an exchange, the infant's own ticket).
 *
 * The leg/passenger/ticket rules are pure functions (tests/unit/aftersale-pnrsync.test.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { PnrRecord, PnrSegment } from '../../contract/aftersale';
import { afterPaidEdit, type PnrExtra } from '../../contract/aftersale-money';
import { flownOrder } from '../../contract/aftersale-segments';
import type { Conn } from '../platform/db/client';
import { bookings, pnrs, type PnrTicket } from '../platform/db/schema';
import { departureInstant, type StoredLeg, type StoredPaxInfo } from '../bookings/service';

/** What a flight search said of a flight (terminals, aircraft type…), for a segment the booking did not have. */
export type KnownLeg = Partial<StoredLeg> & Pick<StoredLeg, 'flightNo' | 'departDate'>;

const sameFlight = (a: Pick<StoredLeg, 'flightNo' | 'departDate'>, b: Pick<PnrSegment, 'flightNo' | 'departDate'>) => a.flightNo === b.flightNo && a.departDate.slice(0, 10) === b.departDate.slice(0, 10);

/** Minutes between two local times at two airports (0 when unreadable). */
function flightMinutes(s: Pick<PnrSegment, 'from' | 'to' | 'departDate' | 'arrivalDate'>): number {
  const m = Math.round((departureInstant(s.to, s.arrivalDate).getTime() - departureInstant(s.from, s.departDate).getTime()) / 60_000);
  return Number.isFinite(m) && m > 0 ? m : 0;
}

/** The booking's legs after the record: see the file's comment. `legs` are the row's routeInfos now. */
export function syncedLegs(legs: readonly StoredLeg[], r: Pick<PnrRecord, 'segments' | 'arnks'>, known: readonly KnownLeg[] = []): StoredLeg[] {
  // a leg never synced is the seed's segment of its position (the seed numbers the legs 1..n)
  const legOf = (s: PnrSegment) => legs.find((l, i) => (l.segId ?? i + 1) === s.segId);
  return flownOrder(r.segments).map((s) => {
    const old = legOf(s);
    const hint = known.find((k) => sameFlight(k, s));
    // what only the booking knows stays when the flight is the same one; another flight takes the search's facts
    const base: Partial<StoredLeg> = hint ?? (old && sameFlight(old, s) ? old : { ...old, startTerminal: undefined, endTerminal: undefined });
    const minutes = flightMinutes(s);
    const arnk = (r.arnks ?? []).find((a) => a.afterSegId === s.segId);
    const leg: StoredLeg = {
      ...old,
      ...base,
      carrierCode: s.carrier || base.carrierCode || old?.carrierCode || '',
      flightNo: s.flightNo,
      from: s.from,
      to: s.to,
      departDate: s.departDate,
      arrivalDate: s.arrivalDate,
      flightTimeHour: Math.floor(minutes / 60),
      flightTimeMinute: minutes % 60,
      airCraft: s.aircraft || base.airCraft || '',
      aircraftType: base.aircraftType ?? s.aircraft ?? '',
      class: s.class,
      cabinClass: s.cabinClass,
      direction: s.direction,
      segId: s.segId,
      status: s.status,
    };
    if (old?.leg !== undefined && leg.leg === undefined) leg.leg = old.leg;
    if (leg.startTerminal === undefined) delete leg.startTerminal;
    if (leg.endTerminal === undefined) delete leg.endTerminal;
    delete leg.arnkAfter;
    if (arnk) leg.arnkAfter = { from: arnk.from, to: arnk.to };
    return leg;
  });
}

/** The booking's passengers after the record: those it names, an infant added later with its adult. */
export function syncedPax(pax: readonly StoredPaxInfo[], r: Pick<PnrRecord, 'names'>): StoredPaxInfo[] {
  const kept = pax.filter((p) => r.names.some((n) => n.paxId === p.paxId));
  const added = r.names
    .filter((n) => !pax.some((p) => p.paxId === n.paxId))
    .map((n): StoredPaxInfo => ({
      paxId: n.paxId,
      type: n.paxType,
      title: n.title,
      firstName: n.firstName,
      lastName: n.lastName,
      birthday: n.birthDay ?? '',
      ...(n.parentId !== undefined ? { parentId: n.parentId } : {}),
      // not ticketed at issue: its fare is an extra of the edit that added it (contract/aftersale-money.ts)
      addedAfterSale: true,
    }));
  return [...kept, ...added];
}

/** Each named passenger's open ticket at the airline (kept as it is when the airline shows none open). */
export function syncedTickets(tickets: readonly PnrTicket[], r: Pick<PnrRecord, 'names' | 'tickets'>): PnrTicket[] {
  const out: PnrTicket[] = [];
  for (const n of r.names) {
    const open = r.tickets.filter((t) => t.paxId === n.paxId && t.status === 'OPEN').at(-1);
    const had = tickets.find((t) => t.paxId === n.paxId);
    if (open) out.push({ ...had, paxId: n.paxId, ticketNumber: open.number });
    else if (had) out.push(had);
  }
  return out;
}

/** Rewrites the booking's row of `pnr` from the record (inside the caller's transaction); no row, no change. */
export async function syncBookingRow(tx: Conn, bookingId: number, pnr: string, record: PnrRecord, known: readonly KnownLeg[] = []): Promise<void> {
  const [row] = await tx
    .select({ id: pnrs.id, routeInfos: pnrs.routeInfos, paxInfos: pnrs.paxInfos, tickets: pnrs.tickets })
    .from(pnrs)
    .where(and(eq(pnrs.bookingId, bookingId), eq(pnrs.pnr, pnr)))
    .for('update');
  if (!row || record.segments.length === 0) return;
  const routeInfos = syncedLegs(row.routeInfos as StoredLeg[], record, known);
  const paxInfos = syncedPax(row.paxInfos as StoredPaxInfo[], record);
  const tickets = row.tickets.length > 0 ? syncedTickets(row.tickets, record) : row.tickets;
  const same = JSON.stringify([routeInfos, paxInfos, tickets]) === JSON.stringify([row.routeInfos, row.paxInfos, row.tickets]);
  if (same) return;
  await tx.update(pnrs).set({ routeInfos, paxInfos, tickets, updatedAt: new Date() }).where(eq(pnrs.id, row.id));
}

/**
 * The money of an edit that charged `amount` (inside the transaction recording it): the PNR row's total and
 * extras, and the booking's fare total, move by what was charged (contract/aftersale-money.ts `afterPaidEdit`).
 * Nothing charged, nothing written.
 */
export async function chargeBookingRow(tx: Conn, bookingId: number, pnr: string, edit: { kind: string; amount: number }): Promise<void> {
  if (edit.amount <= 0) return;
  const [row] = await tx
    .select({ id: pnrs.id, totalPrice: pnrs.totalPrice, extras: pnrs.extras })
    .from(pnrs)
    .where(and(eq(pnrs.bookingId, bookingId), eq(pnrs.pnr, pnr)))
    .for('update');
  if (!row) return;
  const [b] = await tx.select({ totalFare: bookings.totalFare }).from(bookings).where(eq(bookings.id, bookingId)).for('update');
  const next = afterPaidEdit({ pnrTotal: row.totalPrice, extras: row.extras as PnrExtra[], bookingTotalFare: b?.totalFare ?? 0 }, edit);
  await tx.update(pnrs).set({ totalPrice: next.pnrTotal, extras: [...next.extras], updatedAt: new Date() }).where(eq(pnrs.id, row.id));
  if (b) await tx.update(bookings).set({ totalFare: next.bookingTotalFare }).where(eq(bookings.id, bookingId));
}
