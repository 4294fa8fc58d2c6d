/**
 * Starts the gateway: settings, database (migrated), demo seed when empty, the app, listening.
 * Stops cleanly on SIGINT / SIGTERM (server closed first, then the database).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { openFromSettings } from './platform/db/open';
import { demoAccountsTable, isDatabaseEmpty, seedDemo } from './seed/demo';
import { seedTrains } from './seed/trains';
import { seedEsim } from './seed/esim';
import { seedB2c } from './seed/b2c';
import { historySettings, seedHistory } from './seed/history';
import { loadSettings, SettingsError, type Settings } from './settings';

async function main(): Promise<void> {
  let settings: Settings;
  try {
    settings = loadSettings();
  } catch (e) {
    if (e instanceof SettingsError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }

  const database = await openFromSettings(settings);
  // the seed under the start-up lock too: a second instance starting at once sees the first one's data
  const seeded = await database.exclusive(async () => {
    if (settings.SEED === 'on' || (settings.SEED === 'auto' && (await isDatabaseEmpty(database.db)))) {
      await seedDemo(database.db);
      await seedTrains(database.db);
      await seedEsim(database.db);
      await seedB2c(database.db);
      return true;
    }
    return false;
  });

  // the demo agents' first bookings, made through the API by an instance that never listens (seed/history.ts)
  if (seeded && settings.DEMO_HISTORY === 'on') {
    const seeding = historySettings(settings);
    const seeder = await buildApp({ settings: seeding, db: database.db, logger: false });
    try {
      const history = await seedHistory(seeder, database.db, seeding);
      if (history.skipped.length > 0) process.stderr.write(`Demo history: ${history.skipped.length} trip(s) skipped: ${history.skipped.map((s) => `${s.trip}: ${s.reason}`).join('; ')}\n`);
    } finally {
      await seeder.close();
    }
  }

  const app = await buildApp({ settings, db: database.db });
  app.log.info({ database: database.location, seeded }, 'database ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: settings.PORT, host: settings.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.PORT;
  const host = settings.HOST.includes(':') ? `[${settings.HOST}]` : settings.HOST;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  process.stdout.write(
    [
      '',
      `Agency portal gateway ${settings.APP_VERSION} listening on ${url}`,
      `  portal   ${url}/`,
      `  API docs ${url}/api/docs`,
      `  database ${database.location}${seeded ? ' (demo data seeded)' : ''}`,
      `  captcha  ${settings.CAPTCHA ? 'on' : 'OFF (development only)'}`,
      ...(existsSync(path.join(settings.STATIC_DIR, 'index.html'))
        ? []
        : [`  NOTE     no built portal in ${settings.STATIC_DIR}: run \`npm run build\` (the API works meanwhile)`]),
      '',
      'Demo accounts:',
      demoAccountsTable(),
      '',
    ].join('\n') + '\n',
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`Gateway failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
