/**
 * The platform limiter: every limit, throttle and counter of the gateway (sign-in per user, per address and
 * per user-and-address pair, PIN guesses, captchas, the public ticket face, booking e-mail) counts here, in
 * the rate_limits table shared by every instance.
 *
 * Each attempt is counted BEFORE the guarded work (the password or PIN check, the e-mail) by ONE atomic
 * statement (INSERT … ON CONFLICT DO UPDATE … RETURNING): the row is locked while it is updated, so however
 * many attempts race, each gets its own number and the one past the limit is refused. A rule says:
 *
 *   - `windowMs`: the counting window; it starts with the first attempt and the count restarts after it;
 *   - `slowAt`: from this count on, the key is blocked for `slowMs · 2^(count − slowAt)` (progressive delays,
 *     capped at `lockMs`); attempts while blocked are refused and not counted;
 *   - `lockAt`: from this count on, the key is blocked for `lockMs` (a lock).
 *
 * A plain cap of N per window is `{ windowMs, slowAt: N, lockAt: N, lockMs: windowMs }`: the N-th attempt
 * goes through and blocks the key until the window ends.
 */
import { sql, eq, lt, and, or, isNull } from 'drizzle-orm';
import type { Conn } from './db/client';
import { rateLimits } from './db/schema';

export interface LimitRule {
  windowMs: number;
  slowAt: number;
  lockAt: number;
  /** Base delay of the progressive slow-down (ms); the delay doubles with each further attempt. */
  slowMs?: number;
  lockMs: number;
}

/** A plain cap: `limit` attempts per `windowMs`, then refused until the window ends. */
export function cap(limit: number, windowMs: number): LimitRule {
  return { windowMs, slowAt: limit, lockAt: limit, lockMs: windowMs };
}

export type LimitVerdict =
  /** Counted: this is attempt number `count`; `blockedUntil` is set when the attempt crossed a threshold. */
  | { allowed: true; count: number; blockedUntil: Date | null; locked: boolean }
  /** Refused (and not counted): the key is blocked until `blockedUntil`. */
  | { allowed: false; count: number; blockedUntil: Date; locked: boolean; retryAfterSeconds: number };

function toDate(v: unknown): Date | null {
  if (v === null || v === undefined) return null;
  return v instanceof Date ? v : new Date(String(v));
}

export function retryAfterSeconds(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/**
 * Counts one attempt of `key` under `rule`, atomically. The answer tells whether the attempt may go ahead.
 * When the count crosses `slowAt` or `lockAt`, the block is written by the same statement, so a concurrent
 * attempt already sees it.
 */
export async function take(conn: Conn, key: string, rule: LimitRule, now: Date = new Date()): Promise<LimitVerdict> {
  const slowMs = rule.slowMs ?? rule.lockMs;
  const nowIso = now.toISOString();
  const windowFrom = new Date(now.getTime() - rule.windowMs).toISOString();
  // The count after this attempt when the key is neither expired nor blocked.
  const t = sql.raw('rate_limits');
  const expired = sql`(${t}.window_start <= ${windowFrom}::timestamptz and (${t}.blocked_until is null or ${t}.blocked_until <= ${nowIso}::timestamptz))`;
  const blocked = sql`(${t}.blocked_until is not null and ${t}.blocked_until > ${nowIso}::timestamptz)`;
  const blockFor = (n: SQL) => sql`case
      when ${n} >= ${rule.lockAt} then ${nowIso}::timestamptz + make_interval(secs => ${rule.lockMs / 1000}::float8)
      when ${n} >= ${rule.slowAt} then ${nowIso}::timestamptz + make_interval(secs => least(${slowMs / 1000}::float8 * power(2, least(${n} - ${rule.slowAt}, 20)), ${rule.lockMs / 1000}::float8))
      else null end`;
  const first = blockFor(sql`1`);
  const next = blockFor(sql`(${t}.count + 1)`);
  const result = await conn.execute(sql`
    insert into rate_limits (key, window_start, count, blocked_until, refused, updated_at)
    values (${key}, ${nowIso}::timestamptz, 1, ${first}, false, ${nowIso}::timestamptz)
    on conflict (key) do update set
      window_start = case when ${expired} then ${nowIso}::timestamptz else ${t}.window_start end,
      count = case when ${expired} then 1 when ${blocked} then ${t}.count else ${t}.count + 1 end,
      blocked_until = case when ${expired} then ${first} when ${blocked} then ${t}.blocked_until else ${next} end,
      refused = case when ${expired} then false else ${blocked} end,
      updated_at = ${nowIso}::timestamptz
    returning count, blocked_until, refused`);
  const row = rowsOf(result)[0] as { count: number | string; blocked_until: unknown; refused: boolean } | undefined;
  if (!row) throw new Error(`limiter: no row for ${key}`);
  const count = Number(row.count);
  const blockedUntil = toDate(row.blocked_until);
  const locked = count >= rule.lockAt && blockedUntil !== null && blockedUntil.getTime() > now.getTime();
  if (row.refused && blockedUntil) {
    return { allowed: false, count, blockedUntil, locked, retryAfterSeconds: retryAfterSeconds(blockedUntil, now) };
  }
  return { allowed: true, count, blockedUntil: blockedUntil && blockedUntil.getTime() > now.getTime() ? blockedUntil : null, locked };
}

type SQL = ReturnType<typeof sql>;

function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

/** Forgets a key (a success resets the user's counter; a password reset releases the account's lock). */
export async function clear(conn: Conn, key: string): Promise<void> {
  await conn.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Forgets every key starting with `prefix` (all the address pairs of a user name). */
export async function clearPrefix(conn: Conn, prefix: string): Promise<void> {
  await conn.execute(sql`delete from rate_limits where starts_with(key, ${prefix})`);
}

/**
 * Gives back one counted attempt that turned out harmless (a right password at an address, a right PIN):
 * the count goes down by one, and a block the count no longer reaches is lifted.
 */
export async function giveBack(conn: Conn, key: string, rule: LimitRule): Promise<void> {
  await conn.execute(sql`
    update rate_limits set
      count = greatest(count - 1, 0),
      blocked_until = case when count - 1 < ${rule.slowAt} then null else blocked_until end
    where key = ${key}`);
}

/** The current state of a key without counting (for tests and the admin views). */
export async function peek(conn: Conn, key: string): Promise<{ count: number; blockedUntil: Date | null } | null> {
  const [row] = await conn.select().from(rateLimits).where(eq(rateLimits.key, key));
  return row ? { count: row.count, blockedUntil: row.blockedUntil } : null;
}

/** Deletes keys idle and unblocked for longer than `idleMs` (called now and then, never needed for correctness). */
export async function sweep(conn: Conn, idleMs: number, now: Date = new Date()): Promise<void> {
  const before = new Date(now.getTime() - idleMs);
  await conn
    .delete(rateLimits)
    .where(and(lt(rateLimits.updatedAt, before), or(isNull(rateLimits.blockedUntil), lt(rateLimits.blockedUntil, now))));
}
