/**
 * Sign-in throttling on the platform limiter (platform/limits.ts), counted before the password is checked.
 * Three keys are counted for every try, each in one atomic statement shared by every instance:
 *
 *   - the (user name, address) pair: progressive delays from LOGIN_MAX_FAILURES
 *     (`slowdown · 2^(n − max)`, 429 code 52) and a lock of that pair only at LOGIN_LOCK_FAILURES (423 code 53):
 *     a stranger guessing from elsewhere locks out nobody but himself;
 *   - the user name across addresses: progressive delays only (no lock), from LOGIN_LOCK_FAILURES, against
 *     guesses spread over many addresses;
 *   - the address: delays from LOGIN_IP_MAX_FAILURES, lock at LOGIN_IP_LOCK_FAILURES, against one address
 *     trying many user names.
 *
 * A success forgets the user's keys (pair and user name) and gives back its own count at the address, so it
 * never resets what earlier failures of that address counted. A password reset releases the user's keys.
 * Every try is also written to login_attempts (the sign-in log); the limiter does not read it.
 */
import type { Conn } from '../platform/db/client';
import { loginAttempts } from '../platform/db/schema';
import { clear, clearPrefix, giveBack, take, type LimitRule, type LimitVerdict } from '../platform/limits';
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

export type Verdict =
  | { kind: 'ok' }
  | { kind: 'slowed'; retryAfterSeconds: number }
  | { kind: 'locked'; lockedUntil: Date };

/** The counted keys of one try; hand it back to `succeeded` or `failed`. */
export interface Ticket {
  username: string;
  ip: string;
  verdicts: LimitVerdict[];
}

const NO_LOCK = 2_147_483_647;

export class LoginThrottle {
  private readonly pair: LimitRule;
  private readonly user: LimitRule;
  private readonly address: LimitRule;

  constructor(settings: Settings) {
    const windowMs = settings.LOGIN_WINDOW_SECONDS * 1000;
    const lockMs = settings.LOGIN_LOCK_SECONDS * 1000;
    const slowMs = settings.LOGIN_SLOWDOWN_SECONDS * 1000;
    this.pair = { windowMs, slowAt: settings.LOGIN_MAX_FAILURES, lockAt: settings.LOGIN_LOCK_FAILURES, slowMs, lockMs };
    this.user = { windowMs, slowAt: settings.LOGIN_LOCK_FAILURES, lockAt: NO_LOCK, slowMs, lockMs };
    this.address = { windowMs, slowAt: settings.LOGIN_IP_MAX_FAILURES, lockAt: settings.LOGIN_IP_LOCK_FAILURES, slowMs, lockMs };
  }

  static userKey(username: string): string {
    return `login:user:${username.toLowerCase()}`;
  }

  static pairPrefix(username: string): string {
    return `login:pair:${username.toLowerCase()}|`;
  }

  static addressKey(ip: string): string {
    return `login:ip:${ip}`;
  }

  async record(conn: Conn, username: string, ip: string, success: boolean, reason: AttemptReason, now: Date): Promise<void> {
    await conn.insert(loginAttempts).values({ username: username.toLowerCase(), ip, success, reason, createdAt: now });
  }

  /**
   * Counts a try before the password is checked. Refused: the verdict to answer (the try is given back to
   * the keys that had counted it). Otherwise a ticket for `succeeded` / `failed`.
   */
  async begin(conn: Conn, username: string, ip: string, now: Date): Promise<{ refused: Exclude<Verdict, { kind: 'ok' }> } | { ticket: Ticket }> {
    const steps: [string, LimitRule][] = [
      [LoginThrottle.pairPrefix(username) + ip, this.pair],
      [LoginThrottle.userKey(username), this.user],
      [LoginThrottle.addressKey(ip), this.address],
    ];
    const verdicts: LimitVerdict[] = [];
    for (const [index, [key, rule]] of steps.entries()) {
      const v = await take(conn, key, rule, now);
      if (!v.allowed) {
        for (const [k, r] of steps.slice(0, index)) await giveBack(conn, k, r);
        return { refused: v.locked ? { kind: 'locked', lockedUntil: v.blockedUntil } : { kind: 'slowed', retryAfterSeconds: v.retryAfterSeconds } };
      }
      verdicts.push(v);
    }
    return { ticket: { username, ip, verdicts } };
  }

  /** The right password: the user's keys are forgotten, the address only gets this try back. */
  async succeeded(conn: Conn, ticket: Ticket): Promise<void> {
    await clear(conn, LoginThrottle.pairPrefix(ticket.username) + ticket.ip);
    await clear(conn, LoginThrottle.userKey(ticket.username));
    await giveBack(conn, LoginThrottle.addressKey(ticket.ip), this.address);
  }

  /** A wrong password or unknown user: what to answer now (a block this try set, if any). */
  failed(ticket: Ticket, now: Date): Verdict {
    let worst: Verdict = { kind: 'ok' };
    for (const v of ticket.verdicts) {
      if (!v.blockedUntil) continue;
      const here: Verdict = v.locked
        ? { kind: 'locked', lockedUntil: v.blockedUntil }
        : { kind: 'slowed', retryAfterSeconds: Math.max(1, Math.ceil((v.blockedUntil.getTime() - now.getTime()) / 1000)) };
      worst = worse(worst, here);
    }
    return worst;
  }

  /** A password reset proves control of the mailbox: every sign-in limit of the user is released. */
  async release(conn: Conn, username: string): Promise<void> {
    await clear(conn, LoginThrottle.userKey(username));
    await clearPrefix(conn, LoginThrottle.pairPrefix(username));
  }
}

function worse(a: Verdict, b: Verdict): Verdict {
  if (a.kind === 'locked' || b.kind === 'locked') {
    if (a.kind === 'locked' && b.kind === 'locked') return a.lockedUntil >= b.lockedUntil ? a : b;
    return a.kind === 'locked' ? a : b;
  }
  if (a.kind === 'slowed' && b.kind === 'slowed') return a.retryAfterSeconds >= b.retryAfterSeconds ? a : b;
  return a.kind === 'slowed' ? a : b;
}
