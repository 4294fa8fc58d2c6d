/** The notifications module: the bell's endpoints (other modules notify through ctx.notifier). */
import type { GatewayModule } from '../platform/module';
import { registerNotificationRoutes } from './routes';

export const notificationsModule: GatewayModule = {
  name: 'notifications',
  register(app, ctx) {
    registerNotificationRoutes(app, ctx.access);
  },
};
