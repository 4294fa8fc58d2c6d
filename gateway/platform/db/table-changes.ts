/**
 * The changes of chosen tables, heard in this process, on embedded PGlite only: the exact invalidation of the
 * in-memory copies that save a statement per request (access/signed-in-cache.ts, flights/start-cache.ts).
 *
 * With PGlite the gateway is the only process that can open its database, so a row can only change by a statement
 * of this process (an endpoint, a background round, a statement by hand in a test). A statement-level trigger on
 * each watched table (insert, update, delete, truncate) sends `table_changed` with `<table>:<operation>` when the
 * writing transaction commits (nothing for one rolled back), and PGlite hands the notifications of a statement's
 * answer to its listeners before that statement's promise settles: a copy is dropped before the writer goes on,
 * so the next request reads what it would have read from the database.
 *
 * A copy read from the database while such a write committed must not be kept: `Generation` numbers the changes
 * of a set of tables, and a copy is kept only when no change came between the start of its read and its keeping
 * (`KeptCopies`, the bounded store of such copies that both caches use).
 *
 * On PostgreSQL several instances share the database: nothing here (undefined), every request reads it.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './client';

export const TABLE_CHANGED_CHANNEL = 'table_changed';
/** The tables watched (the union of what the in-memory copies read). */
export const WATCHED_TABLES = ['users', 'agencies', 'permission_groups', 'refresh_tokens', 'sign_ins', 'service_fees', 'seat_inventory'] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];
export type TableOperation = 'INSERT' | 'UPDATE' | 'DELETE' | 'TRUNCATE';

/** The changes of some tables, numbered: a read begun at one number may be kept only while it is still the number. */
export class Generation {
  #value = 0;
  get value(): number {
    return this.#value;
  }
  bump(): void {
    this.#value += 1;
  }
}

/**
 * Copies read from the database, kept per key while none of their tables changed: `set` keeps a copy only when the
 * generation its read began at is still the current one, at most `limit` copies (the oldest goes first; a key set
 * again is the newest), each deep-frozen since every caller shares it; `invalidate` (on a change) empties it and
 * moves the generation.
 */
export class KeptCopies<V> {
  readonly #generation = new Generation();
  readonly #entries = new Map<string, V>();
  constructor(readonly limit: number) {}

  get generation(): number {
    return this.#generation.value;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    return this.#entries.get(key);
  }

  /** Keeps what was read at `generation`; refused (false) when a watched table changed since. */
  set(key: string, generation: number, value: V): boolean {
    if (generation !== this.#generation.value) return false;
    this.#entries.delete(key);
    if (this.#entries.size >= this.limit) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, deepFreeze(value));
    return true;
  }

  invalidate(): void {
    this.#generation.bump();
    this.#entries.clear();
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

type Listener = (table: WatchedTable, op: TableOperation) => void;

export class TableChanges {
  readonly #listeners = new Set<Listener>();

  /** `fn` is called for every committed change of one of `tables` (optionally only of some operations). */
  on(tables: readonly WatchedTable[], fn: () => void, ops?: readonly TableOperation[]): void {
    const wanted = new Set<string>(tables);
    const opsWanted = ops ? new Set<string>(ops) : null;
    this.#listeners.add((table, op) => {
      if (wanted.has(table) && (!opsWanted || opsWanted.has(op))) fn();
    });
  }

  /** Called with each notification's payload (`<table>:<operation>`). */
  heard(payload: string): void {
    const at = payload.lastIndexOf(':');
    const table = payload.slice(0, at) as WatchedTable;
    const op = payload.slice(at + 1) as TableOperation;
    for (const l of this.#listeners) l(table, op);
  }
}

const installed = new WeakMap<Db, Promise<TableChanges | undefined>>();

/** The embedded PGlite client of a database, or null on PostgreSQL (node-postgres). */
export function pgliteOf(db: Db): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  // PGlite's client has `listen` and `waitReady`; node-postgres's pool has neither
  return client && typeof client === 'object' && 'listen' in client && 'waitReady' in client ? (client as PGlite) : null;
}

/**
 * The changes of the watched tables of a PGlite database (the triggers created, idempotent, and listened to once
 * per database); undefined on PostgreSQL.
 */
export function tableChangesOf(db: Db): Promise<TableChanges | undefined> {
  let done = installed.get(db);
  if (!done) installed.set(db, (done = install(db)));
  return done;
}

async function install(db: Db): Promise<TableChanges | undefined> {
  const client = pgliteOf(db);
  if (!client) return undefined;
  const changes = new TableChanges();
  await client.exec(`
    create or replace function table_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${TABLE_CHANGED_CHANNEL}', tg_table_name || ':' || tg_op);
      return null;
    end $$;
    ${WATCHED_TABLES.map(
      (t) => `
    create or replace trigger ${t}_changed after insert or update or delete on ${t}
      for each statement execute function table_changed();
    create or replace trigger ${t}_truncated after truncate on ${t}
      for each statement execute function table_changed();`,
    ).join('')}
  `);
  await client.listen(TABLE_CHANGED_CHANNEL, (payload) => changes.heard(payload));
  return changes;
}
