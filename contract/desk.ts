/**
 * The agency desk: support requests to the provider about a booking (/booking/support-request) and the
 * reminders of holds near their time limit and waitlisted segments (/booking/remind).
 */
import { z } from 'zod';
import { calendarDay } from './accounting';
import { page, pageSize } from './agents';
import { listOf } from './list';

export const DESK_API = {
  /** GET list (status, q), POST a new request. */
  supportRequests: '/api/desk/support-requests',
  /** GET one request with its thread. */
  supportRequest: '/api/desk/support-requests/:id',
  /** POST the requester's side adds to the thread (re-opens an answered request). */
  supportReply: '/api/desk/support-requests/:id/replies',
  /** POST the provider answers (ADMIN_F1 of an agency above or equal to the request's): status answered, the requester's bell. */
  supportAnswer: '/api/desk/support-requests/:id/answer',
  /** POST either side closes the request. */
  supportClose: '/api/desk/support-requests/:id/close',
  /** GET holds near their time limit and waitlisted segments (kind, withinHours, airline, q). */
  reminders: '/api/desk/reminders',
  /** GET the same list as an xlsx file (every row). */
  remindersExport: '/api/desk/reminders/export',
  /** GET the booking reports (grouped rows, totals, chart) and their xlsx files. */
  customerServicesReport: '/api/desk/reports/customer-services',
  customerServicesExport: '/api/desk/reports/customer-services/export',
  analyzeSalesReport: '/api/desk/reports/analyze-sales',
  analyzeSalesExport: '/api/desk/reports/analyze-sales/export',
} as const;

// ---------------------------------------------------------------- support requests

export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_SIDES = ['agent', 'provider'] as const;
export type SupportSide = (typeof SUPPORT_SIDES)[number];
/** At most this many files per message. */
export const SUPPORT_MAX_ATTACHMENTS = 5;

const messageBody = z.string().trim().min(1).max(4000);
const attachmentIds = z.array(z.uuid()).max(SUPPORT_MAX_ATTACHMENTS).default([]);

export const supportRequestInput = z.object({
  /** The booking reference (PNR) the request is about; it must be one of the caller's scope. */
  pnr: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{6}$/),
  subject: z.string().trim().min(1).max(200),
  body: messageBody,
  /** Upload ids (POST /api/uploads) of the caller's own files. */
  attachments: attachmentIds,
});

export const supportReplyInput = z.object({ body: messageBody, attachments: attachmentIds });

export const supportListQuery = z.object({
  page,
  pageSize,
  status: z.enum(SUPPORT_STATUSES).optional(),
  /** PNR or subject, contains. */
  q: z.string().trim().max(100).optional(),
});

export const supportAttachment = z.object({
  id: z.uuid(),
  url: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

export const supportMessage = z.object({
  id: z.number().int(),
  side: z.enum(SUPPORT_SIDES),
  authorName: z.string(),
  body: z.string(),
  attachments: z.array(supportAttachment),
  createdAt: z.string(),
});

export const supportSummary = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  pnr: z.string(),
  subject: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  agencyCode: z.string(),
  requesterName: z.string(),
  replies: z.number().int(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
});

export const supportDetail = supportSummary.extend({
  messages: z.array(supportMessage),
  /** Whether the caller answers as the provider (and may use the answer endpoint). */
  callerIsProvider: z.boolean(),
});

export const supportList = listOf(supportSummary);
export const supportCreated = z.object({ id: z.number().int() });

export type SupportRequestInput = z.input<typeof supportRequestInput>;
export type SupportReplyInput = z.input<typeof supportReplyInput>;
export type SupportListQuery = z.infer<typeof supportListQuery>;
export type SupportAttachment = z.infer<typeof supportAttachment>;
export type SupportMessage = z.infer<typeof supportMessage>;
export type SupportSummary = z.infer<typeof supportSummary>;
export type SupportDetail = z.infer<typeof supportDetail>;

// ---------------------------------------------------------------- reminders

export const REMIND_KINDS = ['timeLimit', 'waitlist'] as const;
export type RemindKind = (typeof REMIND_KINDS)[number];
/**
 * Reminder thresholds in minutes before the time limit, widest first: once per booking and threshold, and
 * never one as wide as the hold itself (the agent has just made it).
 */
export const REMIND_THRESHOLDS = [720, 120] as const;
export type RemindThreshold = (typeof REMIND_THRESHOLDS)[number];

export const remindQuery = z.object({
  page,
  pageSize,
  kind: z.enum(REMIND_KINDS).optional(),
  /** Holds whose time limit is within this many hours (default 24). */
  withinHours: z.coerce.number().int().min(1).max(168).default(24),
  airline: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2}$/)
    .optional(),
  /** PNR or customer name, contains. */
  q: z.string().trim().max(100).optional(),
});

