/**
 * The other-flight panel of spec point 2: for the selected offer, the other flights of the same airline on the
 * same route and day, taken from the current results, each one click away from replacing the selection.
 *
 * Definitions used here:
 * - Same airline: `airline`; same route: `from` and `to`; same day: the local departure date
 *   (departDateTime's 'YYYY-MM-DD').
 * - Another flight: other flight numbers (all segments, in order). The same flight sold through another
 *   source (VN through 1A, say) is not another flight and is not listed.
 * - One entry per flight: its cheapest offer in the price select's mode (`offerPrice`), the first one on a tie.
 * - VJ offers with no seats are left out (they cannot be selected).
 * - Listed by departure time, then price.
 */
import type { FlightOffer } from '../../../contract/flights';
import { DEFAULT_PRICE_MODE, isSoldOutVj, offerPrice, type PriceMode } from './sorting';

/** The flight numbers of an offer, e.g. 'VN213' or 'VN213·VN1541'. */
export function flightKey(offer: FlightOffer): string {
  return offer.routeInfo.map((r) => r.flightNo).join('·');
}

export function isSameAirlineRouteDay(a: FlightOffer, b: FlightOffer): boolean {
  return a.airline === b.airline && a.from === b.from && a.to === b.to && a.departDateTime.slice(0, 10) === b.departDateTime.slice(0, 10);
}

/** The other flights of the selected offer's airline on its route and day, one (cheapest) offer per flight. */
export function otherFlights(offers: readonly FlightOffer[], selected: FlightOffer, mode: PriceMode = DEFAULT_PRICE_MODE): FlightOffer[] {
  const own = flightKey(selected);
  const best = new Map<string, { offer: FlightOffer; price: number }>();
  for (const o of offers) {
    if (o.id === selected.id || !isSameAirlineRouteDay(o, selected) || isSoldOutVj(o)) continue;
    const key = flightKey(o);
    if (key === own) continue;
    const price = offerPrice(o, mode);
    const seen = best.get(key);
    if (!seen || price < seen.price) best.set(key, { offer: o, price });
  }
  return [...best.values()]
    .sort((a, b) => (a.offer.departDateTime < b.offer.departDateTime ? -1 : a.offer.departDateTime > b.offer.departDateTime ? 1 : a.price - b.price))
    .map((x) => x.offer);
}
