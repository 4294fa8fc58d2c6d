/** Liveness, readiness and the ping of the login page's connection indicator. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../contract/paths';
import { pingResult } from '../../contract/system';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';

const health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.string().optional() });

export function registerSystemRoutes(app: FastifyInstance, deps: AccessDeps, ping: () => Promise<void>): void {
  defineEndpoint(app, deps, {
    method: 'GET',
    url: API.ping,
    tags: ['system'],
    summary: 'Connection check; answers the server clock',
    response: pingResult,
    handler: async ({ reply }) => {
      reply.header('Cache-Control', 'no-store');
      return { ok: true as const, time: Date.now() };
    },
  });

  // Not under /api: no tsp, no permission rule (exempt on purpose, for load balancers and orchestrators).
  const zapp = app.withTypeProvider<ZodTypeProvider>();
  zapp.get(API.healthz, { schema: { summary: 'The process is alive', tags: ['system'], response: { 200: health } } }, async () => ({
    status: 'ok' as const,
  }));
  zapp.get(
    API.readyz,
    { schema: { summary: 'The database answers', tags: ['system'], response: { 200: health, 503: health } } },
    async (request, reply) => {
      try {
        await ping();
        return { status: 'ok' as const, database: 'ok' };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.code(503).send({ status: 'unavailable' as const, database: 'unreachable' });
      }
    },
  );
}
