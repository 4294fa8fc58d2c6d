/** The passenger form model: one entry per passenger of the search, checked with the contract's rules. */
import { passengerProblems, titlesFor, type PassengerInput, type PassengerProblem } from '../../../contract/bookings';
import type { PaxType } from '../../../contract/flights';
import type { SelectedFlightSession, Side } from '../../flights/model';

export interface PaxForm {
  paxId: number;
  type: PaxType;
  title: string;
  firstName: string;
  lastName: string;
  /** dd/MM/yyyy as typed or picked */
  birthday: string;
  parentId?: number;
}

/** Passenger counts of the selection (the first side's price lines). */
export function countsOf(selection: SelectedFlightSession, sides: readonly Side[]): Record<PaxType, number> {
  const out: Record<PaxType, number> = { ADT: 0, CHD: 0, INF: 0 };
  for (const l of selection[sides[0]].priceDetail?.lines ?? []) out[l.paxType] = l.count;
  return out;
}

/** Empty forms: adults first, then children, then infants each attached to the adult of the same rank. */
export function initialPassengers(counts: Record<PaxType, number>): PaxForm[] {
  const out: PaxForm[] = [];
  let id = 1;
  for (const type of ['ADT', 'CHD', 'INF'] as const) {
    for (let i = 0; i < counts[type]; i++) {
      out.push({ paxId: id++, type, title: titlesFor(type)[0], firstName: '', lastName: '', birthday: '', ...(type === 'INF' ? { parentId: i + 1 } : {}) });
    }
  }
  return out;
}

export function problemsOf(p: PaxForm, all: readonly PaxForm[], travelDate: string): PassengerProblem[] {
  return passengerProblems(p as PassengerInput, all as PassengerInput[], travelDate);
}

/** First travel date (yyyy-MM-dd) of the selection. */
export function travelDateOf(selection: SelectedFlightSession, sides: readonly Side[]): string {
  return sides.map((s) => selection[s].data?.departDateTime ?? '').filter(Boolean).sort()[0]?.slice(0, 10) ?? '';
}
