/**
 * Items 1–4 of docs/reliability.md (and item 1's paid after-sale edits) on one in-process gateway on PostgreSQL, driving the services and the
 * recovery by hand: an issue whose request dies after the supplier ticketed is completed by the recovery (and
 * the expiry never expires it meanwhile); a compensating void that fails stays in the outbox, listed, until it
 * succeeds; refund idempotency (another body 409/49, concurrent calls one refund + one replay); the refresh
 * grace window.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueBooking, netChargedOf, refundTickets } from '../../gateway/bookings/lifecycle';
import { expireHolds } from '../../gateway/bookings/service';
import { afterSaleOrders, auditLog, journalEntries, pnrEdits, pnrs, refreshTokens, refunds, sagas, supplierOutbox } from '../../gateway/platform/db/schema';
import { buyLuggage, type AfterSaleDeps } from '../../gateway/aftersale/services';
import { editSagaKey, recoverEdit } from '../../gateway/aftersale/payment';
import { dbPnrStore } from '../../gateway/aftersale/pnr-store';
import { loadUserByUsername } from '../../gateway/platform/tenancy/users';
import { runRecovery, takeOrphan } from '../../gateway/platform/reliability/saga';
import { drainOutbox, outboxList } from '../../gateway/platform/reliability/outbox';
import { createSupplierRegistry, SupplierError, type FlightSupplier, type IssueRequest, type PnrSupplier, type SupplierRegistry } from '../../gateway/suppliers';
import { call, login, startGateway, type Gateway } from '../gateway/helpers';
import { searchToEnd, inDays } from '../gateway/flights-helpers';
import { adult, contact, hold } from '../gateway/lifecycle-helpers';
import { recoverIssue, recoverVoid, compensatingVoid, voidTickets } from '../../gateway/bookings/lifecycle';
import { describePg } from './harness';
import { SOURCES } from '../../contract/flights';

const ZERO = { defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 } };
let gw: Gateway;
let admin: string;

beforeAll(async () => {
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
  admin = (await login(gw, 'f1admin')).accessToken;
}, 120_000);
afterAll(async () => {
  await gw?.close();
});

/** A registry whose VN supplier's issue and void can be made to hang or fail. */
function controllable(base = createSupplierRegistry(ZERO)) {
  const control = { hangAfterIssue: false, hangAfterVoid: false, voidDown: false, released: [] as (() => void)[] };
  const real = base.flight('VN');
  const vn = Object.assign(Object.create(real) as FlightSupplier, {
    issue: async (r: IssueRequest) => {
      const out = await real.issue(r);
      // the process "dies" after the supplier ticketed: the request never comes back
      if (control.hangAfterIssue) await new Promise<void>((resolve) => control.released.push(resolve));
      return out;
    },
    void: async (r: Parameters<FlightSupplier['void']>[0]) => {
      if (control.voidDown) throw new SupplierError('UNAVAILABLE', { source: 'VN' });
      const out = await real.void(r);
      if (control.hangAfterVoid) await new Promise<void>((resolve) => control.released.push(resolve));
      return out;
    },
  });
  const suppliers: SupplierRegistry = createSupplierRegistry(ZERO, {
    flights: Object.fromEntries(SOURCES.map((s) => [s, s === 'VN' ? vn : base.flight(s)])),
    flightQuotes: Object.fromEntries(SOURCES.map((s) => [s, base.flightQuotes(s)])),
  });
  return { control, suppliers };
}

