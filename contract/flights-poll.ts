/**
 * The search poll as sent (`searchPollWire`, contract/flights.ts), without a schema. Each offer's fare classes are
 * one table of columns (`fares`, a `WireFares`), not a list of objects, and the texts the classes share (fare
 * family, basis, cabin, conditions, baggage) are sent once per answer in `fareTexts` (their values without their
 * names, `WireFareText`), the table naming them by key.
 *
 * A column holds what the class's amount adds to what the others already say, so that the amounts a fare's rules
 * make (the taxes of every class, the VAT at the offer's rate, the child and infant fares at their share of the
 * adult fare, the published fare equal to the fare) cost a digit or nothing: the amounts in the offer's unit (the
 * largest number dividing every fare and tax, 1,000 dong for the simulated carriers), the child and infant fares and
 * the VAT less what the offer's rates give, the published fare less the fare. The rates and the unit are chosen per
 * offer by whoever writes it; whatever they are, the expanded amounts are exactly the offer's (integers added and
 * multiplied, one floor or round of an exact product, the same function on both sides). HAN–SGN with seven sources,
 * 128 offers of 2,396 classes: 230 KB as rows of numbers, a fraction of it as tables. `expandSearchPoll` gives back
 * the full `searchPoll`; `compactSearchPoll` writes the wire shape of one (what the gateway sends, with other keys
 * for the texts).
 */
import type { FlightOffer, PriceInfo, RouteInfo, SearchPoll } from './flights';

/** What the fare classes share: sent once per answer (as a `WireFareText`). */
export type FareText = Pick<PriceInfo, 'fareInfo' | 'handBaggage' | 'freeBaggage'>;

/**
 * A `FareText` as sent, its values without their names: [cabinClass, fareFamily, fareBasis, classGroup (null when
 * the fare has none), refundable, changeable, hand baggage pieces, weightKg, description, free baggage pieces,
 * weightKg, description].
 */
export type WireFareText = [
  cabinClass: FareText['fareInfo']['cabinClass'],
  fareFamily: string,
  fareBasis: string,
  classGroup: string | null,
  refundable: boolean,
  changeable: boolean,
  handPieces: number,
  handWeightKg: number,
  handDescription: string,
  freePieces: number,
  freeWeightKg: number,
  freeDescription: string,
];

/** The text of a fare class as sent. */
export function wireFareTextOf(p: FareText): WireFareText {
  const { fareInfo: f, handBaggage: h, freeBaggage: b } = p;
  return [f.cabinClass, f.fareFamily, f.fareBasis, f.classGroup ?? null, f.refundable, f.changeable, h.pieces, h.weightKg, h.description, b.pieces, b.weightKg, b.description];
}

/** The text of a fare class from what was sent. */
export function fareTextOfWire(w: WireFareText): FareText {
  const [cabinClass, fareFamily, fareBasis, classGroup, refundable, changeable, handPieces, handKg, handDescription, freePieces, freeKg, freeDescription] = w;
  return {
    fareInfo: { cabinClass, fareFamily, fareBasis, ...(classGroup !== null ? { classGroup } : {}), refundable, changeable },
    handBaggage: { pieces: handPieces, weightKg: handKg, description: handDescription },
    freeBaggage: { pieces: freePieces, weightKg: freeKg, description: freeDescription },
  };
}

/** An answer's `fareTexts` as texts. */
export function fareTextsOf(wire: Readonly<Record<string, WireFareText>>): Record<string, FareText> {
  const texts: Record<string, FareText> = {};
  for (const key of Object.keys(wire)) texts[key] = fareTextOfWire(wire[key]);
  return texts;
}

/**
 * One number per class: a number alone is every class's, a list gives the classes in order and those past its end
 * are 0 (trailing zeros are left out).
 */
export type FareColumn = number | number[];

/**
 * The texts of the classes: keys of the answer's `fareTexts`, each written as its difference from the previous
 * key + 1 (the first from 0), trailing zeros left out (classes numbered in a row: `[first]`). When any class
 * carries its text itself (rarely: the gateway numbers a bounded number of texts), the list has one entry per class,
 * each the text or its key as it is.
 */
export type FareTextColumn = (number | WireFareText)[];

/**
 * An offer's fare classes as sent:
 * [classes, seatAvailable, unit, chdRate, infRate, vatRate,
 *  fareADT, taxADT, baseFareADT, fareCHD, taxCHD, fareINF, taxINF, vatADT, vatCHD, vatINF, texts].
 * `classes` is the class letters in one string (or a list when a class is not one letter). The amounts are
 * integer dong; per class i, with `a(i)` the value of column a (`FareColumn`) and the rates in 1/10,000:
 *   fareADT = a(i)·unit, taxADT/taxCHD/taxINF = a(i)·unit, baseFareADT = fareADT + a(i)·unit,
 *   fareCHD = (floor(fareADT/unit · chdRate / 10,000) + a(i))·unit, fareINF the same with infRate,
 *   vatADT = round((fareADT + taxADT) · vatRate / 10,000) + a(i), vatCHD and vatINF the same with their fare and tax.
 */
