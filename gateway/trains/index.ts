/** The trains module (spec point 1 Trains): railway search, seats by carriage, holds, bookings, payment, tickets and refunds. */
import type { GatewayModule } from '../platform/module';
import { registerTrainRoutes } from './routes';

export const trainsModule: GatewayModule = {
  name: 'trains',
  register(app, ctx) {
    registerTrainRoutes(app, ctx.access, { secret: ctx.secret, rail: ctx.suppliers.rail(), clock: ctx.clock, timeoutMs: ctx.settings.SUPPLIER_TIMEOUT_MS });
  },
};
