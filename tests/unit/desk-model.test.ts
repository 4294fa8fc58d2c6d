import { describe, expect, it } from 'vitest';
import { reminderDue } from '../../gateway/desk/remind-rule';
import { replyMode, splitMinutes, urgency } from '../../plugins/desk/model/desk';

describe('reminderDue: once per booking and threshold, the tightest crossed only', () => {
  it.each([
    // minutes left, thresholds sent, due
    [2000, [], null],
    [1441, [], null],
    [1440, [], 1440],
    [600, [], 1440],
    [600, [1440], null],
    [121, [1440], null],
    [120, [1440], 120],
    [90, [1440], 120],
    [90, [], 120],
    [90, [120], null],
    [90, [1440, 120], null],
    [600, [120], null],
    [1, [1440], 120],
    [0, [], null],
    [-5, [], null],
    [Number.NaN, [], null],
  ] as const)('%s minutes left, sent %j → %s', (left, sent, due) => {
    expect(reminderDue(left, sent)).toBe(due);
  });

  it('works with other thresholds', () => {
    expect(reminderDue(50, [], [1440, 120])).toBe(120);
  });
});

describe('urgency of a hold', () => {
  it.each([
    [null, 'none'],
    [-1, 'critical'],
    [0, 'critical'],
    [120, 'critical'],
    [121, 'warning'],
    [1440, 'warning'],
    [1441, 'normal'],
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
