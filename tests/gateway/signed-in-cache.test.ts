// The per-request sign-in check, after the user has passed it at least once: on PGlite it is then answered from
// memory (gateway/platform/access/signed-in-cache.ts), on PostgreSQL by its statement. Either way every change
// that must refuse or change a signed-in user shows at the very next request, whoever made it (an endpoint, a
// statement by hand, a transaction), and a (user, tsp) pair is still accepted once, also among parallel requests.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../gateway/admin/service';
import { signedInMemoryOf } from '../../gateway/platform/access/signed-in-cache';
import { CHECKS_PER_STATEMENT } from '../../gateway/platform/access/signed-in';
import { agencies, permissionGroups, users } from '../../gateway/platform/db/schema';
import { pgliteOf } from '../../gateway/platform/db/table-changes';
import { DEMO_PASSWORD } from '../../gateway/seed/demo';
import { API } from '../../contract/paths';
import { nextTspValue } from '../../contract/tsp';
import { call, login, startGateway, tspFor, usingPostgres, type Gateway } from './helpers';

let gw: Gateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => {
  await gw?.close();
});

const ME = '/api/auth/me';
let n = 0;

/** A new user of SAOVIET, signed in, having passed the check twice (so kept in memory on PGlite). */
async function signedIn() {
  n += 1;
  const username = `cached.${n}`;
  await createUser(gw.db, { username, password: DEMO_PASSWORD, role: 'agent_f1', agency: 'SAOVIET' });
  const session = await login(gw, username);
  for (let i = 0; i < 2; i++) expect((await call(gw, 'GET', ME, { token: session.accessToken })).statusCode).toBe(200);
  return { username, session, id: session.memberInfo.id as number };
}

async function me(token: string) {
  return call(gw, 'GET', ME, { token });
}

