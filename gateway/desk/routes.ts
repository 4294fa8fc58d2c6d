/** The desk's endpoints (contract/desk.ts) and the reminder job on the gateway's clock. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../contract/agents';
import { okResult } from '../../contract/auth';
import { bookingReportAnswer, bookingReportExportQuery, bookingReportQuery, type BookingReport, DESK_API, remindList, remindQuery, supportCreated, supportDetail, supportList, supportListQuery, supportReplyInput, supportRequestInput } from '../../contract/desk';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import type { Clock } from '../platform/clock';
import type { Notifier } from '../platform/notifier';
import { requireAuth } from '../platform/tenancy/scope';
import { XLSX_CONTENT_TYPE, xlsxStream } from '../platform/xlsx';
import { bookingReport, writeBookingReportXlsx } from './reports';
import { listReminders, sendHoldReminders, writeRemindersXlsx } from './remind';
import { addSupportMessage, closeSupportRequest, createSupportRequest, listSupportRequests, supportRequestDetail, type SupportDeps } from './support';

export interface DeskDeps {
  notifier: Notifier;
  clock: Clock;
  /** ms between two runs of the reminder job (default one minute; 0 for none). */
  remindIntervalMs?: number;
}

export function registerDeskRoutes(app: FastifyInstance, deps: AccessDeps, desk: DeskDeps): void {
  const { db } = deps;
  const now = () => desk.clock.now();
  const support: SupportDeps = { db, notifier: desk.notifier, now };

  const every = desk.remindIntervalMs ?? 60_000;
  if (every > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      sendHoldReminders(db, desk.notifier, now())
        .then((n) => {
          if (n > 0) app.log.info({ reminded: n }, 'hold reminders sent');
        })
        .catch((err: unknown) => app.log.error({ err }, 'hold reminders failed'))
        .finally(() => (running = false));
    }, every);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  const tags = ['desk'];

  defineEndpoint(app, deps, {
    method: 'GET',
    url: DESK_API.supportRequests,
    tags,
    summary: 'Support requests of the bookings the caller sees (newest message first)',
    description: 'Filters: status (open, answered, closed), q (PNR or subject). A provider administrator sees the requests of its subtree.',
    query: supportListQuery,
    response: supportList,
    handler: ({ auth, query }) => listSupportRequests(db, requireAuth(auth), query),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: DESK_API.supportRequests,
    tags,
    summary: 'Open a support request to the provider about a booking (by PNR), with attachments',
    description:
      'The PNR must be one of the caller’s booking scope (404 reason booking); attachments are the caller’s own uploads ' +
      '(POST /api/uploads, at most 5; 404 reason attachment otherwise). Rings the bell of the provider’s administrators.',
    body: supportRequestInput,
    response: supportCreated,
    handler: ({ auth, body, meta }) => createSupportRequest(support, requireAuth(auth), body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: DESK_API.supportRequest,
    tags,
    summary: 'One support request with its thread of messages and attachments',
    params: idParam,
    response: supportDetail,
    handler: ({ auth, params }) => supportRequestDetail(db, requireAuth(auth), params.id),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: DESK_API.supportReply,
    tags,
    summary: 'The requester’s side writes again (the request is open again; the provider’s bell)',
    description: '409 reason supportClosed when the request is closed.',
    params: idParam,
    body: supportReplyInput,
    response: okResult,
    handler: ({ auth, params, body, meta }) => addSupportMessage(support, requireAuth(auth), params.id, 'agent', body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: DESK_API.supportAnswer,
    tags,
    summary: 'The provider answers (ADMIN_F1 of the request’s agency or one above): status answered, the requester’s bell',
    description: '404 when the request is not of the caller’s subtree; 409 reason supportClosed when it is closed.',
    params: idParam,
    body: supportReplyInput,
    response: okResult,
    handler: ({ auth, params, body, meta }) => addSupportMessage(support, requireAuth(auth), params.id, 'provider', body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: DESK_API.supportClose,
    tags,
    summary: 'Close a support request (either side); 409 when it is closed already',
    params: idParam,
    response: okResult,
    handler: ({ auth, params, meta }) => closeSupportRequest(support, requireAuth(auth), params.id, meta),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: DESK_API.reminders,
    tags,
    summary: 'Holds near their time limit and PNRs with a waitlisted (HL) segment, of the caller’s booking scope',
    description: 'Filters: kind (timeLimit, waitlist), withinHours (1–168, default 24), airline, q (PNR or customer name). Nearest time limit first.',
    query: remindQuery,
    response: remindList,
    handler: ({ auth, query }) => listReminders(db, requireAuth(auth), query, now()),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: DESK_API.remindersExport,
    tags,
    summary: 'The reminder list as an xlsx file: every row of the filters, headers in the caller’s language',
    query: remindQuery.omit({ page: true, pageSize: true }),
    response: z.string().describe(XLSX_CONTENT_TYPE),
    handler: async ({ auth, query, lang, reply, request }) => {
      const ctx = requireAuth(auth);
      const at = now();
      const stream = xlsxStream(
        (out) => writeRemindersXlsx(db, ctx, query, lang, at, out),
        (e) => request.log.error(e, 'reminder xlsx export failed'),
      );
      reply
        .type(XLSX_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="remind_${at.toISOString().slice(0, 10)}.xlsx"`)
        .header('Cache-Control', 'no-store');
      return stream as unknown as string;
    },
  });

  // the booking reports: grouped rows, totals and chart; every group as an xlsx file
  const reports: { report: BookingReport; url: string; exportUrl: string; summary: string }[] = [
    { report: 'customer-services', url: DESK_API.customerServicesReport, exportUrl: DESK_API.customerServicesExport, summary: 'PNRs held, issued, cancelled, timed out and failed, support requests and the share issued, by the day the PNR was made' },
    { report: 'analyze-sales', url: DESK_API.analyzeSalesReport, exportUrl: DESK_API.analyzeSalesExport, summary: 'Issued PNRs, tickets, voids, revenue and average ticket, by the day of issue' },
  ];
  for (const r of reports) {
    defineEndpoint(app, deps, {
      method: 'GET',
      url: r.url,
      tags,
      summary: `${r.summary}, grouped by agent, route or airline over the caller’s booking scope`,
      description: 'Filters: from, to (Vietnam days, at most 366 days), groupBy (agent, route, airline), airline; sort by key or a column. Answers the page, the totals of every group and the chart’s largest groups.',
      query: bookingReportQuery,
      response: bookingReportAnswer,
      handler: ({ auth, query }) => bookingReport(db, requireAuth(auth), r.report, query),
    });
    defineEndpoint(app, deps, {
      method: 'GET',
      url: r.exportUrl,
      tags,
      summary: 'The same report as an xlsx file: every group and the totals, headers in the caller’s language',
      query: bookingReportExportQuery,
      response: z.string().describe(XLSX_CONTENT_TYPE),
      handler: async ({ auth, query, lang, reply, request }) => {
        const ctx = requireAuth(auth);
        const stream = xlsxStream(
          (out) => writeBookingReportXlsx(db, ctx, r.report, query, lang, out),
          (e) => request.log.error(e, 'booking report xlsx export failed'),
        );
        reply
          .type(XLSX_CONTENT_TYPE)
          .header('Content-Disposition', `attachment; filename="${r.report}_${query.from}_${query.to}.xlsx"`)
          .header('Cache-Control', 'no-store');
        return stream as unknown as string;
      },
    });
  }
}
