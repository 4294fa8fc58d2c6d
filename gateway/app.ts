/**
 * The gateway application: protocol hooks, error mapping, authentication and casbin authorization of every
 * endpoint, the sign-in endpoints, the audit log, documentation and the static portal. `buildApp` does not
 * listen, so tests drive it with `app.inject`.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { Util } from 'casbin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { endpointPolicies, createEnforcer } from '../policies/enforcer';
import { installRouteGuard, type AccessDeps } from './platform/access/endpoint';
import { registerAuditRoutes } from './audit/routes';
import { CaptchaService } from './auth/captcha';
import { registerAuthRoutes } from './auth/routes';
import { AuthService } from './auth/service';
import { LoginThrottle } from './auth/throttle';
import { TokenSigner } from './platform/access/tokens';
import type { Db } from './platform/db/client';
import { resolveJwtSecret } from './platform/db/secrets';
import { DOCS_PREFIX, registerDocs, registerOpenApiRoute } from './platform/http/docs';
import { installErrorHandler, installResponseHeaders, languageOf, requestIdOf } from './platform/http/protocol';
import { registerStatic } from './platform/http/static';
import type { Settings } from './settings';
import { registerSystemRoutes } from './system/routes';
import { registerAgencyRoutes } from './agents/agencies';
import { registerGroupRoutes } from './agents/groups';
import { registerProfileRoutes } from './agents/profile';
import { registerUserRoutes } from './agents/users';
import { registerFeeRoutes } from './system/fees';
import { registerReservationErrorRoutes } from './system/reservation-errors';
import { registerBannerRoutes } from './news/banners';
import { registerNewsRoutes } from './news/news';
import { registerNotificationRoutes } from './notifications/notifications';
import { registerSupportRoutes } from './support/support';
import { registerUploadRoutes } from './uploads/uploads';
import { createSignInService, registerSignInRoutes } from './system/signins';
import { registerFlightRoutes } from './flights/routes';
import { registerAccountingRoutes } from './accounting/routes';
import { registerBookingRoutes } from './bookings/routes';
import { registerLifecycleRoutes } from './bookings/lifecycle-routes';

export interface BuildAppOptions {
  settings: Settings;
  db: Db;
  /** Fastify logger options, or false for none (tests). Defaults to JSON logs at LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** A ready logger instance (overrides `logger`). */
  loggerInstance?: FastifyBaseLogger;
  /** Source of captcha texts; tests give a known one. */
  captchaText?: () => string;
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

  if (!settings.CAPTCHA) app.log.warn('CAPTCHA=off: sign-in and forgot-password do not check captchas (development only)');

  const secret = await resolveJwtSecret(db, settings.JWT_SECRET);
  assertUnambiguous();
  const enforcer = await createEnforcer(endpointPolicies());
  const signer = new TokenSigner(secret, settings.ACCESS_TOKEN_TTL);
  const captcha = new CaptchaService(db, secret, settings.CAPTCHA_TTL_SECONDS, options.captchaText);
  const throttle = new LoginThrottle(settings);
  const auth = new AuthService({ db, settings, signer, captcha, throttle, secret });
  const deps: AccessDeps = { db, cipher: { key: settings.AES_KEY, iv: settings.AES_IV }, signer, enforcer };

  app.decorateRequest('auth', null);
  app.decorateRequest('lang', 'vi');
  app.addHook('onRequest', async (request) => {
    request.lang = languageOf(request);
  });
  installRouteGuard(app, [DOCS_PREFIX]);
  installResponseHeaders(app, settings.APP_VERSION);
  installErrorHandler(app);

  await registerDocs(app, settings.APP_VERSION);
  registerAuthRoutes(app, deps, auth, captcha);
  registerAuditRoutes(app, deps);
  registerGroupRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerAgencyRoutes(app, deps);
  registerProfileRoutes(app, deps, auth);
  registerSignInRoutes(app, deps, await createSignInService(db, settings.SIGNIN_SECRET_KEY));
  registerFeeRoutes(app, deps);
  registerUploadRoutes(app, deps);
  registerNewsRoutes(app, deps);
  registerBannerRoutes(app, deps);
  registerSupportRoutes(app, deps);
  registerNotificationRoutes(app, deps);
  registerReservationErrorRoutes(app, deps);
  const flights = await registerFlightRoutes(app, deps, { settings });
  registerBookingRoutes(app, deps, { sessions: flights.sessions });
  registerLifecycleRoutes(app, deps, { secret, settings });
  registerAccountingRoutes(app, deps);
  registerSystemRoutes(app, deps, async () => {
    await db.execute(sql`select 1`);
  });
  registerOpenApiRoute(app);
  await registerStatic(app, settings.STATIC_DIR, settings.LOCALES_DIR);

  await app.ready();
  return app;
}
