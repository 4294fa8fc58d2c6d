import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletedBooking, IssueResult, MoneyResult, RefundQuote } from '../../contract/bookings';
import { encryptWithSecret } from '../../contract/crypto';
import { balanceOf, postEntry } from '../../gateway/platform/ledger';
import { hashPassword } from '../../gateway/platform/passwords';
import { loadUserByUsername } from '../../gateway/platform/tenancy/users';
import { issueBodyHash, issueBooking } from '../../gateway/bookings/lifecycle';
import { acceptedSalts, pinSalt, readPinHeader } from '../../gateway/platform/access/pin';
import { auditLog, bookings, issueRequests, pnrs, refunds, users } from '../../gateway/platform/db/schema';
import { seatsTakenOf } from '../../gateway/flights/inventory';
import { DEMO_PIN } from '../../gateway/seed/demo';
import type { Source } from '../../contract/flights';
import { createSupplierRegistry, seatKey, type TicketShare } from '../../gateway/suppliers';
import { FARE_FAMILIES, TICKET_PREFIXES } from '../../gateway/suppliers/reference-data';
import { inDays, searchToEnd } from './flights-helpers';
import { adult, callWithPin, child, contact, countEntries, entriesOf, hold, infant, pnrRow, type Held } from './lifecycle-helpers';
import { call, login, startGateway, TEST_JWT_SECRET, type Gateway } from './helpers';

let gw: Gateway;
const tokens = new Map<string, string>();
const token = (u: string) => tokens.get(u)!;
const instant = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 } });
let saoviet: number;

const url = (id: number, action: string) => `/api/bookings/${id}/${action}`;
const codeOf = (res: { json: <T>() => T }) => res.json<{ code: number }>().code;

async function issue(user: string, h: Pick<Held, 'id' | 'pnr'>, key: string = randomUUID()) {
  return callWithPin(gw, 'POST', url(h.id, 'issue'), token(user), { idempotencyKey: key, pnrs: [h.pnr] });
}

async function bookingOf(id: number) {
  const [b] = await gw.db.select().from(bookings).where(eq(bookings.id, id));
  return b;
}

async function totalOf(user: string, id: number): Promise<number> {
  return (await call(gw, 'GET', `/api/bookings/${id}`, { token: token(user) })).json<CompletedBooking>().total;
}

const seatsOf = (h: Held) => seatsTakenOf(gw.db, seatKey(h.offer.routeInfo[0].flightNo, h.offer.routeInfo[0].departDate.slice(0, 10)), h.cls);

beforeAll(async () => {
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
  for (const u of ['f1agent', 'f1admin', 'f2agent', 'accountant']) tokens.set(u, (await login(gw, u)).accessToken);
  saoviet = (await loadUserByUsername(gw.db, 'f1agent'))!.agency.id;
});
afterAll(async () => {
  await gw?.close();
});

