/** The sign-in endpoints (contract/paths.ts, contract/auth.ts) and the signed-in password change. */
import type { FastifyInstance } from 'fastify';
import {
  captchaQuery,
  captchaResponse,
  changePasswordRequest,
  forgotPasswordRequest,
  forgotPasswordResult,
  loginRequest,
  loginResult,
  logoutRequest,
  meResult,
  okResult,
  refreshRequest,
  refreshResult,
  verifyResetRequest,
} from '../../contract/auth';
import { ADMIN_API } from '../../contract/admin-paths';
import { signedInChangePassword } from '../../contract/agents';
import { ErrorCode } from '../../contract/errors';
import { API } from '../../contract/paths';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { ApiError, isApiError } from '../platform/http/errors';
import { requireAuth } from '../platform/tenancy/scope';
import type { CaptchaService } from './captcha';
import type { AuthService } from './service';

export function registerAuthRoutes(app: FastifyInstance, deps: AccessDeps, auth: AuthService, captcha: CaptchaService): void {
  const tags = ['auth'];

  defineEndpoint(app, deps, {
    method: 'GET',
    url: API.captcha,
    tags,
    summary: 'A new captcha image, or its audio alternative',
    description:
      'Single use, valid for 2 minutes, answered case-insensitively in login and forgot-password. With CAPTCHA=off: ' +
      'enabled false, no image, and the forms show no captcha field. kind=audio&lang=vi|en: 5 digits spoken one by ' +
      'one in that language, as a WAV data URL in `audio` (answer = the digits); any other kind or lang is a 400.',
    query: captchaQuery,
    response: captchaResponse,
    handler: async ({ query, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return captcha.create(new Date(), query.kind, query.lang);
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: API.login,
    tags,
    summary: 'Sign in',
    description:
      'Errors: 400/51 captcha wrong, used or expired; 401/50 wrong user name or password; 429/52 slowed after repeated ' +
      'failures (data.retryAfterSeconds); 423/53 locked after more failures (data.lockedUntil); 423/54 locked by an ' +
      'administrator; 403/55 the password must be changed first.',
    body: loginRequest,
    response: loginResult,
    handler: ({ body, meta }) => auth.login(body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: API.refreshToken,
    tags,
    summary: 'New access token (the refresh token rotates)',
    description:
      'The access token may be expired but must be genuine and belong to the refresh token. Errors: 401/20 unknown, ' +
      'expired or mismatching; 401/21 a used refresh token presented again (the whole sign-in is revoked).',
    body: refreshRequest,
    response: refreshResult,
    handler: ({ body, meta }) => auth.refresh(body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: API.logout,
    tags,
    summary: 'Sign out (revokes the sign-in of the refresh token)',
    body: logoutRequest,
    response: okResult,
    handler: async ({ body, meta }) => {
      await auth.logout(body.refreshToken, meta);
      return { ok: true as const };
    },
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: API.me,
    tags,
    summary: 'The signed-in user, its agency and permissions',
    response: meResult,
    handler: async ({ auth: ctx }) => {
      if (!ctx) throw new Error('unreachable: non-public endpoint without a user');
      return auth.me(ctx);
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: API.forgotPassword,
    tags,
    summary: 'E-mail a 6-digit reset code',
    description:
      'An unknown user name gets the same answer (with a stable made-up mask) and no e-mail, so the answer does ' +
      'not tell which user names exist. Error: 400/51 captcha.',
    body: forgotPasswordRequest,
    response: forgotPasswordResult,
    handler: ({ body, meta, lang }) => auth.forgotPassword(body, meta, lang),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: API.verifyReset,
    tags,
    summary: 'Set a new password with the e-mailed code',
    description: 'Errors: 400/56 wrong or expired code (5 tries per code); 400/57 password rule. Ends every sign-in of the user.',
    body: verifyResetRequest,
    response: okResult,
    handler: async ({ body, meta }) => {
      await auth.verifyReset(body, meta);
      return { ok: true as const };
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: API.changePassword,
    tags,
    summary: 'Change the password with the current one',
    description:
      'Needs the captcha and is throttled like sign-in. Errors: 400/51 captcha wrong, used or expired; 401/50 wrong current password; 400/57 password rule or same as the current one; ' +
      '429/52, 423/53, 423/54 as for sign-in. Ends every sign-in of the user.',
    body: changePasswordRequest,
    response: okResult,
    handler: async ({ body, meta }) => {
      await auth.changePassword(body, meta);
      return { ok: true as const };
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ADMIN_API.changePassword,
    tags: ['profile'],
    summary: 'Change one’s password while signed in',
    description:
      'As POST /api/auth/change-password for the signed-in user (throttled; 400/50 wrong current password; 400/57 rule). ' +
      'Ends every sign-in of the user, this one included: the portal signs in again.',
    body: signedInChangePassword,
    response: okResult,
    handler: async ({ auth: ctx, body, meta }) => {
      try {
        // signed in: the access token stands for the captcha
        await auth.changePassword({ username: requireAuth(ctx).user.username, captchaId: '', captcha: '', ...body }, meta, false);
      } catch (e) {
        // A wrong current password must not look like an ended session (401 sends the portal to /login).
        if (isApiError(e) && e.code === ErrorCode.INVALID_CREDENTIALS) throw new ApiError(e.code, e.data, 400);
        throw e;
      }
      return { ok: true as const };
    },
  });
}
