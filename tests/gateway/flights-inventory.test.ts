import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseSeats, searchSeatDays, searchSeatsReader, seatKeyDay, seatsReaderOf, seatsTakenOf, seatsTakenReader, takeSeats } from '../../gateway/flights/inventory';
import { SOURCES } from '../../contract/flights';
import { searchStartOf } from '../../gateway/flights/service';
import { createSupplierRegistry, seatKey } from '../../gateway/suppliers';
import { inDays, searchToEnd } from './flights-helpers';
import { login, startGateway, usingPostgres, type Gateway } from './helpers';

let gw: Gateway;
let token: string;
let agencyId: number;
const instant = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 } });

beforeAll(async () => {
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
  const signedIn = await login(gw, 'f1agent');
  token = signedIn.accessToken;
  agencyId = signedIn.agentInfo.id;
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

  it('a search reads the inventory once for all its sources, with the same counts as a read per supplier answer', async () => {
    const departDate = inDays(17);
    const search = { from: 'HAN', to: 'SGN', departDate, pax: { adt: 1, chd: 0, inf: 0 } };
    // seats taken on flights of several sources, on the day and (a connection's second flight) the day after
    const fresh = (await Promise.all(SOURCES.map((s) => instant.flight(s).search(search)))).flat();
    const taken: { key: string; cls: string; n: number }[] = [];
    for (const offer of fresh) {
      offer.routeInfo.forEach((r, i) => {
        const key = seatKey(r.flightNo, r.departDate.slice(0, 10));
        const cls = offer.priceInfo[(i + taken.length) % offer.priceInfo.length];
        if (taken.length < 12 && cls.seatAvailable >= 2 && !taken.some((t) => t.key === key && t.cls === cls.class)) taken.push({ key, cls: cls.class, n: 1 + (taken.length % 2) });
      });
    }
    const nextDay = fresh.flatMap((o) => o.routeInfo).find((r) => r.departDate.slice(0, 10) > departDate);
    if (nextDay) taken.push({ key: seatKey(nextDay.flightNo, nextDay.departDate.slice(0, 10)), cls: 'Y', n: 1 });
    for (const t of taken) expect(await takeSeats(gw.db, t.key, t.cls, t.n, 9)).toBe(true);
    try {
      let queries = 0;
      const shared = searchSeatsReader(gw.db, searchSeatDays([departDate]), () => (queries += 1));
      for (const source of SOURCES) {
        const perAnswer = await instant.flight(source).search(search, { seatsTaken: seatsTakenReader(gw.db) });
        const once = await instant.flight(source).search(search, { seatsTaken: shared });
        expect(once).toEqual(perAnswer);
      }
      expect(queries).toBe(1);
      // the start statement of a search reads the same rows (with the sign-ins and fees): a reader from them makes no query
      const start = await searchStartOf(gw.db, agencyId, searchSeatDays([departDate]));
      expect(start.seats.length).toBeGreaterThanOrEqual(taken.length);
      let startQueries = 0;
      const fromStart = seatsReaderOf(gw.db, searchSeatDays([departDate]), start.seats, () => (startQueries += 1));
      for (const source of SOURCES) {
        expect(await instant.flight(source).search(search, { seatsTaken: fromStart })).toEqual(await instant.flight(source).search(search, { seatsTaken: shared }));
      }
      expect(startQueries).toBe(0);
      // the holds show: a direct flight's class is lower by what was taken
      const seen = (await Promise.all(SOURCES.map((s) => instant.flight(s).search(search, { seatsTaken: shared })))).flat();
      let checked = 0;
      for (const t of taken) {
        for (const o of seen.filter((x) => x.numberOfStop === 0 && seatKey(x.routeInfo[0].flightNo, x.routeInfo[0].departDate.slice(0, 10)) === t.key)) {
          const before = fresh.find((f) => f.id === o.id)!.priceInfo.find((p) => p.class === t.cls);
          if (!before) continue;
          expect(o.priceInfo.find((p) => p.class === t.cls)!.seatAvailable).toBe(Math.max(0, before.seatAvailable - t.n));
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(3);
      // a key of a day the search did not name is still read (on its own)
      const other = taken[0];
      let otherQueries = 0;
      const narrow = searchSeatsReader(gw.db, searchSeatDays(['2031-01-01']), () => (otherQueries += 1));
      expect(await narrow(other.key, other.cls)).toBe(other.n);
      expect(seatKeyDay(other.key)).toBe(other.key.split('/')[1]);
      expect(otherQueries).toBe(2);
    } finally {
      for (const t of taken) await releaseSeats(gw.db, t.key, t.cls, t.n);
    }
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
