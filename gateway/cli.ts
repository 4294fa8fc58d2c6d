/**
 * Operator commands: `npm run gateway -- <command> [options]`.
 *
 *   migrate                                  apply pending migrations
 *   seed                                     insert the missing demo data (idempotent)
 *   user:create --username U --password P --role R --agency CODE
 *               [--permissions a,b] [--group NAME] [--full-name NAME] [--email E] [--phone P]
 *               [--account-type AGT|SUB|MB] [--must-change]
 *   user:reset-password --username U --password P [--no-force-change]
 *   outbox [--limit N]                       print the latest queued e-mails
 *
 * Exit codes: 0 done, 1 failure, 2 bad usage or settings.
 */
import { parseArgs } from 'node:util';
import { ROLES, type AccountType, type Role } from '../contract/auth';
import { AdminError, createUser, resetPassword, validateNewUser, type NewUser } from './admin/service';
import type { Database } from './platform/db/client';
import { openFromSettings } from './platform/db/open';
import { latestMails } from './mail/service';
import { demoAccountsTable, seedDemo } from './seed/demo';
import { seedTrains } from './seed/trains';
import { seedEsim } from './seed/esim';
import { seedB2c } from './seed/b2c';
import { loadSettings, SettingsError } from './settings';

const USAGE = `Usage: npm run gateway -- <command> [options]

Commands:
  migrate                 Apply pending database migrations
  seed                    Insert the missing demo data (idempotent)
  user:create             --username U --password P --role R --agency CODE
                          [--permissions a,b,...] [--group NAME] [--full-name NAME] [--email E] [--phone P]
                          [--account-type AGT|SUB|MB] [--must-change]
  user:reset-password     --username U --password P [--no-force-change]
  outbox                  [--limit N]  Print the latest queued e-mails

Roles: ${ROLES.join(', ')}
Settings come from the environment (DATABASE_URL or DATA_DIR, ...), as for the server.`;

class UsageError extends Error {}

function required(values: Record<string, unknown>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v.trim() === '') throw new UsageError(`--${name} is required`);
  return v.trim();
}

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const values = parseValues(rest);
  // Every argument is checked before the database is opened.
  const action = plan(command, values);
  const settings = loadSettings();
  const database = await openFromSettings(settings);
  try {
    await action(database);
  } finally {
    await database.close();
  }
}

type Values = ReturnType<typeof parseValues>;
type Action = (database: Database) => Promise<void>;

function parseValues(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      agency: { type: 'string' },
      permissions: { type: 'string' },
      group: { type: 'string' },
      'full-name': { type: 'string' },
      email: { type: 'string' },
      phone: { type: 'string' },
      'account-type': { type: 'string' },
      'must-change': { type: 'boolean' },
      'no-force-change': { type: 'boolean' },
      limit: { type: 'string' },
    },
  }).values;
}

function plan(command: string, values: Values): Action {
  switch (command) {
    case 'migrate':
      return async (database) => {
        process.stdout.write(`Migrations applied (${database.location}).\n`);
      };
    case 'seed':
      return async (database) => {
        const report = { ...(await seedDemo(database.db)), trainBookings: await seedTrains(database.db), esimOrders: await seedEsim(database.db), b2cTours: await seedB2c(database.db) };
        process.stdout.write(
          `Demo data created: ${Object.entries(report).map(([what, n]) => `${n} ${what}`).join(', ')} (${database.location}).\n\n${demoAccountsTable()}\n`,
        );
      };
    case 'user:create': {
      const role = required(values, 'role');
      if (!(ROLES as readonly string[]).includes(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
      const permissions = (values.permissions ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const user: NewUser = {
        username: required(values, 'username'),
        password: required(values, 'password'),
        role: role as Role,
        agency: required(values, 'agency'),
        permissions,
        group: values.group ?? null,
        fullName: values['full-name'],
        email: values.email ?? null,
        phone: values.phone ?? null,
        accountType: values['account-type'] as AccountType | undefined,
        mustChangePassword: values['must-change'] ?? false,
      };
      validateNewUser(user);
      return async (database) => {
        const id = await createUser(database.db, user);
        process.stdout.write(`User ${user.username} created (id ${id}).\n`);
      };
    }
    case 'user:reset-password': {
      const force = !values['no-force-change'];
      const username = required(values, 'username');
      const password = required(values, 'password');
      return async (database) => {
        await resetPassword(database.db, username, password, force);
        process.stdout.write(`Password of ${username} reset; its sessions are ended${force ? '; it must be changed at next sign-in' : ''}.\n`);
      };
    }
    case 'outbox': {
      const limit = values.limit === undefined ? 10 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit must be a whole number from 1 to 1000');
      return async (database) => {
        const mails = await latestMails(database.db, limit);
        if (mails.length === 0) process.stdout.write('The outbox is empty.\n');
        for (const m of mails) {
          process.stdout.write(
            `#${m.id}  ${m.createdAt.toISOString()}  to ${m.toAddress}${m.sentAt ? '  (sent)' : ''}\nSubject: ${m.subject}\n\n${m.body}\n${'-'.repeat(60)}\n`,
          );
        }
      };
    }
    default:
      throw new UsageError(`Unknown command "${command}"`);
  }
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    if (err instanceof UsageError || (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))) {
      process.stderr.write(`${err.message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    if (err instanceof SettingsError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    if (err instanceof AdminError) {
      process.stderr.write(`Error: ${err.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`Failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
