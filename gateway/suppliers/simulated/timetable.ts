/**
 * The simulated airport timetable (the board): the operated flights of a source's airlines at an airport in
 * a time window, from the same deterministic schedule searches sell, each with a seeded gate, belt and
 * disruption (most flights run on time; some are late, a few change gate, fewer are cancelled). The same
 * flight on the same date always gets the same disruption.
 */
import type { Disruption } from '../../../contract/board';
import type { Source } from '../../../contract/flights';
import { addDays, formatLocal } from '../../platform/clock';
import type { ScheduledFlight } from '../flights';
import { AIRPORTS, GDS_CARRIERS, NETWORK } from '../reference-data';
import { terminal } from './generator';
import { Rand } from './random';
import { flightsOn, type Flight } from './schedule';

const DAY = 86_400_000;

/** Operated airlines of a source: its own for a carrier channel, the foreign airlines for a GDS. */
function carriersOf(source: Source, gds: boolean): readonly string[] {
  return gds ? GDS_CARRIERS.filter((c) => c !== 'VN') : [source];
}

/** The seeded disruption of one flight on one date. */
export function disruptionOf(flightNo: string, date: string): Disruption {
  const rand = new Rand('board', flightNo, date);
  const roll = rand.between(0, 100);
  if (roll < 3) return { delayMinutes: 0, cancelled: true, gateChangedTo: null };
  if (roll < 8) return { delayMinutes: 0, cancelled: false, gateChangedTo: gateOf(flightNo, date, 'changed') };
  if (roll < 22) return { delayMinutes: 5 * Math.round(rand.between(4, 24)), cancelled: false, gateChangedTo: null };
  return { delayMinutes: 0, cancelled: false, gateChangedTo: null };
}

function gateOf(flightNo: string, date: string, salt: string): string {
  const rand = new Rand('gate', salt, flightNo, date);
  return `${'ABC'[Math.floor(rand.between(0, 3))]}${1 + Math.floor(rand.between(0, 24))}`;
}

function scheduled(f: Flight): ScheduledFlight {
  const disruption = disruptionOf(f.flightNo, f.date);
  return {
    airline: f.carrier,
    flightNo: f.flightNo,
    from: f.from,
    to: f.to,
    date: f.date,
    depUtc: f.depUtc,
    arrUtc: f.arrUtc,
    startTerminal: terminal(f.from, f.carrier, f.international) ?? null,
    endTerminal: terminal(f.to, f.carrier, f.international) ?? null,
    gate: disruption.gateChangedTo ?? gateOf(f.flightNo, f.date, 'gate'),
    belt: String(1 + (new Rand('belt', f.flightNo, f.date).between(0, 8) | 0)),
    disruption,
  };
}

/** Flights departing from or arriving at `airport` with the scheduled time in [fromMs, toMs). */
export function timetableOf(source: Source, gds: boolean, airport: string, fromMs: number, toMs: number): ScheduledFlight[] {
  if (!AIRPORTS[airport] || toMs <= fromMs) return [];
  const carriers = new Set(carriersOf(source, gds));
  const out: ScheduledFlight[] = [];
  for (const route of NETWORK) {
    if (route.a !== airport && route.b !== airport) continue;
    const other = route.a === airport ? route.b : route.a;
    for (const carrier of Object.keys(route.carriers)) {
      if (!carriers.has(carrier)) continue;
      for (const [from, to] of [[airport, other], [other, airport]] as const) {
        const zone = AIRPORTS[from].timeZone;
        // local dates at the origin whose flights can touch the window (long hauls land the next day)
        const first = formatLocal(fromMs - DAY, zone).slice(0, 10);
        const last = formatLocal(toMs, zone).slice(0, 10);
        for (let date = first; date <= last; date = addDays(date, 1)) {
          for (const f of flightsOn(carrier, from, to, date)) {
            // a codeshare copy of another carrier's flight: that carrier lists it
            if (f.operatingCarrier && route.carriers[f.operatingCarrier]) continue;
            const at = from === airport ? f.depUtc : f.arrUtc;
            if (at >= fromMs && at < toMs) out.push(scheduled(f));
          }
        }
      }
    }
  }
  return out;
}
