/**
 * The paid extras of issued bookings (gateway/aftersale/extras.ts): upgrade-luggage (a bought or included bag
 * replaced by a bigger one, the difference paid), buy-ancillary (one option per groupCategory, an EMD each) and
 * add-infant-vj (VJ's own infant fee). Each: one C entry, history and audit, a refusal that changes nothing, the
 * same key replayed, and a supplier failure after the payment that reverses it; the hub's allowed and reasons.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AfterSaleHub, HistoryEntry, LuggageOffer, PaidEditResult, PnrRecord, SeatMap } from '../../contract/aftersale';
import type { SplitResult } from '../../contract/aftersale-segments';
import type { BookingDetail, FareDataEntry } from '../../contract/bookings';
import type { AncillaryOffer, UpgradeOffer, VjInfantQuote } from '../../contract/aftersale-extras';
import { balanceOf } from '../../gateway/platform/ledger';
import { auditLog, journalEntries, pnrs } from '../../gateway/platform/db/schema';
import { loadUserByUsername } from '../../gateway/platform/tenancy/users';
import { registryWithFailingPnr } from './fake-pnr';
import { call, login, startGateway, type Gateway } from './helpers';
import { adult, callWithPin, hold, type Held } from './lifecycle-helpers';
import { pdfText } from './pdf-text';

let gw: Gateway;
const tokens = new Map<string, string>();
const token = (u: string) => tokens.get(u)!;
let agency: number;
/** Makes the airline refuse every edit while true (the supplier failing after the payment). */
let failEdits = false;
async function issued(days: number, source: 'VJ' | 'VN' = 'VJ', cls?: Parameters<typeof hold>[2]['cls'], passengers = [adult(1)]): Promise<Held> {
  const h = await hold(gw, token('f1agent'), { source, days, passengers, cls });
  const { res } = await callWithPin(gw, 'POST', `/api/bookings/${h.id}/issue`, token('f1agent'), { idempotencyKey: randomUUID(), pnrs: [h.pnr] });
  if (res.statusCode !== 200) throw new Error(`issue failed: ${res.body}`);
  return h;
}

