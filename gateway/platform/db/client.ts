/**
 * Opening the database: node-postgres when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR/pglite.
 * Both are typed as one `Db` so every query runs unchanged on either.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database or an open transaction. */
export type Conn = Db | Tx;

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  /** A human-readable location (no password). */
  location: string;
  migrate(): Promise<void>;
  /**
   * Runs `fn` holding the start-up lock: on PostgreSQL a session advisory lock (STARTUP_LOCK), so instances
   * starting at once on one database migrate and seed one after the other; on PGlite (one process) it just runs.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The advisory lock key of start-up (migrations and the demo seed): any fixed 64-bit number of this app. */
export const STARTUP_LOCK = 7_300_190_001;

export interface OpenOptions {
  /** postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; when absent (and no URL) the database lives in memory. */
  pgliteDir?: string;
  /** PGlite's shared_buffers (default DEFAULT_PGLITE_SHARED_BUFFERS). */
  pgliteSharedBuffers?: string;
  /**
   * gw-mem3: false compiles PGlite's WebAssembly with V8's baseline compiler only (no optimizing tier, see
   * pgliteWasmBaselineOnly); true or absent leaves V8's default.
   */
  pgliteWasmOptimize?: boolean;
  /**
   * An in-memory PGlite started from this dump of a data directory (PGlite's `dumpDataDir`, a tar) instead of
   * running initdb: the test suites make one migrated (and seeded) database per run and start every file's from it.
   */
  pgliteFrom?: Blob;
}

/**
 * PGlite's PostgreSQL is one large WebAssembly module: V8 compiles it at once with its baseline compiler, then
 * recompiles its hot functions with the optimizing one, and both codes stay resident (about 50 MB more after a
 * minute of searches, measured). `--liftoff-only` keeps the baseline code only. Process-wide, and it must be set
 * before the module is compiled: PGlite is the only WebAssembly of the gateway.
 */
export function pgliteWasmBaselineOnly(): void {
  v8.setFlagsFromString('--liftoff-only');
}

/**
 * PostgreSQL's own default (128MB) is allocated inside PGlite's WASM memory, which never shrinks: with it the
 * embedded database alone holds about 190 MB. The demo database is a few tens of MB and its files are cached
 * by the OS anyway, so a smaller pool costs nothing measurable.
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '32MB';

const openPglites = new Set<PGlite>();

/** Bytes of WASM memory (its high-water mark: it only grows) of the PGlite instances open in this process. */
export function pgliteMemoryBytes(): number {
  let total = 0;
  for (const client of openPglites) {
    const mod = (client as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod;
    total += mod?.HEAPU8?.byteLength ?? 0;
  }
  return total;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema });
    const url = new URL(options.databaseUrl);
    return {
      db,
      kind: 'pg',
      location: `postgres://${url.host}${url.pathname}`,
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      exclusive: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
          try {
            return await fn();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
          }
        } finally {
          client.release();
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) {
    mkdirSync(options.pgliteDir, { recursive: true });
    if (!existsSync(path.join(options.pgliteDir, 'PG_VERSION'))) await initPgliteDir(options.pgliteDir);
  }
  if (options.pgliteWasmOptimize === false) pgliteWasmBaselineOnly();
  // pg_trgm: the trigram index of the booking search's folded passenger names (PostgreSQL ships it too)
  const client = new PGlite({
    ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    ...(options.pgliteFrom && !options.pgliteDir ? { loadDataDir: options.pgliteFrom } : {}),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.pgliteSharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS}`],
  });
  await client.waitReady;
  openPglites.add(client);
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    location: options.pgliteDir ? `pglite:${options.pgliteDir}` : 'pglite:memory',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    exclusive: (fn) => fn(),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      openPglites.delete(client);
      await client.close();
    },
  };
}

/**
 * initdb of a new PGlite data directory in a child process: in this process it would leave its own WASM
 * instance and buffers (over 500 MB at the peak, about 115 MB still resident after they are freed) behind.
 */
async function initPgliteDir(dir: string): Promise<void> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-init.mjs');
  await new Promise<void>((ok, fail) => {
    execFile(process.execPath, [script, dir], { timeout: 300_000 }, (error, _stdout, stderr) => {
      if (error) fail(new Error(`Creating the PGlite database in ${dir} failed: ${stderr || error.message}`));
      else ok();
    });
  });
}

/** Is a Postgres error a unique violation (23505)? */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs a raw statement under a name: on PostgreSQL a named prepared statement, parsed and planned once per
 * connection (node-postgres prepares it on first use on each pooled connection); on PGlite (in process) a plain
 * execute. The statement's text is meant to be fixed for a name (only the parameters differ); a hash of the text
 * is appended to the name, so a text that does vary only costs a statement prepared per text, never a wrong one.
 * Not for a transaction: it runs on the pool.
 */
/** Statement text → its prepared name (bounded: texts are expected to be a handful). */
const namedTexts = new Map<string, string>();

export async function executeNamed<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
    let named = namedTexts.get(text);
    if (named === undefined) {
      named = `${name}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
      if (namedTexts.size >= 1_000) namedTexts.clear();
      namedTexts.set(text, named);
    }
    return (await client.query({ name: named, text, values: params })).rows as T[];
  }
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}
