/**
 * Starts a gateway for the outside-client suite unless SECURITY_GATEWAY_URL names one: a child process with
 * the demo seed and CAPTCHA=off, on a fresh PostgreSQL database when TEST_DATABASE_URL is set (else PGlite).
 * Only the set-up uses project code; the client under test shares none (./client.ts).
 */
import type { TestProject } from 'vitest/node';
import { createPgDatabase } from '../gateway/helpers';
import { startGateway, type RunningGateway } from '../support/gateway-process';

let gateway: RunningGateway | null = null;
let drop: (() => Promise<void>) | null = null;

export async function setup(project: TestProject): Promise<void> {
  if (process.env.SECURITY_GATEWAY_URL) {
    project.provide('securityGatewayUrl', process.env.SECURITY_GATEWAY_URL);
    return;
  }
  const db = process.env.TEST_DATABASE_URL ? await createPgDatabase(process.env.TEST_DATABASE_URL) : null;
  drop = db?.drop ?? null;
  gateway = await startGateway({ SUPPLIER_LATENCY_MS: '0', ...(db ? { DATABASE_URL: db.url } : {}) });
  project.provide('securityGatewayUrl', gateway.url);
}

export async function teardown(): Promise<void> {
  await gateway?.stop();
  await drop?.();
}

declare module 'vitest' {
  export interface ProvidedContext {
    securityGatewayUrl: string;
  }
}
