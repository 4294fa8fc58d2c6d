import { describe, expect, it } from 'vitest';
import { reminderDue } from '../../gateway/desk/remind-rule';
import { replyMode, splitMinutes, urgency } from '../../plugins/desk/model/desk';

describe('reminderDue: once per booking and threshold, the tightest crossed only, never as wide as the hold', () => {
  const DAY = 1440;
  it.each([
    // minutes left, hold length, thresholds sent, due
    [1000, DAY, [], null],
    [721, DAY, [], null],
    [720, DAY, [], 720],
    [600, DAY, [], 720],
    [600, DAY, [720], null],
    [121, DAY, [720], null],
    [120, DAY, [720], 120],
    [90, DAY, [720], 120],
    [90, DAY, [], 120],
    [90, DAY, [120], null],
    [90, DAY, [720, 120], null],
    [600, DAY, [120], null],
    [1, DAY, [720], 120],
    [0, DAY, [], null],
    [-5, DAY, [], null],
    [Number.NaN, DAY, [], null],
    // a 6-hour hold: the 12-hour threshold never counts, the 2-hour one does
    [359, 360, [], null],
    [200, 360, [], null],
    [120, 360, [], 120],
    // a hold of exactly 12 hours: its 12-hour threshold is the booking moment itself
    [720, 720, [], null],
    [100, 720, [], 120],
    // a hold shorter than 2 hours: nothing (the 30-minute expiry warning of bookings still rings)
    [60, 90, [], null],
  ] as const)('%s minutes left of a %s-minute hold, sent %j → %s', (left, hold, sent, due) => {
    expect(reminderDue(left, hold, sent)).toBe(due);
  });

  it('works with other thresholds', () => {
    expect(reminderDue(50, DAY, [], [1440, 120])).toBe(120);
    expect(reminderDue(1000, 2000, [], [1440, 120])).toBe(1440);
  });
});

describe('urgency of a hold', () => {
  it.each([
    [null, 'none'],
    [-1, 'critical'],
    [0, 'critical'],
    [120, 'critical'],
    [121, 'warning'],
    [720, 'warning'],
    [721, 'normal'],
  ] as const)('%s minutes → %s', (m, u) => {
    expect(urgency(m)).toBe(u);
  });
});

describe('splitMinutes', () => {
  it.each([
    [0, 0, 0],
    [59, 0, 59],
    [60, 1, 0],
    [125, 2, 5],
    [-10, 0, 0],
    [90.7, 1, 30],
  ] as const)('%s → %sh %smin', (m, h, min) => {
    expect(splitMinutes(m)).toEqual({ hours: h, minutes: min });
  });
});

describe('replyMode', () => {
  it.each([
    ['closed', true, true, 'closed'],
    ['closed', false, false, 'closed'],
    ['open', true, true, 'provider'],
    ['answered', true, true, 'provider'],
    ['open', true, false, 'agent'],
    ['open', false, true, 'agent'],
    ['answered', false, false, 'agent'],
  ] as const)('%s, provider %s, may answer %s → %s', (status, provider, can, mode) => {
    expect(replyMode(status, provider, can)).toBe(mode);
  });
});
