/**
 * Property: any sequence of top-ups, holds, issues, voids, cancels and refunds (driven through the service
 * functions) keeps the deposit balance equal to the sum of its entries' postings, never below zero, every
 * entry balanced, and each booking's net charge equal to what its PNRs' states say it should cost.
 *
 * One database for the whole property (PGlite by default); between runs the seat inventory is emptied so the
 * few flights of the pool never sell out. The ledger itself cannot be cleaned (entries are immutable): each run
 * checks the change of the balance against its own model, and the whole journal against the postings.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCES, type FlightOffer } from '../../contract/flights';
import { balanceOf, postEntry, unbalancedEntries } from '../../gateway/platform/ledger';
import { loadUserByUsername, type UserContext } from '../../gateway/platform/tenancy/users';
import { cancelHolds, issueBooking, netChargedOf, refundTickets, voidTickets, type LifecycleDeps } from '../../gateway/bookings/lifecycle';
import { createBooking } from '../../gateway/bookings/service';
import { journalEntries, pnrs, refunds, seatInventory } from '../../gateway/platform/db/schema';
import { ApiError } from '../../gateway/platform/http/errors';
import { createSupplierRegistry, type FlightSupplier } from '../../gateway/suppliers';
import { inDays } from './flights-helpers';
import { startGateway, type Gateway } from './helpers';
import { adult, child, contact, infant } from './lifecycle-helpers';

const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 1000);

let gw: Gateway;
let deps: LifecycleDeps;
let ctx: UserContext;
let agencyId: number;
const ZERO = { defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 } };
const instant = createSupplierRegistry(ZERO);
/** The same supply with its quotes' (deterministic) search answers memoised: holds price their flight once. */
const memoised = createSupplierRegistry(ZERO, {
  flights: Object.fromEntries(SOURCES.map((source) => [source, instant.flight(source)])),
  flightQuotes: Object.fromEntries(
    SOURCES.map((source) => {
      const supplier = instant.flightQuotes(source);
      const answers = new Map<string, Promise<FlightOffer[]>>();
      const search: FlightSupplier['search'] = (request, context) => {
        const key = JSON.stringify(request);
        if (!answers.has(key)) answers.set(key, supplier.search(request, context));
        return answers.get(key)!;
      };
      return [source, Object.assign(Object.create(supplier) as FlightSupplier, { search })];
    }),
  ),
});
const pool: { offer: FlightOffer; cls: string }[] = [];

type Cmd =
  | { k: 'topup'; amount: number }
  | { k: 'hold'; offer: number; pax: number }
  | { k: 'issue'; b: number }
  | { k: 'void'; b: number }
  | { k: 'cancel'; b: number }
  | { k: 'closeVoid'; b: number }
  | { k: 'refund'; b: number; mask: number };

const holdCmd = fc.record({ k: fc.constant('hold' as const), offer: fc.nat(), pax: fc.integer({ min: 1, max: 3 }) });
/** Weighted so that issues, closed void windows and refunds are common enough to meet each other. */
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  { arbitrary: fc.record({ k: fc.constant('topup' as const), amount: fc.integer({ min: 1, max: 60 }).map((n) => n * 100_000) }), weight: 2 },
  { arbitrary: holdCmd, weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('issue' as const), b: fc.nat() }), weight: 3 },
  { arbitrary: fc.record({ k: fc.constant('void' as const), b: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('cancel' as const), b: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('closeVoid' as const), b: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('refund' as const), b: fc.nat(), mask: fc.integer({ min: 1, max: 7 }) }), weight: 3 },
);
/** A sequence starts with a hold (the other commands act on the run's bookings). */
const sequence: fc.Arbitrary<Cmd[]> = fc.tuple(holdCmd, fc.array(cmd, { minLength: 0, maxLength: 6 })).map(([h, rest]) => [h, ...rest]);

/** Errors a command may legitimately end with: a refused state (49), no money (70), a PNR not of the booking (44). */
const EXPECTED = new Set([49, 70, 44]);

async function attempt<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ApiError && EXPECTED.has(err.code)) return null;
    throw err;
  }
}

/** Σ signed amounts of the agency's entries, read from the journal (not from the postings). */
async function journalSum(): Promise<number> {
  const [row] = await gw.db
    .select({ s: sql<string>`coalesce(sum(case when ${journalEntries.type} in ('T', 'V', 'R') then ${journalEntries.amount} else -${journalEntries.amount} end), 0)` })
    .from(journalEntries)
    .where(eq(journalEntries.agencyId, agencyId));
  return Number(row.s);
}

/** What the booking should have cost: issued PNRs their price, minus what refunds gave back; voided ones nothing. */
async function expectedNet(bookingId: number): Promise<number> {
  const rows = await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, bookingId));
  let net = 0;
  for (const r of rows) {
    if (r.issuedAt === null || r.chargeEntryId === null) continue;
    const back = await gw.db.select({ amount: refunds.amount }).from(refunds).where(eq(refunds.pnrId, r.id));
    const voided = r.recordStatus === 'VOIDED OR CANCEL' && back.length === 0;
    if (!voided) net += r.totalPrice - back.reduce((s, x) => s + Number(x.amount), 0);
  }
  return net;
}

async function pnrsOf(bookingId: number) {
  return gw.db.select().from(pnrs).where(eq(pnrs.bookingId, bookingId));
}