export type WireFares = [
  classes: string | string[],
  seatAvailable: FareColumn,
  unit: number,
  chdRate: number,
  infRate: number,
  vatRate: number,
  fareADT: FareColumn,
  taxADT: FareColumn,
  baseFareADT: FareColumn,
  fareCHD: FareColumn,
  taxCHD: FareColumn,
  fareINF: FareColumn,
  taxINF: FareColumn,
  vatADT: FareColumn,
  vatCHD: FareColumn,
  vatINF: FareColumn,
  texts: FareTextColumn,
];

/**
 * A flown segment as sent (`routeInfo` of the wire offer), its values in order without their names, null where the
 * segment has no such field: [carrierCode, carrierName, flightNo, operatingCarrier, from, to, departDate,
 * arrivalDate, flightTimeHour, flightTimeMinute, airCraft, aircraftType, startTerminal, endTerminal].
 */
export type WireSegment = [
  carrierCode: string,
  carrierName: string,
  flightNo: string,
  operatingCarrier: string | null,
  from: string,
  to: string,
  departDate: string,
  arrivalDate: string,
  flightTimeHour: number,
  flightTimeMinute: number,
  airCraft: string,
  aircraftType: string,
  startTerminal: string | null,
  endTerminal: string | null,
];

/** A segment as sent. */
export function wireSegmentOf(r: RouteInfo): WireSegment {
  return [
    r.carrierCode, r.carrierName, r.flightNo, r.operatingCarrier ?? null, r.from, r.to, r.departDate, r.arrivalDate,
    r.flightTimeHour, r.flightTimeMinute, r.airCraft, r.aircraftType, r.startTerminal ?? null, r.endTerminal ?? null,
  ];
}

/** A segment from what was sent, its fields in the contract's order. */
export function segmentOfWire(w: WireSegment): RouteInfo {
  const [carrierCode, carrierName, flightNo, operatingCarrier, from, to, departDate, arrivalDate, flightTimeHour, flightTimeMinute, airCraft, aircraftType, startTerminal, endTerminal] = w;
  return {
    carrierCode, carrierName, flightNo, ...(operatingCarrier !== null ? { operatingCarrier } : {}), from, to, departDate, arrivalDate,
    flightTimeHour, flightTimeMinute, airCraft, aircraftType,
    ...(startTerminal !== null ? { startTerminal } : {}), ...(endTerminal !== null ? { endTerminal } : {}),
  };
}

/** An offer as sent: `priceInfo` replaced by `fares`, its segments as `WireSegment`s. */
export type WireOffer = Omit<FlightOffer, 'priceInfo' | 'routeInfo'> & { fares: WireFares; routeInfo: WireSegment[] };
export type SearchPollWire = Omit<SearchPoll, 'offers'> & { offers: WireOffer[]; fareTexts: Record<string, WireFareText> };

const RATE_SCALE = 10_000;
/** The largest rate written (100×): a ratio past it is sent as amounts. */
const RATE_MAX = 1_000_000;

/** Class i's number of a column. */
export const columnAt = (column: FareColumn, i: number): number => (typeof column === 'number' ? column : (column[i] ?? 0));

/** A share of an amount at a rate in 1/10,000, rounded down (the child and infant fares' prediction). */
const shareOf = (amount: number, rate: number): number => Math.floor((amount * rate) / RATE_SCALE);
/** The VAT of a fare and tax at a rate in 1/10,000, rounded to the dong. */
const vatAt = (base: number, rate: number): number => Math.round((base * rate) / RATE_SCALE);

/** The number of classes of a table. */
export const fareCount = (fares: WireFares): number => fares[0].length;

/**
 * The keys (numbers) and texts a table's classes name, one per class in order: the `FareTextColumn` decoded.
 */
export function fareTextRefs(fares: WireFares): (number | WireFareText)[] {
  const texts = fares[16];
  const n = fareCount(fares);
  if (texts.some((t) => typeof t !== 'number')) return texts.slice(0, n);
  const refs: number[] = [];
  let key = -1;
  for (let i = 0; i < n; i++) {
    key = key + 1 + ((texts[i] as number | undefined) ?? 0);
    refs.push(key);
  }
  return refs;
}

