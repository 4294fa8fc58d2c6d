// booking/search's filters over 10,000 bookings (docs/booking-management.md), on PGlite, or on PostgreSQL when
// BENCH_DATABASE_URL (else TEST_DATABASE_URL) names an admin connection (a database of its own, dropped at the end).
//
// Seeds the demo data, then BENCH_BOOKINGS bookings (default 10,000, one PNR each) spread over the F1 tree, each
// with two passengers whose names carry Vietnamese diacritics (as the booking form stores them: upper case, accents
// kept); then times bookingList as f1admin (the whole tree): median and max of 5 runs after one warm-up.
//
// Run: npx tsx tests/bench/booking-search.ts   (BENCH_DATABASE_URL=postgres://… for PostgreSQL)
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { bookingListQuery } from '../../contract/bookings';
import { bookingList } from '../../gateway/bookings/list';
import { passengerNamesOf } from '../../gateway/bookings/pax-infos';
import { openDatabase } from '../../gateway/platform/db/client';
import { agencies, bookings, pnrs } from '../../gateway/platform/db/schema';
import { loadUserByUsername } from '../../gateway/platform/tenancy/users';
import { seedDemo } from '../../gateway/seed/demo';

const COUNT = Number(process.env.BENCH_BOOKINGS ?? 10_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const name = `bench_search_${randomBytes(4).toString('hex')}`;
const admin = ADMIN_URL ? new pg.Client({ connectionString: ADMIN_URL }) : null;
let databaseUrl: string | undefined;
if (admin) {
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL!);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}
const database = await openDatabase({ databaseUrl });
const db = database.db;

const LAST = ['NGUYỄN', 'TRẦN', 'LÊ', 'PHẠM', 'HOÀNG'];
const MIDDLE = ['VĂN', 'THỊ'];
const GIVEN = ['AN', 'BÌNH', 'CƯỜNG', 'DŨNG', 'HẰNG', 'LAN', 'MINH', 'NGỌC', 'PHƯƠNG', 'QUÂN', 'THẢO'];

try {
  await database.migrate();
  await seedDemo(db);
  const tree = (await db.select({ id: agencies.id }).from(agencies)).map((a) => a.id);
  let t0 = performance.now();
  for (let from = 0; from < COUNT; from += 1000) {
    const rows = [];
    for (let i = from; i < Math.min(COUNT, from + 1000); i++) {
      // one booking in 1,000 has a rare name (ĐẶNG), one in 10 a NGUYỄN VĂN
      const passengers = [0, 1].map((k) => ({
        paxId: k + 1,
        type: 'ADT',
        title: 'MR',
        lastName: i % 1000 === 7 && k === 0 ? 'ĐẶNG' : LAST[(i + k * 3) % LAST.length],
        firstName: `${MIDDLE[(i + k) % 2]} ${GIVEN[(i * 7 + k) % GIVEN.length]}`,
      }));
      rows.push({
        agencyId: tree[i % tree.length],
        status: 'HOLD',
        customerName: `KHACH ${i}`,
        customerPhone: '0901234567',
        customerEmail: 'k@example.vn',
        adt: 2,
        chd: 0,
        inf: 0,
        passengers,
        ...('passengerNames' in bookings ? { passengerNames: passengerNamesOf(passengers) } : {}),
        bookingFees: [],
        createdAt: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000),
      });
    }
    const ids = await db.insert(bookings).values(rows).returning({ id: bookings.id });
    await db.insert(pnrs).values(
      ids.map(({ id }, k) => ({
        bookingId: id,
        airline: ['VN', 'VJ', 'QH'][k % 3],
        source: 'VN',
        pnr: `S${String(from + k).padStart(5, '0')}`,
        recordStatus: 'BOOKED',
        totalPrice: 1_000_000,
        routeInfos: [{ from: 'HAN', to: 'SGN', departDate: '2025-06-01T08:00' }],
        fareData: [],
        paxInfos: [{ paxId: 1 }, { paxId: 2 }],
        seatHolds: [],
      })) as (typeof pnrs.$inferInsert)[],
    );
  }
  await db.execute(sql`analyze`);
  console.log(`${database.kind}: ${COUNT} bookings in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const ctx = (await loadUserByUsername(db, 'f1admin'))!;
  const time = async (label: string, query: Record<string, string>) => {
    const q = bookingListQuery.parse(query);
    const first = await bookingList(db, ctx, q);
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      t0 = performance.now();
      await bookingList(db, ctx, q);
      runs.push(performance.now() - t0);
    }
    runs.sort((a, b) => a - b);
    console.log(`${label.padEnd(44)} ${String(first.total).padStart(6)} matches   median ${runs[2].toFixed(0).padStart(4)} ms   max ${runs[4].toFixed(0).padStart(4)} ms`);
  };
  await time('first page', {});
  await time('name "nguyen van"', { name: 'nguyen van' });
  await time('name "Nguyễn Văn" (diacritics)', { name: 'Nguyễn Văn' });
  await time('name "van lan" (first names)', { name: 'van lan' });
  await time('name "dang" (rare)', { name: 'dang' });
  await time('name "Đặng" (rare, diacritics)', { name: 'Đặng' });
  await time('name "zzzz" (no match)', { name: 'zzzz' });
} finally {
  await database.close();
  if (admin) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
