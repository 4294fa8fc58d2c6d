/**
 * Train passengers (spec point 9): "Train discount percentages by passenger type: 1 (Vietnamese adult) 100;
 * 2 (child) 75; 12 (student) 90; 13 (senior) 85; 6 (foreign adult) 100; 7 (foreign child) 75." One passenger per
 * seat: the passengers are the selected seats, each with a type, a name and an ID or passport number.
 *
 * Definitions used here:
 * - The percentage is what the passenger pays of the seat's price; the price after it is rounded to the
 *   nearest VND (integer), and the discount is the difference.
 * - The ID or passport number is required for every type but the children (2, 7), who may travel without
 *   one; when given it is 6–20 letters or digits. The name is required, 2–60 characters.
 */

export const TRAIN_PAX_TYPES = [1, 2, 12, 13, 6, 7] as const;
export type TrainPaxType = (typeof TRAIN_PAX_TYPES)[number];

export const TRAIN_PAX_PERCENT: Record<TrainPaxType, number> = { 1: 100, 2: 75, 12: 90, 13: 85, 6: 100, 7: 75 };

export const isChildType = (t: TrainPaxType) => t === 2 || t === 7;

/** The price a passenger of a type pays for a seat of a price (integer VND). */
export function paxPrice(price: number, paxType: TrainPaxType): number {
  return Math.round((price * TRAIN_PAX_PERCENT[paxType]) / 100);
}

export function paxDiscount(price: number, paxType: TrainPaxType): number {
  return price - paxPrice(price, paxType);
}

export interface TrainPassenger {
  ticketId: string;
  paxType: TrainPaxType;
  fullName: string;
  idNumber: string;
}

export type PassengerError = 'nameRequired' | 'nameLength' | 'idRequired' | 'idFormat';

export function passengerErrors(p: Pick<TrainPassenger, 'paxType' | 'fullName' | 'idNumber'>): { fullName?: PassengerError; idNumber?: PassengerError } {
  const out: { fullName?: PassengerError; idNumber?: PassengerError } = {};
  const name = p.fullName.trim();
  if (!name) out.fullName = 'nameRequired';
  else if (name.length < 2 || name.length > 60) out.fullName = 'nameLength';
  const id = p.idNumber.trim();
  if (!id) {
    if (!isChildType(p.paxType)) out.idNumber = 'idRequired';
  } else if (!/^[A-Za-z0-9]{6,20}$/.test(id)) out.idNumber = 'idFormat';
  return out;
}

/** One passenger per seat: the passengers of the seats, keeping what was typed for seats still chosen. */
export function passengersForSeats(seats: readonly { ticketId: string }[], current: readonly TrainPassenger[]): TrainPassenger[] {
  return seats.map((s) => current.find((p) => p.ticketId === s.ticketId) ?? { ticketId: s.ticketId, paxType: 1, fullName: '', idNumber: '' });
}

/** Total to pay: each seat at its passenger's price, plus the services chosen. */
export function bookingTotal(seats: readonly { ticketId: string; price: number }[], passengers: readonly TrainPassenger[], services = 0): number {
  return seats.reduce((sum, s) => sum + paxPrice(s.price, passengers.find((p) => p.ticketId === s.ticketId)?.paxType ?? 1), 0) + services;
}
