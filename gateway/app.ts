/**
 * The gateway application: protocol hooks, error mapping, authentication and casbin authorization of every
 * endpoint (platform/), then the modules of modules.ts, each handed the one shared context, then the
 * documentation and the static portal. `buildApp` does not listen, so tests drive it with `app.inject`.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { Util } from 'casbin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { endpointPolicies, createEnforcer } from '../policies/enforcer';
import { MODULES } from './modules';
import { notifier } from './notifications/service';
import { installRouteGuard, type AccessDeps } from './platform/access/endpoint';
import { TokenSigner } from './platform/access/tokens';
import { systemClock, type Clock } from './platform/clock';
import type { Db } from './platform/db/client';
import { resolveJwtSecret } from './platform/db/secrets';
import { installSignedInCache } from './platform/access/signed-in-cache';
import { DOCS_PREFIX, registerDocs, registerOpenApiRoute } from './platform/http/docs';
import { installSecurityHeaders } from './platform/http/headers';
import { installErrorHandler, installResponseHeaders, languageOf, requestIdOf } from './platform/http/protocol';
import { registerStatic } from './platform/http/static';
import { registerMemoryDiagnostics } from './platform/http/memory';
import { ledger } from './platform/ledger';
import type { GatewayContext } from './platform/module';
import { Shared } from './platform/shared';
import { createReliability, startReliability, type ReliabilityOptions } from './platform/reliability';
import type { Settings } from './settings';
import { createSupplierRegistry, setDraftCacheBytes, setDraftCacheSize, type SupplierRegistry } from './suppliers';

export interface BuildAppOptions {
  settings: Settings;
  db: Db;
  /** Fastify logger options, or false for none (tests). Defaults to JSON logs at LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** A ready logger instance (overrides `logger`). */
  loggerInstance?: FastifyBaseLogger;
  /** Source of captcha texts; tests give a known one. */
  captchaText?: () => string;
  /** The time source (default the system clock); tests move it. */
  clock?: Clock;
  /** The supply (default built from settings.SUPPLIERS); tests give one with a failing adapter. */
  suppliers?: SupplierRegistry;
  /** Recovery and outbox rounds (platform/reliability; tests drive them by hand with everyMs 0). */
  reliability?: ReliabilityOptions;
}

/** Two endpoint paths of one method where one pattern matches the other would let casbin mix their rules. */
function assertUnambiguous(): void {
  const lines = endpointPolicies();
  for (const [, a, am] of lines) {
    for (const [, b, bm] of lines) {
      if (a !== b && am === bm && Util.keyMatch2Func(a, b)) {
        throw new Error(`Endpoint paths "${am} ${a}" and "${bm} ${b}" overlap; give them distinct paths`);
      }
    }
  }
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { settings, db } = options;
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : {
          logger: options.logger ?? {
            level: settings.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.tsp'],
          },
        }),
    genReqId: (req) => requestIdOf(req.headers),
    trustProxy: settings.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // perf-mem: the bound of the simulated offers' drafts cache (a process-wide cache)
  setDraftCacheSize(settings.OFFER_DRAFT_CACHE_SIZE);
  // gw-mem3: and its bound in bytes
  setDraftCacheBytes(settings.OFFER_DRAFT_CACHE_MB * 1024 * 1024);
  const secret = await resolveJwtSecret(db, settings.JWT_SECRET);
  // gw-search4: on PGlite the per-request sign-in check from memory, emptied by the writes it depends on
  await installSignedInCache(db);
  assertUnambiguous();
  const enforcer = await createEnforcer(endpointPolicies());
  const signer = new TokenSigner(secret, settings.ACCESS_TOKEN_TTL);
  const access: AccessDeps = { db, cipher: { key: settings.AES_KEY, iv: settings.AES_IV }, signer, enforcer };
  const reliability = createReliability(db, options.reliability);
  const ctx: GatewayContext = {
    settings,
    db,
    enforcer,
    access,
    secret,
    clock: options.clock ?? systemClock,
    suppliers: options.suppliers ?? createSupplierRegistry(settings.SUPPLIERS),
    ledger,
    notifier,
    shared: new Shared(),
    captchaText: options.captchaText,
    reliability,
  };

  app.decorateRequest('auth', null);
  app.decorateRequest('lang', 'vi');
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = languageOf(request);
    done();
  });
  installRouteGuard(app, [DOCS_PREFIX]);
  installSecurityHeaders(app, DOCS_PREFIX);
  installResponseHeaders(app, settings.APP_VERSION);
  installErrorHandler(app);

  await registerDocs(app, settings.APP_VERSION);
  const names = new Set<string>();
  for (const module of MODULES) {
    if (names.has(module.name)) throw new Error(`Gateway module "${module.name}" is listed twice`);
    names.add(module.name);
    await module.register(app, ctx);
  }
  await startReliability(app, db, reliability);
  registerOpenApiRoute(app);
  if (settings.MEMORY_DIAGNOSTICS === 'on') registerMemoryDiagnostics(app);
  await registerStatic(app, settings.STATIC_DIR, settings.LOCALES_DIR);

  await app.ready();
  return app;
}