describePg('sagas, outbox, refund idempotency, refresh grace (PostgreSQL)', () => {
  it('item 1: the supplier ticketed and the request died: expiry leaves the charged PNR alone, the recovery completes the issue, a retry replays it', async () => {
    const h = await hold(gw, admin, { source: 'VN', days: 31 });
    const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
    const { control, suppliers } = controllable();
    control.hangAfterIssue = true;
    const body = { idempotencyKey: randomUUID(), pnrs: [h.pnr] };
    // a request of an instance that is not alive (never beats): it dies after the supplier answered
    const dying = issueBooking({ db: gw.db, suppliers, instanceId: 'dead-instance' }, { ctx, lang: 'en' }, h.id, body);
    const key = `issue:${body.idempotencyKey}`;
    for (;;) {
      if (control.released.length > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const [charged] = await gw.db.select().from(pnrs).where(eq(pnrs.pnr, h.pnr));
    expect(charged.chargeEntryId).not.toBeNull();
    // the hold's time limit passes: the expiry never expires a charged PNR
    await gw.db.update(pnrs).set({ timeLimit: new Date(Date.now() - 1000) }).where(eq(pnrs.pnr, h.pnr));
    await expireHolds(gw.db, new Date());
    expect((await gw.db.select().from(pnrs).where(eq(pnrs.pnr, h.pnr)))[0].recordStatus).toBe('BOOKED');
    // the recovery: retrieve answers ticketed, the tickets are recorded
    const saga = await takeOrphan(gw.db, key, 'recovering-instance');
    expect(saga?.step).toBe('charged');
    expect(await runRecovery(gw.db, saga!, 'recovering-instance', (s) => recoverIssue({ db: gw.db, suppliers }, s))).toBe('done');
    const [row] = await gw.db.select().from(pnrs).where(eq(pnrs.pnr, h.pnr));
    expect(row.recordStatus).toBe('ISSUE TICKET');
    expect(await netChargedOf(gw.db, h.id)).toBe(row.totalPrice);
    // a retry with the key answers the issue; the dead request, woken, changes nothing
    const retry = await issueBooking({ db: gw.db, suppliers }, { ctx, lang: 'en' }, h.id, body);
    expect(retry).toMatchObject({ replayed: true, amount: row.totalPrice });
    control.released.forEach((r) => r());
    await dying.catch(() => undefined);
    expect(await netChargedOf(gw.db, h.id)).toBe(row.totalPrice);
    expect((await gw.db.select().from(sagas).where(eq(sagas.key, key)))[0].status).toBe('done');
  });

  it('item 1 (void): the supplier voided and the request died: the recovery records the void (V entry, seats back)', async () => {
    const h = await hold(gw, admin, { source: 'VN', days: 33 });
    const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
    const { control, suppliers } = controllable();
    await issueBooking({ db: gw.db, suppliers }, { ctx, lang: 'en' }, h.id, { idempotencyKey: randomUUID(), pnrs: [h.pnr] });
    await gw.db.update(pnrs).set({ voidUntil: new Date(Date.now() + 3_600_000) }).where(eq(pnrs.pnr, h.pnr));
    control.hangAfterVoid = true;
    const dying = voidTickets({ db: gw.db, suppliers, instanceId: 'dead-instance' }, { ctx, lang: 'en' }, h.id, [h.pnr]);
    while (control.released.length === 0) await new Promise((r) => setTimeout(r, 20));
    const [issued] = await gw.db.select().from(pnrs).where(eq(pnrs.pnr, h.pnr));
    expect(issued.recordStatus).toBe('ISSUE TICKET');
    const key = `void:${issued.id}.${issued.chargeEntryId}`;
    const saga = await takeOrphan(gw.db, key, 'recovering-instance');
    expect(saga?.step).toBe('calling');
    expect(await runRecovery(gw.db, saga!, 'recovering-instance', (s) => recoverVoid({ db: gw.db, suppliers }, s))).toBe('done');
    expect((await gw.db.select().from(pnrs).where(eq(pnrs.pnr, h.pnr)))[0].recordStatus).toBe('VOIDED OR CANCEL');
    expect(await netChargedOf(gw.db, h.id)).toBe(0);
    control.released.forEach((r) => r());
    await dying.catch(() => undefined);
    expect(await netChargedOf(gw.db, h.id)).toBe(0);
  });

  it('item 1 (paid edits): an edit the airline applied is recorded by the recovery; one it never got is reversed and the retry with the key makes it', async () => {
    const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
    const h = await hold(gw, admin, { source: 'VN', days: 35 });
    await issueBooking({ db: gw.db, suppliers: createSupplierRegistry(ZERO) }, { ctx, lang: 'en' }, h.id, { idempotencyKey: randomUUID(), pnrs: [h.pnr] });
    // a VN PNR supplier whose edit hangs (the process "dies") before or after the airline applies it
    const base = createSupplierRegistry(ZERO);
    const real = base.pnr('VN');
    const control = { hang: 'none' as 'none' | 'before' | 'after', hung: 0 };
    const forever = () => {
      control.hung += 1;
      return new Promise<never>(() => undefined);
    };
    const vn: PnrSupplier = Object.assign(Object.create(real) as PnrSupplier, {
      edit: async (...a: Parameters<PnrSupplier['edit']>) => {
        if (control.hang === 'before') return forever();
        const out = await real.edit(...a);
        if (control.hang === 'after') return forever();
        return out;
      },
    });
    const suppliers = createSupplierRegistry(ZERO, { pnr: { VN: vn } });
    const deps = { db: gw.db, suppliers, enforcer: undefined, now: () => new Date() } as unknown as AfterSaleDeps;
    const actor = { ctx, lang: 'en' as const };
    const route = 'HAN-SGN';
    const luggageEntries = async () => (await gw.db.select().from(journalEntries).where(eq(journalEntries.pnr, h.pnr)).orderBy(journalEntries.id)).slice(1);
    const die = async (key: string) => {
      while (control.hung === 0) await new Promise((r) => setTimeout(r, 20));
      control.hung = 0;
      const [saga] = await gw.db.select().from(sagas).where(eq(sagas.key, editSagaKey(key)));
      expect(saga).toMatchObject({ kind: 'aftersale.edit', status: 'running', step: 'charged' });
      // its instance stops beating
      await gw.db.update(sagas).set({ owner: 'dead-instance' }).where(eq(sagas.key, editSagaKey(key)));
    };

    // A: the airline applied the edit, the answer never came back; the recovery records it
    control.hang = 'after';
    const a = { idempotencyKey: randomUUID(), pnr: h.pnr, items: [{ paxId: 1, route, code: 'BG20' }] };
    void buyLuggage(deps, actor, h.id, a);
    await die(a.idempotencyKey);
    expect((await gw.db.select().from(afterSaleOrders).where(eq(afterSaleOrders.idempotencyKey, a.idempotencyKey)))[0].status).toBe('pending');
    const saga = await takeOrphan(gw.db, editSagaKey(a.idempotencyKey), 'recovering-instance');
    expect(await runRecovery(gw.db, saga!, 'recovering-instance', (s) => recoverEdit({ db: gw.db, suppliers: base }, s))).toBe('done');
    const [orderA] = await gw.db.select().from(afterSaleOrders).where(eq(afterSaleOrders.idempotencyKey, a.idempotencyKey));
    expect(orderA.status).toBe('done');
    const emds = (orderA.result as { emds: string[] }).emds;
    expect(emds).toHaveLength(1);
    const record = (await dbPnrStore(gw.db).load(h.pnr))!.record;
    expect(record.emds.map((m) => m.number)).toEqual(emds);
    expect(await gw.db.select().from(pnrEdits).where(eq(pnrEdits.pnr, h.pnr))).toHaveLength(1);
    expect((await luggageEntries()).map((e) => e.type)).toEqual(['C']);
    control.hang = 'none';
    expect(await buyLuggage(deps, actor, h.id, a)).toMatchObject({ replayed: true, entryId: orderA.entryId, emds });

    // B: the request died before the airline got the edit; the retry with the key resumes: undone, then made
    control.hang = 'before';
    const b = { idempotencyKey: randomUUID(), pnr: h.pnr, items: [{ paxId: 1, route, code: 'BG30' }] };
    void buyLuggage(deps, actor, h.id, b);
    await die(b.idempotencyKey);
    control.hang = 'none';
    // the retry meets the dead request's pending key: its saga is recovered at once (the gateway's own recovery)
    const retry = await buyLuggage(deps, actor, h.id, b);
    expect(retry.replayed).toBe(false);
    expect(retry.emds).toHaveLength(1);
    const entries = await luggageEntries();
    expect(entries.map((e) => e.type)).toEqual(['C', 'C', 'V', 'C']);
    expect(entries[2].amount).toBe(entries[1].amount);
    expect(entries[3].amount).toBe(entries[1].amount);
    const failed = await gw.db.select().from(auditLog).where(and(eq(auditLog.action, 'aftersale.failed'), eq(auditLog.target, h.pnr)));
    expect(failed.map((x) => (x.detail as { recovered?: boolean }).recovered)).toEqual([true]);
    expect(await gw.db.select().from(pnrEdits).where(eq(pnrEdits.pnr, h.pnr))).toHaveLength(2);
    expect((await gw.db.select().from(sagas).where(eq(sagas.key, editSagaKey(b.idempotencyKey))))[0].status).toBe('done');
    expect(await buyLuggage(deps, actor, h.id, b)).toMatchObject({ replayed: true, entryId: retry.entryId });
  });

  it('item 2: a compensating void that fails stays in the outbox and on the operators list until it succeeds', async () => {
    const run = await searchToEnd(gw, admin, { journeyType: 'RT', legs: [{ from: 'HAN', to: 'SGN', departDate: inDays(34) }], returnDate: inDays(37), adt: 1 });
    const one = (source: string, direction: string) => {
      const o = run.offers.find((x) => x.source === source && x.direction === direction && x.routeInfo.length === 1 && x.priceInfo.some((p) => p.seatAvailable >= 2))!;
      return { offerId: o.id, class: o.priceInfo.find((p) => p.seatAvailable >= 2)!.class };
    };
    const res = await call(gw, 'POST', '/api/bookings', { token: admin, body: { sessionId: run.started.sessionId, selected: [one('VN', 'depart'), one('VJ', 'return')], passengers: [adult(1)], contact } });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<{ id: number }>();
    const codes = (await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, id)).orderBy(pnrs.id)).map((r) => r.pnr!);
    const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
    const { control, suppliers } = controllable(createSupplierRegistry({ ...ZERO, sources: { VJ: { failureRate: 1 } } }));
    control.voidDown = true;
    await expect(issueBooking({ db: gw.db, suppliers }, { ctx, lang: 'en' }, id, { idempotencyKey: randomUUID(), pnrs: codes })).rejects.toMatchObject({ code: 80 });
    expect(await netChargedOf(gw.db, id)).toBe(0);
    const pending = (await outboxList(gw.db, 'pending')).filter((r) => (r.payload as { pnr: string }).pnr === codes[0]);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ kind: 'flight.void', attempts: 1 });
    const listed = await call(gw, 'GET', '/api/system/outbox', { token: admin });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ data: { key: string }[] }>().data.map((i) => i.key)).toContain(pending[0].key);
    // still down: another failed attempt; back up: voided, off the list
    await gw.db.update(supplierOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(supplierOutbox.id, pending[0].id));
    control.voidDown = false;
    expect(await drainOutbox(gw.db, new Map([['flight.void', compensatingVoid(suppliers)]]))).toMatchObject({ done: 1 });
    expect((await outboxList(gw.db, 'pending')).map((r) => r.id)).not.toContain(pending[0].id);
  });

  it('item 3: refund idempotency: the key with another body is 409/49; two concurrent calls with one key give one refund and one replay', async () => {
    const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
    const h = await hold(gw, admin, { source: 'VN', days: 32, passengers: [adult(1), adult(2, 'Van Binh')], cls: (p) => p.fareInfo.refundable });
    const deps = { db: gw.db, suppliers: createSupplierRegistry(ZERO) };
    await issueBooking(deps, { ctx, lang: 'en' }, h.id, { idempotencyKey: randomUUID(), pnrs: [h.pnr] });
    await gw.db.update(pnrs).set({ voidUntil: new Date(Date.now() - 1000) }).where(eq(pnrs.pnr, h.pnr));
    const K = randomUUID();
    const first = await refundTickets(deps, { ctx, lang: 'en' }, h.id, { idempotencyKey: K, pnr: h.pnr, paxIds: [1] });
    expect(first.replayed).toBe(false);
    await expect(refundTickets(deps, { ctx, lang: 'en' }, h.id, { idempotencyKey: K, pnr: h.pnr, paxIds: [2] })).rejects.toMatchObject({ code: 49, data: { reason: 'idempotencyKeyReused' } });
    const [row] = await gw.db.select().from(pnrs).where(eq(pnrs.pnr, h.pnr));
    expect((await gw.db.select().from(refunds).where(eq(refunds.pnrId, row.id))).map((r) => r.paxId)).toEqual([1]);
    // two at once with a new key for passenger 2
    const K2 = randomUUID();
    const both = await Promise.all([0, 1].map(() => refundTickets(deps, { ctx, lang: 'en' }, h.id, { idempotencyKey: K2, pnr: h.pnr, paxIds: [2] })));
    expect(both.map((r) => r.replayed).sort()).toEqual([false, true]);
    expect(both[0].amount).toBe(both[1].amount);
    expect((await gw.db.select().from(refunds).where(eq(refunds.pnrId, row.id))).map((r) => r.paxId).sort()).toEqual([1, 2]);
  });

  it('item 4: concurrent refreshes of one token answer the same new pair; reuse after the grace window revokes the family', async () => {
    const session = await login(gw, 'f1agent');
    const refresh = () => call(gw, 'POST', '/auth/refresh-token', { body: { accessToken: session.accessToken, refreshToken: session.refreshToken, channel: 'Web' } });
    const [a, b] = await Promise.all([refresh(), refresh()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().refreshToken).toBe(b.json().refreshToken);
    expect(a.json().accessToken).toBe(b.json().accessToken);
    expect((await call(gw, 'GET', '/api/auth/me', { token: a.json().accessToken })).statusCode).toBe(200);
    // after the window: reuse, the whole sign-in ends
    const fam = decodeJwt(session.accessToken).fam as string;
    await gw.db.update(refreshTokens).set({ usedAt: new Date(Date.now() - 60_000) }).where(and(eq(refreshTokens.familyId, fam), isNotNull(refreshTokens.usedAt)));
    const late = await refresh();
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe(21);
    const successor = await call(gw, 'POST', '/auth/refresh-token', { body: { accessToken: a.json().accessToken, refreshToken: a.json().refreshToken, channel: 'Web' } });
    expect(successor.statusCode).toBe(401);
  });
});