const hubOf = async (id: number, user = 'f1agent') => (await call(gw, 'GET', `/api/aftersale/bookings/${id}`, { token: token(user) })).json<AfterSaleHub>();
const recordOf = async (id: number, pnr: string): Promise<PnrRecord> => (await hubOf(id)).pnrs.find((r) => r.pnr === pnr)!;
const historyOf = async (id: number) => (await call(gw, 'GET', `/api/aftersale/bookings/${id}/history`, { token: token('f1agent') })).json<{ data: HistoryEntry[]; total: number }>();
const post = (id: number, path: string, body: unknown, user = 'f1agent') => callWithPin(gw, 'POST', `/api/aftersale/bookings/${id}/${path}`, token(user), body);
const get = <T>(id: number, path: string, user = 'f1agent') => call(gw, 'GET', `/api/aftersale/bookings/${id}/${path}`, { token: token(user) }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));
const dataOf = (res: { json: <T>() => T }) => res.json<{ data: Record<string, unknown> & { reason: string; message: string } }>().data;
const action = (hub: AfterSaleHub, name: string) => hub.actions.find((a) => a.action === name)!;
const entriesOf = (pnr: string) => gw.db.select().from(journalEntries).where(eq(journalEntries.pnr, pnr)).orderBy(journalEntries.id);
/** dd/MM/yyyy of the day `days` after the ISO date (negative: before). */
const dayFrom = (iso: string, days: number) => new Date(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/');

beforeAll(async () => {
  const suppliers = registryWithFailingPnr(['VJ', 'VN'], () => failEdits);
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' }, suppliers });
  for (const u of ['f1agent', 'f2agent']) tokens.set(u, (await login(gw, u)).accessToken);
  agency = (await loadUserByUsername(gw.db, 'f1agent'))!.agency.id;
}, 180_000);
afterAll(async () => {
  await gw?.close();
});

describe('upgrade-luggage', () => {
  it('a bought 20 kg bag becomes 30 kg for the difference (one C entry, an EMD, history, audit); a stale bag is refused; the same key replays', async () => {
    const h = await issued(21, 'VJ', (p) => p.freeBaggage.weightKg === 0);
    let hub = await hubOf(h.id);
    expect(action(hub, 'upgrade-luggage')).toMatchObject({ allowed: false, reason: 'noUpgrade', message: expect.stringMatching(/\S/) });
    const route = `${h.offer.routeInfo[0].from}-${h.offer.routeInfo[0].to}`;
    const bought = await post(h.id, 'luggage', { idempotencyKey: randomUUID(), pnr: h.pnr, items: [{ paxId: 1, route, code: 'BG20' }] });
    expect(bought.res.json<PaidEditResult>().amount).toBe(165_000);
    hub = await hubOf(h.id);
    expect(action(hub, 'upgrade-luggage')).toMatchObject({ allowed: true, priceFrom: 55_000, priceTo: 275_000 });

    const offer = await get<UpgradeOffer>(h.id, 'luggage-upgrades');
    expect(offer.status).toBe(200);
    const item = offer.body.items.find((i) => i.paxKey === '1')!;
    expect(item.held).toEqual({ source: 'bought', code: 'BG20', value: 20, unit: 'kg', worth: 165_000 });
    expect(item.options.map((o) => [o.code, o.price])).toEqual([['BG25', 55_000], ['BG30', 165_000], ['BG35', 220_000], ['BG40', 275_000]]);

    // refusals change nothing: a smaller bag is not an upgrade; a stale ssrkey; another agency's user
    const balance = await balanceOf(gw.db, agency);
    const recordBefore = await recordOf(h.id, h.pnr);
    const smaller = await post(h.id, 'luggage-upgrades', { idempotencyKey: randomUUID(), pnr: h.pnr, items: [{ paxId: 1, routeKey: item.routeKey, ssrkey: 'BG20', code: 'BG15' }] });
    expect(smaller.res.statusCode).toBe(400);
    expect(dataOf(smaller.res).upgrade).toEqual([{ index: 0, problem: 'code' }]);
    const stale = await post(h.id, 'luggage-upgrades', { idempotencyKey: randomUUID(), pnr: h.pnr, items: [{ paxId: 1, routeKey: item.routeKey, ssrkey: 'BG15', code: 'BG30' }] });
    expect(stale.res.statusCode).toBe(409);
    expect(dataOf(stale.res).reason).toBe('bagChanged');
    const outside = await call(gw, 'GET', `/api/aftersale/bookings/${h.id}/luggage-upgrades`, { token: token('f2agent') });
    expect(outside.statusCode).toBe(404);
    expect(await balanceOf(gw.db, agency)).toBe(balance);
    expect(await recordOf(h.id, h.pnr)).toEqual(recordBefore);

    const body = { idempotencyKey: randomUUID(), pnr: h.pnr, items: [{ paxId: 1, routeKey: item.routeKey, ssrkey: 'BG20', code: 'BG30' }] };
    const up = await post(h.id, 'luggage-upgrades', body);
    expect(up.first.statusCode).toBe(403); // the PIN
    expect(up.res.statusCode).toBe(200);
    const result = up.res.json<PaidEditResult>();
    expect(result).toMatchObject({ amount: 165_000, replayed: false });
    expect(result.emds).toHaveLength(1);
    expect(await balanceOf(gw.db, agency)).toBe(balance - 165_000);
    const r = await recordOf(h.id, h.pnr);
    expect(r.baggage).toEqual([expect.objectContaining({ paxId: 1, code: 'BG30', value: 30, price: 330_000, emd: result.emds[0] })]);
    expect(r.emds.find((m) => m.number === result.emds[0])).toMatchObject({ kind: 'luggage', amount: 165_000 });
    expect(r.ssrs.filter((s) => s.code === 'XBAG').map((s) => s.text)).toEqual(['30kg BG30']);
    const again = await post(h.id, 'luggage-upgrades', body);
    expect(again.res.json<PaidEditResult>()).toMatchObject({ replayed: true, amount: 165_000, emds: result.emds });
    expect(await balanceOf(gw.db, agency)).toBe(balance - 165_000);
    const history = await historyOf(h.id);
    expect(history.data[0]).toMatchObject({ kind: 'upgrade-luggage', amount: 165_000, entryId: result.entryId });
    expect(history.data[0].summary).toMatch(/BG20 → 30kg/);
    expect(await gw.db.select().from(auditLog).where(and(eq(auditLog.action, 'aftersale.edited'), eq(auditLog.target, h.pnr)))).toHaveLength(2);
  });

  it('a bag included in the fare is worth its weight in the grid: 20 kg included → 30 kg pays 330.000 − 165.000', async () => {
    const h = await issued(22, 'VJ', (p) => p.freeBaggage.weightKg === 20 && p.freeBaggage.pieces === 1);
    const offer = await get<UpgradeOffer>(h.id, 'luggage-upgrades');
    const item = offer.body.items[0];
    expect(item.held).toEqual({ source: 'included', code: 'INCL20', value: 20, unit: 'kg', worth: 165_000 });
    const balance = await balanceOf(gw.db, agency);
    const up = await post(h.id, 'luggage-upgrades', { idempotencyKey: randomUUID(), pnr: h.pnr, items: [{ paxId: 1, routeKey: item.routeKey, ssrkey: 'INCL20', code: 'BG30' }] });
    expect(up.res.json<PaidEditResult>().amount).toBe(165_000);
    expect(await balanceOf(gw.db, agency)).toBe(balance - 165_000);
    expect((await recordOf(h.id, h.pnr)).baggage).toEqual([expect.objectContaining({ code: 'BG30', value: 30 })]);
  });
});

describe('buy-ancillary', () => {
  it('buys a meal and the lounge (one C entry of both, an EMD each); a second meal is refused, two meals in one item are refused; a user without EXPORT_TICKET gets 403', async () => {
    const h = await issued(23);
    const hub = await hubOf(h.id);
    expect(action(hub, 'buy-ancillary')).toMatchObject({ allowed: true, priceFrom: 45_000, priceTo: 320_000 });
    const offer = await get<AncillaryOffer>(h.id, 'ancillaries');
    expect(offer.status).toBe(200);
    const route = offer.body.routeAncillaries[0];
    expect(new Set(route.options.map((o) => o.value.groupCategory))).toEqual(new Set(['MEAL', 'PRIORITY', 'LOUNGE', 'INSURANCE']));
    const meal = route.options.find((o) => o.value.code === 'HML1')!;
    const lounge = route.options.find((o) => o.value.groupCategory === 'LOUNGE')!;

    const balance = await balanceOf(gw.db, agency);
    const twoMeals = await post(h.id, 'ancillaries', { idempotencyKey: randomUUID(), pnr: h.pnr, items: [{ paxId: 1, routeId: route.routeId, codes: ['HML1', 'HML2'] }] });
    expect(twoMeals.res.statusCode).toBe(400);
    expect(dataOf(twoMeals.res).ancillary).toEqual([{ index: 0, problem: 'groupCategory' }]);
    const denied = await call(gw, 'POST', `/api/aftersale/bookings/${h.id}/ancillaries`, { token: token('f2agent'), body: { idempotencyKey: randomUUID(), pnr: h.pnr, items: [{ paxId: 1, routeId: route.routeId, codes: ['HML1'] }] } });
    expect(denied.statusCode).toBe(403);
    expect(await balanceOf(gw.db, agency)).toBe(balance);

    const body = { idempotencyKey: randomUUID(), pnr: h.pnr, items: [{ paxId: 1, routeId: route.routeId, codes: [meal.value.code, lounge.value.code] }] };
    const bought = await post(h.id, 'ancillaries', body);
    expect(bought.res.statusCode).toBe(200);
    const total = meal.value.price + lounge.value.price;
    const result = bought.res.json<PaidEditResult>();
    expect(result).toMatchObject({ amount: total, replayed: false });
    expect(result.emds).toHaveLength(2);
    expect(await balanceOf(gw.db, agency)).toBe(balance - total);
    const entries = await entriesOf(h.pnr);
    expect(entries.filter((e) => e.type === 'C').map((e) => e.amount).at(-1)).toBe(total);
    const r = await recordOf(h.id, h.pnr);
    expect(r.ancillaries?.map((a) => [a.code, a.groupCategory, a.price])).toEqual([
      ['HML1', 'MEAL', meal.value.price],
      [lounge.value.code, 'LOUNGE', lounge.value.price],
    ]);
    expect(r.emds.filter((m) => m.kind === 'ancillary').map((m) => m.amount)).toEqual([meal.value.price, lounge.value.price]);

    // the same key replays; another meal on the same route is refused and changes nothing
    expect((await post(h.id, 'ancillaries', body)).res.json<PaidEditResult>()).toMatchObject({ replayed: true, amount: total });
    const second = await post(h.id, 'ancillaries', { idempotencyKey: randomUUID(), pnr: h.pnr, items: [{ paxId: 1, routeId: route.routeId, codes: ['HML2'] }] });
    expect(second.res.statusCode).toBe(409);
    expect(dataOf(second.res).reason).toBe('alreadyBought');
    expect(await balanceOf(gw.db, agency)).toBe(balance - total);
    expect((await recordOf(h.id, h.pnr)).ancillaries).toHaveLength(2);
    expect((await historyOf(h.id)).data[0]).toMatchObject({ kind: 'buy-ancillary', amount: total });
  });

  it('the airline failing after the payment: 502, the charge reversed (C then V), the PNR as it was, no history', async () => {
    const h = await issued(24);
    const offer = await get<AncillaryOffer>(h.id, 'ancillaries');
    const route = offer.body.routeAncillaries[0];
    const recordBefore = await recordOf(h.id, h.pnr);
    const balance = await balanceOf(gw.db, agency);
    failEdits = true;
    try {
      const res = (await post(h.id, 'ancillaries', { idempotencyKey: randomUUID(), pnr: h.pnr, items: [{ paxId: 1, routeId: route.routeId, codes: ['SKYC'] }] })).res;
      expect(res.statusCode).toBe(502);
      expect(res.json<{ code: number }>().code).toBe(80);
    } finally {
      failEdits = false;
    }
    expect(await balanceOf(gw.db, agency)).toBe(balance);
    const entries = await entriesOf(h.pnr);
    expect(entries.map((e) => e.type)).toEqual(['C', 'C', 'V']); // the issue, the insurance, its reversal
    expect(entries[1].amount).toBe(entries[2].amount);
    expect(await recordOf(h.id, h.pnr)).toEqual(recordBefore);
    expect((await historyOf(h.id)).total).toBe(0);
  });
});

describe('add-infant-vj', () => {
  it('adds an infant to a VJ adult for the VJ fee (a ticket, INFT, history); the adult then has one; validation and a VN booking are refused', async () => {
    const h = await issued(25, 'VJ', undefined, [adult(1), adult(2, 'Thi Hoa')]);
    let hub = await hubOf(h.id);
    expect(action(hub, 'add-infant-vj')).toMatchObject({ allowed: true, priceFrom: 162_000, priceTo: 162_000 });
    const quote = await get<VjInfantQuote>(h.id, `infant-vj-quote?pnr=${h.pnr}`);
    expect(quote.body).toMatchObject({ total: 162_000, parts: [{ segIds: [1], fare: 150_000, tax: 12_000, amount: 162_000 }] });

    const depart = h.offer.routeInfo[0].departDate;
    const balance = await balanceOf(gw.db, agency);
    const bad = await post(h.id, 'infant-vj', { idempotencyKey: randomUUID(), pnr: h.pnr, parentId: 1, infant: { title: 'MR', firstName: 'B3', lastName: 'Nguyen', birthday: dayFrom(depart, -3) } });
    expect(bad.res.statusCode).toBe(400);
    expect(dataOf(bad.res).infant).toEqual(expect.arrayContaining(['title', 'firstName', 'tooYoung']));
    const old = await post(h.id, 'infant-vj', { idempotencyKey: randomUUID(), pnr: h.pnr, parentId: 1, infant: { title: 'MSTR', firstName: 'Minh', lastName: 'Nguyen', birthday: dayFrom(depart, -800) } });
    expect(dataOf(old.res).infant).toEqual(['age']);
    expect(await balanceOf(gw.db, agency)).toBe(balance);

    const body = { idempotencyKey: randomUUID(), pnr: h.pnr, parentId: 1, infant: { title: 'MISS', firstName: 'Bao An', lastName: 'Nguyen', birthday: dayFrom(depart, -200) } };
    const added = await post(h.id, 'infant-vj', body);
    expect(added.res.statusCode).toBe(200);
    expect(added.res.json<PaidEditResult>()).toMatchObject({ amount: 162_000, replayed: false });
    expect(await balanceOf(gw.db, agency)).toBe(balance - 162_000);
    const r = await recordOf(h.id, h.pnr);
    const inf = r.names.find((n) => n.paxType === 'INF')!;
    expect(inf).toMatchObject({ parentId: 1, firstName: 'Bao An', title: 'MISS' });
    expect(r.tickets.some((t) => t.paxId === inf.paxId && /^978\d{10}$/.test(t.number))).toBe(true);
    expect(r.ssrs.some((s) => s.code === 'INFT' && s.paxId === 1)).toBe(true);
    expect(r.tst.filter((t) => t.paxType === 'INF').map((t) => t.total)).toEqual([162_000]);
    // the same key replays although the adult now has an infant
    expect((await post(h.id, 'infant-vj', body)).res.json<PaidEditResult>()).toMatchObject({ replayed: true, amount: 162_000 });
    const twice = await post(h.id, 'infant-vj', { ...body, idempotencyKey: randomUUID() });
    expect(twice.res.statusCode).toBe(409);
    expect(dataOf(twice.res).reason).toBe('hasInfant');
    expect(await balanceOf(gw.db, agency)).toBe(balance - 162_000);
    expect((await historyOf(h.id)).data[0]).toMatchObject({ kind: 'add-infant-vj', amount: 162_000 });
    hub = await hubOf(h.id);
    expect(action(hub, 'add-infant-vj').allowed).toBe(true); // the second adult has none

    const vn = await issued(26, 'VN');
    expect(action(await hubOf(vn.id), 'add-infant-vj')).toMatchObject({ allowed: false, reason: 'notVj' });
    const refused = await post(vn.id, 'infant-vj', { ...body, idempotencyKey: randomUUID(), pnr: vn.pnr });
    expect(refused.res.statusCode).toBe(409);
    expect(dataOf(refused.res).reason).toBe('notVj');
  });
});

describe('an infant added after sale, luggage and seats: the printed ticket and a split', () => {
  it('the PDF counts the infant once (an extra, not a passenger line) and adds up; a split moves each passenger’s extras with them, no money moves', async () => {
    const h = await issued(27, 'VJ', undefined, [adult(1), adult(2, 'Thi Hoa')]);
    const detail = async () => (await call(gw, 'GET', `/api/bookings/${h.id}/detail`, { token: token('f1agent') })).json<BookingDetail>();
    const d0 = await detail();
    // an infant for adult 1, a bag for each adult, a paid seat for adult 1
    const depart = h.offer.routeInfo[0].departDate;
    const inf = await post(h.id, 'infant-vj', { idempotencyKey: randomUUID(), pnr: h.pnr, parentId: 1, infant: { title: 'MISS', firstName: 'Be Na', lastName: 'Nguyen', birthday: dayFrom(depart, -200) } });
    expect(inf.res.statusCode, inf.res.body).toBe(200);
    const infantFee = inf.res.json<PaidEditResult>().amount;
    const offer = (await get<LuggageOffer>(h.id, 'luggage')).body;
    const [small, big] = [...offer.routes[0].options].sort((a, b) => a.price - b.price);
    const lug = await post(h.id, 'luggage', { idempotencyKey: randomUUID(), pnr: h.pnr, items: [{ paxId: 1, route: offer.routes[0].route, code: big.code }, { paxId: 2, route: offer.routes[0].route, code: small.code }] });
    expect(lug.res.statusCode, lug.res.body).toBe(200);
    const map = (await get<SeatMap>(h.id, `seat-map?pnr=${h.pnr}&segId=1`)).body;
    const paidSeat = map.rows.flatMap((r) => r.cells).find((c) => c !== null && c.kind === 'paid' && !c.taken)!;
    const st = await post(h.id, 'seats', { idempotencyKey: randomUUID(), pnr: h.pnr, seats: [{ paxId: 1, segId: 1, seat: paidSeat.seat }] });
    expect(st.res.statusCode, st.res.body).toBe(200);
    const d1 = await detail();
    const f1 = d1.pnrs[0].fareData;
    expect(d1.pnrs[0].paxInfos.filter((p) => p.paxType === 'INF')).toHaveLength(1);
    expect(f1.counts).toEqual({ ADT: 2, CHD: 0, INF: 0 });
    expect(f1.extras).toEqual([
      { kind: 'luggage', amount: big.price + small.price },
      { kind: 'seat', amount: paidSeat.price },
      { kind: 'infant', amount: infantFee },
    ]);
    const adds = (f: FareDataEntry) => f.baseFare! + f.taxes! + f.issueFee + f.otherFee + (f.extras ?? []).reduce((x, e) => x + e.amount, 0);
    expect(adds(f1)).toBe(f1.totalPrice);

    // the printed ticket: the same lines as the grid; the infant is its extra line, never an infant passenger line
    const res = await call(gw, 'GET', `/api/bookings/${h.id}/print.pdf`, { token: token('f1agent'), query: { pnr: h.pnr, price: 'detail' } });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    const vnd = (n: number) => `${new Intl.NumberFormat('vi-VN').format(n)} VND`;
    const unitADT = f1.fareADT + f1.taxADT + f1.vatADT;
    expect(text).toContain(`Người lớn × 2: Giá ${vnd(f1.fareADT)}`);
    expect(text).toContain(`= ${vnd(2 * unitADT)}`);
    expect(text).not.toContain('Em bé ×');
    expect(text).toContain(`Thêm em bé: ${vnd(infantFee)}`);
    expect(text).toContain(`Hành lý mua thêm: ${vnd(big.price + small.price)}`);
    expect(text).toContain(`Chọn chỗ ngồi: ${vnd(paidSeat.price)}`);
    expect(text).toContain(`Tổng cộng: ${vnd(f1.totalPrice)}`);
    if (f1.issueFee) expect(text).toContain(`Phí xuất vé: ${vnd(f1.issueFee)}`);
    // the amounts printed before the total add up to it
    const printed = text
      .slice(0, text.indexOf('Tổng cộng'))
      .split('\n')
      .flatMap((line) => {
        const m = /([\d.]+) VND$/.exec(line.trim());
        return m ? [Number(m[1].replace(/\./g, ''))] : [];
      });
    expect(printed.reduce((x, n) => x + n, 0)).toBe(f1.totalPrice);

    // split adult 1 (its infant follows): its bag, its seat and the infant go with it
    const entries = async () => (await gw.db.select().from(journalEntries).where(eq(journalEntries.bookingRef, String(h.id)))).length;
    const entriesBefore = await entries();
    const balance = await balanceOf(gw.db, agency);
    const split = await post(h.id, 'split', { idempotencyKey: randomUUID(), pnr: h.pnr, paxIds: [1] });
    expect(split.res.statusCode, split.res.body).toBe(200);
    const out = split.res.json<SplitResult>();
    const d2 = await detail();
    const parent = d2.pnrs.find((p) => p.pnr === h.pnr)!.fareData;
    const child = d2.pnrs.find((p) => p.pnr === out.newPnr)!.fareData;
    expect(child.extras).toEqual([
      { kind: 'luggage', amount: big.price },
      { kind: 'seat', amount: paidSeat.price },
      { kind: 'infant', amount: infantFee },
    ]);
    expect(parent.extras).toEqual([{ kind: 'luggage', amount: small.price }]);
    expect(child.counts).toEqual({ ADT: 1, CHD: 0, INF: 0 });
    expect(child.totalPrice).toBe(unitADT + big.price + paidSeat.price + infantFee);
    expect(child.issueFee).toBe(0);
    expect(parent.issueFee).toBe(f1.issueFee);
    expect(parent.totalPrice + child.totalPrice).toBe(f1.totalPrice);
    expect(adds(parent)).toBe(parent.totalPrice);
    expect(adds(child)).toBe(child.totalPrice);
    // the booking's total and the money are as they were
    expect(d2.total).toBe(d1.total);
    expect(await entries()).toBe(entriesBefore);
    expect(await balanceOf(gw.db, agency)).toBe(balance);
    const rows = await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, h.id));
    expect(rows.reduce((x, r) => x + r.totalPrice, 0)).toBe(f1.totalPrice);
    expect(d0.total).toBe(d1.total - infantFee - big.price - small.price - paidSeat.price);
  });
});
