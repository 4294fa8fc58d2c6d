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

/** The drawing of each carriage kind of the contract (seat64, seat56, hard80, berth6, berth4, berth2). */
export function layoutOf(kind: string): CarriageLayout {
  switch (kind) {
    case 'berth6':
      return { kind: 'berths', levels: 3 };
    case 'berth4':
      return { kind: 'berths', levels: 2 };
    case 'berth2':
      return { kind: 'berths', levels: 1 };
    default:
      return { kind: 'seats', perRow: 4 };
  }
}

/**
 * A place as the server describes it: its number, and where it is when the server says so (seat cars: row
 * and column 1–4, row 0 the extra seats; berth cars: compartment, level and side). Without a position the
 * railway's numbering decides.
 */
export interface NumberedSeat {
  seatNo: number;
  row?: number;
  column?: number;
  compartment?: number;
  level?: Level;
  side?: 'left' | 'right';
}

export interface SeatRows<S> {
  kind: 'seats';
  /** Extra seats (GP, row 0), drawn apart. */
  extra: S[];
  /** Each row: the places from one side to the other, null for the aisle or a missing seat. */
  rows: (S | null)[][];
}

export interface Compartment<S> {
  no: number;
  /** Top level first (upper, middle, lower), each with its two berths (left, right; null when missing). */
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
  if (layout.kind === 'seats') {
    const per = Math.max(1, layout.perRow);
    const half = Math.ceil(per / 2);
    const extra = seats.filter((s) => s.row === 0).sort((a, b) => a.seatNo - b.seatNo);
    const placed = new Map<string, S>();
    let lastRow = 0;
    for (const s of seats) {
      if (s.row === 0) continue;
      const row = s.row ?? Math.floor((s.seatNo - 1) / per) + 1;
      const column = s.column ?? ((s.seatNo - 1) % per) + 1;
      placed.set(`${row}:${column}`, s);
      lastRow = Math.max(lastRow, row);
    }
    const rows: (S | null)[][] = [];
    for (let r = 1; r <= lastRow; r += 1) {
      const row: (S | null)[] = [];
      for (let c = 1; c <= per; c += 1) {
        if (c === half + 1) row.push(null); // the aisle
        row.push(placed.get(`${r}:${c}`) ?? null);
      }
      rows.push(row);
    }
    return { kind: 'seats', extra, rows };
  }
  const order = LEVELS_BY_COUNT[layout.levels];
  const placed = new Map<string, S>();
  let last = 0;
  for (const s of seats) {
    const compartment = s.compartment ?? compartmentOf(s.seatNo, layout.levels);
    const level = s.level ?? berthLevel(s.seatNo, layout.levels);
    const side = s.side ? (s.side === 'left' ? 0 : 1) : (s.seatNo - 1) % 2;
    placed.set(`${compartment}:${level}:${side}`, s);
    last = Math.max(last, compartment);
  }
  const compartments: Compartment<S>[] = [];
  for (let no = 1; no <= last; no += 1) {
    const levels = order.map((level) => ({ level, berths: [placed.get(`${no}:${level}:0`) ?? null, placed.get(`${no}:${level}:1`) ?? null] }));
    compartments.push({ no, levels: levels.reverse() });
  }
  return { kind: 'berths', compartments };
}
