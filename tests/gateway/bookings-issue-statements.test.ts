/**
 * The issue's charge and its recording are one statement each (bookings/lifecycle.ts chargeIssue and
 * recordTicketsAtOnce), written only when the PNRs are still as the issue read them. These tests change a PNR
 * between the read and the statement (from inside the supplier calls that come in between) and check that the
 * statement then writes nothing and the issue still ends right: charged once, recorded once, the booking's
 * status from the PNRs as they are.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Source } from '../../contract/flights';
import { issueBooking } from '../../gateway/bookings/lifecycle';
import { bookingScopeKind } from '../../gateway/bookings/scope';
import { createUser } from '../../gateway/admin/service';
import { pgliteOf } from '../../gateway/platform/db/table-changes';
import { DEMO_PASSWORD } from '../../gateway/seed/demo';
import { balanceOf } from '../../gateway/platform/ledger';
import { auditLog, bookings, issueRequests, pnrs, sagas } from '../../gateway/platform/db/schema';
import { loadUserByUsername } from '../../gateway/platform/tenancy/users';
import { createSupplierRegistry, type SupplierRegistry } from '../../gateway/suppliers';
import type { FlightSupplier } from '../../gateway/suppliers/flights';
import { inDays, searchToEnd } from './flights-helpers';
import { adult, contact, entriesOf, hold, pnrRow } from './lifecycle-helpers';
import { call, login, startGateway, type Gateway } from './helpers';

let gw: Gateway;
let token: string;
let saoviet: number;
const instant = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 } });

/** The instant suppliers, with `before` run once before the first call of `method` (issue, or a re-pricing quote). */
function withHook(method: 'issue' | 'quote', before: () => Promise<void>): SupplierRegistry {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    await before();
  };
  const wrap = (supplier: FlightSupplier): FlightSupplier =>
    new Proxy(supplier, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          if (method === 'issue' && prop === 'issue') await once();
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  return new Proxy(instant, {
    get(target, prop, receiver) {
      if (prop === 'flight') return (s: Source) => (method === 'issue' ? wrap(target.flight(s)) : target.flight(s));
      if (prop === 'flightQuotes') {
        return (s: Source) => {
          const quotes = target.flightQuotes(s);
          if (method !== 'quote') return quotes;
          return new Proxy(quotes, {
            get(t, p, r) {
              const value = Reflect.get(t, p, r) as unknown;
              if (typeof value !== 'function') return value;
              return async (...args: unknown[]) => {
                await once();
                return (value as (...a: unknown[]) => unknown).apply(t, args);
              };
            },
          });
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

beforeAll(async () => {
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
  token = (await login(gw, 'f1admin')).accessToken;
  saoviet = (await loadUserByUsername(gw.db, 'f1admin'))!.agency.id;
});
afterAll(async () => {
  await gw?.close();
});

describe('issue: the charge and the record as one statement each', () => {
  it('a PNR whose time limit moved after the read: the charge reads it again and goes through, charged once', async () => {
    const h = await hold(gw, token, { source: 'VN', days: 41 });
    const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
    const before = await balanceOf(gw.db, saoviet);
    const later = new Date(Date.now() + 3 * 3_600_000);
    // the re-pricing quote comes between the read of the PNR and the charge
    const suppliers = withHook('quote', async () => {
      await gw.db.update(pnrs).set({ timeLimit: later }).where(eq(pnrs.pnr, h.pnr));
    });
    const key = randomUUID();
    const result = await issueBooking({ db: gw.db, suppliers }, { ctx, lang: 'en' }, h.id, { idempotencyKey: key, pnrs: [h.pnr] });
    expect(result.replayed).toBe(false);
    const entries = await entriesOf(gw, h.pnr);
    expect(entries.map((e) => [e.type, Number(e.amount)])).toEqual([['C', result.amount]]);
    expect(await balanceOf(gw.db, saoviet)).toBe(before - result.amount);
    expect(result.balanceAfter).toBe(before - result.amount);
    expect(await pnrRow(gw, h.pnr)).toMatchObject({ recordStatus: 'ISSUE TICKET', chargeEntryId: entries[0].id, timeLimit: later });
    const [saga] = await gw.db.select().from(sagas).where(eq(sagas.key, `issue:${key}`));
    expect(saga).toMatchObject({ status: 'done', step: 'done' });
  });

  it('a PNR issued by another request after the read: 409 alreadyIssued, nothing charged by this one', async () => {
    const h = await hold(gw, token, { source: 'VN', days: 42 });
    const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
    let other: Awaited<ReturnType<typeof issueBooking>> | undefined;
    const suppliers = withHook('quote', async () => {
      other = await issueBooking({ db: gw.db, suppliers: instant }, { ctx, lang: 'en' }, h.id, { idempotencyKey: randomUUID(), pnrs: [h.pnr] });
    });
    const key = randomUUID();
    const err = await issueBooking({ db: gw.db, suppliers }, { ctx, lang: 'en' }, h.id, { idempotencyKey: key, pnrs: [h.pnr] }).catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 409, data: { reason: 'alreadyIssued' } });
    expect(other?.replayed).toBe(false);
    expect((await entriesOf(gw, h.pnr)).map((e) => e.type)).toEqual(['C']);
    const [request] = await gw.db.select().from(issueRequests).where(eq(issueRequests.idempotencyKey, key));
    expect(request.status).toBe('failed');
    const [saga] = await gw.db.select().from(sagas).where(eq(sagas.key, `issue:${key}`));
    expect(saga.status).toBe('compensated');
  });

  it("another PNR of the booking cancelled while the supplier issues: recorded by the transaction, the booking's status from the PNRs as they are", async () => {
    const run = await searchToEnd(gw, token, { journeyType: 'RT', legs: [{ from: 'HAN', to: 'SGN', departDate: inDays(43) }], returnDate: inDays(46), adt: 1 });
    const one = (source: string, direction: string) => {
      const o = run.offers.find((x) => x.source === source && x.direction === direction && x.routeInfo.length === 1 && x.priceInfo.some((p) => p.seatAvailable >= 2))!;
      return { offerId: o.id, class: o.priceInfo.find((p) => p.seatAvailable >= 2)!.class };
    };
    const res = await call(gw, 'POST', '/api/bookings', {
      token,
      body: { sessionId: run.started.sessionId, selected: [one('VN', 'depart'), one('VJ', 'return')], passengers: [adult(1)], contact },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<{ id: number }>();
    const codes = (await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, id)).orderBy(pnrs.id)).map((r) => r.pnr!);
    expect(codes).toHaveLength(2);
    const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
    const before = await balanceOf(gw.db, saoviet);
    // while the supplier issues the first PNR, the second is cancelled through the API
    const suppliers = withHook('issue', async () => {
      const cancel = await call(gw, 'POST', `/api/bookings/${id}/cancel`, { token, body: { pnrs: [codes[1]] } });
      expect(cancel.statusCode, cancel.body).toBe(200);
    });
    const key = randomUUID();
    const result = await issueBooking({ db: gw.db, suppliers }, { ctx, lang: 'en' }, id, { idempotencyKey: key, pnrs: [codes[0]] });
    expect(result.pnrs.map((p) => [p.pnr, p.status])).toEqual([[codes[0], 'ISSUE TICKET']]);
    expect(result.balanceAfter).toBe(before - result.amount);
    expect((await pnrRow(gw, codes[0])).recordStatus).toBe('ISSUE TICKET');
    expect((await pnrRow(gw, codes[1])).recordStatus).not.toBe('BOOKED');
    // one issued, the other cancelled: EXPORT (from the statuses read before the cancel it would have stayed HOLD)
    const [booking] = await gw.db.select().from(bookings).where(eq(bookings.id, id));
    expect(booking.status).toBe('EXPORT');
    expect((await entriesOf(gw, codes[0])).map((e) => e.type)).toEqual(['C']);
    const [request] = await gw.db.select().from(issueRequests).where(eq(issueRequests.idempotencyKey, key));
    expect(request).toMatchObject({ status: 'done' });
    expect(request.result).toMatchObject({ amount: result.amount, balanceAfter: result.balanceAfter });
    expect(await gw.db.select().from(auditLog).where(and(eq(auditLog.action, 'booking.issued'), eq(auditLog.target, String(id))))).toHaveLength(1);
  });

  it('the answer stored with the key is the answer given, balance after included (a replay answers it again)', async () => {
    const h = await hold(gw, token, { source: 'VJ', days: 44 });
    const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
    const body = { idempotencyKey: randomUUID(), pnrs: [h.pnr] };
    const first = await issueBooking({ db: gw.db, suppliers: instant }, { ctx, lang: 'en' }, h.id, body);
    const again = await issueBooking({ db: gw.db, suppliers: instant }, { ctx, lang: 'en' }, h.id, body);
    expect(again).toEqual({ ...first, replayed: true });
    expect(first.balanceAfter).toBe(await balanceOf(gw.db, saoviet));
  });

  it('a new key is written with the charge: pending, its saga at step charged with the entry, while the supplier issues', async () => {
    const h = await hold(gw, token, { source: 'VN', days: 45 });
    const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
    const key = randomUUID();
    let seen: { request?: typeof issueRequests.$inferSelect; saga?: typeof sagas.$inferSelect; pnr?: typeof pnrs.$inferSelect } = {};
    const suppliers = withHook('issue', async () => {
      const [request] = await gw.db.select().from(issueRequests).where(eq(issueRequests.idempotencyKey, key));
      const [saga] = await gw.db.select().from(sagas).where(eq(sagas.key, `issue:${key}`));
      seen = { request, saga, pnr: await pnrRow(gw, h.pnr) };
    });
    const result = await issueBooking({ db: gw.db, suppliers }, { ctx, lang: 'en' }, h.id, { idempotencyKey: key, pnrs: [h.pnr] });
    const [entry] = await entriesOf(gw, h.pnr);
    expect(seen.request).toMatchObject({ status: 'pending', bookingId: h.id, userId: ctx.user.id });
    expect(seen.saga).toMatchObject({ status: 'running', step: 'charged' });
    expect((seen.saga!.data as { pnrs: { pnr: string; entryId: number; amount: number }[] }).pnrs).toEqual([
      expect.objectContaining({ pnr: h.pnr, entryId: Number(entry.id), amount: result.amount }),
    ]);
    expect(seen.pnr).toMatchObject({ recordStatus: 'BOOKED', chargeEntryId: entry.id });
    const [request] = await gw.db.select().from(issueRequests).where(eq(issueRequests.idempotencyKey, key));
    expect(request.status).toBe('done');
  });

  it('a PNR that may not be issued writes nothing with the charge: the key is claimed alone and stores the refusal', async () => {
    const h = await hold(gw, token, { source: 'VJ', days: 46 });
    const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
    await gw.db.update(pnrs).set({ timeLimit: new Date(Date.now() - 60_000) }).where(eq(pnrs.pnr, h.pnr));
    const key = randomUUID();
    const err = await issueBooking({ db: gw.db, suppliers: instant }, { ctx, lang: 'en' }, h.id, { idempotencyKey: key, pnrs: [h.pnr] }).catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 409, data: { reason: 'holdExpired' } });
    expect(await entriesOf(gw, h.pnr)).toEqual([]);
    const [request] = await gw.db.select().from(issueRequests).where(eq(issueRequests.idempotencyKey, key));
    expect(request).toMatchObject({ status: 'failed', result: { code: 49, data: { reason: 'holdExpired' } } });
    const [saga] = await gw.db.select().from(sagas).where(eq(sagas.key, `issue:${key}`));
    expect(saga).toMatchObject({ status: 'compensated' });
  });

  it("the reads of issues asked in one turn share one statement, each in its own caller's scope", async () => {
    await createUser(gw.db, { username: 'batch.one', password: DEMO_PASSWORD, role: 'agent_f1', agency: 'SAOVIET', permissions: ['booking_ticket'] });
    await createUser(gw.db, { username: 'batch.two', password: DEMO_PASSWORD, role: 'agent_f1', agency: 'SAOVIET', permissions: ['booking_ticket'] });
    const one = (await loadUserByUsername(gw.db, 'batch.one'))!;
    const two = (await loadUserByUsername(gw.db, 'batch.two'))!;
    // both see only the bookings they made
    expect([bookingScopeKind(one), bookingScopeKind(two)]).toEqual(['own', 'own']);
    const mine = await hold(gw, (await login(gw, 'batch.one')).accessToken, { source: 'VN', days: 47 });
    const theirs = await hold(gw, (await login(gw, 'batch.two')).accessToken, { source: 'VJ', days: 47 });
    const deps = { db: gw.db, suppliers: instant };
    const issue = (ctx: typeof one, h: typeof mine) =>
      issueBooking(deps, { ctx, lang: 'en' }, h.id, { idempotencyKey: randomUUID(), pnrs: [h.pnr] }).then(
        (r) => ({ ok: r.pnrs.map((p) => p.pnr) }),
        (e: unknown) => ({ err: (e as { data?: unknown }).data }),
      );
    const names: string[] = [];
    const pool = pgliteOf(gw.db) ? null : (gw.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const query = pool?.query;
    if (pool && query) {
      pool.query = function counted(this: unknown, config: unknown, ...rest: unknown[]) {
        const name = (config as { name?: string } | null)?.name ?? '';
        if (name.startsWith('booking_with_pnrs_')) names.push(name);
        return query.call(this, config, ...rest);
      };
    }
    try {
      // asked in one turn: each one's own booking issued, the other's not found (404), as one by one
      const answers = await Promise.all([issue(one, mine), issue(two, mine), issue(two, theirs), issue(one, theirs)]);
      expect(answers).toEqual([{ ok: [mine.pnr] }, { err: { reason: 'booking' } }, { ok: [theirs.pnr] }, { err: { reason: 'booking' } }]);
    } finally {
      if (pool && query) pool.query = query;
    }
    // the four reads in one statement of four (PostgreSQL, where the statements are counted here)
    if (pool) expect(names).toEqual(['booking_with_pnrs_own_4']);
    expect((await pnrRow(gw, mine.pnr)).recordStatus).toBe('ISSUE TICKET');
    expect((await pnrRow(gw, theirs.pnr)).recordStatus).toBe('ISSUE TICKET');
  });
});
