import { describe, expect, it } from 'vitest';
import {
  applyJourneyType, closePicker, dateRangeReducer, initialDateRange, isSelectableDate, openPicker, pickDate,
  pickReturnDate, removeReturn, resetDateRange, setCalendarData, todayString, type DateRange,
} from '../../plugins/flights/model/date-range';

const TODAY = '2026-03-10';
const base = initialDateRange(TODAY);

/** A range in a given state: dep/ret '' = not chosen. */
function range(dep: string, ret: string, open = true): DateRange {
  return {
    ...base,
    departureTime: dep || TODAY,
    arrivalTime: ret,
    alreadyChooseDepart: dep !== '',
    alreadyChooseArrival: ret !== '',
    selectedDateRange: { startDate: dep || ret || TODAY, endDate: ret || dep || TODAY },
    showDateRange: open,
  };
}

const view = (r: DateRange) => [r.departureTime, r.arrivalTime, r.alreadyChooseDepart, r.alreadyChooseArrival, r.showDateRange];

describe('initial / reset: "Reset returns to today with no return"', () => {
  it('starts at today, no return, nothing chosen, picker closed', () => {
    expect(base).toEqual({
      departureTime: TODAY, arrivalTime: '', showDateRange: false,
      selectedDateRange: { startDate: TODAY, endDate: TODAY }, flag: 'depart',
      alreadyChooseDepart: false, alreadyChooseArrival: false, data: { depart: [], return: [] },
    });
  });
  it('reset from any state returns to today', () => {
    expect(dateRangeReducer(range('2026-04-01', '2026-04-05'), { type: 'RESET', today: TODAY })).toEqual(base);
    expect(resetDateRange('2026-05-01').departureTime).toBe('2026-05-01');
  });
});

describe('pickDate, round trip: "The first date chosen becomes the departure and closes the picker." "A second date, with a departure already chosen, becomes the return if later. If earlier, the dates swap."', () => {
  it.each([
    // [state departure, state return, picked, → departure, return, chooseDepart, chooseArrival, open]
    ['first date becomes the departure and closes the picker', '', '', '2026-03-20', ['2026-03-20', '', true, false, false]],
    ['second date later → return', '2026-03-20', '', '2026-03-25', ['2026-03-20', '2026-03-25', true, true, false]],
    ['second date one day later → return', '2026-03-20', '', '2026-03-21', ['2026-03-20', '2026-03-21', true, true, false]],
    ['second date earlier → the dates swap', '2026-03-20', '', '2026-03-15', ['2026-03-15', '2026-03-20', true, true, false]],
    ['second date one day earlier → swap', '2026-03-20', '', '2026-03-19', ['2026-03-19', '2026-03-20', true, true, false]],
    ['second date same day → same-day return (decision)', '2026-03-20', '', '2026-03-20', ['2026-03-20', '2026-03-20', true, true, false]],
    ['only a return chosen, earlier date → departure', '', '2026-03-25', '2026-03-22', ['2026-03-22', '2026-03-25', true, true, false]],
    ['only a return chosen, later date → old return departs, new date returns', '', '2026-03-25', '2026-03-28', ['2026-03-25', '2026-03-28', true, true, false]],
    ['only a return chosen, same date → not earlier', '', '2026-03-25', '2026-03-25', ['2026-03-25', '2026-03-25', true, true, false]],
    ['both chosen → starts over as a first date (decision)', '2026-03-20', '2026-03-25', '2026-03-30', ['2026-03-30', '', true, false, false]],
    ['across a month end', '2026-03-31', '', '2026-04-01', ['2026-03-31', '2026-04-01', true, true, false]],
  ] as const)('%s', (_name, dep, ret, picked, expected) => {
    expect(view(pickDate(range(dep, ret), picked, 'RT'))).toEqual(expected);
  });

  it('keeps selectedDateRange in step with the dates', () => {
    expect(pickDate(range('2026-03-20', ''), '2026-03-15', 'RT').selectedDateRange).toEqual({ startDate: '2026-03-15', endDate: '2026-03-20' });
    expect(pickDate(range('', ''), '2026-03-15', 'RT').selectedDateRange).toEqual({ startDate: '2026-03-15', endDate: '2026-03-15' });
  });

  it('does not mutate the state', () => {
    const s = range('2026-03-20', '');
    const copy = structuredClone(s);
    pickDate(s, '2026-03-25', 'RT');
    expect(s).toEqual(copy);
  });
});

describe('pickDate, one way: arrivalTime stays empty', () => {
  it.each([
    ['', '', '2026-03-20'], ['2026-03-20', '', '2026-03-25'], ['2026-03-20', '', '2026-03-15'], ['', '2026-03-25', '2026-03-28'],
  ] as const)('dep %s ret %s pick %s', (dep, ret, picked) => {
    for (const jt of ['OW', 'MC'] as const) {
      const r = pickDate(range(dep, ret), picked, jt);
      expect(view(r)).toEqual([picked, '', true, false, false]);
    }
  });
});

