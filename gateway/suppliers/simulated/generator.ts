/**
 * The deterministic core of the simulated supply: the offers a source returns for a journey. The same
 * (source, route, dates, passenger counts, seat adjustments) always gives the same offers, ids included.
 */
import v8 from 'node:v8';
import type { FlightOffer, PriceInfo, RouteInfo, Source } from '../../../contract/flights';
import { wireSegmentOf } from '../../../contract/flights-poll';
import { compactDate, isCalendarDate } from '../../platform/clock';
import { seatKey, type SeatKey, type SeatsTaken, type SupplierSearch } from '../flights';
import { AIRPORTS, CARRIERS, CARRIER_CHANNELS, GDS_CARRIERS, isDomestic } from '../reference-data';
import { faresJson } from '../fare-texts';
import { SupplierError } from '../types';
import { priceItinerary, type DraftPrice } from './pricing';
import { aircraftName, connectionsOn, distanceKm, flightsOn, type Flight } from './schedule';

/** Long-haul journeys get connections even when the airline flies direct once a day. */
const LONG_HAUL_KM = 4500;

export interface GeneratorOptions {
  /** VAT percent on domestic flights (8 or 10). */
  vatPercent: number;
}

export const isGds = (source: Source): boolean => !(CARRIER_CHANNELS as readonly string[]).includes(source);

interface DraftOffer {
  offer: Omit<FlightOffer, 'lowestFare' | 'priceInfo'>;
  prices: DraftPrice[];
  seatKeys: SeatKey[];
}

/** Throws INVALID_REQUEST unless the search can be answered. */
export function validateSearch(search: SupplierSearch, source?: Source): void {
  const fail = (vi: string, en: string): never => {
    throw new SupplierError('INVALID_REQUEST', { source, vi, en });
  };
  const { from, to, departDate, returnDate, pax } = search;
  if (!AIRPORTS[from]) fail(`Không có sân bay ${from}.`, `Unknown airport ${from}.`);
  if (!AIRPORTS[to]) fail(`Không có sân bay ${to}.`, `Unknown airport ${to}.`);
  if (from === to) fail('Điểm đi và điểm đến phải khác nhau.', 'Departure and arrival must differ.');
  if (!isCalendarDate(departDate)) fail('Ngày đi không hợp lệ.', 'The departure date is not valid.');
  if (returnDate !== undefined) {
    if (!isCalendarDate(returnDate)) fail('Ngày về không hợp lệ.', 'The return date is not valid.');
    if (returnDate < departDate) fail('Ngày về phải sau ngày đi.', 'The return date must not be before the departure date.');
  }
  const counts = [pax.adt, pax.chd, pax.inf];
  if (counts.some((n) => !Number.isInteger(n) || n < 0)) fail('Số hành khách không hợp lệ.', 'Passenger counts are not valid.');
  if (pax.adt < 1) fail('Cần ít nhất một người lớn.', 'At least one adult is needed.');
  if (pax.adt + pax.chd > 9) fail('Tối đa 9 hành khách (người lớn và trẻ em).', 'At most 9 passengers (adults and children).');
  if (pax.inf > pax.adt) fail('Số em bé không được vượt quá số người lớn.', 'There cannot be more infants than adults.');
}

/** Airlines a source sells between two airports. */
export function airlinesFor(source: Source, from: string, to: string): string[] {
  if (!isGds(source)) return [source];
  return isDomestic(from, to) ? ['VN'] : [...GDS_CARRIERS];
}

function itineraries(source: Source, airline: string, from: string, to: string, date: string): Flight[][] {
  const direct = flightsOn(airline, from, to, date).map((f) => [f]);
  const wantConnections = direct.length === 0 || (distanceKm(from, to) > LONG_HAUL_KM && direct.length <= 1);
  const connections = wantConnections ? connectionsOn(airline, from, to, date, { interline: isGds(source) }) : [];
  return [...direct, ...connections];
}

export function terminal(airportCode: string, carrier: string, international: boolean): string | undefined {
  const t = AIRPORTS[airportCode]?.terminals;
  if (!t) return undefined;
  return t.byCarrier?.[carrier] ?? (international ? t.international : t.domestic) ?? t.international;
}

