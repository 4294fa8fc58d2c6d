/**
 * Passenger counts of the flight search (spec point 5, "Passenger counts"):
 * "adults 0 to 9; adults plus children at most 9; infants cannot exceed adults; children cannot go below 0.
 * When adults drop from 9 while infants are 9, infants drop by one. No messages are shown."
 *
 * The last sentence is generalised: after any change infants never exceed adults, so lowering adults pulls
 * infants down with them (9/9 → 8/8 is the spec's own case). A change that is not allowed returns the same
 * counts object unchanged; there is no message. The cap is PASSENGER_CAP (spec point 9).
 */
import { PASSENGER_CAP } from '../../../contract/constants';
import type { PassengerCounts, PaxType } from '../../../contract/flights';

/** The key of a count in PassengerCounts (adt, chd, inf), or the spec's passenger type (ADT, CHD, INF). */
export type PassengerKey = keyof PassengerCounts;

export const DEFAULT_PASSENGER_COUNTS: PassengerCounts = { adt: 1, chd: 0, inf: 0 };

const KEY_OF: Record<PaxType, PassengerKey> = { ADT: 'adt', CHD: 'chd', INF: 'inf' };

function keyOf(type: PassengerKey | PaxType): PassengerKey {
  return type in KEY_OF ? KEY_OF[type as PaxType] : (type as PassengerKey);
}

const isCount = (n: number) => Number.isInteger(n) && n >= 0;

/** Whether the counts satisfy every rule of spec point 5. */
export function isValidPassengerCounts(c: PassengerCounts): boolean {
  return (
    isCount(c.adt) && isCount(c.chd) && isCount(c.inf)
    && c.adt <= PASSENGER_CAP
    && c.adt + c.chd <= PASSENGER_CAP
    && c.inf <= c.adt
  );
}

/**
 * Sets one count. Lowering adults lowers infants to the new adult count; any other result that breaks a rule
 * leaves the counts unchanged (the same object is returned).
 */
export function setPassengerCount(counts: PassengerCounts, type: PassengerKey | PaxType, value: number): PassengerCounts {
  const key = keyOf(type);
  if (!isCount(value) || counts[key] === value) return counts;
  const next: PassengerCounts = { ...counts, [key]: value };
  if (key === 'adt' && next.inf > next.adt) next.inf = next.adt;
  return isValidPassengerCounts(next) ? next : counts;
}

export function incrementPassenger(counts: PassengerCounts, type: PassengerKey | PaxType): PassengerCounts {
  return setPassengerCount(counts, type, counts[keyOf(type)] + 1);
}

export function decrementPassenger(counts: PassengerCounts, type: PassengerKey | PaxType): PassengerCounts {
  return setPassengerCount(counts, type, counts[keyOf(type)] - 1);
}

/** Whether the "+" button of a passenger type is enabled. */
export function canIncrement(counts: PassengerCounts, type: PassengerKey | PaxType): boolean {
  return incrementPassenger(counts, type) !== counts;
}

/** Whether the "−" button of a passenger type is enabled. */
export function canDecrement(counts: PassengerCounts, type: PassengerKey | PaxType): boolean {
  return decrementPassenger(counts, type) !== counts;
}

/** Passengers who take a seat (infants sit on an adult's lap). */
export function seatedPassengers(counts: PassengerCounts): number {
  return counts.adt + counts.chd;
}
