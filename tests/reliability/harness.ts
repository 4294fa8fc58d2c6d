/**
 * The reliability suite's harness (docs/reliability.md): gateways as child processes on one PostgreSQL
 * database, spoken to over HTTP the way the portal does (sealed bodies, tsp header, access token).
 *
 * The suite needs a PostgreSQL server (TEST_DATABASE_URL, an admin connection). Under CI a missing one fails
 * the run; elsewhere the files are skipped.
 */
import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { encrypt, seal } from '../../contract/crypto';
import { expandSearchPoll } from '../../contract/flights-poll';
import { openDatabase, type Database } from '../../gateway/platform/db/client';
import { createPgDatabase } from '../gateway/helpers';
import { startGateway, type RunningGateway } from '../support/gateway-process';

/** Strictly increasing tsp values: the gateway refuses a repeated (user, tsp) pair as a replay. */
let lastTsp = 0;
function nextTsp(): number {
  lastTsp = Math.max(Date.now(), lastTsp + 1);
  return lastTsp;
}

export const ADMIN_URL = process.env.TEST_DATABASE_URL;
if (!ADMIN_URL && process.env.CI) throw new Error('The reliability suite needs PostgreSQL: set TEST_DATABASE_URL (CI starts a server for it).');

/** describe when PostgreSQL is there, skipped otherwise (outside CI). */
export const describePg = ADMIN_URL ? describe : describe.skip;

export interface PgTarget {
  url: string;
  database: Database;
  drop(): Promise<void>;
}

/** A fresh database on the server, with a direct connection for checks. */
export async function freshDatabase(): Promise<PgTarget> {
  const created = await createPgDatabase(ADMIN_URL!);
  const database = await openDatabase({ databaseUrl: created.url });
  return {
    url: created.url,
    database,
    drop: async () => {
      await database.close().catch(() => undefined);
      await created.drop();
    },
  };
}

export function gatewayOn(url: string, env: Record<string, string> = {}): Promise<RunningGateway> {
  return startGateway({ DATABASE_URL: url, LOG_LEVEL: 'warn', SUPPLIER_FAILURE_RATE: '0', SEARCH_SESSIONS_PER_USER: '100', HOLDS_OPEN_PER_USER: '100000', HOLDS_OPEN_PER_AGENCY: '1000000', ...env });
}

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A client of one or more gateways: with several, calls alternate between them (no stickiness). */
export class Client {
  private turn = 0;
  token = '';

  constructor(private readonly bases: () => string[]) {}

  private next(): string {
    const all = this.bases();
    return all[this.turn++ % all.length];
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { tsp: encrypt(String(nextTsp())), 'content-type': 'application/json', ...(this.token ? { authorization: this.token } : {}), ...extra };
  }

  async post(path: string, body: unknown, base = this.next()): Promise<Answer> {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: this.headers(), body: JSON.stringify(seal(body)) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  async get(path: string, base = this.next()): Promise<Answer> {
    const res = await fetch(`${base}${path}`, { headers: this.headers() });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  async login(username: string): Promise<void> {
    const res = await this.post('/api/auth/login', { username, password: 'Demo@2026' });
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
    this.token = res.body.accessToken;
  }
}

/** A Vietnam calendar day `days` ahead. */
export function dayAhead(days: number): string {
  return new Date(Date.now() + (7 * 60 + days * 1440) * 60_000).toISOString().slice(0, 10);
}

export interface Held {
  id: number;
  pnr: string;
  key: string;
}

/**
 * n one-adult holds: searches HAN–SGN (and back) from `firstDay`, polled to the end, held class by class. The
 * search is started on one gateway and polled and held on the others when the client alternates.
 */
export async function holdMany(client: Client, n: number, firstDay: number): Promise<Held[]> {
  const held: Held[] = [];
  for (let day = firstDay; held.length < n && day < firstDay + 30; day += 1) {
    for (const [from, to] of [
      ['HAN', 'SGN'],
      ['SGN', 'HAN'],
    ]) {
      const started = await client.post('/api/flights/search', { legs: [{ from, to, departDate: dayAhead(day) }] });
      if (started.status !== 200) throw new Error(`search: ${started.status} ${JSON.stringify(started.body)}`);
      const { sessionId } = started.body;
      const offers: { id: string; priceInfo: { class: string; seatAvailable: number }[] }[] = [];
      for (let cursor = 0; ; ) {
        const page = await client.get(`/api/flights/search/${sessionId}?since=${cursor}&waitMs=10000`);
        if (page.status !== 200) throw new Error(`poll: ${page.status} ${JSON.stringify(page.body)}`);
        offers.push(...expandSearchPoll(page.body).offers);
        cursor = page.body.cursor;
        if (page.body.done) break;
      }
      for (const offer of offers) {
        for (const price of offer.priceInfo) {
          for (let s = 0; s < Math.min(price.seatAvailable, 3) && held.length < n; s += 1) {
            const res = await client.post('/api/bookings', {
              sessionId,
              selected: [{ offerId: offer.id, class: price.class }],
              passengers: [{ paxId: 1, type: 'ADT', title: 'MR', firstName: 'Van An', lastName: 'Nguyen', birthday: '15/04/1985' }],
              contact: { name: 'Nguyen Van An', phone: '0912345678', email: 'an@example.vn' },
            });
            if (res.status !== 200) {
              if (res.status === 404) throw new Error(`hold: ${res.status} ${JSON.stringify(res.body)}`);
              break; // the class sold out meanwhile
            }
            const b = await client.get(`/api/bookings/${res.body.id}`);
            const pnr = b.body.listPNR.find((x: { pnr?: string }) => x.pnr)?.pnr;
            if (pnr) held.push({ id: res.body.id, pnr, key: randomUUID() });
          }
          if (held.length >= n) return held;
        }
      }
    }
  }
  return held;
}

/** Runs `work` over the items with `concurrency` workers; answers results in item order (errors kept). */
export async function pool<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<(R | Error)[]> {
  const out: (R | Error)[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        try {
          out[i] = await work(items[i]);
        } catch (e) {
          out[i] = e instanceof Error ? e : new Error(String(e));
        }
      }
    }),
  );
  return out;
}

/** Polls `check` until it answers true (states, not sleeps: 100 ms between looks), at most `ms`. */
export async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
