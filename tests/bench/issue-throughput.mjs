// Ticket issue throughput of the gateway on PostgreSQL, loopback, every source's latency 0.
//
// The gateway runs as its own process (tests/support/gateway-process.ts) on a fresh PostgreSQL database
// (created on the server of BENCH_DATABASE_URL, else TEST_DATABASE_URL, and dropped at the end), with the demo
// data. The bench holds N one-adult bookings (searches and POST /api/bookings over the encrypted protocol),
// tops the agency's deposit up so every issue is covered, then 20 concurrent clients issue them:
//
//   A. f1admin (no PIN): POST /api/bookings/:id/issue, a sealed { idempotencyKey, pnrs } body each;
//   B. f1agent (holds use_pin_code): the same with the X-Pin header (the salt from a first 403/120), so each
//      issue also verifies the PIN (argon2id);
//   C. the calls of A again with the same keys: replays (stored answers, nothing charged);
//   D. the baseline of this client on this machine: GET /api/bookings/:id of the same bookings.
//
// Reported: issues/s, latency median and p99, and the ledger check: one C entry per issue, C amounts = the
// amounts answered, the deposit lowered by exactly that, every entry balanced.
//
// Run: BENCH_DATABASE_URL=postgres://… npm run bench:issue-throughput   (BENCH_ISSUES=n per phase, default 200; BENCH_CONNECTIONS=k, default 20)
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';

