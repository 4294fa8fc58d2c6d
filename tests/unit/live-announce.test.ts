import { describe, expect, it } from 'vitest';
import { countdownMark } from '../../src/ui/live-announce';

describe('countdownMark: a countdown speaks at 10, 5, 2, 1 minutes and at the end, not every second', () => {
  it.each([
    [3600, null],
    [601, null],
    [600, 600],
    [599, 600],
    [301, 600],
    [300, 300],
    [121, 300],
    [120, 120],
    [61, 120],
    [60, 60],
    [59.2, 60],
    [1, 60],
    [0.4, 60],
    [0, 0],
    [-5, 0],
    [Number.NaN, null],
  ])('%f s left → %s', (left, mark) => {
    expect(countdownMark(left)).toBe(mark);
  });
  it('changes only a handful of times over a 15-minute hold', () => {
    const marks = new Set<number | null>();
    for (let s = 900; s >= 0; s--) marks.add(countdownMark(s));
    expect([...marks]).toEqual([null, 600, 300, 120, 60, 0]);
  });
});
