/**
 * The one way to register an /api or /auth endpoint. It looks up the endpoint's rule in
 * policies/endpoints.ts (a missing rule stops the start), and attaches, in order:
 *   onRequest     tsp check (except the few endpoints a client calls before it knows the server clock),
 *                 then for non-public endpoints the access token, the (user, tsp) replay check and the
 *                 casbin check of the rule;
 *   preValidation canonical path ids, then the `{ data }` envelope of non-GET bodies, decrypted before zod
 *                 validates the body; query and body strings without control characters and with dates in range
 *                 (http/input.ts), all 400/41.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Enforcer } from 'casbin';
import { serializerCompiler as zodSerializerCompiler, validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Language } from '../../../contract/constants';
import { ErrorCode } from '../../../contract/errors';
import { apiErrorBody } from '../../../contract/system';
import { allowed } from '../../../policies/enforcer';
import { ENDPOINT_RULES, endpointKey, type EndpointRule } from '../../../policies/endpoints';
import type { RequestMeta } from '../audit';
import type { CipherSettings } from '../../../contract/crypto';
import type { Db } from '../db/client';
import { checkSignedIn } from './signed-in';
import { tokenFromHeader, type TokenSigner } from './tokens';
import { isBlocked, type UserContext } from '../tenancy/users';
import { ApiError } from '../http/errors';
import { checkTimestamp, openEnvelope } from '../http/protocol';
import { checkPathIds, checkStrings } from '../http/input';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of a non-public endpoint (null elsewhere). */
    auth: UserContext | null;
    lang: Language;
  }
  interface FastifyContextConfig {
    /** Set by defineEndpoint only; the onRoute guard refuses /api and /auth routes without it. */
    endpoint?: { key: string; rule: EndpointRule; tsp: boolean };
  }
}

/**
 * Endpoints called without a tsp header: the captcha and ping come before the client knows the clock skew;
 * uploaded files are fetched by the browser itself (<img src>), which sends no headers of ours.
 */
export const TSP_EXEMPT: ReadonlySet<string> = new Set(['GET /api/auth/captcha', 'GET /api/ping', 'GET /api/uploads/:id']);

export interface AccessDeps {
  db: Db;
  cipher: CipherSettings;
  signer: TokenSigner;
  enforcer: Enforcer;
}

/**
 * Reads and checks the access token, then the user's current state in the database and, when the request sent a
 * tsp (`sent`), claims its (user, tsp) pair: one statement (access/signed-in.ts). A replayed pair is 400/42.
 */
export async function authenticate(deps: AccessDeps, request: FastifyRequest, sent: number | null = null): Promise<UserContext> {
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) throw new ApiError(ErrorCode.UNAUTHENTICATED);
  const claims = await deps.signer.verify(token);
  const { ctx, alive, fresh } = await checkSignedIn(deps.db, claims, sent);
  if (!ctx || ctx.agency.id !== claims.agencyId || isBlocked(ctx)) throw new ApiError(ErrorCode.UNAUTHENTICATED);
  if (!alive) throw new ApiError(ErrorCode.UNAUTHENTICATED);
  // a (user, tsp) pair is accepted once (access/replay.ts)
  if (sent !== null && !fresh) throw new ApiError(ErrorCode.TIME_SKEW, { reason: 'skew', serverTime: Date.now() });
  return ctx;
}

type Method = Extract<HTTPMethods, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerContext<B, Q, P = undefined> {
  body: B;
  query: Q;
  /** The path parameters, validated by the endpoint's `params` schema. */
  params: P;
  /** The signed-in user; non-null on every non-public endpoint. */
  auth: UserContext | null;
  lang: Language;
  meta: RequestMeta;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface EndpointSpec<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  R extends z.ZodType,
  P extends z.ZodType | undefined = undefined,
> {
  method: Method;
  url: string;
  summary: string;
  description?: string;
  tags: string[];
  body?: B;
  query?: Q;
  params?: P;
  response: R;
  /** Raises the body limit of this endpoint only (bytes; the app default is 1 MiB). */
  bodyLimit?: number;
  /**
   * Sends the 200 answer with plain JSON.stringify instead of checking it against `response` first (which
   * stays the documented schema). Only for large, hot answers built solely from data the gateway already
   * typed and tested to the contract (flight search polls: checking ~100 offers × 16 fare classes cost more
   * than the search itself). The handler must then return exactly the schema's fields.
   */
  uncheckedResponse?: boolean;
  handler: (ctx: HandlerContext<Out<B>, Out<Q>, Out<P>>) => Promise<z.output<R>>;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, requestId: request.id, userAgent: typeof ua === 'string' ? ua : null };
}

