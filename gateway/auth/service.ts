/** The sign-in use cases: login, refresh, logout, forgot / verify reset, change password. */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ForgotPasswordResult,
  LoginRequest,
  LoginResult,
  MeResult,
  RefreshRequest,
  RefreshResult,
  VerifyResetRequest,
} from '../../contract/auth';
import type { Language } from '../../contract/constants';
import { ErrorCode } from '../../contract/errors';
import { isValidPassword } from '../../contract/validators';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { Db } from '../platform/db/client';
import { passwordResets, refreshTokens, users } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { cap, take } from '../platform/limits';
import { queueMail } from '../mail/service';
import type { Settings } from '../settings';
import type { CaptchaService } from './captcha';
import { burnVerification, hashPassword, hmac, randomCode, safeEqualHex, verifyPassword } from '../platform/passwords';
import { findRefreshForUpdate, issueRefreshToken, REFRESH_GRACE_MS, revokeAllOfUser, revokeFamily, successorToken } from './sessions';
import type { LoginThrottle, Verdict } from './throttle';
import type { TokenSigner } from '../platform/access/tokens';
import { isBlocked, loadUserById, loadUserByUsername, type UserContext } from '../platform/tenancy/users';
import { agencyExtras, maskEmail, toAgentInfo, toMemberInfo } from './member-info';

/** Wrong codes accepted per reset code before it is void. */
export const MAX_RESET_TRIES = 5;
/** Reset codes issued per user within one code lifetime; further requests answer the same but send nothing. */
const MAX_RESETS_PER_TTL = 3;

export interface AuthDeps {
  db: Db;
  settings: Settings;
  signer: TokenSigner;
  captcha: CaptchaService;
  throttle: LoginThrottle;
  /** Server secret for HMACs (reset codes, masks). */
  secret: string;
}

function verdictError(verdict: Exclude<Verdict, { kind: 'ok' }>): ApiError {
  return verdict.kind === 'locked'
    ? new ApiError(ErrorCode.LOGIN_LOCKED, { lockedUntil: verdict.lockedUntil.toISOString() })
    : new ApiError(ErrorCode.LOGIN_THROTTLED, { retryAfterSeconds: verdict.retryAfterSeconds });
}

export class AuthService {
  constructor(private readonly d: AuthDeps) {}

  me(ctx: UserContext): MeResult {
    return { memberInfo: toMemberInfo(ctx), agentInfo: toAgentInfo(ctx), permissions: ctx.permissions };
  }

