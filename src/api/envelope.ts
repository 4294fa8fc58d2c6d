/**
 * The envelope of every gateway call (spec points 7 and 8), apart from how the bytes travel: the request
 * headers (authorization, tsp = the encrypted server-adjusted timestamp, Client-Type, X-Language, X-Pin), the
 * sealed body, the Version and Time headers of every answer, the contract error of a failed answer and where
 * it sends the user. Written once, used by the two transports: the axios client of the signed-in portal
 * (client.ts) and the small fetch client of the public sign-in pages (public-client.ts), which must not carry
 * axios in their first JS.
 *
 * This module knows no React: navigation and toasts go through the bus.
 */
import { CLIENT_TYPE, CLIENT_VERSION, HEADERS } from '../../contract/constants';
import { ErrorCode, type ApiErrorBody } from '../../contract/errors';
import { API } from '../../contract/paths';
import { nextTspValue } from '../../contract/tsp';
import { navigate, showToast } from './bus';
import { encrypt, seal } from './cipher';
import { ApiError } from './errors';
import { tr } from '../i18n/translate';
import { clearAuth, getAccessToken, getDiff, getLanguage, setDiff } from '../auth/storage';
import { resetPermissions } from '../auth/permissions-store';
import type { Envelope } from '../../contract/crypto';

/** The header carrying the PIN code (encryptWithSecret(pin, salt)) when the gateway asked for it (code 120). */
export const PIN_HEADER = 'X-Pin';

export const NETWORK_ERROR_TEXT = 'Kết nối tới server không ổn định. Vui lòng thử lại sau !!!';
export const NEW_VERSION_TEXT = 'Hệ thống đã có bản cập nhật mới. Vui lòng tải lại trang để lấy bản cập nhật hoặc nhấn vào đây';
export const NETWORK_TOAST_MS = 5000;

/** Paths that are public sign-in calls: their 401 / 403 answers are shown by their own screens. */
export const PUBLIC_AUTH_PATHS: readonly string[] = [API.login, API.captcha, API.logout, API.forgotPassword, API.verifyReset, API.changePassword, API.ping];

/** The reload flag of spec point 8: set once an answer carried another Version than this client's. */
export const versionState = { reload: false };

export function isReloadNeeded(): boolean {
  return versionState.reload;
}

export function pathOf(url: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url, 'http://x').pathname;
  } catch {
    return url;
  }
}

/** The headers every request carries; `token` is the access token it is sent with (null: none). */
export function envelopeHeaders(token: string | null = getAccessToken(), pin?: string): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADERS.tsp]: encrypt(String(nextTspValue(Date.now() + getDiff()))),
    [HEADERS.clientType]: CLIENT_TYPE,
    [HEADERS.language]: getLanguage(),
  };
  if (token) headers[HEADERS.authorization] = `Bearer ${token}`;
  if (pin) headers[PIN_HEADER] = pin;
  return headers;
}

/** Whether a request's body is sealed: every body but GET / HEAD and multipart uploads. */
export function isSealed(method: string, body: unknown): boolean {
  const m = method.toLowerCase();
  return m !== 'get' && m !== 'head' && !(typeof FormData !== 'undefined' && body instanceof FormData);
}

/** The sealed body of a request ({ data: ciphertext }). */
export function sealBody(body: unknown): Envelope {
  return seal(body);
}

/** Learns the clock difference from Time and checks Version, on every answer (success or error). */
export function readAnswerHeaders(header: (name: string) => string | undefined): void {
  const time = Number(header(HEADERS.time));
  if (Number.isFinite(time) && time > 0) setDiff(time - Date.now());
  const version = header(HEADERS.version);
  if (version !== undefined && version !== CLIENT_VERSION && !versionState.reload) {
    versionState.reload = true;
    showToast({ type: 'info', timeout: 0, action: 'reload', description: tr('shell.version.updated', NEW_VERSION_TEXT) });
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).code === 'number';
}

/**
 * The error of an answer with an error status: the contract's code, message and data when the body has them. The
 * message is the gateway's own words for this refusal when it gave them (`data.message`: "PNR đã xuất vé: không
 * tính lại giá được…"), else the code's general text ("Yêu cầu xung đột với một yêu cầu trước đó."): every screen
 * that shows `error.message` shows why, and the code and data are still there for screens that decide on them.
 */
export function answerError(status: number, body: unknown, fallbackMessage: string): ApiError {
  if (isErrorBody(body)) {
    const specific = body.data?.message;
    return new ApiError((typeof specific === 'string' && specific.trim()) || body.message || '', status, body.code, body.data);
  }
  return new ApiError(fallbackMessage || `HTTP ${status}`, status, null);
}

/** No answer came back (network failure, time-out): the toast of spec point 8 unless the call is silent. */
export function networkFailure(message: string, silent = false): ApiError {
  if (!silent) showToast({ type: 'error', timeout: NETWORK_TOAST_MS, description: tr('shell.errors.network', NETWORK_ERROR_TEXT) });
  return new ApiError(message || 'Network Error', 0, null, undefined, true);
}

/** Clears the session and sends the user to /login. */
export function endSession(): void {
  clearAuth();
  resetPermissions();
  navigate('/login', { replace: true });
}

/**
 * Where an error answer sends the user, once the token refresh and the PIN (the signed-in client's own) are
 * out of the way: a 401 ends the session and a 403 opens /not-allow (or /change-password, code 55), except on
 * the public sign-in calls, whose screens show them; a refused clock (code 42) opens the time-setup page.
 */
export function redirectAfter(error: ApiError, publicCall: boolean): void {
  if (error.status === 401) {
    if (!publicCall) endSession();
    return;
  }
  if (error.status === 403) {
    if (!publicCall) navigate(error.code === ErrorCode.PASSWORD_CHANGE_REQUIRED ? '/change-password' : '/not-allow');
    return;
  }
  if (error.code === ErrorCode.TIME_SKEW) navigate('/time-setup-instruction');
}