function routeInfoOf(segment: Flight): RouteInfo {
  const operator = segment.operatingCarrier ?? segment.carrier;
  const start = terminal(segment.from, operator, segment.international);
  const end = terminal(segment.to, operator, segment.international);
  return {
    carrierCode: segment.carrier,
    carrierName: CARRIERS[segment.carrier]?.name ?? segment.carrier,
    flightNo: segment.flightNo,
    ...(segment.operatingCarrier ? { operatingCarrier: segment.operatingCarrier } : {}),
    from: segment.from,
    to: segment.to,
    departDate: segment.depLocal,
    arrivalDate: segment.arrLocal,
    flightTimeHour: Math.floor(segment.durationMinutes / 60),
    flightTimeMinute: segment.durationMinutes % 60,
    airCraft: segment.aircraft,
    aircraftType: aircraftName(segment.aircraft),
    ...(start ? { startTerminal: start } : {}),
    ...(end ? { endTerminal: end } : {}),
  };
}

function draftOf(source: Source, airline: string, segments: Flight[], direction: 'depart' | 'return', roundTrip: boolean, options: GeneratorOptions): DraftOffer {
  const first = segments[0];
  const last = segments[segments.length - 1];
  return {
    offer: {
      id: `${source}-${segments.map((s) => s.flightNo).join('.')}-${compactDate(first.date)}`,
      airline,
      source,
      isCarrierChannel: !isGds(source),
      from: first.from,
      to: last.to,
      departDateTime: first.depLocal,
      arrivalDateTime: last.arrLocal,
      numberOfStop: segments.length - 1,
      combineSegment: '',
      totalTimeDuring: Math.round((last.arrUtc - first.depUtc) / 60_000),
      direction,
      routeInfo: segments.map(routeInfoOf),
    },
    prices: priceItinerary({ source, airline, segments, roundTrip, vatPercent: options.vatPercent }),
    seatKeys: segments.map((s) => seatKey(s.flightNo, s.date)),
  };
}

/**
 * The drafts of a (source, route, day, direction) depend on nothing else (not on the passengers, the seats
 * sold or the time of the search): they are built once and kept for the next searches, the most recent
 * DRAFT_CACHE_SIZE of them, frozen so that no caller can change what the next search gets. Seat counts are
 * applied per search (finalize), so they stay live.
 */
const DRAFT_CACHE_SIZE = 600;
const draftCache = new Map<string, readonly DraftOffer[]>();

// ─── perf-mem: the bound of the drafts cache as a setting (OFFER_DRAFT_CACHE_SIZE), and its size for diagnostics
let draftCacheBound = DRAFT_CACHE_SIZE;

// ─── gw-mem3: the drafts cache bounded in bytes too (OFFER_DRAFT_CACHE_MB). A drafts list costs about its number of
// fare classes times DRAFT_BYTES_PER_CLASS of heap once searched (the draft, its offer priced without seats taken,
// their JSON), measured with heap snapshots (when the class texts were kept as slices of one text; the JSON is now
// kept as UTF-8 bytes per offer, see openJsonOf); the combined lists of a GDS round trip count with their outbound
// list, which holds them.
/** Heap bytes per fare class of a cached drafts list, with its offers and their JSON (measured, node 20). */
export const DRAFT_BYTES_PER_CLASS = 900;
let draftCacheByteBound = Infinity;
let draftCacheBytes = 0;
/** Estimated bytes of each cached list (its combined lists included), by cache key. */
const draftBytes = new Map<string, number>();
/** The cache key of a cached outbound list, to charge its combined lists to it. */
const draftKeyOf = new WeakMap<readonly DraftOffer[], string>();

/** The estimated heap bytes of a drafts list (see DRAFT_BYTES_PER_CLASS). */
export function estimatedDraftBytes(drafts: readonly DraftOffer[]): number {
  let classes = 0;
  for (const d of drafts) classes += d.prices.length;
  return classes * DRAFT_BYTES_PER_CLASS;
}

function dropOldestDrafts(): void {
  const key = draftCache.keys().next().value as string;
  draftCache.delete(key);
  draftCacheBytes -= draftBytes.get(key) ?? 0;
  draftBytes.delete(key);
}

/** Drops the least recently used lists beyond the count bound or the byte bound (the newest list always stays). */
function trimDraftCache(): void {
  while (draftCache.size > draftCacheBound || (draftCache.size > 1 && draftCacheBytes > draftCacheByteBound)) dropOldestDrafts();
}