describe('supplier lifecycle rules', () => {
  it.each([
    ['VN', 'VN', '738'],
    ['VJ', 'VJ', '978'],
    ['QH', 'QH', '926'],
    ['SQ', '1A', '618'],
  ] as const)('ticket numbers of %s (sold by %s): prefix %s + 10 digits, stable per key and passenger', async (airline, source, prefix) => {
    const request = { pnr: 'ABC123', airline, passengers: [{ paxType: 'ADT' as const }, { paxType: 'ADT' as const }], issuedAt: '2026-03-10T03:00:00Z', firstDeparture: '2026-03-20T00:00:00Z' };
    const numbers = async (idempotencyKey: string) => (await instant.flight(source).issue({ ...request, idempotencyKey })).tickets.map((t) => t.ticketNumber);
    const [a, b] = await numbers('k1');
    expect(a).toMatch(new RegExp(`^${prefix}\\d{10}$`));
    expect((await numbers('k1'))[0]).toBe(a);
    expect(b).not.toBe(a);
    expect((await numbers('k2'))[0]).not.toBe(a);
    expect(TICKET_PREFIXES[airline]).toBe(prefix);
  });

  // Vietnam is UTC+7: 10:00 local = 03:00Z
  it.each([
    ['VN issued in the morning: 23:30 local the same day', 'VN', '2026-03-10T03:00:00Z', '2026-03-20T00:00:00Z', '2026-03-10T16:30:00.000Z'],
    ['1A: 23:59 local', '1A', '2026-03-10T03:00:00Z', '2026-03-20T00:00:00Z', '2026-03-10T16:59:00.000Z'],
    ['VJ: 22:00 local', 'VJ', '2026-03-10T03:00:00Z', '2026-03-20T00:00:00Z', '2026-03-10T15:00:00.000Z'],
    ['departure before the cut-off closes it at departure', 'VN', '2026-03-10T03:00:00Z', '2026-03-10T10:00:00Z', '2026-03-10T10:00:00.000Z'],
    ['issued after the cut-off: no void window', 'VN', '2026-03-10T16:45:00Z', '2026-03-20T00:00:00Z', '2026-03-10T16:45:00.000Z'],
    ['issued at 01:00 local belongs to that local day', 'QH', '2026-03-09T18:00:00Z', '2026-03-20T00:00:00Z', '2026-03-10T16:00:00.000Z'],
  ] as const)('void deadline: %s', (_, source, issuedAt, departure, expected) => {
    expect(instant.flight(source).voidDeadline(new Date(issuedAt), new Date(departure)).toISOString()).toBe(expected);
  });

  it('a cut-off set by the operator (SUPPLIER_VOID_CUTOFF) replaces the source\'s own', async () => {
    const request = { pnr: 'ABC123', airline: 'VJ', idempotencyKey: 'k', passengers: [{ paxType: 'ADT' as const }], issuedAt: '2026-03-10T03:00:00Z', firstDeparture: '2026-03-20T00:00:00Z' };
    const own = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0 } }).flight('VJ');
    const set = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, voidCutoffMinutes: 23 * 60 + 59 } }).flight('VJ');
    expect(set.voidDeadline(new Date('2026-03-10T03:00:00Z'), new Date('2026-03-20T00:00:00Z')).toISOString()).toBe('2026-03-10T16:59:00.000Z');
    expect((await own.issue(request)).voidUntil).toBe('2026-03-10T15:00:00.000Z');
    expect((await set.issue(request)).voidUntil).toBe('2026-03-10T16:59:00.000Z');
  });

  // 16:59:30Z is 23:59:30 in Vietnam: a cut-off of 23:59 has already closed the day's window, 24:00 (the demo seed's) has not
  it.each([
    ['23:59, issued in the last minute: no window', 23 * 60 + 59, '2026-03-10T16:59:30Z', '2026-03-10T16:59:30.000Z'],
    ['24:00, issued in the last minute: to midnight', 24 * 60, '2026-03-10T16:59:30Z', '2026-03-10T17:00:00.000Z'],
    ['24:00, issued in the morning: to midnight', 24 * 60, '2026-03-10T03:00:00Z', '2026-03-10T17:00:00.000Z'],
    ['beyond 24:00 is clamped to midnight', 25 * 60, '2026-03-10T03:00:00Z', '2026-03-10T17:00:00.000Z'],
    ['below 0 is clamped to 00:00: no window', -30, '2026-03-10T03:00:00Z', '2026-03-10T03:00:00.000Z'],
  ] as const)('operator cut-off %s', (_, voidCutoffMinutes, issuedAt, expected) => {
    const set = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, voidCutoffMinutes } }).flight('VU');
    expect(set.voidDeadline(new Date(issuedAt), new Date('2026-03-20T00:00:00Z')).toISOString()).toBe(expected);
  });

  const comp = (cls: string, airline: string, fare: number, tax: number, vat: number, luggage = 0, international = false) => ({ airline, class: cls, international, fare, tax, vat, luggage });
  const share = (components: TicketShare['components'], issueFee: number): TicketShare => ({ paxType: 'ADT', components, issueFee });
  it.each([
    // VN Economy Flex (Y) domestic: 300.000 per passenger
    ['refundable VN Y: the fixed fee', share([comp('Y', 'VN', 2_000_000, 200_000, 160_000)], 50_000), 300_000],
    ['refundable VN Y international: its international fee', share([comp('Y', 'VN', 8_000_000, 900_000, 0, 0, true)], 0), 1_000_000],
    ['the fee never exceeds the component', share([comp('Y', 'VN', 100_000, 50_000, 8_000)], 0), 158_000],
    ['non-refundable VN Super Lite (P): fare and issue fee kept, taxes back', share([comp('P', 'VN', 700_000, 200_000, 56_000)], 50_000), 750_000],
    ['VJ credit-only: fare and luggage kept', share([comp('E', 'VJ', 900_000, 150_000, 72_000, 165_000)], 30_000), 1_095_000],
    ['two components, one refundable: issue fee refunded', share([comp('Y', 'VN', 2_000_000, 200_000, 160_000), comp('P', 'VN', 700_000, 200_000, 56_000)], 50_000), 1_000_000],
    ['unknown class: not refundable', share([comp('Z', 'VJ', 500_000, 100_000, 40_000)], 0), 500_000],
  ])('refund penalty: %s', (_, t, expected) => {
    // the penalty of the carrier's own channel
    expect(instant.flight(t.components[0].airline as Source).refundPenalty(t)).toBe(expected);
  });

  it('every family has a refund penalty or is non-refundable, consistent with its fare-rule flag and text', () => {
    for (const [airline, families] of Object.entries(FARE_FAMILIES)) {
      for (const f of families) {
        for (const p of [f.penalties.domestic, f.penalties.international]) expect(p.refund === null || (Number.isInteger(p.refund) && p.refund > 0)).toBe(true);
        const carrier = airline === 'FOREIGN' ? 'SQ' : airline;
        const rule = instant.flight('1A').fareRules({ airline: carrier, class: f.classes[0], fareBasis: 'XXXD', isInternational: false }, { lang: 'en' });
        const text = rule.list.find((l) => l.type === 'REFUND')!.fareRule;
        if (f.penalties.domestic.refund === null) expect(text).toMatch(/taxes, airport charges and VAT are refunded/);
        else expect(text).toContain(new Intl.NumberFormat('en-US').format(f.penalties.domestic.refund));
      }
    }
  });
});

describe('PIN salts', () => {
  it('a salt is the same within its window, differs per user and window, and two windows are accepted', () => {
    const t = new Date('2026-03-10T03:02:00Z');
    expect(pinSalt('s', 1, t)).toBe(pinSalt('s', 1, new Date('2026-03-10T03:04:59Z')));
    expect(pinSalt('s', 1, t)).not.toBe(pinSalt('s', 2, t));
    expect(pinSalt('s', 1, t)).not.toBe(pinSalt('other', 1, t));
    const old = pinSalt('s', 1, new Date(t.getTime() - 5 * 60_000));
    expect(acceptedSalts('s', 1, t)).toEqual([pinSalt('s', 1, t), old]);
    const header = encryptWithSecret('246810', old);
    expect(readPinHeader(header, acceptedSalts('s', 1, t), gw.cipher)).toBe('246810');
    // ten minutes later the salt is no longer accepted
    expect(readPinHeader(header, acceptedSalts('s', 1, new Date(t.getTime() + 10 * 60_000)), gw.cipher)).toBeNull();
    expect(readPinHeader('not-base64!', acceptedSalts('s', 1, t), gw.cipher)).toBeNull();
  });
});