/** The fare classes of a table, their texts taken from the answer's `fareTexts` (an unknown key is an error). */
export function faresOf(fares: WireFares, texts: Readonly<Record<string, FareText>>): PriceInfo[] {
  const [classes, seats, unit, chdRate, infRate, vatRate, fA, tA, bA, fC, tC, fI, tI, vA, vC, vI] = fares;
  const refs = fareTextRefs(fares);
  const out: PriceInfo[] = [];
  for (let i = 0; i < classes.length; i++) {
    const ref = refs[i];
    const text = typeof ref === 'number' ? texts[ref] : fareTextOfWire(ref);
    if (!text) throw new Error(`fare text ${String(ref)} missing from the answer`);
    const adt = columnAt(fA, i);
    const fareADT = adt * unit;
    const taxADT = columnAt(tA, i) * unit;
    const fareCHD = (shareOf(adt, chdRate) + columnAt(fC, i)) * unit;
    const taxCHD = columnAt(tC, i) * unit;
    const fareINF = (shareOf(adt, infRate) + columnAt(fI, i)) * unit;
    const taxINF = columnAt(tI, i) * unit;
    out.push({
      class: classes[i],
      seatAvailable: columnAt(seats, i),
      fareADT,
      taxADT,
      vatADT: vatAt(fareADT + taxADT, vatRate) + columnAt(vA, i),
      baseFareADT: fareADT + columnAt(bA, i) * unit,
      fareCHD,
      taxCHD,
      vatCHD: vatAt(fareCHD + taxCHD, vatRate) + columnAt(vC, i),
      fareINF,
      taxINF,
      vatINF: vatAt(fareINF + taxINF, vatRate) + columnAt(vI, i),
      fareInfo: text.fareInfo,
      handBaggage: text.handBaggage,
      freeBaggage: text.freeBaggage,
    });
  }
  return out;
}

/** A column of numbers: one number when all are equal, else the list without its trailing zeros. */
export function columnOf(values: readonly number[]): FareColumn {
  const first = values[0] ?? 0;
  let same = true;
  for (let i = 1; i < values.length && same; i++) same = values[i] === first;
  if (same) return first;
  let end = values.length;
  while (end > 0 && values[end - 1] === 0) end--;
  return values.slice(0, end);
}

/** The texts' column: keys written as differences (see `FareTextColumn`), or as they are when a text is inline. */
function textColumnOf(refs: readonly (number | WireFareText)[]): FareTextColumn {
  if (refs.some((r) => typeof r !== 'number')) return [...refs];
  const column: number[] = [];
  let previous = -1;
  for (const r of refs as readonly number[]) {
    column.push(r - previous - 1);
    previous = r;
  }
  let end = column.length;
  while (end > 0 && column[end - 1] === 0) end--;
  return column.slice(0, end);
}

const gcd = (a: number, b: number): number => {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
};

const columnSize = (c: FareColumn): number => (typeof c === 'number' ? String(c).length : JSON.stringify(c).length);

/** The rate (1/10,000) that makes `part` from `whole` in the row with the largest whole, bounded; 0 when none. */
function fittedRate(wholes: readonly number[], parts: readonly number[]): number {
  let at = -1;
  for (let i = 0; i < wholes.length; i++) if (wholes[i] > 0 && (at < 0 || wholes[i] > wholes[at])) at = i;
  if (at < 0) return 0;
  const rate = Math.round((parts[at] * RATE_SCALE) / wholes[at]);
  return Number.isSafeInteger(rate) && rate >= 0 && rate <= RATE_MAX ? rate : 0;
}

/** A fitted rate and its round neighbours (a share of 90 % fitted from one rounded amount gives 8,999): try each. */
const rateCandidates = (fitted: number): number[] => [fitted, Math.round(fitted / 100) * 100, Math.round(fitted / 10) * 10, 0];

/** Of the rates given, the one whose residual columns are smallest as sent, with those columns. */
function bestRate(rates: readonly number[], residuals: (rate: number) => FareColumn[]): { rate: number; columns: FareColumn[] } {
  let best: { rate: number; columns: FareColumn[]; size: number } | undefined;
  for (const rate of new Set(rates)) {
    const columns = residuals(rate);
    const size = columns.reduce<number>((s, c) => s + columnSize(c), 0);
    if (!best || size < best.size) best = { rate, columns, size };
  }
  return best!;
}

const isAmount = (n: number) => Number.isSafeInteger(n) && n >= 0;

/** The table of fare classes as their amounts are, in dong, rates 0: the form any safe integers can take. */
function plainFares(classes: string | string[], list: readonly PriceInfo[], texts: FareTextColumn): WireFares {
  const col = (pick: (p: PriceInfo) => number) => columnOf(list.map(pick));
  return [
    classes, col((p) => p.seatAvailable), 1, 0, 0, 0,
    col((p) => p.fareADT), col((p) => p.taxADT), col((p) => p.baseFareADT - p.fareADT), col((p) => p.fareCHD), col((p) => p.taxCHD),
    col((p) => p.fareINF), col((p) => p.taxINF), col((p) => p.vatADT), col((p) => p.vatCHD), col((p) => p.vatINF), texts,
  ];
}

