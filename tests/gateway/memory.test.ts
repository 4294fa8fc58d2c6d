import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import v8 from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteMemoryBytes } from '../../gateway/platform/db/client';
import { DRAFT_BYTES_PER_CLASS, draftCacheStats, generateOffers, setDraftCacheBytes, setDraftCacheSize } from '../../gateway/suppliers/simulated/generator';
import { startGateway, usingPostgres, type Gateway } from './helpers';

const showSharedBuffers = async (db: Awaited<ReturnType<typeof openDatabase>>['db']) =>
  ((await db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] }).rows[0].shared_buffers;

// PGlite only. On PostgreSQL the block is not registered at all: the PostgreSQL run of CI must skip nothing.
if (!usingPostgres) describe('PGlite memory bounds', () => {
  it('creates a new data directory (initdb in a child process), then opens it with the configured shared_buffers', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'gw-mem-')), 'pglite');
    try {
      const before = pgliteMemoryBytes();
      const first = await openDatabase({ pgliteDir: dir });
      expect(await showSharedBuffers(first.db)).toBe('32MB');
      expect(pgliteMemoryBytes()).toBeGreaterThan(before);
      await first.db.execute(sql`create table kept (id int)`);
      await first.db.execute(sql`insert into kept values (7)`);
      await first.close();
      expect(pgliteMemoryBytes()).toBe(before);

      // reopened (no initdb): the data is there, with another pool size
      const second = await openDatabase({ pgliteDir: dir, pgliteSharedBuffers: '16MB' });
      expect(await showSharedBuffers(second.db)).toBe('16MB');
      const rows = ((await second.db.execute(sql`select id from kept`)) as unknown as { rows: { id: number }[] }).rows;
      expect(rows).toEqual([{ id: 7 }]);
      await second.close();
    } finally {
      rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  }, 240_000);

  it('opens a database whose WebAssembly is compiled by the baseline compiler only, and it answers', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'gw-mem-')), 'pglite');
    try {
      const database = await openDatabase({ pgliteDir: dir, pgliteWasmOptimize: false });
      const rows = ((await database.db.execute(sql`select count(*)::int as n from generate_series(1, 1000)`)) as unknown as { rows: { n: number }[] }).rows;
      expect(rows).toEqual([{ n: 1000 }]);
      await database.close();
    } finally {
      // the flag is process-wide and the suite's files share their worker: the next files' PGlite is compiled as usual
      v8.setFlagsFromString('--no-liftoff-only');
      rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  }, 240_000);
});

describe('offer drafts cache bound', () => {
  afterAll(() => {
    setDraftCacheSize(200);
    setDraftCacheBytes(Infinity);
  });

  it('keeps at most the bound, dropping the least recently used', async () => {
    setDraftCacheSize(3);
    const day = (d: number) => new Date(Date.now() + (7 * 60 + d * 1440) * 60_000).toISOString().slice(0, 10);
    for (let d = 2; d < 7; d += 1) {
      await generateOffers('VN', { from: 'HAN', to: 'SGN', departDate: day(d), pax: { adt: 1, chd: 0, inf: 0 } }, { vatPercent: 8 });
    }
    const stats = draftCacheStats(true);
    expect(stats.entries).toBe(3);
    expect(stats.bound).toBe(3);
    expect(stats.serializedBytes).toBeGreaterThan(0);
    setDraftCacheSize(1);
    expect(draftCacheStats().entries).toBe(1);
  });

  it('keeps at most its byte bound (estimated from the fare classes), the newest list always, and counts what it drops', async () => {
    const day = (d: number) => new Date(Date.now() + (7 * 60 + d * 1440) * 60_000).toISOString().slice(0, 10);
    const search = (d: number, returnDay?: number) =>
      generateOffers('1A', { from: 'HAN', to: 'SGN', departDate: day(d), ...(returnDay ? { returnDate: day(returnDay) } : {}), pax: { adt: 1, chd: 0, inf: 0 } }, { vatPercent: 8 });
    setDraftCacheSize(100);
    setDraftCacheBytes(Infinity);
    setDraftCacheSize(1); // empties it down to one list
    setDraftCacheSize(100);
    const one = await search(2);
    const classes = one.reduce((n, o) => n + o.priceInfo.length, 0);
    expect(classes).toBeGreaterThan(0);
    // the one-way list just searched is the newest; its estimate is its classes
    const before = draftCacheStats();
    for (let d = 3; d < 8; d += 1) await search(d);
    const five = draftCacheStats();
    expect(five.entries).toBe(before.entries + 5);
    expect(five.estimatedBytes).toBeGreaterThan(before.estimatedBytes);
    // a GDS round trip: its outbound and inbound lists (priced as a round trip), and the combined lists counted
    // with the outbound one
    await search(3, 9);
    const withReturn = draftCacheStats();
    expect(withReturn.entries).toBe(five.entries + 2);
    const outAndIn = withReturn.estimatedBytes - five.estimatedBytes;
    await search(3, 10);
    const another = draftCacheStats();
    expect(another.entries).toBe(withReturn.entries + 1);
    // the second inbound list and its combined lists
    expect(another.estimatedBytes - withReturn.estimatedBytes).toBeGreaterThan(0);
    expect(outAndIn).toBeGreaterThan(0);
    // bound to about two lists: the oldest go, the estimate follows
    setDraftCacheBytes(2 * classes * DRAFT_BYTES_PER_CLASS);
    const bounded = draftCacheStats();
    expect(bounded.byteBound).toBe(2 * classes * DRAFT_BYTES_PER_CLASS);
    expect(bounded.estimatedBytes).toBeLessThanOrEqual(bounded.byteBound!);
    expect(bounded.entries).toBeGreaterThanOrEqual(1);
    expect(bounded.entries).toBeLessThan(another.entries);
    // a bound under one list keeps the newest one only
    setDraftCacheBytes(1);
    expect(draftCacheStats().entries).toBe(1);
    // no byte bound: the count bound alone
    setDraftCacheBytes(Infinity);
    for (let d = 10; d < 14; d += 1) await search(d);
    expect(draftCacheStats()).toMatchObject({ entries: 5, byteBound: null });
    setDraftCacheSize(1);
    setDraftCacheSize(200);
  });
});

describe('memory diagnostics route', () => {
  let on: Gateway;
  let off: Gateway;
  beforeAll(async () => {
    // one after the other: two apps starting at once on a loaded machine can pass Fastify's plugin time-out
    on = await startGateway({ env: { MEMORY_DIAGNOSTICS: 'on' }, seed: false });
    off = await startGateway({ seed: false });
  }, 240_000);
  afterAll(async () => {
    await on?.close();
    await off?.close();
  });

  it('answers the process memory figures only when MEMORY_DIAGNOSTICS is on', async () => {
    const res = await on.app.inject({ method: 'GET', url: '/debugz/memory' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const key of ['rss', 'heapUsed', 'external', 'arrayBuffers']) expect(body[key]).toBeGreaterThan(0);
    expect(body.pgliteWasm).toBe(usingPostgres ? 0 : pgliteMemoryBytes());
    expect(body.offerDrafts).toMatchObject({ bound: 200 });
    expect((await off.app.inject({ method: 'GET', url: '/debugz/memory' })).statusCode).toBe(404);
  });
});
