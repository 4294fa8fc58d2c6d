/**
 * The deposit ledger (docs/ledger.md): balance, entries, the deposit report and top-up requests. Money is
 * integer VND. Entry types (spec point 9): T top up, C pay, S sale, V void, R refund; T, V and R credit the
 * agency's deposit, C and S debit it. Dates of filters are calendar days in Vietnam time (UTC+7), both ends
 * included.
 */
import { z } from 'zod';
import { listOf, sortQuery } from './list';

export const ACCOUNTING_API = {
  balance: '/api/accounting/balance',
  entries: '/api/accounting/entries',
  report: '/api/accounting/deposit-report',
  topUps: '/api/accounting/topups',
  topUp: '/api/accounting/topups/:id',
  topUpApprove: '/api/accounting/topups/:id/approve',
  topUpReject: '/api/accounting/topups/:id/reject',
} as const;

/**
 * The header balance is read as the Refine resource `deposit-balance` (cache tag Deposit of spec point 7): its
 * query key is the one Refine gives that resource on the default data provider, so screens that move money
 * refresh it with `useInvalidate()({ resource: DEPOSIT_BALANCE_RESOURCE, invalidates: ['resourceAll'] })`
 * (or every read at once with `invalidates: ['all']`), never by touching the query cache themselves.
 */
export const DEPOSIT_BALANCE_RESOURCE = 'deposit-balance';
export const DEPOSIT_BALANCE_KEY = ['data', 'default', DEPOSIT_BALANCE_RESOURCE, 'Deposit'] as const;

export const ENTRY_TYPES = ['T', 'C', 'S', 'V', 'R'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** +1 when the type credits the agency's deposit, −1 when it debits it. */
export const ENTRY_SIGN: Record<EntryType, 1 | -1> = { T: 1, C: -1, S: -1, V: 1, R: 1 };

/** The largest single top-up request: 10 billion VND. */
export const TOPUP_MAX_VND = 10_000_000_000;
/** Images or PDF, checked by content on upload and again on request. */
export const RECEIPT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'application/pdf'] as const;

export const TOPUP_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TopUpStatus = (typeof TOPUP_STATUSES)[number];

/** A calendar day, YYYY-MM-DD, that exists. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'not a calendar day');

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);
const agencyIdQuery = z.coerce.number().int().min(1).max(2_147_483_647).optional();
const vnd = z.number().int();

const dayRange = <T extends { from?: string; to?: string }>(q: T) => !q.from || !q.to || q.from <= q.to;

export const balance = z.object({
  agencyId: z.number().int(),
  /** Sum of the deposit account's postings. */
  balance: vnd,
  /** How far below zero the agency may go (set by its parent agency). */
  creditLimit: vnd,
  /** balance + creditLimit: what a debit may take now. */
  available: vnd,
});

export const entriesQuery = z
  .object({
    page,
    pageSize,
    type: z.enum(ENTRY_TYPES).optional(),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    reference: z.string().trim().max(100).optional(),
    /** An agency in the caller's deposit scope; the caller's own by default. */
    agencyId: agencyIdQuery,
  })
  .refine(dayRange, { message: 'from is after to', path: ['to'] });

export const ledgerEntry = z.object({
  id: z.number().int(),
  type: z.enum(ENTRY_TYPES),
  agencyId: z.number().int(),
  /** Positive integer VND moved. */
  amount: vnd,
  /** amount with the sign of its effect on the deposit. */
  signedAmount: vnd,
  /** The deposit balance right after this entry. */
  balanceAfter: vnd,
  reference: z.string(),
  bookingRef: z.string().nullable(),
  pnr: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});

export const entriesPage = listOf(ledgerEntry);

