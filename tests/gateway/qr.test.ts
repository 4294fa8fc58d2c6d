import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../contract/auth';
import { ACCOUNTING_API } from '../../contract/accounting';
import { QR_API, qrPath, type ImportResult, type QrAccount, type QrTopUp, type StatementLineView } from '../../contract/qr';
import { readVietQr } from '../../contract/vietqr';
import { call, login, startGateway, type Gateway } from './helpers';

let gw: Gateway;
const sessions = new Map<string, LoginResult>();
const token = (u: string) => sessions.get(u)!.accessToken;
const ACCOUNT = '0071001234567';

beforeAll(async () => {
  gw = await startGateway();
  for (const u of ['f1admin', 'accountant', 'f2admin', 'f2agent', 'f1agent']) sessions.set(u, await login(gw, u));
});
afterAll(async () => gw?.close());

const balanceOf = async (u: string) => (await call(gw, 'GET', ACCOUNTING_API.balance, { token: token(u) })).json<{ balance: number }>().balance;

function statement(rows: string[][]): string {
  return [
    'NGÂN HÀNG TMCP NGOẠI THƯƠNG VIỆT NAM - SAO KÊ TÀI KHOẢN',
    `Số tài khoản: ${ACCOUNT}`,
    'Từ ngày: 01/06/2026 Đến ngày: 30/06/2026',
    '',
    'STT,Ngày giao dịch,Số tham chiếu,Số tiền ghi nợ,Số tiền ghi có,Số dư,Mô tả',
    ...rows.map((r, i) => [String(i + 1), ...r].map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')),
  ].join('\r\n');
}

async function newTopUp(amount: number): Promise<QrTopUp> {
  const res = await call(gw, 'POST', QR_API.topUps, { token: token('f2agent'), body: { amount } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QrTopUp>();
}

describe('QR accounts (qr/{id})', () => {
  it('lists the F1 sub-agencies with their accounts, and sets one', async () => {
    const list = await call(gw, 'GET', QR_API.accounts, { token: token('f1admin') });
    expect(list.statusCode).toBe(200);
    const hn = list.json<{ data: QrAccount[] }>().data.find((a) => a.agencyCode === 'SAOVIET-HN')!;
    expect(hn).toMatchObject({ bankBin: '970436', bankName: 'Vietcombank', accountNo: ACCOUNT });
    const put = await call(gw, 'PUT', qrPath(QR_API.accountOf, hn.agencyId), { token: token('f1admin'), body: { bankBin: '970436', accountNo: ACCOUNT, accountName: 'CONG TY SAO VIET' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ accountName: 'CONG TY SAO VIET' });
  });

  it('refuses bad input, agencies outside the caller and callers without the rule', async () => {
    const list = (await call(gw, 'GET', QR_API.accounts, { token: token('f1admin') })).json<{ data: QrAccount[] }>().data;
    const id = list[0].agencyId;
    const bad = await call(gw, 'PUT', qrPath(QR_API.accountOf, id), { token: token('f1admin'), body: { bankBin: '123456', accountNo: 'x', accountName: '' } });
    expect(bad.statusCode).toBe(400);
    const own = await call(gw, 'GET', qrPath(QR_API.accountOf, sessions.get('f1admin')!.agentInfo.id), { token: token('f1admin') });
    expect(own.statusCode).toBe(404);
    const f2 = await call(gw, 'GET', QR_API.accounts, { token: token('f2admin') });
    expect(f2.statusCode).toBe(403);
  });
});

describe('QR top-up', () => {
  it('creates a pending top-up request whose VietQR payload carries the reference and decodes from the drawn QR', async () => {
    const t = await newTopUp(2_500_000);
    expect(t.reference).toMatch(/^NAP[2-9A-HJ-NP-Z]{8}$/);
    expect(t.status).toBe('pending');
    expect(readVietQr(t.payload)).toEqual({ bin: '970436', accountNo: ACCOUNT, amount: 2_500_000, message: t.reference });
    const png = PNG.sync.read(await QRCode.toBuffer(t.payload, { type: 'png', margin: 2, width: 360 }));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(t.payload);
    const requests = await call(gw, 'GET', ACCOUNTING_API.topUps, { token: token('f1admin'), query: { status: 'pending' } });
    expect(requests.json<{ data: { id: number; bankReference: string }[] }>().data.find((r) => r.id === t.topUpRequestId)?.bankReference).toBe(t.reference);
  });

  it('refuses an amount out of bounds, an F1 caller and an agency without an account', async () => {
    expect((await call(gw, 'POST', QR_API.topUps, { token: token('f2agent'), body: { amount: 10 } })).statusCode).toBe(400);
    expect((await call(gw, 'POST', QR_API.topUps, { token: token('f1admin'), body: { amount: 100_000 } })).statusCode).toBe(403);
  });
});

describe('statement import and matching', () => {
  it('proposes exact matches, reports the others and bad rows, credits once, and a re-import credits nothing', async () => {
    const exact = await newTopUp(1_200_000);
    const wrong = await newTopUp(3_000_000);
    const before = await balanceOf('f2agent');
    const csv = statement([
      ['10/06/2026', 'FT26161000001', '', '1,200,000', '51,200,000', `IBFT ${exact.reference.toLowerCase()} nap tien`],
      ['10/06/2026', 'FT26161000002', '', '2.900.000', '54,100,000', `CK ${wrong.reference}`],
      ['10/06/2026', 'FT26161000003', '', '500,000', '54,600,000', 'chuyen tien khong ghi ma'],
      ['10/06/2026', 'FT26161000004', '', '1,200,000', '55,800,000', `nap lan 2 ${exact.reference}`],
      ['10/06/2026', 'FT26161000005', '100,000', '', '55,700,000', 'phi dich vu'],
      ['31/02/2026', 'FT26161000006', '', '100,000', '55,800,000', 'bad date'],
      ['11/06/2026', 'FT26161000007', '', 'abc', '55,800,000', 'bad amount'],
    ]);
    const res = await call(gw, 'POST', QR_API.statements, { token: token('accountant'), body: { fileName: 'vcb-06-2026.csv', content: csv } });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<ImportResult>();
    expect(r).toMatchObject({ accountNo: ACCOUNT, imported: 5, repeated: 0 });
    expect(r.badRows).toEqual([
      { row: 11, reason: 'date' },
      { row: 12, reason: 'amount' },
    ]);
    const outcome = (ref: string) => r.lines.find((l) => l.bankRef === ref)!.outcome;
    expect(outcome('FT26161000001')).toBe('match');
    expect(outcome('FT26161000002')).toBe('amountMismatch');
    expect(outcome('FT26161000003')).toBe('noReference');
    expect(outcome('FT26161000004')).toBe('duplicate');
    expect(outcome('FT26161000005')).toBe('debit');
    // nothing is credited before the accountant confirms
    expect(await balanceOf('f2agent')).toBe(before);

    const line = r.lines.find((l) => l.bankRef === 'FT26161000001')!;
    const ok = await call(gw, 'POST', qrPath(QR_API.confirm, line.id), { token: token('accountant'), body: {} });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<StatementLineView>()).toMatchObject({ outcome: 'matched', topUpRequestId: exact.topUpRequestId });
    expect(await balanceOf('f2agent')).toBe(before + 1_200_000);
    // confirming again and confirming the duplicate line change nothing
    expect((await call(gw, 'POST', qrPath(QR_API.confirm, line.id), { token: token('accountant'), body: {} })).statusCode).toBe(200);
    const dup = r.lines.find((l) => l.bankRef === 'FT26161000004')!;
    const again = await call(gw, 'POST', qrPath(QR_API.confirm, dup.id), { token: token('accountant'), body: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ data: { reason: 'duplicate' } });
    const mismatch = r.lines.find((l) => l.bankRef === 'FT26161000002')!;
    expect((await call(gw, 'POST', qrPath(QR_API.confirm, mismatch.id), { token: token('accountant'), body: {} })).statusCode).toBe(409);

    // the same statement again: nothing new stored, nothing to confirm, nothing credited
    const re = await call(gw, 'POST', QR_API.statements, { token: token('accountant'), body: { fileName: 'vcb-06-2026.csv', content: csv } });
    expect(re.json<ImportResult>()).toMatchObject({ imported: 0, repeated: 5 });
    expect(re.json<ImportResult>().lines.filter((l) => l.outcome === 'match')).toEqual([]);
    expect(re.json<ImportResult>().lines.find((l) => l.bankRef === 'FT26161000001')?.outcome).toBe('matched');
    expect(await balanceOf('f2agent')).toBe(before + 1_200_000);
  });

  it('two confirmations at once credit once', async () => {
    const t = await newTopUp(700_000);
    const before = await balanceOf('f2agent');
    const csv = statement([
      ['12/06/2026', 'FT26163000001', '', '700,000', '1', `${t.reference}`],
    ]);
    const r = (await call(gw, 'POST', QR_API.statements, { token: token('accountant'), body: { fileName: 's.csv', content: csv } })).json<ImportResult>();
    const id = r.lines[0].id;
    const results = await Promise.all([0, 1, 2].map(() => call(gw, 'POST', qrPath(QR_API.confirm, id), { token: token('f1admin'), body: {} })));
    expect(results.every((x) => x.statusCode === 200)).toBe(true);
    expect(await balanceOf('f2agent')).toBe(before + 700_000);
  });

  it('refuses a statement of an account the caller does not own, a file without the layout, and a caller without the rule', async () => {
    const other = statement([['10/06/2026', 'X1', '', '1,000', '1', 'x']]).replace(ACCOUNT, '9999999999');
    const notOwned = await call(gw, 'POST', QR_API.statements, { token: token('accountant'), body: { fileName: 'a.csv', content: other } });
    expect(notOwned.statusCode).toBe(404);
    expect(notOwned.json()).toMatchObject({ data: { reason: 'statementAccountNotOwned' } });
    const layout = await call(gw, 'POST', QR_API.statements, { token: token('accountant'), body: { fileName: 'a.csv', content: 'a,b,c\n1,2,3' } });
    expect(layout.statusCode).toBe(400);
    const ext = await call(gw, 'POST', QR_API.statements, { token: token('accountant'), body: { fileName: 'a.exe', content: statement([]) } });
    expect(ext.json()).toMatchObject({ code: 61, data: { reason: "badExtension" } });
    const f1agent = await call(gw, 'POST', QR_API.statements, { token: token('f1agent'), body: { fileName: 'a.csv', content: statement([]) } });
    expect(f1agent.statusCode).toBe(403);
  });
});
