/** The accounting module: the agency deposit, its ledger entries, top-up requests and the deposit report. */
import type { GatewayModule } from '../platform/module';
import { registerAccountingRoutes } from './routes';

export const accountingModule: GatewayModule = {
  name: 'accounting',
  register(app, ctx) {
    registerAccountingRoutes(app, ctx.access, ctx.notifier);
  },
};
