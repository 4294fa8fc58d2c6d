/** What other modules may use of B2C: the seat rule of storefront departures (the demo seed writes tours too). */
export { takeSeats } from './orders';
