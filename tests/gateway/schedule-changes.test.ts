/**
 * Schedule changes (branch sched) on the gateway: the round that brings the airline's changes into issued PNRs
 * (TK/UN segments, history, audit, the agency's bell), the inbox (scope, filters, paging), submit-sc's accept and
 * free rebook (one supplier call, history, audit, no ledger entry, idempotent), change-route-status's refusals
 * (nothing changes), and the booking scope. The airlines change every flight here (SCHEDULE_CHANGE_RATE=1);
 * the rounds are run by hand. PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AfterSaleHub, HistoryEntry, PnrRecord } from '../../contract/aftersale';
import type { ScheduleChangeRow, ScheduleChangeView } from '../../contract/aftersale-sched';
import { runScheduleChanges } from '../../gateway/aftersale/schedule-changes';
import { notifier } from '../../gateway/notifications/service';
import { auditLog, journalEntries, notifications, scheduleChanges, supplierPnrs } from '../../gateway/platform/db/schema';
import { balanceOf } from '../../gateway/platform/ledger';
import { loadUserByUsername } from '../../gateway/platform/tenancy/users';
import { createSupplierRegistry } from '../../gateway/suppliers';
import { call, login, startGateway, type Gateway } from './helpers';
import { callWithPin, hold, type Held } from './lifecycle-helpers';

let gw: Gateway;
const tokens = new Map<string, string>();
const token = (u: string) => tokens.get(u)!;
let round: () => Promise<string[]>;

async function issued(user: string, days: number): Promise<Held> {
  const h = await hold(gw, token(user), { source: 'VN', days });
  const { res } = await callWithPin(gw, 'POST', `/api/bookings/${h.id}/issue`, token(user), { idempotencyKey: randomUUID(), pnrs: [h.pnr] });
  if (res.statusCode !== 200) throw new Error(`issue failed: ${res.body}`);
  return h;
}

const hubOf = async (user: string, id: number) => (await call(gw, 'GET', `/api/aftersale/bookings/${id}`, { token: token(user) })).json<AfterSaleHub>();
const viewOf = async (user: string, id: number) => (await call(gw, 'GET', `/api/aftersale/bookings/${id}/schedule-change`, { token: token(user) })).json<ScheduleChangeView>();
const inbox = async (user: string, query: Record<string, string> = {}) => (await call(gw, 'GET', '/api/aftersale/schedule-changes', { token: token(user), query })).json<{ data: ScheduleChangeRow[]; total: number }>();
const historyOf = async (id: number) => (await call(gw, 'GET', `/api/aftersale/bookings/${id}/history`, { token: token('f1agent') })).json<{ data: HistoryEntry[] }>().data;
const recordOf = async (pnr: string) => (await gw.db.select().from(supplierPnrs).where(eq(supplierPnrs.pnr, pnr)))[0].record as PnrRecord;

beforeAll(async () => {
  gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0', SCHEDULE_CHANGE_RATE: '1' } });
  for (const u of ['f1agent', 'f1admin', 'f2agent']) tokens.set(u, (await login(gw, u)).accessToken);
  const suppliers = createSupplierRegistry(gw.settings.SUPPLIERS);
  round = () => runScheduleChanges({ db: gw.db, suppliers, now: () => new Date(), notifier });
}, 180_000);
afterAll(async () => {
  await gw?.close();
});

describe('the airline’s schedule change reaches an issued PNR', () => {
  let h: Held;
  it('a round makes the segments TK (or UN + replacement TK), opens an inbox row, writes history, audit and the bell; a second round changes nothing', async () => {
    const held = await hold(gw, token('f1agent'), { source: 'VN', days: 20 });
    h = await issued('f1agent', 21);
    const changed = await round();
    expect(changed).toContain(h.pnr);
    // a held PNR is not synced (only issued ones)
    expect(changed).not.toContain(held.pnr);
    const record = await recordOf(h.pnr);
    expect(record.segments.some((s) => s.status === 'TK')).toBe(true);
    expect(record.segments.every((s) => ['TK', 'UN'].includes(s.status))).toBe(true);
    const [row] = await gw.db.select().from(scheduleChanges).where(eq(scheduleChanges.pnr, h.pnr));
    expect(row).toMatchObject({ status: 'open', bookingId: h.id, airline: 'VN' });
    const history = await historyOf(h.id);
    expect(history.map((e) => e.kind)).toEqual(['schedule-change']);
    expect(history[0].userName).toBeNull();
    expect(history[0].summary).toMatch(/Hãng thay đổi lịch bay/);
    const audits = await gw.db.select().from(auditLog).where(and(eq(auditLog.action, 'aftersale.scheduleChanged'), eq(auditLog.target, h.pnr)));
    expect(audits).toHaveLength(1);
    const agent = (await loadUserByUsername(gw.db, 'f1agent'))!;
    const bell = await gw.db.select().from(notifications).where(and(eq(notifications.userId, agent.user.id), eq(notifications.type, 'schedule_change')));
    expect(bell.some((n) => n.link === `/booking/edit/submit-sc/${h.id}` && n.titleVi.includes(h.pnr))).toBe(true);
    // the hub offers submit-sc now, and change-route-status
    const hub = await hubOf('f1agent', h.id);
    expect(hub.actions.find((a) => a.action === 'submit-sc')).toEqual({ action: 'submit-sc', allowed: true });
    expect(hub.actions.find((a) => a.action === 'change-route-status')!.allowed).toBe(true);
    // again: nothing new
    expect(await round()).not.toContain(h.pnr);
    expect(await historyOf(h.id)).toHaveLength(1);
  });

  it('the inbox lists it in the booking scope, with filters and server paging', async () => {
    const mine = await inbox('f1agent');
    expect(mine.data.map((r) => r.pnr)).toContain(h.pnr);
    const row = mine.data.find((r) => r.pnr === h.pnr)!;
    expect(row.segments[0]).toMatchObject({ from: 'HAN', to: 'SGN', oldFlightNo: h.offer.routeInfo[0].flightNo });
    expect((await inbox('f1agent', { q: h.pnr.slice(0, 3), status: 'open', airline: 'VN' })).data.map((r) => r.pnr)).toContain(h.pnr);
    expect((await inbox('f1agent', { status: 'accepted' })).data.map((r) => r.pnr)).not.toContain(h.pnr);
    expect((await inbox('f1agent', { airline: 'VJ' })).total).toBe(0);
    const page = await inbox('f1agent', { pageSize: '1', page: '1' });
    expect(page.data).toHaveLength(1);
    expect(page.total).toBe(mine.total);
    // the administrator of the agency sees it; the sub-agency's agent does not
    expect((await inbox('f1admin')).data.map((r) => r.pnr)).toContain(h.pnr);
    expect((await inbox('f2agent')).data.map((r) => r.pnr)).not.toContain(h.pnr);
    const bad = await call(gw, 'GET', '/api/aftersale/schedule-changes', { token: token('f1agent'), query: { status: 'nope' } });
    expect(bad.statusCode).toBe(400);
  });

  it('outside the scope: 404 on the view and on accept, and nothing changes', async () => {
    expect((await call(gw, 'GET', `/api/aftersale/bookings/${h.id}/schedule-change`, { token: token('f2agent') })).statusCode).toBe(404);
    const before = await recordOf(h.pnr);
    const res = await call(gw, 'POST', `/api/aftersale/bookings/${h.id}/schedule-change/accept`, { token: token('f2agent'), body: { idempotencyKey: randomUUID(), pnr: h.pnr } });
    expect(res.statusCode).toBe(404);
    expect(await recordOf(h.pnr)).toEqual(before);
  });

  it('change-route-status refuses what the rule refuses, with the reason, and changes nothing', async () => {
    const before = await recordOf(h.pnr);
    const un = before.segments.find((s) => s.status === 'UN');
    const target = un ?? before.segments.find((s) => s.status === 'TK')!;
    const body = { idempotencyKey: randomUUID(), pnr: h.pnr, segId: target.segId, to: un ? 'HK' : 'HK' };
    if (un) {
      const res = await call(gw, 'POST', `/api/aftersale/bookings/${h.id}/segment-status`, { token: token('f1agent'), body });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ data: { reason: string; message: string } }>().data).toMatchObject({ reason: 'unableNotConfirmable', message: expect.stringMatching(/UN\/UC/) });
    }
    const missing = await call(gw, 'POST', `/api/aftersale/bookings/${h.id}/segment-status`, { token: token('f1agent'), body: { ...body, idempotencyKey: randomUUID(), segId: 42 } });
    expect(missing.statusCode).toBe(409);
    expect(missing.json<{ data: { reason: string } }>().data.reason).toBe('noSegment');
    const rebookBad = await call(gw, 'POST', `/api/aftersale/bookings/${h.id}/schedule-change/rebook`, { token: token('f1agent'), body: { idempotencyKey: randomUUID(), pnr: h.pnr, segId: target.segId, flightNo: 'VN1' } });
    expect(rebookBad.statusCode).toBe(400);
    expect(rebookBad.json<{ data: { reason: string } }>().data.reason).toBe('flightNo');
    expect(await recordOf(h.pnr)).toEqual(before);
    expect(await historyOf(h.id)).toHaveLength(1);
  });

  it('accept: TK → HK, UN removed, tickets revalidated, free (no entry), history and audit, the inbox row accepted; the key replays', async () => {
    const agency = (await loadUserByUsername(gw.db, 'f1agent'))!.agency.id;
    const balance = await balanceOf(gw.db, agency);
    const view = await viewOf('f1agent', h.id);
    const changes = view.pnrs[0].changes;
    expect(changes.length).toBeGreaterThan(0);
    const body = { idempotencyKey: randomUUID(), pnr: h.pnr };
    const res = await call(gw, 'POST', `/api/aftersale/bookings/${h.id}/schedule-change/accept`, { token: token('f1agent'), body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ pnr: h.pnr, replayed: false });
    const after = await recordOf(h.pnr);
    expect(after.segments.every((s) => s.status === 'HK')).toBe(true);
    expect(after.segments.map((s) => [s.flightNo, s.departDate])).toEqual(changes.map((c) => [c.newFlightNo, c.newDepartDate]));
    expect(after.tickets.every((t) => t.revalidatedAt)).toBe(true);
    expect(await balanceOf(gw.db, agency)).toBe(balance);
    expect(await gw.db.select().from(journalEntries).where(and(eq(journalEntries.pnr, h.pnr), eq(journalEntries.type, 'C')))).toHaveLength(1); // the issue only
    const history = await historyOf(h.id);
    expect(history[0]).toMatchObject({ kind: 'submit-sc', amount: 0, entryId: null });
    expect(history[0].summary).toMatch(/Chấp nhận thay đổi lịch bay/);
    const [row] = await gw.db.select().from(scheduleChanges).where(eq(scheduleChanges.pnr, h.pnr));
    expect(row.status).toBe('accepted');
    expect((await inbox('f1agent', { status: 'open' })).data.map((r) => r.pnr)).not.toContain(h.pnr);
    const audits = await gw.db.select().from(auditLog).where(and(eq(auditLog.action, 'aftersale.edited'), eq(auditLog.target, h.pnr)));
    expect(audits).toHaveLength(1);
    // the same key replays; a new one has nothing to accept
    const again = await call(gw, 'POST', `/api/aftersale/bookings/${h.id}/schedule-change/accept`, { token: token('f1agent'), body });
    expect(again.json()).toEqual({ pnr: h.pnr, replayed: true });
    const none = await call(gw, 'POST', `/api/aftersale/bookings/${h.id}/schedule-change/accept`, { token: token('f1agent'), body: { idempotencyKey: randomUUID(), pnr: h.pnr } });
    expect(none.statusCode).toBe(409);
    expect(none.json<{ data: { reason: string } }>().data.reason).toBe('noScheduleChange');
    expect((await hubOf('f1agent', h.id)).actions.find((a) => a.action === 'submit-sc')).toMatchObject({ allowed: false, reason: 'noScheduleChange' });
    // a confirmed segment is not changed by change-route-status
    const hk = await call(gw, 'POST', `/api/aftersale/bookings/${h.id}/segment-status`, { token: token('f1agent'), body: { idempotencyKey: randomUUID(), pnr: h.pnr, segId: after.segments[0].segId, to: 'XX' } });
    expect(hk.statusCode).toBe(409);
    expect(hk.json<{ data: { reason: string } }>().data.reason).toBe('confirmedUseRemoveRoute');
    expect(await recordOf(h.pnr)).toEqual(after);
  });
});

describe('rebook after a schedule change', () => {
  it('moves the changed segment onto another flight of the route that day, free, HK; the inbox row rebooked', async () => {
    const h = await issued('f1admin', 23);
    expect(await round()).toContain(h.pnr);
    const view = await viewOf('f1admin', h.id);
    const change = view.pnrs[0].changes[0];
    const options = view.pnrs[0].alternatives[String(change.segId)];
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((o) => o.departDate.slice(0, 10) === (change.newDepartDate || change.oldDepartDate).slice(0, 10))).toBe(true);
    const pick = options[options.length - 1];
    const res = await call(gw, 'POST', `/api/aftersale/bookings/${h.id}/schedule-change/rebook`, { token: token('f1admin'), body: { idempotencyKey: randomUUID(), pnr: h.pnr, segId: change.segId, flightNo: pick.flightNo } });
    expect(res.statusCode, res.body).toBe(200);
    const after = await recordOf(h.pnr);
    expect(after.segments).toEqual([expect.objectContaining({ status: 'HK', flightNo: pick.flightNo, departDate: pick.departDate, arrivalDate: pick.arrivalDate })]);
    const [row] = await gw.db.select().from(scheduleChanges).where(eq(scheduleChanges.pnr, h.pnr));
    expect(row.status).toBe('rebooked');
    const history = (await call(gw, 'GET', `/api/aftersale/bookings/${h.id}/history`, { token: token('f1admin') })).json<{ data: HistoryEntry[] }>().data;
    expect(history[0]).toMatchObject({ kind: 'submit-sc', amount: 0 });
    expect(history[0].summary).toMatch(/miễn phí/);
    // the rebooked flight is not changed again by the next round
    expect(await round()).not.toContain(h.pnr);
  });

  it('change-route-status XX on a changed segment removes it (and a UN with its replacement)', async () => {
    const h = await issued('f1agent', 24);
    await round();
    const before = await recordOf(h.pnr);
    const tk = before.segments.find((s) => s.status === 'TK')!;
    const res = await call(gw, 'POST', `/api/aftersale/bookings/${h.id}/segment-status`, { token: token('f1agent'), body: { idempotencyKey: randomUUID(), pnr: h.pnr, segId: tk.segId, to: 'XX' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await recordOf(h.pnr)).segments).toEqual([]);
    const [row] = await gw.db.select().from(scheduleChanges).where(eq(scheduleChanges.pnr, h.pnr));
    expect(row.status).toBe('resolved');
  });
});
