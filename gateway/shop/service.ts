/** What other domains may use of the shop: making an allotment (the demo seed makes one as an agent would). */
export { insertReserve, planReserve, type ReservePlan } from './reserves';
