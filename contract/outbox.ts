/**
 * The operators' screen of supplier calls still owed (system/outbox, docs/reliability.md): compensating voids
 * of tickets whose charge was reversed, retried by the outbox job until the supplier confirms. An operator
 * may retry one now, or abandon it (settled by hand with the airline) with a reason.
 */
import { z } from 'zod';
import { listOf } from './list';

export const OUTBOX_API = {
  list: '/api/system/outbox',
  retry: '/api/system/outbox/:id/retry',
  abandon: '/api/system/outbox/:id/abandon',
} as const;

export const OUTBOX_STATUSES = ['pending', 'done', 'abandoned'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outboxItem = z.object({
  id: z.number(),
  kind: z.string(),
  key: z.string(),
  bookingId: z.number().nullable(),
  pnr: z.string().nullable(),
  source: z.string().nullable(),
  ticketNumbers: z.array(z.string()),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof outboxItem>;

export const outboxQuery = z.object({ status: z.enum(OUTBOX_STATUSES).default('pending') });
export const outboxPage = listOf(outboxItem);

/** Abandon: the reason is kept as the entry's last error and in the audit log. */
export const outboxAbandonRequest = z.object({ reason: z.string().trim().min(3).max(300) });

/** Retry: whether the supplier call succeeded now, with the entry as it is after the attempt. */
export const outboxRetryResult = z.object({ succeeded: z.boolean(), item: outboxItem });
