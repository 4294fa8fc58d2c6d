/** The auth module: captcha, sign-in, token refresh and rotation, password reset and change. */
import type { GatewayModule } from '../platform/module';
import { CaptchaService } from './captcha';
import { registerAuthRoutes } from './routes';
import { AuthService } from './service';
import { LoginThrottle } from './throttle';

export const authModule: GatewayModule = {
  name: 'auth',
  register(app, ctx) {
    const { db, settings, secret } = ctx;
    if (!settings.CAPTCHA) app.log.warn('CAPTCHA=off: sign-in and forgot-password do not check captchas (development only)');
    const captcha = new CaptchaService(db, secret, settings.CAPTCHA_TTL_SECONDS, ctx.captchaText, settings.CAPTCHA, ctx.captchaText);
    const throttle = new LoginThrottle(settings);
    const auth = new AuthService({ db, settings, signer: ctx.access.signer, captcha, throttle, secret });
    registerAuthRoutes(app, ctx.access, auth, captcha);
  },
};
