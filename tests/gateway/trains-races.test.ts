/**
 * Races of the train seat inventory. PGlite serves one connection, so these need PostgreSQL
 * (TEST_DATABASE_URL), as CI runs the gateway suite a second time.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrainBooking } from '../../contract/trains';
import { balanceOf, unbalancedEntries } from '../../gateway/platform/ledger';
import { journalEntries, trainSeats, trainTickets, users } from '../../gateway/platform/db/schema';
import { call, login, startGateway, usingPostgres, type Gateway } from './helpers';
import { adultPax, findTrain, freeSeats, holdAndBook } from './trains-helpers';

const AGENTS = 30;

describe.skipIf(!usingPostgres)('train seats under concurrency (PostgreSQL)', () => {
  let gw: Gateway;
  const agents: string[] = [];
  let agencyId = 0;

  beforeAll(async () => {
    gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
    const [admin] = await gw.db.select().from(users).where(eq(users.username, 'f1admin'));
    agencyId = admin.agencyId;
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = admin;
    await gw.db.insert(users).values(
      Array.from({ length: AGENTS }, (_, i) => ({ ...rest, username: `trainrace${String(i).padStart(2, '0')}`, email: `trainrace${i}@example.vn`, extraPermissions: ['use_train'] })),
    );
    const tokens = await Promise.all(Array.from({ length: AGENTS }, (_, i) => login(gw, `trainrace${String(i).padStart(2, '0')}`)));
    agents.push(...tokens.map((t) => t.accessToken));
  }, 120_000);
  afterAll(async () => {
    await gw?.close();
  });

  it('30 agents race for the same 4 berths of a 4-berth compartment: each berth is held once, sold once', async () => {
    const train = await findTrain(gw, agents[0], 'SE3', 'HNO', 'SGO', 30);
    const berths = await freeSeats(gw, agents[0], train, 'berth4', 4, true);
    expect(new Set(berths.map((b) => b.compartment)).size).toBe(1);
    // round 1: every agent wants one berth (agent i berth i % 4), all at once
    const answers = await Promise.all(agents.map((t, i) => call(gw, 'POST', '/api/trains/hold', { token: t, body: { add: [berths[i % 4].ticketId] } })));
    const won = answers.map((a, i) => ({ status: a.statusCode, i })).filter((a) => a.status === 200);
    expect(won).toHaveLength(4);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(AGENTS - 4);
    expect(new Set(won.map((w) => w.i % 4)).size).toBe(4);
    const rows = await gw.db.select().from(trainSeats).where(inArray(trainSeats.ticketId, berths.map((b) => b.ticketId)));
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.holdId)).size).toBe(4);
    // round 2: every agent asks for all four at once: nobody gets any, nothing changes
    const all = await Promise.all(agents.map((t) => call(gw, 'POST', '/api/trains/hold', { token: t, body: { add: berths.map((b) => b.ticketId) } })));
    expect(all.every((a) => a.statusCode === 409)).toBe(true);
    // the four winners book and pay at the same time
    const before = await balanceOf(gw.db, agencyId);
    const booked = await Promise.all(
      won.map(async (w) => {
        const res = await call(gw, 'POST', '/api/trains/bookings', { token: agents[w.i], body: { passengers: [adultPax(berths[w.i % 4].ticketId)], contact: { name: 'Nguyễn Văn An', phone: '0912345678' } } });
        expect(res.statusCode).toBe(200);
        return { token: agents[w.i], booking: res.json<TrainBooking>() };
      }),
    );
    const paid = await Promise.all(booked.map((b) => call(gw, 'POST', `/api/trains/bookings/${b.booking.id}/pay`, { token: b.token, body: { idempotencyKey: randomUUID() } })));
    expect(paid.map((p) => p.statusCode)).toEqual([200, 200, 200, 200]);
    const sold = await gw.db.select().from(trainSeats).where(inArray(trainSeats.ticketId, berths.map((b) => b.ticketId)));
    expect(sold.map((s) => s.state)).toEqual(['sold', 'sold', 'sold', 'sold']);
    const tickets = await gw.db.select().from(trainTickets).where(inArray(trainTickets.ticketId, berths.map((b) => b.ticketId)));
    expect(tickets.filter((t) => t.status === 'ISSUED')).toHaveLength(4);
    expect(new Set(tickets.filter((t) => t.status === 'ISSUED').map((t) => t.ticketId)).size).toBe(4);
    expect(await balanceOf(gw.db, agencyId)).toBe(before - booked.reduce((s, b) => s + b.booking.total, 0));
    // round 3: once sold, still nobody else
    const late = await Promise.all(agents.map((t, i) => call(gw, 'POST', '/api/trains/hold', { token: t, body: { add: [berths[i % 4].ticketId] } })));
    expect(late.every((a) => a.statusCode === 409)).toBe(true);
  });

  it('20 parallel payments of one booking with one key: one C entry, the same tickets in every answer', async () => {
    const train = await findTrain(gw, agents[5], 'SE1', 'HNO', 'HUE', 31);
    const booking = await holdAndBook(gw, agents[5], await freeSeats(gw, agents[5], train, 'berth6', 2));
    const before = await balanceOf(gw.db, agencyId);
    const body = { idempotencyKey: randomUUID() };
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(gw, 'POST', `/api/trains/bookings/${booking.id}/pay`, { token: agents[5], body })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const numbers = answers.map((a) => a.json<TrainBooking>().tickets.map((t) => t.ticketNumber).join());
    expect(new Set(numbers).size).toBe(1);
    const entries = await gw.db.select().from(journalEntries).where(eq(journalEntries.bookingRef, booking.code));
    expect(entries.map((e) => e.type)).toEqual(['C']);
    expect(await balanceOf(gw.db, agencyId)).toBe(before - booking.total);
    expect(await unbalancedEntries(gw.db)).toEqual([]);
  });
});
