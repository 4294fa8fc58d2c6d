/**
 * The operators' list of supplier calls still owed (docs/reliability.md): compensating voids of tickets whose
 * charge was reversed, retried by the outbox job until the supplier confirms. ADMIN_F1 sees the calls of its
 * agency and the agencies below it, the pending ones oldest first; `status=done` lists the latest finished.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { supplierOutbox } from '../platform/db/schema';
import { requireAuth, subtreeOf } from '../platform/tenancy/scope';

export const OUTBOX_API = '/api/system/outbox';

const outboxItem = z.object({
  id: z.number(),
  kind: z.string(),
  key: z.string(),
  bookingId: z.number().nullable(),
  pnr: z.string().nullable(),
  source: z.string().nullable(),
  ticketNumbers: z.array(z.string()),
  status: z.enum(['pending', 'done']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
const outboxPage = z.object({ items: z.array(outboxItem) });

export function registerOutboxRoutes(app: FastifyInstance, deps: AccessDeps): void {
  defineEndpoint(app, deps, {
    method: 'GET',
    url: OUTBOX_API,
    tags: ['system'],
    summary: 'Supplier calls still owed (compensating voids), retried until they succeed',
    description: 'Pending calls of the caller’s agency and those below it, oldest first (at most 200); `status=done` answers the latest finished ones.',
    query: z.object({ status: z.enum(['pending', 'done']).default('pending') }),
    response: outboxPage,
    handler: async ({ auth, query }) => {
      const ctx = requireAuth(auth);
      const rows = await deps.db
        .select()
        .from(supplierOutbox)
        .where(and(eq(supplierOutbox.status, query.status), inArray(sql`(${supplierOutbox.payload}->>'agencyId')::int`, subtreeOf(ctx.agency.id))))
        .orderBy(query.status === 'pending' ? asc(supplierOutbox.id) : desc(supplierOutbox.id))
        .limit(200);
      return {
        items: rows.map((r) => {
          const p = r.payload as { bookingId?: number; pnr?: string; source?: string; ticketNumbers?: string[] };
          return {
            id: r.id,
            kind: r.kind,
            key: r.key,
            bookingId: p.bookingId ?? null,
            pnr: p.pnr ?? null,
            source: p.source ?? null,
            ticketNumbers: p.ticketNumbers ?? [],
            status: r.status,
            attempts: r.attempts,
            lastError: r.lastError,
            nextAttemptAt: r.nextAttemptAt.toISOString(),
            createdAt: r.createdAt.toISOString(),
            doneAt: r.doneAt?.toISOString() ?? null,
          };
        }),
      };
    },
  });
}
