/** The shop module: seat allotments the agency holds on flights (reverses-shop/list, reverses-shop/management). */
import { QuoteCache, SEAT_POOLS } from '../bookings/service';
import type { GatewayModule } from '../platform/module';
import { ALLOTMENT_POOL, allotmentSeatReturn } from './reserves';
import { registerShopRoutes } from './routes';

export const shopModule: GatewayModule = {
  name: 'shop',
  register(app, ctx) {
    const now = () => ctx.clock.now();
    // seats of a voided, cancelled or refunded sale come back to their allotment
    const seatPools = ctx.shared.get(SEAT_POOLS);
    seatPools.register(ALLOTMENT_POOL, allotmentSeatReturn(now));
    const lifecycle = { db: ctx.db, suppliers: ctx.suppliers, now, quotes: new QuoteCache(), seatPools };
    registerShopRoutes(app, ctx.access, { db: ctx.db, suppliers: ctx.suppliers, now, lifecycle, secret: ctx.secret });
  },
};
