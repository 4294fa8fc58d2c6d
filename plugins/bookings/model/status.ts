/**
 * How booking and PNR statuses display (spec point 4): HOLD, EXPORT (paid; CONFIRMED in English), CANCEL;
 * BOOKED and TIME OUT COMMING both display as hold; a reference starts as LOADING. The live status of a hold
 * follows the clock: within TIME_OUT_COMING_MINUTES of its limit it is TIME OUT COMMING, past it TIME LIMIT OUT.
 */
import { TIME_OUT_COMING_MINUTES, type RecordStatus } from '../../../contract/bookings-rules';

export type ShownRecordStatus = RecordStatus | 'LOADING';
/** antd Tag colours */
export type StatusColor = 'processing' | 'green' | 'orange' | 'red' | 'blue' | 'default';

const HOLD: ReadonlySet<string> = new Set(['BOOKED', 'TIME OUT COMMING']);

export function isHold(status: string): boolean {
  return HOLD.has(status);
}

/** The carrier of a PNR and, when it was sold through another source (a GDS), that source: 'VN · 1A', 'QH'. */
export function carrierText(airline: string, source: string): string {
  return source && source !== airline ? `${airline} · ${source}` : airline;
}

/** The status a PNR shows at `now` (ms): a hold's status follows its time limit (ISO, may be empty). */
export function liveRecordStatus(status: ShownRecordStatus, timeLimit: string, now: number): ShownRecordStatus {
  if (!isHold(status) || !timeLimit) return status;
  const left = new Date(timeLimit).getTime() - now;
  if (left <= 0) return 'TIME LIMIT OUT';
  if (left <= TIME_OUT_COMING_MINUTES * 60_000) return 'TIME OUT COMMING';
  return 'BOOKED';
}

/** Locale key and colour of a PNR status. */
export function recordStatusDisplay(status: ShownRecordStatus): { key: string; color: StatusColor } {
  const key = `bookings.recordStatus.${status}`;
  switch (status) {
    case 'LOADING':
      return { key, color: 'processing' };
    case 'BOOKED':
      return { key, color: 'green' };
    case 'TIME OUT COMMING':
    case 'CHECK TIMELIMIT':
      return { key, color: 'orange' };
    case 'ISSUE TICKET':
      return { key, color: 'blue' };
    case 'TIME LIMIT OUT':
    case 'FAILED':
      return { key, color: 'red' };
    default:
      return { key, color: 'default' };
  }
}

/** Locale key and colour of a booking status: HOLD hold, EXPORT paid / CONFIRMED, CANCEL cancelled. */
export function bookingStatusDisplay(status: 'HOLD' | 'EXPORT' | 'CANCEL'): { key: string; color: StatusColor } {
  const key = `bookings.bookingStatus.${status}`;
  return { key, color: status === 'HOLD' ? 'green' : status === 'EXPORT' ? 'blue' : 'default' };
}
