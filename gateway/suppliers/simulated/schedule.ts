/**
 * Schedules of the simulated network: which flights a carrier flies between two airports on a date, and
 * one-stop connections through hubs. Schedules repeat weekly (times and flight numbers are seeded by
 * carrier, route and flight index, not by date); the number of flights varies by weekday.
 */
import {
  AIRCRAFT,
  AIRPORTS,
  BLOCK_TIME,
  CARRIERS,
  DEPARTURE_WINDOW,
  FLIGHT_NUMBERS,
  greatCircleKm,
  INTERLINE,
  isDomestic,
  MAX_LAYOVER_MINUTES,
  minimumConnectionMinutes,
  NETWORK,
  WEEKDAY_FREQUENCY,
  type Airport,
  type Fleet,
  type NetworkRoute,
} from '../reference-data';
import { addDays, formatLocal, localToUtc, weekday } from '../../platform/clock';
import { Rand, hash32 } from './random';

const MINUTE = 60_000;

export interface Flight {
  carrier: string;
  /** With the carrier prefix, e.g. VN213. */
  flightNo: string;
  operatingCarrier?: string;
  from: string;
  to: string;
  /** Local departure date yyyy-MM-dd. */
  date: string;
  depUtc: number;
  arrUtc: number;
  depLocal: string;
  arrLocal: string;
  aircraft: string;
  durationMinutes: number;
  distanceKm: number;
  international: boolean;
  trunk: boolean;
  thin: boolean;
}

export const pairKey = (a: string, b: string): string => (a < b ? `${a}-${b}` : `${b}-${a}`);

const ROUTES = new Map<string, NetworkRoute>();
for (const route of NETWORK) {
  const key = pairKey(route.a, route.b);
  if (ROUTES.has(key)) throw new Error(`Duplicate network route ${key}`);
  for (const code of [route.a, route.b]) if (!AIRPORTS[code]) throw new Error(`Unknown airport ${code} in network`);
  ROUTES.set(key, route);
}

export function routeOf(a: string, b: string): NetworkRoute | undefined {
  return ROUTES.get(pairKey(a, b));
}

export function distanceKm(a: string, b: string): number {
  return greatCircleKm(AIRPORTS[a], AIRPORTS[b]);
}

/** Highest number of flights a day (busy weekdays included). */
function maxFrequency(freq: number): number {
  return freq + Math.floor(freq * WEEKDAY_FREQUENCY.busyExtra);
}

/** Flights of the day: base frequency adjusted by weekday. */
function frequencyOn(freq: number, date: string): number {
  const day = weekday(date);
  if ((WEEKDAY_FREQUENCY.busyDays as readonly number[]).includes(day)) return maxFrequency(freq);
  if ((WEEKDAY_FREQUENCY.quietDays as readonly number[]).includes(day)) return Math.max(1, freq - Math.floor(freq * WEEKDAY_FREQUENCY.quietLess));
  return freq;
}

// ----- Flight number blocks, allocated once, without collisions per carrier ---------------------------------

const FLIGHT_NUMBER_BLOCKS = new Map<string, number>();
(() => {
  const used = new Map<string, Set<number>>();
  const take = (carrier: string, base: number, size: number, label: string) => {
    const set = used.get(carrier) ?? new Set<number>();
    used.set(carrier, set);
    for (let n = base; n < base + size; n++) {
      if (set.has(n)) throw new Error(`Flight number block ${carrier}${base} of ${label} overlaps another`);
    }
    for (let n = base; n < base + size; n++) set.add(n);
  };
  const blockSize = (freq: number) => 2 * maxFrequency(freq);
  // Explicit blocks first, then consecutive blocks from the carrier's ranges in network order.
  for (const route of NETWORK) {
    for (const [carrier, freq] of Object.entries(route.carriers)) {
      const key = pairKey(route.a, route.b);
      const base = FLIGHT_NUMBERS[carrier]?.blocks?.[key];
      if (base !== undefined) {
        take(carrier, base, blockSize(freq), key);
        FLIGHT_NUMBER_BLOCKS.set(`${carrier}|${key}`, base);
      }
    }
  }
  const cursors = new Map<string, number>();
  for (const route of NETWORK) {
    for (const [carrier, freq] of Object.entries(route.carriers)) {
      const key = pairKey(route.a, route.b);
      if (FLIGHT_NUMBER_BLOCKS.has(`${carrier}|${key}`)) continue;
      const rules = FLIGHT_NUMBERS[carrier];
      if (!rules) throw new Error(`No flight number rules for ${carrier}`);
      const range = isDomestic(route.a, route.b) ? (rules.domestic ?? rules.international) : rules.international;
      const cursorKey = `${carrier}|${range[0]}`;
      let base = cursors.get(cursorKey) ?? range[0] + (range[0] % 2);
      const size = blockSize(freq);
      const set = used.get(carrier) ?? new Set<number>();
      const free = (b: number) => Array.from({ length: size }, (_, i) => b + i).every((n) => !set.has(n));
      while (!free(base)) base += 2;
      if (base + size - 1 > range[1]) throw new Error(`Flight number range of ${carrier} exhausted at ${key}`);
      take(carrier, base, size, key);
      FLIGHT_NUMBER_BLOCKS.set(`${carrier}|${key}`, base);
      cursors.set(cursorKey, base + size + (size % 2));
    }
  }
})();

