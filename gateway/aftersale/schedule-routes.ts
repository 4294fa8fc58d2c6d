/**
 * Schedule changes (branch sched), registered by the after-sale module:
 *
 *   GET  /api/aftersale/schedule-changes                     → { data, total }   the inbox, in the booking scope
 *   GET  /api/aftersale/bookings/:id/schedule-change         → scheduleChangeView  (submit-sc/{id})
 *   POST /api/aftersale/bookings/:id/schedule-change/accept  scheduleAcceptRequest → editResult
 *   POST /api/aftersale/bookings/:id/schedule-change/rebook  scheduleRebookRequest → editResult
 *   POST /api/aftersale/bookings/:id/segment-status          segmentStatusRequest  → editResult (change-route-status/{id})
 *
 * and the job that brings the airlines' schedule changes into the issued PNRs every SCHEDULE_CHANGE_EVERY_MS
 * (once across the instances, at start and then on the interval; the rounds read the time from ctx.clock).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bookingIdParams } from '../../contract/aftersale';
import { editResult, SCHED_API, scheduleAcceptRequest, scheduleChangeList, scheduleInboxQuery, scheduleRebookRequest, segmentStatusRequest } from '../../contract/aftersale-sched';
import { defineEndpoint } from '../platform/access/endpoint';
import type { GatewayContext } from '../platform/module';
import { databaseKind, scheduleJob } from '../platform/reliability/jobs';
import { requireAuth } from '../platform/tenancy/scope';
import { acceptScheduleChange, changeSegmentStatus, inboxOf, rebookScheduleChange, runScheduleChanges, scheduleViewOf } from './schedule-changes';
import type { AfterSaleDeps } from './services';

const ERRORS =
  '404/44 outside the caller’s booking scope; 409/49 with data.reason (notIssued, departed, noScheduleChange, notChanged, noSegment, ' +
  'same, confirmedUseRemoveRoute, unableNotConfirmable, noSeats) and a localized data.message, nothing changed; 502/80 with the airline’s message when it refuses (the PNR as it was).';

export function registerSchedule(app: FastifyInstance, ctx: GatewayContext, deps: AfterSaleDeps): void {
  const access = ctx.access;
  const tags = ['aftersale'];
  const jobDeps = { ...deps, notifier: ctx.notifier };
  scheduleJob(app, ctx.db, databaseKind(ctx.db), 'schedule-changes', ctx.settings.SCHEDULE_CHANGE_EVERY_MS, () => runScheduleChanges(jobDeps), true);

  defineEndpoint(app, access, {
    method: 'GET',
    url: SCHED_API.inbox,
    tags,
    summary: 'The schedule-change inbox (booking/schedule-changes)',
    description: 'Bookings whose flights the airline changed: per PNR the changed segments old and new, open first. Filters status, airline, q (PNR); sort detectedAt, firstDeparture, pnr. Only bookings of the caller’s scope.',
    query: scheduleInboxQuery,
    response: scheduleChangeList,
    handler: async ({ query, auth, lang }) => inboxOf(deps, { ctx: requireAuth(auth), lang }, query),
  });

  defineEndpoint(app, access, {
    method: 'GET',
    url: SCHED_API.view,
    tags,
    summary: 'The schedule change of a booking (submit-sc/{id})',
    description: `Per issued PNR: its segments, the changes (old and new flight and times) and, per change, the other flights of the route that day for a free rebooking. ${ERRORS}`,
    params: bookingIdParams,
    response: z.unknown(),
    handler: async ({ params, auth, lang }) => scheduleViewOf(deps, { ctx: requireAuth(auth), lang }, params.id),
  });

  defineEndpoint(app, access, {
    method: 'POST',
    url: SCHED_API.accept,
    tags,
    summary: 'Accept the airline’s schedule change (submit-sc/{id})',
    description: `One airline call: TK segments confirmed HK, UN segments removed (their replacement confirmed), the tickets revalidated; free. History and audit. Idempotent by idempotencyKey. ${ERRORS}`,
    params: bookingIdParams,
    body: scheduleAcceptRequest,
    response: editResult,
    handler: async ({ params, body, auth, lang, meta }) => acceptScheduleChange(deps, { ctx: requireAuth(auth), lang, meta }, params.id, body),
  });

  defineEndpoint(app, access, {
    method: 'POST',
    url: SCHED_API.rebook,
    tags,
    summary: 'Rebook a changed segment onto another flight of the route, free (submit-sc/{id})',
    description: `The flight must be one of the view’s alternatives (400/41 reason flightNo otherwise). One airline call, no charge (involuntary change), tickets revalidated, history and audit. Idempotent by idempotencyKey. ${ERRORS}`,
    params: bookingIdParams,
    body: scheduleRebookRequest,
    response: editResult,
    handler: async ({ params, body, auth, lang, meta }) => rebookScheduleChange(deps, { ctx: requireAuth(auth), lang, meta }, params.id, body),
  });

  defineEndpoint(app, access, {
    method: 'POST',
    url: SCHED_API.segmentStatus,
    tags,
    summary: 'Change a segment’s status (change-route-status/{id})',
    description: `TK→HK, HL→HK (when the flight has seats), TK/HL/UN/UC→XX (removed); any other change is refused with the reason. One airline call, history and audit. Idempotent by idempotencyKey. ${ERRORS}`,
    params: bookingIdParams,
    body: segmentStatusRequest,
    response: editResult,
    handler: async ({ params, body, auth, lang, meta }) => changeSegmentStatus(deps, { ctx: requireAuth(auth), lang, meta }, params.id, body),
  });
}