const AMOUNTS = ['seatAvailable', 'fareADT', 'taxADT', 'vatADT', 'baseFareADT', 'fareCHD', 'taxCHD', 'vatCHD', 'fareINF', 'taxINF', 'vatINF'] as const;

/**
 * The table of an offer's fare classes (at least one), each class's text named by `ref` (a key of the answer's
 * `fareTexts`, or the text itself). The unit and the rates are those that make the columns smallest for this
 * offer; the table is checked to expand to exactly these amounts, else written with the amounts as they are.
 */
export function compactFares(list: readonly PriceInfo[], ref: (p: PriceInfo, i: number) => number | WireFareText): WireFares {
  const n = list.length;
  const classes = list.every((p) => p.class.length === 1) ? list.map((p) => p.class).join('') : list.map((p) => p.class);
  const refs = list.map(ref);
  const texts = textColumnOf(refs);
  const plain = () => plainFares(classes, list, texts);
  let unit = 0;
  for (const p of list) {
    for (const k of AMOUNTS) if (!isAmount(p[k])) return plain();
    for (const v of [p.fareADT, p.taxADT, p.baseFareADT, p.fareCHD, p.taxCHD, p.fareINF, p.taxINF]) unit = gcd(unit, v);
  }
  if (unit === 0) unit = 1;
  const u = (pick: (p: PriceInfo) => number) => list.map((p) => pick(p) / unit);
  const adt = u((p) => p.fareADT);
  const chd = u((p) => p.fareCHD);
  const inf = u((p) => p.fareINF);
  const share = (parts: number[]) => (rate: number) => [columnOf(parts.map((v, i) => v - shareOf(adt[i], rate)))];
  const chdFit = bestRate(rateCandidates(fittedRate(adt, chd)), share(chd));
  const infFit = bestRate(rateCandidates(fittedRate(adt, inf)), share(inf));
  const vatFit = bestRate(rateCandidates(fittedRate(list.map((p) => p.fareADT + p.taxADT), list.map((p) => p.vatADT))), (rate) => [
    columnOf(list.map((p) => p.vatADT - vatAt(p.fareADT + p.taxADT, rate))),
    columnOf(list.map((p) => p.vatCHD - vatAt(p.fareCHD + p.taxCHD, rate))),
    columnOf(list.map((p) => p.vatINF - vatAt(p.fareINF + p.taxINF, rate))),
  ]);
  const fares: WireFares = [
    classes, columnOf(list.map((p) => p.seatAvailable)), unit, chdFit.rate, infFit.rate, vatFit.rate,
    columnOf(adt), columnOf(u((p) => p.taxADT)), columnOf(u((p) => p.baseFareADT - p.fareADT)), chdFit.columns[0],
    columnOf(u((p) => p.taxCHD)), infFit.columns[0], columnOf(u((p) => p.taxINF)), vatFit.columns[0], vatFit.columns[1], vatFit.columns[2],
    texts,
  ];
  // exact or not sent this way: every amount expanded again and compared
  const keyed: Record<string, FareText> = {};
  refs.forEach((r, i) => typeof r === 'number' && (keyed[r] = fareTextOf(list[i])));
  const back = faresOf(fares, keyed);
  for (let i = 0; i < n; i++) {
    for (const k of AMOUNTS) if (back[i][k] !== list[i][k] || !Number.isSafeInteger(back[i][k])) return plain();
  }
  return fares;
}

/** The full offer of a sent one. */
export function expandOffer(offer: WireOffer, texts: Readonly<Record<string, FareText>>): FlightOffer {
  const { fares, ...rest } = offer;
  return { ...rest, routeInfo: rest.routeInfo.map(segmentOfWire), priceInfo: faresOf(fares, texts) };
}

/** The full `searchPoll` of an answer as sent. */
export function expandSearchPoll(wire: SearchPollWire): SearchPoll {
  const { offers, fareTexts, ...head } = wire;
  const texts = fareTextsOf(fareTexts);
  return { ...head, offers: offers.map((o) => expandOffer(o, texts)) };
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
  const fareTexts: Record<string, WireFareText> = {};
  const offers = poll.offers.map((o): WireOffer => {
    const { priceInfo, ...rest } = o;
    const fares = compactFares(priceInfo, (p) => {
      const text = wireFareTextOf(p);
      const json = JSON.stringify(text);
      let key = keys.get(json);
      if (key === undefined) {
        key = keys.size;
        keys.set(json, key);
        fareTexts[key] = text;
      }
      return key;
    });
    return { ...rest, routeInfo: rest.routeInfo.map(wireSegmentOf), fares };
  });
  return { ...poll, offers, fareTexts };
}
