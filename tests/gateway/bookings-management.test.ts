import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingListQuery, type BookingDetail, type CompletedBooking, type BookingListItem, type PrintInfo, type ReservationStatus, type TicketFace } from '../../contract/bookings';
import type { FareRule, FlightOffer, PriceInfo, Source } from '../../contract/flights';
import { postEntry } from '../../gateway/platform/ledger';
import { createUser } from '../../gateway/admin/service';
import { TICKET_FACE_LIMIT } from '../../gateway/bookings/ticket-face';
import { bookingList } from '../../gateway/bookings/list';
import { passengerNamesOf } from '../../gateway/bookings/pax-infos';
import { loadUserByUsername } from '../../gateway/platform/tenancy/users';
import { MIGRATIONS_FOLDER } from '../../gateway/platform/db/client';
import { agencies, auditLog, bookings, outbox, pnrs } from '../../gateway/platform/db/schema';
import { createSupplierRegistry } from '../../gateway/suppliers';
import { inDays, searchToEnd } from './flights-helpers';
import { call, login, nextIp, startGateway, type Gateway } from './helpers';

let gw: Gateway;
const tokens = new Map<string, string>();
const token = (u: string) => tokens.get(u)!;
const instant = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 } });
const PASSWORD = 'Test@2026x';

const contact = { name: 'Nguyen Van An', phone: '0912345678', email: 'an@example.vn' };
const adult = (paxId: number, firstName = 'Văn An', lastName = 'Nguyễn') => ({ paxId, type: 'ADT', title: 'MR', firstName, lastName, birthday: '15/04/1985' });
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/');
const infant = (paxId: number, parentId: number) => ({ paxId, type: 'INF', title: 'MSTR', firstName: 'Bé', lastName: 'Nguyễn', birthday: daysAgo(210), parentId });
const child = (paxId: number) => ({ paxId, type: 'CHD', title: 'MISS', firstName: 'Lan', lastName: 'Trần', birthday: `01/01/${new Date().getFullYear() - 7}` });
/** dd/MM/yyyy `months` months from today. */
const monthsAhead = (months: number) => {
  const d = new Date();
  d.setMonth(d.getMonth() + months);
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
};
const passport = (expiryDate: string) => ({ nationCountry: 'VNM', pNumber: 'C1234567', expiryDate, issuingCountry: 'VNM', issuingDate: '10/01/2020' });

interface Search {
  sessionId: string;
  offers: FlightOffer[];
}

async function search(user: string, from: string, to: string, days: number, pax = { adt: 1, chd: 0, inf: 0 }): Promise<Search> {
  const run = await searchToEnd(gw, token(user), { legs: [{ from, to, departDate: inDays(days) }], ...pax });
  return { sessionId: run.started.sessionId, offers: run.offers };
}

function pick(s: Search, source: Source, seats = 2): { offer: FlightOffer; price: PriceInfo } {
  for (const offer of s.offers) {
    if (offer.source !== source || offer.routeInfo.length !== 1) continue;
    const price = offer.priceInfo.find((p) => p.seatAvailable >= seats);
    if (price) return { offer, price };
  }
  throw new Error(`no ${source} offer`);
}

function holdBody(s: Search, chosen: { offer: FlightOffer; price: PriceInfo }, passengers: unknown[], extra: Record<string, unknown> = {}) {
  return { sessionId: s.sessionId, selected: [{ offerId: chosen.offer.id, class: chosen.price.class }], passengers, contact, ...extra };
}

async function holdAs(user: string, body: unknown): Promise<{ id: number; pnr: string }> {
  const res = await call(gw, 'POST', '/api/bookings', { token: token(user), body });
  if (res.statusCode !== 200) throw new Error(`hold failed: ${res.statusCode} ${res.body}`);
  const { id } = res.json<{ id: number }>();
  const [row] = await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, id));
  return { id, pnr: row.pnr! };
}

const get = (user: string | null, url: string, query?: Record<string, string>) => call(gw, 'GET', url, { ...(user ? { token: token(user) } : {}), query });
const bookingCount = async () => (await gw.db.select({ n: count() }).from(bookings))[0].n;

// bookings made in beforeAll
let hn: { id: number; pnr: string }; // by f2agent (SAOVIET-HN), VN HAN-SGN, 1 adult
let sv: { id: number; pnr: string }; // by f1agent (SAOVIET), QH HAN-DAD, adult + child + infant
let bags: { id: number; pnr: string; offer: FlightOffer; price: PriceInfo }; // by member (SAOVIET-HN), VJ SGN-HAN with luggage

