/** The news module: articles (announced through the notifier) and banners. */
import type { GatewayModule } from '../platform/module';
import { registerBannerRoutes } from './banners';
import { registerNewsRoutes } from './news';

export const newsModule: GatewayModule = {
  name: 'news',
  register(app, ctx) {
    registerNewsRoutes(app, ctx.access, ctx.notifier);
    registerBannerRoutes(app, ctx.access);
  },
};
