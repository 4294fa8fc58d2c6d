/**
 * Builds the gateway on a fresh database for one test file and talks to it the way the portal does
 * (sealed bodies, tsp header, access token).
 *
 * Database: in-memory PGlite by default. When TEST_DATABASE_URL is set (an admin connection to a
 * PostgreSQL server), each gateway gets its own freshly created database, dropped again by close().
 */
import { nextTspValue } from '../../contract/tsp';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import type { LoginResult } from '../../contract/auth';
import { encrypt, seal, type CipherSettings } from '../../contract/crypto';
import { buildApp } from '../../gateway/app';
import type { Clock } from '../../gateway/platform/clock';
import type { SupplierRegistry } from '../../gateway/suppliers';
import { openDatabase, type Database, type Db } from '../../gateway/platform/db/client';
import { DEMO_PASSWORD, seedDemo } from '../../gateway/seed/demo';
import { loadSettings, type Settings } from '../../gateway/settings';
import { databaseUrl, pgliteTemplate, runAdmin } from '../support/db-templates';

export const TEST_JWT_SECRET = 'test-secret-of-the-gateway-suite-0123456789';

export interface Gateway {
  app: FastifyInstance;
  settings: Settings;
  db: Db;
  database: Database;
  cipher: CipherSettings;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  captchaText?: () => string;
  seed?: boolean;
  /** The gateway's clock (tests move it). */
  clock?: Clock;
  /** The supply (tests give adapters that fail). */
  suppliers?: SupplierRegistry;
}

/** A new database on the server of adminUrl, empty or a copy of the template database named. */
export async function createPgDatabase(adminUrl: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `gw_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await runAdmin(adminUrl, [`create database ${name}${template ? ` template ${template}` : ''}`]);
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => runAdmin(adminUrl, [`drop database if exists ${name} with (force)`]),
  };
}

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

export async function startGateway(options: StartOptions = {}): Promise<Gateway> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'gw-test-'));
  const seed = options.seed !== false;
  // the run's template of this kind of database, when the project made them (the gateway suite does)
  const templates = inject('dbTemplates');
  const template = templates && templates.kind === (process.env.TEST_DATABASE_URL ? 'pg' : 'pglite') ? (seed ? templates.seeded : templates.bare) : undefined;
  const pgDb = process.env.TEST_DATABASE_URL ? await createPgDatabase(process.env.TEST_DATABASE_URL, template) : null;
  const settings = loadSettings({
    CAPTCHA: 'off',
    LOG_LEVEL: 'silent',
    DATA_DIR: scratch,
    STATIC_DIR: path.join(scratch, 'dist'),
    LOCALES_DIR: path.resolve('locales'),
    JWT_SECRET: TEST_JWT_SECRET,
    // sched: the schedule-change rounds are driven by hand (runScheduleChanges)
    SCHEDULE_CHANGE_EVERY_MS: '0',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...options.env,
  });
  const database = await openDatabase(pgDb ? { databaseUrl: pgDb.url } : template ? { pgliteFrom: pgliteTemplate(template) } : {});
  // on a template's copy every migration is already applied: drizzle only checks them
  await database.migrate();
  if (seed && !template) await seedDemo(database.db);
  const build = (db: Db) => buildApp({ settings, db, logger: false, captchaText: options.captchaText, clock: options.clock, suppliers: options.suppliers });
  const first = await build(database.db);
  // GATEWAY_INSTANCES=2 on PostgreSQL (the reliability suite): a second instance with its own pool on the same
  // database, and the requests alternate between the two (a load balancer without stickiness)
  const second = pgDb && process.env.GATEWAY_INSTANCES === '2' ? await openDatabase({ databaseUrl: pgDb.url }) : null;
  const other = second ? await build(second.db) : null;
  let turn = 0;
  const app: FastifyInstance = other
    ? (Object.create(first, { inject: { value: (...args: unknown[]) => { const app = [first, other][turn++ % 2]; return (app.inject as (...a: unknown[]) => unknown).apply(app, args); } } }) as FastifyInstance)
    : first;
  return {
    app,
    settings,
    db: database.db,
    database,
    cipher: { key: settings.AES_KEY, iv: settings.AES_IV },
    close: async () => {
      await first.close();
      await other?.close();
      await second?.close();
      await database.close();
      if (pgDb) await pgDb.drop();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

let ipCounter = 0;
/** A fresh client address, so the per-IP sign-in throttle of one test does not reach another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface CallOptions {
  /** The plain body; sealed into `{ data }` for non-GET calls. */
  body?: unknown;
  /** Sent as is, not sealed (to test bad envelopes). */
  rawBody?: string | Record<string, unknown>;
  token?: string;
  /** tsp header: default a fresh valid one; null for none; a string as given. */
  tsp?: string | null;
  headers?: Record<string, string>;
  ip?: string;
  query?: Record<string, string>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function tspFor(gw: Gateway, ms?: number): string {
  return encrypt(String(ms ?? nextTspValue(Date.now())), gw.cipher);
}

export function call(gw: Gateway, method: Method, url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.tsp !== null) headers.tsp = options.tsp ?? tspFor(gw);
  if (options.token) headers.authorization = options.token;
  let payload: string | undefined;
  if (options.rawBody !== undefined) {
    payload = typeof options.rawBody === 'string' ? options.rawBody : JSON.stringify(options.rawBody);
    headers['content-type'] ??= 'application/json';
  } else if (method !== 'GET' && options.body !== undefined) {
    payload = JSON.stringify(seal(options.body, gw.cipher));
    headers['content-type'] = 'application/json';
  }
  return gw.app.inject({
    method,
    url,
    headers,
    payload,
    query: options.query,
    remoteAddress: options.ip ?? '127.0.0.1',
  });
}

export async function login(gw: Gateway, username: string, password: string = DEMO_PASSWORD, ip: string = nextIp()): Promise<LoginResult> {
  const res = await call(gw, 'POST', '/api/auth/login', { body: { username, password }, ip });
  if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json<LoginResult>();
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
