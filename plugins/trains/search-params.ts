/** The train search in the URL of train/search: from, to, departDate, returnDate, seatClass, passengers. */
import { TRAIN_MAX_SEATS, TRAIN_SEAT_CLASSES, type TrainSeatClassFilter } from '../../contract/trains';
import type { TrainSearchState } from './model';

export interface TrainSearchParams extends TrainSearchState {
  seatClass: TrainSeatClassFilter;
  passengers: number;
}

export function searchQuery(p: TrainSearchParams): Record<string, string | number> {
  return {
    from: p.from,
    to: p.to,
    departDate: p.departDate,
    ...(p.journeyType === 'RT' && p.returnDate ? { returnDate: p.returnDate } : {}),
    seatClass: p.seatClass,
    passengers: p.passengers,
  };
}

export function parseSearch(search: string, today: string): TrainSearchParams | null {
  const q = new URLSearchParams(search);
  const from = (q.get('from') ?? '').toUpperCase();
  const to = (q.get('to') ?? '').toUpperCase();
  const departDate = q.get('departDate') ?? '';
  if (!/^[A-Z]{3}$/.test(from) || !/^[A-Z]{3}$/.test(to) || !/^\d{4}-\d{2}-\d{2}$/.test(departDate)) return null;
  const returnDate = q.get('returnDate') ?? '';
  const seatClass = (TRAIN_SEAT_CLASSES as readonly string[]).includes(q.get('seatClass') ?? '') ? (q.get('seatClass') as TrainSeatClassFilter) : 'ALL';
  const passengers = Math.min(TRAIN_MAX_SEATS, Math.max(1, Number(q.get('passengers')) || 1));
  return {
    from,
    to,
    departDate: departDate < today ? today : departDate,
    returnDate: /^\d{4}-\d{2}-\d{2}$/.test(returnDate) ? returnDate : '',
    journeyType: returnDate ? 'RT' : 'OW',
    seatClass,
    passengers,
  };
}
