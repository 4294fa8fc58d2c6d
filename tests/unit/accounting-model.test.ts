import { describe, expect, it } from 'vitest';
import { ENTRY_SIGN, entriesQuery, reportQuery, topUpCreate } from '../../contract/accounting';
import { checkReceiptFile, checkTopUpAmount, dayRangeQuery, formatVndInput, monthToDate, parseVndInput } from '../../plugins/accounting/model/amount';

describe('amount input', () => {
  it.each([
    ['1.234.567', 1234567],
    ['1,234,567 ₫', 1234567],
    [' 10000000 ', 10000000],
    ['', null],
    ['abc', null],
  ])('parses %j', (text, value) => expect(parseVndInput(text)).toBe(value));

  it.each([
    [1234567, '1.234.567'],
    [0, '0'],
    [null, ''],
    ['200000', '200.000'],
  ])('formats %j', (value, text) => expect(formatVndInput(value)).toBe(text));

  it.each([
    [null, 'required'],
    [0, 'notPositive'],
    [-1, 'notPositive'],
    [1.5, 'notInteger'],
    [10_000_000_001, 'tooLarge'],
    [10_000_000_000, null],
    [1, null],
  ])('checks %j', (value, problem) => expect(checkTopUpAmount(value)).toBe(problem));
});

describe('receipt file', () => {
  it.each([
    [{ name: 'bien-lai.PNG', size: 10 }, null],
    [{ name: 'receipt.pdf', size: 5 * 1024 * 1024 }, null],
    [{ name: 'receipt.pdf', size: 5 * 1024 * 1024 + 1 }, 'tooLarge'],
    [{ name: 'receipt.svg', size: 10 }, 'badExtension'],
    [{ name: 'receipt.docx', size: 10 }, 'badExtension'],
    [{ name: 'receipt', size: 10 }, 'badExtension'],
    [{ name: 'receipt.jpg', size: 0 }, 'empty'],
  ])('%j → %s', (file, problem) => expect(checkReceiptFile(file)).toBe(problem));
});

describe('date ranges', () => {
  it('orders the ends and defaults to this month', () => {
    expect(dayRangeQuery(['2026-03-10', '2026-03-01'])).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    expect(dayRangeQuery(null)).toEqual({});
    expect(monthToDate('2026-07-19')).toEqual(['2026-07-01', '2026-07-19']);
  });
});

describe('contract', () => {
  it('credits T, V, R and debits C, S', () => {
    expect(ENTRY_SIGN).toEqual({ T: 1, C: -1, S: -1, V: 1, R: 1 });
  });

  it('validates top-up bodies and query ranges', () => {
    const id = '7b1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e01';
    expect(topUpCreate.safeParse({ amount: 1_000_000, bankReference: ' VCB1 ', receiptUploadId: id }).data?.bankReference).toBe('VCB1');
    expect(topUpCreate.safeParse({ amount: 0, bankReference: 'x', receiptUploadId: id }).success).toBe(false);
    expect(topUpCreate.safeParse({ amount: 100.5, bankReference: 'x', receiptUploadId: id }).success).toBe(false);
    expect(reportQuery.safeParse({ from: '2026-01-01', to: '2026-12-31' }).success).toBe(true);
    expect(reportQuery.safeParse({ from: '2026-01-01', to: '2027-06-01' }).success).toBe(false);
    expect(reportQuery.safeParse({ from: '2026-02-29', to: '2026-03-01' }).success).toBe(false);
    expect(entriesQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
  });
});
