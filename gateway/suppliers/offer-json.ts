/**
 * The JSON text of a flight offer as a poll sends it (the wire offer of contract/flights-poll.ts: its fare classes
 * as one table naming their shared texts by key), written from the simulator's cached bytes when the offer is one it
 * made (or a copy of one with `extra` fields after its own), which costs a fraction of serialising the offers
 * again on every poll; any other offer is written here. Either way the keys of the fare texts it names are given,
 * for the answer's `fareTexts` (`fareTextsJson`).
 */
import { wireSegmentOf, type FlightOffer } from '../../contract/flights';
import { faresJson, fareTextEntry } from './fare-texts';
import { generatedOfferBytes, isGeneratedOffer } from './simulated/generator';

export interface OfferPieces {
  /** The wire JSON of the offer, in pieces to be joined as UTF-8 (`jsonBytes`). */
  pieces: readonly (Buffer | string)[];
  /** The keys of the fare texts its table names. */
  keys: readonly number[];
}

/** The wire JSON of an offer no cached bytes are known for: its fields in order, `priceInfo` written as `fares`, its segments as values. */
function writtenOffer(offer: FlightOffer): OfferPieces {
  const fields = offer as unknown as Record<string, unknown>;
  let json = '{';
  let keys: readonly number[] = [];
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    if (json.length > 1) json += ',';
    if (key === 'priceInfo' && Array.isArray(value)) {
      const table = faresJson(offer.priceInfo);
      keys = table.keys;
      json += `"fares":${table.json}`;
    } else if (key === 'routeInfo' && Array.isArray(value)) {
      json += `"routeInfo":${JSON.stringify(offer.routeInfo.map(wireSegmentOf))}`;
    } else {
      json += `${JSON.stringify(key)}:${JSON.stringify(value)}`;
    }
  }
  return { pieces: [`${json}}`], keys };
}

/** The wire JSON of an offer as pieces, and the fare texts it names. */
export function offerJsonPieces(offer: FlightOffer, made?: FlightOffer, extra: readonly string[] = []): OfferPieces {
  return generatedOfferBytes(offer, made ?? offer, extra) ?? writtenOffer(offer);
}

/**
 * The offer's wire JSON is fixed for as long as the offer lives: one the simulator made (deeply frozen). What is
 * written from it, and from a copy adding fields after its own, can be kept with it.
 */
export const hasFixedJson = (offer: FlightOffer): boolean => isGeneratedOffer(offer);

/** The wire JSON of an offer as text (`offerJsonPieces` joined). */
export function offerJson(offer: FlightOffer, made?: FlightOffer, extra: readonly string[] = []): string {
  return jsonBytes(offerJsonPieces(offer, made, extra).pieces).toString('utf8');
}

/**
 * `"fareTexts":{…}` of an answer naming these keys, as pieces, in ascending key order: the order a JSON parser
 * gives integer-like keys back in, so the answer is the same text once parsed and written again.
 */
export function fareTextsJson(keys: Iterable<number>): (Buffer | string)[] {
  const pieces: (Buffer | string)[] = ['"fareTexts":{'];
  let first = true;
  for (const key of Array.from(keys).sort((a, b) => a - b)) {
    if (!first) pieces.push(',');
    first = false;
    pieces.push(fareTextEntry(key));
  }
  pieces.push('}');
  return pieces;
}

/**
 * The UTF-8 bytes of texts and byte pieces one after the other, in one allocation: a poll answer is copied
 * together from the offers' cached bytes instead of being joined as a string and encoded again on the way out.
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
