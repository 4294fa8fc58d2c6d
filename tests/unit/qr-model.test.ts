import { describe, expect, it } from 'vitest';
import { crc16, crcValid, readTlv, readVietQr, vietQrPayload } from '../../contract/vietqr';
import { amountOf, dateOf, matchLines, parseStatement, referencesIn, type MatchLine, type MatchTopUp } from '../../gateway/qr/statement';
import { outcomeColour, qrAmountError, statementFileError } from '../../plugins/qr/model/qr';

describe('CRC-16/CCITT-FALSE', () => {
  it.each([
    ['123456789', '29B1'], // the standard check value of the algorithm
    ['', 'FFFF'],
    // the EMVCo merchant-presented QR specification's own example (UTF-8 Chinese included), CRC A13A
    [
      '00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN5914BEST TRANSPORT6007BEIJING64200002ZH0104最佳运输0202北京540523.7253031565502016233030412340603***0708A60086670902ME91320016A0112233449988770708123456786304',
      'A13A',
    ],
  ])('crc16(%s) = %s', (text, crc) => expect(crc16(text)).toBe(crc));
});

describe('VietQR payload', () => {
  it('reproduces the published VietQR example byte for byte (CRC C15C)', () => {
    expect(vietQrPayload({ bin: '970415', accountNo: '0011001932418', amount: 120000, message: 'ủng hộ lũ lụt' })).toBe(
      '00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C',
    );
  });
  it('puts every tag in order: 00, 01, 38 (GUID, BIN + account, service), 53, 54, 58, 62, 63', () => {
    const p = vietQrPayload({ bin: '970436', accountNo: '0071001234567', amount: 2_500_000, message: 'NAPABCDEFGH' });
    expect(readTlv(p).map((o) => o.id)).toEqual(['00', '01', '38', '53', '54', '58', '62', '63']);
    const top = Object.fromEntries(readTlv(p).map((o) => [o.id, o.value]));
    expect(top).toMatchObject({ '00': '01', '01': '12', '53': '704', '54': '2500000', '58': 'VN', '62': '0811NAPABCDEFGH' });
    expect(top['38']).toBe('0010A00000072701270006970436011300710012345670208QRIBFTTA');
    expect(crcValid(p)).toBe(true);
    expect(readVietQr(p)).toEqual({ bin: '970436', accountNo: '0071001234567', amount: 2_500_000, message: 'NAPABCDEFGH' });
  });
  it('is static (11) without an amount', () => {
    const p = vietQrPayload({ bin: '970436', accountNo: '0071001234567' });
    expect(readTlv(p).find((o) => o.id === '01')?.value).toBe('11');
    expect(readVietQr(p)?.amount).toBeNull();
  });
  it('a changed character breaks the CRC', () => {
    const p = vietQrPayload({ bin: '970436', accountNo: '0071001234567', amount: 100000 });
    expect(readVietQr(p.replace('100000', '900000'))).toBeNull();
  });
  it.each([
    [{ bin: '97043', accountNo: '1' }],
    [{ bin: '970436', accountNo: '' }],
    [{ bin: '970436', accountNo: '12 34' }],
    [{ bin: '970436', accountNo: '1234', amount: 0 }],
    [{ bin: '970436', accountNo: '1234', amount: 1.5 }],
    [{ bin: '970436', accountNo: '1234', message: 'x'.repeat(26) }],
  ])('refuses %o', (input) => expect(() => vietQrPayload(input)).toThrow());
});

const CSV_HEAD = ['NGÂN HÀNG TMCP NGOẠI THƯƠNG VIỆT NAM', 'Số tài khoản: 0071001234567', '', 'STT,Ngày giao dịch,Số tham chiếu,Số tiền ghi nợ,Số tiền ghi có,Số dư,Mô tả'];

describe('parseStatement', () => {
  it('reads the account, the rows and reports bad rows with their reasons', () => {
    const text = [
      ...CSV_HEAD,
      '1,01/06/2026,FT1,,"1,200,000","5,000,000",IBFT NAPABCDEFGH',
      '2,02-06-2026 10:15:00,FT2,"50.000",,"4,950,000","Phi, dich vu"',
      '3,31/06/2026,FT3,,100000,,x',
      '4,03/06/2026,FT4,,1O0,,x',
      '5,03/06/2026,FT5,100,100,,x',
      '6,03/06/2026,,,100,,x',
      '7,03/06/2026',
      '8,03/06/2026,FT8,,,,x',
      ',Tổng cộng,,"50,000","1,200,000",,',
    ].join('\r\n');
    const s = parseStatement(text);
    expect(s.accountNo).toBe('0071001234567');
    expect(s.headerFound).toBe(true);
    expect(s.lines).toEqual([
      { row: 5, txnDate: '2026-06-01', bankRef: 'FT1', debit: 0, credit: 1_200_000, balance: 5_000_000, description: 'IBFT NAPABCDEFGH' },
      { row: 6, txnDate: '2026-06-02', bankRef: 'FT2', debit: 50_000, credit: 0, balance: 4_950_000, description: 'Phi, dich vu' },
    ]);
    expect(s.badRows).toEqual([
      { row: 7, reason: 'date' },
      { row: 8, reason: 'amount' },
      { row: 9, reason: 'bothSides' },
      { row: 10, reason: 'reference' },
      { row: 11, reason: 'columns' },
      { row: 12, reason: 'amount' },
    ]);
  });
  it('reads English headings and semicolons', () => {
    const s = parseStatement('Account number: 123456789\nDate;Reference;Debit;Credit;Balance;Description\n05/06/2026;R1;;2000;2000;hello');
    expect(s).toMatchObject({ accountNo: '123456789', headerFound: true, lines: [{ bankRef: 'R1', credit: 2000 }] });
  });
  it('says when the layout is not a statement', () => expect(parseStatement('a,b\n1,2').headerFound).toBe(false));
  it.each([
    ['', 0],
    ['1,000,000', 1_000_000],
    ['1.000.000', 1_000_000],
    ['1000000', 1_000_000],
    ['1,000,000.00', 1_000_000],
    ['250000 VND', 250_000],
    ['12,34', null],
    ['-5', null],
    ['abc', null],
  ])('amountOf(%s) = %s', (cell, v) => expect(amountOf(cell)).toBe(v));
  it.each([
    ['01/06/2026', '2026-06-01'],
    ['1-6-2026', '2026-06-01'],
    ['29/02/2027', null],
    ['2026-06-01', null],
  ])('dateOf(%s) = %s', (cell, v) => expect(dateOf(cell)).toBe(v));
});