function chargeDrafts(key: string, bytes: number): void {
  draftBytes.set(key, (draftBytes.get(key) ?? 0) + bytes);
  draftCacheBytes += bytes;
}

/** Sets how many drafts lists are kept (at least 1), dropping the least recently used beyond it. */
export function setDraftCacheSize(bound: number): void {
  draftCacheBound = Math.max(1, Math.floor(bound));
  trimDraftCache();
}

/** Sets the bytes the drafts cache may hold (estimated; Infinity for no byte bound), dropping the least recently used beyond it. */
export function setDraftCacheBytes(bound: number): void {
  draftCacheByteBound = bound > 0 ? bound : Infinity;
  trimDraftCache();
}

/** Entries and drafts kept and their estimated bytes; with `measure`, also the bytes of their V8 serialization (slow: diagnostics only). */
export function draftCacheStats(measure = false): { entries: number; bound: number; drafts: number; estimatedBytes: number; byteBound: number | null; serializedBytes?: number } {
  let drafts = 0;
  for (const list of draftCache.values()) drafts += list.length;
  return {
    entries: draftCache.size,
    bound: draftCacheBound,
    drafts,
    estimatedBytes: draftCacheBytes,
    byteBound: Number.isFinite(draftCacheByteBound) ? draftCacheByteBound : null,
    ...(measure ? { serializedBytes: v8.serialize([...draftCache.values()]).byteLength } : {}),
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function cachedDraftsFor(source: Source, from: string, to: string, date: string, direction: 'depart' | 'return', roundTrip: boolean, options: GeneratorOptions): readonly DraftOffer[] {
  const key = `${source}|${from}|${to}|${date}|${direction}|${roundTrip ? 1 : 0}|${options.vatPercent}`;
  let drafts = draftCache.get(key);
  if (drafts) {
    draftCache.delete(key); // most recently used last
    draftCache.set(key, drafts);
  } else {
    drafts = deepFreeze(draftsFor(source, from, to, date, direction, roundTrip, options));
    draftCache.set(key, drafts);
    draftKeyOf.set(drafts, key);
    chargeDrafts(key, estimatedDraftBytes(drafts));
    trimDraftCache();
  }
  return drafts;
}

function draftsFor(source: Source, from: string, to: string, date: string, direction: 'depart' | 'return', roundTrip: boolean, options: GeneratorOptions): DraftOffer[] {
  const drafts = airlinesFor(source, from, to).flatMap((airline) =>
    itineraries(source, airline, from, to, date).map((segments) => draftOf(source, airline, segments, direction, roundTrip, options)),
  );
  return drafts.sort((a, b) => a.offer.departDateTime.localeCompare(b.offer.departDateTime) || a.offer.id.localeCompare(b.offer.id));
}

/**
 * GDS round trips: each airline's outbound and inbound offers are matched one to one (in departure order)
 * into combined fares. The outbound is `A:B` with combineSegment `B:A`, the inbound the other way round.
 */
function combine(departs: readonly DraftOffer[], returns: readonly DraftOffer[]): DraftOffer[] {
  const out: DraftOffer[] = [];
  const back: DraftOffer[] = [];
  const airlines = [...new Set(departs.map((d) => d.offer.airline))];
  for (const airline of airlines) {
    const ds = departs.filter((d) => d.offer.airline === airline);
    const rs = returns.filter((r) => r.offer.airline === airline);
    for (let i = 0; i < Math.min(ds.length, rs.length); i++) {
      const a = ds[i].offer.id;
      const b = rs[i].offer.id;
      out.push({ ...ds[i], offer: { ...ds[i].offer, id: `${a}:${b}`, combineSegment: `${b}:${a}` } });
      back.push({ ...rs[i], offer: { ...rs[i].offer, id: `${b}:${a}`, combineSegment: `${a}:${b}` } });
    }
  }
  const order = (x: DraftOffer, y: DraftOffer) => x.offer.departDateTime.localeCompare(y.offer.departDateTime) || x.offer.id.localeCompare(y.offer.id);
  return [...out.sort(order), ...back.sort(order)];
}

/**
 * The combined drafts of an outbound and an inbound drafts list, kept with the outbound list (so bounded by the
 * drafts cache) for the last few inbound lists it was combined with: their offers priced without seats taken
 * are then reused like those of a one-way search.
 */
const COMBINED_PER_DEPARTURE = 8;
const combinedCache = new WeakMap<readonly DraftOffer[], Map<readonly DraftOffer[], readonly DraftOffer[]>>();

function cachedCombine(departs: readonly DraftOffer[], returns: readonly DraftOffer[]): readonly DraftOffer[] {
  let byReturn = combinedCache.get(departs);
  if (!byReturn) combinedCache.set(departs, (byReturn = new Map()));
  let combined = byReturn.get(returns);
  if (!combined) {
    combined = deepFreeze(combine(departs, returns));
    const key = draftKeyOf.get(departs);
    const cached = key !== undefined && draftCache.get(key) === departs;
    if (byReturn.size >= COMBINED_PER_DEPARTURE) {
      const oldest = byReturn.keys().next().value as readonly DraftOffer[];
      if (cached) chargeDrafts(key, -estimatedDraftBytes(byReturn.get(oldest)!));
      byReturn.delete(oldest);
    }
    byReturn.set(returns, combined);
    if (cached) {
      chargeDrafts(key, estimatedDraftBytes(combined));
      trimDraftCache();
    }
  }
  return combined;
}

/** The offer of a draft with its priceInfo, lowestFare for `seated` passengers, frozen (and remembered as made from the draft). */
function madeOffer(draft: DraftOffer, priceInfo: readonly PriceInfo[], seated: number): FlightOffer {
  let lowest = Infinity;
  let lowestAny = Infinity;
  for (const p of priceInfo) {
    if (p.fareADT < lowestAny) lowestAny = p.fareADT;
    if (p.seatAvailable >= seated && p.fareADT < lowest) lowest = p.fareADT;
  }
  const withSeats = priceInfo.some((p) => p.seatAvailable >= seated);
  const made = Object.freeze({ ...draft.offer, lowestFare: withSeats ? lowest : lowestAny, priceInfo: priceInfo as PriceInfo[] }) as FlightOffer;
  madeFrom.set(made, draft);
  return made;
}

/**
 * The offers of a draft when no seat of its flights is taken, per seated count: built once and reused by every
 * search that finds its flights untouched in the inventory (the common case), with their JSON as bytes.
 * Kept as long as the draft (the drafts cache bounds them): one priceInfo list per draft, one small object and
 * its bytes per seated count. No JSON text of the classes is kept besides those bytes (memory).
 */
interface Untouched {
  priceInfo: readonly PriceInfo[];
  bySeated: Map<number, FlightOffer>;
}
const untouched = new WeakMap<DraftOffer, Untouched>();

function untouchedOf(draft: DraftOffer): Untouched {
  let u = untouched.get(draft);
  if (!u) {
    // the draft's own price when its seat count is already the untouched one (as priced), else a copy with it
    const priceInfo = deepFreeze(
      draft.prices.map(({ price, segmentSeats }) => {
        const seatAvailable = Math.max(0, Math.min(...segmentSeats));
        return price.seatAvailable === seatAvailable ? price : { ...price, seatAvailable };
      }),
    );
    u = { priceInfo, bySeated: new Map() };
    untouched.set(draft, u);
  }
  return u;
}

function untouchedOffer(draft: DraftOffer, seated: number): FlightOffer {
  const u = untouchedOf(draft);
  let offer = u.bySeated.get(seated);
  if (!offer) {
    offer = madeOffer(draft, u.priceInfo, seated);
    u.bySeated.set(seated, offer);
    madeJson.set(offer, writeMadeJson(draft, offer));
  }
  return offer;
}

/** A drafts list's offers with no seat taken, per seated count: the same offers, in order, for every search. */
const untouchedLists = new WeakMap<readonly DraftOffer[], Map<number, readonly FlightOffer[]>>();

function untouchedList(drafts: readonly DraftOffer[], seated: number): readonly FlightOffer[] {
  let bySeated = untouchedLists.get(drafts);
  if (!bySeated) untouchedLists.set(drafts, (bySeated = new Map()));
  let list = bySeated.get(seated);
  if (!list) bySeated.set(seated, (list = Object.freeze(drafts.map((d) => untouchedOffer(d, seated)))));
  return list;
}

/**
 * Applies the inventory adjustment, then fills seatAvailable and lowestFare. A draft whose flights the
 * inventory answers as untouched (`seatsTaken.untaken`, or no `seatsTaken` at all) gets its offer priced
 * without seats taken, built once per draft. For the others each (seat key, class) is asked once; answers
 * given synchronously (a search's seat counts already read) are used at once, only promised ones are awaited.
 * The offers are frozen: they are shared by the searches that get them.
 */
async function finalize(drafts: readonly DraftOffer[], seated: number, seatsTaken?: SeatsTaken): Promise<FlightOffer[]> {
  if (seatsTaken?.ready) await seatsTaken.ready;
  const untaken = seatsTaken ? seatsTaken.untaken : () => true;
  // the common case, every flight untouched: the list made for the first search that found them so
  if (untaken && drafts.every((d) => d.seatKeys.every(untaken))) return untouchedList(drafts, seated).slice();
  const out: (FlightOffer | DraftOffer)[] = drafts.map((d) => (untaken && d.seatKeys.every(untaken) ? untouchedOffer(d, seated) : d));
  const taken = new Map<string, number>();
  if (seatsTaken) {
    const pending: Promise<void>[] = [];
    const keep = (k: string, n: number) => taken.set(k, Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);
    for (const d of out) {
      if (!isDraft(d)) continue;
      for (const key of d.seatKeys) {
        for (const p of d.prices) {
          const k = `${key}#${p.price.class}`;
          if (taken.has(k)) continue;
          taken.set(k, 0);
          const n = seatsTaken(key, p.price.class);
          if (typeof n === 'number') keep(k, n);
          else pending.push(n.then((v) => void keep(k, v)));
        }
      }
    }
    if (pending.length > 0) await Promise.all(pending);
  }
  return out.map((d) => {
    if (!isDraft(d)) return d;
    const { prices, seatKeys } = d;
    const priceInfo = prices.map(({ price, segmentSeats }) => {
      let seats = Infinity;
      for (let i = 0; i < segmentSeats.length; i++) seats = Math.min(seats, segmentSeats[i] - (taken.get(`${seatKeys[i]}#${price.class}`) ?? 0));
      return Object.freeze({ ...price, seatAvailable: Math.max(0, seats) });
    });
    return madeOffer(d, Object.freeze(priceInfo), seated);
  });
}

const isDraft = (x: FlightOffer | DraftOffer): x is DraftOffer => 'prices' in x && 'seatKeys' in x;

/**
 * The JSON text of the offers this generator made, as sent in a poll (the wire offer of contract/flights-poll.ts:
 * the fare classes as one table naming their shared texts by key, fare-texts.ts). An answer of seven sources is about a
 * quarter of a megabyte of it; the offers are frozen, so the text of each is written once, as UTF-8 bytes (those
 * of untouched flights are reused by every search), with the keys of the texts it names, and a copy with extra
 * fields after its own (the search session's signInId) is those bytes plus them: a poll answer is copied together
 * from bytes (`generatedOfferBytes`), never encoded again.
 */
interface DraftJson {
  /** `{"id":…,"routeInfo":[…]` of the draft's offer (no closing brace). */
  head: string;
}
const draftJsons = new WeakMap<DraftOffer, DraftJson>();
const madeFrom = new WeakMap<FlightOffer, DraftOffer>();
/** An offer this generator made: frozen to the last field, its wire JSON written from what it keeps. */
export const isGeneratedOffer = (offer: FlightOffer): boolean => madeFrom.has(offer);

/** The wire JSON of a made offer without its closing brace, UTF-8, and the keys of the fare texts it names. */
interface MadeJson {
  bytes: Buffer;
  keys: readonly number[];
  /** The made offer's field names, in order (it is frozen): what a copy's are checked against. */
  fields: readonly string[];
}
const madeJson = new WeakMap<FlightOffer, MadeJson>();

function draftJson(draft: DraftOffer): DraftJson {
  let json = draftJsons.get(draft);
  if (!json) {
    // the segments as the wire offer sends them (their values in order)
    json = { head: JSON.stringify(draft.offer, (key, value: unknown) => (key === 'routeInfo' && Array.isArray(value) ? draft.offer.routeInfo.map(wireSegmentOf) : value)).slice(0, -1) };
    draftJsons.set(draft, json);
  }
  return json;
}

const numberJson = (n: number) => (Number.isFinite(n) ? String(n) : 'null');

function writeMadeJson(draft: DraftOffer, made: FlightOffer): MadeJson {
  const table = faresJson(made.priceInfo);
  return {
    bytes: Buffer.from(`${draftJson(draft).head},"lowestFare":${numberJson(made.lowestFare)},"fares":${table.json}`),
    keys: Object.freeze(table.keys),
    fields: Object.freeze(Object.keys(made)),
  };
}

/** The wire JSON of an offer this generator made, without its closing brace, as UTF-8 bytes. */
function openJsonOf(made: FlightOffer): MadeJson | undefined {
  let json = madeJson.get(made);
  if (json === undefined) {
    const draft = madeFrom.get(made);
    if (!draft || !Object.isFrozen(made)) return undefined;
    // an offer priced for one search (seats taken on its flights): written once, when first sent
    json = writeMadeJson(draft, made);
    madeJson.set(made, json);
  }
  return json;
}

/**
 * The end of the JSON of `offer` after the made offer's own fields (its `extra` fields and the closing brace),
 * when `offer` is `made` or a copy of it with the same fields in the same order (the same values: priceInfo and
 * routeInfo the same frozen lists) and the given `extra` ones after them; undefined otherwise, so a changed copy
 * is never written from the made offer's text.
 */
function copyTail(offer: FlightOffer, made: FlightOffer, own: readonly string[], extra: readonly string[]): string | undefined {
  if (offer === made && extra.length === 0) return '}';
  const fields = made as unknown as Record<string, unknown>;
  const copy = offer as unknown as Record<string, unknown>;
  const keys = Object.keys(offer);
  if (keys.length !== own.length + extra.length) return undefined;
  for (let i = 0; i < own.length; i++) if (keys[i] !== own[i] || copy[own[i]] !== fields[own[i]]) return undefined;
  let tail = '';
  for (let i = 0; i < extra.length; i++) {
    const key = extra[i];
    const value = copy[key];
    if (keys[own.length + i] !== key || value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
    tail += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
  }
  return `${tail}}`;
}

/**
 * The UTF-8 bytes of the wire JSON of `offer` (its fare classes as a table) in two pieces (the made offer's cached
 * bytes, then the rest as text) and the keys of the fare texts it names, when `offer` is an offer this generator
 * made, or a copy of one (`made`) with the given `extra` fields after its own (see copyTail); undefined otherwise.
 */
export function generatedOfferBytes(
  offer: FlightOffer,
  made: FlightOffer = offer,
  extra: readonly string[] = [],
): { pieces: [Buffer, string]; keys: readonly number[] } | undefined {
  const open = openJsonOf(made);
  if (open === undefined) return undefined;
  const tail = copyTail(offer, made, open.fields, extra);
  return tail === undefined ? undefined : { pieces: [open.bytes, tail], keys: open.keys };
}

/** The wire JSON of an offer as text, from the same pieces as `generatedOfferBytes` (undefined when it is). */
export function generatedOfferJson(offer: FlightOffer, made: FlightOffer = offer, extra: readonly string[] = []): string | undefined {
  const written = generatedOfferBytes(offer, made, extra);
  return written && written.pieces[0].toString('utf8') + written.pieces[1];
}

/**
 * Offers of `source` for the search. One way: the outbound offers. Round trip: outbound then inbound
 * offers; GDSs answer with combined fares (`A:B` ids), carrier channels with one-way offers per direction.
 * lowestFare is the lowest adult fare of a class with seats for all seated passengers (adults and
 * children), or the lowest fare when no class has enough.
 */
export async function generateOffers(source: Source, search: SupplierSearch, options: GeneratorOptions, seatsTaken?: SeatsTaken): Promise<FlightOffer[]> {
  validateSearch(search, source);
  const { from, to, departDate, returnDate, pax } = search;
  const roundTrip = returnDate !== undefined;
  const combined = roundTrip && isGds(source);
  const departs = cachedDraftsFor(source, from, to, departDate, 'depart', combined, options);
  let drafts = departs;
  if (roundTrip) {
    const returns = cachedDraftsFor(source, to, from, returnDate, 'return', combined, options);
    drafts = combined ? cachedCombine(departs, returns) : [...departs, ...returns];
  }
  return finalize(drafts, Math.max(1, pax.adt + pax.chd), seatsTaken);
}
