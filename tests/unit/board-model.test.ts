import { describe, expect, it } from 'vitest';
import { BOARD_STATUSES, boardStatusAt, type BoardStatus, type Disruption } from '../../contract/board';
import { clockOf, placeCode, statusColour, type StatusColour } from '../../plugins/board/model/status-colour';

const M = 60_000;
const T = Date.parse('2026-06-10T03:00:00Z');
const none: Disruption = { delayMinutes: 0, cancelled: false, gateChangedTo: null };
const late = (delayMinutes: number): Disruption => ({ ...none, delayMinutes });

describe('flight status colours (spec point 4)', () => {
  const table: [BoardStatus, StatusColour][] = [
    ['DEPARTED', 'blue'],
    ['ARRIVED', 'blue'],
    ['ON_TIME', 'blue'],
    ['BOARDING', 'teal'],
    ['LAST_BOARDING', 'teal'],
    ['LAST_CALL', 'teal'],
    ['BAGS_DELIVERED', 'teal'],
    ['CANCELLED', 'red'],
    ['GATE_CLOSED', 'red'],
    ['GATE_CHANGED', 'red'],
    ['LATE_ARRIVAL', 'amber'],
    ['DELAYED', 'amber'],
    ['CHECKIN_CLOSED', 'amber'],
  ];
  it.each(table)('%s is %s', (status, colour) => expect(statusColour(status)).toBe(colour));
  it('covers every status', () => expect(new Set(table.map(([s]) => s))).toEqual(new Set(BOARD_STATUSES)));
});

describe('boardStatusAt: departures', () => {
  const table: [string, number, Disruption, BoardStatus, number | null][] = [
    // label, minutes from scheduled departure, disruption, status, next change (minutes from scheduled)
    ['long before', -180, none, 'ON_TIME', -50],
    ['check-in closes at -50', -50, none, 'CHECKIN_CLOSED', -41],
    ['boarding from -41', -41, none, 'BOARDING', -22],
    ['last call from -22', -22, none, 'LAST_CALL', -14],
    ['last boarding from -14', -14, none, 'LAST_BOARDING', -8],
    ['gate closed from -8', -1, none, 'GATE_CLOSED', 0],
    ['departed at the time', 0, none, 'DEPARTED', null],
    ['departed later', 90, none, 'DEPARTED', null],
    ['delayed before the steps', -30, late(40), 'DELAYED', -10],
    ['a delay moves every step', 0, late(40), 'BOARDING', 18],
    ['delayed flight departs late', 40, late(40), 'DEPARTED', null],
    ['gate changed before check-in closes', -120, { ...none, gateChangedTo: 'B7' }, 'GATE_CHANGED', -50],
    ['gate changed then boards', -30, { ...none, gateChangedTo: 'B7' }, 'BOARDING', -22],
    ['cancelled stays cancelled', -10, { ...none, cancelled: true }, 'CANCELLED', null],
  ];
  it.each(table)('%s', (_label, at, d, status, next) => {
    expect(boardStatusAt('departure', T, T + at * M, d)).toEqual({ status, changesAt: next === null ? null : T + next * M });
  });
});

describe('boardStatusAt: arrivals', () => {
  const table: [string, number, Disruption, BoardStatus, number | null][] = [
    ['on time before landing', -30, none, 'ON_TIME', 0],
    ['a small delay is still on time', -5, late(10), 'ON_TIME', 10],
    ['15 minutes late or more is a late arrival', -5, late(15), 'LATE_ARRIVAL', 15],
    ['arrived at the time', 0, none, 'ARRIVED', 18],
    ['bags delivered 18 minutes after landing', 18, none, 'BAGS_DELIVERED', null],
    ['late arrival lands later', 20, late(15), 'ARRIVED', 33],
    ['cancelled', 0, { ...none, cancelled: true }, 'CANCELLED', null],
  ];
  it.each(table)('%s', (_label, at, d, status, next) => {
    expect(boardStatusAt('arrival', T, T + at * M, d)).toEqual({ status, changesAt: next === null ? null : T + next * M });
  });
});

describe('board helpers', () => {
  it.each([
    ['sgn', 'SGN'],
    [' Han ', 'HAN'],
    ['SG', null],
    ['SGNX', null],
    ['S1N', null],
    [undefined, null],
  ] as const)('placeCode(%s) = %s', (input, code) => expect(placeCode(input)).toBe(code));
  it('clockOf takes HH:mm of a local timestamp', () => expect(clockOf('2026-06-10T07:05')).toBe('07:05'));
});
