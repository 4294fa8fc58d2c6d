/** Writing audit entries (always inside the caller's transaction) and the request facts they record. */
import type { Conn } from '../db/client';
import { auditLog } from '../db/schema';

/** Who asked, from where: taken from the request by the routes, passed to the services. */
export interface RequestMeta {
  ip: string;
  requestId: string;
  userAgent: string | null;
}

export type AuditAction =
  | 'auth.login'
  | 'auth.logout'
  | 'auth.lockout'
  | 'auth.refresh_reuse'
  | 'auth.password_changed'
  | 'auth.password_reset_requested'
  | 'auth.password_reset'
  | 'admin.user_created'
  | 'admin.password_reset';

export interface AuditEntry {
  userId: number | null;
  agencyId: number | null;
  action: AuditAction;
  target?: string | null;
  detail?: Record<string, unknown>;
}

export async function writeAudit(conn: Conn, entry: AuditEntry, meta?: RequestMeta): Promise<void> {
  await conn.insert(auditLog).values({
    userId: entry.userId,
    agencyId: entry.agencyId,
    action: entry.action,
    target: entry.target ?? null,
    ip: meta?.ip ?? null,
    requestId: meta?.requestId ?? null,
    detail: entry.detail ?? null,
  });
}
