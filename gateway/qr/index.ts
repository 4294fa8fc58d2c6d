/** The QR module: VietQR top-ups, the sub-agencies' QR accounts and bank statement matching. */
import type { GatewayModule } from '../platform/module';
import { registerQrRoutes } from './routes';

export const qrModule: GatewayModule = {
  name: 'qr',
  register(app, ctx) {
    registerQrRoutes(app, ctx.access, ctx.notifier);
  },
};
