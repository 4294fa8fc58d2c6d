/** The shop module: seat allotments the agency holds on flights (reverses-shop/list, reverses-shop/management). */
import type { GatewayModule } from '../platform/module';
import { registerShopRoutes } from './routes';

export const shopModule: GatewayModule = {
  name: 'shop',
  register(app, ctx) {
    registerShopRoutes(app, ctx.access, { db: ctx.db, suppliers: ctx.suppliers, now: () => ctx.clock.now() });
  },
};
