/**
 * Carriage layouts as the seat map draws them (domain facts: soft seats in 56- or 64-seat cars, 6-berth and
 * 4-berth sleeper compartments with lower, middle and upper berths, 2-berth VIP).
 *
 * Definitions used here (the railway's numbering):
 * - Seat cars: seats numbered along the car, `perRow` a row (4: two each side of the aisle, 1–2 | 3–4). A row
 *   is drawn with a gap (null) at the aisle. A missing number leaves an empty place.
 * - Sleeper cars: compartments of 2 × levels berths, numbered compartment by compartment; inside one,
 *   numbers go by level from the bottom: 1–2 lower, 3–4 middle (6-berth), then upper (5–6, or 3–4 in a
 *   4-berth one). A 2-berth VIP compartment has one level (lower). Levels are listed top first, as drawn.
 */

export type Level = 'lower' | 'middle' | 'upper';

export type CarriageLayout = { kind: 'seats'; perRow: number } | { kind: 'berths'; levels: 1 | 2 | 3 };

export interface NumberedSeat {
  seatNo: number;
}

export interface SeatRows<S> {
  kind: 'seats';
  /** Each row: the places from one side to the other, null for the aisle or a missing seat. */
  rows: (S | null)[][];
}

export interface Compartment<S> {
  no: number;
  /** Top level first (upper, middle, lower), each with its two berths (null when missing). */
  levels: { level: Level; berths: (S | null)[] }[];
}

export interface BerthCompartments<S> {
  kind: 'berths';
  compartments: Compartment<S>[];
}

export type DrawnCarriage<S> = SeatRows<S> | BerthCompartments<S>;

export const LEVELS_BY_COUNT: Record<1 | 2 | 3, Level[]> = { 1: ['lower'], 2: ['lower', 'upper'], 3: ['lower', 'middle', 'upper'] };

/** The level of a berth number in compartments of 2 × levels berths. */
export function berthLevel(seatNo: number, levels: 1 | 2 | 3): Level {
  const inCompartment = (seatNo - 1) % (2 * levels);
  return LEVELS_BY_COUNT[levels][Math.floor(inCompartment / 2)];
}

/** The compartment (1-based) of a berth number. */
export function compartmentOf(seatNo: number, levels: 1 | 2 | 3): number {
  return Math.floor((seatNo - 1) / (2 * levels)) + 1;
}

/** The drawing of a carriage: its seats in rows, or its berths in compartments by level. */
export function drawCarriage<S extends NumberedSeat>(layout: CarriageLayout, seats: readonly S[]): DrawnCarriage<S> {
  const byNo = new Map(seats.map((s) => [s.seatNo, s]));
  const max = seats.reduce((m, s) => Math.max(m, s.seatNo), 0);
  if (layout.kind === 'seats') {
    const per = Math.max(1, layout.perRow);
    const half = Math.ceil(per / 2);
    const rows: (S | null)[][] = [];
    for (let first = 1; first <= max; first += per) {
      const row: (S | null)[] = [];
      for (let i = 0; i < per; i += 1) {
        if (i === half) row.push(null); // the aisle
        row.push(byNo.get(first + i) ?? null);
      }
      rows.push(row);
    }
    return { kind: 'seats', rows };
  }
  const per = 2 * layout.levels;
  const compartments: Compartment<S>[] = [];
  for (let first = 1, no = 1; first <= max; first += per, no += 1) {
    const levels = LEVELS_BY_COUNT[layout.levels].map((level, i) => ({
      level,
      berths: [byNo.get(first + 2 * i) ?? null, byNo.get(first + 2 * i + 1) ?? null],
    }));
    compartments.push({ no, levels: levels.reverse() });
  }
  return { kind: 'berths', compartments };
}