beforeAll(async () => {
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
  deps = { db: gw.db, suppliers: memoised };
  const fn = (await loadUserByUsername(gw.db, 'fnadmin'))!;
  // the child agency's administrator, given the ticketing permissions (service calls: no PIN)
  ctx = { ...fn, permissions: [...fn.permissions, 'BOOKING_TICKET', 'EXPORT_TICKET', 'VOID_VNA', 'REFUND_TICKET'] };
  agencyId = fn.agency.id;
  for (const [source, from, to] of [['VN', 'HAN', 'SGN'], ['VJ', 'SGN', 'DAD'], ['QH', 'HAN', 'DAD']] as const) {
    for (const day of [50, 51]) {
      const offers = await instant.flight(source).search({ from, to, departDate: inDays(day), pax: { adt: 1, chd: 0, inf: 0 } });
      for (const offer of offers.filter((o) => o.routeInfo.length === 1).slice(0, 4)) {
        const refundable = offer.priceInfo.find((p) => p.seatAvailable >= 4 && p.fareInfo.refundable);
        const not = offer.priceInfo.find((p) => p.seatAvailable >= 4 && !p.fareInfo.refundable);
        for (const p of [refundable, not]) if (p) pool.push({ offer, cls: p.class });
      }
    }
  }
  expect(pool.length).toBeGreaterThan(10);
}, 120_000);

afterAll(async () => {
  await gw?.close();
});

describe('ledger property', () => {
  it(`${RUNS} random sequences of top-up / hold / issue / void / cancel / refund keep every balance true and never negative`, async () => {
    const started = performance.now();
    let ops = 0;
    const timing = new Map<string, [number, number]>();
    await fc.assert(
      fc.asyncProperty(sequence, async (cmds) => {
        const start = await balanceOf(gw.db, agencyId);
        let model = start;
        const held: number[] = [];
        const at = (b: number) => held[b % held.length];
        for (const c of cmds) {
          ops += 1;
          const t0 = performance.now();
          if (c.k === 'topup') {
            await gw.db.transaction((tx) => postEntry(tx, { type: 'T', agencyId, amount: c.amount, reference: 'property top-up' }));
            model += c.amount;
          } else if (c.k === 'hold') {
            const { offer, cls } = pool[c.offer % pool.length];
            const passengers = [adult(1), child(2), infant(3, 1)].slice(0, c.pax);
            const id = await attempt(() => createBooking({ db: gw.db, suppliers: memoised }, ctx, [offer], { sessionId: 'property', selected: [{ offerId: offer.id, class: cls }], passengers, contact } as never, 'en'));
            if (id !== null) held.push(id);
          } else if (held.length === 0) {
            continue;
          } else if (c.k === 'issue') {
            const id = at(c.b);
            const codes = (await pnrsOf(id)).map((r) => r.pnr!).filter(Boolean);
            const r = await attempt(() => issueBooking(deps, { ctx, lang: 'en' }, id, { idempotencyKey: randomUUID(), pnrs: codes }));
            if (r) model -= r.amount;
          } else if (c.k === 'void') {
            const id = at(c.b);
            const codes = (await pnrsOf(id)).map((r) => r.pnr!).filter(Boolean);
            const r = await attempt(() => voidTickets(deps, { ctx, lang: 'en' }, id, codes));
            if (r) model += r.amount;
          } else if (c.k === 'cancel') {
            const id = at(c.b);
            const codes = (await pnrsOf(id)).map((r) => r.pnr!).filter(Boolean);
            const r = await attempt(() => cancelHolds(deps, { ctx, lang: 'en' }, id, codes));
            if (r) expect(r.amount).toBe(0);
          } else if (c.k === 'closeVoid') {
            await gw.db.update(pnrs).set({ voidUntil: new Date(Date.now() - 1000) }).where(eq(pnrs.bookingId, at(c.b)));
          } else {
            const id = at(c.b);
            const [row] = await pnrsOf(id);
            const paxIds = [1, 2, 3].filter((p, i) => (c.mask >> i) & 1 && row.tickets.some((t) => t.paxId === p));
            if (!row.pnr || paxIds.length === 0) continue;
            const r = await attempt(() => refundTickets(deps, { ctx, lang: 'en' }, id, { idempotencyKey: randomUUID(), pnr: row.pnr!, paxIds }));
            if (r) model += r.amount;
          }
          const spent = timing.get(c.k) ?? [0, 0];
          timing.set(c.k, [spent[0] + 1, spent[1] + performance.now() - t0]);
          const balance = await balanceOf(gw.db, agencyId);
          expect(balance).toBe(model);
          expect(balance).toBeGreaterThanOrEqual(0);
        }
        const tc = performance.now();
        expect(await journalSum()).toBe(await balanceOf(gw.db, agencyId));
        for (const id of held) expect(await netChargedOf(gw.db, id)).toBe(await expectedNet(id));

        // between runs: the seats sold by this run are given back so the pool of flights never sells out (the
        // bookings left keep their state; later runs only look at their own)
        await gw.db.delete(seatInventory);
        expect(await journalSum()).toBe(await balanceOf(gw.db, agencyId));
        const spent = timing.get('checks+cleanup') ?? [0, 0];
        timing.set('checks+cleanup', [spent[0] + 1, spent[1] + performance.now() - tc]);
      }),
      { numRuns: RUNS },
    );
    expect(await unbalancedEntries(gw.db)).toEqual([]);
    const seconds = (performance.now() - started) / 1000;
    const perKind = [...timing].map(([k, [n, ms]]) => `${k} ${n}× ${(ms / n).toFixed(1)} ms`).join(', ');
    console.info(`ledger property: ${RUNS} runs, ${ops} operations in ${seconds.toFixed(1)} s (${perKind})`);
  }, 600_000);
});
