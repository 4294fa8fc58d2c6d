/**
 * Schedule changes (branch sched): the airline moved a flight (a time change: the segment becomes TK with the
 * new times) or renumbered it (the old segment becomes UN and the proposed replacement TK). The inbox lists the
 * bookings with such segments; submit-sc accepts the change or rebooks another flight of the same route free of
 * charge (the carrier's involuntary-change rule); change-route-status handles one segment's status code.
 */
import { z } from 'zod';
import { listOf } from './list';
import type { PnrSegment, SegmentStatus } from './aftersale';

export const SCHED_API = {
  /** GET ?page&pageSize&status&airline&q&sort → { data: scheduleChangeRow[], total }: the caller's scope. */
  inbox: '/api/aftersale/schedule-changes',
  /** GET → scheduleChangeView: per PNR the changed segments, old and new, and the other flights of the route. */
  view: '/api/aftersale/bookings/:id/schedule-change',
  /** POST scheduleAcceptRequest → editResult: TK→HK, UN removed, the replacement confirmed, tickets revalidated. */
  accept: '/api/aftersale/bookings/:id/schedule-change/accept',
  /** POST scheduleRebookRequest → editResult: another flight of the route, free of charge. */
  rebook: '/api/aftersale/bookings/:id/schedule-change/rebook',
  /** POST segmentStatusRequest → editResult (change-route-status). */
  segmentStatus: '/api/aftersale/bookings/:id/segment-status',
} as const;

export const SCHEDULE_CHANGE_STATUSES = ['open', 'accepted', 'rebooked', 'resolved'] as const;
export type ScheduleChangeStatus = (typeof SCHEDULE_CHANGE_STATUSES)[number];

/** One changed segment as the airline announced it: before and after. */
export const changedSegment = z.object({
  segId: z.number(),
  status: z.enum(['TK', 'UN']),
  from: z.string(),
  to: z.string(),
  /** The flight as booked. */
  oldFlightNo: z.string(),
  oldDepartDate: z.string(),
  oldArrivalDate: z.string(),
  /** The airline's proposal (for UN: the replacement segment's). */
  newFlightNo: z.string(),
  newDepartDate: z.string(),
  newArrivalDate: z.string(),
  /** The replacement segment of a UN one. */
  replacementSegId: z.number().optional(),
});
export type ChangedSegment = z.infer<typeof changedSegment>;

export const scheduleChangeRow = z.object({
  id: z.number(),
  bookingId: z.number(),
  pnr: z.string(),
  airline: z.string(),
  agencyId: z.number(),
  status: z.enum(SCHEDULE_CHANGE_STATUSES),
  detectedAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** The earliest departure among the changed segments (new schedule). */
  firstDeparture: z.string(),
  segments: z.array(changedSegment),
});
export type ScheduleChangeRow = z.infer<typeof scheduleChangeRow>;
export const scheduleChangeList = listOf(scheduleChangeRow);

export const scheduleInboxQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(SCHEDULE_CHANGE_STATUSES).optional(),
  airline: z.string().regex(/^[A-Z0-9]{2}$/).optional(),
  /** A PNR code (or its beginning). */
  q: z.string().trim().toUpperCase().max(6).regex(/^[A-Z0-9]*$/).optional(),
  sort: z.string().max(40).optional(),
});
export type ScheduleInboxQuery = z.infer<typeof scheduleInboxQuery>;

/** A flight of the same route and date the traveller may be moved to. */
export interface FlightAlternative {
  flightNo: string;
  departDate: string;
  arrivalDate: string;
  aircraft: string;
}

export interface ScheduleChangeView {
  bookingId: number;
  pnrs: {
    pnr: string;
    airline: string;
    segments: PnrSegment[];
    changes: ChangedSegment[];
    /** Per changed segment id: the other flights of its route on the new date. */
    alternatives: Record<string, FlightAlternative[]>;
  }[];
}

const idempotencyKey = z.string().uuid();
const pnrCode = z.string().regex(/^[A-Z0-9]{6}$/);

export const scheduleAcceptRequest = z.object({ idempotencyKey, pnr: pnrCode });
export type ScheduleAcceptRequest = z.infer<typeof scheduleAcceptRequest>;

