/**
 * PROVISIONAL: the rail supplier family, shaped only as far as the trains issue needs to start from. No
 * implementation exists yet; the trains issue adds the simulated railway (simulated/), registers it in the
 * registry and refines these types (and moves the shared ones into contract/) as it builds the screens.
 *
 * The flow of spec point 1 (Trains): search trains, pick seats carriage by carriage, hold them for a limited
 * time, issue tickets, and refund them.
 */
import type { PaxType } from '../../contract/flights';
import type { Language, SupplierCallContext } from './types';

/** Seat classes of spec point 9; ALL is the search filter "any class". */
export type RailSeatClass = 'ALL' | 'GP' | 'NGC' | 'NGM' | 'NAM' | 'NAC';

/** Train passenger types of spec point 9 (discount percentages by type: 1, 2, 12, 13, 6, 7). */
export type RailPaxType = 1 | 2 | 12 | 13 | 6 | 7;

export interface RailSearch {
  /** Station codes. */
  from: string;
  to: string;
  /** yyyy-MM-dd, local date. */
  departDate: string;
  returnDate?: string;
  seatClass?: RailSeatClass;
}

export interface RailSeat {
  /** The seat's ticket id, held and issued by it. */
  ticketId: string;
  carriageNo: number;
  seatNo: string;
  seatClass: Exclude<RailSeatClass, 'ALL'>;
  /** Integer VND before the passenger type's discount. */
  price: number;
  available: boolean;
}

export interface RailTrain {
  trainId: string;
  direction: 'depart' | 'return';
  from: string;
  to: string;
  /** Local yyyy-MM-ddTHH:mm. */
  departDateTime: string;
  arrivalDateTime: string;
  seatAvailable: number;
  carriages: { carriageNo: number; type: string }[];
}

export interface RailHoldRequest {
  ticketIds: string[];
  passengers: { ticketId: string; paxType: RailPaxType | PaxType; fullName: string; idNumber?: string }[];
  contact: { name: string; phone: string; email?: string };
}

export interface RailHoldResult {
  bookingCode: string;
  /** ISO date-time at which the seats are released unless issued. */
  timeLimit: string;
  /** Integer VND. */
  totalPrice: number;
}

export interface RailIssueResult {
  bookingCode: string;
  tickets: { ticketId: string; ticketNumber: string }[];
}

export interface RailRefundResult {
  bookingCode: string;
  /** Integer VND kept by the railway, and given back. */
  penalty: number;
  refunded: number;
}

/** PROVISIONAL: one railway source. */
export interface RailSupplier {
  readonly source: string;
  search(request: RailSearch, ctx?: SupplierCallContext): Promise<RailTrain[]>;
  /** The seats of one carriage of a train. */
  seats(trainId: string, carriageNo: number, ctx?: SupplierCallContext): Promise<RailSeat[]>;
  hold(request: RailHoldRequest, ctx?: SupplierCallContext): Promise<RailHoldResult>;
  issue(request: { bookingCode: string; idempotencyKey: string }, ctx?: SupplierCallContext): Promise<RailIssueResult>;
  refund(request: { bookingCode: string; ticketIds: string[]; idempotencyKey: string }, ctx?: SupplierCallContext): Promise<RailRefundResult>;
  /** The railway's refund conditions in plain words. */
  refundRules(trainId: string, lang?: Language): string[];
}