const { startGateway } = await import('../support/gateway-process.ts');
const { encryptWithSecret } = await import('../../contract/crypto.ts');
const { apiClient, freshDatabase, pct } = await import('./gateway-load.mjs');

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!ADMIN_URL) {
  console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to an admin connection of a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres');
  process.exit(1);
}
const ISSUES = Number(process.env.BENCH_ISSUES ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PIN = '246810';

const database0 = await freshDatabase(ADMIN_URL, `bench_issue_${process.pid}`);
const dbUrl = new URL(database0.url);
let gateway;
try {
  gateway = await startGateway({ DATABASE_URL: dbUrl.toString(), SUPPLIER_LATENCY_MS: '0-0', SEARCH_SESSIONS_PER_USER: '100', LOG_LEVEL: 'warn' });
  const base = gateway.url;
  const client = apiClient(base);
  const { headers, post, login } = client;
  /** N one-adult holds for the user, each with its own idempotency key. */
  const holdMany = async (token, n, firstDay) => (await client.holdMany(token, n, firstDay)).map((h) => ({ ...h, key: randomUUID() }));

  /** CONNECTIONS clients over the list, each call timed. */
  async function issueAll(held, token, pinHeader) {
    const times = [];
    const answers = [];
    let next = 0;
    let failures = 0;
    const t0 = performance.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
      while (next < held.length) {
        const h = held[next++];
        const s = performance.now();
        const res = await post(`/api/bookings/${h.id}/issue`, token, { idempotencyKey: h.key, pnrs: [h.pnr] }, pinHeader ? { 'x-pin': pinHeader() } : {});
        const body = await res.json();
        times.push(performance.now() - s);
        if (res.ok) answers.push(body);
        else if (failures++ === 0) console.error(`issue failed: ${res.status} ${JSON.stringify(body)}`);
      }
    }));
    const seconds = (performance.now() - t0) / 1000;
    return { count: answers.length, perSecond: answers.length / seconds, p50: pct(times, 50), p99: pct(times, 99), failures, answers };
  }

  const admin = await login('f1admin');
  const agent = await login('f1agent');
  // the PIN salt of f1agent: a first call without X-Pin answers 403/120 with it
  const t = performance.now();
  const heldA = await holdMany(admin, ISSUES, 20);
  const heldB = await holdMany(agent, ISSUES, 40);
  console.log(`prepared ${heldA.length + heldB.length} holds in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const { openDatabase } = await import('../../gateway/platform/db/client.ts');
  const { balanceOf, postEntry, unbalancedEntries } = await import('../../gateway/platform/ledger.ts');
  const { agencies, journalEntries } = await import('../../gateway/platform/db/schema.ts');
  const { eq, inArray } = await import('drizzle-orm');
  const database = await openDatabase({ databaseUrl: dbUrl.toString() });
  const db = database.db;
  const [saoviet] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.code, 'SAOVIET'));
  await db.transaction((tx) => postEntry(tx, { type: 'T', agencyId: saoviet.id, amount: 10_000_000_000, reference: 'bench top-up' }));

  const first = await post(`/api/bookings/${heldB[0].id}/issue`, agent, { idempotencyKey: heldB[0].key, pnrs: [heldB[0].pnr] });
  const salt = (await first.json()).data?.salt;
  if (first.status !== 403 || !salt) throw new Error(`expected 403/120 with a salt, got ${first.status}`);

  console.log(`ticket issue throughput: ${CONNECTIONS} concurrent clients, ${ISSUES} issues per phase, PostgreSQL, supplier latency 0, loopback, node ${process.version}`);
  const ledgerCheck = async (held, r) => {
    const before = r.balanceBefore;
    const entries = await db.select().from(journalEntries).where(inArray(journalEntries.bookingRef, held.map((h) => String(h.id))));
    const charges = entries.filter((e) => e.type === 'C');
    const charged = charges.reduce((s, e) => s + Number(e.amount), 0);
    const answered = r.answers.reduce((s, a) => s + a.amount, 0);
    const after = await balanceOf(db, saoviet.id);
    const ok = charges.length === r.count && charged === answered && before - after === answered;
    return `charges ${charges.length} = issues ${r.count}; charged ${charged.toLocaleString('vi-VN')} ₫ = answered ${answered.toLocaleString('vi-VN')} ₫ = deposit change ${(before - after).toLocaleString('vi-VN')} ₫ ${ok ? 'OK' : 'MISMATCH'}`;
  };
  const line = (name, r) => `  ${name.padEnd(34)} ${r.perSecond.toFixed(1).padStart(6)} issues/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   (${r.count} done, ${r.failures} failed)`;

  let balanceBefore = await balanceOf(db, saoviet.id);
  const a = await issueAll(heldA, admin, null);
  console.log(line('A. issue (no PIN)', a));
  console.log(`     ledger: ${await ledgerCheck(heldA, { ...a, balanceBefore })}`);

  balanceBefore = await balanceOf(db, saoviet.id);
  const pinHeader = () => encryptWithSecret(PIN, salt);
  const b = await issueAll(heldB, agent, pinHeader);
  console.log(line('B. issue with the PIN (argon2id)', b));
  console.log(`     ledger: ${await ledgerCheck(heldB, { ...b, balanceBefore })}`);

  balanceBefore = await balanceOf(db, saoviet.id);
  const c = await issueAll(heldA, admin, null);
  const replayed = c.answers.filter((x) => x.replayed).length;
  console.log(line('C. replays of A (same keys)', c));
  console.log(`     replayed ${replayed} of ${c.count}; deposit change ${(balanceBefore - (await balanceOf(db, saoviet.id))).toLocaleString('vi-VN')} ₫; unbalanced entries ${(await unbalancedEntries(db)).length}`);
  // the baseline of this client and machine: an authenticated read of each booking (GET /api/bookings/:id)
  const reads = [];
  let nextRead = 0;
  const r0 = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (nextRead < heldA.length) {
      const h = heldA[nextRead++];
      const s = performance.now();
      const res = await fetch(`${base}/api/bookings/${h.id}`, { headers: headers(admin) });
      await res.text();
      if (res.ok) reads.push(performance.now() - s);
    }
  }));
  const readSeconds = (performance.now() - r0) / 1000;
  console.log(`  ${'D. baseline: GET /api/bookings/:id'.padEnd(34)} ${(reads.length / readSeconds).toFixed(1).padStart(6)} reads/s    p50 ${pct(reads, 50).toFixed(1).padStart(6)} ms   p99 ${pct(reads, 99).toFixed(1).padStart(6)} ms   (${reads.length} done)`);
  console.log(`  load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  await database.close();
} finally {
  await gateway?.stop();
  await database0.drop();
}