describe('referencesIn', () => {
  it.each([
    ['IBFT NAPABCDEFGH nap tien', ['NAPABCDEFGH']],
    ['MBVCB.123.napabcdefgh.CT', ['NAPABCDEFGH']],
    ['NAP ABCD EFGH', ['NAPABCDEFGH']],
    ['chuyen tien', []],
    ['NAP0BCDEFGH', []], // 0 is not in the alphabet
  ])('%s', (d, refs) => expect(referencesIn(d)).toEqual(refs));
});

describe('matchLines', () => {
  const topUps: MatchTopUp[] = [
    { topUpRequestId: 1, reference: 'NAPAAAAAAAA', amount: 1_000_000, status: 'pending' },
    { topUpRequestId: 2, reference: 'NAPBBBBBBBB', amount: 2_000_000, status: 'pending' },
    { topUpRequestId: 3, reference: 'NAPCCCCCCCC', amount: 3_000_000, status: 'approved' },
    { topUpRequestId: 4, reference: 'NAPDDDDDDDD', amount: 4_000_000, status: 'rejected' },
    { topUpRequestId: 5, reference: 'NAPEEEEEEEE', amount: 5_000_000, status: 'pending' },
  ];
  const line = (id: number, credit: number, description: string, extra: Partial<MatchLine> = {}): MatchLine => ({ id, debit: 0, credit, description, topUpRequestId: null, ...extra });
  it.each([
    ['exact', [line(1, 1_000_000, 'NAPAAAAAAAA')], ['match']],
    ['amount mismatch', [line(1, 1_999_000, 'NAPBBBBBBBB')], ['amountMismatch']],
    ['no reference', [line(1, 1_000_000, 'chuyen khoan')], ['noReference']],
    ['unknown reference', [line(1, 1_000_000, 'NAPZZZZZZZZ')], ['unknownReference']],
    ['duplicate lines: the first matches', [line(1, 1_000_000, 'NAPAAAAAAAA'), line(2, 1_000_000, 'lan 2 NAPAAAAAAAA')], ['match', 'duplicate']],
    ['a wrong amount does not take the top-up from the right one', [line(1, 900_000, 'NAPBBBBBBBB'), line(2, 2_000_000, 'NAPBBBBBBBB')], ['amountMismatch', 'match']],
    ['already credited by this statement', [line(1, 5_000_000, 'NAPEEEEEEEE', { topUpRequestId: 5 }), line(2, 5_000_000, 'NAPEEEEEEEE')], ['matched', 'duplicate']],
    ['already credited elsewhere (approved by hand)', [line(1, 3_000_000, 'NAPCCCCCCCC')], ['alreadyCredited']],
    ['rejected request', [line(1, 4_000_000, 'NAPDDDDDDDD')], ['rejected']],
    ['debit line', [line(1, 0, 'NAPAAAAAAAA', { debit: 1_000_000 })], ['debit']],
  ] as const)('%s', (_label, lines, outcomes) => {
    expect(matchLines([...lines], topUps).map((m) => m.outcome)).toEqual(outcomes);
  });
  it('names the top-up a line matches', () => {
    expect(matchLines([line(9, 1_000_000, 'NAPAAAAAAAA')], topUps)).toEqual([{ lineId: 9, outcome: 'match', topUpRequestId: 1, reference: 'NAPAAAAAAAA' }]);
  });
});

describe('QR screen rules', () => {
  it.each([
    [undefined, 'required'],
    [9_999, 'min'],
    [10_000, null],
    [10_000_000_001, 'max'],
    [10_000.5, 'integer'],
  ] as const)('qrAmountError(%s) = %s', (v, e) => expect(qrAmountError(v)).toBe(e));
  it.each([
    [{ name: 'a.csv', size: 10 }, null],
    [{ name: 'a.CSV', size: 5 * 1024 * 1024 }, null],
    [{ name: 'a.csv', size: 5 * 1024 * 1024 + 1 }, 'tooLarge'],
    [{ name: 'a.xlsx', size: 10 }, 'badExtension'],
  ] as const)('statementFileError(%o) = %s', (f, e) => expect(statementFileError(f)).toBe(e));
  it('colours a proposal and a credited line differently', () => expect(outcomeColour('match')).not.toBe(outcomeColour('matched')));
});
