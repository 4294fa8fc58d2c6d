import { describe, expect, it } from 'vitest';
import { calendarMove, isCalendarKey } from '../../plugins/flights/model';

describe('calendarMove: keyboard moves in the date calendar', () => {
  const today = '2026-11-24'; // a Tuesday
  it.each([
    ['2026-11-26', 'ArrowLeft', '2026-11-25'],
    ['2026-11-26', 'ArrowRight', '2026-11-27'],
    ['2026-11-30', 'ArrowRight', '2026-12-01'],
    ['2026-12-03', 'ArrowUp', '2026-11-26'],
    ['2026-11-26', 'ArrowDown', '2026-12-03'],
    ['2026-11-26', 'Home', today], // Monday the 23rd is before today: the move stops on today
    ['2026-12-03', 'Home', '2026-11-30'],
    ['2026-12-03', 'End', '2026-12-06'],
    ['2026-12-06', 'End', '2026-12-06'],
    ['2026-12-31', 'PageDown', '2027-01-31'],
    ['2027-01-31', 'PageDown', '2027-02-28'],
    ['2026-12-25', 'PageUp', '2026-11-25'],
    ['2026-12-10', 'PageUp', today],
    ['2026-11-24', 'ArrowLeft', today],
    ['2026-11-26', 'ArrowUp', today],
  ] as const)('%s %s → %s', (from, key, to) => {
    expect(calendarMove(from, key, today)).toBe(to);
  });
  it.each([
    ['ArrowLeft', true],
    ['PageDown', true],
    ['Enter', false],
    ['Tab', false],
    ['a', false],
  ])('%s is a calendar key: %s', (key, yes) => {
    expect(isCalendarKey(key)).toBe(yes);
  });
});
