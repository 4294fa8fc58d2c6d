import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseSeats, seatsTakenOf, seatsTakenReader, takeSeats } from '../../gateway/flights/inventory';
import { createSupplierRegistry, seatKey } from '../../gateway/suppliers';
import { inDays, searchToEnd } from './flights-helpers';
import { login, startGateway, usingPostgres, type Gateway } from './helpers';

let gw: Gateway;
let token: string;
const instant = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 } });

beforeAll(async () => {
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
  token = (await login(gw, 'f1agent')).accessToken;
});
afterAll(async () => {
  await gw?.close();
});

describe('seat inventory', () => {
  it('reads the inventory of a whole supplier answer in one query', async () => {
    let queries = 0;
    const offers = await instant.flight('VN').search(
      { from: 'HAN', to: 'SGN', departDate: inDays(15), pax: { adt: 1, chd: 0, inf: 0 } },
      { seatsTaken: seatsTakenReader(gw.db, () => (queries += 1)) },
    );
    expect(offers.length).toBeGreaterThan(5);
    expect(queries).toBe(1);
  });

  it('seats taken lower seatAvailable in the next search', async () => {
    const departDate = inDays(16);
    const body = { legs: [{ from: 'HAN', to: 'SGN', departDate }] };
    const before = await searchToEnd(gw, token, body);
    const offer = before.offers.find((o) => o.source === 'VN' && o.numberOfStop === 0)!;
    const cls = offer.priceInfo.find((p) => p.seatAvailable >= 3)!;
    const key = seatKey(offer.routeInfo[0].flightNo, departDate);
    // capacity = what the supplier has before the inventory (nothing taken yet)
    expect(await takeSeats(gw.db, key, cls.class, 2, cls.seatAvailable)).toBe(true);
    const after = await searchToEnd(gw, token, body);
    const same = after.offers.find((o) => o.id === offer.id)!;
    expect(same.priceInfo.find((p) => p.class === cls.class)!.seatAvailable).toBe(cls.seatAvailable - 2);
    // the GDSs sell the same flight: their count goes down too
    const gds = after.offers.find((o) => o.source === '1A' && o.numberOfStop === 0 && o.routeInfo[0].flightNo === offer.routeInfo[0].flightNo);
    const gdsBefore = before.offers.find((o) => o.id === gds?.id);
    if (gds && gdsBefore) {
      const p0 = gdsBefore.priceInfo.find((p) => p.class === cls.class);
      const p1 = gds.priceInfo.find((p) => p.class === cls.class);
      if (p0 && p1) expect(p1.seatAvailable).toBe(Math.max(0, p0.seatAvailable - 2));
    }
    await releaseSeats(gw.db, key, cls.class, 2);
    expect(await seatsTakenOf(gw.db, key, cls.class)).toBe(0);
  });

  it('takeSeats never oversells (sequential)', async () => {
    const key = 'VN9999/2030-01-01';
    expect(await takeSeats(gw.db, key, 'Y', 6, 5)).toBe(false);
    expect(await takeSeats(gw.db, key, 'Y', 3, 5)).toBe(true);
    expect(await takeSeats(gw.db, key, 'Y', 3, 5)).toBe(false);
    expect(await takeSeats(gw.db, key, 'Y', 2, 5)).toBe(true);
    expect(await takeSeats(gw.db, key, 'Y', 1, 5)).toBe(false);
    expect(await seatsTakenOf(gw.db, key, 'Y')).toBe(5);
    // another class of the same flight is counted apart
    expect(await takeSeats(gw.db, key, 'M', 1, 1)).toBe(true);
    await expect(takeSeats(gw.db, key, 'Y', 0, 5)).rejects.toThrow(RangeError);
    // inside a rolled back transaction nothing is kept
    await gw.db
      .transaction(async (tx) => {
        expect(await takeSeats(tx, key, 'B', 2, 9)).toBe(true);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await seatsTakenOf(gw.db, key, 'B')).toBe(0);
  });

  it.skipIf(!usingPostgres)('takeSeats never oversells under concurrency: 20 parallel holds on the last 5 seats → exactly 5', async () => {
    const key = 'VJ1234/2030-02-02';
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () =>
        gw.db.transaction(async (tx) => {
          const ok = await takeSeats(tx, key, 'E', 1, 5);
          await tx.execute(sql`select pg_sleep(0.01)`);
          return ok;
        }),
      ),
    );
    expect(attempts.filter(Boolean)).toHaveLength(5);
    expect(await seatsTakenOf(gw.db, key, 'E')).toBe(5);
  });
});