describe('issue', () => {
  it('PIN 120 → wrong 121 → right: charges once, tickets per passenger (infant too), EXPORT, audit', async () => {
    const h = await hold(gw, token('f1agent'), { source: 'VN', days: 20, passengers: [adult(1), child(2), infant(3, 1)] });
    const total = await totalOf('f1agent', h.id);
    const before = await balanceOf(gw.db, saoviet);
    const key = randomUUID();
    const body = { idempotencyKey: key, pnrs: [h.pnr] };
    const first = await call(gw, 'POST', url(h.id, 'issue'), { token: token('f1agent'), body });
    expect(first.statusCode).toBe(403);
    expect(codeOf(first)).toBe(120);
    const salt = first.json<{ data: { salt: string } }>().data.salt;
    // the salt of the current 5-minute window (or of the previous one, when the window turned meanwhile)
    expect(acceptedSalts(TEST_JWT_SECRET, (await loadUserByUsername(gw.db, 'f1agent'))!.user.id, new Date())).toContain(salt);
    const wrong = await call(gw, 'POST', url(h.id, 'issue'), { token: token('f1agent'), body, headers: { 'x-pin': encryptWithSecret('111111', salt, gw.cipher) } });
    expect(wrong.statusCode).toBe(403);
    expect(codeOf(wrong)).toBe(121);
    expect(await balanceOf(gw.db, saoviet)).toBe(before);
    const ok = await call(gw, 'POST', url(h.id, 'issue'), { token: token('f1agent'), body, headers: { 'x-pin': encryptWithSecret(DEMO_PIN, salt, gw.cipher) } });
    expect(ok.statusCode, ok.body).toBe(200);
    const r = ok.json<IssueResult>();
    expect(r).toMatchObject({ bookingId: h.id, amount: total, balanceAfter: before - total, replayed: false });
    expect(r.pnrs[0].repriced).toBeUndefined();
    expect(r.pnrs[0].tickets.map((t) => t.paxId)).toEqual([1, 2, 3]);
    for (const t of r.pnrs[0].tickets) expect(t.ticketNumber).toMatch(/^738\d{10}$/);
    expect(await balanceOf(gw.db, saoviet)).toBe(before - total);
    const entries = await entriesOf(gw, h.pnr);
    expect(entries.map((e) => [e.type, Number(e.amount), e.bookingRef])).toEqual([['C', total, String(h.id)]]);
    expect(entries[0].reference).toContain(h.pnr);
    const row = await pnrRow(gw, h.pnr);
    expect(row).toMatchObject({ recordStatus: 'ISSUE TICKET', chargeEntryId: entries[0].id, totalPrice: total });
    expect(row.issuedAt).not.toBeNull();
    expect(row.voidUntil!.getTime()).toBeGreaterThanOrEqual(row.issuedAt!.getTime());
    expect((await bookingOf(h.id)).status).toBe('EXPORT');
    const audit = await gw.db.select().from(auditLog).where(and(eq(auditLog.action, 'booking.issued'), eq(auditLog.target, String(h.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0].detail).toMatchObject({ bookingId: h.id, amount: total });

    // replay: the stored answer, nothing charged
    const again = await issue('f1agent', h, key);
    expect(again.res.statusCode).toBe(200);
    expect(again.res.json<IssueResult>()).toEqual({ ...r, replayed: true });
    expect(await countEntries(gw, 'C', h.pnr)).toBe(1);
    expect(await balanceOf(gw.db, saoviet)).toBe(before - total);
    // a new key on an issued PNR: 409 with a message
    const twice = await issue('f1agent', h);
    expect(twice.res.statusCode).toBe(409);
    expect(twice.res.json<{ data: { reason: string; message: string } }>().data).toMatchObject({ reason: 'alreadyIssued' });
  });

  it('re-prices at issue: a fare that changed since the hold is charged at the new price and the answer says so', async () => {
    const h = await hold(gw, token('f1admin'), { source: 'QH', days: 32, passengers: [adult(1), adult(2, 'Thi Binh')] });
    const total = await totalOf('f1admin', h.id);
    // the fare held was 100.000 ₫ per adult below today's
    const row = await pnrRow(gw, h.pnr);
    const held = (row.fareData as { fareADT: number }[]).map((f) => ({ ...f, fareADT: f.fareADT - 100_000 }));
    await gw.db.update(pnrs).set({ fareData: held }).where(eq(pnrs.id, row.id));
    const before = await balanceOf(gw.db, saoviet);
    const res = await call(gw, 'POST', url(h.id, 'issue'), { token: token('f1admin'), body: { idempotencyKey: randomUUID(), pnrs: [h.pnr] } });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<IssueResult>();
    expect(r.amount).toBe(total);
    expect(r.pnrs[0].repriced).toEqual({ from: total - 200_000, to: total });
    expect(await balanceOf(gw.db, saoviet)).toBe(before - total);
    const after = await pnrRow(gw, h.pnr);
    expect(after.totalPrice).toBe(total);
    expect((after.fareData as { fareADT: number }[])[0].fareADT).toBe(h.price.fareADT);
  });

  it('the same key with another body is 409/49; bad bodies 400/41; a bad envelope 400/40', async () => {
    const a = await hold(gw, token('f1admin'), { source: 'VJ', days: 21 });
    const b = await hold(gw, token('f1admin'), { source: 'VJ', days: 21 });
    const key = randomUUID();
    const one = await call(gw, 'POST', url(a.id, 'issue'), { token: token('f1admin'), body: { idempotencyKey: key, pnrs: [a.pnr] } });
    expect(one.statusCode, one.body).toBe(200);
    const other = await call(gw, 'POST', url(b.id, 'issue'), { token: token('f1admin'), body: { idempotencyKey: key, pnrs: [b.pnr] } });
    expect(other.statusCode).toBe(409);
    expect(codeOf(other)).toBe(49);
    expect(other.json<{ data: { reason: string } }>().data.reason).toBe('idempotencyKeyReused');
    expect((await pnrRow(gw, b.pnr)).recordStatus).toBe('BOOKED');
    for (const body of [{ idempotencyKey: 'not-a-uuid', pnrs: [b.pnr] }, { idempotencyKey: randomUUID(), pnrs: [] }, { idempotencyKey: randomUUID(), pnrs: ['abc'] }, {}]) {
      const res = await call(gw, 'POST', url(b.id, 'issue'), { token: token('f1admin'), body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(codeOf(res)).toBe(41);
    }
    const raw = await call(gw, 'POST', url(b.id, 'issue'), { token: token('f1admin'), rawBody: { idempotencyKey: randomUUID(), pnrs: [b.pnr] } });
    expect(raw.statusCode).toBe(400);
    expect(codeOf(raw)).toBe(40);
    // a PNR of another booking
    const foreign = await call(gw, 'POST', url(b.id, 'issue'), { token: token('f1admin'), body: { idempotencyKey: randomUUID(), pnrs: [a.pnr] } });
    expect(foreign.statusCode).toBe(404);
  });

  it('permissions (403/30) and scope: another agency’s agent gets 404 on every endpoint', async () => {
    const h = await hold(gw, token('f1agent'), { source: 'QH', days: 22 });
    const body = { idempotencyKey: randomUUID(), pnrs: [h.pnr] };
    for (const [path, method, b] of [['issue', 'POST', body], ['void', 'POST', { pnrs: [h.pnr] }], ['refund', 'GET', undefined], ['refund', 'POST', { idempotencyKey: randomUUID(), pnr: h.pnr, paxIds: [1] }]] as const) {
      const res = await call(gw, method, url(h.id, path), { token: token('accountant'), body: b });
      expect(res.statusCode, path).toBe(403);
      expect(codeOf(res)).toBe(30);
    }
    // f2agent of SAOVIET-HN, given the ticketing permissions: still outside the scope
    const [f2] = await gw.db.select().from(users).where(eq(users.username, 'f2agent'));
    await gw.db.update(users).set({ extraPermissions: ['export_ticket', 'void_vna', 'refund_ticket'] }).where(eq(users.id, f2.id));
    try {
      for (const [path, method, b] of [['issue', 'POST', body], ['void', 'POST', { pnrs: [h.pnr] }], ['cancel', 'POST', { pnrs: [h.pnr] }], ['refund', 'GET', undefined], ['refund', 'POST', { idempotencyKey: randomUUID(), pnr: h.pnr, paxIds: [1] }]] as const) {
        const res = await call(gw, method, url(h.id, path), { token: token('f2agent'), body: b });
        expect(res.statusCode, path).toBe(404);
      }
      expect((await call(gw, 'GET', `/api/bookings/${h.id}`, { token: token('f2agent') })).statusCode).toBe(404);
    } finally {
      await gw.db.update(users).set({ extraPermissions: [] }).where(eq(users.id, f2.id));
    }
    expect((await pnrRow(gw, h.pnr)).recordStatus).toBe('BOOKED');
  });

  it('insufficient deposit: 409/70 and nothing changes', async () => {
    const h = await hold(gw, token('f1admin'), { source: 'VN', days: 23 });
    const balance = await balanceOf(gw.db, saoviet);
    const total = await totalOf('f1admin', h.id);
    // leave less than the price on the deposit
    const drain = balance - total + 1;
    await gw.db.transaction((tx) => postEntry(tx, { type: 'C', agencyId: saoviet, amount: drain, reference: 'test drain' }));
    try {
      const res = await call(gw, 'POST', url(h.id, 'issue'), { token: token('f1admin'), body: { idempotencyKey: randomUUID(), pnrs: [h.pnr] } });
      expect(res.statusCode).toBe(409);
      expect(codeOf(res)).toBe(70);
      expect(await balanceOf(gw.db, saoviet)).toBe(total - 1);
      expect(await entriesOf(gw, h.pnr)).toEqual([]);
      expect(await pnrRow(gw, h.pnr)).toMatchObject({ recordStatus: 'BOOKED', chargeEntryId: null });
      expect((await bookingOf(h.id)).status).toBe('HOLD');
    } finally {
      await gw.db.transaction((tx) => postEntry(tx, { type: 'T', agencyId: saoviet, amount: drain, reference: 'test refill' }));
    }
  });

  it('a hold past its time limit: 409 holdExpired, nothing charged', async () => {
    const h = await hold(gw, token('f1admin'), { source: 'VU', from: 'SGN', to: 'HAN', days: 24 });
    await gw.db.update(pnrs).set({ timeLimit: new Date(Date.now() - 60_000) }).where(eq(pnrs.pnr, h.pnr));
    const before = await balanceOf(gw.db, saoviet);
    const res = await call(gw, 'POST', url(h.id, 'issue'), { token: token('f1admin'), body: { idempotencyKey: randomUUID(), pnrs: [h.pnr] } });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ data: { reason: string } }>().data.reason).toBe('holdExpired');
    expect(await balanceOf(gw.db, saoviet)).toBe(before);
  });

  it('the supplier fails after the charge: one C, one V reversal, balance unchanged, PNR BOOKED; a retry with the key issues', async () => {
    const h = await hold(gw, token('f1agent'), { source: 'VJ', days: 25 });
    const total = await totalOf('f1agent', h.id);
    const before = await balanceOf(gw.db, saoviet);
    const ctx = (await loadUserByUsername(gw.db, 'f1agent'))!;
    const failing = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 1 } });
    const key = randomUUID();
    const body = { idempotencyKey: key, pnrs: [h.pnr] };
    const err = await issueBooking({ db: gw.db, suppliers: failing }, { ctx, lang: 'en' }, h.id, body).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 80, statusCode: 502 });
    expect((err as { data: { message: string } }).data.message).toMatch(/reservation system/);
    expect(await balanceOf(gw.db, saoviet)).toBe(before);
    const entries = await entriesOf(gw, h.pnr);
    expect(entries.map((e) => [e.type, Number(e.amount)])).toEqual([['C', total], ['V', total]]);
    expect(entries[1].reference).toContain(`reversal of entry ${entries[0].id}`);
    expect(await pnrRow(gw, h.pnr)).toMatchObject({ recordStatus: 'BOOKED', chargeEntryId: null, tickets: [] });
    const [request] = await gw.db.select().from(issueRequests).where(eq(issueRequests.idempotencyKey, key));
    expect(request.status).toBe('failed');
    expect(await gw.db.select().from(auditLog).where(and(eq(auditLog.action, 'booking.issue_failed'), eq(auditLog.target, String(h.id))))).toHaveLength(1);

    // the portal's retry with the same key goes through
    const retry = await issueBooking({ db: gw.db, suppliers: instant }, { ctx, lang: 'en' }, h.id, body);
    expect(retry).toMatchObject({ amount: total, replayed: false, balanceAfter: before - total });
    expect((await entriesOf(gw, h.pnr)).map((e) => e.type)).toEqual(['C', 'V', 'C']);
    expect(await balanceOf(gw.db, saoviet)).toBe(before - total);
  });

  it('a round trip on one carrier: one PNR, the issue fee per passenger and direction, issued for exactly the held total', async () => {
    const run = await searchToEnd(gw, token('f1admin'), { journeyType: 'RT', legs: [{ from: 'HAN', to: 'SGN', departDate: inDays(34) }], returnDate: inDays(37), adt: 1 });
    const one = (direction: string) => {
      const o = run.offers.find((x) => x.source === 'VN' && x.direction === direction && x.routeInfo.length === 1 && x.priceInfo.some((p) => p.seatAvailable >= 2))!;
      return { offerId: o.id, class: o.priceInfo.find((p) => p.seatAvailable >= 2)!.class };
    };
    const res = await call(gw, 'POST', '/api/bookings', {
      token: token('f1admin'),
      body: { sessionId: run.started.sessionId, selected: [one('depart'), one('return')], passengers: [adult(1)], contact },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<{ id: number }>();
    const rows = await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, id));
    expect(rows).toHaveLength(1);
    const b = await bookingOf(id);
    const fee = (b.bookingFees as { airline: string; paxType: string; issueFee: number }[]).find((f) => f.airline === 'VN' && f.paxType === 'ADT')!.issueFee;
    expect(fee).toBeGreaterThan(0);
    expect(b.totalFees).toBe(2 * fee);
    const total = await totalOf('f1admin', id);
    expect(total).toBe(rows[0].totalPrice);
    const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
    const before = await balanceOf(gw.db, saoviet);
    const issued = await issueBooking({ db: gw.db, suppliers: instant }, { ctx, lang: 'vi' }, id, { idempotencyKey: randomUUID(), pnrs: [rows[0].pnr!] });
    expect(issued.amount).toBe(total);
    expect(issued.pnrs[0]).not.toHaveProperty('repriced');
    expect(await balanceOf(gw.db, saoviet)).toBe(before - total);
  });

  it('two PNRs in one request: all or nothing when one supplier fails, then both issued, the booking EXPORT', async () => {
    const run = await searchToEnd(gw, token('f1admin'), { journeyType: 'RT', legs: [{ from: 'HAN', to: 'SGN', departDate: inDays(33) }], returnDate: inDays(36), adt: 1 });
    const one = (source: string, direction: string) => {
      const o = run.offers.find((x) => x.source === source && x.direction === direction && x.routeInfo.length === 1 && x.priceInfo.some((p) => p.seatAvailable >= 2))!;
      return { offerId: o.id, class: o.priceInfo.find((p) => p.seatAvailable >= 2)!.class };
    };
    const res = await call(gw, 'POST', '/api/bookings', {
      token: token('f1admin'),
      body: { sessionId: run.started.sessionId, selected: [one('VN', 'depart'), one('VJ', 'return')], passengers: [adult(1)], contact },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<{ id: number }>();
    const codes = (await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, id)).orderBy(pnrs.id)).map((r) => r.pnr!);
    expect(codes).toHaveLength(2);
    const total = await totalOf('f1admin', id);
    const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
    const before = await balanceOf(gw.db, saoviet);
    const vjDown = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 }, sources: { VJ: { failureRate: 1 } } });
    const body = { idempotencyKey: randomUUID(), pnrs: codes };
    await expect(issueBooking({ db: gw.db, suppliers: vjDown }, { ctx, lang: 'vi' }, id, body)).rejects.toMatchObject({ code: 80, data: { source: 'VJ', message: expect.stringMatching(/Hệ thống đặt chỗ/) } });
    expect(await balanceOf(gw.db, saoviet)).toBe(before);
    for (const pnr of codes) {
      expect((await entriesOf(gw, pnr)).map((e) => e.type)).toEqual(['C', 'V']);
      expect(await pnrRow(gw, pnr)).toMatchObject({ recordStatus: 'BOOKED', chargeEntryId: null });
    }
    expect((await bookingOf(id)).status).toBe('HOLD');
    const r = await issueBooking({ db: gw.db, suppliers: instant }, { ctx, lang: 'vi' }, id, body);
    expect(r.amount).toBe(total);
    expect(r.pnrs.map((p) => [p.pnr, p.status, p.tickets[0].ticketNumber.slice(0, 3)])).toEqual([[codes[0], 'ISSUE TICKET', '738'], [codes[1], 'ISSUE TICKET', '978']]);
    expect(await balanceOf(gw.db, saoviet)).toBe(before - total);
    expect((await bookingOf(id)).status).toBe('EXPORT');
  });

  it('a pending key: waited for (bounded), its failure answered to the waiter, its result replayed; a stale one taken over', async () => {
    const h = await hold(gw, token('f1admin'), { source: 'VJ', days: 31 });
    const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
    const deps = { db: gw.db, suppliers: instant, pendingPollMs: 10, pendingWaitMs: 150 };
    const key = randomUUID();
    const body = { idempotencyKey: key, pnrs: [h.pnr] };
    await gw.db.insert(issueRequests).values({ idempotencyKey: key, userId: ctx.user.id, bookingId: h.id, bodyHash: issueBodyHash(h.id, [h.pnr]), status: 'pending' });
    // still pending after the wait: 409 issueInProgress, nothing charged
    await expect(issueBooking(deps, { ctx, lang: 'en' }, h.id, body)).rejects.toMatchObject({ code: 49, data: { reason: 'issueInProgress' } });
    // the request waited for fails meanwhile: the waiter answers that failure
    let isWaiting!: () => void;
    const waits = new Promise<void>((resolve) => (isWaiting = resolve));
    const waiting = issueBooking({ ...deps, pendingWaitMs: 20_000, onPendingWait: () => isWaiting() }, { ctx, lang: 'en' }, h.id, body);
    await waits;
    await gw.db.update(issueRequests).set({ status: 'failed', result: { code: 80, data: { message: 'down' } }, updatedAt: new Date() }).where(eq(issueRequests.idempotencyKey, key));
    await expect(waiting).rejects.toMatchObject({ code: 80, data: { message: 'down' } });
    expect(await entriesOf(gw, h.pnr)).toEqual([]);
    // a pending key nobody has touched for 10 minutes belongs to a request that died: taken over
    await gw.db.update(issueRequests).set({ status: 'pending', updatedAt: new Date(Date.now() - 10 * 60_000) }).where(eq(issueRequests.idempotencyKey, key));
    const r = await issueBooking(deps, { ctx, lang: 'en' }, h.id, body);
    expect(r).toMatchObject({ replayed: false, pnrs: [{ pnr: h.pnr, status: 'ISSUE TICKET' }] });
    expect(await issueBooking(deps, { ctx, lang: 'en' }, h.id, body)).toEqual({ ...r, replayed: true });
    expect(await countEntries(gw, 'C', h.pnr)).toBe(1);
  });

  it('no PIN set: 409 pointing to /system/pin-code; 5 wrong PINs in 15 minutes: 429', async () => {
    const [admin] = await gw.db.select().from(users).where(eq(users.username, 'f1admin'));
    const h = await hold(gw, token('f1admin'), { source: 'VN', days: 26 });
    await gw.db.update(users).set({ extraPermissions: ['use_pin_code'], pinHash: null }).where(eq(users.id, admin.id));
    try {
      const body = { idempotencyKey: randomUUID(), pnrs: [h.pnr] };
      const none = await call(gw, 'POST', url(h.id, 'issue'), { token: token('f1admin'), body, headers: { 'x-language': 'en' } });
      expect(none.statusCode).toBe(409);
      expect(none.json<{ data: { reason: string; message: string } }>().data).toMatchObject({ reason: 'pinNotSet', message: expect.stringContaining('/system/pin-code') });
      await gw.db.update(users).set({ pinHash: await hashPassword('135790') }).where(eq(users.id, admin.id));
      for (let i = 0; i < 5; i += 1) {
        const { res } = await callWithPin(gw, 'POST', url(h.id, 'issue'), token('f1admin'), body, '000000');
        expect(res.statusCode).toBe(403);
        expect(codeOf(res)).toBe(121);
      }
      const { first, res } = await callWithPin(gw, 'POST', url(h.id, 'issue'), token('f1admin'), body, '135790');
      expect(first.statusCode).toBe(429);
      expect(res.json<{ code: number; data: { retryAfterSeconds: number } }>()).toMatchObject({ code: 58, data: { retryAfterSeconds: expect.any(Number) } });
      expect((await pnrRow(gw, h.pnr)).recordStatus).toBe('BOOKED');
    } finally {
      await gw.db.update(users).set({ extraPermissions: [], pinHash: null }).where(eq(users.id, admin.id));
    }
  });
});

