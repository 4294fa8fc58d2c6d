import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flightOffer, SOURCES, type Airport, type CheapestBookingDay, type SearchPoll } from '../../contract/flights';
import { agencies } from '../../gateway/platform/db/schema';
import { fold } from '../../gateway/flights/service';
import { createSupplierRegistry, bookingFees as defaultBookingFees } from '../../gateway/suppliers';
import { AIRPORT_LIST } from '../../gateway/suppliers/reference-data';
import { feesFor } from '../../gateway/system/fees';
import { inDays, searchToEnd, startSearch } from './flights-helpers';
import { call, login, startGateway, type Gateway } from './helpers';

let gw: Gateway;
const tokens = new Map<string, string>();
const token = (u: string) => tokens.get(u)!;
const instant = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 } });

beforeAll(async () => {
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
  for (const u of ['f1agent', 'f2agent', 'member']) tokens.set(u, (await login(gw, u)).accessToken);
});
afterAll(async () => {
  await gw?.close();
});

async function agencyId(code: string): Promise<number> {
  const [row] = await gw.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.code, code));
  return row.id;
}

describe('search sessions', () => {
  it('HAN–SGN one way: every one of the seven sign-ins delivers, progress counts up to seven', async () => {
    const run = await searchToEnd(gw, token('f1agent'), { legs: [{ from: 'HAN', to: 'SGN', departDate: inDays(10) }] });
    expect(run.started.total).toBe(7);
    expect(run.started.tasks.map((t) => t.source)).toEqual([...SOURCES]);
    expect(run.started.isInternational).toBe(false);
    expect(run.started.requirePassport).toBe(false);
    // progress never goes back and ends at the number of sign-ins
    const completed = run.polls.map((p) => p.completed);
    expect([...completed].sort((a, b) => a - b)).toEqual(completed);
    expect(run.last).toMatchObject({ completed: 7, total: 7, done: true });
    expect(run.last.tasks.every((t) => t.status === 'done' && t.offerCount > 0 && t.elapsedMs !== undefined)).toBe(true);
    expect(new Set(run.offers.map((o) => o.source))).toEqual(new Set(SOURCES));
    // every offer valid, ids unique, tagged with its sign-in; the cursor counts them
    for (const o of run.offers) expect(flightOffer.safeParse(o).success).toBe(true);
    expect(new Set(run.offers.map((o) => o.id)).size).toBe(run.offers.length);
    expect(run.last.cursor).toBe(run.offers.length);
    const signInOf = new Map(run.started.tasks.map((t) => [t.source, t.signInId]));
    expect(run.offers.every((o) => o.signInId === signInOf.get(o.source))).toBe(true);
    for (const t of run.last.tasks) expect(t.offerCount).toBe(run.offers.filter((o) => o.signInId === t.signInId).length);
    // QH/VU only their own flights, GDSs sell VN domestically
    expect(new Set(run.offers.filter((o) => o.source === '1A').map((o) => o.airline))).toEqual(new Set(['VN']));
  });

  it('keeps the carrier’s fare, tax and VAT exactly (no fee inside fareADT)', async () => {
    const departDate = inDays(12);
    const run = await searchToEnd(gw, token('f2agent'), { legs: [{ from: 'SGN', to: 'DAD', departDate }], adt: 2, chd: 1, inf: 1 });
    const direct = await instant.flight('VN').search({ from: 'SGN', to: 'DAD', departDate, pax: { adt: 2, chd: 1, inf: 1 } });
    const got = run.offers.filter((o) => o.source === 'VN').map(({ signInId: _s, ...o }) => o);
    expect(got).toEqual(direct);
  });

  it('polling again from a cursor gives only newer offers; since beyond the end gives none', async () => {
    const run = await searchToEnd(gw, token('f1agent'), { legs: [{ from: 'HAN', to: 'DAD', departDate: inDays(9) }] });
    const id = run.started.sessionId;
    const all = (await call(gw, 'GET', `/api/flights/search/${id}`, { token: token('f1agent') })).json<SearchPoll>();
    expect(all.offers.map((o) => o.id)).toEqual(run.offers.map((o) => o.id));
    const tail = (await call(gw, 'GET', `/api/flights/search/${id}`, { token: token('f1agent'), query: { since: '5' } })).json<SearchPoll>();
    expect(tail.offers.map((o) => o.id)).toEqual(run.offers.slice(5).map((o) => o.id));
    const none = (await call(gw, 'GET', `/api/flights/search/${id}`, { token: token('f1agent'), query: { since: '99999', waitMs: '2000' } })).json<SearchPoll>();
    expect(none.offers).toEqual([]);
    expect(none.cursor).toBe(run.offers.length);
  });

  it('round trip: carrier channels answer both directions, GDSs combined A:B fares', async () => {
    const run = await searchToEnd(gw, token('f1agent'), { journeyType: 'RT', legs: [{ from: 'SGN', to: 'HAN', departDate: inDays(7) }], returnDate: inDays(11) });
    for (const source of ['VN', 'VJ', 'QH', 'VU'] as const) {
      const mine = run.offers.filter((o) => o.source === source);
      expect(new Set(mine.map((o) => o.direction)), source).toEqual(new Set(['depart', 'return']));
      expect(mine.filter((o) => o.direction === 'return').every((o) => o.from === 'HAN' && o.to === 'SGN')).toBe(true);
    }
    const gds = run.offers.filter((o) => o.source === '1G');
    expect(gds.length).toBeGreaterThan(0);
    const byId = new Map(gds.map((o) => [o.id, o]));
    for (const o of gds) {
      expect(o.id).toContain(':');
      expect(byId.get(o.combineSegment)?.combineSegment).toBe(o.id);
    }
  });

  it('multi-city: every leg searched, offers carry their leg', async () => {
    const legs = [
      { from: 'HAN', to: 'DAD', departDate: inDays(5) },
      { from: 'DAD', to: 'SGN', departDate: inDays(8) },
      { from: 'SGN', to: 'PQC', departDate: inDays(11) },
    ];
    const run = await searchToEnd(gw, token('f1agent'), { journeyType: 'MC', legs });
    expect(run.last.done).toBe(true);
    legs.forEach((leg, i) => {
      const mine = run.offers.filter((o) => o.leg === i);
      expect(mine.length, `leg ${i}`).toBeGreaterThan(0);
      expect(mine.every((o) => o.from === leg.from && o.to === leg.to && o.departDateTime.startsWith(leg.departDate))).toBe(true);
    });
    expect(new Set(run.offers.map((o) => o.id)).size).toBe(run.offers.length);
  });

  it('international: passports required, international booking fees', async () => {
    const res = await startSearch(gw, token('f1agent'), { legs: [{ from: 'SGN', to: 'BKK', departDate: inDays(20) }] });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json();
    expect(started).toMatchObject({ isInternational: true, requirePassport: true });
    expect(started.bookingFees.every((f: { domestic: boolean }) => f.domestic === false)).toBe(true);
    expect(started.bookingFees.some((f: { airline: string }) => f.airline === 'TG')).toBe(true);
  });

  it('lets only the owner read a session: anyone else gets 404', async () => {
    const res = await startSearch(gw, token('f1agent'), { legs: [{ from: 'HAN', to: 'SGN', departDate: inDays(3) }] });
    const id = res.json().sessionId;
    const other = await call(gw, 'GET', `/api/flights/search/${id}`, { token: token('f2agent') });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe(44);
    expect((await call(gw, 'GET', '/api/flights/search/no-such-session', { token: token('f1agent') })).statusCode).toBe(404);
    expect((await call(gw, 'GET', `/api/flights/search/${id}`, { token: token('f1agent') })).statusCode).toBe(200);
  });
});