export const remindRow = z.object({
  pnrId: z.number().int(),
  bookingId: z.number().int(),
  pnr: z.string(),
  airline: z.string(),
  route: z.string(),
  /** yyyy-MM-dd local of the first leg. */
  departDate: z.string(),
  flightNo: z.string(),
  kind: z.enum(REMIND_KINDS),
  /** HL legs of the PNR, as FROM-TO flight. */
  waitlisted: z.array(z.string()),
  timeLimit: z.string().nullable(),
  minutesLeft: z.number().int().nullable(),
  customerName: z.string(),
  agentName: z.string(),
  agencyCode: z.string(),
  /** The last reminder sent for this booking, if any. */
  remindedAt: z.string().nullable(),
});

export const remindList = listOf(remindRow);

export type RemindQuery = z.input<typeof remindQuery>;
export type RemindRow = z.infer<typeof remindRow>;
export type RemindList = z.infer<typeof remindList>;

// ---------------------------------------------------------------- booking reports

/**
 * /booking/customer-services-report: how the agents serve customers (PNRs held, issued, cancelled, timed out,
 * failed, support requests, the share of holds that became tickets), by the day the PNR was made.
 * /booking/analyze-sales-report: what was sold (issued PNRs, tickets, voided, revenue, average ticket), by the
 * day of issue. Both group by agent, route or airline, over the caller's booking scope.
 */
export const BOOKING_REPORTS = ['customer-services', 'analyze-sales'] as const;
export type BookingReport = (typeof BOOKING_REPORTS)[number];
export const REPORT_GROUPS = ['agent', 'route', 'airline'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export const BOOKING_REPORT_COLUMNS = {
  'customer-services': ['held', 'issued', 'cancelled', 'expired', 'failed', 'supportRequests', 'conversion'],
  'analyze-sales': ['pnrs', 'tickets', 'voided', 'revenue', 'averageTicket'],
} as const satisfies Record<BookingReport, readonly string[]>;
/** Columns in đồng (the others are counts, conversion a percentage). */
export const BOOKING_REPORT_MONEY = ['revenue', 'averageTicket'] as const;
/** The value the chart draws, per report. */
export const BOOKING_REPORT_CHART: Record<BookingReport, string> = { 'customer-services': 'issued', 'analyze-sales': 'revenue' };
/** The chart shows this many groups at most (the largest). */
export const BOOKING_REPORT_CHART_TOP = 12;


const bookingReportFilters = {
  from: calendarDay,
  to: calendarDay,
  groupBy: z.enum(REPORT_GROUPS).default('agent'),
  airline: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2}$/)
    .optional(),
};
const rangeOk = (q: { from: string; to: string }) => q.from <= q.to && (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= 366;

export const bookingReportExportQuery = z.object(bookingReportFilters).refine(rangeOk, { message: 'from must not be after to, at most 366 days', path: ['to'] });
export const bookingReportQuery = z
  .object({
    ...bookingReportFilters,
    page,
    pageSize,
    /** key or any column of the report, '-' for descending. */
    sort: z
      .string()
      .regex(/^-?[a-zA-Z]+$/)
      .default('-key'),
  })
  .refine(rangeOk, { message: 'from must not be after to, at most 366 days', path: ['to'] });
export type BookingReportQuery = z.output<typeof bookingReportQuery>;
export type BookingReportFilters = z.output<typeof bookingReportExportQuery>;

export const bookingReportRow = z.object({ key: z.string(), label: z.string() }).catchall(z.number());
export type BookingReportRow = z.infer<typeof bookingReportRow>;
export const bookingReportAnswer = z.object({
  data: z.array(bookingReportRow),
  total: z.number().int(),
  totals: z.record(z.string(), z.number()),
  chart: z.array(z.object({ key: z.string(), value: z.number() })),
});
export type BookingReportAnswer = z.infer<typeof bookingReportAnswer>;

/** Issued PNRs as a share of PNRs held, whole percent (0 without holds). */
export const conversionRate = (issued: number, held: number): number => (held > 0 ? Math.round((issued * 100) / held) : 0);
/** Revenue per ticket, whole đồng rounded down (0 without tickets). */
export const averageTicket = (revenue: number, tickets: number): number => (tickets > 0 ? Math.floor(revenue / tickets) : 0);

/** The derived columns of a row (or of the totals) from its sums. */
export function withDerived(report: BookingReport, sums: Record<string, number>): Record<string, number> {
  return report === 'customer-services'
    ? { ...sums, conversion: conversionRate(sums.issued ?? 0, sums.held ?? 0) }
    : { ...sums, averageTicket: averageTicket(sums.revenue ?? 0, sums.tickets ?? 0) };
}

/** Whether `sort` names a column of the report (or key). */
export const isBookingReportSort = (report: BookingReport, sort: string): boolean => {
  const field = sort.replace(/^-/, '');
  return field === 'key' || (BOOKING_REPORT_COLUMNS[report] as readonly string[]).includes(field);
};
