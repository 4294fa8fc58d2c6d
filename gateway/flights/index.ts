/** The flights module: search sessions, airports, the cheapest-day summary and fare rules. */
import type { GatewayModule } from '../platform/module';
import { registerFlightRoutes } from './routes';
import { SearchSessions } from './search-sessions';
import { pgSessionStore } from './session-store';
import { FLIGHT_SEARCHES } from './service';

export const flightsModule: GatewayModule = {
  name: 'flights',
  async register(app, ctx) {
    const { settings } = ctx;
    const sessions = new SearchSessions({
      ttlMs: settings.SEARCH_SESSION_TTL_SECONDS * 1000,
      perUser: settings.SEARCH_SESSIONS_PER_USER,
      // several instances on PostgreSQL: a search started on one is polled and held on another (docs/deployment.md)
      store: ctx.reliability.kind === 'pg' ? pgSessionStore(ctx.db) : undefined,
      onSaveError: (err, sessionId) => app.log.error({ err, sessionId }, 'a flight search session could not be saved'),
    });
    app.addHook('onClose', async () => sessions.close());
    ctx.shared.provide(FLIGHT_SEARCHES, sessions);
    await registerFlightRoutes(app, ctx.access, { settings, suppliers: ctx.suppliers, sessions, clock: ctx.clock });
  },
};
