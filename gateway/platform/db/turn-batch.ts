/**
 * The calls of one event-loop turn answered by one statement. Under load the gateway reads several requests' bytes in
 * one turn, and each request's hooks and handler run in microtasks up to their first statement before the next
 * socket is read: so when a call waits for the loop's check phase (setImmediate), every request of the turn that
 * makes the same kind of read has asked, and one statement answers them all (up to `max`; more go in several
 * statements sent at once). Each call is answered as by a statement of its own; a statement that fails fails its
 * calls only.
 *
 * For reads and for writes whose rows are each call's own (access/signed-in.ts: a request's tsp claim;
 * bookings/lifecycle.ts: an issue's record, and its charge with one call per agency and statement). The
 * statement of n calls should be prepared per n, with the calls as a VALUES list (`valuesOf`): its plan is then made
 * for n rows, where an array parameter would make PostgreSQL's generic plan guess 10 and plan it again on every
 * execution (see bookings/lifecycle.ts, pnrIdIn).
 */
import { sql, type SQL } from 'drizzle-orm';

interface Waiting<I, O> {
  input: I;
  resolve: (o: O) => void;
  reject: (e: unknown) => void;
}

export class TurnBatch<I, O> {
  #waiting: Waiting<I, O>[] = [];
  #scheduled = false;

  constructor(
    /** Answers the calls of one statement, in their order (at most `max` of them). */
    private readonly run: (inputs: I[]) => Promise<O[]>,
    readonly max: number,
  ) {}

  ask(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.#waiting.push({ input, resolve, reject });
      if (this.#scheduled) return;
      this.#scheduled = true;
      setImmediate(() => {
        this.#scheduled = false;
        const all = this.#waiting;
        this.#waiting = [];
        for (let i = 0; i < all.length; i += this.max) void this.#answer(all.slice(i, i + this.max));
      });
    });
  }

  async #answer(batch: Waiting<I, O>[]): Promise<void> {
    try {
      const outputs = await this.run(batch.map((w) => w.input));
      for (const [i, w] of batch.entries()) w.resolve(outputs[i]);
    } catch (e) {
      for (const w of batch) w.reject(e);
    }
  }
}

/**
 * The rows of a batch statement of `size` calls as a derived table `v(ord, <columns>)`: ord is 1…size, each column
 * a placeholder `<name><ord>` cast to its type (e.g. `{ uid: 'integer' }` gives `$uid1::integer`, `$uid2::integer`…).
 */
export function valuesOf(size: number, columns: Readonly<Record<string, string>>): SQL {
  const names = Object.keys(columns);
  const rows = Array.from({ length: size }, (_, i) => {
    const ord = i + 1;
    const cells = names.map((name) => sql`${sql.placeholder(`${name}${ord}`)}::${sql.raw(columns[name])}`);
    return sql`(${sql.raw(String(ord))}, ${sql.join(cells, sql`, `)})`;
  });
  return sql`(values ${sql.join(rows, sql`, `)}) as v(ord, ${sql.raw(names.join(', '))})`;
}

/**
 * One column of a batch statement's calls as an array expression, `array[$<name>1::<type>, …]`: a condition
 * `key = any(<this>)` beside a join on the calls' rows makes PostgreSQL find the table's rows by their key (it
 * counts the expression's elements), where the join alone may be planned as a scan of the whole table (a hash join
 * whose cost was estimated on the table's statistics when it was small).
 */
export function columnOf(size: number, name: string, type: string): SQL {
  const cells = Array.from({ length: size }, (_, i) => sql`${sql.placeholder(`${name}${i + 1}`)}::${sql.raw(type)}`);
  return sql`array[${sql.join(cells, sql`, `)}]`;
}

/**
 * `columnOf` for a statement built per call with its values inline as parameters: `array[$1::<type>, …]` of each
 * call's `pick`, in the calls' order.
 */
export function arrayOf<C>(calls: readonly C[], pick: (call: C) => unknown, type: string): SQL {
  return sql`array[${sql.join(calls.map((c) => sql`${pick(c)}::${sql.raw(type)}`), sql`, `)}]`;
}

/** The placeholders' values of a batch statement's calls (`valuesOf`'s `<name><ord>`), ord from 1. */
export function placeholdersOf(calls: readonly Readonly<Record<string, unknown>>[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [i, call] of calls.entries()) for (const name of Object.keys(call)) values[`${name}${i + 1}`] = call[name];
  return values;
}
