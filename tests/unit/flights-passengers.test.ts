import { describe, expect, it } from 'vitest';
import type { PassengerCounts } from '../../contract/flights';
import {
  DEFAULT_PASSENGER_COUNTS, canDecrement, canIncrement, decrementPassenger, incrementPassenger, isValidPassengerCounts,
  seatedPassengers, setPassengerCount,
} from '../../plugins/flights/model/passengers';

const c = (adt: number, chd: number, inf: number): PassengerCounts => ({ adt, chd, inf });

describe('defaults (spec 3: adt, chd, inf default 1, 0, 0)', () => {
  it('is 1/0/0', () => expect(DEFAULT_PASSENGER_COUNTS).toEqual(c(1, 0, 0)));
});

describe('isValidPassengerCounts: "adults 0 to 9; adults plus children at most 9; infants cannot exceed adults; children cannot go below 0"', () => {
  it.each([
    [c(0, 0, 0), true], [c(9, 0, 0), true], [c(10, 0, 0), false], [c(-1, 0, 0), false],
    [c(5, 4, 0), true], [c(5, 5, 0), false], [c(0, 9, 0), true], [c(0, 10, 0), false],
    [c(3, 0, 3), true], [c(3, 0, 4), false], [c(9, 0, 9), true], [c(1, 0, -1), false], [c(1, -1, 0), false],
    [c(1.5, 0, 0), false],
  ])('%o → %s', (counts, ok) => expect(isValidPassengerCounts(counts)).toBe(ok));
});

describe('incrementPassenger: "adults plus children at most 9; infants cannot exceed adults"', () => {
  it.each([
    ['adt', c(1, 0, 0), c(2, 0, 0)],
    ['adt', c(8, 0, 0), c(9, 0, 0)],
    ['adt', c(9, 0, 0), c(9, 0, 0)], // adults at most 9
    ['adt', c(5, 4, 0), c(5, 4, 0)], // adults + children at most 9
    ['chd', c(1, 0, 0), c(1, 1, 0)],
    ['chd', c(1, 8, 0), c(1, 8, 0)], // adults + children at most 9
    ['chd', c(0, 8, 0), c(0, 9, 0)],
    ['inf', c(2, 0, 1), c(2, 0, 2)],
    ['inf', c(2, 0, 2), c(2, 0, 2)], // infants cannot exceed adults
    ['inf', c(0, 1, 0), c(0, 1, 0)],
    ['inf', c(9, 0, 8), c(9, 0, 9)], // infants do not count in the 9 seats
    ['ADT', c(1, 0, 0), c(2, 0, 0)], // spec passenger type names work too
    ['CHD', c(1, 0, 0), c(1, 1, 0)],
    ['INF', c(1, 0, 0), c(1, 0, 1)],
  ] as const)('%s on %o → %o', (type, from, to) => expect(incrementPassenger(from, type)).toEqual(to));
});

describe('decrementPassenger: "children cannot go below 0. When adults drop from 9 while infants are 9, infants drop by one."', () => {
  it.each([
    ['adt', c(2, 0, 0), c(1, 0, 0)],
    ['adt', c(1, 0, 0), c(0, 0, 0)], // adults may reach 0
    ['adt', c(0, 2, 0), c(0, 2, 0)], // never below 0
    ['adt', c(9, 0, 9), c(8, 0, 8)], // spec: adults drop from 9 while infants are 9 → infants drop by one
    ['adt', c(3, 0, 3), c(2, 0, 2)], // generalised: infants follow adults down
    ['adt', c(3, 0, 2), c(2, 0, 2)],
    ['adt', c(3, 0, 1), c(2, 0, 1)],
    ['adt', c(1, 2, 1), c(0, 2, 0)],
    ['chd', c(1, 1, 0), c(1, 0, 0)],
    ['chd', c(1, 0, 0), c(1, 0, 0)], // children cannot go below 0
    ['inf', c(1, 0, 1), c(1, 0, 0)],
    ['inf', c(1, 0, 0), c(1, 0, 0)],
  ] as const)('%s on %o → %o', (type, from, to) => expect(decrementPassenger(from, type)).toEqual(to));
});

describe('not allowed → the same object: "No messages are shown."', () => {
  it.each([
    ['inc adt at 9', () => { const x = c(9, 0, 0); return [x, incrementPassenger(x, 'adt')]; }],
    ['dec chd at 0', () => { const x = c(1, 0, 0); return [x, decrementPassenger(x, 'chd')]; }],
    ['inc inf at adults', () => { const x = c(1, 0, 1); return [x, incrementPassenger(x, 'inf')]; }],
  ] as const)('%s', (_name, run) => { const [before, after] = run(); expect(after).toBe(before); });

  it('does not mutate its input', () => {
    const x = c(9, 0, 9);
    decrementPassenger(x, 'adt');
    expect(x).toEqual(c(9, 0, 9));
  });
});

describe('setPassengerCount', () => {
  it.each([
    [c(1, 0, 0), 'adt', 4, c(4, 0, 0)],
    [c(5, 0, 5), 'adt', 2, c(2, 0, 2)],
    [c(5, 0, 0), 'chd', 4, c(5, 4, 0)],
    [c(5, 0, 0), 'chd', 5, c(5, 0, 0)],
    [c(2, 0, 0), 'inf', 3, c(2, 0, 0)],
    [c(2, 0, 0), 'adt', -1, c(2, 0, 0)],
    [c(2, 0, 0), 'adt', 2.5, c(2, 0, 0)],
    [c(2, 0, 0), 'adt', 10, c(2, 0, 0)],
  ] as const)('%o set %s=%i → %o', (from, type, value, to) => expect(setPassengerCount(from, type, value)).toEqual(to));
});

describe('button states', () => {
  it.each([
    [c(1, 0, 0), 'adt', true, true],
    [c(0, 1, 0), 'adt', true, false],
    [c(9, 0, 0), 'adt', false, true],
    [c(4, 5, 0), 'adt', false, true],
    [c(4, 5, 0), 'chd', false, true],
    [c(1, 0, 0), 'chd', true, false],
    [c(1, 0, 0), 'inf', true, false],
    [c(1, 0, 1), 'inf', false, true],
    [c(9, 0, 9), 'inf', false, true],
  ] as const)('%o %s: + %s, − %s', (counts, type, inc, dec) => {
    expect(canIncrement(counts, type)).toBe(inc);
    expect(canDecrement(counts, type)).toBe(dec);
  });
});

describe('seatedPassengers', () => {
  it.each([[c(1, 0, 0), 1], [c(2, 3, 2), 5], [c(0, 0, 0), 0]])('%o → %i', (counts, n) => expect(seatedPassengers(counts)).toBe(n));
});
