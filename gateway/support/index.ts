/** The support module: the support contacts of the home panel. */
import type { GatewayModule } from '../platform/module';
import { registerSupportRoutes } from './support';

export const supportModule: GatewayModule = {
  name: 'support',
  register(app, ctx) {
    registerSupportRoutes(app, ctx.access);
  },
};
