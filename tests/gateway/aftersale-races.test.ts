/**
 * Races of the paid after-sale edits. PGlite serves one connection, so these need PostgreSQL (TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaidEditResult, SeatMap } from '../../contract/aftersale';
import { balanceOf, unbalancedEntries } from '../../gateway/platform/ledger';
import { journalEntries, supplierSeats } from '../../gateway/platform/db/schema';
import { loadUserByUsername } from '../../gateway/platform/tenancy/users';
import { call, login, startGateway, usingPostgres, type Gateway } from './helpers';
import { callWithPin, hold, type Held } from './lifecycle-helpers';

describe.skipIf(!usingPostgres)('after-sale under concurrency (PostgreSQL)', () => {
  let gw: Gateway;
  const tokens = new Map<string, string>();
  const token = (u: string) => tokens.get(u)!;

  async function issued(user: string, days: number): Promise<Held> {
    const h = await hold(gw, token(user), { source: 'VN', days });
    const { res } = await callWithPin(gw, 'POST', `/api/bookings/${h.id}/issue`, token(user), { idempotencyKey: randomUUID(), pnrs: [h.pnr] });
    if (res.statusCode !== 200) throw new Error(`issue failed: ${res.body}`);
    return h;
  }

  beforeAll(async () => {
    gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
    for (const u of ['f1agent', 'f1admin']) tokens.set(u, (await login(gw, u)).accessToken);
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('two agents buy the same paid seat at once: one gets it, the other is refused and pays nothing in the end', async () => {
    const a = await issued('f1agent', 21);
    const b = await issued('f1admin', 21);
    expect(b.offer.routeInfo[0].flightNo).toBe(a.offer.routeInfo[0].flightNo);
    const map = (await call(gw, 'GET', `/api/aftersale/bookings/${a.id}/seat-map?pnr=${a.pnr}&segId=1`, { token: token('f1agent') })).json<SeatMap>();
    const seat = map.rows.flatMap((r) => r.cells).find((c) => c && c.kind === 'paid' && !c.taken)!;
    const agency = (await loadUserByUsername(gw.db, 'f1agent'))!.agency.id;
    const before = await balanceOf(gw.db, agency);
    const results = await Promise.all(
      [
        ['f1agent', a],
        ['f1admin', b],
      ].flatMap(([user, h]) =>
        Array.from({ length: 5 }, () =>
          callWithPin(gw, 'POST', `/api/aftersale/bookings/${(h as Held).id}/seats`, token(user as string), {
            idempotencyKey: randomUUID(),
            pnr: (h as Held).pnr,
            seats: [{ paxId: 1, segId: 1, seat: seat.seat }],
          }).then((r) => ({ pnr: (h as Held).pnr, res: r.res })),
        ),
      ),
    );
    const won = results.filter((r) => r.res.statusCode === 200);
    const winners = new Set(won.map((r) => r.pnr));
    expect(winners.size).toBe(1);
    for (const r of results.filter((x) => x.res.statusCode !== 200)) {
      if (r.res.statusCode === 400) {
        // a request of the winner's own PNR that read the map after the win: its passenger already sits there
        expect(winners.has(r.pnr)).toBe(true);
        expect(r.res.json<{ data: { seats: { problem: string }[] } }>().data.seats.map((p) => p.problem)).toEqual(['sameSeat']);
      } else expect([409, 502]).toContain(r.res.statusCode);
    }
    const claims = await gw.db.select().from(supplierSeats).where(eq(supplierSeats.seat, seat.seat));
    expect(claims.filter((c) => c.flightKey.startsWith(a.offer.routeInfo[0].flightNo))).toHaveLength(1);
    expect(claims[0].pnr).toBe([...winners][0]);
    // net money: the seat is paid once; every other request was refused before paying or had its charge reversed
    const paidWon = won.reduce((s, r) => s + r.res.json<PaidEditResult>().amount, 0);
    expect(paidWon).toBe(seat.price);
    expect(await balanceOf(gw.db, agency)).toBe(before - seat.price);
    expect(await unbalancedEntries(gw.db)).toEqual([]);
  });

  it('20 parallel requests with one idempotency key: one C entry, every answer the same', async () => {
    const h = await issued('f1agent', 22);
    const agency = (await loadUserByUsername(gw.db, 'f1agent'))!.agency.id;
    const before = await balanceOf(gw.db, agency);
    const body = { idempotencyKey: randomUUID(), pnr: h.pnr, items: [{ paxId: 1, route: 'HAN-SGN', code: 'BG20' }] };
    const results = await Promise.all(Array.from({ length: 20 }, () => callWithPin(gw, 'POST', `/api/aftersale/bookings/${h.id}/luggage`, token('f1agent'), body)));
    expect(results.map((r) => r.res.statusCode)).toEqual(Array(20).fill(200));
    const answers = results.map((r) => r.res.json<PaidEditResult>());
    expect(answers.filter((x) => !x.replayed)).toHaveLength(1);
    expect(new Set(answers.map((x) => x.entryId)).size).toBe(1);
    const entries = await gw.db.select().from(journalEntries).where(eq(journalEntries.pnr, h.pnr));
    expect(entries.map((e) => e.type)).toEqual(['C', 'C']); // the issue and the luggage
    expect(await balanceOf(gw.db, agency)).toBe(before - answers[0].amount);
  });
});
