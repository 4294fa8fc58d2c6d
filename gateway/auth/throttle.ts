/**
 * Sign-in throttling over the login_attempts table, per user name and per client IP.
 *
 * Failures (wrong password or unknown user) are counted since the latest of: the start of the window, the
 * last success, the last lockout. From `maxFailures` on, answers are slowed: the next try is accepted only
 * after `slowdown * 2^(failures - maxFailures)` seconds from the last failure (429, code 52). At
 * `lockFailures` a lockout marker is written and every try is refused for `lockSeconds` (423, code 53).
 * Refused tries are recorded but not counted. Timestamps are set from the server clock in milliseconds.
 */
import { and, count, eq, gt, inArray, max, type SQL } from 'drizzle-orm';
import type { Conn } from '../platform/db/client';
import { loginAttempts } from '../platform/db/schema';
import type { Settings } from '../settings';

export type AttemptReason =
  | 'success'
  | 'bad_password'
  | 'unknown_user'
  | 'captcha'
  | 'throttled'
  | 'locked'
  | 'account_locked'
  | 'must_change_password'
  | 'password_reset'
  | 'lockout_user'
  | 'lockout_ip';

const COUNTED: AttemptReason[] = ['bad_password', 'unknown_user'];

export type Verdict =
  | { kind: 'ok' }
  | { kind: 'slowed'; retryAfterSeconds: number }
  | { kind: 'locked'; lockedUntil: Date };

interface Limits {
  maxFailures: number;
  lockFailures: number;
}

interface KeyState {
  failures: number;
  lastFailure: Date | null;
  lockedUntil: Date | null;
}

export class LoginThrottle {
  private readonly windowMs: number;
  private readonly lockMs: number;
  private readonly slowdownMs: number;
  private readonly userLimits: Limits;
  private readonly ipLimits: Limits;

  constructor(settings: Settings) {
    this.windowMs = settings.LOGIN_WINDOW_SECONDS * 1000;
    this.lockMs = settings.LOGIN_LOCK_SECONDS * 1000;
    this.slowdownMs = settings.LOGIN_SLOWDOWN_SECONDS * 1000;
    this.userLimits = { maxFailures: settings.LOGIN_MAX_FAILURES, lockFailures: settings.LOGIN_LOCK_FAILURES };
    this.ipLimits = { maxFailures: settings.LOGIN_IP_MAX_FAILURES, lockFailures: settings.LOGIN_IP_LOCK_FAILURES };
  }

  async record(conn: Conn, username: string, ip: string, success: boolean, reason: AttemptReason, now: Date): Promise<void> {
    await conn.insert(loginAttempts).values({ username: username.toLowerCase(), ip, success, reason, createdAt: now });
  }

  /** Before checking a password: may this try go ahead? */
  async check(conn: Conn, username: string, ip: string, now: Date): Promise<Verdict> {
    const [user, byIp] = await this.states(conn, username, ip, now);
    return worst(this.verdict(user, this.userLimits, now), this.verdict(byIp, this.ipLimits, now));
  }

  /** Records a failed try and tells what the caller must now answer (a lockout marker is written when due). */
  async fail(conn: Conn, username: string, ip: string, reason: 'bad_password' | 'unknown_user', now: Date): Promise<Verdict> {
    await this.record(conn, username, ip, false, reason, now);
    const [user, byIp] = await this.states(conn, username, ip, now);
    if (user.failures >= this.userLimits.lockFailures) await this.record(conn, username, ip, false, 'lockout_user', now);
    if (byIp.failures >= this.ipLimits.lockFailures) await this.record(conn, username, ip, false, 'lockout_ip', now);
    return worst(this.after(user, this.userLimits, now), this.after(byIp, this.ipLimits, now));
  }

  private states(conn: Conn, username: string, ip: string, now: Date): Promise<[KeyState, KeyState]> {
    return Promise.all([
      this.state(conn, eq(loginAttempts.username, username.toLowerCase()), 'lockout_user', now),
      this.state(conn, eq(loginAttempts.ip, ip), 'lockout_ip', now),
    ]);
  }

  private async state(conn: Conn, key: SQL, lockReason: AttemptReason, now: Date): Promise<KeyState> {
    const windowStart = new Date(now.getTime() - Math.max(this.windowMs, this.lockMs));
    const [marks] = await conn
      .select({
        lastSuccess: max(loginAttempts.createdAt),
      })
      .from(loginAttempts)
      .where(and(key, eq(loginAttempts.success, true), gt(loginAttempts.createdAt, windowStart)));
    const [locks] = await conn
      .select({ lastLock: max(loginAttempts.createdAt) })
      .from(loginAttempts)
      .where(and(key, eq(loginAttempts.reason, lockReason), gt(loginAttempts.createdAt, windowStart)));
    const lastSuccess = marks?.lastSuccess ?? null;
    let lastLock = locks?.lastLock ?? null;
    if (lastLock && lastSuccess && lastSuccess >= lastLock) lastLock = null;
    const lockedUntil = lastLock && lastLock.getTime() + this.lockMs > now.getTime() ? new Date(lastLock.getTime() + this.lockMs) : null;
    const since = new Date(
      Math.max(now.getTime() - this.windowMs, lastSuccess?.getTime() ?? 0, lastLock?.getTime() ?? 0),
    );
    const [failures] = await conn
      .select({ n: count(), last: max(loginAttempts.createdAt) })
      .from(loginAttempts)
      .where(and(key, eq(loginAttempts.success, false), inArray(loginAttempts.reason, COUNTED), gt(loginAttempts.createdAt, since)));
    return { failures: failures?.n ?? 0, lastFailure: failures?.last ?? null, lockedUntil };
  }

  private delayMs(failures: number, limits: Limits): number {
    const steps = Math.min(failures - limits.maxFailures, 20);
    return Math.min(this.slowdownMs * 2 ** steps, this.lockMs);
  }

  /** Before a try. */
  private verdict(state: KeyState, limits: Limits, now: Date): Verdict {
    if (state.lockedUntil) return { kind: 'locked', lockedUntil: state.lockedUntil };
    if (state.failures >= limits.maxFailures && state.lastFailure) {
      const next = state.lastFailure.getTime() + this.delayMs(state.failures, limits);
      if (next > now.getTime()) return { kind: 'slowed', retryAfterSeconds: Math.ceil((next - now.getTime()) / 1000) };
    }
    return { kind: 'ok' };
  }

  /** Right after a failed try has been recorded. */
  private after(state: KeyState, limits: Limits, now: Date): Verdict {
    if (state.lockedUntil) return { kind: 'locked', lockedUntil: state.lockedUntil };
    if (state.failures >= limits.lockFailures) return { kind: 'locked', lockedUntil: new Date(now.getTime() + this.lockMs) };
    if (state.failures >= limits.maxFailures) {
      return { kind: 'slowed', retryAfterSeconds: Math.ceil(this.delayMs(state.failures, limits) / 1000) };
    }
    return { kind: 'ok' };
  }
}

function worst(a: Verdict, b: Verdict): Verdict {
  if (a.kind === 'locked' || b.kind === 'locked') {
    if (a.kind === 'locked' && b.kind === 'locked') return a.lockedUntil >= b.lockedUntil ? a : b;
    return a.kind === 'locked' ? a : b;
  }
  if (a.kind === 'slowed' && b.kind === 'slowed') return a.retryAfterSeconds >= b.retryAfterSeconds ? a : b;
  if (a.kind === 'slowed') return a;
  return b;
}
