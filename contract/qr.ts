/**
 * QR top-ups (spec point 2: qr and qr/{id}) and the bank statement matching that credits them. A sub-agency
 * tops up its deposit by a VietQR transfer to the account its provider set for it; the transfer carries the
 * top-up's unique reference; the provider imports its bank statement and confirms the matches, which approve
 * the top-up requests through the deposit's own approval (one T entry each, never twice).
 */
import { z } from 'zod';
import { listOf } from './list';

export const QR_API = {
  account: '/api/qr/account',
  topUps: '/api/qr/topups',
  accounts: '/api/qr/accounts',
  accountOf: '/api/qr/accounts/:id',
  statements: '/api/qr/statements',
  lines: '/api/qr/statement-lines',
  confirm: '/api/qr/statement-lines/:id/confirm',
} as const;

export const qrPath = (path: string, id: number | string): string => path.replace(':id', encodeURIComponent(String(id)));

/** Banks of the account picker: NAPAS BIN, short name. */
export const BANKS = [
  { bin: '970436', code: 'VCB', name: 'Vietcombank' },
  { bin: '970415', code: 'CTG', name: 'VietinBank' },
  { bin: '970418', code: 'BIDV', name: 'BIDV' },
  { bin: '970405', code: 'AGRIBANK', name: 'Agribank' },
  { bin: '970407', code: 'TCB', name: 'Techcombank' },
  { bin: '970422', code: 'MB', name: 'MB Bank' },
  { bin: '970416', code: 'ACB', name: 'ACB' },
  { bin: '970432', code: 'VPB', name: 'VPBank' },
  { bin: '970423', code: 'TPB', name: 'TPBank' },
  { bin: '970403', code: 'STB', name: 'Sacombank' },
] as const;
export const bankOf = (bin: string) => BANKS.find((b) => b.bin === bin) ?? null;

/** A top-up reference: NAP and 8 letters or digits without look-alikes (no 0, O, 1, I). */
export const REFERENCE_RE = /NAP[2-9A-HJ-NP-Z]{8}/g;
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** The smallest and largest QR top-up, integer VND. */
export const QR_MIN_VND = 10_000;
export const QR_MAX_VND = 10_000_000_000;
/** A statement file: at most 5 MB (spec point 5). */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

export const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const qrAccountInput = z.object({
  bankBin: z.string().regex(/^\d{6}$/).refine((b) => bankOf(b) !== null, 'unknown bank'),
  accountNo: z.string().trim().regex(/^[A-Za-z0-9]{4,19}$/),
  accountName: z.string().trim().min(2).max(80),
});
export type QrAccountInput = z.infer<typeof qrAccountInput>;

export const qrAccount = z.object({
  agencyId: z.number().int(),
  agencyCode: z.string(),
  agencyName: z.string(),
  bankBin: z.string().nullable(),
  bankName: z.string().nullable(),
  accountNo: z.string().nullable(),
  accountName: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type QrAccount = z.infer<typeof qrAccount>;
export const qrAccountsPage = listOf(qrAccount);

export const qrTopUpCreate = z.object({ amount: z.number().int().min(QR_MIN_VND).max(QR_MAX_VND) });

export const qrTopUp = z.object({
  id: z.number().int(),
  topUpRequestId: z.number().int(),
  reference: z.string(),
  amount: z.number().int(),
  bankBin: z.string(),
  bankName: z.string().nullable(),
  accountNo: z.string(),
  accountName: z.string(),
  /** The VietQR payload the QR code carries, CRC included. */
  payload: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  createdAt: z.string(),
});
export type QrTopUp = z.infer<typeof qrTopUp>;
export const qrTopUpsPage = listOf(qrTopUp);

export const statementImport = z.object({
  fileName: z.string().trim().min(1).max(200),
  /** The CSV text of the bank's export. */
  content: z.string().min(1).max(STATEMENT_MAX_BYTES),
});

export const MATCH_OUTCOMES = ['match', 'matched', 'amountMismatch', 'noReference', 'unknownReference', 'duplicate', 'alreadyCredited', 'rejected', 'debit'] as const;
export type MatchOutcome = (typeof MATCH_OUTCOMES)[number];

export const statementLine = z.object({
  id: z.number().int(),
  accountNo: z.string(),
  bankRef: z.string(),
  txnDate: z.string(),
  debit: z.number().int(),
  credit: z.number().int(),
  description: z.string(),
  outcome: z.enum(MATCH_OUTCOMES),
  /** The top-up the line matches or credited. */
  topUpRequestId: z.number().int().nullable(),
  reference: z.string().nullable(),
  agencyCode: z.string().nullable(),
  expectedAmount: z.number().int().nullable(),
});
export type StatementLineView = z.infer<typeof statementLine>;
export const statementLinesPage = listOf(statementLine);
export const linesQuery = z.object({ outcome: z.enum(MATCH_OUTCOMES).optional() });

export const BAD_ROW_REASONS = ['columns', 'date', 'amount', 'reference', 'bothSides'] as const;
export type BadRowReason = (typeof BAD_ROW_REASONS)[number];

export const importResult = z.object({
  fileName: z.string(),
  accountNo: z.string(),
  /** New lines stored. */
  imported: z.number().int(),
  /** Lines already stored by an earlier import (not stored again). */
  repeated: z.number().int(),
  badRows: z.array(z.object({ row: z.number().int(), reason: z.enum(BAD_ROW_REASONS) })),
  /** Every line of the file as it matches now. */
  lines: z.array(statementLine),
});
export type ImportResult = z.infer<typeof importResult>;
