/** The eSIM module: the wholesale catalogue, checkout from the deposit, orders, usage, top-ups and refunds. */
import type { GatewayModule } from '../platform/module';
import { registerEsimRoutes } from './routes';

export const esimModule: GatewayModule = {
  name: 'esim',
  register(app, ctx) {
    registerEsimRoutes(app, ctx.access, { secret: ctx.secret, suppliers: ctx.suppliers, clock: ctx.clock });
  },
};
