/**
 * eSIM API: the catalogue (diacritics-insensitive destinations, filters, price order), checkout from the
 * deposit (idempotent, one C entry, bad input changes nothing), a partner failure after the payment reverses
 * it, no scope leak between agencies, refunds only of unused eSIMs, the QR PNG decodes to the activation code,
 * top-ups, the installation e-mail, permissions and the PIN.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTING_API, type Balance } from '../../contract/accounting';
import type { LoginResult } from '../../contract/auth';
import { encryptWithSecret } from '../../contract/crypto';
import { ErrorCode } from '../../contract/errors';
import { ESIM_API, esimPath, type CheckoutResult, type EsimMoneyResult, type EsimOrder, type EsimProduct, type EsimProductDetail, type EsimUsage, type OrdersPage, type ProductsPage } from '../../contract/esim';
import { esimOrders, journalEntries, outbox, users } from '../../gateway/platform/db/schema';
import { DEMO_ACCOUNTS, DEMO_PIN } from '../../gateway/seed/demo';
import { seedEsim } from '../../gateway/seed/esim';
import { call, login, startGateway, type Gateway } from './helpers';

let gw: Gateway;
const sessions = new Map<string, LoginResult>();
const token = (u: string) => sessions.get(u)!.accessToken;

const CUSTOMER = { name: 'Phạm Văn Nam', email: 'nam.pham@example.com', phone: '0912345678' };

beforeAll(async () => {
  gw = await startGateway({ env: { SUPPLIER_ESIM_LATENCY_MS: '0' } });
  // the demo eSIM orders (what `npm start` seeds after the demo data); idempotent
  expect(await seedEsim(gw.db)).toBe(3);
  expect(await seedEsim(gw.db)).toBe(0);
  // f2admin (SAOVIET-HN) and f1agent (PIN holder) sell eSIMs too
  await gw.db.update(users).set({ extraPermissions: ['use_esim'] }).where(sql`${users.username} in ('f2admin', 'f1agent')`);
  for (const a of DEMO_ACCOUNTS) sessions.set(a.username, await login(gw, a.username));
}, 60_000);
afterAll(async () => {
  await gw?.close();
});

async function balance(user: string): Promise<number> {
  const res = await call(gw, 'GET', ACCOUNTING_API.balance, { token: token(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Balance>().balance;
}

const products = async (query: Record<string, string>, lang = 'vi') => {
  const res = await call(gw, 'GET', ESIM_API.products, { token: token('f1admin'), query: { pageSize: '100', ...query }, headers: { 'x-language': lang } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductsPage>();
};

const checkout = (user: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => call(gw, 'POST', ESIM_API.orders, { token: token(user), body, headers });

async function orderOf(user: string, id: number): Promise<EsimOrder> {
  const res = await call(gw, 'GET', esimPath(ESIM_API.order, id), { token: token(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EsimOrder>();
}

async function usageOf(user: string, iccid: string): Promise<EsimUsage> {
  const res = await call(gw, 'GET', esimPath(ESIM_API.usage, iccid), { token: token(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EsimUsage>();
}

async function seededOrder(key: string) {
  const [row] = await gw.db.select({ id: esimOrders.id }).from(esimOrders).where(eq(esimOrders.idempotencyKey, key));
  return row.id;
}

const entriesOfOrder = async (code: string) =>
  gw.db.select({ type: journalEntries.type, amount: journalEntries.amount }).from(journalEntries).where(eq(journalEntries.bookingRef, code)).orderBy(journalEntries.id);

describe('catalogue', () => {
  it.each([
    ['nhat ban', 'JP'],
    ['Nhật Bản', 'JP'],
    ['JAPAN', 'JP'],
    ['han quoc', 'KR'],
    ['my', 'US'],
    ['Đức', 'DE'],
    ['thuy si', 'CH'],
  ])('finds "%s" (%s) in either language without diacritics', async (destination, code) => {
    const page = await products({ destination });
    expect(page.total).toBeGreaterThan(0);
    expect(page.data.filter((p) => p.coverage === 'country').every((p) => p.countries[0].code === code)).toBe(true);
  });

  it('filters by region, days and data, sorted by the agency price', async () => {
    const asia = await products({ region: 'asia', data: 'unlimited' });
    expect(asia.total).toBeGreaterThan(0);
    expect(asia.data.every((p) => p.region === 'asia' && p.dataMb === null && p.fairUse !== null)).toBe(true);
    const short = await products({ days: 'upTo7' });
    expect(short.data.every((p) => p.validityDays <= 7)).toBe(true);
    const big = await products({ data: 'over10', region: 'europe' });
    expect(big.data.every((p) => (p.dataMb ?? 0) > 10 * 1024 && p.region === 'europe')).toBe(true);
    const all = await products({});
    const prices = all.data.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(all.data.every((p) => p.retailPrice > p.price)).toBe(true);
    const desc = await products({ sort: '-price' });
    expect(desc.data[0].price).toBeGreaterThanOrEqual(desc.data.at(-1)!.price);
  });

  it('names products in the caller language and details the coverage', async () => {
    expect((await products({ destination: 'japan' }, 'en')).data[0].name).toMatch(/^Japan /);
    expect((await products({ destination: 'japan' }, 'vi')).data[0].name).toMatch(/^Nhật Bản .* ngày$/);
    const res = await call(gw, 'GET', esimPath(ESIM_API.product, 'JP-5GB-30D'), { token: token('f1admin') });
    const detail = res.json<EsimProductDetail>();
    expect(detail.networks[0]).toMatchObject({ code: 'JP', networks: expect.arrayContaining(['NTT Docomo']) });
    expect(detail.supportedDevices.length).toBeGreaterThan(0);
    expect((await call(gw, 'GET', esimPath(ESIM_API.product, 'XX-1GB-1D'), { token: token('f1admin') })).statusCode).toBe(404);
  });

  it('refuses a bad query and users without USE_ESIM', async () => {
    expect((await call(gw, 'GET', ESIM_API.products, { token: token('f1admin'), query: { region: 'mars' } })).json().code).toBe(ErrorCode.VALIDATION);
    for (const user of ['accountant', 'f2agent', 'member']) {
      const res = await call(gw, 'GET', ESIM_API.products, { token: token(user) });
      expect(res.statusCode, user).toBe(403);
      expect((await call(gw, 'GET', ESIM_API.orders, { token: token(user) })).statusCode).toBe(403);
      expect((await checkout(user, { idempotencyKey: randomUUID(), items: [{ productId: 'JP-1GB-7D', quantity: 1 }], customer: CUSTOMER })).statusCode).toBe(403);
    }
  });
});

describe('checkout', () => {
  it('charges the deposit once in one C entry and replays the same key', async () => {
    const before = await balance('f1admin');
    const [jp] = (await products({ destination: 'JP', data: '3to10' })).data;
    const [th] = (await products({ destination: 'thai lan', days: 'upTo7' })).data;
    const total = jp.price * 2 + th.price;
    const body = { idempotencyKey: randomUUID(), items: [{ productId: jp.id, quantity: 2 }, { productId: th.id, quantity: 1 }], customer: CUSTOMER, expectedTotal: total };
    const first = await checkout('f1admin', body);
    expect(first.statusCode, first.body).toBe(200);
    const r = first.json<CheckoutResult>();
    expect(r).toMatchObject({ amount: total, replayed: false, balanceAfter: before - total });
    expect(r.order).toMatchObject({ status: 'COMPLETED', totalPrice: total, customer: CUSTOMER });
    expect(r.order.esims).toHaveLength(3);
    for (const e of r.order.esims) expect(e.activationCode).toBe(`LPA:1$smdp.example$${e.matchingId}`);
    expect(new Set(r.order.esims.map((e) => e.iccid)).size).toBe(3);

    const again = await checkout('f1admin', body);
    expect(again.statusCode).toBe(200);
    expect(again.json<CheckoutResult>()).toMatchObject({ replayed: true, amount: total, order: { id: r.order.id } });
    expect(await balance('f1admin')).toBe(before - total);
    expect(await entriesOfOrder(r.order.code)).toEqual([{ type: 'C', amount: total }]);

    // the key with another cart
    const other = await checkout('f1admin', { ...body, items: [{ productId: jp.id, quantity: 1 }], expectedTotal: undefined });
    expect(other.statusCode).toBe(409);
    expect(other.json().data.reason).toBe('idempotencyKeyReused');
    expect(await balance('f1admin')).toBe(before - total);

    // a fresh eSIM is not activated yet: refundable
    const u = await usageOf('f1admin', r.order.esims[0].iccid);
    expect(u).toMatchObject({ status: 'NOT_ACTIVATED', usedMb: 0, refundable: true });
  });

  it('charges once when the same checkout arrives twice at the same time', async () => {
    const before = await balance('f1admin');
    const body = { idempotencyKey: randomUUID(), items: [{ productId: 'SG-1GB-7D', quantity: 2 }], customer: CUSTOMER };
    const answers = await Promise.all([checkout('f1admin', body), checkout('f1admin', body), checkout('f1admin', body)]);
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThan(0);
    // the others either replay the order or are told it is in progress
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.json().data.reason, a.body).toBe('inProgress');
    const amount = ok[0].json<CheckoutResult>().amount;
    expect(await balance('f1admin')).toBe(before - amount);
    const [row] = await gw.db.select().from(esimOrders).where(eq(esimOrders.idempotencyKey, body.idempotencyKey));
    expect(await entriesOfOrder(`ES${String(row.id).padStart(6, '0')}`)).toEqual([{ type: 'C', amount }]);
  });

  it.each([
    ['a bad e-mail', { customer: { ...CUSTOMER, email: 'nam.pham@' } }, 400],
    ['a bad phone', { customer: { ...CUSTOMER, phone: '0123' } }, 400],
    ['a name with digits', { customer: { ...CUSTOMER, name: 'Nam 2' } }, 400],
    ['quantity 0', { items: [{ productId: 'JP-1GB-7D', quantity: 0 }] }, 400],
    ['no items', { items: [] }, 400],
    ['a package twice', { items: [{ productId: 'JP-1GB-7D', quantity: 1 }, { productId: 'JP-1GB-7D', quantity: 2 }] }, 400],
    ['an unknown package', { items: [{ productId: 'XX-1GB-7D', quantity: 1 }] }, 409],
    ['a stale total', { expectedTotal: 1 }, 409],
    ['a key that is no UUID', { idempotencyKey: 'abc' }, 400],
  ])('refuses %s and changes nothing', async (_, patch, status) => {
    const before = await balance('f1admin');
    const [count] = await gw.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(esimOrders);
    const res = await checkout('f1admin', { idempotencyKey: randomUUID(), items: [{ productId: 'JP-1GB-7D', quantity: 1 }], customer: CUSTOMER, ...patch });
    expect(res.statusCode, res.body).toBe(status);
    expect(typeof res.json().message).toBe('string');
    expect(await balance('f1admin')).toBe(before);
    const [after] = await gw.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(esimOrders);
    expect(after.n).toBe(count.n);
  });

  it('refuses a cart the deposit does not cover (fnadmin: balance 0)', async () => {
    await gw.db.update(users).set({ extraPermissions: ['use_esim'] }).where(eq(users.username, 'fnadmin'));
    const fn = await login(gw, 'fnadmin');
    const res = await call(gw, 'POST', ESIM_API.orders, { token: fn.accessToken, body: { idempotencyKey: randomUUID(), items: [{ productId: 'JP-1GB-7D', quantity: 1 }], customer: CUSTOMER } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(ErrorCode.INSUFFICIENT_DEPOSIT);
    expect((await gw.db.select().from(esimOrders).where(eq(esimOrders.customerEmail, 'nobody'))).length).toBe(0);
  });

  it('asks the PIN of a USE_PIN_CODE holder before anything moves', async () => {
    const before = await balance('f1agent');
    const body = { idempotencyKey: randomUUID(), items: [{ productId: 'KR-1GB-7D', quantity: 1 }], customer: CUSTOMER };
    const asked = await checkout('f1agent', body);
    expect(asked.statusCode).toBe(403);
    expect(asked.json().code).toBe(ErrorCode.PIN_REQUIRED);
    expect(await balance('f1agent')).toBe(before);
    const ok = await checkout('f1agent', body, { 'x-pin': encryptWithSecret(DEMO_PIN, asked.json().data.salt, gw.cipher) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await balance('f1agent')).toBe(before - ok.json<CheckoutResult>().amount);
  });
});

describe('a partner failure after the payment', () => {
  it('reverses the charge: C then V, the order FAILED with the reason, the balance unchanged', async () => {
    const failing = await startGateway({ env: { SUPPLIER_ESIM_LATENCY_MS: '0', SUPPLIER_ESIM_FAILURE_RATE: '1' } });
    try {
      const s = await login(failing, 'f1admin');
      const bal = async () => (await call(failing, 'GET', ACCOUNTING_API.balance, { token: s.accessToken })).json<Balance>().balance;
      const before = await bal();
      const body = { idempotencyKey: randomUUID(), items: [{ productId: 'SG-3GB-15D', quantity: 2 }], customer: CUSTOMER };
      const res = await call(failing, 'POST', ESIM_API.orders, { token: s.accessToken, body });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe(ErrorCode.SUPPLIER_FAILED);
      expect(res.json().data.message).toMatch(/hoàn lại/);
      expect(await bal()).toBe(before);
      const [order] = await failing.db.select().from(esimOrders).where(eq(esimOrders.idempotencyKey, body.idempotencyKey));
      expect(order.status).toBe('FAILED');
      const entries = await failing.db.select({ type: journalEntries.type, amount: journalEntries.amount }).from(journalEntries).where(eq(journalEntries.bookingRef, `ES${String(order.id).padStart(6, '0')}`)).orderBy(journalEntries.id);
      expect(entries).toEqual([{ type: 'C', amount: order.totalPrice }, { type: 'V', amount: order.totalPrice }]);
      const view = (await call(failing, 'GET', esimPath(ESIM_API.order, order.id), { token: s.accessToken })).json<EsimOrder>();
      expect(view).toMatchObject({ status: 'FAILED', esims: [] });
      expect(view.failure).toBeTruthy();
    } finally {
      await failing.close();
    }
  }, 60_000);
});

describe('scope', () => {
  it('keeps an agency out of another agency’s orders and eSIMs', async () => {
    const f1Order = await seededOrder('seed-esim-0001');
    const f2Order = await seededOrder('seed-esim-0003');
    const f1Iccid = (await orderOf('f1admin', f1Order)).esims[0].iccid;
    // f2admin (SAOVIET-HN) does not see SAOVIET's order, list, eSIM, QR, usage, refund or e-mail
    expect((await call(gw, 'GET', esimPath(ESIM_API.order, f1Order), { token: token('f2admin') })).statusCode).toBe(404);
    for (const path of [ESIM_API.usage, ESIM_API.qr, ESIM_API.topUps]) {
      expect((await call(gw, 'GET', esimPath(path, f1Iccid), { token: token('f2admin') })).statusCode, path).toBe(404);
    }
    expect((await call(gw, 'POST', esimPath(ESIM_API.refund, f1Iccid), { token: token('f2admin'), body: { idempotencyKey: randomUUID() } })).statusCode).toBe(404);
    expect((await call(gw, 'POST', esimPath(ESIM_API.resend, f1Iccid), { token: token('f2admin'), body: {} })).statusCode).toBe(404);
    const list = (await call(gw, 'GET', ESIM_API.orders, { token: token('f2admin'), query: { pageSize: '100' } })).json<OrdersPage>();
    expect(list.data.map((o) => o.id)).toEqual([f2Order]);
    expect((await call(gw, 'GET', ESIM_API.orders, { token: token('f2admin'), query: { q: f1Iccid } })).json<OrdersPage>().total).toBe(0);
    // the F1 administrator sees its subtree
    const all = (await call(gw, 'GET', ESIM_API.orders, { token: token('f1admin'), query: { pageSize: '100' } })).json<OrdersPage>();
    expect(all.data.map((o) => o.id)).toEqual(expect.arrayContaining([f1Order, f2Order]));
    expect((await call(gw, 'GET', ESIM_API.orders, { token: token('f1admin'), query: { q: f1Iccid } })).json<OrdersPage>().data.map((o) => o.id)).toEqual([f1Order]);
  });
});

describe('usage, QR, refunds, top-ups and e-mail', () => {
  it('serves the QR code as a PNG that decodes to the activation code', async () => {
    const order = await orderOf('f1admin', await seededOrder('seed-esim-0001'));
    const esim = order.esims[0];
    const res = await call(gw, 'GET', esimPath(ESIM_API.qr, esim.iccid), { token: token('f1admin') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(res.rawPayload);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(esim.activationCode);
  });

  it('refunds only an unused eSIM, once, crediting what was paid', async () => {
    // ordered 80 hours ago: in use
    const old = await orderOf('f1admin', await seededOrder('seed-esim-0001'));
    const used = [];
    for (const e of old.esims) {
      const u = await usageOf('f1admin', e.iccid);
      if (u.status !== 'NOT_ACTIVATED') used.push({ e, u });
    }
    expect(used.length).toBeGreaterThan(0);
    for (const { e, u } of used) {
      expect(u.refundable).toBe(false);
      expect(u.usedMb).toBeGreaterThan(0);
      const before = await balance('f1admin');
      const res = await call(gw, 'POST', esimPath(ESIM_API.refund, e.iccid), { token: token('f1admin'), body: { idempotencyKey: randomUUID() } });
      expect(res.statusCode).toBe(409);
      expect(res.json().data.reason).toBe('notUnused');
      expect(await balance('f1admin')).toBe(before);
    }
    // ordered an hour ago: unused
    const fresh = await orderOf('f1admin', await seededOrder('seed-esim-0002'));
    const target = fresh.esims[0];
    expect((await usageOf('f1admin', target.iccid)).refundable).toBe(true);
    const before = await balance('f1admin');
    const key = randomUUID();
    const res = await call(gw, 'POST', esimPath(ESIM_API.refund, target.iccid), { token: token('f1admin'), body: { idempotencyKey: key } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EsimMoneyResult>()).toMatchObject({ amount: target.paid, balanceAfter: before + target.paid, replayed: false });
    expect(await balance('f1admin')).toBe(before + target.paid);
    const replay = await call(gw, 'POST', esimPath(ESIM_API.refund, target.iccid), { token: token('f1admin'), body: { idempotencyKey: key } });
    expect(replay.json<EsimMoneyResult>()).toMatchObject({ replayed: true, amount: target.paid });
    const twice = await call(gw, 'POST', esimPath(ESIM_API.refund, target.iccid), { token: token('f1admin'), body: { idempotencyKey: randomUUID() } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data.reason).toBe('alreadyRefunded');
    expect(await balance('f1admin')).toBe(before + target.paid);
    expect((await usageOf('f1admin', target.iccid)).status).toBe('REFUNDED');
    expect((await orderOf('f1admin', fresh.id)).esims[0]).toMatchObject({ refunded: true, refundedAmount: target.paid });
    const r = await gw.db.select({ type: journalEntries.type, amount: journalEntries.amount }).from(journalEntries).where(and(eq(journalEntries.bookingRef, fresh.code), eq(journalEntries.type, 'R')));
    expect(r).toEqual([{ type: 'R', amount: target.paid }]);
  });

  it('tops up an eSIM with a package of its coverage: one C entry, more data', async () => {
    const fresh = await orderOf('f1admin', await seededOrder('seed-esim-0002'));
    const target = fresh.esims[1];
    const options = (await call(gw, 'GET', esimPath(ESIM_API.topUps, target.iccid), { token: token('f1admin') })).json<EsimProduct[]>();
    expect(options.length).toBeGreaterThan(0);
    const before = await balance('f1admin');
    const usage = await usageOf('f1admin', target.iccid);
    const key = randomUUID();
    const res = await call(gw, 'POST', esimPath(ESIM_API.topUps, target.iccid), { token: token('f1admin'), body: { productId: options[0].id, idempotencyKey: key } });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<EsimMoneyResult>();
    expect(r).toMatchObject({ amount: options[0].price, balanceAfter: before - options[0].price, replayed: false });
    expect(r.usage?.totalMb).toBe((usage.totalMb ?? 0) + (options[0].dataMb ?? 0));
    const replay = await call(gw, 'POST', esimPath(ESIM_API.topUps, target.iccid), { token: token('f1admin'), body: { productId: options[0].id, idempotencyKey: key } });
    expect(replay.json<EsimMoneyResult>().replayed).toBe(true);
    expect(await balance('f1admin')).toBe(before - options[0].price);
    const wrong = await call(gw, 'POST', esimPath(ESIM_API.topUps, target.iccid), { token: token('f1admin'), body: { productId: 'US-1GB-7D', idempotencyKey: randomUUID() } });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().data.reason).toBe('notTopUp');
    expect((await orderOf('f1admin', fresh.id)).esims[1]).toMatchObject({ paid: target.paid + options[0].price, topUps: [{ productId: options[0].id }] });
  });

  it('queues the installation e-mail with the QR image, and refuses a bad address', async () => {
    const order = await orderOf('f1admin', await seededOrder('seed-esim-0001'));
    const esim = order.esims[0];
    const res = await call(gw, 'POST', esimPath(ESIM_API.resend, esim.iccid), { token: token('f1admin'), body: { lang: 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ queued: 1, to: order.customer.email });
    const [mail] = await gw.db.select().from(outbox).where(like(outbox.subject, `%${order.code}%`));
    expect(mail.toAddress).toBe(order.customer.email);
    expect(mail.body).toContain('Content-Type: image/png');
    expect(Buffer.from(mail.body.split('Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n')[1].split('--')[0].replace(/\r\n/g, ''), 'base64').toString('utf8')).toContain(esim.activationCode);
    const bad = await call(gw, 'POST', esimPath(ESIM_API.resend, esim.iccid), { token: token('f1admin'), body: { email: 'not-an-address' } });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 400 for a malformed ICCID and 404 for an unknown one', async () => {
    expect((await call(gw, 'GET', esimPath(ESIM_API.usage, 'abc'), { token: token('f1admin') })).statusCode).toBe(400);
    expect((await call(gw, 'GET', esimPath(ESIM_API.usage, '89840000000000000000'), { token: token('f1admin') })).statusCode).toBe(404);
  });
});
