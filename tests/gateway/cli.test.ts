/** The operator commands, run as the operator runs them, against a fresh database. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../gateway/platform/db/client';
import { DEMO_ACCOUNTS, isDatabaseEmpty, seedDemo } from '../../gateway/seed/demo';
import { createPgDatabase } from './helpers';

const run = promisify(execFile);
let env: Record<string, string>;
let scratch: string;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'gw-cli-'));
  env = { DATA_DIR: scratch, LOG_LEVEL: 'silent', DATABASE_URL: '' };
  if (process.env.TEST_DATABASE_URL) {
    const created = await createPgDatabase(process.env.TEST_DATABASE_URL);
    env.DATABASE_URL = created.url;
    drop = created.drop;
  }
});
afterAll(async () => {
  await drop?.();
  rmSync(scratch, { recursive: true, force: true });
});

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'gateway/cli.ts', ...args], {
      env: { ...process.env, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof err.code === 'number' ? err.code : 1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

describe('cli', () => {
  it('prints its usage, and refuses unknown commands and options with exit code 2', async () => {
    const help = await cli('help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('user:reset-password');
    const unknown = await cli('explode');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command');
    const badOption = await cli('outbox', '--colour', 'red');
    expect(badOption.code).toBe(2);
  });

  it('seeds, creates a user, resets a password, and shows the outbox', { timeout: 180_000 }, async () => {
    const seed = await cli('seed');
    expect(seed.code, seed.stderr).toBe(0);
    for (const a of DEMO_ACCOUNTS) expect(seed.stdout).toContain(a.username);

    const created = await cli('user:create', '--username', 'ops.user', '--password', 'Ops#2026a', '--role', 'agent_f1', '--agency', 'SAOVIET', '--permissions', 'booking_ticket,use_esim');
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('ops.user');

    const again = await cli('user:create', '--username', 'ops.user', '--password', 'Ops#2026a', '--role', 'agent_f1', '--agency', 'SAOVIET');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('taken');

    const badPermission = await cli('user:create', '--username', 'ops.two', '--password', 'Ops#2026a', '--role', 'agent_f1', '--agency', 'SAOVIET', '--permissions', 'fly_plane');
    expect(badPermission.code).toBe(1);
    expect(badPermission.stderr).toContain('fly_plane');

    const badRole = await cli('user:create', '--username', 'ops.three', '--password', 'Ops#2026a', '--role', 'pilot', '--agency', 'SAOVIET');
    expect(badRole.code).toBe(2);

    const reset = await cli('user:reset-password', '--username', 'ops.user', '--password', 'Ops#2026b');
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toContain('must be changed');

    const outbox = await cli('outbox', '--limit', '5');
    expect(outbox.code).toBe(0);
    expect(outbox.stdout).toContain('The outbox is empty');
  });

  it('seeding is idempotent', async () => {
    const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: path.join(scratch, 'pglite') });
    try {
      await database.migrate();
      expect(await isDatabaseEmpty(database.db)).toBe(false);
      const again = await seedDemo(database.db);
      expect(Object.entries(again).filter(([, n]) => n !== 0)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