describe('pickReturnDate (the return field): "If only a return was chosen, a newly chosen earlier date becomes the departure. If it is not earlier, the old return becomes the departure and the new date the return."', () => {
  it.each([
    ['no departure chosen → only a return', '', '2026-03-25', ['2026-03-10', '2026-03-25', false, true, false]],
    ['departure chosen, later → return', '2026-03-20', '2026-03-25', ['2026-03-20', '2026-03-25', true, true, false]],
    ['departure chosen, earlier → swap', '2026-03-20', '2026-03-12', ['2026-03-12', '2026-03-20', true, true, false]],
  ] as const)('%s', (_name, dep, picked, expected) => {
    expect(view(pickReturnDate(range(dep, ''), picked))).toEqual(expected);
  });

  it('then an earlier date on the picker becomes the departure', () => {
    const onlyReturn = pickReturnDate(base, '2026-03-25');
    expect(view(pickDate(onlyReturn, '2026-03-21', 'RT'))).toEqual(['2026-03-21', '2026-03-25', true, true, false]);
  });
});

describe('removeReturn: "clears it and resets the end date to the start"', () => {
  it.each([
    [range('2026-03-20', '2026-03-25')],
    [range('2026-03-20', '')],
  ])('from %o', (r) => {
    const out = removeReturn(r);
    expect(out.arrivalTime).toBe('');
    expect(out.alreadyChooseArrival).toBe(false);
    expect(out.departureTime).toBe('2026-03-20');
    expect(out.selectedDateRange).toEqual({ startDate: '2026-03-20', endDate: '2026-03-20' });
  });
});

describe('applyJourneyType', () => {
  it.each([
    ['OW', '2026-03-25', ''], ['MC', '2026-03-25', ''], ['RT', '2026-03-25', '2026-03-25'], ['OW', '', ''],
  ] as const)('%s with return %s → %s', (jt, ret, expected) => {
    expect(applyJourneyType(range('2026-03-20', ret), jt).arrivalTime).toBe(expected);
  });
  it('returns the same object when nothing changes', () => {
    const r = range('2026-03-20', '');
    expect(applyJourneyType(r, 'OW')).toBe(r);
  });
});

describe('picker open / close, flag, calendar data', () => {
  it.each([
    [{ type: 'OPEN' } as const, true, 'depart'],
    [{ type: 'OPEN', flag: 'return' } as const, true, 'return'],
    [{ type: 'CLOSE' } as const, false, 'depart'],
  ])('%o', (action, open, flag) => {
    const r = dateRangeReducer(base, action);
    expect([r.showDateRange, r.flag]).toEqual([open, flag]);
  });
  it('open/close helpers', () => {
    expect(closePicker(openPicker(base)).showDateRange).toBe(false);
    expect(closePicker(base)).toBe(base);
  });
  it('sets one direction of calendar data', () => {
    const day = { day: 20, month: 3, year: 2026, route: 'HAN-SGN', fareAmount: 1_250_000, fareDisplay: 1250 };
    const r = setCalendarData(base, 'return', [day]);
    expect(r.data).toEqual({ depart: [], return: [day] });
  });
});

describe('reducer routes every action', () => {
  it.each([
    [{ type: 'PICK', date: '2026-03-20', journeyType: 'RT' } as const, ['2026-03-20', '', true, false, false]],
    [{ type: 'PICK_RETURN', date: '2026-03-20' } as const, [TODAY, '2026-03-20', false, true, false]],
    [{ type: 'REMOVE_RETURN' } as const, [TODAY, '', false, false, false]],
    [{ type: 'SET_JOURNEY_TYPE', journeyType: 'OW' } as const, [TODAY, '', false, false, false]],
  ])('%o', (action, expected) => expect(view(dateRangeReducer(base, action))).toEqual(expected));
});

describe('isSelectableDate / todayString', () => {
  it.each([
    ['2026-03-10', true], ['2026-03-11', true], ['2026-03-09', false], ['2026-02-30', false], ['2026-3-12', false], ['', false],
  ])('%s → %s', (d, ok) => expect(isSelectableDate(d, TODAY)).toBe(ok));
  it.each([
    // instant (UTC)                the Vietnam day, whatever the browser's zone
    ['2026-03-10T16:59:00Z', '2026-03-10'],
    ['2026-03-10T17:00:00Z', '2026-03-11'],
    ['2026-03-10T09:30:00-08:00', '2026-03-11'],
  ])('today at %s is %s', (iso, day) => {
    expect(todayString(new Date(iso))).toBe(day);
    expect(todayString(Date.parse(iso))).toBe(day);
  });
});