describe('void', () => {
  it('same day: V gives everything back, seats return, booking CANCEL; after voidUntil 409 (refund instead)', async () => {
    const h = await hold(gw, token('f1agent'), { source: '1A', from: 'SGN', to: 'HAN', days: 27, passengers: [adult(1), adult(2, 'Thi Binh')] });
    const seatsHeld = await seatsOf(h);
    const before = await balanceOf(gw.db, saoviet);
    const issued = await issue('f1agent', h);
    expect(issued.res.statusCode, issued.res.body).toBe(200);
    const amount = issued.res.json<IssueResult>().amount;
    expect(await balanceOf(gw.db, saoviet)).toBe(before - amount);
    // the window closes at the source's cut-off of the local day: keep the test independent of the hour it runs at
    await gw.db.update(pnrs).set({ voidUntil: new Date(Date.now() + 3_600_000) }).where(eq(pnrs.pnr, h.pnr));

    const v = await callWithPin(gw, 'POST', url(h.id, 'void'), token('f1agent'), { pnrs: [h.pnr] });
    expect(v.first.statusCode).toBe(403);
    expect(v.res.statusCode, v.res.body).toBe(200);
    expect(v.res.json<MoneyResult>()).toMatchObject({ bookingId: h.id, amount, balanceAfter: before, replayed: false });
    expect(await balanceOf(gw.db, saoviet)).toBe(before);
    expect((await entriesOf(gw, h.pnr)).map((e) => e.type)).toEqual(['C', 'V']);
    expect((await pnrRow(gw, h.pnr)).recordStatus).toBe('VOIDED OR CANCEL');
    expect(await seatsOf(h)).toBe(seatsHeld - 2);
    expect((await bookingOf(h.id)).status).toBe('CANCEL');
    // twice: nothing left to void
    const twice = await callWithPin(gw, 'POST', url(h.id, 'void'), token('f1agent'), { pnrs: [h.pnr] });
    expect(twice.res.statusCode).toBe(409);
    expect(await balanceOf(gw.db, saoviet)).toBe(before);

    const late = await hold(gw, token('f1agent'), { source: 'VN', days: 27 });
    expect((await issue('f1agent', late)).res.statusCode).toBe(200);
    await gw.db.update(pnrs).set({ voidUntil: new Date(Date.now() - 1000) }).where(eq(pnrs.pnr, late.pnr));
    const refused = await callWithPin(gw, 'POST', url(late.id, 'void'), token('f1agent'), { pnrs: [late.pnr] });
    expect(refused.res.statusCode).toBe(409);
    expect(refused.res.json<{ data: { reason: string; message: string } }>().data).toMatchObject({ reason: 'voidWindowClosed', message: expect.stringMatching(/hoàn vé/) });
    expect((await pnrRow(gw, late.pnr)).recordStatus).toBe('ISSUE TICKET');
    // f2agent-like users without VOID_VNA cannot reach it
    const noVoid = await call(gw, 'POST', url(late.id, 'void'), { token: token('f2agent'), body: { pnrs: [late.pnr] } });
    expect(noVoid.statusCode).toBe(403);
  });
});

