/**
 * Simulated flight supply: determinism, contract shape, who flies where, fares and seats, schedules,
 * connections and GDS round-trip combinations.
 */
import { describe, expect, it } from 'vitest';
import { flightOffer, type FlightOffer, type PriceInfo, type Source } from '../../contract/flights';
import { createSupplierRegistry, seatKey, SupplierError, type SupplierSearch } from '../../gateway/suppliers';
import { addDays, localToUtc } from '../../gateway/platform/clock';
import { AIRPORTS, DOMESTIC_FARE_CEILINGS, greatCircleKm, minimumConnectionMinutes, NETWORK, VN_CLASS_GROUPS } from '../../gateway/suppliers/reference-data';

const SOURCES_ALL: Source[] = ['VN', 'VJ', 'QH', 'VU', '1A', '1B', '1G'];
const CHANNELS: Source[] = ['VN', 'VJ', 'QH', 'VU'];
const GDSS: Source[] = ['1A', '1B', '1G'];
const FOREIGN = ['SQ', 'TG', 'CX', 'KE', 'OZ', 'JL', 'NH', 'EK', 'QR', 'AF', 'LH', 'BA', 'QF', 'CI', 'BR', 'MH'];
const PAX = { adt: 1, chd: 0, inf: 0 };
const DATE = '2025-07-04';
const dates = (n: number, start = '2025-07-01') => Array.from({ length: n }, (_, i) => addDays(start, i));

const suppliers = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 } });
const search = (source: Source, request: Partial<SupplierSearch> & Pick<SupplierSearch, 'from' | 'to'>) =>
  suppliers.flight(source).search({ departDate: DATE, pax: PAX, ...request });

const ceilingOf = (km: number) => DOMESTIC_FARE_CEILINGS.find((b) => km >= b.fromKm && km < b.toKm)!.ceiling;
const km = (a: string, b: string) => greatCircleKm(AIRPORTS[a], AIRPORTS[b]);
/** UTC ms of a local yyyy-MM-ddTHH:mm at an airport. */
const utc = (local: string, airport: string) =>
  localToUtc(local.slice(0, 10), Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16)), AIRPORTS[airport].timeZone);
const moneyOf = (p: PriceInfo) => [p.fareADT, p.taxADT, p.vatADT, p.baseFareADT, p.fareCHD, p.taxCHD, p.vatCHD, p.fareINF, p.taxINF, p.vatINF];
const floorK = (n: number) => Math.floor(n / 1000) * 1000;

const SAMPLE_ROUTES: [string, string][] = [
  ['HAN', 'SGN'],
  ['SGN', 'DAD'],
  ['PQC', 'HAN'],
  ['SGN', 'CAH'],
  ['VII', 'PQC'],
  ['SGN', 'BKK'],
  ['HAN', 'ICN'],
  ['SGN', 'LHR'],
  ['FRA', 'HAN'],
];

async function sample(): Promise<FlightOffer[]> {
  const all: FlightOffer[] = [];
  for (const [from, to] of SAMPLE_ROUTES) {
    for (const source of SOURCES_ALL) {
      all.push(...(await search(source, { from, to })));
      all.push(...(await search(source, { from, to, returnDate: addDays(DATE, 5), pax: { adt: 2, chd: 1, inf: 1 } })));
    }
  }
  return all;
}
const sampled = sample();

describe('determinism', () => {
  it.each(SOURCES_ALL)('%s returns the same offers for the same search', async (source) => {
    const request = { from: 'HAN', to: 'SGN', departDate: DATE, returnDate: '2025-07-08', pax: { adt: 2, chd: 1, inf: 0 } };
    const first = await suppliers.flight(source).search(request);
    const again = await createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0 } }).flight(source).search(request);
    expect(first.length).toBeGreaterThan(0);
    expect(again).toEqual(first);
  });

  it('gives different fares on different dates but the same weekly schedule', async () => {
    const a = await search('VN', { from: 'HAN', to: 'SGN', departDate: '2025-07-04' });
    const b = await search('VN', { from: 'HAN', to: 'SGN', departDate: '2025-07-11' });
    expect(b.map((o) => o.routeInfo[0].flightNo)).toEqual(a.map((o) => o.routeInfo[0].flightNo));
    expect(b.map((o) => o.departDateTime.slice(11))).toEqual(a.map((o) => o.departDateTime.slice(11)));
    expect(b.map((o) => o.lowestFare)).not.toEqual(a.map((o) => o.lowestFare));
  });
});

