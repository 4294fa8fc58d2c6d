/**
 * The full authorization matrix (SECURITY_FULL=1 only; CI runs the representative one of ./outside.test.ts):
 * every operation of the gateway's published OpenAPI document × every demo user, plus nobody signed in, over
 * the encrypted protocol by the outside client (./client.ts, nothing of the project imported).
 *
 * The expected answer of each call comes from the document the gateway publishes: each operation states its
 * permission rule (`Permission rule: \`A && (B || C)\``), evaluated here over the permissions each user's
 * sign-in answers. A call the rule denies must be 403; a 2xx is an unauthorised success. A call the rule allows
 * must not be 401 or 403/30. Nobody signed in gets 401. Reads use id 1 (a real record); writes use an id that
 * exists nowhere, so the run changes no demo data.
 *
 * Tenant leaks: for every `GET …/{id}` whose list `GET …` the document also has, each user of a child agency
 * asks for the records that the parent agency's users list and its own list does not show, and then sends every
 * write of that record (`POST/PUT/DELETE …/{id}…`, body {}) with those ids: none may answer 2xx.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { OutsideClient, signIn, type Answer, type Session } from './client';

const FULL = process.env.SECURITY_FULL === '1';
const PASSWORD = process.env.SECURITY_PASSWORD ?? 'Demo@2026';
const USERS = ['f1admin', 'f1agent', 'accountant', 'f2admin', 'f2agent', 'member', 'fnadmin', 'provider'];
/** Users of the child agencies (SAOVIET-HN, SAOVIET-CG), and of the agencies above them. */
const CHILDREN = ['f2admin', 'f2agent', 'member', 'fnadmin'];
const PARENTS = ['f1admin', 'f1agent', 'accountant', 'provider'];
const MISSING_ID = '999999999';

/** Evaluates a documented permission rule (names, &&, ||, parentheses, true) over a set of permissions. */
function evaluateRule(rule: string, perms: Set<string>): boolean {
  const tokens = rule.match(/\(|\)|&&|\|\||[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
  let i = 0;
  const primary = (): boolean => {
    const t = tokens[i++];
    if (t === '(') {
      const v = or();
      if (tokens[i++] !== ')') throw new Error(`unbalanced rule: ${rule}`);
      return v;
    }
    if (t === 'true') return true;
    if (t === 'false') return false;
    if (!t || !/^[A-Za-z_]/.test(t)) throw new Error(`bad rule: ${rule}`);
    return perms.has(t.toUpperCase());
  };
  const and = (): boolean => {
    let v = primary();
    while (tokens[i] === '&&') {
      i += 1;
      v = primary() && v;
    }
    return v;
  };
  const or = (): boolean => {
    let v = and();
    while (tokens[i] === '||') {
      i += 1;
      v = and() || v;
    }
    return v;
  };
  const v = or();
  if (i !== tokens.length) throw new Error(`trailing tokens in rule: ${rule}`);
  return v;
}

interface Operation {
  method: string;
  /** OpenAPI path, {param} placeholders. */
  path: string;
  rule: string;
  public: boolean;
}

let client: OutsideClient;
const sessions = new Map<string, Session>();
const s = (u: string) => sessions.get(u)!;
const code = (a: Answer) => (a.body as { code?: number } | null)?.code;

/** Runs the tasks `width` at a time. */
async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const k = next++;
        out[k] = await tasks[k]();
      }
    }),
  );
  return out;
}

