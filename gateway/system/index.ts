/** The system module: supplier sign-ins, service fees, reservation errors, ping and health checks. */
import { sql } from 'drizzle-orm';
import type { GatewayModule } from '../platform/module';
import { registerFeeRoutes } from './fees';
import { registerOutboxRoutes } from './outbox';
import { registerReservationErrorRoutes } from './reservation-errors';
import { registerSystemRoutes } from './routes';
import { createSignInService, registerSignInRoutes } from './signins';

export const systemModule: GatewayModule = {
  name: 'system',
  async register(app, ctx) {
    const { db } = ctx;
    registerSignInRoutes(app, ctx.access, await createSignInService(db, ctx.settings.SIGNIN_SECRET_KEY));
    registerFeeRoutes(app, ctx.access);
    registerReservationErrorRoutes(app, ctx.access);
    // reliability: the operators' list of supplier calls still owed
    registerOutboxRoutes(app, ctx.access, ctx.reliability.outbox);
    registerSystemRoutes(app, ctx.access, async () => {
      await db.execute(sql`select 1`);
    });
  },
};
