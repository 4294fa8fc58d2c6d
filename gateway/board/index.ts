/** The board module: the airport board of electronic-board/{place}, from the suppliers' timetables and the gateway clock. */
import type { GatewayModule } from '../platform/module';
import { registerBoardRoutes } from './routes';

export const boardModule: GatewayModule = {
  name: 'board',
  register(app, ctx) {
    registerBoardRoutes(app, ctx.access, { suppliers: ctx.suppliers, clock: ctx.clock });
  },
};
