/**
 * The booking reports over the API: customer-services and analyze-sales grouped by agent, route and airline,
 * with totals over every group, paging, the chart, the xlsx file, the booking scope and refused input.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingReportAnswer } from '../../contract/desk';
import { todayInVietnam } from '../../gateway/platform/clock';
import { adult, callWithPin, hold, type Held } from './lifecycle-helpers';
import { call, login, startGateway, type Gateway } from './helpers';

let gw: Gateway;
const tokens = new Map<string, string>();
const token = (u: string) => tokens.get(u)!;
const today = todayInVietnam();
const range = `from=${today}&to=${today}`;
let issued: Held;
let issuedTickets = 0;

const report = async (user: string, name: string, query: string) => {
  const res = await call(gw, 'GET', `/api/desk/reports/${name}?${range}&${query}`, { token: token(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BookingReportAnswer>();
};

beforeAll(async () => {
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
  for (const u of ['f1admin', 'f1agent', 'f2agent', 'member']) tokens.set(u, (await login(gw, u)).accessToken);
  issued = await hold(gw, token('f1agent'), { source: 'VN', days: 20, passengers: [adult(1), adult(2, 'Thi Binh')] });
  const { res } = await callWithPin(gw, 'POST', `/api/bookings/${issued.id}/issue`, token('f1agent'), { idempotencyKey: randomUUID(), pnrs: [issued.pnr] });
  expect(res.statusCode, res.body).toBe(200);
  issuedTickets = 2;
  await hold(gw, token('f1agent'), { source: 'VJ', days: 21 });
  await hold(gw, token('f2agent'), { source: 'VN', days: 22, from: 'SGN', to: 'DAD' });
});
afterAll(async () => {
  await gw?.close();
});

describe('customer services report', () => {
  it('counts holds and issues per agent; totals cover every group', async () => {
    const a = await report('f1admin', 'customer-services', 'groupBy=agent');
    const f1 = a.data.find((r) => r.key === 'f1agent')!;
    expect(f1).toMatchObject({ held: 2, issued: 1, conversion: 50 });
    expect(f1.label).toContain('SAOVIET');
    expect(a.data.find((r) => r.key === 'f2agent')).toMatchObject({ held: 1, issued: 0, conversion: 0 });
    expect(a.totals).toMatchObject({ held: 3, issued: 1, conversion: 33 });
    expect(a.total).toBe(2);
    expect(a.chart[0]).toEqual({ key: 'f1agent', value: 1 });
  });

  it('groups by route and airline, filters by airline, pages and sorts', async () => {
    const routes = await report('f1admin', 'customer-services', 'groupBy=route&sort=-held');
    expect(routes.data[0]).toMatchObject({ key: 'HAN-SGN', held: 2 });
    expect(routes.data.map((r) => r.key)).toContain('SGN-DAD');
    const airlines = await report('f1admin', 'customer-services', 'groupBy=airline&airline=VJ');
    expect(airlines.data).toEqual([expect.objectContaining({ key: 'VJ', held: 1, issued: 0 })]);
    const paged = await report('f1admin', 'customer-services', 'groupBy=airline&pageSize=1&page=2&sort=key');
    expect(paged.total).toBe(2);
    expect(paged.data).toHaveLength(1);
    expect(paged.data[0].key).toBe('VN');
    expect(paged.totals.held).toBe(3);
  });

  it('is scoped by the booking scope: an agent sees only its own bookings', async () => {
    const own = await report('f2agent', 'customer-services', 'groupBy=agent');
    expect(own.data.map((r) => r.key)).toEqual(['f2agent']);
    expect(own.totals.held).toBe(1);
    const none = await report('member', 'customer-services', 'groupBy=agent');
    expect(none).toMatchObject({ data: [], total: 0, totals: { held: 0, conversion: 0 } });
  });

  it('refuses bad input', async () => {
    for (const q of ['from=2026-02-30&to=2026-03-01', `from=${today}&to=2020-01-01`, 'from=2024-01-01&to=2025-06-01', `${range}&groupBy=pnr`, `${range}&sort=password`, `${range}&airline=VNA`]) {
      const res = await call(gw, 'GET', `/api/desk/reports/customer-services?${q}`, { token: token('f1admin') });
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('sales analysis', () => {
  it('sums issued PNRs, tickets and revenue by agent and route', async () => {
    const a = await report('f1admin', 'analyze-sales', 'groupBy=agent');
    expect(a.total).toBe(1);
    const row = a.data[0];
    expect(row).toMatchObject({ key: 'f1agent', pnrs: 1, tickets: issuedTickets, voided: 0 });
    expect(row.revenue).toBeGreaterThan(0);
    expect(row.averageTicket).toBe(Math.floor(row.revenue / issuedTickets));
    expect(a.totals.revenue).toBe(row.revenue);
    expect(a.chart).toEqual([{ key: 'f1agent', value: row.revenue }]);
    const routes = await report('f1admin', 'analyze-sales', 'groupBy=route');
    expect(routes.data).toEqual([expect.objectContaining({ key: 'HAN-SGN', revenue: row.revenue })]);
    // a day without sales
    const res = await call(gw, 'GET', '/api/desk/reports/analyze-sales?from=2025-01-01&to=2025-01-31', { token: token('f1admin') });
    expect(res.json<BookingReportAnswer>()).toMatchObject({ data: [], total: 0, totals: { revenue: 0, averageTicket: 0 }, chart: [] });
  });

  it('exports every group and the totals as xlsx, headers in the caller’s language', async () => {
    const a = await report('f1admin', 'analyze-sales', 'groupBy=airline');
    const res = await call(gw, 'GET', `/api/desk/reports/analyze-sales/export?${range}&groupBy=airline`, { token: token('f1admin'), headers: { 'x-language': 'vi' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, 'Hãng bay', 'Tên', 'Đặt chỗ đã xuất', 'Số vé', 'Đã hủy (void)', 'Doanh thu', 'Giá vé trung bình']);
    expect(ws.getRow(2).values).toEqual([undefined, 'VN', 'VN', 1, issuedTickets, 0, a.totals.revenue, a.totals.averageTicket]);
    expect(ws.getRow(3).values).toEqual([undefined, 'Tổng cộng', undefined, 1, issuedTickets, 0, a.totals.revenue, a.totals.averageTicket]);
    const bad = await call(gw, 'GET', `/api/desk/reports/analyze-sales/export?from=${today}`, { token: token('f1admin') });
    expect(bad.statusCode).toBe(400);
  });
});