export const reportQuery = z
  .object({ from: calendarDay, to: calendarDay, agencyId: agencyIdQuery })
  .refine(dayRange, { message: 'from is after to', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= 366, { message: 'at most 366 days', path: ['to'] });

export const depositReport = z.object({
  agencyId: z.number().int(),
  agencyCode: z.string(),
  agencyName: z.string(),
  from: z.string(),
  to: z.string(),
  openingBalance: vnd,
  closingBalance: vnd,
  /** One row per entry type, all five always present. */
  totals: z.array(z.object({ type: z.enum(ENTRY_TYPES), count: z.number().int(), amount: vnd, signedAmount: vnd })),
  totalCredit: vnd,
  totalDebit: vnd,
});

export const topUpCreate = z.object({
  amount: z.number().int().min(1).max(TOPUP_MAX_VND),
  bankReference: z.string().trim().min(1).max(64),
  receiptUploadId: z.uuid(),
  note: z.string().trim().max(500).optional(),
});

export const topUpReject = z.object({ reason: z.string().trim().min(1).max(500) });
export const topUpApprove = z.object({}).strict();

export const topUpRequest = z.object({
  id: z.number().int(),
  agencyId: z.number().int(),
  agencyCode: z.string(),
  agencyName: z.string(),
  amount: vnd,
  bankReference: z.string(),
  receiptUploadId: z.string(),
  receiptUrl: z.string(),
  receiptFileName: z.string(),
  receiptContentType: z.string(),
  note: z.string().nullable(),
  status: z.enum(TOPUP_STATUSES),
  requestedBy: z.string().nullable(),
  requestedById: z.number().int().nullable(),
  createdAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  entryId: z.number().int().nullable(),
});

export const topUpQuery = z
  .object({
    page,
    pageSize,
    status: z.enum(TOPUP_STATUSES).optional(),
    agencyId: agencyIdQuery,
    from: calendarDay.optional(),
    to: calendarDay.optional(),
  })
  .refine(dayRange, { message: 'from is after to', path: ['to'] });

export const topUpPage = listOf(topUpRequest);

export type Balance = z.infer<typeof balance>;
export type EntriesQuery = z.infer<typeof entriesQuery>;
export type LedgerEntry = z.infer<typeof ledgerEntry>;
export type EntriesPage = z.infer<typeof entriesPage>;
export type ReportQuery = z.infer<typeof reportQuery>;
export type DepositReport = z.infer<typeof depositReport>;
export type TopUpCreate = z.infer<typeof topUpCreate>;
export type TopUpReject = z.infer<typeof topUpReject>;
export type TopUpRequest = z.infer<typeof topUpRequest>;
export type TopUpQuery = z.infer<typeof topUpQuery>;
export type TopUpPage = z.infer<typeof topUpPage>;

// ----- Accounting reports (docs/reports.md) -------------------------------------------------------------------

/** The six report screens of spec point 2, by their route name under accounting/. */
export const REPORTS = ['sale-report', 'flight-data-report', 'debit-report', 'debit-total-report', 'income-report', 'vna-summary-report'] as const;
export type ReportName = (typeof REPORTS)[number];

export const reportPath = (report: ReportName) => `/api/accounting/reports/${report}` as const;
/** Every row of a report as an xlsx download (the same filters and sort as the report, no paging). */
export const reportXlsxPath = (report: ReportName) => `/api/accounting/reports/${report}.xlsx` as const;
/** The agencies the caller may report on (the agent / sub-agency filter). */
export const REPORT_AGENCIES_API = '/api/accounting/reports/agencies';

export const reportAgency = z.object({ id: z.number().int(), code: z.string(), name: z.string(), level: z.number().int() });
export type ReportAgency = z.infer<typeof reportAgency>;

/**
 * Which date a line is dated by (spec point 9: by flight date, by booking date, and the two 3-or-more-PNR
 * variants). `transaction` (the day the ledger entry was written) is the default: only it reconciles with the
 * deposit balance. The `…3` modes keep only the agencies with 3 or more distinct PNRs among the lines.
 */
export const REPORT_DATE_MODES = ['transaction', 'booking', 'flight', 'booking3', 'flight3'] as const;
export type ReportDateMode = (typeof REPORT_DATE_MODES)[number];

/** QN domestic (every leg between Vietnamese airports), QT international (spec point 9). */
export const MARKETS = ['QN', 'QT'] as const;
export type Market = (typeof MARKETS)[number];

/**
 * What a ledger line sold. Flights today; train and eSIM lines are recognised once those modules write
 * entries with their own references (docs/reports.md). A line without a product is a top-up or a manual entry.
 */
export const REPORT_PRODUCTS = ['flight', 'train', 'esim'] as const;
export type ReportProduct = (typeof REPORT_PRODUCTS)[number];

export type ReportColumnKind = 'text' | 'day' | 'datetime' | 'money' | 'count' | 'type' | 'market' | 'product';
export interface ReportColumn {
  key: string;
  kind: ReportColumnKind;
  /** Can be given to `sort`. */
  sortable?: boolean;
  /** Summed in the totals row. */
  total?: boolean;
}

const col = (key: string, kind: ReportColumnKind, opts: Omit<ReportColumn, 'key' | 'kind'> = {}): ReportColumn => ({ key, kind, ...opts });

/** The columns of every report, in order: the table, the totals row and the xlsx share them. */
export const REPORT_COLUMNS = {
  'sale-report': [
    col('createdAt', 'datetime', { sortable: true }),
    col('agencyCode', 'text', { sortable: true }),
    col('type', 'type', { sortable: true }),
    col('product', 'product'),
    col('pnr', 'text', { sortable: true }),
    col('airline', 'text', { sortable: true }),
    col('market', 'market'),
    col('flightDate', 'day', { sortable: true }),
    col('credit', 'money', { sortable: true, total: true }),
    col('debit', 'money', { sortable: true, total: true }),
    col('net', 'money', { sortable: true, total: true }),
  ],
  'flight-data-report': [
    col('pnr', 'text', { sortable: true }),
    col('airline', 'text', { sortable: true }),
    col('market', 'market'),
    col('route', 'text'),
    col('flightDate', 'day', { sortable: true }),
    col('bookingDate', 'day', { sortable: true }),
    col('agencyCode', 'text', { sortable: true }),
    col('pax', 'count', { sortable: true, total: true }),
    col('charged', 'money', { sortable: true, total: true }),
    col('returned', 'money', { sortable: true, total: true }),
    col('net', 'money', { sortable: true, total: true }),
  ],
  'debit-report': [
    col('agencyCode', 'text', { sortable: true }),
    col('agencyName', 'text', { sortable: true }),
    col('opening', 'money', { sortable: true, total: true }),
    col('credit', 'money', { sortable: true, total: true }),
    col('debit', 'money', { sortable: true, total: true }),
    col('closing', 'money', { sortable: true, total: true }),
  ],
  'debit-total-report': [
    col('agencyCode', 'text', { sortable: true }),
    col('agencyName', 'text', { sortable: true }),
    col('T', 'money', { sortable: true, total: true }),
    col('C', 'money', { sortable: true, total: true }),
    col('S', 'money', { sortable: true, total: true }),
    col('V', 'money', { sortable: true, total: true }),
    col('R', 'money', { sortable: true, total: true }),
    col('net', 'money', { sortable: true, total: true }),
  ],
  'income-report': [
    col('airline', 'text', { sortable: true }),
    col('pnrs', 'count', { sortable: true, total: true }),
    col('charged', 'money', { sortable: true, total: true }),
    col('returned', 'money', { sortable: true, total: true }),
    col('net', 'money', { sortable: true, total: true }),
  ],
  'vna-summary-report': [
    col('market', 'market', { sortable: true }),
    col('pnrs', 'count', { sortable: true, total: true }),
    col('pax', 'count', { sortable: true, total: true }),
    col('charged', 'money', { sortable: true, total: true }),
    col('voided', 'money', { sortable: true, total: true }),
    col('refunded', 'money', { sortable: true, total: true }),
    col('net', 'money', { sortable: true, total: true }),
  ],
} as const satisfies Record<ReportName, readonly ReportColumn[]>;

/** The default order of each report's rows. */
export const REPORT_DEFAULT_SORT: Record<ReportName, string> = {
  'sale-report': '-createdAt',
  'flight-data-report': '-flightDate',
  'debit-report': 'agencyCode',
  'debit-total-report': 'agencyCode',
  'income-report': '-net',
  'vna-summary-report': 'market',
};

/** What the chart of a report draws (null: the report has no chart). */
export const REPORT_CHART: Record<ReportName, { by: 'day' | 'agency' | 'airline'; value: string } | null> = {
  'sale-report': { by: 'day', value: 'sales' },
  'flight-data-report': null,
  'debit-report': { by: 'agency', value: 'debit' },
  'debit-total-report': null,
  'income-report': { by: 'airline', value: 'net' },
  'vna-summary-report': null,
};

const sortableOf = (report: ReportName) => REPORT_COLUMNS[report].filter((c) => 'sortable' in c && c.sortable).map((c) => c.key);

/** `T,C` → ['T', 'C']: every letter one of spec point 9's types, each at most once. */
const typeList = z
  .string()
  .regex(/^[TCSVR](?:,[TCSVR])*$/, 'types are T, C, S, V, R separated by commas')
  .transform((s) => [...new Set(s.split(','))] as EntryType[]);

/** The filters every report shares (the xlsx export takes the same). */
export const reportFilters = z.object({
  from: calendarDay,
  to: calendarDay,
  dateMode: z.enum(REPORT_DATE_MODES).default('transaction'),
  market: z.enum(MARKETS).optional(),
  airline: z.string().regex(/^[A-Z0-9]{2}$/, 'an airline is a 2-character IATA code').optional(),
  /** One agency (agent or sub-agency) of the caller's report scope. */
  agencyId: agencyIdQuery,
  types: typeList.optional(),
  product: z.enum(REPORT_PRODUCTS).optional(),
});

const checkRange = <T extends z.ZodType<{ from: string; to: string }>>(s: T) =>
  s
    .refine(dayRange, { message: 'from is after to', path: ['to'] })
    .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= 366, { message: 'at most 366 days', path: ['to'] });

export const reportQueryOf = (report: ReportName) =>
  checkRange(reportFilters.extend({ page, pageSize, sort: sortQuery(sortableOf(report), REPORT_DEFAULT_SORT[report]) }));

export const reportExportQueryOf = (report: ReportName) =>
  checkRange(reportFilters.extend({ sort: sortQuery(sortableOf(report), REPORT_DEFAULT_SORT[report]) }));

export const reportRow = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

export const reportAnswer = z.object({
  data: z.array(reportRow),
  total: z.number().int(),
  /** The sums of the `total` columns over every row of the filters (not only the page). */
  totals: z.record(z.string(), z.number()),
  /** The chart's points over every row of the filters (empty when the report has none). */
  chart: z.array(z.object({ key: z.string(), value: vnd })),
});

export type ReportFilters = z.output<typeof reportFilters>;
export type ReportListQuery = ReportFilters & { page: number; pageSize: number; sort: string };
export type ReportRow = z.infer<typeof reportRow>;
export type ReportAnswer = z.infer<typeof reportAnswer>;