describe('offers', () => {
  it('all parse with the contract schema, ids unique per search', async () => {
    const offers = await sampled;
    expect(offers.length).toBeGreaterThan(500);
    for (const o of offers) expect(flightOffer.parse(o)).toEqual(o);
    for (const [from, to] of SAMPLE_ROUTES) {
      const one = await search('1A', { from, to, returnDate: addDays(DATE, 3) });
      expect(new Set(one.map((o) => o.id)).size).toBe(one.length);
    }
  });

  it('has integer money everywhere, taxes and VAT never negative', async () => {
    for (const o of await sampled) {
      expect(Number.isInteger(o.lowestFare)).toBe(true);
      for (const p of o.priceInfo) for (const m of moneyOf(p)) expect(Number.isInteger(m) && m >= 0).toBe(true);
    }
  });

  it('arrives after it departs; durations agree with routeInfo', async () => {
    for (const o of await sampled) {
      const first = o.routeInfo[0];
      const last = o.routeInfo[o.routeInfo.length - 1];
      expect(o.departDateTime).toBe(first.departDate);
      expect(o.arrivalDateTime).toBe(last.arrivalDate);
      expect(o.from).toBe(first.from);
      expect(o.to).toBe(last.to);
      expect(o.numberOfStop).toBe(o.routeInfo.length - 1);
      const total = (utc(o.arrivalDateTime, o.to) - utc(o.departDateTime, o.from)) / 60_000;
      expect(total).toBe(o.totalTimeDuring);
      let flown = 0;
      for (const r of o.routeInfo) {
        const minutes = (utc(r.arrivalDate, r.to) - utc(r.departDate, r.from)) / 60_000;
        expect(minutes).toBe(r.flightTimeHour * 60 + r.flightTimeMinute);
        expect(minutes).toBeGreaterThan(30);
        flown += minutes;
      }
      if (o.numberOfStop === 0) expect(o.totalTimeDuring).toBe(flown);
      else expect(o.totalTimeDuring).toBeGreaterThan(flown);
    }
  });

  it('connections chain airports and leave at least the minimum connection time', async () => {
    const connections = (await sampled).filter((o) => o.numberOfStop > 0);
    expect(connections.length).toBeGreaterThan(10);
    for (const o of connections) {
      for (let i = 1; i < o.routeInfo.length; i++) {
        const prev = o.routeInfo[i - 1];
        const next = o.routeInfo[i];
        expect(next.from).toBe(prev.to);
        const layover = (utc(next.departDate, next.from) - utc(prev.arrivalDate, prev.to)) / 60_000;
        const international = AIRPORTS[o.from].country !== 'VNM' || AIRPORTS[o.to].country !== 'VNM' || AIRPORTS[next.from].country !== 'VNM';
        expect(layover).toBeGreaterThanOrEqual(minimumConnectionMinutes(next.from, international));
        expect(layover).toBeLessThanOrEqual(14 * 60);
      }
    }
  });

  it('lowestFare is the lowest fare of a class with seats for everyone seated, else the lowest fare', async () => {
    for (const pax of [PAX, { adt: 4, chd: 3, inf: 1 }]) {
      const offers = await search('VN', { from: 'HAN', to: 'SGN', pax });
      for (const o of offers) {
        const seated = pax.adt + pax.chd;
        const withSeats = o.priceInfo.filter((p) => p.seatAvailable >= seated);
        const expected = Math.min(...(withSeats.length ? withSeats : o.priceInfo).map((p) => p.fareADT));
        expect(o.lowestFare).toBe(expected);
      }
    }
  });

  it('lists price classes cheapest first with seats between 0 and 9, some sold out', async () => {
    const offers = await sampled;
    let closed = 0;
    for (const o of offers) {
      const fares = o.priceInfo.map((p) => p.fareADT);
      expect(fares).toEqual([...fares].sort((a, b) => a - b));
      for (const p of o.priceInfo) {
        expect(p.seatAvailable).toBeGreaterThanOrEqual(0);
        expect(p.seatAvailable).toBeLessThanOrEqual(9);
        if (p.seatAvailable === 0) closed++;
        expect(p.baseFareADT).toBeGreaterThanOrEqual(p.fareADT);
      }
    }
    expect(closed).toBeGreaterThan(0);
  });

  it('rejects invalid searches with INVALID_REQUEST in both languages', async () => {
    const bad: Partial<SupplierSearch>[] = [
      { from: 'XXX', to: 'SGN' },
      { from: 'SGN', to: 'SGN' },
      { from: 'HAN', to: 'SGN', departDate: '2025-02-30' },
      { from: 'HAN', to: 'SGN', returnDate: '2025-07-01' },
      { from: 'HAN', to: 'SGN', pax: { adt: 0, chd: 1, inf: 0 } },
      { from: 'HAN', to: 'SGN', pax: { adt: 1, chd: 0, inf: 2 } },
      { from: 'HAN', to: 'SGN', pax: { adt: 5, chd: 5, inf: 0 } },
    ];
    for (const request of bad) {
      const error = await suppliers.flight('VN').search({ from: 'HAN', to: 'SGN', departDate: DATE, pax: PAX, ...request }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SupplierError);
      expect((error as SupplierError).code).toBe('INVALID_REQUEST');
      expect((error as SupplierError).messageVi.length).toBeGreaterThan(5);
      expect((error as SupplierError).messageEn.length).toBeGreaterThan(5);
    }
  });
});

