/** GET /api/audit-log: the audit entries of the caller's agency subtree. */
import type { FastifyInstance } from 'fastify';
import { API } from '../../contract/paths';
import { auditLogPage, auditLogQuery } from '../../contract/system';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { listAuditLog } from './service';

export function registerAuditRoutes(app: FastifyInstance, deps: AccessDeps): void {
  defineEndpoint(app, deps, {
    method: 'GET',
    url: API.auditLog,
    tags: ['admin'],
    summary: 'Audit entries of the caller’s agency and the agencies below it, newest first',
    query: auditLogQuery,
    response: auditLogPage,
    handler: async ({ auth, query }) => {
      if (!auth) throw new Error('unreachable: non-public endpoint without a user');
      return listAuditLog(deps.db, auth.agency.id, query);
    },
  });
}
