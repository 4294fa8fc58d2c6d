/** The bookings module: holding, the booking management screens and the lifecycle (issue, void, cancel, refund). */
import { FLIGHT_SEARCHES } from '../flights/service';
import type { GatewayModule } from '../platform/module';
import { registerFareRuleRoutes } from './fare-rules';
import { compensatingVoid, COMPENSATING_VOID, ISSUE_SAGA, recoverIssue, recoverVoid, VOID_SAGA } from './lifecycle';
import { registerLifecycleRoutes } from './lifecycle-routes';
import { mailPolicyOf } from './mail';
import { registerBookingRoutes } from './routes';
import { SEAT_POOLS, SeatPools } from './seat-pools';

export const bookingsModule: GatewayModule = {
  name: 'bookings',
  register(app, ctx) {
    const sessions = ctx.shared.get(FLIGHT_SEARCHES);
    // where pooled seats go back (a domain listed later registers its pool: the shop's allotments)
    const seatPools = new SeatPools();
    ctx.shared.provide(SEAT_POOLS, seatPools);
    registerBookingRoutes(app, ctx.access, { sessions, suppliers: ctx.suppliers, notifier: ctx.notifier, clock: ctx.clock, mail: mailPolicyOf(ctx.settings), holdCaps: { perUser: ctx.settings.HOLDS_OPEN_PER_USER, perAgency: ctx.settings.HOLDS_OPEN_PER_AGENCY }, seatPools });
    registerLifecycleRoutes(app, ctx.access, { secret: ctx.secret, suppliers: ctx.suppliers, clock: ctx.clock, seatPools });
    registerFareRuleRoutes(app, ctx.access, ctx.suppliers);
    // crash safety (docs/reliability.md): issues whose request died are finished or undone; compensating voids retried
    ctx.reliability.sagas.register(ISSUE_SAGA, (saga) => recoverIssue({ db: ctx.db, suppliers: ctx.suppliers }, saga));
    ctx.reliability.sagas.register(VOID_SAGA, (saga) => recoverVoid({ db: ctx.db, suppliers: ctx.suppliers, seatPools }, saga));
    ctx.reliability.outbox.register(COMPENSATING_VOID, compensatingVoid(ctx.suppliers));
  },
};