export const scheduleRebookRequest = z.object({
  idempotencyKey,
  pnr: pnrCode,
  /** The changed segment (TK, or UN: then its replacement is what gets rebooked). */
  segId: z.number().int().min(1).max(99),
  flightNo: z.string().regex(/^[A-Z0-9]{2}[0-9]{1,4}$/),
});
export type ScheduleRebookRequest = z.infer<typeof scheduleRebookRequest>;

/** XX: the segment is cancelled (removed from the PNR). */
export const SEGMENT_TARGETS = ['HK', 'XX'] as const;
export type SegmentTarget = (typeof SEGMENT_TARGETS)[number];

export const segmentStatusRequest = z.object({ idempotencyKey, pnr: pnrCode, segId: z.number().int().min(1).max(99), to: z.enum(SEGMENT_TARGETS) });
export type SegmentStatusRequest = z.infer<typeof segmentStatusRequest>;

export const editResult = z.object({ pnr: z.string(), replayed: z.boolean() });

// ----- change-route-status: the allowed transitions (pure) ----------------------------------------------------

export type TransitionRefusal = 'same' | 'confirmedUseRemoveRoute' | 'unableNotConfirmable' | 'noSeats' | 'notAllowed';

/**
 * Whether a segment may go from `from` to `to` in change-route-status:
 * - TK → HK accepts the airline's new schedule; TK → XX refuses it (the segment is cancelled);
 * - UN / UC → XX removes a segment the airline cannot operate or confirm; they can never become HK here
 *   (accept the proposed replacement in submit-sc, or rebook);
 * - HL → HK only when the flight has seats now (`seatsAvailable` > 0); HL → XX leaves the waitlist;
 * - HK stays HK here: removing a confirmed flight is remove-route's job (it may cost money).
 */
export function segmentTransition(from: SegmentStatus, to: SegmentTarget, ctx: { seatsAvailable: number }): { ok: true } | { ok: false; reason: TransitionRefusal } {
  if (from === to) return { ok: false, reason: 'same' };
  switch (from) {
    case 'TK':
      return { ok: true };
    case 'UN':
    case 'UC':
      return to === 'XX' ? { ok: true } : { ok: false, reason: 'unableNotConfirmable' };
    case 'HL':
      if (to === 'XX') return { ok: true };
      return ctx.seatsAvailable > 0 ? { ok: true } : { ok: false, reason: 'noSeats' };
    case 'HK':
      return { ok: false, reason: 'confirmedUseRemoveRoute' };
    default:
      return { ok: false, reason: 'notAllowed' };
  }
}

/** The changes of a record's segments, old against new (what the inbox and submit-sc show). */
export function changesOf(segments: readonly PnrSegment[]): ChangedSegment[] {
  const out: ChangedSegment[] = [];
  for (const s of segments) {
    if (s.status !== 'TK' && s.status !== 'UN') continue;
    if (s.status === 'TK' && s.replacesSegId !== undefined) continue; // shown with its UN segment
    if (s.status === 'UN') {
      const r = segments.find((x) => x.replacesSegId === s.segId);
      out.push({
        segId: s.segId,
        status: 'UN',
        from: s.from,
        to: s.to,
        oldFlightNo: s.flightNo,
        oldDepartDate: s.departDate,
        oldArrivalDate: s.arrivalDate,
        newFlightNo: r?.flightNo ?? '',
        newDepartDate: r?.departDate ?? '',
        newArrivalDate: r?.arrivalDate ?? '',
        ...(r ? { replacementSegId: r.segId } : {}),
      });
    } else {
      const p = s.previous ?? { flightNo: s.flightNo, departDate: s.departDate, arrivalDate: s.arrivalDate };
      out.push({
        segId: s.segId,
        status: 'TK',
        from: s.from,
        to: s.to,
        oldFlightNo: p.flightNo,
        oldDepartDate: p.departDate,
        oldArrivalDate: p.arrivalDate,
        newFlightNo: s.flightNo,
        newDepartDate: s.departDate,
        newArrivalDate: s.arrivalDate,
      });
    }
  }
  return out;
}

/** Minutes the departure moved (new − old), from yyyy-MM-ddTHH:mm local times of the same airport. */
export function shiftMinutes(oldLocal: string, newLocal: string): number {
  const ms = (s: string) => Date.parse(`${s.slice(0, 16)}:00Z`);
  return Math.round((ms(newLocal) - ms(oldLocal)) / 60_000);
}