// ----- Aircraft and block times ------------------------------------------------------------------------------

function fleetFor(carrier: string, route: NetworkRoute, km: number): string[] {
  const fleet: Fleet = CARRIERS[carrier]?.fleet ?? {};
  const wanted: (keyof Fleet)[] = route.thin ? ['thin', 'short'] : route.trunk ? ['trunk', 'short'] : km <= 1500 ? ['short', 'medium', 'trunk'] : km <= 4500 ? ['medium', 'long', 'short'] : ['long', 'medium'];
  for (const kind of wanted) {
    const list = fleet[kind];
    if (list && list.length > 0) return list;
  }
  return ['321'];
}

export function blockMinutes(km: number, aircraft: string): number {
  const turboprop = aircraft === 'AT7';
  const speed = turboprop ? BLOCK_TIME.turbopropKmh : km >= BLOCK_TIME.longFromKm ? BLOCK_TIME.longKmh : BLOCK_TIME.shortKmh;
  const extra = km > 4500 ? BLOCK_TIME.longHaulExtraMinutes : 0;
  return Math.max(5, Math.round(((km / speed) * 60 + BLOCK_TIME.taxiMinutes + extra) / 5) * 5);
}

// ----- Flights of a carrier on a date ------------------------------------------------------------------------

const cache = new Map<string, Flight[]>();
const CACHE_LIMIT = 20_000;

/**
 * Flights `carrier` markets from `from` to `to` departing on local date `date`, sorted by departure.
 * Codeshares copy the operating carrier's flights (same times, own flight numbers).
 */
