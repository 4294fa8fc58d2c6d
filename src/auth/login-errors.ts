/** Clear messages for every login error code (contract/errors.ts), in the current language. */
import type { TFunction } from 'i18next';
import { ErrorCode } from '../../contract/errors';
import { formatDateTime } from '../i18n/format';
import { isApiError } from '../api/errors';

export interface LoginFailure {
  message: string;
  /** The captcha must be typed again (it is single-use). */
  refreshCaptcha: boolean;
  /** Go to /change-password (code 55). */
  changePassword?: boolean;
}

/** '2 phút 5 giây' / '2 min 5 s' */
export function formatWait(seconds: number, t: TFunction): string {
  const s = Math.max(0, Math.ceil(seconds));
  const m = Math.floor(s / 60);
  const rest = s % 60;
  if (m === 0) return t('auth.wait.seconds', { count: rest });
  if (rest === 0) return t('auth.wait.minutes', { count: m });
  return `${t('auth.wait.minutes', { count: m })} ${t('auth.wait.seconds', { count: rest })}`;
}

export function loginFailure(error: unknown, t: TFunction): LoginFailure {
  if (!isApiError(error)) return { message: t('auth.errors.unknown'), refreshCaptcha: true };
  if (error.network) return { message: t('shell.errors.network'), refreshCaptcha: false };
  const data = error.data ?? {};
  switch (error.code) {
    case ErrorCode.INVALID_CREDENTIALS:
      return { message: t('auth.errors.invalidCredentials'), refreshCaptcha: true };
    case ErrorCode.CAPTCHA_INVALID:
      return { message: t('auth.errors.captcha'), refreshCaptcha: true };
    case ErrorCode.LOGIN_THROTTLED: {
      const wait = Number(data.retryAfterSeconds);
      return {
        message: Number.isFinite(wait) && wait > 0 ? t('auth.errors.throttledWait', { wait: formatWait(wait, t) }) : t('auth.errors.throttled'),
        refreshCaptcha: true,
      };
    }
    case ErrorCode.LOGIN_LOCKED: {
      const until = formatDateTime(data.lockedUntil as string | number | undefined);
      return { message: until ? t('auth.errors.lockedUntil', { until }) : t('auth.errors.locked'), refreshCaptcha: true };
    }
    case ErrorCode.ACCOUNT_LOCKED:
      return { message: t('auth.errors.accountLocked'), refreshCaptcha: true };
    case ErrorCode.PASSWORD_CHANGE_REQUIRED:
      return { message: t('auth.errors.mustChangePassword'), refreshCaptcha: true, changePassword: true };
    case ErrorCode.TIME_SKEW:
      return { message: t('auth.errors.timeSkew'), refreshCaptcha: true };
    case ErrorCode.VALIDATION:
      return { message: t('auth.errors.validation'), refreshCaptcha: true };
    case ErrorCode.RATE_LIMITED:
      return { message: t('auth.errors.rateLimited'), refreshCaptcha: true };
    case ErrorCode.RESET_CODE_INVALID:
      return { message: t('auth.errors.resetCode'), refreshCaptcha: false };
    case ErrorCode.PASSWORD_RULE:
      return { message: t('auth.errors.passwordRule'), refreshCaptcha: false };
    default:
      return { message: error.message || t('auth.errors.unknown'), refreshCaptcha: true };
  }
}
