/** The audit module: reading the audit log (entries are written through platform/audit.ts). */
import type { GatewayModule } from '../platform/module';
import { registerAuditRoutes } from './routes';

export const auditModule: GatewayModule = {
  name: 'audit',
  register(app, ctx) {
    registerAuditRoutes(app, ctx.access);
  },
};