describe('booking fees', () => {
  it('issueFee = default issue fee + agency issue fee + serviceFee (feesFor along the agency path)', async () => {
    const legs = [{ from: 'HAN', to: 'SGN', departDate: inDays(6) }];
    const hn = await agencyId('SAOVIET-HN');
    const f2 = (await startSearch(gw, token('f2agent'), { legs })).json();
    const defaults = defaultBookingFees(['VN', 'VJ', 'QH', 'VU'], true);
    expect(f2.bookingFees).toHaveLength(defaults.length);
    for (const d of defaults) {
      const fee = f2.bookingFees.find((f: { airline: string; paxType: string }) => f.airline === d.airline && f.paxType === d.paxType);
      const service = await feesFor(gw.db, hn, d.airline, false, d.paxType);
      expect(fee, `${d.airline} ${d.paxType}`).toEqual({ ...d, issueFee: d.issueFee + service, serviceFee: service });
    }
    // the seed: F1's markup on its F2 for VN (25K) + the F2's own (15K)
    expect(f2.bookingFees.find((f: { airline: string; paxType: string }) => f.airline === 'VN' && f.paxType === 'ADT').serviceFee).toBe(40_000);

    // the agency's own issue fee setting adds on top
    const f1 = await agencyId('SAOVIET');
    await gw.db.update(agencies).set({ issueFeeDomestic: 10_000 }).where(eq(agencies.id, f1));
    try {
      const res = (await startSearch(gw, token('f1agent'), { legs })).json();
      const vnAdt = res.bookingFees.find((f: { airline: string; paxType: string }) => f.airline === 'VN' && f.paxType === 'ADT');
      const base = defaults.find((d) => d.airline === 'VN' && d.paxType === 'ADT')!.issueFee;
      expect(vnAdt).toMatchObject({ serviceFee: 30_000, issueFee: base + 10_000 + 30_000 });
    } finally {
      await gw.db.update(agencies).set({ issueFeeDomestic: 0 }).where(eq(agencies.id, f1));
    }
  });
});

