/**
 * What other modules may use of system: the agency's active supplier sign-ins (flight searches), the
 * service-fee sum along the agency path (booking fees), and the reservation error log (the booking flow).
 */
export { activeSignIns, SignInService, signinKey, type ActiveSignIn } from './signins';
export { sumFees, type FeeLine, type PathAgency } from './fees';
export { logReservationError, type ReservationErrorInput } from './reservation-errors';
