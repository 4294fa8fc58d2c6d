/**
 * Starts the real gateway (`gateway/main.ts`) as a child process on a free loopback port with a fresh
 * data directory, for end-to-end tests and benchmarks. Resolves once /readyz answers.
 *
 * The process runs the gateway as `npm start` does: bundled to JavaScript (scripts/build-gateway.mjs, about
 * a second) and run by Node with the gateway's V8 flags, not under tsx. The bundle is a file of its own per
 * start, deleted once the gateway has loaded it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface RunningGateway {
  url: string;
  /** The gateway process's id (benchmarks read its CPU time and memory from /proc/<pid>). */
  pid: number;
  port: number;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
  /** kill -9: the process dies at once, mid-request (crash tests). */
  kill: () => Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

export interface StartOptions {
  /** How long to wait for /readyz before giving up (default 240 s). */
  readyTimeoutMs?: number;
  /** Extra node options of the gateway process, e.g. `--cpu-prof` (not allowed in NODE_OPTIONS). */
  nodeArgs?: string[];
}

interface GatewayBuild {
  buildGateway: (outfile: string) => Promise<string>;
  gatewayNodeFlags: (env: Record<string, string | undefined>) => string[];
}

export async function startGateway(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningGateway> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-gw-'));
  let log = '';
  const { buildGateway, gatewayNodeFlags } = (await import(join(ROOT, 'scripts/build-gateway.mjs'))) as GatewayBuild;
  const bundle = await buildGateway(join(ROOT, '.gateway', `process-${randomUUID()}.mjs`));
  // the flags of its database (PGlite's unless DATABASE_URL is given), as `npm start` chooses them
  const child: ChildProcess = spawn(process.execPath, [...gatewayNodeFlags({ DATABASE_URL: env.DATABASE_URL }), ...(options.nodeArgs ?? []), bundle], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // the tests make their own bookings; the demo history is tested on its own (tests/gateway/demo-history)
      DEMO_HISTORY: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += String(d)));
  child.stderr?.on('data', (d) => (log += String(d)));
  const url = `http://127.0.0.1:${port}`;
  // a ceiling, not a wait: a loaded 2-core machine can take over a minute to compile, migrate and seed
  const deadline = Date.now() + (options.readyTimeoutMs ?? 240_000);
  try {
    await waitReady(child, url, deadline, () => log);
  } finally {
    // loaded (or failed): the process no longer needs the file
    rmSync(bundle, { force: true });
  }
  return {
    url,
    pid: child.pid ?? 0,
    port,
    dataDir,
    output: () => log,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitReady(child: ChildProcess, url: string, deadline: number, log: () => string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`gateway did not become ready:\n${log()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