describe.runIf(FULL)('full authorization matrix (SECURITY_FULL=1)', () => {
  let ops: Operation[] = [];

  beforeAll(async () => {
    client = new OutsideClient(process.env.SECURITY_GATEWAY_URL ?? inject('securityGatewayUrl'));
    for (const u of USERS) sessions.set(u, await signIn(client, u, PASSWORD));
    const doc = await client.get('/api/docs/openapi.json', { tsp: null });
    expect(doc.status).toBe(200);
    const paths = (doc.body as { paths: Record<string, Record<string, { description?: string }>> }).paths;
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const m = /Permission rule: `([^`]*)`( \(public\))?/.exec(op.description ?? '');
        if (!m) {
          // the probes of the load balancer (/healthz, /readyz) are outside the API and its rules
          if (!path.startsWith('/api/') && !path.startsWith('/auth/')) continue;
          throw new Error(`${method} ${path}: no documented permission rule`);
        }
        ops.push({ method: method.toUpperCase(), path, rule: m[1], public: Boolean(m[2]) });
      }
    }
    ops = ops.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  });

  it('every operation × every demo user answers as its documented rule says; no 5xx; no tenant leak', { timeout: 1_800_000 }, async () => {
    const started = client.stats.requests;
    const unauthorised: string[] = [];
    const wronglyRefused: string[] = [];
    const notRefusedToNobody: string[] = [];
    const tally = { denied: 0, allowed: 0, public: 0 };
    // sign-in, refresh and sign-out act on the session the matrix runs on: the items suite covers them
    const skip = (o: Operation) => o.path.startsWith('/api/auth/') || o.path.startsWith('/auth/') || o.path.startsWith('/api/docs');
    const matrix = ops.filter((o) => !skip(o));
    const fill = (o: Operation) => o.path.replace(/\{[^}]+\}/g, o.method === 'GET' ? '1' : MISSING_ID);
    for (const o of matrix) {
      const url = fill(o);
      const answers = await pool(
        USERS.map((u) => () => client.call(o.method, url, { token: s(u).token, body: {} })),
        4,
      );
      USERS.forEach((u, k) => {
        const a = answers[k];
        const label = `${u} ${o.method} ${url} [${o.rule}] → ${a.status} ${a.text.slice(0, 100)}`;
        if (o.public) {
          tally.public += 1;
          return;
        }
        const allowed = evaluateRule(o.rule, s(u).permissions);
        tally[allowed ? 'allowed' : 'denied'] += 1;
        if (!allowed) {
          if (a.status < 300) unauthorised.push(label);
          else if (a.status !== 403) wronglyRefused.push(`denied but not 403: ${label}`);
        } else if (a.status === 401 || (a.status === 403 && code(a) === 30)) wronglyRefused.push(`allowed but refused: ${label}`);
      });
      if (!o.public) {
        const a = await client.call(o.method, url, { body: {} });
        if (a.status !== 401) notRefusedToNobody.push(`${o.method} ${url} → ${a.status}`);
      }
    }
    const matrixRequests = client.stats.requests - started;

    // tenant leaks: records the parents list and a child's own list does not show
    const leaks: string[] = [];
    let crossAttempts = 0;
    const probed: string[] = [];
    const listIds = async (u: string, list: string): Promise<number[] | null> => {
      const a = await client.get(`${list}?pageSize=100`, { token: s(u).token });
      const rows = (a.body as { data?: unknown } | null)?.data;
      if (a.status !== 200 || !Array.isArray(rows)) return null;
      return rows.map((r) => (r as { id?: unknown }).id).filter((x): x is number => typeof x === 'number');
    };
    const readers = matrix.filter((o) => o.method === 'GET' && /^(.*)\/\{id\}$/.test(o.path));
    for (const read of readers) {
      const list = read.path.slice(0, -'/{id}'.length);
      if (!matrix.some((o) => o.method === 'GET' && o.path === list)) continue;
      const theirs = new Set<number>();
      for (const p of PARENTS) for (const id of (await listIds(p, list)) ?? []) theirs.add(id);
      if (theirs.size === 0) continue;
      probed.push(list);
      const writes = matrix.filter((o) => o.method !== 'GET' && o.path.startsWith(`${list}/{id}`) && o.path.split('{').length === 2);
      for (const c of CHILDREN) {
        const own = new Set((await listIds(c, list)) ?? []);
        const foreign = [...theirs].filter((id) => !own.has(id)).slice(0, 3);
        for (const id of foreign) {
          const a = await client.get(`${list}/${id}`, { token: s(c).token });
          crossAttempts += 1;
          if (a.status < 300) leaks.push(`${c} GET ${list}/${id} → ${a.status} ${a.text.slice(0, 100)}`);
          for (const w of writes) {
            const b = await client.call(w.method, w.path.replace('{id}', String(id)), { token: s(c).token, body: {} });
            crossAttempts += 1;
            if (b.status < 300) leaks.push(`${c} ${w.method} ${w.path.replace('{id}', String(id))} → ${b.status} ${b.text.slice(0, 100)}`);
          }
        }
      }
    }

    console.log(
      [
        `full matrix: ${matrix.length} operations × ${USERS.length} users (+ nobody signed in), ${matrixRequests} requests`,
        `  calls the documented rule denies: ${tally.denied}, allows: ${tally.allowed}, public: ${tally.public}`,
        `  documented-rule mismatches: ${wronglyRefused.length}; unauthorised successes: ${unauthorised.length}; not 401 to nobody: ${notRefusedToNobody.length}`,
        `  tenant-leak probe: ${crossAttempts} cross-agency requests on ${probed.length} record kinds (${probed.join(', ')}), ${leaks.length} leaks`,
        `  all requests: ${client.stats.requests - started}, 5xx: ${client.stats.serverErrors.length}`,
        ...[...unauthorised, ...wronglyRefused, ...notRefusedToNobody, ...leaks, ...client.stats.serverErrors].map((x) => `  - ${x}`),
      ].join('\n'),
    );
    expect(client.stats.serverErrors).toEqual([]);
    expect(unauthorised).toEqual([]);
    expect(notRefusedToNobody).toEqual([]);
    expect(leaks).toEqual([]);
    expect(wronglyRefused).toEqual([]);
  });
});
