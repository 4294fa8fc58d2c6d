/**
 * The ledger property against two gateway instances (issue 19): random sequences of issues, voids, cancels,
 * refunds and top-ups over HTTP, the client alternating between two gateway processes on one PostgreSQL
 * database, some commands sent to both instances at the same moment (two issues of one booking with different
 * keys, two voids, an issue racing a cancel). After every command the deposit balance equals the model and is
 * never negative, every answer is 200 or a 4xx refusal (never a 5xx); after every run the journal sums to the
 * balance and each booking's net charge is what its PNR's state says it should cost.
 *
 * Runs: LEDGER_PROPERTY_2I_RUNS (default 12 sequences of up to 8 commands over 16 holds).
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { netChargedOf } from '../../gateway/bookings/lifecycle';
import { agencies, journalEntries, pnrs, refunds } from '../../gateway/platform/db/schema';
import { balanceOf, postEntry, unbalancedEntries } from '../../gateway/platform/ledger';
import type { RunningGateway } from '../support/gateway-process';
import { Client, describePg, freshDatabase, gatewayOn, holdMany, type Answer, type Held, type PgTarget } from './harness';

const RUNS = Number(process.env.LEDGER_PROPERTY_2I_RUNS ?? 12);
const HOLDS = 16;

let target: PgTarget | undefined;
const running: RunningGateway[] = [];
afterAll(async () => {
  for (const g of running) await g.stop().catch(() => undefined);
  await target?.drop();
});

type Cmd =
  | { k: 'issue' | 'void' | 'cancel' | 'refund' | 'issueRace' | 'voidRace' | 'issueCancelRace' | 'closeVoid'; b: number }
  | { k: 'topup'; amount: number };

const onBooking = (k: Cmd['k']) => fc.record({ k: fc.constant(k), b: fc.nat() }) as fc.Arbitrary<Cmd>;
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  { arbitrary: onBooking('issue'), weight: 4 },
  { arbitrary: onBooking('issueRace'), weight: 3 },
  { arbitrary: onBooking('void'), weight: 2 },
  { arbitrary: onBooking('voidRace'), weight: 2 },
  { arbitrary: onBooking('cancel'), weight: 1 },
  { arbitrary: onBooking('issueCancelRace'), weight: 2 },
  { arbitrary: onBooking('closeVoid'), weight: 1 },
  { arbitrary: onBooking('refund'), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('topup' as const), amount: fc.integer({ min: 1, max: 5_000_000 }) }), weight: 1 },
);

describePg('ledger property on two gateway instances (PostgreSQL, child processes)', () => {
  it(`${RUNS} random sequences, requests alternating and racing between two instances: every balance true, never negative, never a 5xx`, { timeout: 600_000 }, async () => {
    target = await freshDatabase();
    const db = target.database.db;
    const [a, b] = await Promise.all([gatewayOn(target.url, { SUPPLIER_LATENCY_MS: '0', SUPPLIER_VOID_CUTOFF: '23:59' }), gatewayOn(target.url, { SUPPLIER_LATENCY_MS: '0', SUPPLIER_VOID_CUTOFF: '23:59' })]);
    running.push(a, b);
    const client = new Client(() => [a.url, b.url]);
    await client.login('f1admin');
    const [saoviet] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.code, 'SAOVIET'));
    const agencyId = saoviet.id;
    await db.transaction((tx) => postEntry(tx, { type: 'T', agencyId, amount: 2_000_000_000, reference: 'ledger property top-up' }));
    const held: Held[] = await holdMany(client, HOLDS, 30);
    expect(held).toHaveLength(HOLDS);

    const fiveXx: string[] = [];
    /** The money an answer moved, signed as the balance sees it; 0 for a refusal (which must be a 4xx). */
    const moved = (what: string, r: Answer, sign: 1 | -1): number => {
      if (r.status >= 500) fiveXx.push(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
      if (r.status !== 200) {
        expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
        return 0;
      }
      return r.body.replayed ? 0 : sign * r.body.amount;
    };
    const issue = (h: Held, base?: string) => client.post(`/api/bookings/${h.id}/issue`, { idempotencyKey: randomUUID(), pnrs: [h.pnr] }, base);
    const voidIt = (h: Held, base?: string) => client.post(`/api/bookings/${h.id}/void`, { pnrs: [h.pnr] }, base);
    const cancel = (h: Held, base?: string) => client.post(`/api/bookings/${h.id}/cancel`, { pnrs: [h.pnr] }, base);

    let ops = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 1, maxLength: 8 }), async (cmds) => {
        let model = await balanceOf(db, agencyId);
        const touched = new Set<number>();
        for (const c of cmds) {
          ops += 1;
          if (c.k === 'topup') {
            await db.transaction((tx) => postEntry(tx, { type: 'T', agencyId, amount: c.amount, reference: 'ledger property top-up' }));
            model += c.amount;
          } else {
            const h = held[c.b % held.length];
            touched.add(h.id);
            if (c.k === 'issue') model += moved('issue', await issue(h), -1);
            else if (c.k === 'void') model += moved('void', await voidIt(h), 1);
            else if (c.k === 'cancel') model += moved('cancel', await cancel(h), 1);
            else if (c.k === 'closeVoid') await db.update(pnrs).set({ voidUntil: new Date(Date.now() - 1000) }).where(eq(pnrs.bookingId, h.id));
            else if (c.k === 'refund') {
              model += moved('refund', await client.post(`/api/bookings/${h.id}/refund`, { idempotencyKey: randomUUID(), pnr: h.pnr, paxIds: [1] }), 1);
            } else if (c.k === 'issueRace') {
              const [x, y] = await Promise.all([issue(h, a.url), issue(h, b.url)]);
              const paid = [x, y].filter((r) => r.status === 200);
              expect(paid.length, 'two issues of one PNR with different keys: at most one charges').toBeLessThanOrEqual(1);
              model += moved('issue A', x, -1) + moved('issue B', y, -1);
            } else if (c.k === 'voidRace') {
              const [x, y] = await Promise.all([voidIt(h, a.url), voidIt(h, b.url)]);
              model += moved('void A', x, 1) + moved('void B', y, 1);
            } else {
              const [x, y] = await Promise.all([issue(h, a.url), cancel(h, b.url)]);
              model += moved('issue', x, -1) + moved('cancel', y, 1);
            }
          }
          const balance = await balanceOf(db, agencyId);
          expect(balance, JSON.stringify(c)).toBe(model);
          expect(balance).toBeGreaterThanOrEqual(0);
        }
        expect(fiveXx).toEqual([]);
        // the journal, read apart from the postings, sums to the balance
        const [sum] = await db
          .select({ s: sql<string>`coalesce(sum(case when ${journalEntries.type} in ('T', 'V', 'R') then ${journalEntries.amount} else -${journalEntries.amount} end), 0)` })
          .from(journalEntries)
          .where(eq(journalEntries.agencyId, agencyId));
        expect(Number(sum.s)).toBe(model);
        // each booking costs what its PNR's state says: issued its price less refunds, voided or never issued nothing
        const rows = await db.select().from(pnrs).where(inArray(pnrs.bookingId, [...touched]));
        for (const r of rows) {
          const back = await db.select({ amount: refunds.amount }).from(refunds).where(eq(refunds.pnrId, r.id));
          const issued = r.issuedAt !== null && r.chargeEntryId !== null;
          const voided = r.recordStatus === 'VOIDED OR CANCEL' && back.length === 0;
          const expected = issued && !voided ? r.totalPrice - back.reduce((s, x) => s + Number(x.amount), 0) : 0;
          expect(await netChargedOf(db, r.bookingId), `booking ${r.bookingId} (${r.recordStatus})`).toBe(expected);
        }
      }),
      { numRuns: RUNS },
    );
    expect(await unbalancedEntries(db)).toEqual([]);
    console.info(`ledger property (two instances): ${RUNS} runs, ${ops} commands`);
  });
});
