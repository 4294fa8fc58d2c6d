/** The agents module: permission groups, users, agencies, the agency settings and one's own profile. */
import type { GatewayModule } from '../platform/module';
import { registerAgencyRoutes } from './agencies';
import { registerGroupRoutes } from './groups';
import { registerProfileRoutes } from './profile';
import { registerUserRoutes } from './users';

export const agentsModule: GatewayModule = {
  name: 'agents',
  register(app, ctx) {
    registerGroupRoutes(app, ctx.access);
    registerUserRoutes(app, ctx.access);
    registerAgencyRoutes(app, ctx.access);
    registerProfileRoutes(app, ctx.access);
  },
};
