/** Pure rules of the deposit screens: amounts typed with thousands separators, receipt files, date ranges. */
import { TOPUP_MAX_VND } from '../../../contract/accounting';
import { UPLOAD_MAX_BYTES } from '../../../contract/validators';

/** The digits of what was typed: '1.234.567 ₫' → 1234567; nothing typed → null. */
export function parseVndInput(text: string | null | undefined): number | null {
  const digits = String(text ?? '').replace(/\D/g, '');
  if (!digits) return null;
  return Number(digits.slice(0, 16));
}

/** 1234567 → '1.234.567' (the input's display). */
export function formatVndInput(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : parseVndInput(value);
  if (n === null || !Number.isFinite(n)) return '';
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

export type AmountProblem = 'required' | 'notPositive' | 'tooLarge' | 'notInteger' | null;

export function checkTopUpAmount(value: number | null | undefined): AmountProblem {
  if (value === null || value === undefined || Number.isNaN(value)) return 'required';
  if (!Number.isInteger(value)) return 'notInteger';
  if (value <= 0) return 'notPositive';
  if (value > TOPUP_MAX_VND) return 'tooLarge';
  return null;
}

export const RECEIPT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'pdf'] as const;
export const RECEIPT_ACCEPT = RECEIPT_EXTENSIONS.map((e) => `.${e}`).join(',');
export type ReceiptProblem = 'empty' | 'tooLarge' | 'badExtension' | null;

/** The client check of a transfer receipt: an image or PDF of at most 5 MB (the gateway checks the bytes). */
export function checkReceiptFile(file: { name: string; size: number }): ReceiptProblem {
  if (file.size <= 0) return 'empty';
  if (file.size > UPLOAD_MAX_BYTES) return 'tooLarge';
  const ext = file.name.includes('.') ? (file.name.toLowerCase().split('.').pop() ?? '') : '';
  return (RECEIPT_EXTENSIONS as readonly string[]).includes(ext) ? null : 'badExtension';
}

/** A [from, to] pair of YYYY-MM-DD days (or nothing) as query filters. */
export function dayRangeQuery(range: readonly [string, string] | null | undefined): { from?: string; to?: string } {
  if (!range) return {};
  const [from, to] = range[0] <= range[1] ? range : [range[1], range[0]];
  return { from, to };
}

/** The first and last day of the month of `today` (YYYY-MM-DD). */
export function monthToDate(today: string): [string, string] {
  return [`${today.slice(0, 8)}01`, today];
}
