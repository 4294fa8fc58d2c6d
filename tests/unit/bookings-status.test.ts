import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, RECORD_STATUSES, bookingStatusFor } from '../../contract/bookings';
import { bookingStatusDisplay, isHold, liveRecordStatus, recordStatusDisplay, type ShownRecordStatus } from '../../plugins/bookings/model/status';

const locale = (lng: string) => JSON.parse(readFileSync(`locales/${lng}/translation.json`, 'utf8')) as Record<string, unknown>;
const lookup = (dict: Record<string, unknown>, key: string) => key.split('.').reduce<unknown>((d, k) => (d as Record<string, unknown> | undefined)?.[k], dict);

describe('booking status display (spec point 4)', () => {
  const vi = locale('vi');
  const en = locale('en');

  it.each([
    ['HOLD', 'Giữ chỗ', 'Hold'],
    ['EXPORT', 'Đã thanh toán', 'CONFIRMED'],
    ['CANCEL', 'Đã huỷ', 'Cancelled'],
  ] as const)('booking status %s shows as "%s" in vi and "%s" in en (EXPORT is paid, CONFIRMED in English)', (status, textVi, textEn) => {
    const { key } = bookingStatusDisplay(status);
    expect(lookup(vi, key)).toBe(textVi);
    expect(lookup(en, key)).toBe(textEn);
  });

  it('BOOKED and TIME OUT COMMING both display as hold', () => {
    for (const dict of [vi, en]) {
      const hold = lookup(dict, bookingStatusDisplay('HOLD').key) as string;
      expect(lookup(dict, recordStatusDisplay('BOOKED').key)).toBe(hold);
      expect(lookup(dict, recordStatusDisplay('TIME OUT COMMING').key) as string).toContain(hold);
    }
    expect(isHold('BOOKED')).toBe(true);
    expect(isHold('TIME OUT COMMING')).toBe(true);
    expect(isHold('ISSUE TICKET')).toBe(false);
  });

  it('every booking status, PNR status and LOADING has a text in both languages', () => {
    const all: ShownRecordStatus[] = ['LOADING', ...RECORD_STATUSES];
    for (const dict of [vi, en]) {
      for (const s of BOOKING_STATUSES) expect(lookup(dict, bookingStatusDisplay(s).key), s).toBeTruthy();
      for (const s of all) expect(lookup(dict, recordStatusDisplay(s).key), s).toBeTruthy();
    }
  });

  it.each([
    ['LOADING', 'processing'],
    ['BOOKED', 'green'],
    ['TIME OUT COMMING', 'orange'],
    ['ISSUE TICKET', 'blue'],
    ['TIME LIMIT OUT', 'red'],
    ['FAILED', 'red'],
    ['VOIDED OR CANCEL', 'default'],
  ] as const)('%s is coloured %s', (status, color) => {
    expect(recordStatusDisplay(status).color).toBe(color);
  });
});

describe('live status of a hold (TIME OUT COMMING within 30 minutes of the limit, TIME LIMIT OUT past it)', () => {
  const now = Date.parse('2026-11-22T08:00:00Z');
  it.each([
    ['BOOKED', '2026-11-22T10:00:00Z', 'BOOKED'],
    ['BOOKED', '2026-11-22T08:30:00Z', 'TIME OUT COMMING'],
    ['BOOKED', '2026-11-22T08:30:01Z', 'BOOKED'],
    ['TIME OUT COMMING', '2026-11-22T08:10:00Z', 'TIME OUT COMMING'],
    ['BOOKED', '2026-11-22T08:00:00Z', 'TIME LIMIT OUT'],
    ['TIME OUT COMMING', '2026-11-22T07:59:00Z', 'TIME LIMIT OUT'],
    ['ISSUE TICKET', '2026-11-22T07:00:00Z', 'ISSUE TICKET'],
    ['LOADING', '', 'LOADING'],
    ['BOOKED', '', 'BOOKED'],
  ] as const)('%s with limit %s shows %s', (status, limit, shown) => {
    expect(liveRecordStatus(status, limit, now)).toBe(shown);
  });
});

describe('booking status from its PNRs (HOLD while a hold remains, else EXPORT when a ticket stands, else CANCEL)', () => {
  it.each([
    [['BOOKED'], 'HOLD'],
    [['TIME OUT COMMING', 'ISSUE TICKET'], 'HOLD'],
    [['ISSUE TICKET', 'TIME LIMIT OUT'], 'EXPORT'],
    [['ISSUE TICKET', 'VOIDED OR CANCEL'], 'EXPORT'],
    [['VOIDED OR CANCEL', 'TIME LIMIT OUT'], 'CANCEL'],
    [['FAILED'], 'CANCEL'],
    [[], 'CANCEL'],
  ] as const)('%j → %s', (statuses, status) => {
    expect(bookingStatusFor(statuses)).toBe(status);
  });
});
