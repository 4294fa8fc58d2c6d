/**
 * The PNR element edits (gateway/aftersale/element-edits.ts): each of the fifteen screens on the simulated PNR
 * through ONE endpoint, the affected elements before and after, the history and the audit log; the airline's
 * refusals (502/80) and the validators' (400/41) change nothing; idempotency; scope (404) and permission (403);
 * the hub's actions with the QH-only birth date. PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AfterSaleHub, HistoryEntry, PnrRecord } from '../../contract/aftersale';
import type { ElementEditInput, ElementEditResult } from '../../contract/aftersale-elements';
import type { ClassOption } from '../../contract/aftersale-segments';
import { dbPnrStore } from '../../gateway/aftersale/pnr-store';
import { auditLog } from '../../gateway/platform/db/schema';
import { call, login, startGateway, type Gateway } from './helpers';
import { adult, callWithPin, hold, infant, type Held } from './lifecycle-helpers';

let gw: Gateway;
const tokens = new Map<string, string>();
const token = (u: string) => tokens.get(u)!;

async function issued(source: 'VN' | 'QH', days: number, passengers?: Record<string, unknown>[]): Promise<Held> {
  const h = await hold(gw, token('f1agent'), { source, days, passengers });
  const { res } = await callWithPin(gw, 'POST', `/api/bookings/${h.id}/issue`, token('f1agent'), { idempotencyKey: randomUUID(), pnrs: [h.pnr] });
  if (res.statusCode !== 200) throw new Error(`issue failed: ${res.body}`);
  return h;
}

const recordOf = async (id: number, user = 'f1agent'): Promise<PnrRecord> => (await call(gw, 'GET', `/api/aftersale/bookings/${id}`, { token: token(user) })).json<AfterSaleHub>().pnrs[0];
const edit = (h: Held, body: ElementEditInput, user = 'f1agent', key: string = randomUUID()) =>
  call(gw, 'POST', `/api/aftersale/bookings/${h.id}/elements`, { token: token(user), body: { ...body, idempotencyKey: key, pnr: h.pnr } });

let vn: Held;
let qh: Held;

beforeAll(async () => {
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
  for (const u of ['f1agent', 'f2agent', 'accountant']) tokens.set(u, (await login(gw, u)).accessToken);
  vn = await issued('VN', 21, [adult(1), infant(2, 1)]);
  qh = await issued('QH', 22);
});
afterAll(async () => {
  await gw?.close();
});

describe('each element edit on the simulated PNR', () => {
  const cases: [string, ElementEditInput, (r: PnrRecord) => unknown, unknown][] = [
    ['add-info-passenger', { screen: 'add-info-passenger', paxId: 1, code: 'IDCARD', value: '001085012345' }, (r) => r.paxInfos, [{ paxId: 1, code: 'IDCARD', value: '001085012345' }]],
    ['change-passenger-info', { screen: 'change-passenger-info', paxId: 1, title: 'MR', firstName: 'Van Anh', lastName: 'Nguyen' }, (r) => r.names[0].firstName, 'VAN ANH'],
    ['change-passport', { screen: 'change-passport', paxId: 1, docType: 'P', number: 'c1234567', nationality: 'VNM', issuingCountry: 'VNM', expiry: '01/01/2035', gender: 'M' }, (r) => r.docs.map((d) => [d.paxId, d.number, d.expiry]), [[1, 'C1234567', '01/01/2035']]],
    ['change-loyalty', { screen: 'change-loyalty', paxId: 1, airline: 'VN', number: '9001234567' }, (r) => r.loyalty, [{ paxId: 1, airline: 'VN', number: '9001234567' }]],
    ['edit-phone', { screen: 'edit-phone', paxId: 1, phone: '0987654321' }, (r) => r.ssrs.filter((s) => s.code === 'CTCM').map((s) => s.text), ['0987654321']],
    ['change-contact', { screen: 'change-contact', phone: '0901234567', email: 'new@example.vn' }, (r) => r.contacts.map((c) => c.value).sort(), ['0901234567', 'new@example.vn']],
    ['add-remark (free text, folded)', { screen: 'add-remark', kind: 'RM', text: 'Khách đi xe lăn' }, (r) => r.remarks.map((m) => m.text), ['KHACH DI XE LAN']],
    ['add-remark (companion, spec point 5)', { screen: 'add-remark', kind: 'RM', companion: { holderId: 1, companionId: 2 } }, (r) => r.remarks.at(-1)?.text.startsWith('NGUYEN/VAN ANH MR INF NGUYEN/BE MSTR'), true],
    ['add-osi', { screen: 'add-osi', airline: 'VN', text: 'VIP customer' }, (r) => r.osis.map((o) => o.text), ['VIP CUSTOMER']],
    ['add-sk', { screen: 'add-sk', code: 'CKIN', text: 'Needs help at check-in', paxId: 1 }, (r) => r.sks?.map((s) => [s.code, s.text]), [['CKIN', 'NEEDS HELP AT CHECK-IN']]],
    ['add-ca', { screen: 'add-ca', segment: 'CORP', account: 'acme-001' }, (r) => r.customerAccount, { segment: 'CORP', account: 'ACME-001' }],
    ['add-pax-endorsement', { screen: 'add-pax-endorsement', paxId: 1, text: 'Non-endorsable' }, (r) => r.endorsements.map((e) => e.text), ['NON-ENDORSABLE']],
    ['add-services', { screen: 'add-services', paxId: 1, segId: 1, code: 'WCHR' }, (r) => r.ssrs.filter((s) => s.code === 'WCHR').map((s) => [s.paxId, s.segId, s.status]), [[1, 1, 'HK']]],
    ['retain-quote-tst', { screen: 'retain-quote-tst' }, (r) => r.tst.map((t) => t.id), [3, 4]],
    ['swap-queue', { screen: 'swap-queue', office: 'HANVN08SV', queue: 12, category: 1 }, (r) => r.queue, { office: 'HANVN08SV', queue: 12, category: 1 }],
  ];
  it.each(cases)('%s changes its element, answers before/after and writes the history and the audit', async (_, body, pick, expected) => {
    const res = await edit(vn, body);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json<ElementEditResult>();
    expect(out).toMatchObject({ pnr: vn.pnr, screen: body.screen, replayed: false });
    expect(out.after).not.toEqual(out.before);
    expect(pick(await recordOf(vn.id))).toEqual(expected);
    const history = (await call(gw, 'GET', `/api/aftersale/bookings/${vn.id}/history?pageSize=1`, { token: token('f1agent') })).json<{ data: HistoryEntry[] }>();
    expect(history.data[0]).toMatchObject({ kind: body.screen, amount: 0, entryId: null, before: out.before, after: out.after });
  });

  it('change-birthday-qh on a QH booking (the hub allows it there only)', async () => {
    const hubQh = (await call(gw, 'GET', `/api/aftersale/bookings/${qh.id}`, { token: token('f1agent') })).json<AfterSaleHub>();
    expect(hubQh.actions.find((a) => a.action === 'change-birthday-qh')).toMatchObject({ allowed: true });
    const res = await edit(qh, { screen: 'change-birthday-qh', paxId: 1, birthDay: '16/04/1985' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await recordOf(qh.id)).names[0].birthDay).toBe('16/04/1985');
    const audits = await gw.db.select().from(auditLog).where(and(eq(auditLog.action, 'aftersale.edited'), eq(auditLog.target, qh.pnr)));
    expect(audits).toHaveLength(1);
  });
});

// pnrsync: retain-quote-tst stores the itinerary priced now, not the fares stored before
describe('retain-quote-tst re-prices', () => {
  it('replaces stale stored fares by today\'s price of the PNR\'s flights and classes, showing the old and new totals', async () => {
    const h = await issued('VN', 24, [adult(1), adult(2, 'Thi Hoa')]);
    await recordOf(h.id); // the airline's record exists
    const store = dbPnrStore(gw.db);
    const stored = (await store.load(h.pnr))!;
    const stale = { ...stored.record, tst: stored.record.tst.map((t) => ({ ...t, fare: t.fare + 50_000, total: t.total + 50_000 })) };
    expect(await store.commit(h.pnr, 'VN', stale, stored.version)).toBe('ok');
    const staleTotal = stale.tst.reduce((s, t) => s + t.total * 2, 0);
    const quotes = (await call(gw, 'GET', `/api/aftersale/bookings/${h.id}/class-quotes?pnr=${h.pnr}&segId=1`, { token: token('f1agent') })).json<ClassOption[]>();
    const today = quotes.find((q) => q.current)!.newTotal;
    expect(today).not.toBe(staleTotal);
    const res = await edit(h, { screen: 'retain-quote-tst' });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json<ElementEditResult>();
    expect(out.before.at(-1)).toBe(`TOTAL ${staleTotal}`);
    expect(out.after.at(-1)).toBe(`TOTAL ${today}`);
    const r = await recordOf(h.id);
    expect(r.tst.map((t) => [t.paxType, t.segIds, t.total * 2])).toEqual([['ADT', [1], today]]);
    const history = (await call(gw, 'GET', `/api/aftersale/bookings/${h.id}/history?pageSize=1`, { token: token('f1agent') })).json<{ data: HistoryEntry[] }>();
    const vnd = (x: number) => `${String(x).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} ₫`;
    expect(history.data[0].summary).toBe(`Lưu giá (TST): ${vnd(staleTotal)} → ${vnd(today)}`);
  });
});

describe('refusals change nothing', () => {
  const refusals: [string, () => Held, ElementEditInput, RegExp][] = [
    ['a passport expiring before the flight', () => vn, { screen: 'change-passport', paxId: 1, docType: 'P', number: 'C7654321', nationality: 'VNM', issuingCountry: 'VNM', expiry: '01/01/2020', gender: 'M' }, /expires/],
    ['a name change beyond a small correction after ticketing', () => vn, { screen: 'change-passenger-info', paxId: 1, title: 'MR', firstName: 'Minh Quan', lastName: 'Tran' }, /name correction/],
    ['a birth date change off QH', () => vn, { screen: 'change-birthday-qh', paxId: 1, birthDay: '16/04/1985' }, /only QH/],
    ['an unknown queue', () => vn, { screen: 'swap-queue', office: 'HANVN08SV', queue: 33, category: 0 }, /no queue 33/],
    ['an OSI to another airline', () => vn, { screen: 'add-osi', airline: 'SQ', text: 'VIP' }, /OSI can only go/],
  ];
  it.each(refusals)('the airline refuses %s: 502/80 with its message, the PNR and the history as they were', async (_, held, body, message) => {
    const h = held();
    const before = await recordOf(h.id);
    const total = (await call(gw, 'GET', `/api/aftersale/bookings/${h.id}/history`, { token: token('f1agent') })).json<{ total: number }>().total;
    const res = await call(gw, 'POST', `/api/aftersale/bookings/${h.id}/elements`, { token: token('f1agent'), body: { ...body, idempotencyKey: randomUUID(), pnr: h.pnr }, headers: { 'x-language': 'en' } });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json<{ code: number; data: { message: string } }>()).toMatchObject({ code: 80, data: { message: expect.stringMatching(message) } });
    expect(await recordOf(h.id)).toEqual(before);
    expect((await call(gw, 'GET', `/api/aftersale/bookings/${h.id}/history`, { token: token('f1agent') })).json<{ total: number }>().total).toBe(total);
  });

  it('the validators refuse bad input per field (400/41), nothing is sent to the airline', async () => {
    const before = await recordOf(vn.id);
    const bad: [ElementEditInput, string[]][] = [
      [{ screen: 'edit-phone', paxId: 1, phone: '12345' }, ['phone']],
      [{ screen: 'change-passenger-info', paxId: 2, title: 'MR', firstName: 'B3', lastName: 'Nguyen' }, ['title', 'firstName']],
      [{ screen: 'change-loyalty', paxId: 2, airline: 'VN', number: '12' }, ['infant', 'number']],
      [{ screen: 'add-services', paxId: 9, segId: 7, code: 'VGML' }, ['paxId', 'segId']],
    ];
    for (const [body, problems] of bad) {
      const res = await edit(vn, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ data: { problems: { problem: string }[] } }>().data.problems.map((p) => p.problem)).toEqual(problems);
    }
    const schema = await edit(vn, { screen: 'add-services', paxId: 1, segId: 1, code: 'XXXX' } as never);
    expect(schema.statusCode).toBe(400);
    expect(await recordOf(vn.id)).toEqual(before);
  });

  it('a service twice on the same segment is refused by the airline', async () => {
    const res = await edit(vn, { screen: 'add-services', paxId: 1, segId: 1, code: 'WCHR' });
    expect(res.statusCode).toBe(502);
  });
});

describe('idempotency, scope and permission', () => {
  it('the same key replays without a second element; the key with another body is 409', async () => {
    const key = randomUUID();
    const body: ElementEditInput = { screen: 'add-remark', kind: 'RC', text: 'Confidential note' };
    const first = await edit(vn, body, 'f1agent', key);
    expect(first.statusCode).toBe(200);
    const again = await edit(vn, body, 'f1agent', key);
    expect(again.json<ElementEditResult>()).toMatchObject({ replayed: true });
    expect((await recordOf(vn.id)).remarks.filter((m) => m.text === 'CONFIDENTIAL NOTE')).toHaveLength(1);
    const other = await edit(vn, { ...body, text: 'Another note' }, 'f1agent', key);
    expect(other.statusCode).toBe(409);
  });

  it('another agency’s booking is 404; a user without booking or ticketing rights is 403; the hub says why', async () => {
    const before = await recordOf(vn.id);
    const body: ElementEditInput = { screen: 'add-osi', airline: 'VN', text: 'SHOULD NOT APPEAR' };
    expect((await edit(vn, body, 'f2agent')).statusCode).toBe(404);
    expect((await edit(vn, body, 'accountant')).statusCode).toBe(403);
    expect(await recordOf(vn.id)).toEqual(before);
    const hub = (await call(gw, 'GET', `/api/aftersale/bookings/${vn.id}`, { token: token('f1agent') })).json<AfterSaleHub>();
    expect(hub.actions.find((a) => a.action === 'change-birthday-qh')).toMatchObject({ allowed: false, reason: 'onlyQh', message: expect.any(String) });
    expect(hub.actions.find((a) => a.action === 'change-passport')).toMatchObject({ allowed: true });
  });
});
