/**
 * The JSON text of a flight offer: `JSON.stringify(offer)`, written from the simulator's cached pieces when
 * the offer is one it made (or a copy of one with `extra` fields after its own), which costs a fraction of
 * serialising a megabyte of offers again on every poll.
 */
import type { FlightOffer } from '../../contract/flights';
import { generatedOfferJson } from './simulated/generator';

export function offerJson(offer: FlightOffer, made?: FlightOffer, extra: readonly string[] = []): string {
  return generatedOfferJson(offer, made ?? offer, extra) ?? JSON.stringify(offer);
}