describe('who flies where', () => {
  it('carrier channels sell only their own flights, flagged as carrier channel', async () => {
    for (const o of await sampled) {
      if (!CHANNELS.includes(o.source)) {
        expect(o.isCarrierChannel).toBe(false);
        continue;
      }
      expect(o.isCarrierChannel).toBe(true);
      expect(o.airline).toBe(o.source);
      for (const r of o.routeInfo) expect(r.carrierCode).toBe(o.source);
    }
  });

  it('foreign carriers appear only through the GDSs and only on international journeys', async () => {
    const offers = await sampled;
    const foreign = offers.filter((o) => FOREIGN.includes(o.airline) || o.routeInfo.some((r) => FOREIGN.includes(r.carrierCode)));
    expect(foreign.length).toBeGreaterThan(20);
    for (const o of foreign) {
      expect(GDSS).toContain(o.source);
      expect(AIRPORTS[o.from].country === 'VNM' && AIRPORTS[o.to].country === 'VNM').toBe(false);
    }
    for (const o of offers.filter((x) => GDSS.includes(x.source) && AIRPORTS[x.from].country === 'VNM' && AIRPORTS[x.to].country === 'VNM')) {
      expect(o.airline).toBe('VN');
    }
    // No VJ, QH or VU through a GDS.
    expect(offers.filter((o) => GDSS.includes(o.source) && ['VJ', 'QH', 'VU'].includes(o.airline))).toEqual([]);
  });

  it('VU flies only its few domestic trunk routes', async () => {
    for (const route of NETWORK) {
      const offers = await search('VU', { from: route.a, to: route.b });
      const domestic = AIRPORTS[route.a].country === 'VNM' && AIRPORTS[route.b].country === 'VNM';
      if (!route.carriers.VU) expect(offers, `${route.a}-${route.b}`).toEqual([]);
      else {
        expect(domestic).toBe(true);
        expect(offers.length).toBeGreaterThan(0);
        for (const o of offers) expect(o.numberOfStop).toBe(0);
      }
    }
    expect(await search('VU', { from: 'SGN', to: 'CAH' })).toEqual([]);
    expect(await search('VU', { from: 'SGN', to: 'BKK' })).toEqual([]);
  });

  it('VN and VJ fly their own international routes; QH and VU do not fly abroad here', async () => {
    expect((await search('VN', { from: 'SGN', to: 'CDG' })).length).toBeGreaterThan(0);
    expect((await search('VJ', { from: 'HAN', to: 'ICN' })).length).toBeGreaterThan(0);
    expect(await search('QH', { from: 'HAN', to: 'ICN' })).toEqual([]);
    expect(await search('VJ', { from: 'SGN', to: 'LHR' })).toEqual([]);
  });

  it('foreign carriers without a direct flight connect through their hub', async () => {
    const offers = await search('1G', { from: 'SGN', to: 'LHR' });
    const byAirline = new Map(offers.map((o) => [o.airline, o]));
    for (const [airline, hub] of [['SQ', 'SIN'], ['CX', 'HKG'], ['EK', 'DXB'], ['QR', 'DOH'], ['TG', 'BKK']]) {
      const o = byAirline.get(airline);
      expect(o, airline).toBeDefined();
      expect(o!.numberOfStop).toBe(1);
      expect(o!.routeInfo[0].to).toBe(hub);
    }
  });

  it('the busy trunk HAN–SGN has far more flights than a thin route, DAD routes busy', async () => {
    const count = async (from: string, to: string) => {
      let n = 0;
      for (const source of CHANNELS) n += (await search(source, { from, to })).filter((o) => o.numberOfStop === 0).length;
      return n;
    };
    const trunk = await count('HAN', 'SGN');
    const dad = await count('DAD', 'SGN');
    const thin = await count('SGN', 'CAH');
    expect(trunk).toBeGreaterThan(45);
    expect(dad).toBeGreaterThan(20);
    expect(trunk).toBeGreaterThan(dad);
    expect(dad).toBeGreaterThan(5 * thin);
    expect(thin).toBeGreaterThan(0);
  });

  it('spreads departures through the day with believable flight numbers and aircraft', async () => {
    const offers = await search('VN', { from: 'HAN', to: 'SGN' });
    const hours = offers.map((o) => Number(o.departDateTime.slice(11, 13)));
    expect(Math.min(...hours)).toBeLessThan(8);
    expect(Math.max(...hours)).toBeGreaterThanOrEqual(20);
    for (const band of [[6, 12], [12, 18], [18, 24]]) expect(hours.filter((h) => h >= band[0] && h < band[1]).length).toBeGreaterThan(3);
    for (const o of offers) {
      expect(o.routeInfo[0].flightNo).toMatch(/^VN2\d\d$/);
      expect(o.routeInfo[0].startTerminal).toBe('T1');
      expect(o.routeInfo[0].aircraftType).toMatch(/^(Airbus|Boeing) /);
    }
    const vj = await search('VJ', { from: 'SGN', to: 'HAN' });
    for (const o of vj) expect(o.routeInfo[0].flightNo).toMatch(/^VJ1\d\d$/);
    const vu = await search('VU', { from: 'SGN', to: 'HAN' });
    for (const o of vu) expect(o.routeInfo[0].flightNo).toMatch(/^VU7\d\d$/);
    // Thin route: ATR 72 operated by VASCO, economy only.
    for (const o of await search('VN', { from: 'SGN', to: 'CAH' })) {
      expect(o.routeInfo[0].aircraftType).toContain('ATR');
      expect(o.routeInfo[0].operatingCarrier).toBe('0V');
      for (const p of o.priceInfo) expect(p.fareInfo.cabinClass).toBe('ECONOMY');
    }
    // International flights use the international terminal.
    for (const o of await search('VN', { from: 'SGN', to: 'BKK' })) expect(o.routeInfo[0].startTerminal).toBe('T2');
  });
});

