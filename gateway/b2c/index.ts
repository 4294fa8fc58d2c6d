/**
 * The B2C module: the agency's storefront settings, tours and orders (USE_B2C), and the public storefront's
 * API. The storefront page itself (/s/{slug}) is a separate light entry of the portal build, served here.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { STOREFRONT_PREFIX } from '../../contract/b2c';
import { CaptchaService } from '../auth/service';
import type { GatewayModule } from '../platform/module';
import { registerB2cRoutes } from './routes';

/** The storefront page's policy: whatever slipped into a tour body could not run. */
export const STOREFRONT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; connect-src 'self'; " +
  "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export const b2cModule: GatewayModule = {
  name: 'b2c',
  register(app, ctx) {
    const { settings } = ctx;
    const captcha = settings.CAPTCHA ? new CaptchaService(ctx.db, ctx.secret, settings.CAPTCHA_TTL_SECONDS, ctx.captchaText, true) : null;
    registerB2cRoutes(app, ctx.access, ctx.clock, captcha);
    // The storefront page: its own small HTML entry (storefront.html) of the build, for every /s/{slug}/... path.
    const file = 'storefront.html';
    app.get(`${STOREFRONT_PREFIX}*`, async (_request, reply) => {
      if (!existsSync(path.join(settings.STATIC_DIR, file))) return reply.code(503).type('text/plain; charset=utf-8').send('Storefront not built');
      return reply
        .header('Cache-Control', 'no-cache')
        // scripts only from the build; no inline script, no plugin, no framing
        .header('Content-Security-Policy', STOREFRONT_CSP)
        .sendFile(file, settings.STATIC_DIR);
    });
  },
};
