/** The desk module: support requests to the provider about a booking, and the reminders of holds near their time limit. */
import type { GatewayModule } from '../platform/module';
import { registerDeskRoutes } from './routes';

export const deskModule: GatewayModule = {
  name: 'desk',
  register(app, ctx) {
    registerDeskRoutes(app, ctx.access, { notifier: ctx.notifier, clock: ctx.clock });
  },
};