export function flightsOn(carrier: string, from: string, to: string, date: string): Flight[] {
  const cacheKey = `${carrier}|${from}|${to}|${date}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const result = computeFlights(carrier, from, to, date);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(cacheKey, result);
  return result;
}

function computeFlights(carrier: string, from: string, to: string, date: string): Flight[] {
  const route = routeOf(from, to);
  const freq = route?.carriers[carrier];
  if (!route || !freq) return [];
  const key = pairKey(from, to);
  const base = FLIGHT_NUMBER_BLOCKS.get(`${carrier}|${key}`) ?? 0;
  const reverse = from > to ? 1 : 0;
  const operator = route.operatedBy?.[carrier];

  // Codeshare on the operating carrier's own flights.
  if (operator && route.carriers[operator]) {
    const operated = flightsOn(operator, from, to, date);
    return operated.slice(0, frequencyOn(freq, date)).map((f, i) => ({
      ...f,
      carrier,
      flightNo: `${carrier}${base + 2 * i + reverse}`,
      operatingCarrier: operator,
    }));
  }

  const origin: Airport = AIRPORTS[from];
  const destination: Airport = AIRPORTS[to];
  const km = greatCircleKm(origin, destination);
  const domestic = isDomestic(from, to);
  const [w0, w1] = domestic ? DEPARTURE_WINDOW.domestic : DEPARTURE_WINDOW.international;
  const slots = maxFrequency(freq);
  const today = frequencyOn(freq, date);
  // Which slots fly today: the ones with the lowest seeded rank.
  const ranked = Array.from({ length: slots }, (_, i) => i).sort(
    (x, y) => hash32(`${carrier}|${from}|${to}|rank|${x}`) - hash32(`${carrier}|${from}|${to}|rank|${y}`),
  );
  const flying = new Set(ranked.slice(0, today));
  const fleet = fleetFor(carrier, route, km);
  const flights: Flight[] = [];
  for (let i = 0; i < slots; i++) {
    if (!flying.has(i)) continue;
    const rand = new Rand('slot', carrier, from, to, i);
    const position = slots === 1 ? rand.between(0.1, 0.9) : (i + 0.5 + rand.between(-0.4, 0.4)) / slots;
    const minutes = Math.round((w0 + (w1 - w0) * position) / 5) * 5;
    const aircraft = rand.pick(fleet);
    const duration = blockMinutes(km, aircraft);
    const depUtc = localToUtc(date, minutes, origin.timeZone);
    const arrUtc = depUtc + duration * MINUTE;
    flights.push({
      carrier,
      flightNo: `${carrier}${base + 2 * i + reverse}`,
      ...(operator ? { operatingCarrier: operator } : {}),
      from,
      to,
      date,
      depUtc,
      arrUtc,
      depLocal: formatLocal(depUtc, origin.timeZone),
      arrLocal: formatLocal(arrUtc, destination.timeZone),
      aircraft,
      durationMinutes: duration,
      distanceKm: km,
      international: !domestic,
      trunk: !!route.trunk,
      thin: !!route.thin,
    });
  }
  return flights.sort((a, b) => a.depUtc - b.depUtc);
}

export function aircraftName(code: string): string {
  return AIRCRAFT[code] ?? code;
}

// ----- Connections -----------------------------------------------------------------------------------------

/** Longest detour accepted for a connection: hub legs against the direct distance. */
const MAX_DETOUR = 1.6;
/** Connections kept per hub and marketing carrier. */
const MAX_CONNECTIONS_PER_HUB = 4;

/**
 * One-stop itineraries sold by `airline` from `from` to `to` on `date`: through its hubs on its own
 * flights, or through an interline hub with a partner's feeder flight. The second flight may leave the
 * next day. At least one flight is the airline's own.
 */
export function connectionsOn(airline: string, from: string, to: string, date: string, options: { interline: boolean }): Flight[][] {
  const carrier = CARRIERS[airline];
  if (!carrier || carrier.pointToPoint) return [];
  const interline = options.interline ? INTERLINE[airline] : undefined;
  const hubs = [...new Set([...carrier.hubs, ...(interline?.via ?? [])])].filter((h) => h !== from && h !== to);
  const segmentCarriers = [airline, ...(interline?.feeders ?? [])];
  const direct = distanceKm(from, to);
  const results: Flight[][] = [];
  for (const hub of hubs) {
    if (distanceKm(from, hub) + distanceKm(hub, to) > MAX_DETOUR * direct) continue;
    const firsts = segmentCarriers.flatMap((c) => flightsOn(c, from, hub, date));
    if (firsts.length === 0) continue;
    const seconds = segmentCarriers.flatMap((c) => [...flightsOn(c, hub, to, date), ...flightsOn(c, hub, to, addDays(date, 1))]).sort((a, b) => a.depUtc - b.depUtc);
    const international = !isDomestic(from, to) || !isDomestic(hub, hub);
    const mct = minimumConnectionMinutes(hub, international) * MINUTE;
    const found: Flight[][] = [];
    for (const first of firsts) {
      const second = seconds.find(
        (s) =>
          (s.carrier === airline || first.carrier === airline) &&
          s.depUtc >= first.arrUtc + mct &&
          s.depUtc <= first.arrUtc + MAX_LAYOVER_MINUTES * MINUTE,
      );
      if (second) found.push([first, second]);
    }
    found.sort((x, y) => x[1].arrUtc - x[0].depUtc - (y[1].arrUtc - y[0].depUtc) || x[0].depUtc - y[0].depUtc);
    results.push(...found.slice(0, MAX_CONNECTIONS_PER_HUB));
  }
  return results;
}
