/** Schemas of the gateway's service endpoints: error body, ping, audit log. */
import { z } from 'zod';
import { listOf } from './list';

/** Every error answer: `{ code, message, data? }` (codes in errors.ts). */
export const apiErrorBody = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});

export const pingResult = z.object({
  ok: z.literal(true),
  /** Server clock, epoch milliseconds. */
  time: z.number().int(),
});

export const auditLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** Exact action name, e.g. auth.login. */
  action: z.string().trim().min(1).max(64).optional(),
});

export const auditEntry = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  agencyId: z.number().int().nullable(),
  agencyCode: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});

export const auditLogPage = listOf(auditEntry);

export type ApiErrorBodySchema = z.infer<typeof apiErrorBody>;
export type PingResult = z.infer<typeof pingResult>;
export type AuditLogQuery = z.infer<typeof auditLogQuery>;
export type AuditEntry = z.infer<typeof auditEntry>;
export type AuditLogPage = z.infer<typeof auditLogPage>;
