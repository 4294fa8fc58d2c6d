/**
 * The readable lines of a PNR's segments, passengers and stored fares, in the airline's notation (pnrsync): what
 * the history keeps as "before" and "after" of a segment edit, like element edits keep their element lines.
 *
 *   1 VN213 Y 24NOV SGNHAN HK 08:00-10:05
 *   ARNK SGN-DAD
 *   P3 NGUYEN/AN MSTR (INF) DOB 01/02/2025 with P1
 *   TST 4 ADT S1 YOWVN 1250000
 */
import type { PnrName, PnrRecord, PnrSegment, PnrTst } from './aftersale';
import { flownOrder } from './aftersale-segments';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** 24NOV of yyyy-MM-ddTHH:mm. */
export function airlineDate(local: string): string {
  const [, m, d] = local.slice(0, 10).split('-');
  return `${d ?? ''}${MONTHS[Number(m) - 1] ?? ''}`;
}

export function segmentLine(s: Pick<PnrSegment, 'segId' | 'flightNo' | 'class' | 'from' | 'to' | 'departDate' | 'arrivalDate' | 'status'>): string {
  return `${s.segId} ${s.flightNo} ${s.class} ${airlineDate(s.departDate)} ${s.from}${s.to} ${s.status} ${s.departDate.slice(11, 16)}-${s.arrivalDate.slice(11, 16)}`;
}

/** The itinerary as lines: each segment in the order flown, an ARNK line after the segment it follows. */
export function segmentLines(r: Pick<PnrRecord, 'segments' | 'arnks'>): string[] {
  const out: string[] = [];
  for (const s of flownOrder(r.segments)) {
    out.push(segmentLine(s));
    for (const a of (r.arnks ?? []).filter((x) => x.afterSegId === s.segId)) out.push(`ARNK ${a.from}-${a.to}`);
  }
  return out;
}

export function nameLine(n: PnrName): string {
  const dob = n.birthDay ? ` DOB ${n.birthDay}` : '';
  const parent = n.paxType === 'INF' && n.parentId !== undefined ? ` with P${n.parentId}` : '';
  return `P${n.paxId} ${n.lastName}/${n.firstName} ${n.title} (${n.paxType})${dob}${parent}`;
}

export const nameLines = (r: Pick<PnrRecord, 'names'>): string[] => r.names.map(nameLine);

export const tstLine = (t: PnrTst): string => `TST ${t.id} ${t.paxType} S${t.segIds.join(',')} ${t.fareBasis} ${t.total}`;

/** What the stored fares cost for the PNR's passengers: each TST's total times the passengers of its type. */
export function tstAmount(r: Pick<PnrRecord, 'names' | 'tst'>): number {
  return r.tst.reduce((sum, t) => sum + t.total * r.names.filter((n) => n.paxType === t.paxType).length, 0);
}

export const ticketLines = (r: Pick<PnrRecord, 'tickets'>): string[] => r.tickets.map((t) => `TKT P${t.paxId} ${t.number} ${t.status}${t.exchangedFrom ? ` (${t.exchangedFrom})` : ''}`);
