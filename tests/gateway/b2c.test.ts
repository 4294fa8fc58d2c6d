/**
 * B2C API: the storefront settings (slug unique), tours (sanitised bodies, own images, departures), the
 * public storefront (published tours only, markup in prices), storefront orders (validation, captcha-free
 * here, rate limit per address, confirmation e-mail) landing in the agency's list, the status flow with
 * seats taken on confirmation and given back on cancel, notes, assignment, permissions, and two confirmations
 * racing for the last seat (run with TEST_DATABASE_URL for real PostgreSQL concurrency); the storefront's
 * articles and fare rules (USE_B2C, agency scope, stored XSS inert, only published ones public) and the
 * rate limit on the storefront's public reads.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../contract/auth';
import { B2C_API, b2cPath, type B2cNews, type B2cNewsInput, type B2cOrder, type FareRule, type FareRuleInput, type OrderPaymentInput, type StoreNewsPage, type Storefront, type StoreFareRules, type StoreNews, type Tour, type TourInput } from '../../contract/b2c';
import { ErrorCode } from '../../contract/errors';
import { todayInVietnam, addDays } from '../../gateway/platform/clock';
import { auditLog, b2cDepartures, b2cFareRules, b2cNews, b2cOrderPayments, b2cOrders, outbox, rateLimits, users } from '../../gateway/platform/db/schema';
import { peek } from '../../gateway/platform/limits';
import { DEMO_STORE_SLUG, seedB2c } from '../../gateway/seed/b2c';
import { ORDER_RATE } from '../../gateway/b2c/orders';
import { STORE_READS } from '../../gateway/b2c/routes';
import { XSS_CORPUS, XSS_MARKERS } from '../support/xss-corpus';
import { call, login, nextIp, startGateway, usingPostgres, type Gateway } from './helpers';

let gw: Gateway;
const sessions = new Map<string, LoginResult>();
const token = (u: string) => sessions.get(u)!.accessToken;
const today = todayInVietnam();

beforeAll(async () => {
  gw = await startGateway();
  expect(await seedB2c(gw.db)).toBe(3);
  expect(await seedB2c(gw.db)).toBe(0);
  for (const u of ['f1admin', 'f2admin']) sessions.set(u, await login(gw, u));
}, 60_000);
afterAll(async () => {
  await gw?.close();
});

const tourBody = (over: Partial<TourInput> = {}): TourInput => ({
  title: 'Đà Nẵng – Hội An 3 ngày',
  summary: 'Phố cổ, Bà Nà',
  destination: 'Đà Nẵng',
  days: 3,
  bodyHtml: `<p>Giới thiệu</p>${XSS_CORPUS}`,
  itinerary: [{ title: 'Ngày 1', bodyHtml: XSS_CORPUS }],
  inclusions: ['Khách sạn'],
  exclusions: ['Vé máy bay'],
  status: 'published',
  departures: [{ date: addDays(today, 30), seatsTotal: 3, prices: { adult: 3_000_000, child: 2_000_000, infant: 300_000 } }],
  ...over,
});

async function makeTour(over: Partial<TourInput> = {}): Promise<Tour> {
  const res = await call(gw, 'POST', B2C_API.tours, { token: token('f1admin'), body: tourBody(over) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Tour>();
}

const customer = { name: 'Nguyễn Thị Lan', phone: '0912345678', email: 'lan@example.com' };

async function order(departureId: number, adult = 1, ip = nextIp()) {
  return call(gw, 'POST', b2cPath(B2C_API.storeOrders, { slug: DEMO_STORE_SLUG }), {
    tsp: undefined,
    ip,
    body: { kind: 'tour', departureId, pax: { adult, child: 0, infant: 0 }, ...customer, note: null },
  });
}

async function pay(id: number, over: Partial<OrderPaymentInput> = {}, as = 'f1admin', url: string = B2C_API.orderPayment) {
  return call(gw, 'POST', b2cPath(url, { id }), { token: token(as), body: { amount: 0, method: 'cash', idempotencyKey: randomUUID(), ...over } });
}

async function setStatus(id: number, status: string) {
  return call(gw, 'POST', b2cPath(B2C_API.orderStatus, { id }), { token: token('f1admin'), body: { status, note: null } });
}

describe('permissions', () => {
  it('refuses every agency endpoint without USE_B2C and answers the storefront without a token', async () => {
    for (const url of [B2C_API.config, B2C_API.tours, B2C_API.orders, B2C_API.agents]) {
      const res = await call(gw, 'GET', url, { token: token('f2admin') });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe(ErrorCode.FORBIDDEN);
    }
    expect((await call(gw, 'GET', B2C_API.tours)).statusCode).toBe(401);
    expect((await call(gw, 'GET', b2cPath(B2C_API.store, { slug: DEMO_STORE_SLUG }))).statusCode).toBe(200);
    expect((await call(gw, 'GET', b2cPath(B2C_API.store, { slug: 'nobody-here' }))).statusCode).toBe(404);
  });
});

describe('config', () => {
  it('saves the settings, refuses a bad slug and a slug of another agency', async () => {
    const got = await call(gw, 'GET', B2C_API.config, { token: token('f1admin') });
    expect(got.json().config.slug).toBe(DEMO_STORE_SLUG);
    const body = { slug: DEMO_STORE_SLUG, name: 'Sao Việt Travel', theme: 'red', phone: '0901234567', email: 'a@b.vn', tourMarkup: 100_000, products: ['tours', 'flights'] };
    const saved = await call(gw, 'PUT', B2C_API.config, { token: token('f1admin'), body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Sao Việt Travel', theme: 'red', tourMarkup: 100_000 });
    for (const bad of [{ ...body, slug: 'Có dấu' }, { ...body, phone: '123' }, { ...body, theme: 'green' }, { ...body, tourMarkup: -1 }]) {
      const res = await call(gw, 'PUT', B2C_API.config, { token: token('f1admin'), body: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // another agency may not take the slug
    await gw.db.update(users).set({ extraPermissions: ['use_b2c'] }).where(eq(users.username, 'f2admin'));
    const taken = await call(gw, 'PUT', B2C_API.config, { token: token('f2admin'), body: { ...body, name: 'Khác' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().data.reason).toBe('slugTaken');
    await gw.db.update(users).set({ extraPermissions: [] }).where(eq(users.username, 'f2admin'));
    // back to no markup for the price checks below
    await call(gw, 'PUT', B2C_API.config, { token: token('f1admin'), body: { ...body, theme: 'blue', tourMarkup: 0 } });
  });
});

describe('tours', () => {
  it('sanitises the description and every itinerary day', async () => {
    const t = await makeTour({ status: 'draft' });
    for (const html of [t.bodyHtml, t.itinerary[0].bodyHtml]) {
      for (const bad of XSS_MARKERS) expect(html.toLowerCase(), bad).not.toContain(bad);
    }
    expect(t.bodyHtml).toContain('<p>Giới thiệu</p>');
    expect(t.departures[0]).toMatchObject({ seatsTotal: 3, seatsTaken: 0, prices: { adult: 3_000_000 } });
  });

  it('refuses an image that is not the agency’s own upload and bad departures, changing nothing', async () => {
    const before = (await call(gw, 'GET', B2C_API.tours, { token: token('f1admin') })).json().total;
    const img = await call(gw, 'POST', B2C_API.tours, { token: token('f1admin'), body: tourBody({ imageUploadIds: ['00000000-0000-4000-8000-000000000000'] }) });
    expect(img.statusCode).toBe(404);
    const bad = await call(gw, 'POST', B2C_API.tours, { token: token('f1admin'), body: tourBody({ departures: [{ date: 'mai', seatsTotal: 0, prices: { adult: 0, child: 0, infant: 0 } }] }) });
    expect(bad.statusCode).toBe(400);
    expect((await call(gw, 'GET', B2C_API.tours, { token: token('f1admin') })).json().total).toBe(before);
  });

  it('shows only published tours on the storefront', async () => {
    const draft = await makeTour({ title: 'Bản nháp tour', status: 'draft' });
    const closed = await makeTour({ title: 'Tour đã đóng', status: 'closed' });
    const store = (await call(gw, 'GET', b2cPath(B2C_API.store, { slug: DEMO_STORE_SLUG }))).json<Storefront>();
    const titles = store.tours.map((t) => t.title);
    expect(titles).toContain('Sa Pa – Fansipan 2 ngày');
    expect(titles).not.toContain('Bản nháp tour');
    expect(titles).not.toContain('Tour đã đóng');
    for (const id of [draft.id, closed.id]) {
      expect((await call(gw, 'GET', b2cPath(B2C_API.storeTour, { slug: DEMO_STORE_SLUG, id }))).statusCode).toBe(404);
    }
  });
});

describe('orders', () => {
  it('takes an order from the storefront: it lands in the list, with the price and a confirmation e-mail', async () => {
    const t = await makeTour();
    const res = await order(t.departures[0].id, 2);
    expect(res.statusCode, res.body).toBe(200);
    const { code, total } = res.json();
    expect(total).toBe(6_000_000);
    const [mail] = await gw.db.select().from(outbox).where(eq(outbox.toAddress, customer.email)).orderBy(sql`${outbox.id} desc`).limit(1);
    expect(mail.subject).toContain(code);
    expect(mail.body).toContain('6.000.000');
    const list = await call(gw, 'GET', B2C_API.orders, { token: token('f1admin'), query: { q: code } });
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({ code, status: 'new', tourTitle: t.title, customerName: customer.name });
  });

  it('refuses bad customer details and a sold-out party, storing nothing', async () => {
    const t = await makeTour();
    const url = b2cPath(B2C_API.storeOrders, { slug: DEMO_STORE_SLUG });
    const before = (await call(gw, 'GET', B2C_API.orders, { token: token('f1admin') })).json().total;
    for (const bad of [{ phone: '12345' }, { email: 'not-mail' }, { name: 'Lan <b>' }]) {
      const res = await call(gw, 'POST', url, { ip: nextIp(), body: { kind: 'tour', departureId: t.departures[0].id, pax: { adult: 1 }, ...customer, ...bad } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const tooMany = await order(t.departures[0].id, 4);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().data.reason).toBe('soldOut');
    expect((await call(gw, 'GET', B2C_API.orders, { token: token('f1admin') })).json().total).toBe(before);
  });

  it('takes a flight enquiry', async () => {
    const res = await call(gw, 'POST', b2cPath(B2C_API.storeOrders, { slug: DEMO_STORE_SLUG }), {
      ip: nextIp(),
      body: { kind: 'flight', from: 'han', to: 'SGN', date: addDays(today, 10), pax: { adult: 1, child: 1 }, ...customer },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBeNull();
  });

  it('limits the orders of one address', async () => {
    const t = await makeTour({ departures: [{ date: addDays(today, 40), seatsTotal: 100, prices: { adult: 1_000_000, child: 0, infant: 0 } }] });
    const ip = nextIp();
    for (let i = 0; i < ORDER_RATE.max; i += 1) expect((await order(t.departures[0].id, 1, ip)).statusCode).toBe(200);
    const refused = await order(t.departures[0].id, 1, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(ErrorCode.RATE_LIMITED);
    expect((await order(t.departures[0].id, 1, nextIp())).statusCode).toBe(200);
  });

  it('moves through the flow, takes seats on confirmation, gives them back on cancel, keeps history', async () => {
    const t = await makeTour();
    const depId = t.departures[0].id;
    const { code } = (await order(depId, 2)).json();
    const id = (await call(gw, 'GET', B2C_API.orders, { token: token('f1admin'), query: { q: code } })).json().data[0].id as number;
    const seats = async () => (await gw.db.select().from(b2cDepartures).where(eq(b2cDepartures.id, depId)))[0].seatsTaken;
    const plainPaid = await setStatus(id, 'paid');
    expect(plainPaid.statusCode).toBe(409); // paid only by recording the payment
    expect(plainPaid.json().data.reason).toBe('paymentRequired');
    expect((await pay(id, { amount: 6_000_000 })).statusCode).toBe(200); // a step may be skipped
    expect(await seats()).toBe(2);
    const back = await setStatus(id, 'new');
    expect(back.statusCode).toBe(409);
    expect(back.json().data.reason).toBe('transition');
    const cancelPaid = await setStatus(id, 'cancelled');
    expect(cancelPaid.statusCode).toBe(409); // a paid order is cancelled only with its refund
    expect(cancelPaid.json().data.reason).toBe('refundRequired');
    const other = (await order(depId, 1)).json().code;
    const otherId = (await call(gw, 'GET', B2C_API.orders, { token: token('f1admin'), query: { q: other } })).json().data[0].id as number;
    const mailsOf = async (c: string) => (await gw.db.select().from(outbox).where(sql`${outbox.subject} like ${`%${c}%`}`).orderBy(outbox.id)).map((m) => m.subject);
    expect(await mailsOf(code)).toEqual([expect.stringContaining('đã nhận'), expect.stringContaining('đã thanh toán xong')]);
    expect((await setStatus(otherId, 'contacted')).statusCode).toBe(200);
    expect(await mailsOf(other)).toHaveLength(1); // "contacted" is the agency's own step: no e-mail
    expect((await setStatus(otherId, 'confirmed')).statusCode).toBe(200);
    const [, confirmed] = await gw.db.select().from(outbox).where(sql`${outbox.subject} like ${`%${other}%`}`).orderBy(outbox.id);
    expect(confirmed.toAddress).toBe(customer.email);
    expect(confirmed.subject).toContain('đã được xác nhận');
    expect(confirmed.body).toContain('3.000.000');
    expect(await seats()).toBe(3);
    expect((await setStatus(otherId, 'cancelled')).statusCode).toBe(200);
    expect((await mailsOf(other)).at(-1)).toContain('đã bị huỷ');
    expect(await seats()).toBe(2);
    const agents = (await call(gw, 'GET', B2C_API.agents, { token: token('f1admin') })).json() as { id: number; name: string }[];
    const assigned = await call(gw, 'POST', b2cPath(B2C_API.orderAssign, { id: otherId }), { token: token('f1admin'), body: { userId: agents[0].id } });
    expect(assigned.json().assigneeId).toBe(agents[0].id);
    const noted = await call(gw, 'POST', b2cPath(B2C_API.orderNotes, { id: otherId }), { token: token('f1admin'), body: { note: 'Khách hẹn gọi lại' } });
    const history = noted.json<B2cOrder>().history;
    expect(history.map((h) => h.kind)).toEqual(['created', 'status', 'status', 'status', 'assigned', 'note']);
    expect(history.map((h) => h.to).slice(1, 4)).toEqual(['contacted', 'confirmed', 'cancelled']);
  });

  it(`two confirmations race for the last seat: one wins (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const t = await makeTour({ departures: [{ date: addDays(today, 50), seatsTotal: 1, prices: { adult: 1_000_000, child: 0, infant: 0 } }] });
    const depId = t.departures[0].id;
    const ids: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const { code } = (await order(depId, 1)).json();
      ids.push((await call(gw, 'GET', B2C_API.orders, { token: token('f1admin'), query: { q: code } })).json().data[0].id);
    }
    const answers = await Promise.all(ids.map((id) => setStatus(id, 'confirmed')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().data.reason).toBe('soldOut');
    const [dep] = await gw.db.select().from(b2cDepartures).where(eq(b2cDepartures.id, depId));
    expect(dep.seatsTaken).toBe(1);
  });
});

describe('payments', () => {
  const idOf = async (code: string) => (await call(gw, 'GET', B2C_API.orders, { token: token('f1admin'), query: { q: code } })).json().data[0].id as number;
  const snapshot = async (id: number) => ({
    order: (await gw.db.select().from(b2cOrders).where(eq(b2cOrders.id, id)))[0],
    payments: await gw.db.select().from(b2cOrderPayments).where(eq(b2cOrderPayments.orderId, id)),
    audits: (await gw.db.select().from(auditLog).where(and(eq(auditLog.target, (await gw.db.select().from(b2cOrders).where(eq(b2cOrders.id, id)))[0].code)))).length,
  });

  it('records the customer’s payment once: amount, method, reference, who and when, in the detail and the history', async () => {
    const t = await makeTour();
    const id = await idOf((await order(t.departures[0].id, 2)).json().code);
    expect((await setStatus(id, 'confirmed')).statusCode).toBe(200);
    const key = randomUUID();
    const body = { amount: 6_000_000, method: 'transfer' as const, reference: 'VCB 123456', note: 'Khách chuyển khoản', idempotencyKey: key };
    const res = await pay(id, body);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json<B2cOrder>();
    expect(o).toMatchObject({ status: 'paid', paidAmount: 6_000_000, refundedAmount: null, total: 6_000_000 });
    expect(o.payments).toEqual([expect.objectContaining({ kind: 'payment', amount: 6_000_000, method: 'transfer', reference: 'VCB 123456', note: 'Khách chuyển khoản', userName: expect.any(String) })]);
    expect(Date.now() - Date.parse(o.payments[0].at)).toBeLessThan(60_000);
    expect(o.history.at(-1)).toMatchObject({ kind: 'payment', from: 'confirmed', to: 'paid', payment: { amount: 6_000_000, method: 'transfer', reference: 'VCB 123456' } });
    const [audit] = await gw.db.select().from(auditLog).where(and(eq(auditLog.action, 'b2c.order.payment'), eq(auditLog.target, o.code)));
    expect(audit.detail).toMatchObject({ amount: 6_000_000, method: 'transfer' });
    // the list shows what was paid
    expect((await call(gw, 'GET', B2C_API.orders, { token: token('f1admin'), query: { q: o.code } })).json().data[0]).toMatchObject({ status: 'paid', paidAmount: 6_000_000 });

    // a replay of the same call answers the same order and records nothing new
    const before = await snapshot(id);
    const replay = await pay(id, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json<B2cOrder>().payments).toEqual(o.payments);
    // the same key for another body, and a second payment under a new key: refused, nothing changes
    const reused = await pay(id, { ...body, amount: 5_000_000 });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().data.reason).toBe('idempotencyKeyReused');
    const twice = await pay(id, { ...body, idempotencyKey: randomUUID() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data.reason).toBe('alreadyPaid');
    expect(await snapshot(id)).toEqual(before);
  });

  it('refuses a wrong amount, a transfer without reference and a cancelled order, changing nothing', async () => {
    const t = await makeTour();
    const id = await idOf((await order(t.departures[0].id, 1)).json().code);
    const before = await snapshot(id);
    for (const [over, reason] of [[{ amount: 2_999_999 }, 'amount'], [{ amount: 3_000_001 }, 'amount'], [{ amount: 3_000_000, method: 'transfer' }, 'reference']] as const) {
      const res = await pay(id, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().data.reason).toBe(reason);
    }
    expect((await pay(id, { amount: 3_000_000.5 })).statusCode).toBe(400);
    expect((await pay(id, { amount: 3_000_000, method: 'cheque' as never })).statusCode).toBe(400);
    expect((await pay(id, { amount: 3_000_000, idempotencyKey: 'not-a-key' })).statusCode).toBe(400);
    expect(await snapshot(id)).toEqual(before);
    expect((await setStatus(id, 'cancelled')).statusCode).toBe(200);
    const cancelled = await snapshot(id);
    const res = await pay(id, { amount: 3_000_000 });
    expect(res.statusCode).toBe(409);
    expect(res.json().data.reason).toBe('cancelled');
    expect(await snapshot(id)).toEqual(cancelled);
  });

  it('cancels a paid order only with its refund: seats go back, the refund is recorded once', async () => {
    const t = await makeTour();
    const depId = t.departures[0].id;
    const id = await idOf((await order(depId, 2)).json().code);
    const seats = async () => (await gw.db.select().from(b2cDepartures).where(eq(b2cDepartures.id, depId)))[0].seatsTaken;
    expect((await pay(id, { amount: 6_000_000, method: 'card' })).statusCode).toBe(200);
    expect(await seats()).toBe(2);
    const unpaid = await idOf((await order(depId, 1)).json().code);
    const notPaid = await pay(unpaid, { amount: 0 }, 'f1admin', B2C_API.orderRefund);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().data.reason).toBe('notPaid');
    const tooMuch = await pay(id, { amount: 6_000_001 }, 'f1admin', B2C_API.orderRefund);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().data).toMatchObject({ reason: 'amount', max: 6_000_000 });
    expect(await seats()).toBe(2);
    const key = randomUUID();
    const refund = await pay(id, { amount: 5_500_000, note: 'Phí huỷ 500.000', idempotencyKey: key }, 'f1admin', B2C_API.orderRefund);
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json<B2cOrder>()).toMatchObject({ status: 'cancelled', paidAmount: 6_000_000, refundedAmount: 5_500_000 });
    expect(refund.json<B2cOrder>().history.at(-1)).toMatchObject({ kind: 'refund', from: 'paid', to: 'cancelled', payment: { amount: 5_500_000, method: 'cash' } });
    expect(await seats()).toBe(0);
    const after = await snapshot(id);
    expect((await pay(id, { amount: 5_500_000, note: 'Phí huỷ 500.000', idempotencyKey: key }, 'f1admin', B2C_API.orderRefund)).statusCode).toBe(200);
    const again = await pay(id, { amount: 5_500_000 }, 'f1admin', B2C_API.orderRefund);
    expect(again.statusCode).toBe(409);
    expect(again.json().data.reason).toBe('alreadyRefunded');
    expect(await snapshot(id)).toEqual(after);
  });

  it('takes a quoted enquiry’s payment at the price agreed, which becomes its total', async () => {
    const res = await call(gw, 'POST', b2cPath(B2C_API.storeOrders, { slug: DEMO_STORE_SLUG }), {
      ip: nextIp(), body: { kind: 'flight', from: 'HAN', to: 'DAD', date: addDays(today, 12), pax: { adult: 1 }, ...customer },
    });
    const id = await idOf(res.json().code);
    expect((await pay(id, { amount: 0 })).statusCode).toBe(400);
    const paid = await pay(id, { amount: 1_850_000, method: 'card' });
    expect(paid.json<B2cOrder>()).toMatchObject({ status: 'paid', total: 1_850_000, paidAmount: 1_850_000, trainStatus: null });
  });

  it(`two payments race on one order: one is recorded (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const t = await makeTour();
    const id = await idOf((await order(t.departures[0].id, 1)).json().code);
    const answers = await Promise.all([pay(id, { amount: 3_000_000 }), pay(id, { amount: 3_000_000, method: 'card' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await gw.db.select().from(b2cOrderPayments).where(eq(b2cOrderPayments.orderId, id))).toHaveLength(1);
  });

  it('keeps another agency away from the order: no payment, no refund, nothing changes', async () => {
    const t = await makeTour();
    const id = await idOf((await order(t.departures[0].id, 1)).json().code);
    const before = await snapshot(id);
    await gw.db.update(users).set({ extraPermissions: ['use_b2c'] }).where(eq(users.username, 'f2admin'));
    try {
      for (const url of [B2C_API.orderPayment, B2C_API.orderRefund]) {
        const res = await pay(id, { amount: 3_000_000 }, 'f2admin', url);
        expect(res.statusCode, url).toBe(404);
      }
      expect((await call(gw, 'GET', b2cPath(B2C_API.order, { id }), { token: token('f2admin') })).statusCode).toBe(404);
    } finally {
      await gw.db.update(users).set({ extraPermissions: [] }).where(eq(users.username, 'f2admin'));
    }
    // without USE_B2C the endpoint itself is refused
    expect((await pay(id, { amount: 3_000_000 }, 'f2admin')).statusCode).toBe(403);
    expect(await snapshot(id)).toEqual(before);
  });
});

describe('train enquiries (spec point 4)', () => {
  it('takes a train enquiry when the store shows trains, and shows 01 when cancelled, 05 when paid', async () => {
    const url = b2cPath(B2C_API.storeOrders, { slug: DEMO_STORE_SLUG });
    const body = { kind: 'train', from: 'hno', to: 'DNA', date: addDays(today, 9), pax: { adult: 2 }, ...customer };
    const cfg = (await call(gw, 'GET', B2C_API.config, { token: token('f1admin') })).json().config;
    const { agencyId: _a, logoUrl: _l, updatedAt: _u, ...settings } = cfg;
    const save = (products: string[]) => call(gw, 'PUT', B2C_API.config, { token: token('f1admin'), body: { ...settings, products } });
    try {
      expect((await save(settings.products.filter((p: string) => p !== 'trains'))).statusCode).toBe(200);
      expect((await call(gw, 'POST', url, { ip: nextIp(), body })).statusCode).toBe(404);
      expect((await call(gw, 'GET', b2cPath(B2C_API.store, { slug: DEMO_STORE_SLUG }))).json<Storefront>().trainStations).toEqual([]);
      expect((await save([...settings.products.filter((p: string) => p !== 'trains'), 'trains'])).statusCode).toBe(200);
      const stations = (await call(gw, 'GET', b2cPath(B2C_API.store, { slug: DEMO_STORE_SLUG }))).json<Storefront>().trainStations;
      expect(stations).toEqual(expect.arrayContaining([{ code: 'HNO', name: 'Hà Nội' }, { code: 'DNA', name: 'Đà Nẵng' }]));
      for (const bad of [{ to: 'XXX' }, { to: 'HNO' }, { date: addDays(today, -1) }]) {
        const res = await call(gw, 'POST', url, { ip: nextIp(), body: { ...body, ...bad } });
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      }
      const codes: string[] = [];
      for (let i = 0; i < 2; i += 1) {
        const res = await call(gw, 'POST', url, { ip: nextIp(), body });
        expect(res.statusCode, res.body).toBe(200);
        codes.push(res.json().code);
      }
      const [a, b] = await Promise.all(codes.map(async (c) => (await call(gw, 'GET', B2C_API.orders, { token: token('f1admin'), query: { q: c } })).json().data[0] as B2cOrder));
      expect(a).toMatchObject({ kind: 'train', total: null, trainStatus: null, train: { from: 'HNO', to: 'DNA', fromName: 'Hà Nội', toName: 'Đà Nẵng' } });
      expect((await setStatus(a.id, 'cancelled')).json<B2cOrder>().trainStatus).toBe('01');
      expect((await pay(b.id, { amount: 1_640_000 })).json<B2cOrder>().trainStatus).toBe('05');
    } finally {
      await save(settings.products);
    }
  });
});

describe('storefront articles and fare rules', () => {
  const store = (ip?: string) => call(gw, 'GET', b2cPath(B2C_API.store, { slug: DEMO_STORE_SLUG }), { ip });
  const inert = (html: string) => {
    for (const marker of XSS_MARKERS) expect(html.toLowerCase(), marker).not.toContain(marker);
  };
  const article = (over: Partial<B2cNewsInput> = {}): B2cNewsInput => ({
    title: 'Kinh nghiệm đi Côn Đảo', summary: 'Mùa đẹp nhất', tags: [' Biển ', 'biển', 'KINH NGHIỆM'], bodyHtml: `<p>Đi tháng 4</p>${XSS_CORPUS}`, status: 'draft', ...over,
  });
  const rule = (over: Partial<FareRuleInput> = {}): FareRuleInput => ({
    airline: 'vu', fareFamily: 'Economy', title: 'Vietravel Airlines – Economy', bodyHtml: `<ul><li>7 kg xách tay</li></ul>${XSS_CORPUS}`, status: 'published', ...over,
  });

  beforeAll(async () => {
    const cfg = (await call(gw, 'GET', B2C_API.config, { token: token('f1admin') })).json().config;
    const { agencyId: _a, logoUrl: _l, updatedAt: _u, ...body } = cfg;
    const saved = await call(gw, 'PUT', B2C_API.config, { token: token('f1admin'), body: { ...body, products: ['tours', 'flights', 'news', 'fareRules'] } });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('needs USE_B2C for every writer endpoint', async () => {
    for (const [method, url] of [
      ['GET', B2C_API.news], ['GET', B2C_API.newsTags], ['GET', b2cPath(B2C_API.newsOne, { id: 1 })], ['POST', B2C_API.news],
      ['GET', B2C_API.fareRules], ['POST', B2C_API.fareRules], ['DELETE', b2cPath(B2C_API.fareRule, { id: 1 })],
    ] as const) {
      const res = await call(gw, method, url, { token: token('f2admin'), body: method === 'GET' ? undefined : article() });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect((await call(gw, method, url, { body: method === 'GET' ? undefined : article() })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('writes an article: body sanitised, tags normalised; a draft stays off the storefront until published', async () => {
    const res = await call(gw, 'POST', B2C_API.news, { token: token('f1admin'), body: article() });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json<B2cNews>();
    expect(a.tags).toEqual(['biển', 'kinh nghiệm']);
    expect(a.publishedAt).toBeNull();
    expect(a.bodyHtml).toContain('<p>Đi tháng 4</p>');
    inert(a.bodyHtml);
    const [row] = await gw.db.select().from(b2cNews).where(eq(b2cNews.id, a.id));
    inert(row.bodyHtml);
    expect((await store()).json<Storefront>().news.map((n) => n.id)).not.toContain(a.id);
    expect((await call(gw, 'GET', b2cPath(B2C_API.storeNews, { slug: DEMO_STORE_SLUG, id: a.id }))).statusCode).toBe(404);

    const published = await call(gw, 'PUT', b2cPath(B2C_API.newsOne, { id: a.id }), { token: token('f1admin'), body: article({ status: 'published' }) });
    expect(published.json<B2cNews>().publishedAt).not.toBeNull();
    const listed = (await store()).json<Storefront>().news.find((n) => n.id === a.id);
    expect(listed).toMatchObject({ title: 'Kinh nghiệm đi Côn Đảo', tags: ['biển', 'kinh nghiệm'] });
    const shown = await call(gw, 'GET', b2cPath(B2C_API.storeNews, { slug: DEMO_STORE_SLUG, id: a.id }));
    expect(shown.statusCode).toBe(200);
    expect(shown.json<StoreNews>()).not.toHaveProperty('authorName');
    inert(shown.json<StoreNews>().bodyHtml);

    const byTag = (await call(gw, 'GET', B2C_API.news, { token: token('f1admin'), query: { tag: 'Biển' } })).json();
    expect(byTag.data.map((n: B2cNews) => n.id)).toContain(a.id);
    expect(byTag.data.every((n: B2cNews) => n.tags.includes('biển'))).toBe(true);
    const tags = (await call(gw, 'GET', B2C_API.newsTags, { token: token('f1admin') })).json().data as { tag: string; count: number }[];
    expect(tags.find((x) => x.tag === 'biển')!.count).toBe(byTag.total);
  });

  it('returns stored hostile HTML inert, whoever wrote it into the table', async () => {
    const a = (await call(gw, 'POST', B2C_API.news, { token: token('f1admin'), body: article({ title: 'Ghi thẳng', status: 'published' }) })).json<B2cNews>();
    await gw.db.update(b2cNews).set({ bodyHtml: XSS_CORPUS }).where(eq(b2cNews.id, a.id));
    const r = (await call(gw, 'POST', B2C_API.fareRules, { token: token('f1admin'), body: rule({ fareFamily: 'Ghi thẳng' }) })).json<FareRule>();
    await gw.db.update(b2cFareRules).set({ bodyHtml: XSS_CORPUS }).where(eq(b2cFareRules.id, r.id));
    inert((await call(gw, 'GET', b2cPath(B2C_API.newsOne, { id: a.id }), { token: token('f1admin') })).json<B2cNews>().bodyHtml);
    inert((await call(gw, 'GET', b2cPath(B2C_API.storeNews, { slug: DEMO_STORE_SLUG, id: a.id }))).json<StoreNews>().bodyHtml);
    inert((await call(gw, 'GET', b2cPath(B2C_API.fareRule, { id: r.id }), { token: token('f1admin') })).json<FareRule>().bodyHtml);
    const rules = (await call(gw, 'GET', b2cPath(B2C_API.storeFareRules, { slug: DEMO_STORE_SLUG }))).json<StoreFareRules>();
    inert(rules.find((x) => x.id === r.id)!.bodyHtml);
  });

  it('refuses bad input, changing nothing', async () => {
    const before = (await call(gw, 'GET', B2C_API.news, { token: token('f1admin') })).json().total as number;
    for (const bad of [article({ title: ' ' }), article({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }), article({ coverUploadId: 'not-a-uuid' })]) {
      expect((await call(gw, 'POST', B2C_API.news, { token: token('f1admin'), body: bad })).statusCode).toBe(400);
    }
    const cover = await call(gw, 'POST', B2C_API.news, { token: token('f1admin'), body: article({ coverUploadId: '00000000-0000-4000-8000-000000000000' }) });
    expect(cover.statusCode).toBe(404);
    expect((await call(gw, 'GET', B2C_API.news, { token: token('f1admin') })).json().total).toBe(before);
    for (const bad of [rule({ airline: 'VNA' }), rule({ fareFamily: '' }), rule({ status: 'live' as 'draft' })]) {
      expect((await call(gw, 'POST', B2C_API.fareRules, { token: token('f1admin'), body: bad })).statusCode).toBe(400);
    }
  });

  it('keeps one text per airline and fare family; the storefront lists published rules by airline', async () => {
    const first = await call(gw, 'POST', B2C_API.fareRules, { token: token('f1admin'), body: rule() });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<FareRule>().airline).toBe('VU');
    const again = await call(gw, 'POST', B2C_API.fareRules, { token: token('f1admin'), body: rule({ fareFamily: 'ECONOMY', title: 'Khác' }) });
    expect(again.statusCode).toBe(409);
    expect(again.json().data.reason).toBe('fareRuleTaken');
    const draft = (await call(gw, 'POST', B2C_API.fareRules, { token: token('f1admin'), body: rule({ fareFamily: 'Deluxe', status: 'draft' }) })).json<FareRule>();
    const listed = (await store()).json<Storefront>().fareRules;
    expect(listed.map((r) => r.airline)).toEqual([...listed.map((r) => r.airline)].sort());
    expect(listed.map((r) => r.id)).toContain(first.json<FareRule>().id);
    expect(listed.map((r) => r.id)).not.toContain(draft.id);
    const moved = await call(gw, 'PUT', b2cPath(B2C_API.fareRule, { id: draft.id }), { token: token('f1admin'), body: rule({ fareFamily: 'economy' }) });
    expect(moved.statusCode).toBe(409);
    const gone = await call(gw, 'DELETE', b2cPath(B2C_API.fareRule, { id: draft.id }), { token: token('f1admin') });
    expect(gone.statusCode).toBe(200);
    expect((await call(gw, 'GET', b2cPath(B2C_API.fareRule, { id: draft.id }), { token: token('f1admin') })).statusCode).toBe(404);
  });

  it('keeps each agency to its own articles and rules', async () => {
    const mine = (await call(gw, 'GET', B2C_API.news, { token: token('f1admin') })).json().data[0] as B2cNews;
    const myRule = (await call(gw, 'GET', B2C_API.fareRules, { token: token('f1admin') })).json().data[0] as FareRule;
    await gw.db.update(users).set({ extraPermissions: ['use_b2c'] }).where(eq(users.username, 'f2admin'));
    try {
      const other = token('f2admin');
      expect((await call(gw, 'GET', B2C_API.news, { token: other })).json().total).toBe(0);
      expect((await call(gw, 'GET', B2C_API.fareRules, { token: other })).json().total).toBe(0);
      expect((await call(gw, 'GET', b2cPath(B2C_API.newsOne, { id: mine.id }), { token: other })).statusCode).toBe(404);
      expect((await call(gw, 'PUT', b2cPath(B2C_API.newsOne, { id: mine.id }), { token: other, body: article() })).statusCode).toBe(404);
      expect((await call(gw, 'DELETE', b2cPath(B2C_API.newsOne, { id: mine.id }), { token: other })).statusCode).toBe(404);
      expect((await call(gw, 'PUT', b2cPath(B2C_API.fareRule, { id: myRule.id }), { token: other, body: rule() })).statusCode).toBe(404);
      expect((await call(gw, 'DELETE', b2cPath(B2C_API.fareRule, { id: myRule.id }), { token: other })).statusCode).toBe(404);
      // the same airline and family is free for another agency
      expect((await call(gw, 'POST', B2C_API.fareRules, { token: other, body: rule({ airline: myRule.airline, fareFamily: myRule.fareFamily }) })).statusCode).toBe(200);
    } finally {
      await gw.db.update(users).set({ extraPermissions: [] }).where(eq(users.username, 'f2admin'));
    }
    expect((await call(gw, 'GET', b2cPath(B2C_API.newsOne, { id: mine.id }), { token: token('f1admin') })).json<B2cNews>().title).toBe(mine.title);
  });

  it('filters the storefront’s articles by tag on the server, a page at a time, beyond the latest twelve', async () => {
    const tag = `côn đảo ${Date.now() % 10_000}`;
    const write = async (over: Partial<B2cNewsInput>) => (await call(gw, 'POST', B2C_API.news, { token: token('f1admin'), body: article({ status: 'published', ...over }) })).json<B2cNews>().id;
    const tagged: number[] = [];
    for (let i = 0; i < 3; i += 1) tagged.push(await write({ title: `Côn Đảo ${i}`, tags: [tag] }));
    await write({ title: 'Nháp', tags: [tag], status: 'draft' });
    for (let i = 0; i < 12; i += 1) await write({ title: `Tin mới ${i}`, tags: ['khác'] });
    const home = (await store()).json<Storefront>().news.map((n) => n.id);
    expect(home).toHaveLength(12);
    expect(home.some((id) => tagged.includes(id))).toBe(false); // older than the latest twelve
    const url = b2cPath(B2C_API.storeNewsList, { slug: DEMO_STORE_SLUG });
    const page1 = (await call(gw, 'GET', url, { query: { tag: tag.toUpperCase(), pageSize: '2' } })).json<StoreNewsPage>();
    const page2 = (await call(gw, 'GET', url, { query: { tag, pageSize: '2', page: '2' } })).json<StoreNewsPage>();
    expect(page1.total).toBe(3);
    expect([...page1.data, ...page2.data].map((n) => n.id)).toEqual([...tagged].reverse());
    expect(page1.data[0]).not.toHaveProperty('bodyHtml');
    expect((await call(gw, 'GET', url, { query: { tag: 'không có' } })).json<StoreNewsPage>()).toEqual({ data: [], total: 0 });
    expect((await call(gw, 'GET', url, { query: { pageSize: '500' } })).statusCode).toBe(400);
  });

  it('limits the public reads of one address', async () => {
    const ip = nextIp();
    const key = `b2c-store:ip:${ip}`;
    expect((await store(ip)).statusCode).toBe(200);
    expect((await call(gw, 'GET', b2cPath(B2C_API.storeFareRules, { slug: DEMO_STORE_SLUG }), { ip })).statusCode).toBe(200);
    expect((await peek(gw.db, key))?.count).toBe(2);
    // the address has used all but one of its reads this minute (as if it had made them)
    await gw.db.update(rateLimits).set({ count: STORE_READS - 1 }).where(eq(rateLimits.key, key));
    expect((await store(ip)).statusCode).toBe(200);
    const refused = await store(ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(ErrorCode.RATE_LIMITED);
    expect(refused.json().data.retryAfterSeconds).toBeGreaterThan(0);
    expect((await call(gw, 'GET', b2cPath(B2C_API.storeNews, { slug: DEMO_STORE_SLUG, id: 1 }), { ip })).statusCode).toBe(429);
    expect((await store(nextIp())).statusCode).toBe(200);
  });
});
