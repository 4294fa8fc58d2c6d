/**
 * The booking-edit plugin's side of the data provider (contract/aftersale.ts): endpoint urls and query meta. No
 * calls here: every read and command goes through Refine's hooks.
 */
import { AFTERSALE_API } from '../../contract/aftersale';
import { EXCHANGE_API } from '../../contract/aftersale-exchange';
import { SCHED_API } from '../../contract/aftersale-sched';
import { EXTRAS_API } from '../../contract/aftersale-extras'; // as14a

const withId = (path: string, id: number) => path.replace(':id', encodeURIComponent(String(id)));

export const afterSaleUrl = {
  hub: (id: number) => withId(AFTERSALE_API.hub, id),
  history: (id: number) => withId(AFTERSALE_API.history, id),
  luggage: (id: number) => withId(AFTERSALE_API.luggage, id),
  seatMap: (id: number) => withId(AFTERSALE_API.seatMap, id),
  seats: (id: number) => withId(AFTERSALE_API.buySeat, id),
  // aftersale2: exchange-route
  exchangeQuote: (id: number) => withId(EXCHANGE_API.quote, id),
  exchange: (id: number) => withId(EXCHANGE_API.exchange, id),
};

// aftersale2: exchange-route searches the same route through the ordinary flight search
export const FLIGHT_SEARCH_URL = { start: '/api/flights/search', poll: (sessionId: string) => `/api/flights/search/${encodeURIComponent(sessionId)}` };

/** A read whose state the screen shows itself: no loading overlay, no network toast. */
export const QUIET = { overlay: false, silent: true } as const;
/** A command whose outcome the screen shows itself: no network toast. */
export const COMMAND = { silent: true } as const;

/** A fresh idempotency key per confirmation. */
export const newKey = (): string => crypto.randomUUID();

// as14a: paid extras (upgrade-luggage, buy-ancillary, add-infant-vj)
export const extrasUrl = {
  upgradeOffer: (id: number) => withId(EXTRAS_API.upgradeOffer, id),
  upgradeLuggage: (id: number) => withId(EXTRAS_API.upgradeLuggage, id),
  ancillaryOffer: (id: number) => withId(EXTRAS_API.ancillaryOffer, id),
  buyAncillary: (id: number) => withId(EXTRAS_API.buyAncillary, id),
  vjInfantQuote: (id: number) => withId(EXTRAS_API.vjInfantQuote, id),
  addInfantVj: (id: number) => withId(EXTRAS_API.addInfantVj, id),
};

// sched: schedule changes and change-route-status (the resource's name in a module of its own, for the registration)
export { SCHED_RESOURCE } from './resources';
export const schedUrl = {
  view: (id: number) => withId(SCHED_API.view, id),
  accept: (id: number) => withId(SCHED_API.accept, id),
  rebook: (id: number) => withId(SCHED_API.rebook, id),
  segmentStatus: (id: number) => withId(SCHED_API.segmentStatus, id),
};
