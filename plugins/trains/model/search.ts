/**
 * The train search panel's state (spec point 3: "the same [as the flight search state] without passenger
 * counts or per-airline codes"): from, to, journeyType (OW default, RT), departure and return dates.
 *
 * The date rules are the flight ones of spec point 4, for two fields (the flights plugin keeps its own picker
 * model private, so the train panel states them again here):
 * - no date before today;
 * - a return earlier than the departure swaps the two; the same day is a valid return;
 * - a departure chosen after the return makes the old return the departure and the new date the return;
 * - one way has no return; switching to round trip proposes none until one is chosen.
 */
import dayjs from 'dayjs';

export type TrainJourneyType = 'OW' | 'RT';

export interface TrainSearchState {
  from: string;
  to: string;
  journeyType: TrainJourneyType;
  departDate: string;
  returnDate: string;
}

export const initialTrainSearch = (today: string): TrainSearchState => ({ from: '', to: '', journeyType: 'OW', departDate: today, returnDate: '' });

const valid = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && dayjs(d).format('YYYY-MM-DD') === d;

export function setDepartDate(s: TrainSearchState, date: string, today: string): TrainSearchState {
  if (!valid(date) || date < today) return s;
  if (s.journeyType === 'RT' && s.returnDate && date > s.returnDate) return { ...s, departDate: s.returnDate, returnDate: date };
  return { ...s, departDate: date };
}

export function setReturnDate(s: TrainSearchState, date: string, today: string): TrainSearchState {
  if (date === '') return { ...s, returnDate: '' };
  if (!valid(date) || date < today) return s;
  if (date < s.departDate) return { ...s, departDate: date, returnDate: s.departDate, journeyType: 'RT' };
  return { ...s, returnDate: date, journeyType: 'RT' };
}

export function setJourneyType(s: TrainSearchState, journeyType: TrainJourneyType): TrainSearchState {
  return journeyType === 'OW' ? { ...s, journeyType, returnDate: '' } : { ...s, journeyType };
}

export function swapStations(s: TrainSearchState): TrainSearchState {
  return { ...s, from: s.to, to: s.from };
}

export type SearchError = 'fromRequired' | 'toRequired' | 'sameStation' | 'departPast' | 'returnRequired' | 'returnBeforeDepart';

export function searchErrors(s: TrainSearchState, today: string): SearchError[] {
  const out: SearchError[] = [];
  if (!s.from) out.push('fromRequired');
  if (!s.to) out.push('toRequired');
  if (s.from && s.from === s.to) out.push('sameStation');
  if (!valid(s.departDate) || s.departDate < today) out.push('departPast');
  if (s.journeyType === 'RT') {
    if (!s.returnDate) out.push('returnRequired');
    else if (s.returnDate < s.departDate) out.push('returnBeforeDepart');
  }
  return out;
}