beforeAll(async () => {
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0', MAIL_ALLOWED_RECIPIENTS: '@example.vn' } });
  // an agency outside the demo tree, with its own administrator
  const [provider] = await gw.db.select().from(agencies).where(eq(agencies.code, 'VEVIET'));
  await gw.db.insert(agencies).values({ parentId: provider.id, code: 'OTHERAG', name: 'Đại lý Khác', level: 1, accountType: 'AGT' });
  await createUser(gw.db, { username: 'otheradmin', password: PASSWORD, role: 'admin_f1', agency: 'OTHERAG' });
  // a booking agent of SAOVIET-HN who views all tickets of its agency
  await createUser(gw.db, { username: 'hnviewer', password: PASSWORD, role: 'agent_f2', agency: 'SAOVIET-HN', permissions: ['booking_ticket', 'void_view_all_ticket'] });
  for (const u of ['f1admin', 'f1agent', 'f2admin', 'f2agent', 'member', 'accountant']) tokens.set(u, (await login(gw, u)).accessToken);
  for (const u of ['otheradmin', 'hnviewer']) tokens.set(u, (await login(gw, u, PASSWORD)).accessToken);

  const s1 = await search('f2agent', 'HAN', 'SGN', 20);
  hn = await holdAs('f2agent', holdBody(s1, pick(s1, 'VN'), [adult(1, 'Thị Hằng', 'Nguyễn')]));
  const s2 = await search('f1agent', 'HAN', 'DAD', 22, { adt: 1, chd: 1, inf: 1 });
  sv = await holdAs('f1agent', holdBody(s2, pick(s2, 'QH', 3), [adult(1), child(2), infant(3, 1)]));
  const s3 = await search('member', 'SGN', 'HAN', 21);
  const chosen = pick(s3, 'VJ');
  const luggage = [
    { paxId: 1, route: 'SGN-HAN', airline: 'VJ', type: 'depart', code: 'BG20', price: 1 },
    // a later choice for the same passenger, route and type replaces the earlier
    { paxId: 1, route: 'SGN-HAN', airline: 'VJ', type: 'depart', code: 'BG30', price: 1 },
  ];
  bags = { ...(await holdAs('member', holdBody(s3, chosen, [adult(1, 'Quang Huy', 'Vũ')], { luggage }))), ...chosen };
}, 120_000);

afterAll(async () => {
  await gw?.close();
});

describe('hold: passport, luggage and remarks', () => {
  it('prices luggage from the catalogue (the client’s price is ignored) and adds it to the PNR total', async () => {
    const [b] = await gw.db.select().from(bookings).where(eq(bookings.id, bags.id));
    expect(b.luggage).toEqual([{ paxId: 1, route: 'SGN-HAN', airline: 'VJ', type: 'depart', code: 'BG30', price: 330_000, value: 30, unit: 'kg' }]);
    const [row] = await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, bags.id));
    const fare = bags.price.fareADT + bags.price.taxADT + bags.price.vatADT;
    const detail = (await get('member', `/api/bookings/${bags.id}/detail`)).json<BookingDetail>();
    const f = detail.pnrs[0].fareData;
    expect(f.otherFee).toBe(330_000);
    expect(f.totalReserve).toBe(fare);
    expect(row.totalPrice).toBe(fare + f.issueFee + 330_000);
    expect(f.totalPrice).toBe(row.totalPrice);
    expect(detail.luggage).toEqual(b.luggage);
    expect(b.totalFare).toBe(fare + 330_000);
  });

  it('refuses luggage for an infant, an unknown option, a route not flown or a GDS fare with 400/41, writing nothing', async () => {
    const s = await search('member', 'SGN', 'HAN', 23, { adt: 1, chd: 0, inf: 1 });
    const vj = pick(s, 'VJ');
    const gds = s.offers.find((o) => o.source === '1A' && o.routeInfo.length === 1 && o.priceInfo.some((p) => p.seatAvailable >= 2));
    const pax = [adult(1), infant(2, 1)];
    const choice = { paxId: 1, route: 'SGN-HAN', airline: 'VJ', type: 'depart', code: 'BG20' };
    const cases: [unknown, string][] = [
      [holdBody(s, vj, pax, { luggage: [{ ...choice, paxId: 2 }] }), 'infant'],
      [holdBody(s, vj, pax, { luggage: [{ ...choice, code: 'BG99' }] }), 'code'],
      [holdBody(s, vj, pax, { luggage: [{ ...choice, route: 'HAN-SGN' }] }), 'route'],
      [holdBody(s, vj, pax, { luggage: [{ ...choice, paxId: 7 }] }), 'paxId'],
    ];
    if (gds) {
      const price = gds.priceInfo.find((p) => p.seatAvailable >= 2)!;
      cases.push([holdBody(s, { offer: gds, price }, pax, { luggage: [{ ...choice, airline: gds.airline }] }), 'route']);
    }
    const before = await bookingCount();
    for (const [body, problem] of cases) {
      const res = await call(gw, 'POST', '/api/bookings', { token: token('member'), body });
      expect(res.statusCode, res.body).toBe(400);
      const err = res.json<{ code: number; data: { reason: string; luggage: { index: number; problem: string }[] } }>();
      expect(err.code).toBe(41);
      expect(err.data.reason).toBe('luggage');
      expect(err.data.luggage[0].problem).toBe(problem);
    }
    expect(await bookingCount()).toBe(before);
  });

  it('requires a passport valid 6 months after the last flight on an international journey (400 with the problems per passenger)', async () => {
    const s = await search('f1agent', 'SGN', 'BKK', 25);
    const vj = pick(s, 'VJ');
    const before = await bookingCount();
    const bad: [unknown[], string[]][] = [
      [[adult(1)], ['passport']],
      [[{ ...adult(1), passport: passport(monthsAhead(3)) }], ['expiryDate']],
      [[{ ...adult(1), passport: { ...passport(monthsAhead(24)), issuingDate: monthsAhead(1) } }], ['issuingDate']],
    ];
    for (const [passengers, problems] of bad) {
      const res = await call(gw, 'POST', '/api/bookings', { token: token('f1agent'), body: holdBody(s, vj, passengers) });
      expect(res.statusCode, res.body).toBe(400);
      const err = res.json<{ code: number; data: { passengers: { paxId: number; passport?: string[] }[] } }>();
      expect(err.code).toBe(41);
      expect(err.data.passengers).toEqual([{ paxId: 1, problems: [], passport: problems }]);
    }
    expect(await bookingCount()).toBe(before);
    // a good passport holds, and the PNR keeps it as DOCS; international luggage prices
    const expiry = monthsAhead(24);
    const ok = await holdAs(
      'f1agent',
      holdBody(s, vj, [{ ...adult(1), passport: { pNumber: 'c7654321', expiryDate: expiry }, loyalty: [{ airline: 'VJ', number: 'SKY12345' }] }], {
        luggage: [{ paxId: 1, route: 'SGN-BKK', airline: 'VJ', type: 'depart', code: 'BG15' }],
      }),
    );
    const detail = (await get('f1agent', `/api/bookings/${ok.id}/detail`)).json<BookingDetail>();
    const pax = detail.pnrs[0].paxInfos[0];
    const [d, m, y] = expiry.split('/');
    const month = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'][Number(m) - 1];
    expect(pax.extraInfos).toContainEqual({ code: 'DOCS', value: `P/VNM/C7654321/VNM/15APR85/M/${d}${month}${y.slice(2)}/NGUYEN/VAN AN` });
    expect(pax.extraInfos).toContainEqual({ code: 'FQTV', value: 'VJ SKY12345' });
    expect(pax.loyalty).toBe('VJ SKY12345');
    expect(detail.luggage[0].price).toBe(286_000);
    // the completed booking carries the passport and the luggage bought
    const completed = (await get('f1agent', `/api/bookings/${ok.id}`)).json<CompletedBooking>();
    expect(completed.passengers[0].passport).toMatchObject({ nationCountry: 'VNM', expiryDate: expiry });
    expect(completed.passengers[0].passport!.pNumber.toUpperCase()).toBe('C7654321');
    expect(completed.luggage).toEqual([{ paxId: 1, route: 'SGN-BKK', airline: 'VJ', type: 'depart', code: 'BG15', price: 286_000, value: 15, unit: 'kg' }]);
  });

  it('writes the infant and companion remarks into each PNR’s paxInfos', async () => {
    const detail = (await get('f1agent', `/api/bookings/${sv.id}/detail`)).json<BookingDetail>();
    const [adt, chd, inf] = detail.pnrs[0].paxInfos;
    expect(adt.extraInfos).toEqual([]);
    expect(chd.extraInfos).toEqual([{ code: 'RM', value: `NGUYEN/VAN AN MR CHD TRAN/LAN MISS 01JAN${String((new Date().getFullYear() - 7) % 100).padStart(2, '0')}` }]);
    expect(inf.extraInfos).toHaveLength(1);
    expect(inf.extraInfos[0].code).toBe('INFT');
    expect(inf.extraInfos[0].value).toMatch(/^NGUYEN\/VAN AN MR INF NGUYEN\/BE MSTR \d{2}[A-Z]{3}\d{2}$/);
  });
});

