/**
 * The transport of the public sign-in calls (captcha, sign-in, the connection check, the forgotten and the
 * changed password): the browser's fetch with the same envelope as the signed-in axios client (envelope.ts:
 * headers, sealed body, Version and Time of every answer, the contract errors, the time-setup redirect), so
 * the sign-in page's first JS carries no axios. These calls never show the loading overlay, never refresh a
 * token and never send the user away on a 401 / 403: their own screens show those answers.
 */
import { REQUEST_TIMEOUT_MS } from '../../contract/constants';
import { answerError, envelopeHeaders, isSealed, networkFailure, readAnswerHeaders, redirectAfter, sealBody } from './envelope';
import type { ApiError } from './errors';

export interface PublicCallOptions {
  /** Query parameters (undefined ones are left out). */
  params?: Record<string, string | number | boolean | undefined>;
  /** The body of a non-GET call, sealed before it is sent. */
  body?: unknown;
  /** ms; the client's 120 s by default. */
  timeout?: number;
  /** No network-failure toast (background checks such as the live-connection ping). */
  silent?: boolean;
}

const base = (): string => import.meta.env.VITE_API_BASE ?? '';

function urlOf(path: string, params: PublicCallOptions['params']): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) if (value !== undefined) query.append(key, String(value));
  const search = query.toString();
  return `${base()}${path}${search ? `?${search}` : ''}`;
}

/** The answer's body: JSON when it parses, else the text as it came (as the axios client does). */
async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One public call; resolves with the answer's body, rejects with an ApiError. */
export async function publicCall<T>(method: 'GET' | 'POST', path: string, options: PublicCallOptions = {}): Promise<T> {
  const headers = envelopeHeaders();
  let body: string | undefined;
  if (isSealed(method, options.body)) {
    body = JSON.stringify(sealBody(options.body));
    headers['Content-Type'] = 'application/json';
  }
  const timeout = options.timeout ?? REQUEST_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  let response: Response;
  let data: unknown;
  try {
    response = await fetch(urlOf(path, options.params), { method, headers, body, signal: controller.signal });
    data = await bodyOf(response);
  } catch {
    throw networkFailure(controller.signal.aborted ? `timeout of ${timeout}ms exceeded` : 'Network Error', options.silent);
  } finally {
    clearTimeout(timer);
  }
  readAnswerHeaders((name) => response.headers.get(name) ?? undefined);
  if (response.ok) return data as T;
  const error: ApiError = answerError(response.status, data, `Request failed with status code ${response.status}`);
  redirectAfter(error, true);
  throw error;
}
