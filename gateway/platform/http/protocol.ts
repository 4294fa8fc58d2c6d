/**
 * The wire protocol of spec point 7, server side: the caller's language, the encrypted timestamp (tsp), the
 * encrypted body envelope, the Version / Time / X-Request-Id headers and the `{ code, message, data }` errors.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HEADERS, TSP_MAX_SKEW_MS, type Language } from '../../../contract/constants';
import type { CipherSettings } from '../../../contract/crypto';
import { ErrorCode, errorMessage, errorStatus, type ApiErrorBody, type ErrorCodeValue } from '../../../contract/errors';
import { openCipherJson, openCipherText } from './envelope-cipher';
import { ApiError, isApiError } from './errors';

/** X-Language: `en…` → en; anything else (or nothing) → vi, the default. */
export function languageOf(request: FastifyRequest): Language {
  const raw = request.headers['x-language'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase() ?? '';
  return value === 'en' || value.startsWith('en-') ? 'en' : 'vi';
}

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it is sane, otherwise a fresh UUID. */
export function requestIdOf(headers: Record<string, string | string[] | undefined>): string {
  const raw = headers['x-request-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && REQUEST_ID_RE.test(value) ? value : randomUUID();
}

/** Checks the tsp header: the encrypted epoch milliseconds of the client, within ±5 minutes; returns them. */
export function checkTimestamp(request: FastifyRequest, cipher: CipherSettings, now: number = Date.now()): number {
  const raw = request.headers[HEADERS.tsp];
  const value = Array.isArray(raw) ? raw[0] : raw;
  const fail = (reason: string) => new ApiError(ErrorCode.TIME_SKEW, { reason, serverTime: now });
  if (!value) throw fail('missing');
  let ms: number;
  try {
    const text = openCipherText(value, cipher);
    if (!/^\d{10,16}$/.test(text)) throw new Error('not a timestamp');
    ms = Number(text);
  } catch {
    throw fail('unreadable');
  }
  if (Math.abs(now - ms) > TSP_MAX_SKEW_MS) throw fail('skew');
  return ms;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Replaces the `{ data }` envelope of a body by the JSON it carries. */
export function openEnvelope(request: FastifyRequest, cipher: CipherSettings): void {
  const body = request.body;
  if (!isRecord(body) || typeof body.data !== 'string') throw new ApiError(ErrorCode.BAD_ENVELOPE, { reason: 'noEnvelope' });
  try {
    request.body = openCipherJson(body.data, cipher);
  } catch {
    throw new ApiError(ErrorCode.BAD_ENVELOPE, { reason: 'undecryptable' });
  }
}

export function errorBody(code: ErrorCodeValue, lang: Language, data?: Record<string, unknown>): ApiErrorBody {
  return data === undefined ? { code, message: errorMessage(code, lang) } : { code, message: errorMessage(code, lang), data };
}

export function sendError(reply: FastifyReply, lang: Language, code: ErrorCodeValue, data?: Record<string, unknown>, status?: number) {
  if (typeof data?.retryAfterSeconds === 'number') reply.header('Retry-After', String(data.retryAfterSeconds));
  return reply.code(status ?? errorStatus[code]).type('application/json; charset=utf-8').send(errorBody(code, lang, data));
}

interface Issue {
  path: string;
  code: string;
  message: string;
}

/** Maps every error to `{ code, message, data? }`; nothing a caller sends produces a 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<Error>((thrown, request, reply) => {
    const lang = request.lang ?? languageOf(request);
    if (isApiError(thrown)) return sendError(reply, lang, thrown.code, thrown.data, thrown.statusCode);
    const error = thrown as Partial<FastifyError> & Error;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: Issue[] = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        code: v.keyword,
        message: v.message ?? '',
      }));
      const where = error.validationContext ?? 'body';
      // The password rule of spec point 5 has its own code.
      if (where === 'body' && issues.length > 0 && issues.every((i) => i.path === 'newPassword')) {
        return sendError(reply, lang, ErrorCode.PASSWORD_RULE, { in: where, issues });
      }
      return sendError(reply, lang, ErrorCode.VALIDATION, { in: where, issues });
    }
    if (typeof error.code === 'string' && error.code.startsWith('FST_ERR_CTP_')) {
      return sendError(reply, lang, ErrorCode.BAD_ENVELOPE, { reason: error.code });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 404) return sendError(reply, lang, ErrorCode.NOT_FOUND);
    if (status === 429) return sendError(reply, lang, ErrorCode.RATE_LIMITED);
    if (status >= 400 && status < 500) return sendError(reply, lang, ErrorCode.VALIDATION, { reason: error.code ?? 'bad request' });
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, lang, ErrorCode.INTERNAL);
  });
}

/** Version, Time and X-Request-Id on every answer, errors and static files included. */
export function installResponseHeaders(app: FastifyInstance, version: string): void {
  const exposed = `${HEADERS.version}, ${HEADERS.time}, ${HEADERS.requestId}`;
  // a callback hook, not an async one: no promise per answer
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(HEADERS.version, version);
    reply.header(HEADERS.time, String(Date.now()));
    reply.header(HEADERS.requestId, request.id);
    reply.header('Access-Control-Expose-Headers', exposed);
    done(null, payload);
  });
}
