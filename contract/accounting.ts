/**
 * The deposit ledger (docs/ledger.md): balance, entries, the deposit report and top-up requests. Money is
 * integer VND. Entry types (spec point 9): T top up, C pay, S sale, V void, R refund; T, V and R credit the
 * agency's deposit, C and S debit it. Dates of filters are calendar days in Vietnam time (UTC+7), both ends
 * included.
 */
import { z } from 'zod';
import { listOf } from './list';

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
