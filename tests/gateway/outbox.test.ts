/**
 * The operators' outbox screen API (issue 19 item 2): list, retry now, abandon with a reason; ADMIN_F1 only,
 * within its agency subtree, checked by the server.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../contract/outbox';
import { auditLog, supplierOutbox } from '../../gateway/platform/db/schema';
import { loadUserByUsername } from '../../gateway/platform/tenancy/users';
import { call, login, startGateway, type Gateway } from './helpers';

describe('outbox operator screen API', () => {
  let gw: Gateway;
  const tokens = new Map<string, string>();
  const token = (u: string) => tokens.get(u)!;
  let mine: number;
  let theirs: number;

  beforeAll(async () => {
    gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
    for (const u of ['f1admin', 'f1agent', 'f2admin', 'provider']) tokens.set(u, (await login(gw, u)).accessToken);
    const own = (await loadUserByUsername(gw.db, 'f1admin'))!.agency.id;
    const parent = (await loadUserByUsername(gw.db, 'provider'))!.agency.id;
    // voids on a source the supply does not know: every attempt fails; due in an hour, so the background job
    // leaves them alone and only the screen's retry calls them
    const later = new Date(Date.now() + 3_600_000);
    await gw.db.insert(supplierOutbox).values([
      { kind: 'flight.void', key: 'test:void:1', nextAttemptAt: later, payload: { agencyId: own, bookingId: 1, pnr: 'ZZZ111', source: 'XX', ticketNumbers: ['738-0000000001'] } },
      { kind: 'flight.void', key: 'test:void:2', nextAttemptAt: later, payload: { agencyId: parent, bookingId: 2, pnr: 'ZZZ222', source: 'XX', ticketNumbers: ['738-0000000002'] } },
    ]);
    const rows = await gw.db.select().from(supplierOutbox);
    mine = rows.find((r) => r.key === 'test:void:1')!.id;
    theirs = rows.find((r) => r.key === 'test:void:2')!.id;
    // a ceiling, not a wait: starting a gateway (migrations, seed) and four sign-ins on embedded PGlite take minutes on a loaded machine
  }, 240_000);
  afterAll(async () => {
    await gw?.close();
  });

  it('lists the pending calls of the agency subtree as { data, total }; refused to users without ADMIN_F1', async () => {
    const res = await call(gw, 'GET', '/api/system/outbox', { token: token('f1admin') });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ data: OutboxItem[]; total: number }>();
    expect(page.data.map((i) => i.id)).toEqual([mine]);
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ pnr: 'ZZZ111', status: 'pending', attempts: 0, ticketNumbers: ['738-0000000001'] });
    for (const u of ['f1agent', 'f2admin']) {
      expect((await call(gw, 'GET', '/api/system/outbox', { token: token(u) })).statusCode, u).toBe(403);
      expect((await call(gw, 'POST', `/api/system/outbox/${mine}/retry`, { token: token(u), body: {} })).statusCode, u).toBe(403);
      expect((await call(gw, 'POST', `/api/system/outbox/${mine}/abandon`, { token: token(u), body: { reason: 'settled by phone' } })).statusCode, u).toBe(403);
    }
  });

  it('retry now: the failure is recorded (attempts, last error), the call stays pending; audited', async () => {
    const res = await call(gw, 'POST', `/api/system/outbox/${mine}/retry`, { token: token('f1admin'), body: {} });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<{ succeeded: boolean; item: OutboxItem }>();
    expect(r.succeeded).toBe(false);
    expect(r.item).toMatchObject({ status: 'pending', attempts: 1 });
    expect(r.item.lastError).toBeTruthy();
    expect(new Date(r.item.nextAttemptAt).getTime()).toBeGreaterThan(Date.now());
    const audit = await gw.db.select().from(auditLog).where(eq(auditLog.action, 'outbox.retried'));
    expect(audit.map((a) => a.target)).toContain('test:void:1');
  });

  it('outside the subtree: 404, nothing changes; a short reason: 400', async () => {
    expect((await call(gw, 'POST', `/api/system/outbox/${theirs}/retry`, { token: token('f1admin'), body: {} })).statusCode).toBe(404);
    expect((await call(gw, 'POST', `/api/system/outbox/${theirs}/abandon`, { token: token('f1admin'), body: { reason: 'not mine' } })).statusCode).toBe(404);
    const [row] = await gw.db.select().from(supplierOutbox).where(eq(supplierOutbox.id, theirs));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await call(gw, 'POST', `/api/system/outbox/${mine}/abandon`, { token: token('f1admin'), body: { reason: 'x' } })).statusCode).toBe(400);
  });

  it('abandon: no more retries, listed under abandoned with the reason; a second abandon or retry is 409 notPending', async () => {
    const res = await call(gw, 'POST', `/api/system/outbox/${mine}/abandon`, { token: token('f1admin'), body: { reason: 'Voided by phone with VN' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OutboxItem>()).toMatchObject({ status: 'abandoned', lastError: 'Voided by phone with VN (f1admin)' });
    expect((await call(gw, 'GET', '/api/system/outbox', { token: token('f1admin') })).json<{ data: OutboxItem[] }>().data).toEqual([]);
    const abandoned = (await call(gw, 'GET', '/api/system/outbox?status=abandoned', { token: token('f1admin') })).json<{ data: OutboxItem[] }>().data;
    expect(abandoned.map((i) => i.id)).toEqual([mine]);
    for (const path of ['abandon', 'retry']) {
      const again = await call(gw, 'POST', `/api/system/outbox/${mine}/${path}`, { token: token('f1admin'), body: { reason: 'again please' } });
      expect(again.statusCode, path).toBe(409);
      expect(again.json<{ data: { reason: string } }>().data.reason).toBe('notPending');
    }
    expect((await gw.db.select().from(auditLog).where(eq(auditLog.action, 'outbox.abandoned'))).map((a) => a.target)).toContain('test:void:1');
  });
});