describe('search validation', () => {
  const bad = async (body: Record<string, unknown>, lang: 'vi' | 'en' = 'en') => {
    const res = await startSearch(gw, token('f1agent'), { legs: [{ from: 'HAN', to: 'SGN', departDate: inDays(5) }], ...body }, lang);
    expect(res.statusCode, res.body).toBe(400);
    const json = res.json();
    expect(json.code).toBe(41);
    return json.data.issues as { path: string; code: string; message: string }[];
  };

  it.each([
    ['infants over adults', { adt: 1, inf: 2 }, 'inf'],
    ['adults plus children over 9', { adt: 5, chd: 5 }, 'chd'],
    ['no adult', { adt: 0, chd: 1 }, 'adt'],
    ['a date in the past', { legs: [{ from: 'HAN', to: 'SGN', departDate: inDays(-1) }] }, 'legs.0.departDate'],
    ['not a calendar date', { legs: [{ from: 'HAN', to: 'SGN', departDate: '2027-02-30' }] }, 'legs.0.departDate'],
    ['from = to', { legs: [{ from: 'SGN', to: 'SGN', departDate: inDays(5) }] }, 'legs.0.to'],
    ['an unknown airport', { legs: [{ from: 'XXX', to: 'SGN', departDate: inDays(5) }] }, 'legs.0.from'],
    ['RT without a return date', { journeyType: 'RT' }, 'returnDate'],
    ['RT returning before departing', { journeyType: 'RT', returnDate: inDays(4) }, 'returnDate'],
    ['MC with one leg', { journeyType: 'MC' }, 'legs'],
    [
      'MC legs out of order',
      { journeyType: 'MC', legs: [{ from: 'HAN', to: 'DAD', departDate: inDays(8) }, { from: 'DAD', to: 'SGN', departDate: inDays(6) }] },
      'legs.1.departDate',
    ],
  ])('refuses %s with 400/41 and the field path', async (_name, body, path) => {
    const issues = await bad(body);
    expect(issues.map((i) => i.path)).toContain(path);
    expect(issues.every((i) => i.message.length > 0)).toBe(true);
  });

  it('speaks the caller’s language', async () => {
    expect((await bad({ adt: 1, inf: 2 }, 'vi'))[0].message).toBe('Số em bé không được vượt quá số người lớn.');
    expect((await bad({ adt: 1, inf: 2 }, 'en'))[0].message).toBe('There cannot be more infants than adults.');
  });

  it('refuses schema violations (adults over 9) as 400/41 too', async () => {
    const res = await startSearch(gw, token('f1agent'), { legs: [{ from: 'HAN', to: 'SGN', departDate: inDays(5) }], adt: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(41);
  });
});

describe('airports', () => {
  const airports = async (q?: string) => {
    const res = await call(gw, 'GET', '/api/flights/airports', { token: token('member'), ...(q !== undefined ? { query: { q } } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Airport[]>();
  };

  it('lists all without q', async () => {
    const all = await airports();
    expect(all).toHaveLength(AIRPORT_LIST.length);
    expect(all.find((a) => a.code === 'HAN')).toMatchObject({ countryCode: 'VNM', domestic: true, cityVi: 'Hà Nội' });
    expect(all.find((a) => a.code === 'BKK')?.domestic).toBe(false);
  });

  it.each([
    ['HAN', 'HAN'],
    ['han', 'HAN'],
    ['Hà Nội', 'HAN'],
    ['ha noi', 'HAN'],
    ['hanoi', 'HAN'],
    ['noi bai', 'HAN'],
    ['Đà Nẵng', 'DAD'],
    ['da nang', 'DAD'],
    ['tan son nhat', 'SGN'],
    ['Hồ Chí Minh', 'SGN'],
    ['bangkok', 'BKK'],
    ['phu quoc', 'PQC'],
  ])('finds %s → %s first', async (q, code) => {
    expect((await airports(q))[0]?.code).toBe(code);
  });

  it('answers an empty list for nothing matching', async () => {
    expect(await airports('zzzz')).toEqual([]);
  });

  it('folds diacritics and đ', () => {
    expect(fold('Đà Lạt')).toBe('da lat');
    expect(fold('  Thành phố Hồ Chí Minh ')).toBe('thanh pho ho chi minh');
  });
});

describe('cheapest days', () => {
  it('gives the lowest fare with seats per day around the date, in K units', async () => {
    // the list's default price mode is FULL: fare, tax and VAT
    const date = inDays(14);
    const res = await call(gw, 'GET', '/api/flights/cheapest', { token: token('f1agent'), query: { from: 'HAN', to: 'SGN', date, days: '7' } });
    expect(res.statusCode, res.body).toBe(200);
    const days = res.json<CheapestBookingDay[]>();
    expect(days).toHaveLength(7);
    expect(days[3]).toMatchObject({ route: 'HAN-SGN', year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) });
    for (const d of days) expect(d.fareDisplay).toBe(Math.round(d.fareAmount / 1000));
    // the centre day equals the lowest fare with a seat over every source of a real search that day
    const run = await searchToEnd(gw, token('f1agent'), { legs: [{ from: 'HAN', to: 'SGN', departDate: date }] });
    const lowest = Math.min(...run.offers.flatMap((o) => o.priceInfo.filter((p) => p.seatAvailable > 0).map((p) => p.fareADT + p.taxADT + p.vatADT)));
    expect(days[3].fareAmount).toBe(lowest);
    // deterministic
    const again = await call(gw, 'GET', '/api/flights/cheapest', { token: token('f1agent'), query: { from: 'HAN', to: 'SGN', date, days: '7' } });
    expect(again.json()).toEqual(days);
  });

  it('prices the days in the price mode asked for and never at 0 (zero-fare promotion classes left out)', async () => {
    const full = (p: { fareADT: number; taxADT: number; vatADT: number }) => p.fareADT + p.taxADT + p.vatADT;
    let zeroFareSeen = false;
    for (const centre of [inDays(4), inDays(11), inDays(18), inDays(25)]) {
      const basic = await call(gw, 'GET', '/api/flights/cheapest', { token: token('f1agent'), query: { from: 'HAN', to: 'SGN', date: centre, days: '7', mode: 'BASIC' } });
      const fullDays = await call(gw, 'GET', '/api/flights/cheapest', { token: token('f1agent'), query: { from: 'HAN', to: 'SGN', date: centre, days: '7', mode: 'FULL' } });
      expect(basic.statusCode, basic.body).toBe(200);
      const b = basic.json<CheapestBookingDay[]>();
      const f = fullDays.json<CheapestBookingDay[]>();
      expect(b).toHaveLength(7);
      expect(f).toHaveLength(7);
      for (let i = 0; i < 7; i++) {
        expect(b[i].fareAmount).toBeGreaterThan(0);
        expect(b[i].fareDisplay).toBeGreaterThan(0);
        const day = `${b[i].year}-${String(b[i].month).padStart(2, '0')}-${String(b[i].day).padStart(2, '0')}`;
        const run = await searchToEnd(gw, token('f1agent'), { legs: [{ from: 'HAN', to: 'SGN', departDate: day }] });
        const open = run.offers.flatMap((o) => o.priceInfo.filter((p) => p.seatAvailable > 0));
        if (open.some((p) => p.fareADT === 0)) zeroFareSeen = true;
        expect(b[i].fareAmount).toBe(Math.min(...open.map((p) => p.fareADT).filter((n) => n > 0)));
        expect(f[i].fareAmount).toBe(Math.min(...open.map(full).filter((n) => n > 0)));
      }
    }
    // the simulator does sell zero-fare classes on this route: the rule above was exercised
    expect(zeroFareSeen).toBe(true);
    const bad = await call(gw, 'GET', '/api/flights/cheapest', { token: token('f1agent'), query: { from: 'HAN', to: 'SGN', date: inDays(3), mode: 'NET' } });
    expect(bad.statusCode).toBe(400);
  }, 120_000); // 28 full searches: seconds on a loaded machine

  it('leaves out past days and refuses from = to', async () => {
    const res = await call(gw, 'GET', '/api/flights/cheapest', { token: token('f1agent'), query: { from: 'HAN', to: 'SGN', date: inDays(0), days: '7' } });
    expect(res.json<CheapestBookingDay[]>().length).toBeLessThanOrEqual(4);
    const same = await call(gw, 'GET', '/api/flights/cheapest', { token: token('f1agent'), query: { from: 'HAN', to: 'HAN', date: inDays(3) } });
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe(41);
  });
});

describe('fare rules', () => {
  it('answers the supplier’s conditions in vi and en', async () => {
    const vi = await call(gw, 'GET', '/api/flights/fare-rules', { token: token('f1agent'), query: { airline: 'VN', class: 'Y' }, headers: { 'x-language': 'vi' } });
    const en = await call(gw, 'GET', '/api/flights/fare-rules', { token: token('f1agent'), query: { airline: 'VN', class: 'Y' }, headers: { 'x-language': 'en' } });
    expect(vi.statusCode, vi.body).toBe(200);
    expect(vi.json()).toEqual(instant.flight('VN').fareRules({ airline: 'VN', class: 'Y', fareBasis: 'Y' }, { lang: 'vi' }));
    expect(en.json()).toEqual(instant.flight('VN').fareRules({ airline: 'VN', class: 'Y', fareBasis: 'Y' }, { lang: 'en' }));
    expect(vi.json().list.map((l: { type: string }) => l.type)).toContain('REFUND');
    expect(vi.body).toContain('Hoàn vé');
    expect(en.body).toContain('Refund');
    expect(en.json()).toMatchObject({ isInternational: false, isCondition: true });
  });

  it('reads international=true/false and a GDS source', async () => {
    const intl = await call(gw, 'GET', '/api/flights/fare-rules', { token: token('f1agent'), query: { source: '1A', airline: 'SQ', class: 'Y', international: 'true' } });
    expect(intl.json().isInternational).toBe(true);
    const dom = await call(gw, 'GET', '/api/flights/fare-rules', { token: token('f1agent'), query: { airline: 'VJ', class: 'E', international: 'false' } });
    expect(dom.statusCode, dom.body).toBe(200);
    expect(dom.json().isInternational).toBe(false);
  });

  it('refuses a class the airline does not sell with 400/41', async () => {
    const res = await call(gw, 'GET', '/api/flights/fare-rules', { token: token('f1agent'), query: { airline: 'VN', class: 'X' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(41);
  });
});

describe('access', () => {
  it('refuses every flight endpoint without a token with 401/19', async () => {
    for (const [method, url] of [
      ['POST', '/api/flights/search'],
      ['GET', '/api/flights/search/abc'],
      ['GET', '/api/flights/airports'],
      ['GET', '/api/flights/cheapest'],
      ['GET', '/api/flights/fare-rules'],
    ] as const) {
      const res = await call(gw, method, url, { body: {} });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe(19);
    }
  });

  it('documents them in the OpenAPI description', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    const paths = Object.keys(res.json().paths ?? {});
    expect(paths).toEqual(expect.arrayContaining(['/api/flights/search', '/api/flights/search/{sessionId}', '/api/flights/airports', '/api/flights/cheapest', '/api/flights/fare-rules']));
  });
});
