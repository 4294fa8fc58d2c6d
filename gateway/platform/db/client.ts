/**
 * Opening the database: node-postgres when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR/pglite.
 * Both are typed as one `Db` so every query runs unchanged on either.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  // pg_trgm: the trigram index of the booking search's folded passenger names (PostgreSQL ships it too)
  const client = new PGlite({ ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}), extensions: { pg_trgm } });
  await client.waitReady;
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
    close: () => client.close(),
  };
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