describe('cancel', () => {
  it('a live hold: no money, seats return, VOIDED OR CANCEL, booking CANCEL; issued tickets are refused', async () => {
    const h = await hold(gw, token('f1agent'), { source: 'QH', days: 28, passengers: [adult(1), child(2), infant(3, 1)] });
    const taken = await seatsOf(h);
    const before = await balanceOf(gw.db, saoviet);
    const res = await call(gw, 'POST', url(h.id, 'cancel'), { token: token('f1agent'), body: { pnrs: [h.pnr] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MoneyResult>()).toEqual({ bookingId: h.id, amount: 0, balanceAfter: before, replayed: false });
    expect(await seatsOf(h)).toBe(taken - 2);
    expect((await pnrRow(gw, h.pnr)).recordStatus).toBe('VOIDED OR CANCEL');
    expect((await bookingOf(h.id)).status).toBe('CANCEL');
    expect(await entriesOf(gw, h.pnr)).toEqual([]);
    const again = await call(gw, 'POST', url(h.id, 'cancel'), { token: token('f1agent'), body: { pnrs: [h.pnr] }, headers: { 'x-language': 'en' } });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ data: { message: string } }>().data.message).toMatch(/no longer held/);

    const issuedHold = await hold(gw, token('f1agent'), { source: 'QH', days: 28 });
    expect((await issue('f1agent', issuedHold)).res.statusCode).toBe(200);
    const refused = await call(gw, 'POST', url(issuedHold.id, 'cancel'), { token: token('f1agent'), body: { pnrs: [issuedHold.pnr] } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ data: { reason: string } }>().data.reason).toBe('cancelIssued');
    expect((await pnrRow(gw, issuedHold.pnr)).recordStatus).toBe('ISSUE TICKET');
  });
});

