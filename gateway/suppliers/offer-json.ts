/**
 * The JSON text of a flight offer: `JSON.stringify(offer)`, written from the simulator's cached pieces when
 * the offer is one it made (or a copy of one with `extra` fields after its own), which costs a fraction of
 * serialising a megabyte of offers again on every poll.
 */
import type { FlightOffer } from '../../contract/flights';
import { generatedOfferBytes, generatedOfferJson } from './simulated/generator';

export function offerJson(offer: FlightOffer, made?: FlightOffer, extra: readonly string[] = []): string {
  return generatedOfferJson(offer, made ?? offer, extra) ?? JSON.stringify(offer);
}

/**
 * The same JSON as pieces to be joined as UTF-8 (`jsonBytes`): the simulator's cached bytes of the offer and
 * the text after them, or the text of `JSON.stringify(offer)` for an offer it did not make.
 */
export function offerJsonPieces(offer: FlightOffer, made?: FlightOffer, extra: readonly string[] = []): readonly (Buffer | string)[] {
  return generatedOfferBytes(offer, made ?? offer, extra) ?? [JSON.stringify(offer)];
}

/**
 * The UTF-8 bytes of texts and byte pieces one after the other, in one allocation: a poll answer of a
 * megabyte is copied together from the offers' cached bytes instead of being joined as a string and encoded
 * again on the way out.
 */
export function jsonBytes(pieces: readonly (Buffer | string)[]): Buffer {
  let size = 0;
  const sizes = pieces.map((p) => (typeof p === 'string' ? Buffer.byteLength(p, 'utf8') : p.length));
  for (const n of sizes) size += n;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i];
    if (typeof p === 'string') out.write(p, at, 'utf8');
    else p.copy(out, at);
    at += sizes[i];
  }
  return out;
}
