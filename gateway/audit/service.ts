/** Reading the audit log, limited to the caller's agency and the agencies below it. */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AuditLogPage, AuditLogQuery } from '../../contract/system';
import type { Conn } from '../db/client';
import { agencies, auditLog, users } from '../db/schema';

/** The ids of an agency and all its descendants, as a subquery. */
export function subtreeOf(agencyId: number): SQL {
  return sql`(with recursive subtree(id) as (
    select ${agencies.id} from ${agencies} where ${agencies.id} = ${agencyId}
    union all
    select child.id from ${agencies} child join subtree on child.parent_id = subtree.id
  ) select id from subtree)`;
}

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
    items: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}
