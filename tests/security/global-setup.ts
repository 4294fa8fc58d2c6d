/**
 * Starts the gateways of the outside-client suite unless SECURITY_GATEWAY_URL names one: child processes with
 * the demo seed, each answering for the client address in X-Forwarded-For (TRUST_PROXY, so the limit tests can
 * play many addresses) and one JWT secret.
 *
 * With TEST_DATABASE_URL (CI), on one fresh PostgreSQL database:
 *   - the main instance (CAPTCHA=off, the default limits);
 *   - a second instance with the same limits, except open holds capped at 3 per user and 5 per agency
 *     (HOLDS_OPEN_PER_USER / _PER_AGENCY): guesses split across two instances, and the holds cap;
 *   - a captcha instance (CAPTCHA=on): the captcha of sign-in and the public change-password.
 * The tests also get the database address (they read the mailbox, the outbox table, as the mail's owner would)
 * and the secret (they stand in for the person who reads a captcha picture). Without PostgreSQL only the main
 * instance starts, on PGlite, and the tests that need the others are skipped.
 *
 * Only the set-up uses project code; the client under test shares none (./client.ts).
 */
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createPgDatabase } from '../gateway/helpers';
import { startGateway, type RunningGateway } from '../support/gateway-process';

const gateways: RunningGateway[] = [];
let drop: (() => Promise<void>) | null = null;

/** A loaded 2-core machine compiles, migrates and seeds slowly: wait on readiness, for long. */
const READY_TIMEOUT_MS = 600_000;

export async function setup(project: TestProject): Promise<void> {
  const none = { securitySecondUrl: '', securityCaptchaUrl: '', securityDatabaseUrl: '', securityJwtSecret: '' };
  if (process.env.SECURITY_GATEWAY_URL) {
    project.provide('securityGatewayUrl', process.env.SECURITY_GATEWAY_URL);
    for (const [k, v] of Object.entries(none)) project.provide(k as keyof typeof none, v);
    return;
  }
  const db = process.env.TEST_DATABASE_URL ? await createPgDatabase(process.env.TEST_DATABASE_URL) : null;
  drop = db?.drop ?? null;
  const secret = randomBytes(32).toString('hex');
  const common = { SUPPLIER_LATENCY_MS: '0', TRUST_PROXY: 'on', JWT_SECRET: secret, ...(db ? { DATABASE_URL: db.url } : {}) };
  try {
    // the first instance migrates and seeds; the others then start on the ready database
    const main = await startGateway(common, { readyTimeoutMs: READY_TIMEOUT_MS });
    gateways.push(main);
    project.provide('securityGatewayUrl', main.url);
    if (!db) {
      for (const [k, v] of Object.entries(none)) project.provide(k as keyof typeof none, v);
      return;
    }
    const [second, captcha] = await Promise.all([
      startGateway({ ...common, HOLDS_OPEN_PER_USER: '3', HOLDS_OPEN_PER_AGENCY: '5' }, { readyTimeoutMs: READY_TIMEOUT_MS }),
      startGateway({ ...common, CAPTCHA: 'on' }, { readyTimeoutMs: READY_TIMEOUT_MS }),
    ]);
    gateways.push(second, captcha);
    project.provide('securitySecondUrl', second.url);
    project.provide('securityCaptchaUrl', captcha.url);
    project.provide('securityDatabaseUrl', db.url);
    project.provide('securityJwtSecret', secret);
  } catch (e) {
    await teardown();
    throw e;
  }
}

export async function teardown(): Promise<void> {
  await Promise.all(gateways.splice(0).map((g) => g.stop()));
  await drop?.();
  drop = null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    securityGatewayUrl: string;
    securitySecondUrl: string;
    securityCaptchaUrl: string;
    securityDatabaseUrl: string;
    securityJwtSecret: string;
  }
}