describe('luggage options', () => {
  it('lists 15 to 40 kg for a carrier’s own channel, domestic and international prices; none for a GDS carrier', async () => {
    const dom = await get('member', '/api/luggage-options', { from: 'SGN', to: 'HAN', airline: 'VJ' });
    expect(dom.statusCode, dom.body).toBe(200);
    const list = dom.json<{ code: string; value: number; unit: string; price: number }[]>();
    expect(list.map((o) => o.value)).toEqual([15, 20, 25, 30, 35, 40]);
    expect(list.find((o) => o.value === 20)).toMatchObject({ code: 'BG20', unit: 'kg', price: 165_000 });
    const intl = (await get('member', '/api/luggage-options', { from: 'SGN', to: 'BKK', airline: 'VJ' })).json<{ price: number }[]>();
    intl.forEach((o, i) => expect(o.price).toBeGreaterThan(list[i].price));
    for (const airline of ['VN', 'QH', 'VU']) {
      expect((await get('member', '/api/luggage-options', { from: 'HAN', to: 'SGN', airline })).json<unknown[]>()).toHaveLength(6);
    }
    expect((await get('member', '/api/luggage-options', { from: 'SGN', to: 'SIN', airline: 'SQ' })).json()).toEqual([]);
    const bad = await get('member', '/api/luggage-options', { from: 'sgn', to: 'HAN', airline: 'VJ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ code: number }>().code).toBe(41);
  });
});

describe('booking scope on every endpoint', () => {
  const byId = (id: number, pnr: string) => [
    `/api/bookings/${id}`,
    `/api/bookings/${id}/detail`,
    `/api/bookings/${id}/print?pnr=${pnr}`,
    `/api/bookings/${id}/print.pdf?pnr=${pnr}`,
    `/api/reservation-status?pnr=${pnr}`,
    `/api/flights/fare-rules?pnr=${pnr}`,
  ];
  const listIds = async (user: string) => (await get(user, '/api/bookings', { pageSize: '100' })).json<{ data: BookingListItem[] }>().data.map((b) => b.id);

  it('an agent sees its own bookings only; VOID_VIEW_TICKETS its agency’s; an administrator its subtree; another agency nothing', async () => {
    const cases: [string, { id: number; pnr: string }, boolean][] = [
      ['f2agent', hn, true],
      ['member', hn, false], // same agency, another agent
      ['hnviewer', hn, true], // VOID_VIEW_TICKETS of the agency
      ['f2admin', hn, true],
      ['f1admin', hn, true], // the parent agency's administrator
      ['f1agent', hn, false], // the parent agency's agent
      ['otheradmin', hn, false],
      ['f1agent', sv, true],
      ['f2admin', sv, false], // a sub-agency never sees its parent's
      ['hnviewer', sv, false],
      ['otheradmin', sv, false],
      ['member', bags, true],
      ['f2agent', bags, false],
    ];
    for (const [user, b, sees] of cases) {
      for (const url of byId(b.id, b.pnr)) {
        const res = await get(user, url);
        expect(res.statusCode, `${user} ${url}: ${res.body.slice(0, 200)}`).toBe(sees ? 200 : 404);
        if (!sees) expect(res.json<{ code: number }>().code).toBe(44);
      }
      const mail = await call(gw, 'POST', `/api/bookings/${b.id}/mail`, { token: token(user), body: { to: ['x@example.vn'] } });
      expect(mail.statusCode, `${user} mail`).toBe(sees ? 200 : 404);
      expect((await listIds(user)).includes(b.id), `${user} list`).toBe(sees);
    }
    expect(await listIds('otheradmin')).toEqual([]);
  });

  it('an unknown booking or PNR is 404', async () => {
    for (const url of byId(9_999_999, 'ZZZZZZ')) expect((await get('f1admin', url)).statusCode).toBe(404);
  });
});

describe('booking/search', () => {
  const list = async (user: string, query: Record<string, string>) => {
    const res = await get(user, '/api/bookings', query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: BookingListItem[]; total: number }>();
  };
  const ids = async (user: string, query: Record<string, string>) => (await list(user, query)).data.map((b) => b.id).sort((a, b) => a - b);

  it('answers each booking with its PNRs, itinerary, lead passenger and total', async () => {
    const { data } = await list('f1admin', { pnr: hn.pnr });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ id: hn.id, status: 'HOLD', agencyCode: 'SAOVIET-HN', agentName: 'Hoàng Thu Hà', itinerary: 'HAN-SGN', leadPassenger: 'NGUYỄN/THỊ HẰNG', passengers: 1 });
    expect(data[0].pnrs).toEqual([expect.objectContaining({ pnr: hn.pnr, airline: 'VN', source: 'VN', recordStatus: 'BOOKED', issuedAt: '' })]);
    expect(data[0].departDate).toBe(inDays(20) + data[0].departDate.slice(10));
    const [b] = await gw.db.select().from(bookings).where(eq(bookings.id, hn.id));
    expect(data[0].total).toBe(b.totalFare + b.totalFees);
  });

  it('searches names through the folded names stored with the booking; the migration folds old bookings as the contract does', async () => {
    const [stored] = await gw.db.select({ names: bookings.passengerNames }).from(bookings).where(eq(bookings.id, hn.id));
    expect(stored.names).toBe('NGUYEN THI HANG\nTHI HANG NGUYEN');
    const migration = readdirSync(MIGRATIONS_FOLDER).find((f) => f.endsWith('_search_indexes_sql.sql'))!;
    // the backfill's statements: the SQL fold function, the update, its drop
    const backfill = readFileSync(path.join(MIGRATIONS_FOLDER, migration), 'utf8')
      .split('--> statement-breakpoint')
      .filter((st) => /search_fold_name|UPDATE "bookings"/.test(st));
    expect(backfill).toHaveLength(3);
    const ctx = (await loadUserByUsername(gw.db, 'f1admin'))!;
    const odd = [
      { paxId: 1, type: 'ADT', title: 'MRS', firstName: '  thị   ánh ', lastName: 'đặng' },
      { paxId: 2, type: 'CHD', title: 'MISS', firstName: 'Ngọc Diệp', lastName: 'HUỲNH' },
    ];
    const rollback = new Error('rollback');
    await expect(
      gw.db.transaction(async (tx) => {
        // a booking written before the column existed: no folded names yet
        const [old] = await tx
          .insert(bookings)
          .values({ agencyId: ctx.agency.id, status: 'HOLD', customerName: 'X', customerPhone: '0912345678', customerEmail: 'x@example.vn', adt: 1, chd: 1, inf: 0, passengers: odd, bookingFees: [] })
          .returning({ id: bookings.id });
        const found = async (name: string) => (await bookingList(tx, ctx, bookingListQuery.parse({ name, pageSize: '100' }))).data.map((b) => b.id);
        expect(await found('dang thi anh')).not.toContain(old.id);
        for (const st of backfill) await tx.execute(sql.raw(st));
        const rows = await tx.select({ id: bookings.id, passengers: bookings.passengers, names: bookings.passengerNames }).from(bookings);
        for (const r of rows) expect(r.names, `booking ${r.id}`).toBe(passengerNamesOf(r.passengers as { firstName: string; lastName: string }[]));
        expect(rows.find((r) => r.id === old.id)!.names).toBe('DANG THI ANH\nTHI ANH DANG\nHUYNH NGOC DIEP\nNGOC DIEP HUYNH');
        for (const name of ['dang thi anh', 'Đặng Thị Ánh', 'ánh đặng', 'ngoc diep', 'Huỳnh Ngọc']) expect(await found(name), name).toContain(old.id);
        expect(await found('anh huynh')).not.toContain(old.id);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });

  it('filters by PNR, name (accents and case ignored), airline, statuses, dates and agent', async () => {
    const all = [hn.id, sv.id, bags.id];
    const within = async (q: Record<string, string>) => (await ids('f1admin', q)).filter((id) => all.includes(id));
    expect(await within({ pnr: hn.pnr })).toEqual([hn.id]);
    expect(await within({ pnr: hn.pnr.slice(0, 5).toLowerCase() })).toContain(hn.id);
    expect(await within({ name: 'nguyen thi hang' })).toEqual([hn.id]);
    expect(await within({ name: 'HẰNG' })).toEqual([hn.id]);
    expect(await within({ name: 'Nguyễn Thị Hằng' })).toEqual([hn.id]);
    expect(await within({ name: 'thi hang nguyen' })).toEqual([hn.id]);
    expect(await within({ name: 'vu quang' })).toEqual([bags.id]);
    expect(await within({ name: 'tran lan' })).toEqual([sv.id]);
    expect(await within({ name: 'nobody here' })).toEqual([]);
    expect(await within({ airline: 'QH' })).toEqual([sv.id]);
    expect(await within({ airline: 'VJ' })).toEqual([bags.id]);
    expect(await within({ status: 'HOLD' })).toEqual(all);
    expect(await within({ status: 'CANCEL' })).toEqual([]);
    expect(await within({ recordStatus: 'BOOKED' })).toEqual(all);
    const today = inDays(0);
    expect(await within({ bookedFrom: today, bookedTo: today })).toEqual(all);
    expect(await within({ bookedFrom: inDays(1) })).toEqual([]);
    expect(await within({ bookedTo: inDays(-1) })).toEqual([]);
    expect(await within({ flightFrom: inDays(21), flightTo: inDays(22) })).toEqual([sv.id, bags.id].sort((a, b) => a - b));
    expect(await within({ flightFrom: inDays(20), flightTo: inDays(20) })).toEqual([hn.id]);
    const [{ userId }] = await gw.db.select({ userId: bookings.userId }).from(bookings).where(eq(bookings.id, bags.id));
    expect(await within({ agentId: String(userId) })).toEqual([bags.id]);
    // a hold in its last 30 minutes is TIME OUT COMMING, not BOOKED
    const [row] = await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, bags.id));
    const limit = row.timeLimit;
    await gw.db.update(pnrs).set({ timeLimit: new Date(Date.now() + 10 * 60_000) }).where(eq(pnrs.id, row.id));
    expect(await within({ recordStatus: 'TIME OUT COMMING' })).toEqual([bags.id]);
    expect(await within({ recordStatus: 'BOOKED' })).toEqual([hn.id, sv.id].sort((a, b) => a - b));
    await gw.db.update(pnrs).set({ timeLimit: limit }).where(eq(pnrs.id, row.id));
  });

  it('sorts by createdAt, departDate and total both ways, and pages on the server', async () => {
    for (const field of ['createdAt', 'departDate', 'total'] as const) {
      for (const dir of ['', '-']) {
        const { data } = await list('f1admin', { sort: `${dir}${field}`, pageSize: '100' });
        const values = data.map((b) => (field === 'total' ? b.total : field === 'departDate' ? b.departDate : b.createdAt));
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(values, `${dir}${field}`).toEqual(dir ? sorted.reverse() : sorted);
      }
    }
    const { total } = await list('f1admin', {});
    expect(total).toBeGreaterThanOrEqual(3);
    const pages = [];
    for (let page = 1; page <= total; page++) {
      const p = await list('f1admin', { page: String(page), pageSize: '1', sort: 'createdAt' });
      expect(p.total).toBe(total);
      expect(p.data).toHaveLength(1);
      pages.push(p.data[0].id);
    }
    expect(new Set(pages).size).toBe(total);
    expect(await list('f1admin', { page: String(total + 1), pageSize: '1' })).toEqual({ data: [], total });
  });

  it('work lists: filtered to what can be acted on now and sorted by deadline on the server, totals included', async () => {
    const rowOf = async (id: number) => (await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, id)))[0];
    const saved = await Promise.all([hn.id, sv.id, bags.id].map(rowOf));
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    try {
      // hn: a hold already past its time limit; sv and bags: live holds, bags the sooner
      await gw.db.update(pnrs).set({ timeLimit: at(-5) }).where(eq(pnrs.id, saved[0].id));
      await gw.db.update(pnrs).set({ timeLimit: at(120) }).where(eq(pnrs.id, saved[1].id));
      await gw.db.update(pnrs).set({ timeLimit: at(60) }).where(eq(pnrs.id, saved[2].id));
      for (const kind of ['issue', 'cancel']) {
        const page = await list('f1admin', { workList: kind, sort: 'deadline', pageSize: '100' });
        expect(page.total).toBe(page.data.length);
        const ours = page.data.map((b) => b.id).filter((id) => [hn.id, sv.id, bags.id].includes(id));
        expect(ours, kind).toEqual([bags.id, sv.id]);
        for (const b of page.data) expect(b.pnrs.some((p) => ['BOOKED', 'TIME OUT COMMING'].includes(p.recordStatus) && new Date(p.timeLimit).getTime() > Date.now())).toBe(true);
        const limits = page.data.map((b) => Math.min(...b.pnrs.filter((p) => p.timeLimit && new Date(p.timeLimit).getTime() > Date.now()).map((p) => new Date(p.timeLimit).getTime())));
        expect(limits).toEqual([...limits].sort((x, y) => x - y));
        // one per page: the total still counts only what the list acts on
        const first = await list('f1admin', { workList: kind, sort: 'deadline', pageSize: '1' });
        expect(first.total).toBe(page.total);
        expect(first.data.map((b) => b.id)).toEqual([page.data[0].id]);
      }
      // void: tickets inside their void window only, the soonest cut-off first
      await gw.db.update(pnrs).set({ recordStatus: 'ISSUE TICKET', issuedAt: at(-30), voidUntil: at(90) }).where(eq(pnrs.id, saved[0].id));
      await gw.db.update(pnrs).set({ recordStatus: 'ISSUE TICKET', issuedAt: at(-30), voidUntil: at(-1) }).where(eq(pnrs.id, saved[1].id));
      await gw.db.update(pnrs).set({ recordStatus: 'ISSUE TICKET', issuedAt: at(-30), voidUntil: at(30) }).where(eq(pnrs.id, saved[2].id));
      const voids = await list('f1admin', { workList: 'void', sort: 'deadline', pageSize: '100' });
      expect(voids.total).toBe(voids.data.length);
      expect(voids.data.map((b) => b.id).filter((id) => [hn.id, sv.id, bags.id].includes(id))).toEqual([bags.id, hn.id]);
      // scope still applies: f2agent sees its own booking only
      expect((await list('f2agent', { workList: 'void' })).data.map((b) => b.id)).toEqual([hn.id]);
      const bad = await get('f1admin', '/api/bookings', { workList: 'refund' });
      expect(bad.statusCode).toBe(400);
    } finally {
      for (const r of saved) await gw.db.update(pnrs).set({ recordStatus: r.recordStatus, timeLimit: r.timeLimit, issuedAt: r.issuedAt, voidUntil: r.voidUntil }).where(eq(pnrs.id, r.id));
    }
  });

  it('refuses bad query strings with 400/41 and changes nothing', async () => {
    const before = await bookingCount();
    const bad: Record<string, string>[] = [{ sort: 'price' }, { pageSize: '0' }, { pageSize: '101' }, { page: '0' }, { status: 'PAID' }, { recordStatus: 'OK' }, { bookedFrom: '01/06/2026' }, { flightTo: '2026-6-1' }, { airline: 'vietjet' }, { pnr: 'ABCDEFG' }, { agentId: 'x' }, { issuedOn: 'today' }];
    for (const query of bad) {
      const res = await get('f1admin', '/api/bookings', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json<{ code: number }>().code).toBe(41);
    }
    for (const [url, query] of [
      ['/api/reservation-status', { pnr: 'abc' }],
      ['/api/reservation-status', {}],
      [`/api/bookings/${hn.id}/print`, { price: 'all' }],
      [`/api/bookings/${hn.id}/print`, { lang: 'fr' }],
      ['/api/bookings/x/detail', {}],
      ['/api/flights/fare-rules', {}],
    ] as const) {
      const res = await get('f1admin', url, query);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ code: number }>().code).toBe(41);
    }
    expect(await bookingCount()).toBe(before);
  });
});

