/** Reading the audit log, limited to the caller's agency and the agencies below it. */
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AuditLogPage, AuditLogQuery } from '../../contract/system';
import type { Conn } from '../platform/db/client';
import { agencies, auditLog, users } from '../platform/db/schema';
import { subtreeOf } from '../platform/tenancy/scope';

export async function listAuditLog(conn: Conn, agencyId: number, query: AuditLogQuery): Promise<AuditLogPage> {
  const filters: SQL[] = [inArray(auditLog.agencyId, subtreeOf(agencyId))];
  if (query.action) filters.push(eq(auditLog.action, query.action));
  const where = and(...filters);
  const [total] = await conn.select({ n: count() }).from(auditLog).where(where);
  const rows = await conn
    .select({
      id: auditLog.id,
      at: auditLog.at,
      userId: auditLog.userId,
      username: users.username,
      agencyId: auditLog.agencyId,
      agencyCode: agencies.code,
      action: auditLog.action,
      target: auditLog.target,
      ip: auditLog.ip,
      requestId: auditLog.requestId,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .leftJoin(agencies, eq(agencies.id, auditLog.agencyId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    data: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
    total: total?.n ?? 0,
  };
}