describe('refund', () => {
  /** Expected penalty from the family table: the fixed fee (capped) or the fare + the issue fee. */
  function expectedPenalty(airline: string, cls: string, fare: number, tax: number, vat: number, fee: number): number {
    const family = (FARE_FAMILIES[airline] ?? FARE_FAMILIES.FOREIGN).find((f) => f.classes.includes(cls))!;
    const fixed = family.penalties.domestic.refund;
    return fixed === null ? fare + fee : Math.min(fixed, fare + tax + vat);
  }

  it('penalty math per passenger, R entry, double refund refused, all refunded: VOIDED OR CANCEL and seats back', async () => {
    const h = await hold(gw, token('f1agent'), { source: 'VN', days: 29, passengers: [adult(1), child(2), infant(3, 1)], cls: (p) => p.fareInfo.refundable });
    const seated = await seatsOf(h);
    expect((await issue('f1agent', h)).res.statusCode).toBe(200);
    const b = await bookingOf(h.id);
    const feeOf = (t: string) => (b.bookingFees as { airline: string; paxType: string; issueFee: number }[]).find((f) => f.airline === 'VN' && f.paxType === t)?.issueFee ?? 0;

    // within the void window (made open whatever the hour): void instead
    await gw.db.update(pnrs).set({ voidUntil: new Date(Date.now() + 3_600_000) }).where(eq(pnrs.pnr, h.pnr));
    const early = await callWithPin(gw, 'POST', url(h.id, 'refund'), token('f1agent'), { idempotencyKey: randomUUID(), pnr: h.pnr, paxIds: [1] });
    expect(early.res.statusCode).toBe(409);
    expect(early.res.json<{ data: { reason: string } }>().data.reason).toBe('voidWindowOpen');
    await gw.db.update(pnrs).set({ voidUntil: new Date(Date.now() - 1000) }).where(eq(pnrs.pnr, h.pnr));

    const quoteRes = await call(gw, 'GET', url(h.id, 'refund'), { token: token('f1agent'), headers: { 'x-language': 'en' } });
    expect(quoteRes.statusCode, quoteRes.body).toBe(200);
    const quote = quoteRes.json<RefundQuote>();
    expect(quote.lines.map((l) => [l.paxId, l.paxType, l.refunded])).toEqual([[1, 'ADT', false], [2, 'CHD', false], [3, 'INF', false]]);
    const p = h.price;
    const parts = { ADT: [p.fareADT, p.taxADT, p.vatADT], CHD: [p.fareCHD, p.taxCHD, p.vatCHD], INF: [p.fareINF, p.taxINF, p.vatINF] } as const;
    for (const l of quote.lines) {
      const [fare, tax, vat] = parts[l.paxType];
      expect(l.paid).toBe(fare + tax + vat + feeOf(l.paxType));
      expect(l.penalty).toBe(expectedPenalty('VN', h.cls, fare, tax, vat, feeOf(l.paxType)));
      expect(l.refundable).toBe(l.paid - l.penalty);
      expect(l.rule).toMatch(/^Refund: penalty/);
      expect(l.ticketNumber).toMatch(/^738\d{10}$/);
    }
    expect(quote.lines.reduce((s, l) => s + l.paid, 0)).toBe(await totalOf('f1agent', h.id));

    const before = await balanceOf(gw.db, saoviet);
    const key = randomUUID();
    const one = await callWithPin(gw, 'POST', url(h.id, 'refund'), token('f1agent'), { idempotencyKey: key, pnr: h.pnr, paxIds: [1] });
    expect(one.first.statusCode).toBe(403);
    expect(one.res.statusCode, one.res.body).toBe(200);
    const adultLine = quote.lines[0];
    expect(one.res.json<MoneyResult>()).toEqual({ bookingId: h.id, amount: adultLine.refundable, balanceAfter: before + adultLine.refundable, replayed: false });
    expect(await balanceOf(gw.db, saoviet)).toBe(before + adultLine.refundable);
    // the same key: the first answer again
    const replay = await callWithPin(gw, 'POST', url(h.id, 'refund'), token('f1agent'), { idempotencyKey: key, pnr: h.pnr, paxIds: [1] });
    expect(replay.res.json<MoneyResult>()).toMatchObject({ amount: adultLine.refundable, replayed: true });
    // another key for the same passenger: refused
    const double = await callWithPin(gw, 'POST', url(h.id, 'refund'), token('f1agent'), { idempotencyKey: randomUUID(), pnr: h.pnr, paxIds: [1, 2] });
    expect(double.res.statusCode).toBe(409);
    expect(double.res.json<{ data: { reason: string; paxIds: number[] } }>().data).toMatchObject({ reason: 'alreadyRefunded', paxIds: [1] });
    expect(await balanceOf(gw.db, saoviet)).toBe(before + adultLine.refundable);
    // a passenger without a ticket
    const unknown = await callWithPin(gw, 'POST', url(h.id, 'refund'), token('f1agent'), { idempotencyKey: randomUUID(), pnr: h.pnr, paxIds: [9] });
    expect(unknown.res.statusCode).toBe(400);
    expect((await pnrRow(gw, h.pnr)).recordStatus).toBe('ISSUE TICKET');

    const rest = await callWithPin(gw, 'POST', url(h.id, 'refund'), token('f1agent'), { idempotencyKey: randomUUID(), pnr: h.pnr, paxIds: [2, 3] });
    expect(rest.res.statusCode, rest.res.body).toBe(200);
    const restAmount = quote.lines[1].refundable + quote.lines[2].refundable;
    expect(rest.res.json<MoneyResult>().amount).toBe(restAmount);
    expect(await balanceOf(gw.db, saoviet)).toBe(before + adultLine.refundable + restAmount);
    expect((await entriesOf(gw, h.pnr)).map((e) => e.type)).toEqual(restAmount > 0 ? ['C', 'R', 'R'] : ['C', 'R']);
    expect((await pnrRow(gw, h.pnr)).recordStatus).toBe('VOIDED OR CANCEL');
    expect(await seatsOf(h)).toBe(seated - 2);
    expect((await bookingOf(h.id)).status).toBe('CANCEL');
    const after = (await call(gw, 'GET', url(h.id, 'refund'), { token: token('f1agent') })).json<RefundQuote>();
    expect(after.lines.every((l) => l.refunded)).toBe(true);
    expect(await gw.db.select().from(refunds).where(eq(refunds.pnrId, (await pnrRow(gw, h.pnr)).id))).toHaveLength(3);
    const audit = await gw.db.select().from(auditLog).where(and(eq(auditLog.action, 'booking.refunded'), eq(auditLog.target, String(h.id))));
    expect(audit).toHaveLength(2);
  });

  it('a non-refundable fare keeps the fare and the fee, gives taxes and VAT back', async () => {
    const h = await hold(gw, token('f1agent'), { source: 'VN', days: 30, cls: (p) => !p.fareInfo.refundable });
    expect((await issue('f1agent', h)).res.statusCode).toBe(200);
    await gw.db.update(pnrs).set({ voidUntil: new Date(Date.now() - 1000) }).where(eq(pnrs.pnr, h.pnr));
    const quote = (await call(gw, 'GET', url(h.id, 'refund'), { token: token('f1agent') })).json<RefundQuote>();
    expect(quote.lines).toHaveLength(1);
    const [l] = quote.lines;
    expect(l.refundable).toBe(h.price.taxADT + h.price.vatADT);
    expect(l.rule).toMatch(/Không được hoàn giá vé/);
    const before = await balanceOf(gw.db, saoviet);
    const res = await callWithPin(gw, 'POST', url(h.id, 'refund'), token('f1agent'), { idempotencyKey: randomUUID(), pnr: h.pnr, paxIds: [1] });
    expect(res.res.statusCode, res.res.body).toBe(200);
    expect(await balanceOf(gw.db, saoviet)).toBe(before + l.refundable);
  });
});
