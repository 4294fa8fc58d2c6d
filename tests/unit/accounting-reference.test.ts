import { describe, expect, it } from 'vitest';
import { entryDescription } from '../../plugins/accounting/model/reference';

describe('ledger entry descriptions in the UI language', () => {
  it.each([
    ['Xuất vé PNR ABC123 (đặt chỗ 7) / ticket issue of PNR ABC123 (booking 7)', 'Xuất vé PNR ABC123 (đặt chỗ 7)', 'ticket issue of PNR ABC123 (booking 7)'],
    ['Hủy vé (void) PNR ABC123, bút toán 5 / void of PNR ABC123, entry 5', 'Hủy vé (void) PNR ABC123, bút toán 5', 'void of PNR ABC123, entry 5'],
    ['Hoàn vé PNR ABC123, khách 1, 2 / refund of PNR ABC123, passengers 1, 2', 'Hoàn vé PNR ABC123, khách 1, 2', 'refund of PNR ABC123, passengers 1, 2'],
    ['Số dư đầu kỳ / Opening balance', 'Số dư đầu kỳ', 'Opening balance'],
    // written by a person: as written
    ['TOPUP-12 VCB 0001', 'TOPUP-12 VCB 0001', 'TOPUP-12 VCB 0001'],
    ['TOPUP-13 ref a / b / c', 'TOPUP-13 ref a / b / c', 'TOPUP-13 ref a / b / c'],
    [' / only English', ' / only English', ' / only English'],
  ])('%s', (reference, vi, en) => {
    expect(entryDescription(reference, 'vi')).toBe(vi);
    expect(entryDescription(reference, 'en')).toBe(en);
  });
});
