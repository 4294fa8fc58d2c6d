/**
 * The PIN check of spec point 8 (403/120): when the caller holds USE_PIN_CODE, issuing, voiding and refunding
 * need the caller's PIN. The protocol:
 *
 *   1. a call without the `X-Pin` header answers 403/120 with `data.salt`;
 *   2. the portal asks the PIN and repeats the call with `X-Pin: encryptWithSecret(pin, salt)`;
 *   3. the gateway decrypts it with the same salt and checks it against `users.pin_hash` (argon2id).
 *
 * The salt is stateless and cannot be forged: HMAC-SHA256(JWT secret, user id + 5-minute window). The header
 * carries no salt, so the gateway tries the salts of the current and the previous window (a salt is valid 5
 * to 10 minutes); a header no current salt decrypts to a PIN is answered with a fresh 120, not counted as a
 * wrong PIN. Every PIN tried is counted by the platform limiter BEFORE it is checked (`pin:<user id>`, one
 * atomic statement shared by every instance), so concurrent guesses cannot slip past the limit; a right PIN
 * gives its count back. A wrong PIN is 403/121 (with a fresh salt) and recorded in the audit log; the 5th
 * wrong PIN within 15 minutes blocks further attempts with 429/58 until the window ends. A user with
 * USE_PIN_CODE and no PIN yet gets 409/49 with a message pointing to /system/pin-code.
 */
import type { FastifyRequest } from 'fastify';
import type { Language } from '../../../contract/constants';
import { decryptWithSecret, type CipherSettings } from '../../../contract/crypto';
import { ErrorCode } from '../../../contract/errors';
import { PIN_RE } from '../../../contract/validators';
import { writeAudit, type RequestMeta } from '../audit';
import { hmac, verifyPassword } from '../passwords';
import type { UserContext } from '../tenancy/users';
import type { Conn } from '../db/client';
import { cap, giveBack, peek, retryAfterSeconds as secondsUntil, take } from '../limits';
import { ApiError } from '../http/errors';

/** The request header carrying the encrypted PIN (the portal's PIN_HEADER). */
export const PIN_HEADER = 'x-pin';
/** A salt belongs to a window of this length; the current and the previous window are accepted. */
export const PIN_SALT_WINDOW_MS = 5 * 60_000;
/** Wrong PINs allowed within PIN_GUESS_WINDOW_MS before further attempts are refused. */
export const PIN_MAX_WRONG = 5;
export const PIN_GUESS_WINDOW_MS = 15 * 60_000;

const PIN_FORMAT = PIN_RE;

export interface PinDeps {
  db: Conn;
  /** The gateway's JWT secret (keys the salts). */
  secret: string;
  cipher: CipherSettings;
  now?: () => Date;
}

/** The salt of a user for the window containing `at`. */
export function pinSalt(secret: string, userId: number, at: Date): string {
  const window = Math.floor(at.getTime() / PIN_SALT_WINDOW_MS);
  return hmac(secret, `pin-salt:${userId}:${window}`).slice(0, 32);
}

/** Salts accepted at `at`: the current window's, then the previous one's. */
export function acceptedSalts(secret: string, userId: number, at: Date): string[] {
  return [pinSalt(secret, userId, at), pinSalt(secret, userId, new Date(at.getTime() - PIN_SALT_WINDOW_MS))];
}

/** The PIN in an X-Pin header, decrypted with one of the accepted salts; null when none gives a PIN. */
export function readPinHeader(header: string, salts: readonly string[], cipher: CipherSettings): string | null {
  for (const salt of salts) {
    try {
      const pin = decryptWithSecret(header, salt, cipher);
      if (PIN_FORMAT.test(pin)) return pin;
    } catch {
      /* another salt, or not ours */
    }
  }
  return null;
}

const PIN_NOT_SET: Record<Language, string> = {
  vi: 'Bạn chưa đặt mã PIN. Vui lòng đặt mã PIN tại Hệ thống › Mã PIN (/system/pin-code) rồi thử lại.',
  en: 'You have not set a PIN code yet. Please set one under System › PIN code (/system/pin-code) and try again.',
};