describe('fares', () => {
  it('domestic economy fares before tax and VAT stay within the ceiling of the distance band', async () => {
    expect(ceilingOf(km('HAN', 'SGN'))).toBe(3_400_000);
    expect(ceilingOf(km('DAD', 'SGN'))).toBe(2_250_000);
    expect(ceilingOf(km('SGN', 'CAH'))).toBe(1_700_000);
    let checked = 0;
    for (const date of dates(10)) {
      for (const [from, to] of [['HAN', 'SGN'], ['DAD', 'SGN'], ['SGN', 'CAH'], ['HAN', 'PQC'], ['HAN', 'DIN'], ['HAN', 'CXR']]) {
        for (const source of ['VN', 'VJ', 'QH', 'VU', '1A', '1B', '1G'] as Source[]) {
          for (const o of await search(source, { from, to, departDate: date })) {
            if (o.numberOfStop > 0) continue;
            const ceiling = ceilingOf(km(from, to));
            for (const p of o.priceInfo.filter((x) => x.fareInfo.cabinClass === 'ECONOMY')) {
              expect(p.fareADT).toBeLessThanOrEqual(ceiling);
              expect(p.baseFareADT).toBeLessThanOrEqual(ceiling);
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('VN grid on a short route runs from a few hundred thousand to business fares above the ceiling', async () => {
    const [o] = await search('VN', { from: 'HAN', to: 'VII' }).then((x) => (x.length ? x : search('VN', { from: 'SGN', to: 'VII' })));
    const fares = o.priceInfo.map((p) => p.fareADT);
    expect(Math.min(...fares)).toBeLessThan(900_000);
    const j = o.priceInfo.find((p) => p.class === 'J');
    if (j) expect(j.fareADT).toBeGreaterThan(1_700_000);
  });

  it('children and infants pay per carrier rule', async () => {
    const rules: Record<string, { chd: number; inf: (adt: number, segments: number) => number }> = {
      VN: { chd: 0.9, inf: (adt) => floorK(adt * 0.1) },
      VJ: { chd: 0.9, inf: (_adt, n) => 150_000 * n },
      QH: { chd: 0.75, inf: (_adt, n) => 100_000 * n },
      VU: { chd: 0.9, inf: (adt) => floorK(adt * 0.1) },
    };
    for (const source of CHANNELS) {
      const offers = await search(source, { from: 'HAN', to: 'SGN', pax: { adt: 2, chd: 1, inf: 1 } });
      expect(offers.length).toBeGreaterThan(0);
      for (const o of offers) {
        for (const p of o.priceInfo) {
          expect(p.fareCHD).toBe(floorK(p.fareADT * rules[source].chd));
          expect(p.fareINF).toBe(rules[source].inf(p.fareADT, o.routeInfo.length));
          expect(p.fareCHD / Math.max(1, p.fareADT)).toBeLessThanOrEqual(0.9);
          expect(p.taxINF).toBe(0);
          expect(p.taxCHD).toBeLessThanOrEqual(p.taxADT);
        }
      }
    }
    // International: VN children 75 %.
    for (const o of await search('VN', { from: 'SGN', to: 'BKK' })) for (const p of o.priceInfo) expect(p.fareCHD).toBe(floorK(p.fareADT * 0.75));
  });

  it('charges VAT on domestic fares and charges at the configured rate, none on international', async () => {
    for (const vatPercent of [8, 10]) {
      const s = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0 }, vatPercent });
      for (const o of await s.flight('VN').search({ from: 'HAN', to: 'SGN', departDate: DATE, pax: PAX })) {
        for (const p of o.priceInfo) {
          expect(p.vatADT).toBe(Math.round(((p.fareADT + p.taxADT) * vatPercent) / 100));
          expect(p.vatCHD).toBe(Math.round(((p.fareCHD + p.taxCHD) * vatPercent) / 100));
          expect(p.taxADT).toBe(120_000);
        }
      }
    }
    for (const o of await search('1A', { from: 'SGN', to: 'SIN' })) {
      for (const p of o.priceInfo) {
        expect(p.vatADT).toBe(0);
        expect(p.taxADT).toBeGreaterThan(500_000);
      }
    }
  });

  it('maps every VN class to its class group and family', async () => {
    const groupOf = Object.fromEntries(Object.entries(VN_CLASS_GROUPS).flatMap(([g, cs]) => cs.map((c) => [c, g])));
    const families: Record<string, string[]> = {
      'Business Flex': ['J', 'C'],
      'Business Classic': ['D', 'I'],
      'Premium Economy': ['W', 'Z', 'U'],
      'Economy Flex': ['Y', 'B', 'M'],
      'Economy Classic': ['S', 'H', 'K', 'L'],
      'Economy Lite': ['Q', 'N', 'R', 'T', 'E'],
      'Economy Super Lite': ['A', 'G', 'P'],
    };
    const seen = new Set<string>();
    for (const o of [...(await search('VN', { from: 'HAN', to: 'SGN' })), ...(await search('VN', { from: 'SGN', to: 'CDG' }))]) {
      for (const p of o.priceInfo) {
        seen.add(p.class);
        expect(p.fareInfo.classGroup).toBe(groupOf[p.class]);
        expect(families[p.fareInfo.fareFamily]).toContain(p.class);
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(20);
    // Baggage: economy 1×23 kg (Super Lite none on domestic), domestic business 18 kg carry-on and 1×32 kg.
    for (const o of await search('VN', { from: 'HAN', to: 'SGN' })) {
      for (const p of o.priceInfo) {
        if (p.fareInfo.cabinClass === 'BUSINESS') expect([p.handBaggage.weightKg, p.freeBaggage.pieces, p.freeBaggage.weightKg]).toEqual([18, 1, 32]);
        else if (p.fareInfo.fareFamily === 'Economy Super Lite') expect(p.freeBaggage.pieces).toBe(0);
        else if (p.fareInfo.cabinClass === 'ECONOMY') expect([p.freeBaggage.pieces, p.freeBaggage.weightKg]).toEqual([1, 23]);
      }
    }
  });

  it('VJ and QH families carry their baggage', async () => {
    const vjBags: Record<string, [number, number]> = { Eco: [7, 0], Deluxe: [7, 20], SkyBoss: [10, 30], Business: [18, 40] };
    for (const o of await search('VJ', { from: 'HAN', to: 'SGN' })) {
      for (const p of o.priceInfo) expect([p.handBaggage.weightKg, p.freeBaggage.weightKg]).toEqual(vjBags[p.fareInfo.fareFamily]);
    }
    for (const o of await search('QH', { from: 'HAN', to: 'SGN' })) {
      for (const p of o.priceInfo) {
        if (['Economy Smart', 'Economy Flex'].includes(p.fareInfo.fareFamily)) expect(p.freeBaggage.weightKg).toBe(20);
        if (p.fareInfo.fareFamily.startsWith('Economy Saver')) expect(p.freeBaggage.pieces).toBe(0);
        if (p.fareInfo.cabinClass === 'ECONOMY') expect(p.handBaggage.weightKg).toBe(7);
      }
    }
  });

  it('GDSs price the same flight slightly differently, with their own fare basis codes', async () => {
    const [a, b, g] = await Promise.all((['1A', '1B', '1G'] as Source[]).map((s) => search(s, { from: 'HAN', to: 'SGN' })));
    expect(a.length).toBe(b.length);
    const key = (o: FlightOffer) => o.routeInfo.map((r) => r.flightNo).join();
    const bByKey = new Map(b.map((o) => [key(o), o]));
    let differs = 0;
    for (const o of a) {
      const other = bByKey.get(key(o))!;
      expect(other).toBeDefined();
      if (other.lowestFare !== o.lowestFare) differs++;
    }
    expect(differs).toBeGreaterThan(0);
    expect(a[0].priceInfo[0].fareInfo.fareBasis).toMatch(/A$/);
    expect(b[0].priceInfo[0].fareInfo.fareBasis).toMatch(/S$/);
    expect(g[0].priceInfo[0].fareInfo.fareBasis).toMatch(/G$/);
  });
});

describe('seats', () => {
  it('some VJ offers have no seat at all across a sample of dates', async () => {
    let soldOut = 0;
    let total = 0;
    for (const date of dates(14)) {
      for (const [from, to] of [['HAN', 'SGN'], ['SGN', 'DAD']]) {
        for (const o of await search('VJ', { from, to, departDate: date })) {
          total++;
          if (o.priceInfo.every((p) => p.seatAvailable === 0)) {
            soldOut++;
            expect(o.lowestFare).toBe(Math.min(...o.priceInfo.map((p) => p.fareADT)));
          }
        }
      }
    }
    expect(soldOut).toBeGreaterThan(0);
    expect(soldOut).toBeLessThan(total / 3);
  });

  it('seatsTaken reduces the seats of the stable key flightNo/date per class, never below 0', async () => {
    const base = await search('VN', { from: 'HAN', to: 'SGN' });
    const target = base.find((o) => o.priceInfo.some((p) => p.seatAvailable >= 3))!;
    const cls = target.priceInfo.find((p) => p.seatAvailable >= 3)!;
    const flightNo = target.routeInfo[0].flightNo;
    const key = seatKey(flightNo, DATE);
    expect(key).toBe(`${flightNo}/${DATE}`);
    const calls: string[] = [];
    const adjusted = await suppliers.flight('VN').search(
      { from: 'HAN', to: 'SGN', departDate: DATE, pax: PAX },
      {
        seatsTaken: async (k, c) => {
          calls.push(`${k}#${c}`);
          if (k !== key) return 0;
          return c === cls.class ? 2 : 50;
        },
      },
    );
    expect(calls).toContain(`${key}#${cls.class}`);
    const after = adjusted.find((o) => o.id === target.id)!;
    expect(after.priceInfo.find((p) => p.class === cls.class)!.seatAvailable).toBe(cls.seatAvailable - 2);
    for (const p of after.priceInfo) if (p.class !== cls.class) expect(p.seatAvailable).toBe(0);
    // Other flights untouched.
    const others = adjusted.filter((o) => o.id !== target.id);
    expect(others).toEqual(base.filter((o) => o.id !== target.id));
  });

  it('the same flight has the same seats whichever source sells it', async () => {
    const vn = await search('VN', { from: 'HAN', to: 'SGN' });
    const gds = await search('1A', { from: 'HAN', to: 'SGN' });
    const byFlight = new Map(gds.map((o) => [o.routeInfo[0].flightNo, o]));
    for (const o of vn) {
      const other = byFlight.get(o.routeInfo[0].flightNo)!;
      expect(other.priceInfo.map((p) => [p.class, p.seatAvailable]).sort()).toEqual(o.priceInfo.map((p) => [p.class, p.seatAvailable]).sort());
    }
  });
});

describe('round trips', () => {
  it.each(GDSS)('%s returns combined fares A:B with combineSegment pointing at the opposite offer', async (source) => {
    for (const [from, to] of [['HAN', 'SGN'], ['SGN', 'LHR'], ['HAN', 'ICN']]) {
      const offers = await search(source, { from, to, returnDate: addDays(DATE, 7) });
      const departs = offers.filter((o) => o.direction === 'depart');
      const returns = offers.filter((o) => o.direction === 'return');
      expect(departs.length).toBeGreaterThan(0);
      expect(returns.length).toBe(departs.length);
      const byId = new Map(offers.map((o) => [o.id, o]));
      for (const o of offers) {
        const [a, b] = o.id.split(':');
        expect(a && b).toBeTruthy();
        expect(o.combineSegment).toBe(`${b}:${a}`);
        const match = byId.get(o.combineSegment)!;
        expect(match).toBeDefined();
        expect(match.combineSegment).toBe(o.id);
        expect(match.direction).not.toBe(o.direction);
        expect(match.airline).toBe(o.airline);
        expect(o.priceInfo[0].fareInfo.fareBasis).toMatch(/RT.$/);
      }
      for (const side of [departs, returns]) expect(new Set(side.map((o) => o.id.split(':')[0])).size).toBe(side.length);
      for (const o of departs) expect([o.from, o.to]).toEqual([from, to]);
      for (const o of returns) expect([o.from, o.to]).toEqual([to, from]);
    }
  });

  it('carrier channels return plain one-way offers for each direction', async () => {
    const offers = await search('VJ', { from: 'HAN', to: 'SGN', returnDate: '2025-07-06' });
    const returns = offers.filter((o) => o.direction === 'return');
    expect(returns.length).toBeGreaterThan(0);
    for (const o of offers) {
      expect(o.id).not.toContain(':');
      expect(o.combineSegment).toBe('');
    }
    for (const o of returns) expect(o.departDateTime.slice(0, 10)).toBe('2025-07-06');
  });
});
