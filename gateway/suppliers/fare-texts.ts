/**
 * The texts fare classes share (fare family, basis, cabin, conditions, baggage: `FareText` of
 * contract/flights-poll.ts), numbered once per process, so that an offer's fare classes can be written as a table of
 * numbers naming their texts by key (`fares` of the wire offer) and its bytes cached with those keys: a poll answer
 * then carries each text once, in `fareTexts`. The simulator's classes share a few hundred texts (its fare
 * families per carrier, basis and baggage; interned objects, looked up by identity); a text of another supplier is
 * looked up by its JSON. At most `FARE_TEXTS_LIMIT` texts are numbered: past it, a new text is written in its row
 * itself (the contract allows both), so a supplier with endless distinct texts cannot grow this table.
 */
import { compactFares, wireFareTextOf, type PriceInfo } from '../../contract/flights';

export const FARE_TEXTS_LIMIT = 20_000;

const byJson = new Map<string, number>();
/** Key → `"<key>":[…]` (`WireFareText`), the entry of `fareTexts` as written in an answer (UTF-8). */
const entries: Buffer[] = [];
/** fareInfo → handBaggage → freeBaggage → key, for the interned objects of the simulator. */
const byIdentity = new WeakMap<object, WeakMap<object, WeakMap<object, number>>>();

/** The key of a fare class's text, numbered at first sight; undefined when the table is full and the text new. */
export function fareTextKey(p: PriceInfo): number | undefined {
  let hands = byIdentity.get(p.fareInfo);
  let frees = hands?.get(p.handBaggage);
  const known = frees?.get(p.freeBaggage);
  if (known !== undefined) return known;
  const json = JSON.stringify(wireFareTextOf(p));
  let key = byJson.get(json);
  if (key === undefined) {
    if (entries.length >= FARE_TEXTS_LIMIT) return undefined;
    key = entries.length;
    byJson.set(json, key);
    entries.push(Buffer.from(`"${key}":${json}`));
  }
  // by identity only for frozen objects (the simulator's): one changed in place would keep a stale key
  if (!Object.isFrozen(p.fareInfo) || !Object.isFrozen(p.handBaggage) || !Object.isFrozen(p.freeBaggage)) return key;
  if (!hands) byIdentity.set(p.fareInfo, (hands = new WeakMap()));
  if (!frees) hands.set(p.handBaggage, (frees = new WeakMap()));
  frees.set(p.freeBaggage, key);
  return key;
}

/** The `fareTexts` entry of a key: `"<key>":[…]` as UTF-8. */
export function fareTextEntry(key: number): Buffer {
  const entry = entries[key];
  if (!entry) throw new Error(`no fare text ${key}`);
  return entry;
}

/**
 * The JSON of a list of fare classes as the wire offer's table (`fares`, contract/flights-poll.ts `compactFares`),
 * and the keys of the texts it names (each once).
 */
export function faresJson(priceInfo: readonly PriceInfo[]): { json: string; keys: number[] } {
  const keys: number[] = [];
  const fares = compactFares(priceInfo, (p) => {
    const key = fareTextKey(p);
    if (key === undefined) return wireFareTextOf(p);
    if (!keys.includes(key)) keys.push(key);
    return key;
  });
  return { json: JSON.stringify(fares), keys };
}
