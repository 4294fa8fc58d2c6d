/**
 * The operators' screen of supplier calls still owed (docs/reliability.md): compensating voids of tickets whose
 * charge was reversed, retried by the outbox job until the supplier confirms. ADMIN_F1 (policies/endpoints.ts)
 * sees the calls of its agency and the agencies below it, the pending ones oldest first; `status=done` and
 * `status=abandoned` list the latest finished ones. A pending call may be retried now (the handler is
 * idempotent: a void of voided tickets answers the same) or abandoned with a reason, when the operator settled
 * it by hand with the airline: it is then never tried again. Both are audited; outside the caller's agency
 * subtree, or not pending, the entry is 404 / 409.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Language } from '../../contract/constants';
import { ErrorCode } from '../../contract/errors';
import { OUTBOX_API, outboxAbandonRequest, outboxItem, outboxPage, outboxQuery, outboxRetryResult, type OutboxItem } from '../../contract/outbox';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { writeAudit } from '../platform/audit';
import { supplierOutbox } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { attemptNow, type OutboxHandlers, type OutboxRow } from '../platform/reliability/outbox';
import { requireAuth, subtreeOf } from '../platform/tenancy/scope';

function itemOf(r: OutboxRow): OutboxItem {
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
}

const NOT_PENDING: Record<Language, string> = {
  vi: 'Lệnh này không còn chờ xử lý (đã xong hoặc đã bỏ). Vui lòng tải lại danh sách.',
  en: 'This call is no longer pending (done or abandoned). Please reload the list.',
};

const idParams = z.object({ id: z.coerce.number().int().positive() });

export function registerOutboxRoutes(app: FastifyInstance, deps: AccessDeps, handlers: OutboxHandlers): void {
  const inScope = (agencyId: number): SQL => inArray(sql`(${supplierOutbox.payload}->>'agencyId')::int`, subtreeOf(agencyId));

  /** The caller's entry, pending; 404 outside the scope, 409 when no longer pending. */
  async function pendingOf(id: number, agencyId: number, lang: Language): Promise<OutboxRow> {
    const [row] = await deps.db.select().from(supplierOutbox).where(and(eq(supplierOutbox.id, id), inScope(agencyId)));
    if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
    if (row.status !== 'pending') throw new ApiError(ErrorCode.CONFLICT, { reason: 'notPending', message: NOT_PENDING[lang] });
    return row;
  }

  defineEndpoint(app, deps, {
    method: 'GET',
    url: OUTBOX_API.list,
    tags: ['system'],
    summary: 'Supplier calls still owed (compensating voids), retried until they succeed',
    description:
      'Calls of the caller’s agency and those below it (at most 200): pending oldest first; `status=done` or `abandoned` the latest. ' +
      'Answers { data, total }.',
    query: outboxQuery,
    response: outboxPage,
    handler: async ({ auth, query }) => {
      const ctx = requireAuth(auth);
      const rows = await deps.db
        .select()
        .from(supplierOutbox)
        .where(and(eq(supplierOutbox.status, query.status), inScope(ctx.agency.id)))
        .orderBy(query.status === 'pending' ? asc(supplierOutbox.id) : desc(supplierOutbox.id))
        .limit(200);
      return { data: rows.map(itemOf), total: rows.length };
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: OUTBOX_API.retry,
    tags: ['system'],
    summary: 'Retry a pending supplier call now',
    description:
      'Calls the supplier at once (the handler is idempotent): succeeded true and the entry done, or succeeded false with the new last error and ' +
      'the next attempt backed off. 404 outside the caller’s agency subtree; 409/49 reason notPending when it is done or abandoned.',
    params: idParams,
    response: outboxRetryResult,
    handler: async ({ params, auth, lang, meta }) => {
      const ctx = requireAuth(auth);
      const row = await pendingOf(params.id, ctx.agency.id, lang);
      const handler =
        handlers.byKind.get(row.kind) ??
        (async () => {
          throw new Error(`no handler for ${row.kind}`);
        });
      // due now: attemptNow claims it like a job round would (a round holding it meanwhile makes the claim miss)
      await deps.db.update(supplierOutbox).set({ nextAttemptAt: sql`now()` }).where(and(eq(supplierOutbox.id, row.id), eq(supplierOutbox.status, 'pending')));
      const succeeded = await attemptNow(deps.db, row.key, handler);
      await writeAudit(deps.db, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'outbox.retried', target: row.key, detail: { succeeded } }, meta);
      const [after] = await deps.db.select().from(supplierOutbox).where(eq(supplierOutbox.id, row.id));
      return { succeeded, item: itemOf(after) };
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: OUTBOX_API.abandon,
    tags: ['system'],
    summary: 'Abandon a pending supplier call (settled by hand)',
    description:
      'Stops the retries of a pending call that the operator settled by hand with the supplier; the reason becomes its last error and goes to ' +
      'the audit log. 404 outside the caller’s agency subtree; 409/49 reason notPending when it is done or abandoned meanwhile.',
    params: idParams,
    body: outboxAbandonRequest,
    response: outboxItem,
    handler: async ({ params, body, auth, lang, meta }) => {
      const ctx = requireAuth(auth);
      const row = await pendingOf(params.id, ctx.agency.id, lang);
      const [after] = await deps.db
        .update(supplierOutbox)
        .set({ status: 'abandoned', lastError: `${body.reason} (${ctx.user.username})`.slice(0, 500), doneAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(supplierOutbox.id, row.id), eq(supplierOutbox.status, 'pending')))
        .returning();
      if (!after) throw new ApiError(ErrorCode.CONFLICT, { reason: 'notPending', message: NOT_PENDING[lang] });
      await writeAudit(deps.db, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'outbox.abandoned', target: row.key, detail: { reason: body.reason } }, meta);
      return itemOf(after);
    },
  });
}
