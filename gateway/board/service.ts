/**
 * The airport board: departures and arrivals of one airport around now, from the suppliers' timetables
 * (every flight source, each operated flight once), with the status of contract/board.ts `boardStatusAt`
 * at the gateway's clock. Nothing is stored: the same clock gives the same board.
 */
import { boardStatusAt, type BoardAnswer, type BoardDirection, type BoardFlight } from '../../contract/board';
import { ErrorCode } from '../../contract/errors';
import { formatLocal } from '../platform/clock';
import { ApiError } from '../platform/http/errors';
import type { ScheduledFlight, SupplierRegistry } from '../suppliers';
import { AIRPORTS } from '../suppliers/reference-data';

const MINUTE = 60_000;

/** How far back and ahead of now the board looks, by scheduled time, and how many rows each side shows. */
export const BOARD_WINDOW = {
  departures: { backMinutes: 30, aheadMinutes: 6 * 60 },
  arrivals: { backMinutes: 60, aheadMinutes: 6 * 60 },
  // a delayed flight stays on the board while it is still to come: look further back for those
  delayedBackMinutes: 3 * 60,
  rows: 30,
} as const;

function row(f: ScheduledFlight, direction: BoardDirection, now: number, timeZone: string): BoardFlight {
  const scheduled = direction === 'departure' ? f.depUtc : f.arrUtc;
  const other = direction === 'departure' ? f.to : f.from;
  const { status, changesAt } = boardStatusAt(direction, scheduled, now, f.disruption);
  const delay = f.disruption.cancelled ? 0 : f.disruption.delayMinutes;
  return {
    key: `${f.flightNo}/${f.date}`,
    airline: f.airline,
    flightNo: f.flightNo,
    place: other,
    placeNameVi: AIRPORTS[other]?.cityVi ?? other,
    placeNameEn: AIRPORTS[other]?.cityEn ?? other,
    scheduled: new Date(scheduled).toISOString(),
    scheduledLocal: formatLocal(scheduled, timeZone),
    expectedLocal: delay > 0 ? formatLocal(scheduled + delay * MINUTE, timeZone) : null,
    terminal: (direction === 'departure' ? f.startTerminal : f.endTerminal) ?? null,
    gate: direction === 'departure' ? f.gate : f.belt,
    status,
    changesAt: changesAt === null ? null : new Date(changesAt).toISOString(),
  };
}

/** The rows of one side: still relevant at `now`, by scheduled time, at most BOARD_WINDOW.rows. */
function side(flights: ScheduledFlight[], direction: BoardDirection, airport: string, now: number, timeZone: string): BoardFlight[] {
  const w = direction === 'departure' ? BOARD_WINDOW.departures : BOARD_WINDOW.arrivals;
  const seen = new Set<string>();
  const rows: BoardFlight[] = [];
  const mine = flights
    .filter((f) => (direction === 'departure' ? f.from : f.to) === airport)
    .sort((a, b) => (direction === 'departure' ? a.depUtc - b.depUtc : a.arrUtc - b.arrUtc) || a.flightNo.localeCompare(b.flightNo));
  for (const f of mine) {
    const scheduled = direction === 'departure' ? f.depUtc : f.arrUtc;
    const expected = scheduled + (f.disruption.cancelled ? 0 : f.disruption.delayMinutes) * MINUTE;
    if (expected < now - w.backMinutes * MINUTE || scheduled >= now + w.aheadMinutes * MINUTE) continue;
    const key = `${f.flightNo}/${f.date}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push(row(f, direction, now, timeZone));
    if (rows.length >= BOARD_WINDOW.rows) break;
  }
  return rows;
}

export function airportBoard(suppliers: SupplierRegistry, place: string, now: number): BoardAnswer {
  const code = place.trim().toUpperCase();
  const airport = AIRPORTS[code];
  if (!airport) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'place', place: code });
  const from = now - (BOARD_WINDOW.delayedBackMinutes + BOARD_WINDOW.arrivals.backMinutes) * MINUTE;
  const to = now + Math.max(BOARD_WINDOW.departures.aheadMinutes, BOARD_WINDOW.arrivals.aheadMinutes) * MINUTE;
  const flights = suppliers.flightSources.flatMap((source) => suppliers.flightQuotes(source).schedule(code, from, to));
  const departures = side(flights, 'departure', code, now, airport.timeZone);
  const arrivals = side(flights, 'arrival', code, now, airport.timeZone);
  const changes = [...departures, ...arrivals].map((r) => r.changesAt).filter((c): c is string => c !== null).sort();
  return {
    code,
    nameVi: airport.nameVi,
    nameEn: airport.nameEn,
    cityVi: airport.cityVi,
    cityEn: airport.cityEn,
    timeZone: airport.timeZone,
    now: new Date(now).toISOString(),
    nowLocal: formatLocal(now, airport.timeZone),
    nextChangeAt: changes[0] ?? null,
    departures,
    arrivals,
  };
}
