/**
 * The issue's charge and its recording are one statement each (bookings/lifecycle.ts chargeIssue and
 * recordTicketsAtOnce), written only when the PNRs are still as the issue read them. These tests change a PNR
 * between the read and the statement (from inside the supplier calls that come in between) and check that the
 * statement then writes nothing and the issue still ends right: charged once, recorded once, the booking's
 * status from the PNRs as they are. The records of one event-loop turn share one statement (recordInTurn).
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
import { balanceOf, postEntry } from '../../gateway/platform/ledger';
import { agencies, auditLog, bookings, issueRequests, pnrs, sagas } from '../../gateway/platform/db/schema';
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

  describe('the records and the charges of one turn in one statement', () => {
    /**
     * The instant suppliers whose issue calls (or re-pricing quotes) wait until `n` have come, then answer together:
     * the records (or the charges) that follow them then ask in one turn. Later calls (a long way's second quote)
     * go at once.
     */
    function together(n: number, meanwhile: () => Promise<void> = async () => {}, at: 'issue' | 'quote' = 'issue'): SupplierRegistry {
      const waiting: (() => void)[] = [];
      let released = false;
      const arrive = () =>
        new Promise<void>((resolve) => {
          if (released) return resolve();
          waiting.push(resolve);
          if (waiting.length < n) return;
          released = true;
          const all = waiting;
          void meanwhile().then(() => {
            for (const go of all) go();
          });
        });
      const gated = <T extends object>(of: T, method: string | null): T =>
        new Proxy(of, {
          get(t, p, r) {
            const value = Reflect.get(t, p, r) as unknown;
            if (typeof value !== 'function') return value;
            return async (...args: unknown[]) => {
              if (method === null || p === method) await arrive();
              return (value as (...a: unknown[]) => unknown).apply(t, args);
            };
          },
        });
      return new Proxy(instant, {
        get(target, prop, receiver) {
          if (at === 'issue' && prop === 'flight') return (s: Source) => gated(target.flight(s), 'issue');
          // the re-pricing quote: the last supplier call before the charge
          if (at === 'quote' && prop === 'flightQuotes') return (s: Source) => gated(target.flightQuotes(s), null);
          return Reflect.get(target, prop, receiver) as unknown;
        },
      });
    }

    /**
     * The record (or charge) statements sent while `run` runs: their names on PostgreSQL; on PGlite (no names) the
     * shared ones each as `pglite`. `fail` makes the shared statement fail.
     */
    async function watched<T>(run: () => Promise<T>, fail = false, of: 'record' | 'charge' = 'record'): Promise<{ out: T; names: string[] }> {
      const names: string[] = [];
      const shared = (text: string) => text.includes(of === 'record' ? 'as v(ord, id, entry,' : 'as v(ord, agency, amount,');
      const prefix = of === 'record' ? 'issue_record' : 'issue_c';
      const pool = pgliteOf(gw.db) ? null : (gw.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
      const db = gw.db as unknown as { execute: (q: unknown) => unknown; dialect: { sqlToQuery: (q: unknown) => { sql: string } } };
      const query = pool?.query;
      const execute = db.execute;
      if (pool && query) {
        pool.query = function counted(this: unknown, config: unknown, ...rest: unknown[]) {
          const c = config as { name?: string; text?: string } | null;
          if (c?.name?.startsWith(prefix)) names.push(c.name.replace(/_[0-9a-f]{12}$/, ''));
          if (fail && c?.text && shared(c.text)) return Promise.reject(new Error('the shared statement failed'));
          return query.call(this, config, ...rest);
        };
      } else {
        db.execute = function counted(this: unknown, q: unknown) {
          if (shared(db.dialect.sqlToQuery(q).sql)) {
            names.push('pglite');
            if (fail) return Promise.reject(new Error('the shared statement failed'));
          }
          return execute.call(this, q);
        };
      }
      try {
        return { out: await run(), names };
      } finally {
        if (pool && query) pool.query = query;
        db.execute = execute;
      }
    }

    it('three issues answered together: one statement records all three, each with its own key, saga, audit and balance', async () => {
      const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
      const held = [await hold(gw, token, { source: 'VN', days: 48 }), await hold(gw, token, { source: 'VJ', days: 48 }), await hold(gw, token, { source: 'QH', days: 48 })];
      const keys = held.map(() => randomUUID());
      const suppliers = together(3);
      const { out, names } = await watched(() =>
        Promise.all(held.map((h, i) => issueBooking({ db: gw.db, suppliers }, { ctx, lang: 'en' }, h.id, { idempotencyKey: keys[i], pnrs: [h.pnr] }))),
      );
      expect(names).toEqual(pgliteOf(gw.db) ? ['pglite'] : ['issue_record_turn_3']);
      const balance = await balanceOf(gw.db, saoviet);
      // the three charges came before the records: each answer's balance is the one after all three
      expect(out.map((r) => r.balanceAfter)).toEqual([balance, balance, balance]);
      for (const [i, h] of held.entries()) {
        expect(out[i]).toMatchObject({ bookingId: h.id, replayed: false, pnrs: [{ pnr: h.pnr, status: 'ISSUE TICKET' }] });
        const [entry] = await entriesOf(gw, h.pnr);
        expect(await pnrRow(gw, h.pnr)).toMatchObject({ recordStatus: 'ISSUE TICKET', chargeEntryId: entry.id, totalPrice: out[i].amount, issuedBy: ctx.user.id });
        expect((await pnrRow(gw, h.pnr)).tickets).toEqual(out[i].pnrs[0].tickets);
        const [booking] = await gw.db.select().from(bookings).where(eq(bookings.id, h.id));
        expect(booking.status).toBe('EXPORT');
        const [request] = await gw.db.select().from(issueRequests).where(eq(issueRequests.idempotencyKey, keys[i]));
        expect(request).toMatchObject({ status: 'done', bookingId: h.id });
        expect(request.result).toEqual(out[i]);
        const [saga] = await gw.db.select().from(sagas).where(eq(sagas.key, `issue:${keys[i]}`));
        expect(saga).toMatchObject({ status: 'done', step: 'done' });
        const audits = await gw.db.select().from(auditLog).where(and(eq(auditLog.action, 'booking.issued'), eq(auditLog.target, String(h.id))));
        expect(audits).toHaveLength(1);
        expect(audits[0].detail).toMatchObject({ bookingId: h.id, status: 'EXPORT', amount: out[i].amount, pnrs: [{ pnr: h.pnr, entryId: Number(entry.id) }] });
      }
    });

    it('one PNR changed while the supplier answered: the other recorded by the shared statement, that one refused with nothing recorded', async () => {
      const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
      const held = [await hold(gw, token, { source: 'VN', days: 49 }), await hold(gw, token, { source: 'VJ', days: 49 })];
      const keys = held.map(() => randomUUID());
      const suppliers = together(2, async () => {
        await gw.db.update(pnrs).set({ recordStatus: 'CANCELLED' }).where(eq(pnrs.pnr, held[1].pnr));
      });
      const { out, names } = await watched(() =>
        Promise.all(
          held.map((h, i) =>
            issueBooking({ db: gw.db, suppliers }, { ctx, lang: 'en' }, h.id, { idempotencyKey: keys[i], pnrs: [h.pnr] }).then(
              (r) => ({ ok: r.pnrs.map((p) => p.status) }),
              (e: unknown) => ({ err: (e as { data?: unknown }).data }),
            ),
          ),
        ),
      );
      expect(out).toEqual([{ ok: ['ISSUE TICKET'] }, { err: expect.objectContaining({ reason: 'holdExpired', pnr: held[1].pnr }) }]);
      expect(names).toEqual(pgliteOf(gw.db) ? ['pglite'] : ['issue_record_turn_2']);
      expect((await pnrRow(gw, held[0].pnr)).recordStatus).toBe('ISSUE TICKET');
      expect((await entriesOf(gw, held[0].pnr)).map((e) => e.type)).toEqual(['C']);
      // the refused one: nothing recorded, its key failed with the refusal
      expect((await pnrRow(gw, held[1].pnr)).recordStatus).toBe('CANCELLED');
      const [request] = await gw.db.select().from(issueRequests).where(eq(issueRequests.idempotencyKey, keys[1]));
      expect(request).toMatchObject({ status: 'failed', result: { data: { reason: 'holdExpired' } } });
      expect(await gw.db.select().from(auditLog).where(and(eq(auditLog.action, 'booking.issued'), eq(auditLog.target, String(held[1].id))))).toHaveLength(0);
    });

    it('the shared statement failing: each issue recorded by its own statement, none failed, each charged once', async () => {
      const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
      const held = [await hold(gw, token, { source: 'VN', days: 50 }), await hold(gw, token, { source: 'VJ', days: 50 })];
      const suppliers = together(2);
      const before = await balanceOf(gw.db, saoviet);
      const { out, names } = await watched(
        () => Promise.all(held.map((h) => issueBooking({ db: gw.db, suppliers }, { ctx, lang: 'en' }, h.id, { idempotencyKey: randomUUID(), pnrs: [h.pnr] }))),
        true,
      );
      // the shared statement tried once, then each record alone (recordTicketsAtOnce's statement)
      expect(names).toEqual(pgliteOf(gw.db) ? ['pglite'] : ['issue_record_turn_2', 'issue_record', 'issue_record']);
      expect(out.map((r) => r.pnrs[0].status)).toEqual(['ISSUE TICKET', 'ISSUE TICKET']);
      for (const h of held) {
        expect((await pnrRow(gw, h.pnr)).recordStatus).toBe('ISSUE TICKET');
        expect((await entriesOf(gw, h.pnr)).map((e) => e.type)).toEqual(['C']);
      }
      expect(await balanceOf(gw.db, saoviet)).toBe(before - out[0].amount - out[1].amount);
    });

    describe('the charges of one turn, each of another agency', () => {
      let hn: number;
      let f2token: string;
      beforeAll(async () => {
        f2token = (await login(gw, 'f2admin')).accessToken;
        hn = (await loadUserByUsername(gw.db, 'f2admin'))!.agency.id;
      });
      const issueAs = (ctx: NonNullable<Awaited<ReturnType<typeof loadUserByUsername>>>, h: { id: number; pnr: string }, suppliers: SupplierRegistry, key = randomUUID()) =>
        issueBooking({ db: gw.db, suppliers }, { ctx, lang: 'en' }, h.id, { idempotencyKey: key, pnrs: [h.pnr] }).then(
          (r) => ({ ok: r.amount }),
          (e: unknown) => ({ err: (e as { data?: unknown }).data }),
        );

      it('two agencies and a second issue of one of them: the two agencies in one statement, the second alone; each charged once', async () => {
        const f1 = (await loadUserByUsername(gw.db, 'f1admin'))!;
        const f2 = (await loadUserByUsername(gw.db, 'f2admin'))!;
        const a = await hold(gw, token, { source: 'VN', days: 51 });
        const b = await hold(gw, f2token, { source: 'VJ', days: 51 });
        const c = await hold(gw, token, { source: 'QH', days: 51 });
        const before = { sv: await balanceOf(gw.db, saoviet), hn: await balanceOf(gw.db, hn) };
        const keys = [randomUUID(), randomUUID(), randomUUID()];
        const suppliers = together(3, async () => {}, 'quote');
        const { out, names } = await watched(
          () => Promise.all([issueAs(f1, a, suppliers, keys[0]), issueAs(f2, b, suppliers, keys[1]), issueAs(f1, c, suppliers, keys[2])]),
          false,
          'charge',
        );
        expect(out.every((o) => 'ok' in o)).toBe(true);
        const amounts = out.map((o) => (o as { ok: number }).ok);
        expect(names.sort()).toEqual(pgliteOf(gw.db) ? ['pglite'] : ['issue_charge_turn_2', 'issue_claim_charge']);
        expect(await balanceOf(gw.db, saoviet)).toBe(before.sv - amounts[0] - amounts[2]);
        expect(await balanceOf(gw.db, hn)).toBe(before.hn - amounts[1]);
        for (const [i, h] of [a, b, c].entries()) {
          const entries = await entriesOf(gw, h.pnr);
          expect(entries.map((e) => [e.type, Number(e.amount), e.agencyId, e.bookingRef])).toEqual([['C', amounts[i], i === 1 ? hn : saoviet, String(h.id)]]);
          expect(await pnrRow(gw, h.pnr)).toMatchObject({ recordStatus: 'ISSUE TICKET', chargeEntryId: entries[0].id });
          const [request] = await gw.db.select().from(issueRequests).where(eq(issueRequests.idempotencyKey, keys[i]));
          expect(request).toMatchObject({ status: 'done', bookingId: h.id, userId: (i === 1 ? f2 : f1).user.id });
          const [saga] = await gw.db.select().from(sagas).where(eq(sagas.key, `issue:${keys[i]}`));
          expect(saga).toMatchObject({ status: 'done', step: 'done' });
          expect((saga.data as { pnrs: unknown[] }).pnrs).toEqual([expect.objectContaining({ pnr: h.pnr, entryId: Number(entries[0].id), amount: amounts[i] })]);
          const posted = await gw.db.select().from(auditLog).where(and(eq(auditLog.action, 'ledger.entry_posted'), eq(auditLog.target, String(entries[0].id))));
          expect(posted).toHaveLength(1);
          expect(posted[0].detail).toMatchObject({ type: 'C', amount: amounts[i], pnr: h.pnr });
        }
      });

      it('a PNR changed before the shared charge: the other agency charged by it, that one by the long way, each once', async () => {
        const f1 = (await loadUserByUsername(gw.db, 'f1admin'))!;
        const f2 = (await loadUserByUsername(gw.db, 'f2admin'))!;
        const a = await hold(gw, token, { source: 'VN', days: 52 });
        const b = await hold(gw, f2token, { source: 'VJ', days: 52 });
        const later = new Date(Date.now() + 2 * 3_600_000);
        const suppliers = together(2, async () => {
          await gw.db.update(pnrs).set({ timeLimit: later }).where(eq(pnrs.pnr, a.pnr));
        }, 'quote');
        const { out, names } = await watched(() => Promise.all([issueAs(f1, a, suppliers), issueAs(f2, b, suppliers)]), false, 'charge');
        expect(out.every((o) => 'ok' in o)).toBe(true);
        // the shared statement charged b only; a's gate failed there, and the long way charged a (its first statement
        // with the time limit as read, refused by its gate, then again with the PNR read anew)
        expect(names).toEqual(pgliteOf(gw.db) ? ['pglite'] : ['issue_charge_turn_2', 'issue_charge', 'issue_charge']);
        for (const h of [a, b]) {
          expect((await entriesOf(gw, h.pnr)).map((e) => e.type)).toEqual(['C']);
          expect((await pnrRow(gw, h.pnr)).recordStatus).toBe('ISSUE TICKET');
        }
        expect((await pnrRow(gw, a.pnr)).timeLimit).toEqual(later);
      });

      it('the shared statement failing: each charge tried alone, each charged once', async () => {
        const f1 = (await loadUserByUsername(gw.db, 'f1admin'))!;
        const f2 = (await loadUserByUsername(gw.db, 'f2admin'))!;
        const a = await hold(gw, token, { source: 'VN', days: 53 });
        const b = await hold(gw, f2token, { source: 'VJ', days: 53 });
        const before = { sv: await balanceOf(gw.db, saoviet), hn: await balanceOf(gw.db, hn) };
        const suppliers = together(2, async () => {}, 'quote');
        const { out, names } = await watched(() => Promise.all([issueAs(f1, a, suppliers), issueAs(f2, b, suppliers)]), true, 'charge');
        expect(out.every((o) => 'ok' in o)).toBe(true);
        expect(names).toEqual(pgliteOf(gw.db) ? ['pglite'] : ['issue_charge_turn_2', 'issue_claim_charge', 'issue_claim_charge']);
        expect(await balanceOf(gw.db, saoviet)).toBe(before.sv - (out[0] as { ok: number }).ok);
        expect(await balanceOf(gw.db, hn)).toBe(before.hn - (out[1] as { ok: number }).ok);
        for (const h of [a, b]) expect((await entriesOf(gw, h.pnr)).map((e) => e.type)).toEqual(['C']);
      });

      it("a call's own error is its own: the second issue of an agency failing alone leaves the shared statement's charges done", async () => {
        const f1 = (await loadUserByUsername(gw.db, 'f1admin'))!;
        const f2 = (await loadUserByUsername(gw.db, 'f2admin'))!;
        const a = await hold(gw, token, { source: 'VN', days: 55 });
        const b = await hold(gw, f2token, { source: 'VJ', days: 55 });
        const c = await hold(gw, token, { source: 'QH', days: 55 });
        const suppliers = together(3, async () => {}, 'quote');
        // claimAndCharge's own statement (the round of one: c) fails; the shared one (a and b) goes through
        const alone = (text: string) => text.includes('claimed as (') && !text.includes('as v(ord');
        const pool = pgliteOf(gw.db) ? null : (gw.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
        const db = gw.db as unknown as { execute: (q: unknown) => unknown; dialect: { sqlToQuery: (q: unknown) => { sql: string } } };
        const query = pool?.query;
        const execute = db.execute;
        let failed = 0;
        if (pool && query) {
          pool.query = function failing(this: unknown, config: unknown, ...rest: unknown[]) {
            const text = (config as { text?: string } | null)?.text;
            if (text && alone(text)) return Promise.reject(new Error(`the statement alone failed (${++failed})`));
            return query.call(this, config, ...rest);
          };
        } else {
          db.execute = function failing(this: unknown, q: unknown) {
            if (alone(db.dialect.sqlToQuery(q).sql)) return Promise.reject(new Error(`the statement alone failed (${++failed})`));
            return execute.call(this, q);
          };
        }
        let out: Awaited<ReturnType<typeof issueAs>>[];
        try {
          out = await Promise.all([issueAs(f1, a, suppliers), issueAs(f2, b, suppliers), issueAs(f1, c, suppliers)]);
        } finally {
          if (pool && query) pool.query = query;
          db.execute = execute;
        }
        expect(failed).toBe(1);
        expect(out[0]).toHaveProperty('ok');
        expect(out[1]).toHaveProperty('ok');
        expect(out[2]).toHaveProperty('err');
        for (const h of [a, b]) {
          expect((await entriesOf(gw, h.pnr)).map((e) => e.type)).toEqual(['C']);
          expect((await pnrRow(gw, h.pnr)).recordStatus).toBe('ISSUE TICKET');
        }
        // c: its statement wrote nothing
        expect(await entriesOf(gw, c.pnr)).toEqual([]);
        expect((await pnrRow(gw, c.pnr)).recordStatus).toBe('BOOKED');
      });

      it("one agency's deposit short: the other charged by the shared statement, the short one refused 409/70 with nothing charged", async () => {
        const f1 = (await loadUserByUsername(gw.db, 'f1admin'))!;
        const f2 = (await loadUserByUsername(gw.db, 'f2admin'))!;
        const a = await hold(gw, token, { source: 'VN', days: 54 });
        const b = await hold(gw, f2token, { source: 'VJ', days: 54 });
        // SAOVIET-HN's deposit drained to 1,000 VND (and given back after)
        const drained = (await balanceOf(gw.db, hn)) - 1_000;
        const [{ creditLimit }] = await gw.db.select({ creditLimit: agencies.creditLimit }).from(agencies).where(eq(agencies.id, hn));
        await gw.db.update(agencies).set({ creditLimit: 0 }).where(eq(agencies.id, hn));
        await gw.db.transaction((tx) => postEntry(tx, { type: 'S', agencyId: hn, amount: drained, reference: 'test: drained' }));
        try {
          const before = await balanceOf(gw.db, saoviet);
          const suppliers = together(2, async () => {}, 'quote');
          const { out, names } = await watched(() => Promise.all([issueAs(f1, a, suppliers), issueAs(f2, b, suppliers)]), false, 'charge');
          expect(out[0]).toHaveProperty('ok');
          expect(out[1]).toEqual({ err: expect.objectContaining({ available: 1_000 }) });
          // the long way's own charge statement answers the refusal (and records it with the key)
          expect(names).toEqual(pgliteOf(gw.db) ? ['pglite'] : ['issue_charge_turn_2', 'issue_charge']);
          expect(await balanceOf(gw.db, saoviet)).toBe(before - (out[0] as { ok: number }).ok);
          expect(await balanceOf(gw.db, hn)).toBe(1_000);
          expect(await entriesOf(gw, b.pnr)).toEqual([]);
          expect((await pnrRow(gw, b.pnr)).recordStatus).toBe('BOOKED');
        } finally {
          await gw.db.transaction((tx) => postEntry(tx, { type: 'T', agencyId: hn, amount: drained, reference: 'test: given back' }));
          await gw.db.update(agencies).set({ creditLimit }).where(eq(agencies.id, hn));
        }
      });
    });
  });
});
