/**
 * GET /debugz/memory: the process's memory figures, for benchmarks and diagnosis. Registered only when the
 * MEMORY_DIAGNOSTICS setting is on (off by default). Not under /api: no token, so keep it off where the port
 * is reachable by others.
 *
 * `?measure=1` also serializes the offer drafts cache to give its size in bytes (slow); `?gc=1` runs a full
 * garbage collection first when the process was started with --expose-gc.
 */
import type { FastifyInstance } from 'fastify';
import { pgliteMemoryBytes } from '../db/client';
import { draftCacheStats } from '../../suppliers';

export const MEMORY_DIAGNOSTICS_PATH = '/debugz/memory';

export function registerMemoryDiagnostics(app: FastifyInstance): void {
  app.get(MEMORY_DIAGNOSTICS_PATH, async (request, reply) => {
    const query = request.query as { measure?: string; gc?: string };
    const gc = (globalThis as { gc?: () => void }).gc;
    if (query.gc === '1' && gc) gc();
    const m = process.memoryUsage();
    reply.header('Cache-Control', 'no-store');
    return {
      rss: m.rss,
      heapTotal: m.heapTotal,
      heapUsed: m.heapUsed,
      external: m.external,
      arrayBuffers: m.arrayBuffers,
      pgliteWasm: pgliteMemoryBytes(),
      offerDrafts: draftCacheStats(query.measure === '1'),
      gcRun: query.gc === '1' && Boolean(gc),
    };
  });
}