describe('the sign-in check after a first pass', () => {
  it('keeps the check in memory on PGlite only', async () => {
    const { session } = await signedIn();
    const memory = signedInMemoryOf(gw.db);
    if (usingPostgres) expect(memory).toBeUndefined();
    else expect(memory?.cache.get(session.memberInfo.id, (JSON.parse(Buffer.from(session.accessToken.split('.')[1], 'base64url').toString()) as { fam: string }).fam)).toBeDefined();
  });

  it('refuses a signed-out token at once', async () => {
    const { session } = await signedIn();
    const out = await call(gw, 'POST', API.logout, { token: session.accessToken, body: { refreshToken: session.refreshToken } });
    expect(out.statusCode).toBe(200);
    const res = await me(session.accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(19);
  });

  it('refuses a user locked by hand at once, and lets it in again once unlocked', async () => {
    const { session, id } = await signedIn();
    await gw.db.update(users).set({ locked: true }).where(eq(users.id, id));
    expect((await me(session.accessToken)).statusCode).toBe(401);
    await gw.db.update(users).set({ locked: false }).where(eq(users.id, id));
    expect((await me(session.accessToken)).statusCode).toBe(200);
  });

  it('refuses a deleted user at once', async () => {
    const { session, id } = await signedIn();
    await gw.db.execute(sql`delete from used_tsps where user_id = ${id}`);
    await gw.db.delete(users).where(eq(users.id, id));
    expect((await me(session.accessToken)).statusCode).toBe(401);
  });

  it('refuses the users of a suspended agency at once, changed in a transaction', async () => {
    const { session } = await signedIn();
    const agencyId = session.agentInfo.id as number;
    await gw.db.transaction(async (tx) => {
      await tx.update(agencies).set({ status: 'suspended' }).where(eq(agencies.id, agencyId));
    });
    try {
      expect((await me(session.accessToken)).statusCode).toBe(401);
    } finally {
      await gw.db.update(agencies).set({ status: 'active' }).where(eq(agencies.id, agencyId));
    }
    expect((await me(session.accessToken)).statusCode).toBe(200);
  });

  it('keeps nothing of a transaction rolled back', async () => {
    const { session, id } = await signedIn();
    await expect(
      gw.db.transaction(async (tx) => {
        await tx.update(users).set({ locked: true }).where(eq(users.id, id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await me(session.accessToken)).statusCode).toBe(200);
  });

  it('shows a changed permission group and its permissions at the next request', async () => {
    const { session, id } = await signedIn();
    const agencyId = session.agentInfo.id as number;
    const [group] = await gw.db
      .insert(permissionGroups)
      .values({ agencyId, name: `cache group ${n}`, permissions: ['use_esim'] })
      .returning({ id: permissionGroups.id });
    await gw.db.update(users).set({ groupId: group.id }).where(eq(users.id, id));
    expect((await me(session.accessToken)).json().permissions).toEqual(['AGENT_F1', 'USE_ESIM']);
    await gw.db.update(permissionGroups).set({ permissions: ['use_train'] }).where(eq(permissionGroups.id, group.id));
    expect((await me(session.accessToken)).json().permissions).toEqual(['AGENT_F1', 'USE_TRAIN']);
    await gw.db.delete(permissionGroups).where(eq(permissionGroups.id, group.id));
    expect((await me(session.accessToken)).json().permissions).toEqual(['AGENT_F1']);
  });

  it('ends the sessions of a changed password at once', async () => {
    const { session, username } = await signedIn();
    const changed = await call(gw, 'POST', API.changePassword, { body: { username, oldPassword: DEMO_PASSWORD, newPassword: 'Mine#2027' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(session.accessToken)).statusCode).toBe(401);
  });

  it('accepts a (user, tsp) pair once, also among parallel requests', async () => {
    const { session } = await signedIn();
    const tsp = tspFor(gw);
    const first = await call(gw, 'GET', ME, { token: session.accessToken, tsp });
    expect(first.statusCode).toBe(200);
    const replay = await call(gw, 'GET', ME, { token: session.accessToken, tsp });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe(42);

    // ten requests with one new tsp: exactly one passes; twenty with their own tsps: all pass
    const same = tspFor(gw);
    const sameTsp = await Promise.all(Array.from({ length: 10 }, () => call(gw, 'GET', ME, { token: session.accessToken, tsp: same })));
    expect(sameTsp.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(400)]);
    const own = await Promise.all(
      Array.from({ length: 20 }, () => call(gw, 'GET', ME, { token: session.accessToken, tsp: tspFor(gw, nextTspValue(Date.now())) })),
    );
    expect(own.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
  });

  it('checks the requests of one event-loop turn in one statement on PostgreSQL, each pair still accepted once', async () => {
    if (pgliteOf(gw.db)) return; // PGlite: the checks are answered from memory (the next test)
    const { session } = await signedIn();
    const pool = (gw.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const query = pool.query;
    const sizes: number[] = [];
    pool.query = function counted(this: unknown, config: unknown, ...rest: unknown[]) {
      const name = (config as { name?: string } | null)?.name ?? '';
      const size = /^signed_in_check_(\d+)$/.exec(name);
      if (size) sizes.push(Number(size[1]));
      return query.call(this, config, ...rest);
    };
    try {
      const same = tspFor(gw);
      const tsps = [same, same, ...Array.from({ length: 18 }, () => tspFor(gw, nextTspValue(Date.now())))];
      const answers = await Promise.all(tsps.map((tsp) => call(gw, 'GET', ME, { token: session.accessToken, tsp })));
      // the pair sent twice passes once (also when both are in one statement); every other pair passes
      expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array(19).fill(200), 400]);
      // 20 checks asked in one turn: statements of at most CHECKS_PER_STATEMENT checks, fewer than the requests
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(20);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(CHECKS_PER_STATEMENT);
      expect(sizes.length).toBeLessThan(20);
      // a replay of any of them afterwards is refused
      const replay = await call(gw, 'GET', ME, { token: session.accessToken, tsp: tsps[7] });
      expect(replay.json().code).toBe(42);
    } finally {
      pool.query = query;
    }
    // a signed-out user's request in the same turn as two good ones: each answered as by its own statement
    const other = await signedIn();
    const gone = await signedIn();
    expect((await call(gw, 'POST', API.logout, { token: gone.session.accessToken, body: { refreshToken: gone.session.refreshToken } })).statusCode).toBe(200);
    const mixed = await Promise.all([
      me(other.session.accessToken),
      me(gone.session.accessToken),
      me(session.accessToken),
    ]);
    expect(mixed.map((r) => r.statusCode)).toEqual([200, 401, 200]);
  });

  it('claims in memory on PGlite (no statement), each pair still accepted once; a tsp older than the start refused', async () => {
    const client = pgliteOf(gw.db);
    if (!client) return; // PostgreSQL: the claim is part of the check's one statement per request
    const { session } = await signedIn();
    const exec = client.exec;
    const query = client.query;
    let statements = 0;
    client.exec = function counted(this: typeof client, text, options) {
      if (text.includes('used_tsps')) statements += 1;
      return exec.call(this, text, options);
    } as typeof exec;
    client.query = function counted(this: typeof client, text: string, ...rest: unknown[]) {
      if (text.includes('used_tsps')) statements += 1;
      return (query as (...a: unknown[]) => unknown).call(this, text, ...rest);
    } as typeof query;
    try {
      const same = tspFor(gw);
      const tsps = [same, same, ...Array.from({ length: 18 }, () => tspFor(gw, nextTspValue(Date.now())))];
      const answers = await Promise.all(tsps.map((tsp) => call(gw, 'GET', ME, { token: session.accessToken, tsp })));
      // the pair sent twice passes once; every other pair passes
      expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array(19).fill(200), 400]);
      expect(statements).toBe(0);
      // and a replay of any of them after the batch is refused
      const replay = await call(gw, 'GET', ME, { token: session.accessToken, tsp: tsps[5] });
      expect(replay.json().code).toBe(42);
    } finally {
      client.exec = exec;
      client.query = query;
    }
    // a tsp of the window but older than this gateway's start: perhaps seen by an earlier run, refused like a replay
    const memory = signedInMemoryOf(gw.db)!;
    const old = await call(gw, 'GET', ME, { token: session.accessToken, tsp: tspFor(gw, memory.claims.since - 1) });
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe(42);
  });
});