/** `uncheckedResponse`: the 200 answer as plain JSON, every other status through zod as usual. */
const uncheckedOkSerializer = (route: Parameters<typeof zodSerializerCompiler>[0]) =>
  (route.httpStatus === '200' ? (data: unknown) => JSON.stringify(data) : zodSerializerCompiler(route));

/**
 * The headers schema documents `tsp`, `authorization` and `x-language`; it is not parsed per request: the onRequest
 * hook has checked the first two before validation runs (codes 42 and 19), and the language is read leniently
 * (`languageOf`), so the parse could never fail and only copied every header into a new object. The query, path
 * and body are validated by zod as before.
 */
const documentedHeaders = (route: Parameters<typeof zodValidatorCompiler>[0]) =>
  (route.httpPart === 'headers' ? (value: unknown) => ({ value }) : zodValidatorCompiler(route));

const ENVELOPE_NOTE =
  'The body travels encrypted: the request sends `{"data": "<base64 AES-256-CBC/Pkcs7 of this JSON>"}` ' +
  '(contract/crypto.ts seal()). The schema below is the decrypted body.';

export function defineEndpoint<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = undefined,
>(app: FastifyInstance, deps: AccessDeps, spec: EndpointSpec<B, Q, R, P>): void {
  const key = endpointKey(spec.method, spec.url);
  const rule = ENDPOINT_RULES[key];
  if (!rule) throw new Error(`No permission rule for endpoint "${key}" in policies/endpoints.ts`);
  const tsp = !TSP_EXEMPT.has(key);
  const hasBody = spec.method !== 'GET' && spec.method !== 'DELETE';

  // Documentation of the headers; the hooks check them first (with codes 42 and 19), so validation never fails on them.
  const headers = z.looseObject({
    ...(tsp ? { tsp: z.string().describe('Encrypted epoch milliseconds of the client clock (±5 minutes).') } : {}),
    ...(rule.public ? {} : { authorization: z.string().describe('The access token, raw or as `Bearer <token>`.') }),
    'x-language': z.string().optional().describe('Language of messages: vi (default) or en.'),
  });

  const description = [spec.description, hasBody ? ENVELOPE_NOTE : undefined, `Permission rule: \`${rule.rule}\`${rule.public ? ' (public)' : ''}.`]
    .filter(Boolean)
    .join('\n\n');

  // Types come from EndpointSpec; zod validates and serializes at run time (validatorCompiler / serializerCompiler).
  app.route({
    method: spec.method,
    url: spec.url,
    exposeHeadRoute: false,
    config: { endpoint: { key, rule, tsp } },
    validatorCompiler: documentedHeaders as never,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    ...(spec.uncheckedResponse
      // the route's own compiler gets the route's schema type; it only reads httpStatus before handing over to zod
      ? { serializerCompiler: uncheckedOkSerializer as never }
      : {}),
    schema: {
      summary: spec.summary,
      description,
      tags: spec.tags,
      headers,
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      response: { 200: spec.response, '4xx': apiErrorBody, '5xx': apiErrorBody },
      ...(rule.public ? {} : { security: [{ accessToken: [] }] }),
    },
    onRequest: async (request) => {
      const sent = tsp ? checkTimestamp(request, deps.cipher) : null;
      if (rule.public) return;
      const ctx = await authenticate(deps, request, sent);
      request.auth = ctx;
      const path = request.routeOptions.url ?? spec.url;
      if (!(await allowed(deps.enforcer, ctx.permissions, path, spec.method))) throw new ApiError(ErrorCode.FORBIDDEN);
    },
    preValidation: async (request) => {
      checkPathIds(request.params);
      checkStrings(request.query, 'querystring');
      if (hasBody) openEnvelope(request, deps.cipher);
      if (hasBody) checkStrings(request.body, 'body');
    },
    handler: async (request, reply) =>
      spec.handler({
        body: request.body as Out<B>,
        query: request.query as Out<Q>,
        params: request.params as Out<P>,
        auth: request.auth,
        lang: request.lang,
        meta: requestMeta(request),
        request,
        reply,
      }),
  });
}

/** Refuses any /api or /auth route not registered through defineEndpoint (the documentation is exempt). */
export function installRouteGuard(app: FastifyInstance, exemptPrefixes: readonly string[]): void {
  app.addHook('onRoute', (route) => {
    const url = route.url;
    const guarded = url === '/api' || url.startsWith('/api/') || url === '/auth' || url.startsWith('/auth/');
    if (!guarded) return;
    if (exemptPrefixes.some((p) => url === p || url.startsWith(`${p}/`))) return;
    if (!route.config?.endpoint) {
      throw new Error(`Route ${String(route.method)} ${url} is not registered through defineEndpoint (no permission rule)`);
    }
  });
}