const PIN_LOCKED: Record<Language, (minutes: number) => string> = {
  vi: (m) => `Bạn đã nhập sai mã PIN ${PIN_MAX_WRONG} lần. Vui lòng thử lại sau ${m} phút.`,
  en: (m) => `The PIN code was wrong ${PIN_MAX_WRONG} times. Please try again in ${m} minute${m > 1 ? 's' : ''}.`,
};

/** The limiter rule of PIN guesses: PIN_MAX_WRONG per PIN_GUESS_WINDOW_MS. */
export const PIN_RULE = cap(PIN_MAX_WRONG, PIN_GUESS_WINDOW_MS);

export function pinKey(userId: number): string {
  return `pin:${userId}`;
}

function pinLocked(until: Date, now: Date, lang: Language): ApiError {
  const retryAfterSeconds = secondsUntil(until, now);
  return new ApiError(ErrorCode.RATE_LIMITED, { reason: 'pinAttempts', retryAfterSeconds, message: PIN_LOCKED[lang](Math.ceil(retryAfterSeconds / 60)) });
}

/**
 * Passes when the caller does not hold USE_PIN_CODE or sends the right PIN; otherwise throws the answer
 * (409/49 no PIN yet, 429/58 too many wrong PINs, 403/120 PIN needed, 403/121 wrong PIN).
 */
export async function requirePin(deps: PinDeps, ctx: UserContext, header: string | undefined, lang: Language, meta?: RequestMeta): Promise<void> {
  if (!ctx.permissions.includes('USE_PIN_CODE')) return;
  const now = deps.now?.() ?? new Date();
  const pinHash = ctx.user.pinHash;
  if (!pinHash) throw new ApiError(ErrorCode.CONFLICT, { reason: 'pinNotSet', path: '/system/pin-code', message: PIN_NOT_SET[lang] });
  const state = await peek(deps.db, pinKey(ctx.user.id));
  if (state?.blockedUntil && state.blockedUntil.getTime() > now.getTime()) throw pinLocked(state.blockedUntil, now, lang);
  const salt = pinSalt(deps.secret, ctx.user.id, now);
  const value = header?.trim();
  if (!value) throw new ApiError(ErrorCode.PIN_REQUIRED, { salt });
  const pin = readPinHeader(value, acceptedSalts(deps.secret, ctx.user.id, now), deps.cipher);
  // an expired salt (or garbage): ask again, this is no guess
  if (pin === null) throw new ApiError(ErrorCode.PIN_REQUIRED, { salt, reason: 'saltExpired' });
  // a guess: counted before it is checked
  const verdict = await take(deps.db, pinKey(ctx.user.id), PIN_RULE, now);
  if (!verdict.allowed) throw pinLocked(verdict.blockedUntil, now, lang);
  if (await verifyPassword(pinHash, pin)) {
    await giveBack(deps.db, pinKey(ctx.user.id), PIN_RULE);
    return;
  }
  await writeAudit(deps.db, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'booking.pin_wrong', target: ctx.user.username }, meta);
  throw new ApiError(ErrorCode.PIN_INVALID, { salt, attemptsLeft: Math.max(0, PIN_MAX_WRONG - verdict.count) });
}

/** The encrypted PIN a request carries in its X-Pin header, if any. */
export function pinOf(request: FastifyRequest): string | undefined {
  const v = request.headers[PIN_HEADER];
  return Array.isArray(v) ? v[0] : v;
}

/** What the API documentation says of the PIN on every endpoint that asks it. */
export const PIN_NOTE =
  'With USE_PIN_CODE: 403/120 with data.salt without the X-Pin header (send encryptWithSecret(pin, salt)); 403/121 wrong PIN; ' +
  '429/58 after 5 wrong PINs in 15 minutes (counted before checking, whatever the concurrency); 409/49 (reason pinNotSet) when no PIN is set yet (/system/pin-code).';