  async login(input: LoginRequest, meta: RequestMeta): Promise<LoginResult> {
    const { db, throttle, settings, signer } = this.d;
    const now = new Date();
    await this.checkCaptcha(input.captchaId, input.captcha, input.username, meta, now);
    const ctx = await this.verifyCredentials(input.username, input.password, meta, now);
    if (isBlocked(ctx)) {
      await db.transaction((tx) => throttle.record(tx, input.username, meta.ip, false, 'account_locked', now));
      throw new ApiError(ErrorCode.ACCOUNT_LOCKED);
    }
    if (ctx.user.mustChangePassword) {
      await db.transaction((tx) => throttle.record(tx, input.username, meta.ip, false, 'must_change_password', now));
      throw new ApiError(ErrorCode.PASSWORD_CHANGE_REQUIRED);
    }
    const refresh = await db.transaction(async (tx) => {
      await throttle.record(tx, input.username, meta.ip, true, 'success', now);
      const issued = await issueRefreshToken(tx, { userId: ctx.user.id, ttlSeconds: settings.REFRESH_TOKEN_TTL, now, meta });
      await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, ctx.user.id));
      await writeAudit(
        tx,
        { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'auth.login', target: ctx.user.username, detail: { familyId: issued.familyId } },
        meta,
      );
      return issued;
    });
    const accessToken = await signer.sign({ userId: ctx.user.id, agencyId: ctx.agency.id, familyId: refresh.familyId }, now);
    return {
      accessToken,
      refreshToken: refresh.token,
      memberInfo: toMemberInfo(ctx),
      agentInfo: toAgentInfo(ctx),
      permissions: ctx.permissions,
      ...agencyExtras(ctx),
    };
  }

  async refresh(input: RefreshRequest, meta: RequestMeta): Promise<RefreshResult> {
    const { db, settings, signer } = this.d;
    const now = new Date();
    const claims = await signer.verifyIgnoringExpiry(input.accessToken);
    if (!claims) throw new ApiError(ErrorCode.REFRESH_INVALID);
    type Outcome = { error: ApiError } | { ctx: UserContext; token: string; familyId: string; signedAt: Date; jti: string };
    const outcome: Outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const row = await findRefreshForUpdate(tx, input.refreshToken);
      if (!row || row.userId !== claims.userId || row.familyId !== claims.familyId) {
        return { error: new ApiError(ErrorCode.REFRESH_INVALID) };
      }
      if (row.usedAt && !row.revokedAt && row.replacedBy && now.getTime() - row.usedAt.getTime() <= REFRESH_GRACE_MS) {
        // rotated a moment ago (two tabs, a retry): the same new pair again
        const ctx = await loadUserById(tx, row.userId);
        if (!ctx || ctx.agency.id !== claims.agencyId || isBlocked(ctx)) return { error: new ApiError(ErrorCode.REFRESH_INVALID) };
        return { ctx, token: successorToken(this.d.secret, row.id), familyId: row.familyId, signedAt: row.usedAt, jti: row.replacedBy };
      }
      if (row.usedAt) {
        // A rotated token presented again after the grace window: someone holds a copy. End the whole sign-in.
        if (!row.revokedAt) {
          await revokeFamily(tx, row.familyId, now);
          await writeAudit(
            tx,
            { userId: row.userId, agencyId: claims.agencyId, action: 'auth.refresh_reuse', target: row.familyId, detail: { tokenId: row.id } },
            meta,
          );
        }
        return { error: new ApiError(ErrorCode.REFRESH_REUSED) };
      }
      if (row.revokedAt || row.expiresAt.getTime() <= now.getTime()) return { error: new ApiError(ErrorCode.REFRESH_INVALID) };
      const ctx = await loadUserById(tx, row.userId);
      if (!ctx || ctx.agency.id !== claims.agencyId) return { error: new ApiError(ErrorCode.REFRESH_INVALID) };
      if (isBlocked(ctx)) return { error: new ApiError(ErrorCode.UNAUTHENTICATED) };
      const next = await issueRefreshToken(tx, { userId: row.userId, familyId: row.familyId, ttlSeconds: settings.REFRESH_TOKEN_TTL, now, meta, token: successorToken(this.d.secret, row.id) });
      await tx.update(refreshTokens).set({ usedAt: now, replacedBy: next.id }).where(eq(refreshTokens.id, row.id));
      return { ctx, token: next.token, familyId: row.familyId, signedAt: now, jti: next.id };
    });
    if ('error' in outcome) throw outcome.error;
    const { ctx } = outcome;
    const accessToken = await signer.sign({ userId: ctx.user.id, agencyId: ctx.agency.id, familyId: outcome.familyId }, outcome.signedAt, outcome.jti);
    const extras = agencyExtras(ctx);
    return {
      accessToken,
      refreshToken: outcome.token,
      permissions: ctx.permissions,
      ...(extras.osi ? { osi: extras.osi } : {}),
      ...(extras.tourCode ? { tourCode: extras.tourCode } : {}),
    };
  }

  /** Ends the sign-in of the given refresh token (its whole family). Unknown tokens are ignored. */
  async logout(refreshToken: string, meta: RequestMeta): Promise<void> {
    const now = new Date();
    await this.d.db.transaction(async (tx) => {
      const row = await findRefreshForUpdate(tx, refreshToken);
      if (!row) return;
      await revokeFamily(tx, row.familyId, now);
      const ctx = await loadUserById(tx, row.userId);
      await writeAudit(
        tx,
        { userId: row.userId, agencyId: ctx?.agency.id ?? null, action: 'auth.logout', target: ctx?.user.username ?? null, detail: { familyId: row.familyId } },
        meta,
      );
    });
  }

  /**
   * Sends a 6-digit code to the user's e-mail. An unknown, locked or e-mail-less user gets the same answer
   * (with a made-up but stable mask) and nothing is written, so the answer does not reveal which user names
   * exist.
   */
  async forgotPassword(input: ForgotPasswordRequest, meta: RequestMeta, lang: Language): Promise<ForgotPasswordResult> {
    const { db, settings, secret } = this.d;
    const now = new Date();
    await this.checkCaptcha(input.captchaId, input.captcha, input.username, meta, now);
    const ttl = settings.RESET_CODE_TTL_SECONDS;
    const ctx = await loadUserByUsername(db, input.username);
    const email = ctx?.user.email;
    if (!ctx || !email || isBlocked(ctx)) return { maskedEmail: this.decoyMask(input.username), expiresInSeconds: ttl };
    await db.transaction(async (tx) => {
      // counted in one atomic statement before anything is sent, so a burst (on any instance) cannot pass the limit
      const verdict = await take(tx, `reset:user:${ctx.user.id}`, cap(MAX_RESETS_PER_TTL, ttl * 1000), now);
      if (!verdict.allowed) return;
      await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, ctx.user.id), isNull(passwordResets.usedAt)));
      const code = randomCode();
      await tx.insert(passwordResets).values({
        userId: ctx.user.id,
        codeHash: hmac(secret, `reset:${ctx.user.id}:${code}`),
        expiresAt: new Date(now.getTime() + ttl * 1000),
        createdAt: now,
      });
      await queueMail(tx, resetMail(email, ctx.user.fullName, code, Math.round(ttl / 60), lang), now);
      await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'auth.password_reset_requested', target: ctx.user.username }, meta);
    });
    return { maskedEmail: maskEmail(email), expiresInSeconds: ttl };
  }

  async verifyReset(input: VerifyResetRequest, meta: RequestMeta): Promise<void> {
    const { db, secret, throttle } = this.d;
    const now = new Date();
    if (!isValidPassword(input.newPassword)) throw new ApiError(ErrorCode.PASSWORD_RULE);
    const ctx = await loadUserByUsername(db, input.username);
    if (!ctx || isBlocked(ctx)) throw new ApiError(ErrorCode.RESET_CODE_INVALID);
    const newHash = await hashPassword(input.newPassword);
    const ok = await db.transaction(async (tx) => {
      const [reset] = await tx
        .select()
        .from(passwordResets)
        .where(and(eq(passwordResets.userId, ctx.user.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
        .orderBy(desc(passwordResets.id))
        .limit(1)
        .for('update');
      if (!reset) return false;
      if (!safeEqualHex(reset.codeHash, hmac(secret, `reset:${ctx.user.id}:${input.code}`))) {
        const attempts = reset.attempts + 1;
        await tx
          .update(passwordResets)
          .set({ attempts, usedAt: attempts >= MAX_RESET_TRIES ? now : null })
          .where(eq(passwordResets.id, reset.id));
        return false;
      }
      await tx.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.id, reset.id));
      await tx
        .update(users)
        .set({ passwordHash: newHash, mustChangePassword: false, passwordChangedAt: now, updatedAt: now })
        .where(eq(users.id, ctx.user.id));
      await revokeAllOfUser(tx, ctx.user.id, now);
      // The owner proved control of the mailbox: every sign-in limit of the account is released.
      await throttle.record(tx, ctx.user.username, meta.ip, true, 'password_reset', now);
      await throttle.release(tx, ctx.user.username);
      await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'auth.password_reset', target: ctx.user.username }, meta);
      return true;
    });
    if (!ok) throw new ApiError(ErrorCode.RESET_CODE_INVALID);
  }

  /** `captcha`: the public form checks the captcha; the signed-in form does not. */
  async changePassword(input: ChangePasswordRequest, meta: RequestMeta, captcha = true): Promise<void> {
    const { db, throttle } = this.d;
    const now = new Date();
    if (!isValidPassword(input.newPassword)) throw new ApiError(ErrorCode.PASSWORD_RULE);
    if (captcha) await this.checkCaptcha(input.captchaId, input.captcha, input.username, meta, now);
    const ctx = await this.verifyCredentials(input.username, input.oldPassword, meta, now);
    if (isBlocked(ctx)) {
      await db.transaction((tx) => throttle.record(tx, input.username, meta.ip, false, 'account_locked', now));
      throw new ApiError(ErrorCode.ACCOUNT_LOCKED);
    }
    if (input.newPassword === input.oldPassword) throw new ApiError(ErrorCode.PASSWORD_RULE, { reason: 'sameAsOld' });
    const newHash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash: newHash, mustChangePassword: false, passwordChangedAt: now, updatedAt: now })
        .where(eq(users.id, ctx.user.id));
      await revokeAllOfUser(tx, ctx.user.id, now);
      await throttle.record(tx, input.username, meta.ip, true, 'success', now);
      await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'auth.password_changed', target: ctx.user.username }, meta);
    });
  }

  private async checkCaptcha(id: string, answer: string, username: string, meta: RequestMeta, now: Date): Promise<void> {
    if (!this.d.settings.CAPTCHA) return;
    const ok = await this.d.db.transaction(async (tx) => {
      const good = await this.d.captcha.check(tx, id, answer, now);
      if (!good) await this.d.throttle.record(tx, username, meta.ip, false, 'captcha', now);
      return good;
    });
    if (!ok) throw new ApiError(ErrorCode.CAPTCHA_INVALID);
  }

  /** Throttled password check shared by login and change-password: the try is counted before the check. */
  private async verifyCredentials(username: string, password: string, meta: RequestMeta, now: Date): Promise<UserContext> {
    const { db, throttle } = this.d;
    const begun = await throttle.begin(db, username, meta.ip, now);
    if ('refused' in begun) {
      await throttle.record(db, username, meta.ip, false, begun.refused.kind === 'locked' ? 'locked' : 'throttled', now);
      throw verdictError(begun.refused);
    }
    const ctx = await loadUserByUsername(db, username);
    let ok = false;
    if (ctx) ok = await verifyPassword(ctx.user.passwordHash, password);
    else await burnVerification(password);
    if (ctx && ok) {
      await throttle.succeeded(db, begun.ticket);
      return ctx;
    }
    const after = throttle.failed(begun.ticket, now);
    await db.transaction(async (tx) => {
      await throttle.record(tx, username, meta.ip, false, ctx ? 'bad_password' : 'unknown_user', now);
      if (after.kind === 'locked') await throttle.record(tx, username, meta.ip, false, 'lockout_user', now);
      if (after.kind === 'locked' && ctx) {
        await writeAudit(
          tx,
          { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'auth.lockout', target: ctx.user.username, detail: { lockedUntil: after.lockedUntil.toISOString() } },
          meta,
        );
      }
    });
    throw after.kind === 'ok' ? new ApiError(ErrorCode.INVALID_CREDENTIALS) : verdictError(after);
  }

  /** A stable, plausible mask for a user name that has no mailbox here. */
  private decoyMask(username: string): string {
    const domains = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com'];
    const h = hmac(this.d.secret, `mask:${username.toLowerCase()}`);
    const domain = domains[parseInt(h.slice(0, 2), 16) % domains.length];
    return maskEmail(`${username.toLowerCase()}@${domain}`);
  }
}

function resetMail(to: string, fullName: string, code: string, minutes: number, lang: Language) {
  if (lang === 'en') {
    return {
      to,
      subject: 'Your password reset code',
      body: `Hello ${fullName},\n\nYour password reset code is ${code}. It is valid for ${minutes} minutes.\nIf you did not ask for it, ignore this e-mail.`,
    };
  }
  return {
    to,
    subject: 'Mã xác minh đặt lại mật khẩu',
    body: `Xin chào ${fullName},\n\nMã xác minh đặt lại mật khẩu của bạn là ${code}, có hiệu lực trong ${minutes} phút.\nNếu bạn không yêu cầu, hãy bỏ qua email này.`,
  };
}

/** Ending every sign-in of a user (locking, password resets by an administrator). */
export { revokeAllOfUser } from './sessions';
/** The captcha, for other public forms (the B2C storefront's orders check the same captchas as sign-in). */
export { CaptchaService } from './captcha';
