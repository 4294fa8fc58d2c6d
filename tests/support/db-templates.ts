/**
 * The gateway suite's databases made once per run. Every gateway test file used to build its own database from
 * nothing: on PGlite an initdb in WebAssembly, then the 33 migrations and the demo seed, several seconds per file on
 * a 2-core machine, paid by some sixty files twice in CI (PGlite, then PostgreSQL). Now the suite's global set-up
 * (tests/gateway/global-setup.ts) makes two databases at its start, one migrated and one migrated and seeded, and
 * each file starts its own fresh copy of one of them:
 *
 *   - PGlite: a dump of each data directory (PGlite's `dumpDataDir`, an uncompressed tar) in a temporary folder;
 *     a file's in-memory PGlite loads it instead of running initdb (`openDatabase({ pgliteFrom })`);
 *   - PostgreSQL (TEST_DATABASE_URL): two template databases on that server; a file's database is
 *     `CREATE DATABASE … TEMPLATE` one of them.
 *
 * Each copy is the file's alone, as before (nothing written by one file is seen by another). The migrations still
 * run on every copy (all applied: drizzle only checks them), so a template that did not match the migrations could
 * not pass unnoticed. Projects without this set-up (reliability, security) build their databases as before.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../../gateway/platform/db/client';
import { seedDemo } from '../../gateway/seed/demo';

/** Where each template is: the tar files (PGlite) or the template databases' names (PostgreSQL). */
export interface DbTemplates {
  kind: 'pglite' | 'pg';
  /** migrated, no data */
  bare: string;
  /** migrated and seeded with the demo data */
  seeded: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates?: DbTemplates;
  }
}

/** Runs statements one after the other on a connection of its own to the server of adminUrl. */
export async function runAdmin(adminUrl: string, statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The URL of the database named on the server of adminUrl. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Dumps an open PGlite database's data directory to a file, after a checkpoint (its pages written out). */
async function dumpPglite(database: Database, file: string): Promise<void> {
  await database.db.execute(sql`checkpoint`);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}

/**
 * Makes the two templates: as PostgreSQL databases on the server of adminUrl, else as PGlite dumps. Answers where
 * they are and a function that removes them.
 */
export async function makeDbTemplates(adminUrl?: string): Promise<{ templates: DbTemplates; remove: () => Promise<void> }> {
  if (adminUrl) {
    const stem = `gw_tpl_${process.pid}_${Date.now().toString(36)}`;
    const templates: DbTemplates = { kind: 'pg', bare: `${stem}_bare`, seeded: `${stem}_seeded` };
    const remove = () => runAdmin(adminUrl, [`drop database if exists ${templates.seeded} with (force)`, `drop database if exists ${templates.bare} with (force)`]);
    try {
      await runAdmin(adminUrl, [`create database ${templates.bare}`]);
      const bare = await openDatabase({ databaseUrl: databaseUrl(adminUrl, templates.bare) });
      try {
        await bare.migrate();
      } finally {
        await bare.close();
      }
      await runAdmin(adminUrl, [`create database ${templates.seeded} template ${templates.bare}`]);
      const seeded = await openDatabase({ databaseUrl: databaseUrl(adminUrl, templates.seeded) });
      try {
        await seedDemo(seeded.db);
      } finally {
        await seeded.close();
      }
    } catch (error) {
      await remove().catch(() => undefined);
      throw error;
    }
    return { templates, remove };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'gw-db-templates-'));
  const templates: DbTemplates = { kind: 'pglite', bare: path.join(dir, 'bare.tar'), seeded: path.join(dir, 'seeded.tar') };
  const remove = async () => rmSync(dir, { recursive: true, force: true });
  try {
    const database = await openDatabase({});
    try {
      await database.migrate();
      await dumpPglite(database, templates.bare);
      await seedDemo(database.db);
      await dumpPglite(database, templates.seeded);
    } finally {
      await database.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { templates, remove };
}

/** A PGlite template's dump, read for one database (each PGlite unpacks its own copy). */
export function pgliteTemplate(file: string): Blob {
  return new Blob([readFileSync(file)]);
}
