/**
 * Train passengers (spec point 9): one passenger per seat, each with a type (1 Vietnamese adult, 2 child,
 * 12 student, 13 senior, 6 foreign adult, 7 foreign child), a name and an ID or passport number. The discount
 * percentages, the fares (rounded to 1,000 VND), the passenger checks and the booking's prices are the
 * contract's rules (contract/trains-rules.ts), the same the gateway charges by; this file only keeps the
 * passengers in step with the seats.
 */
import { CHILD_PAX_TYPES, paxDiscount, paxFare, priceTrainBooking, TRAIN_PAX_PERCENT, TRAIN_PAX_TYPES, trainPassengerProblems, type TrainPaxType, type TrainServiceCode } from '../../../contract/trains';

export { CHILD_PAX_TYPES, paxDiscount, paxFare, priceTrainBooking, TRAIN_PAX_PERCENT, TRAIN_PAX_TYPES, trainPassengerProblems, type TrainPaxType };

export interface TrainPassenger {
  ticketId: string;
  paxType: TrainPaxType;
  fullName: string;
  idNumber: string;
}

/** One passenger per seat: the passengers of the seats, in the seats' order, keeping what was typed for seats still chosen. */
export function passengersForSeats(seats: readonly { ticketId: string }[], current: readonly TrainPassenger[]): TrainPassenger[] {
  return seats.map((s) => current.find((p) => p.ticketId === s.ticketId) ?? { ticketId: s.ticketId, paxType: 1, fullName: '', idNumber: '' });
}

/** Services chosen per direction (spec point 3 addService). */
export interface AddService {
  depart?: { isAdd: boolean; service: TrainServiceCode };
  return?: { isAdd: boolean; service: TrainServiceCode };
}

/** The live prices of the booking being typed: each seat at its passenger type's fare, the direction's service, the fee. */
export function livePrices(
  seats: readonly { ticketId: string; price: number; direction: 'depart' | 'return' }[],
  passengers: readonly TrainPassenger[],
  addService: AddService = {},
) {
  return priceTrainBooking(
    seats.map((s) => {
      const svc = addService[s.direction];
      return {
        ticketId: s.ticketId,
        direction: s.direction,
        seatPrice: s.price,
        paxType: passengers.find((p) => p.ticketId === s.ticketId)?.paxType ?? 1,
        service: svc?.isAdd ? svc.service : null,
      };
    }),
  );
}
