/**
 * The search poll as sent (`searchPollWire`, contract/flights.ts), without a schema: its offers carry their fare
 * classes as rows of numbers, and the texts the classes share (fare family, basis, cabin, conditions, baggage) are
 * sent once per answer in `fareTexts`, each row naming its text by key. A busy route's answer is a quarter of the
 * full `searchPoll` (HAN–SGN, seven sources, 144 offers of 2,694 classes: 1.31 MB as full offers, 120 distinct
 * texts). `expandSearchPoll` gives back the full `searchPoll`; `compactSearchPoll` writes the wire shape of one
 * (what the gateway sends, with other keys for the texts).
 */
import type { FlightOffer, PriceInfo, SearchPoll } from './flights';

/** The numbers of a fare class row, in order, after its class and before its text key. */
export const FARE_ROW_NUMBERS = [
  'seatAvailable', 'fareADT', 'taxADT', 'vatADT', 'baseFareADT', 'fareCHD', 'taxCHD', 'vatCHD', 'fareINF', 'taxINF', 'vatINF',
] as const satisfies readonly (keyof PriceInfo)[];

/** What the fare classes share: sent once per answer. */
export type FareText = Pick<PriceInfo, 'fareInfo' | 'handBaggage' | 'freeBaggage'>;
/**
 * A fare class as sent: [class, seatAvailable, fareADT, taxADT, vatADT, baseFareADT, fareCHD, taxCHD, vatCHD,
 * fareINF, taxINF, vatINF, text], the text being the key of the answer's `fareTexts` entry (or, rarely, the text
 * itself).
 */
export type FareRow = [string, number, number, number, number, number, number, number, number, number, number, number, number | FareText];
/** An offer as sent: `priceInfo` replaced by `fares`. */
export type WireOffer = Omit<FlightOffer, 'priceInfo'> & { fares: FareRow[] };
export type SearchPollWire = Omit<SearchPoll, 'offers'> & { offers: WireOffer[]; fareTexts: Record<string, FareText> };

/** The fare class of a row, its text taken from the answer's `fareTexts` (an unknown key is an error). */
export function fareOfRow(row: FareRow, texts: Readonly<Record<string, FareText>>): PriceInfo {
  const ref = row[12];
  const text = typeof ref === 'number' ? texts[ref] : ref;
  if (!text) throw new Error(`fare text ${String(ref)} missing from the answer`);
  return {
    class: row[0],
    seatAvailable: row[1],
    fareADT: row[2],
    taxADT: row[3],
    vatADT: row[4],
    baseFareADT: row[5],
    fareCHD: row[6],
    taxCHD: row[7],
    vatCHD: row[8],
    fareINF: row[9],
    taxINF: row[10],
    vatINF: row[11],
    fareInfo: text.fareInfo,
    handBaggage: text.handBaggage,
    freeBaggage: text.freeBaggage,
  };
}

/** The full offer of a sent one. */
export function expandOffer(offer: WireOffer, texts: Readonly<Record<string, FareText>>): FlightOffer {
  const { fares, ...rest } = offer;
  return { ...rest, priceInfo: fares.map((row) => fareOfRow(row, texts)) };
}

/** The full `searchPoll` of an answer as sent. */
export function expandSearchPoll(wire: SearchPollWire): SearchPoll {
  const { offers, fareTexts, ...head } = wire;
  return { ...head, offers: offers.map((o) => expandOffer(o, fareTexts)) };
}

/** The row of a fare class, its text named by `ref`. */
export function fareRowOf(p: PriceInfo, ref: number | FareText): FareRow {
  return [p.class, p.seatAvailable, p.fareADT, p.taxADT, p.vatADT, p.baseFareADT, p.fareCHD, p.taxCHD, p.vatCHD, p.fareINF, p.taxINF, p.vatINF, ref];
}

/** The shared text of a fare class, its fields in the contract's order. */
export function fareTextOf(p: PriceInfo): FareText {
  return { fareInfo: p.fareInfo, handBaggage: p.handBaggage, freeBaggage: p.freeBaggage };
}

/**
 * The wire shape of a poll: each distinct text once, keyed by its order of first use (0, 1, …). The gateway
 * writes the same shape from its cached bytes with keys of its own; `expandSearchPoll` of either is the poll.
 */
export function compactSearchPoll(poll: SearchPoll): SearchPollWire {
  const keys = new Map<string, number>();
  const fareTexts: Record<string, FareText> = {};
  const offers = poll.offers.map((o): WireOffer => {
    const { priceInfo, ...rest } = o;
    const fares = priceInfo.map((p) => {
      const text = fareTextOf(p);
      const json = JSON.stringify(text);
      let key = keys.get(json);
      if (key === undefined) {
        key = keys.size;
        keys.set(json, key);
        fareTexts[key] = text;
      }
      return fareRowOf(p, key);
    });
    return { ...rest, fares };
  });
  return { ...poll, offers, fareTexts };
}
