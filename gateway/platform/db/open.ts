/** Opening the database the settings describe, migrated. */
import path from 'node:path';
import type { Settings } from '../../settings';
import { openDatabase, type Database } from './client';

export async function openFromSettings(settings: Settings): Promise<Database> {
  const database = await openDatabase(
    settings.DATABASE_URL
      ? { databaseUrl: settings.DATABASE_URL }
      : { pgliteDir: path.join(settings.DATA_DIR, 'pglite'), pgliteSharedBuffers: settings.PGLITE_SHARED_BUFFERS, pgliteWasmOptimize: settings.PGLITE_WASM_OPTIMIZE === 'on' },
  );
  try {
    // two instances starting at once: one migrates, the other waits and finds nothing left to do
    await database.exclusive(() => database.migrate());
  } catch (e) {
    await database.close().catch(() => undefined);
    throw e;
  }
  return database;
}
