/**
 * The http client of the signed-in portal (spec points 7 and 8): the envelope of every call (headers, sealed
 * body, the Version and Time of every answer, the error catalogue) is envelope.ts, shared with the public
 * sign-in pages' fetch client; this axios transport adds what only signed-in calls need: the single-flight
 * token refresh and repeat, the PIN dialog and the loading overlay.
 *
 * This module knows no React: navigation, toasts, the PIN dialog and the loading overlay go through the bus.
 */
import axios, { AxiosHeaders, type AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { CLIENT_TYPE, HEADERS, REQUEST_TIMEOUT_MS } from '../../contract/constants';
import { ErrorCode } from '../../contract/errors';
import { API } from '../../contract/paths';
import type { RefreshResult } from '../../contract/auth';
import { beginLoading, emit, endLoading, listenerCount } from './bus';
import { encryptWithSecret } from './cipher';
import {
  answerError,
  endSession,
  envelopeHeaders,
  isSealed,
  networkFailure,
  pathOf,
  PUBLIC_AUTH_PATHS,
  readAnswerHeaders,
  redirectAfter,
  sealBody,
} from './envelope';
import { ApiError } from './errors';
import { getAccessToken, getRefreshToken, getSalt, saveRefresh, setSalt } from '../auth/storage';
import { setPermissions } from '../auth/permissions-store';

export { isReloadNeeded, NETWORK_ERROR_TEXT, NETWORK_TOAST_MS, NEW_VERSION_TEXT, PIN_HEADER, versionState } from './envelope';

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

/** The ApiError of an axios failure. */
export function toApiError(error: AxiosError): ApiError {
  const response = error.response;
  if (!response) return new ApiError(error.message || 'Network Error', 0, null, undefined, true);
  return answerError(response.status, response.data, error.message);
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
    headers.delete(HEADERS.authorization);
    for (const [name, value] of Object.entries(envelopeHeaders(token, config._pin))) headers.set(name, value);
    if (isSealed(method, config.data)) {
      config._body ??= { value: config.data };
      config.data = sealBody(config._body.value);
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
      readAnswerHeaders((name) => readHeader(response.headers, name));
      return response;
    },
    async (error: AxiosError) => {
      const config = error.config;
      settle(config);
      if (axios.isCancel(error)) throw error;
      if (!error.response || !config) throw networkFailure(error.message, config?.silent);
      const answer = error.response;
      readAnswerHeaders((name) => readHeader(answer.headers, name));
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
        redirectAfter(apiError, publicCall);
        throw apiError;
      }

      if (status === 403 && (code === ErrorCode.PIN_REQUIRED || (code === ErrorCode.PIN_INVALID && config._pin))) {
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

      redirectAfter(apiError, publicCall);
      throw apiError;
    },
  );

  return instance;
}

/** The one client of the portal. */
export const api: ApiClient = createApiClient();

export { ApiError };