describe('booking-detail, reservation status and fare rules by PNR', () => {
  it('answers every field of the Booking (PNR) entity, the caller’s actions, and what the deposit paid', async () => {
    const res = await get('f2agent', `/api/bookings/${hn.id}/detail`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<BookingDetail>();
    expect(d).toMatchObject({ id: hn.id, status: 'HOLD', agentName: 'Hoàng Thu Hà', agencyCode: 'SAOVIET-HN', paid: 0 });
    expect(d.customerInfo).toEqual({ customerName: contact.name, customerAddress: '', listEmail: [contact.email], listPhones: [contact.phone] });
    const p = d.pnrs[0];
    expect(p).toMatchObject({ pnr: hn.pnr, recordStatus: 'BOOKED', airline: 'VN', source: 'VN', ticketFace: '', issuedAt: '', voidUntil: '' });
    expect(p.purchaseTimeLimit).toBe(p.timeLimit);
    const leg = p.routeInfos[0];
    expect(leg).toMatchObject({ from: 'HAN', to: 'SGN', departDate: inDays(20), status: 'HK', direction: 'depart' });
    expect(leg.timeFrom).toMatch(/^\d{2}:\d{2}$/);
    expect(leg.timeTo).toMatch(/^\d{2}:\d{2}$/);
    expect(leg.flightTime).toBeGreaterThan(60);
    expect(leg.flightNo).toMatch(/^VN\d+/);
    expect(leg.aircraftType).not.toBe('');
    expect(leg.startTerminal).not.toBe('');
    expect(leg.freeBaggage.description).not.toBe('');
    expect(leg.handBaggage.description).not.toBe('');
    expect(p.paxInfos).toEqual([{ paxId: 1, paxType: 'ADT', title: 'MR', firstName: 'THỊ HẰNG', lastName: 'NGUYỄN', birthDay: '15/04/1985', ticketNumber: '', loyalty: '', extraInfos: [] }]);
    const f = p.fareData;
    expect(f.totalPrice).toBe(f.totalReserve + f.issueFee + f.otherFee);
    expect(f.totalReserve).toBe(f.fareADT + f.taxADT + f.vatADT);
    expect(f.totalChargeCancel).toBe(0);
    // f2agent holds BOOKING_TICKET only: it can cancel and print, not issue
    expect(p.actions).toEqual(['cancel', 'print']);
    const admin = (await get('f1admin', `/api/bookings/${hn.id}/detail`)).json<BookingDetail>();
    expect(admin.pnrs[0].actions).toEqual(['issue', 'cancel', 'print']);
  });

  it('after issue: ticket numbers, the ticket face link, void within the window and paid = C − V − R of its PNRs', async () => {
    const [agency] = await gw.db.select().from(agencies).where(eq(agencies.code, 'SAOVIET'));
    const [row] = await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, sv.id));
    await gw.db.transaction(async (tx) => {
      await postEntry(tx, { type: 'T', agencyId: agency.id, amount: row.totalPrice * 2, reference: 'test top-up' });
      await postEntry(tx, { type: 'C', agencyId: agency.id, amount: row.totalPrice, reference: `issue ${row.pnr}`, pnr: row.pnr, bookingRef: String(sv.id) });
      await postEntry(tx, { type: 'V', agencyId: agency.id, amount: 1000, reference: `part ${row.pnr}`, pnr: row.pnr, bookingRef: String(sv.id) });
    });
    const tickets = [1, 2, 3].map((paxId) => ({ paxId, ticketNumber: `738240000000${paxId}` }));
    await gw.db
      .update(pnrs)
      .set({ recordStatus: 'ISSUE TICKET', tickets, issuedAt: new Date(), voidUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(pnrs.id, row.id));
    const d = (await get('f1admin', `/api/bookings/${sv.id}/detail`)).json<BookingDetail>();
    const p = d.pnrs[0];
    expect(d.paid).toBe(row.totalPrice - 1000);
    expect(p.recordStatus).toBe('ISSUE TICKET');
    expect(p.paxInfos.map((x) => x.ticketNumber)).toEqual(tickets.map((t) => t.ticketNumber));
    expect(p.ticketFace).toBe(`/ticket-face?pnr=${row.pnr}`);
    expect(p.purchaseTimeLimit).toBe('');
    expect(p.actions).toEqual(['void', 'print']);
    // issued today (local day), listed by issuedOn
    const today = (await get('f1admin', '/api/bookings', { issuedOn: inDays(0) })).json<{ data: BookingListItem[] }>().data.map((b) => b.id);
    expect(today).toEqual([sv.id]);
    expect((await get('f1admin', '/api/bookings', { issuedOn: inDays(-1) })).json<{ total: number }>().total).toBe(0);
    expect((await get('f1admin', '/api/bookings', { recordStatus: 'ISSUE TICKET' })).json<{ data: BookingListItem[] }>().data.map((b) => b.id)).toEqual([sv.id]);
  });

  it('reservation status of a PNR in scope', async () => {
    const res = await get('f2admin', '/api/reservation-status', { pnr: hn.pnr });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<ReservationStatus>();
    expect(r).toMatchObject({ bookingId: hn.id, pnr: hn.pnr, airline: 'VN', source: 'VN', recordStatus: 'BOOKED', bookingStatus: 'HOLD', itinerary: 'HAN-SGN', passengers: 1, tickets: 0 });
    expect(r.departDate.slice(0, 10)).toBe(inDays(20));
  });

  it('fare rules by booking reference: the rule of the fare the PNR holds', async () => {
    const res = await get('f2agent', '/api/flights/fare-rules', { pnr: hn.pnr });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, hn.id));
    const fare = (row.fareData as (PriceInfo & { class: string })[])[0];
    expect(res.json<FareRule>()).toEqual(instant.flight('VN').fareRules({ airline: 'VN', class: fare.class, fareBasis: fare.fareInfo.fareBasis, isInternational: false }, { lang: 'vi' }));
    // the airline form still works
    expect((await get('f2agent', '/api/flights/fare-rules', { airline: 'VN', class: 'Y' })).statusCode).toBe(200);
    expect((await get('f2agent', '/api/flights/fare-rules', { airline: 'VN' })).statusCode).toBe(400);
  });

  it('fare rules by booking reference give each direction’s rule, route first, when the fares differ', async () => {
    const run = await searchToEnd(gw, token('f1agent'), { journeyType: 'RT', legs: [{ from: 'HAN', to: 'SGN', departDate: inDays(26) }], returnDate: inDays(29), adt: 1 });
    const single = (o: FlightOffer, d: string) => o.source === 'VN' && o.direction === d && o.routeInfo.length === 1;
    const dep = run.offers.find((o) => single(o, 'depart'))!;
    const ret = run.offers.find((o) => single(o, 'return'))!;
    const depPrice = dep.priceInfo.find((p) => p.seatAvailable >= 2)!;
    const retPrice = ret.priceInfo.find((p) => p.seatAvailable >= 2 && p.fareInfo.fareFamily !== depPrice.fareInfo.fareFamily)!;
    const held = await holdAs('f1agent', {
      sessionId: run.started.sessionId,
      selected: [{ offerId: dep.id, class: depPrice.class }, { offerId: ret.id, class: retPrice.class }],
      passengers: [adult(1)],
      contact,
    });
    const res = await get('f1agent', '/api/flights/fare-rules', { pnr: held.pnr });
    expect(res.statusCode, res.body).toBe(200);
    const rule = res.json<FareRule>();
    const of = (p: PriceInfo) => instant.flight('VN').fareRules({ airline: 'VN', class: p.class, fareBasis: p.fareInfo.fareBasis, isInternational: false }, { lang: 'vi' }).list;
    expect(rule.list).toEqual([
      ...of(depPrice).map((l) => ({ type: l.type, fareRule: `HAN-SGN: ${l.fareRule}` })),
      ...of(retPrice).map((l) => ({ type: l.type, fareRule: `SGN-HAN: ${l.fareRule}` })),
    ]);
    expect(rule.isInternational).toBe(false);
  });
});

