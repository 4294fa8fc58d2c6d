/**
 * The http client of the portal (spec points 7 and 8): every request carries authorization, tsp (the
 * encrypted server-adjusted timestamp), Client-Type and X-Language; every non-GET body is sealed; the
 * Version and Time headers of every answer are read; the error catalogue is applied here, once.
 *
 * This module knows no React: navigation, toasts, the PIN dialog and the loading overlay go through the bus.
 */
import axios, { AxiosHeaders, type AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { CLIENT_TYPE, CLIENT_VERSION, HEADERS, REQUEST_TIMEOUT_MS } from '../../contract/constants';
import { ErrorCode } from '../../contract/errors';
import { API } from '../../contract/paths';
import { nextTspValue } from '../../contract/tsp';
import type { RefreshResult } from '../../contract/auth';
import { beginLoading, emit, endLoading, listenerCount, navigate, showToast } from './bus';
import { encrypt, encryptWithSecret, seal } from './cipher';
import { ApiError, toApiError } from './errors';
import { tr } from '../i18n/translate';
import { clearAuth, getAccessToken, getDiff, getLanguage, getRefreshToken, getSalt, saveRefresh, setDiff, setSalt } from '../auth/storage';
import { resetPermissions, setPermissions } from '../auth/permissions-store';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Show the global loading overlay while the call runs (default: true for non-GET calls). */
    overlay?: boolean;
    /** Public auth calls: a 401 / 403 answer does not send the user to /login or /not-allow. */
    skipAuthRedirect?: boolean;
    /** No network-failure toast (background checks such as the live-connection ping). */
    silent?: boolean;
    /** @internal the original (unsealed) body, kept so a repeated request is sealed afresh. */
    _body?: { value: unknown };
    /** @internal the access token the request was sent with. */
    _token?: string | null;
    /** @internal the request was already repeated after a token refresh. */
    _retried?: boolean;
    /** @internal this is the refresh call itself. */
    _refresh?: boolean;
    /** @internal the encrypted PIN to send in X-Pin. */
    _pin?: string;
    /** @internal the overlay counter was raised for this request. */
    _overlayOn?: boolean;
  }
}

/** The header carrying the PIN code (encryptWithSecret(pin, salt)) when the gateway asked for it (code 120). */
export const PIN_HEADER = 'X-Pin';

export const NETWORK_ERROR_TEXT = 'Kết nối tới server không ổn định. Vui lòng thử lại sau !!!';
export const NEW_VERSION_TEXT = 'Hệ thống đã có bản cập nhật mới. Vui lòng tải lại trang để lấy bản cập nhật hoặc nhấn vào đây';
export const NETWORK_TOAST_MS = 5000;

/** Paths that are public sign-in calls: their 401 / 403 answers are shown by their own screens. */
const PUBLIC_AUTH_PATHS: readonly string[] = [API.login, API.captcha, API.logout, API.forgotPassword, API.verifyReset, API.changePassword, API.ping];

/** The reload flag of spec point 8: set once an answer carried another Version than this client's. */
export const versionState = { reload: false };

export function isReloadNeeded(): boolean {
  return versionState.reload;
}

function pathOf(url: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url, 'http://x').pathname;
  } catch {
    return url;
  }
}

function readHeader(headers: unknown, name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof AxiosHeaders) {
    const v = headers.get(name);
    return v === null || v === undefined ? undefined : String(v);
  }
  const record = headers as Record<string, unknown>;
  const v = record[name] ?? record[name.toLowerCase()];
  return v === undefined || v === null ? undefined : String(v);
}

/** Learns the clock difference from Time and checks Version, on every answer (success or error). */
function readAnswerHeaders(headers: unknown): void {
  const time = Number(readHeader(headers, HEADERS.time));
  if (Number.isFinite(time) && time > 0) setDiff(time - Date.now());
  const version = readHeader(headers, HEADERS.version);
  if (version !== undefined && version !== CLIENT_VERSION && !versionState.reload) {
    versionState.reload = true;
    showToast({ type: 'info', timeout: 0, action: 'reload', description: tr('shell.version.updated', NEW_VERSION_TEXT) });
  }
}

/** Clears the session and sends the user to /login. */
function endSession(): void {
  clearAuth();
  resetPermissions();
  navigate('/login', { replace: true });
}

let pendingPin: Promise<string | null> | null = null;

/** Opens the PIN dialog (one for all concurrent requests) and waits for the PIN, null when cancelled. */
export function askPin(salt: string, invalid: boolean): Promise<string | null> {
  if (listenerCount('pin') === 0) return Promise.resolve(null);
  pendingPin ??= new Promise<string | null>((resolve) => {
    emit('pin', { salt, invalid, resolve });
  }).finally(() => {
    pendingPin = null;
  });
  return pendingPin;
}

