/** Pure rules of the tour editor: form values ⇄ the contract's tour input. No React, no I/O. */
import type { Tour, TourInput, TourStatus } from '../../../contract/b2c';

export interface DepartureValues {
  id?: number;
  date: string;
  seatsTotal: number;
  seatsTaken?: number;
  adult: number;
  child: number;
  infant: number;
}

export interface TourFormValues {
  title: string;
  summary?: string | null;
  destination?: string | null;
  days: number;
  bodyHtml: string;
  itinerary: { title: string; bodyHtml: string }[];
  inclusions: string[];
  exclusions: string[];
  imageUploadIds: string[];
  status: TourStatus;
  departures: DepartureValues[];
}

export function emptyTour(): TourFormValues {
  return { title: '', summary: '', destination: '', days: 1, bodyHtml: '', itinerary: [{ title: '', bodyHtml: '' }], inclusions: [], exclusions: [], imageUploadIds: [], status: 'draft', departures: [] };
}

export function tourToValues(t: Tour): TourFormValues {
  return {
    title: t.title,
    summary: t.summary ?? '',
    destination: t.destination ?? '',
    days: t.days,
    bodyHtml: t.bodyHtml,
    itinerary: t.itinerary,
    inclusions: t.inclusions,
    exclusions: t.exclusions,
    imageUploadIds: t.imageUploadIds,
    status: t.status,
    departures: t.departures.map((d) => ({ id: d.id, date: d.date, seatsTotal: d.seatsTotal, seatsTaken: d.seatsTaken, ...d.prices })),
  };
}

const clean = (list: readonly string[] | undefined) => (list ?? []).map((s) => s.trim()).filter(Boolean);
const orNull = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);

export function valuesToInput(v: TourFormValues): TourInput {
  return {
    title: v.title.trim(),
    summary: orNull(v.summary),
    destination: orNull(v.destination),
    days: v.days,
    bodyHtml: v.bodyHtml ?? '',
    itinerary: (v.itinerary ?? []).filter((d) => d.title?.trim()).map((d) => ({ title: d.title.trim(), bodyHtml: d.bodyHtml ?? '' })),
    inclusions: clean(v.inclusions),
    exclusions: clean(v.exclusions),
    imageUploadIds: [...new Set(v.imageUploadIds ?? [])],
    status: v.status,
    departures: [...(v.departures ?? [])]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((d) => ({ ...(d.id ? { id: d.id } : {}), date: d.date, seatsTotal: d.seatsTotal, prices: { adult: d.adult, child: d.child ?? 0, infant: d.infant ?? 0 } })),
  };
}

/** Seats left on a departure. */
export const seatsLeft = (d: { seatsTotal: number; seatsTaken: number }) => Math.max(0, d.seatsTotal - d.seatsTaken);