describe('booking/mail', () => {
  it('queues one outbox message per address (text and HTML) and writes an audit entry', async () => {
    const before = (await gw.db.select({ n: count() }).from(outbox))[0].n;
    const res = await call(gw, 'POST', `/api/bookings/${hn.id}/mail`, {
      token: token('f2agent'),
      body: { to: ['khach.hang@example.vn'], pnr: hn.pnr, price: 'none', lang: 'en', message: 'Have a nice trip' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ queued: 1 });
    const rows = await gw.db.select().from(outbox).where(eq(outbox.toAddress, 'khach.hang@example.vn'));
    expect(rows).toHaveLength(1);
    expect((await gw.db.select({ n: count() }).from(outbox))[0].n).toBe(before + 1);
    expect(rows[0].subject).toBe(`Flight itinerary ${hn.pnr} - Đại lý Sao Việt Hà Đông`);
    expect(rows[0].body).toMatch(/^Content-Type: multipart\/alternative; boundary="/);
    const parts = [...rows[0].body.matchAll(/Content-Type: (text\/\w+); charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n([\s\S]*?)\r\n--/g)];
    expect(parts.map((p) => p[1])).toEqual(['text/plain', 'text/html']);
    const text = Buffer.from(parts[0][2].replace(/\r\n/g, ''), 'base64').toString('utf8');
    const html = Buffer.from(parts[1][2].replace(/\r\n/g, ''), 'base64').toString('utf8');
    expect(text).toContain(`Booking reference: ${hn.pnr}`);
    expect(text).toContain('MR NGUYỄN THỊ HẰNG');
    expect(text).toContain('Have a nice trip');
    expect(text).not.toMatch(/Total|VND/);
    expect(html).toContain(`<h3>Booking reference: ${hn.pnr} - Vietnam Airlines</h3>`);
    const audit = await gw.db.select().from(auditLog).where(and(eq(auditLog.action, 'booking.mailed'), eq(auditLog.target, `booking:${hn.id}`)));
    expect(audit.at(-1)?.detail).toMatchObject({ to: ['khach.hang@example.vn'], pnrs: [hn.pnr], price: 'none', lang: 'en' });
  });

  it('with prices in Vietnamese by default; refuses a bad address with 400/41 and queues nothing', async () => {
    const ok = await call(gw, 'POST', `/api/bookings/${hn.id}/mail`, { token: token('f2agent'), body: { to: ['gia@example.vn'] } });
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await gw.db.select().from(outbox).where(eq(outbox.toAddress, 'gia@example.vn'));
    expect(row.subject).toContain(`Hành trình chuyến bay ${hn.pnr}`);
    const before = (await gw.db.select({ n: count() }).from(outbox))[0].n;
    for (const to of [['not-an-address'], ['a@example.vn', 'b@'], []]) {
      const res = await call(gw, 'POST', `/api/bookings/${hn.id}/mail`, { token: token('f2agent'), body: { to } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ code: number }>().code).toBe(41);
    }
    expect((await gw.db.select({ n: count() }).from(outbox))[0].n).toBe(before);
  });
});

describe('ticket face (public)', () => {
  it('opens by PNR and a passenger’s last name, case and accents ignored, without prices or contact data', async () => {
    const ip = nextIp();
    for (const lastName of ['Nguyễn', 'nguyen', 'NGUYEN ']) {
      const res = await call(gw, 'GET', '/api/ticket-face', { query: { pnr: sv.pnr.toLowerCase(), lastName }, ip });
      expect(res.statusCode, res.body).toBe(200);
      const t = res.json<TicketFace>();
      expect(t).toMatchObject({ pnr: sv.pnr, airline: 'QH', status: 'ISSUE TICKET', agentName: 'Đại lý Sao Việt' });
      expect(t.passengers.map((p) => p.ticketNumber)).toEqual(['7382400000001', '7382400000002', '7382400000003']);
      expect(Object.keys(t.passengers[0]).sort()).toEqual(['firstName', 'lastName', 'paxType', 'ticketNumber', 'title']);
      expect(res.body).not.toMatch(/fare|price|total|0912345678|an@example\.vn|C1234567/i);
    }
    // the child's last name opens it too
    expect((await call(gw, 'GET', '/api/ticket-face', { query: { pnr: sv.pnr, lastName: 'tran' }, ip })).statusCode).toBe(200);
  });

  it('a wrong name and an unknown PNR answer the same 404', async () => {
    const ip = nextIp();
    const wrongName = await call(gw, 'GET', '/api/ticket-face', { query: { pnr: sv.pnr, lastName: 'Le' }, ip });
    const wrongPnr = await call(gw, 'GET', '/api/ticket-face', { query: { pnr: 'ZZZZZ9', lastName: 'Nguyen' }, ip });
    expect(wrongName.statusCode).toBe(404);
    expect(wrongPnr.statusCode).toBe(404);
    expect(wrongName.body).toBe(wrongPnr.body);
    expect((await call(gw, 'GET', '/api/ticket-face', { query: { pnr: 'AB', lastName: 'Nguyen' }, ip })).statusCode).toBe(400);
  });

  it(`allows ${TICKET_FACE_LIMIT} lookups per address in 10 minutes, then 429 with Retry-After`, async () => {
    const ip = nextIp();
    for (let i = 0; i < TICKET_FACE_LIMIT; i++) {
      const res = await call(gw, 'GET', '/api/ticket-face', { query: { pnr: 'ZZZZZ9', lastName: 'Nguyen' }, ip });
      expect(res.statusCode).toBe(404);
    }
    const limited = await call(gw, 'GET', '/api/ticket-face', { query: { pnr: sv.pnr, lastName: 'Nguyen' }, ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ code: number }>().code).toBe(58);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600);
    // another address is not held back
    expect((await call(gw, 'GET', '/api/ticket-face', { query: { pnr: sv.pnr, lastName: 'Nguyen' }, ip: nextIp() })).statusCode).toBe(200);
  });
});

describe('print info', () => {
  it('is answered for the first held PNR when none is named', async () => {
    const res = await get('member', `/api/bookings/${bags.id}/print`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PrintInfo>().pnrCode).toBe(bags.pnr);
  });
});