export interface ApiClient extends AxiosInstance {
  /** The single-flight token refresh: concurrent callers share one call. Resolves true on success. */
  refreshTokens(): Promise<boolean>;
}

export function createApiClient(baseURL = import.meta.env.VITE_API_BASE ?? ''): ApiClient {
  const instance = axios.create({ baseURL, timeout: REQUEST_TIMEOUT_MS }) as ApiClient;

  let refreshing: Promise<boolean> | null = null;

  async function doRefresh(): Promise<boolean> {
    const accessToken = getAccessToken();
    const refreshToken = getRefreshToken();
    if (!accessToken || !refreshToken) return false;
    try {
      const { data } = await instance.post<RefreshResult>(
        API.refreshToken,
        { accessToken, refreshToken, channel: CLIENT_TYPE },
        { _refresh: true, skipAuthRedirect: true, overlay: false },
      );
      if (!data || typeof data.accessToken !== 'string' || typeof data.refreshToken !== 'string') return false;
      saveRefresh(data);
      if (Array.isArray(data.permissions)) setPermissions(data.permissions, false);
      return true;
    } catch {
      return false;
    }
  }

  instance.refreshTokens = () => {
    refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  instance.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toLowerCase();
    const headers = AxiosHeaders.from(config.headers);
    const token = getAccessToken();
    config._token = token;
    if (token) headers.set(HEADERS.authorization, `Bearer ${token}`);
    else headers.delete(HEADERS.authorization);
    headers.set(HEADERS.tsp, encrypt(String(nextTspValue(Date.now() + getDiff()))));
    headers.set(HEADERS.clientType, CLIENT_TYPE);
    headers.set(HEADERS.language, getLanguage());
    if (config._pin) headers.set(PIN_HEADER, config._pin);
    if (method !== 'get' && method !== 'head' && !(typeof FormData !== 'undefined' && config.data instanceof FormData)) {
      config._body ??= { value: config.data };
      config.data = seal(config._body.value);
      headers.set('Content-Type', 'application/json');
    }
    config.headers = headers;
    if (config.overlay ?? (method !== 'get' && method !== 'head')) {
      if (!config._overlayOn) beginLoading();
      config._overlayOn = true;
    }
    return config;
  });

  function settle(config: InternalAxiosRequestConfig | undefined): void {
    if (config?._overlayOn) {
      config._overlayOn = false;
      endLoading();
    }
  }

  instance.interceptors.response.use(
    (response: AxiosResponse) => {
      settle(response.config);
      readAnswerHeaders(response.headers);
      return response;
    },
    async (error: AxiosError) => {
      const config = error.config;
      settle(config);
      if (axios.isCancel(error)) throw error;
      if (!error.response || !config) {
        if (!config?.silent) showToast({ type: 'error', timeout: NETWORK_TOAST_MS, description: tr('shell.errors.network', NETWORK_ERROR_TEXT) });
        throw toApiError(error);
      }
      readAnswerHeaders(error.response.headers);
      const apiError = toApiError(error);
      const { status, code } = apiError;
      const path = pathOf(config.url);
      const publicCall = config.skipAuthRedirect || PUBLIC_AUTH_PATHS.includes(path);

      if (status === 401) {
        if (config._refresh) throw apiError;
        if (code === ErrorCode.TOKEN_EXPIRED && !config._retried) {
          // a request sent with an older token than the current one needs no refresh of its own
          const current = getAccessToken();
          const ok = current && config._token && current !== config._token ? true : await instance.refreshTokens();
          if (ok) {
            config._retried = true;
            return instance.request(config);
          }
          endSession();
          throw apiError;
        }
        // other 401 answers end the session, except on the public sign-in calls (wrong password at login...)
        if (!publicCall) endSession();
        throw apiError;
      }

      if (status === 403) {
        if (code === ErrorCode.PIN_REQUIRED || (code === ErrorCode.PIN_INVALID && config._pin)) {
          const salt = typeof apiError.data?.salt === 'string' ? apiError.data.salt : getSalt();
          if (salt) {
            setSalt(salt);
            const pin = await askPin(salt, code === ErrorCode.PIN_INVALID);
            if (pin) {
              config._pin = encryptWithSecret(pin, salt);
              return instance.request(config);
            }
          }
          throw apiError;
        }
        if (!publicCall) navigate(code === ErrorCode.PASSWORD_CHANGE_REQUIRED ? '/change-password' : '/not-allow');
        throw apiError;
      }

      if (code === ErrorCode.TIME_SKEW) navigate('/time-setup-instruction');
      throw apiError;
    },
  );

  return instance;
}

/** The one client of the portal. */
export const api: ApiClient = createApiClient();

export { ApiError };
