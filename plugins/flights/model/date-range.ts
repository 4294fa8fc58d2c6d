/**
 * The Date range entity (spec point 3: departureTime, arrivalTime (empty for one way), showDateRange,
 * selectedDateRange {startDate, endDate}, flag, alreadyChooseDepart, alreadyChooseArrival, data {depart, return})
 * and the date-picking rules of spec point 4:
 * - "The first date chosen becomes the departure and closes the picker."
 * - "A second date, with a departure already chosen, becomes the return if later. If earlier, the dates swap."
 * - "Removing the return clears it and resets the end date to the start."
 * - "If only a return was chosen, a newly chosen earlier date becomes the departure. If it is not earlier, the
 *   old return becomes the departure and the new date the return."
 * - "Reset returns to today with no return."
 *
 * Dates are 'YYYY-MM-DD' strings; `today` is always passed in. Decisions where the spec is silent:
 * - A second date on the same day as the departure is "not earlier", so it becomes the return (same-day round
 *   trip), matching the "not earlier" wording of the only-a-return rule.
 * - A completed pick (departure and return, or a one-way departure) closes the picker.
 * - With both dates already chosen, a new date starts over: it is the first date again (departure, no return).
 * - In one way (OW) every date chosen is the departure and arrivalTime stays empty.
 * - `flag` is which field opened the picker ('depart' or 'return'); `data` holds the cheapest-booking summary
 *   days shown in the calendar for each direction.
 */
import dayjs from 'dayjs';
import { todayInVietnam } from '../../../contract/business-day';
import type { CheapestBookingDay, JourneyType } from '../../../contract/flights';

export const DATE_FORMAT = 'YYYY-MM-DD';

export type DateField = 'depart' | 'return';

export interface DateRange {
  departureTime: string;
  /** Empty for one way, or while no return is chosen. */
  arrivalTime: string;
  showDateRange: boolean;
  selectedDateRange: { startDate: string; endDate: string };
  flag: DateField;
  alreadyChooseDepart: boolean;
  alreadyChooseArrival: boolean;
  data: { depart: CheapestBookingDay[]; return: CheapestBookingDay[] };
}

/** Today's date in the picker's format: the Vietnam business day, whatever the browser's zone. */
export function todayString(now: Date | string | number = Date.now()): string {
  return todayInVietnam(now);
}

/** The initial range, and what "Reset returns to today with no return" gives. */
export function initialDateRange(today: string): DateRange {
  return {
    departureTime: today,
    arrivalTime: '',
    showDateRange: false,
    selectedDateRange: { startDate: today, endDate: today },
    flag: 'depart',
    alreadyChooseDepart: false,
    alreadyChooseArrival: false,
    data: { depart: [], return: [] },
  };
}

export const resetDateRange = initialDateRange;

/** A date the picker lets the user choose: a real date, not before today. */
export function isSelectableDate(date: string, today: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && dayjs(date).format(DATE_FORMAT) === date && date >= today;
}

const isBefore = (a: string, b: string) => dayjs(a).isBefore(dayjs(b), 'day');

function withDates(range: DateRange, departureTime: string, arrivalTime: string, open: boolean): DateRange {
  return {
    ...range,
    departureTime,
    arrivalTime,
    alreadyChooseDepart: departureTime !== '',
    alreadyChooseArrival: arrivalTime !== '',
    selectedDateRange: { startDate: departureTime, endDate: arrivalTime || departureTime },
    showDateRange: open,
  };
}

export function openPicker(range: DateRange, flag: DateField = 'depart'): DateRange {
  return { ...range, showDateRange: true, flag };
}

export function closePicker(range: DateRange): DateRange {
  return range.showDateRange ? { ...range, showDateRange: false } : range;
}

/** A date chosen in the picker, following the rules of spec point 4. */
export function pickDate(range: DateRange, date: string, journeyType: JourneyType): DateRange {
  if (journeyType !== 'RT') return withDates(range, date, '', false);
  const { alreadyChooseDepart: hasDepart, alreadyChooseArrival: hasReturn } = range;
  if (hasDepart && !hasReturn) {
    // second date: the return if later (or the same day), else the dates swap
    return isBefore(date, range.departureTime)
      ? withDates(range, date, range.departureTime, false)
      : withDates(range, range.departureTime, date, false);
  }
  if (!hasDepart && hasReturn) {
    // only a return was chosen
    return isBefore(date, range.arrivalTime)
      ? withDates(range, date, range.arrivalTime, false)
      : withDates(range, range.arrivalTime, date, false);
  }
  // first date (nothing chosen yet, or both chosen and the user starts over)
  return withDates(range, date, '', false);
}

/**
 * A date chosen from the return field. With a departure chosen it is the second date of pickDate; with none it
 * is kept as the only return (the state "only a return was chosen" of spec point 4).
 */
export function pickReturnDate(range: DateRange, date: string): DateRange {
  if (range.alreadyChooseDepart) {
    return isBefore(date, range.departureTime)
      ? withDates(range, date, range.departureTime, false)
      : withDates(range, range.departureTime, date, false);
  }
  return {
    ...range,
    arrivalTime: date,
    alreadyChooseArrival: true,
    selectedDateRange: { startDate: date, endDate: date },
    showDateRange: false,
  };
}

/** "Removing the return clears it and resets the end date to the start." */
export function removeReturn(range: DateRange): DateRange {
  return {
    ...range,
    arrivalTime: '',
    alreadyChooseArrival: false,
    selectedDateRange: { startDate: range.selectedDateRange.startDate, endDate: range.selectedDateRange.startDate },
  };
}

/** One way keeps arrivalTime empty: switching to OW (or MC) removes the return. */
export function applyJourneyType(range: DateRange, journeyType: JourneyType): DateRange {
  return journeyType === 'RT' || !range.arrivalTime ? range : removeReturn(range);
}

/** Replaces the calendar's cheapest-booking days of one direction. */
export function setCalendarData(range: DateRange, direction: DateField, days: CheapestBookingDay[]): DateRange {
  return { ...range, data: { ...range.data, [direction]: days } };
}

export type DateRangeAction =
  | { type: 'OPEN'; flag?: DateField }
  | { type: 'CLOSE' }
  | { type: 'PICK'; date: string; journeyType: JourneyType }
  | { type: 'PICK_RETURN'; date: string }
  | { type: 'REMOVE_RETURN' }
  | { type: 'SET_JOURNEY_TYPE'; journeyType: JourneyType }
  | { type: 'SET_CALENDAR_DATA'; direction: DateField; days: CheapestBookingDay[] }
  | { type: 'RESET'; today: string };

export function dateRangeReducer(state: DateRange, action: DateRangeAction): DateRange {
  switch (action.type) {
    case 'OPEN': return openPicker(state, action.flag);
    case 'CLOSE': return closePicker(state);
    case 'PICK': return pickDate(state, action.date, action.journeyType);
    case 'PICK_RETURN': return pickReturnDate(state, action.date);
    case 'REMOVE_RETURN': return removeReturn(state);
    case 'SET_JOURNEY_TYPE': return applyJourneyType(state, action.journeyType);
    case 'SET_CALENDAR_DATA': return setCalendarData(state, action.direction, action.days);
    case 'RESET': return initialDateRange(action.today);
    default: return state;
  }
}
