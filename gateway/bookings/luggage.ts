/**
 * Luggage bought at hold (docs/booking-management.md). The client names the option by code only: price and
 * weight are read again from the supplier's catalogue (FlightSupplier.luggageOptions). A later
 * choice for the same passenger, route and type replaces an earlier one; infants cannot buy; the route must
 * be one of the booking's directions flown by that airline through its own channel (GDS fares sell none).
 */
import { latestLuggageChoices, type LuggageChoice, type PassengerInput } from '../../contract/bookings';
import type { FlightOffer } from '../../contract/flights';
import type { SupplierRegistry } from '../suppliers';

export type PricedLuggage = LuggageChoice & { price: number; value: number; unit: string };

export type LuggageProblem = 'paxId' | 'infant' | 'route' | 'code';

export interface LuggagePricing {
  /** The choices as they stand, priced from the catalogue. */
  items: PricedLuggage[];
  /** Problems by the index of the choice in the request. */
  problems: { index: number; problem: LuggageProblem }[];
}

/** The offer a choice belongs to: same direction, same from-to, same airline sold by its own channel. */
export function offerOfChoice(choice: Pick<LuggageChoice, 'route' | 'airline' | 'type'>, offers: readonly FlightOffer[]): FlightOffer | undefined {
  return offers.find((o) => o.direction === choice.type && `${o.from}-${o.to}` === choice.route && o.airline === choice.airline && o.source === o.airline);
}

/** Prices the luggage choices of a hold from the catalogue of each offer's supplier. */
export function priceLuggage(suppliers: SupplierRegistry, choices: readonly LuggageChoice[], passengers: readonly PassengerInput[], offers: readonly FlightOffer[]): LuggagePricing {
  const problems: LuggagePricing['problems'] = [];
  const priced: (PricedLuggage | null)[] = choices.map((c, index) => {
    const bad = (problem: LuggageProblem): null => {
      problems.push({ index, problem });
      return null;
    };
    const pax = passengers.find((p) => p.paxId === c.paxId);
    if (!pax) return bad('paxId');
    if (pax.type === 'INF') return bad('infant');
    const offer = offerOfChoice(c, offers);
    if (!offer) return bad('route');
    const option = suppliers.flight(offer.source).luggageOptions({ airline: c.airline, from: offer.from, to: offer.to }).find((o) => o.code === c.code);
    if (!option) return bad('code');
    return { paxId: c.paxId, route: c.route, airline: c.airline, type: c.type, code: option.code, price: option.price, value: option.value, unit: option.unit };
  });
  return { items: latestLuggageChoices(priced.filter((p): p is PricedLuggage => p !== null)), problems };
}
