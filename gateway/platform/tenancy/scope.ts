/**
 * Tenancy: the agency tree every module scopes its records by. An ADMIN_F1, or an ADMIN_F2 holding
 * CHILD_AGENT_MANAGER, manages its agency and every agency below it; any other ADMIN_F2 (admin_f2, admin_fn)
 * manages its own agency only. Outside the scope a record answers 404, as if it did not exist.
 */
import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors';
import type { UserContext } from './users';
import type { Conn } from '../db/client';
import { agencies } from '../db/schema';
import { ApiError } from '../http/errors';

/** The ids of an agency and all its descendants, as a subquery (the agency id may be a prepared statement's placeholder or a column). */
export function subtreeOf(agencyId: number | Placeholder | SQL): SQL {
  return sql`(with recursive subtree(id) as (
    select ${agencies.id} from ${agencies} where ${agencies.id} = ${agencyId}
    union all
    select child.id from ${agencies} child join subtree on child.parent_id = subtree.id
  ) select id from subtree)`;
}

/** The ids of an agency and all its ancestors, as a subquery. */
export function ancestorsOf(agencyId: number): SQL {
  return sql`(with recursive up(id, parent_id) as (
    select ${agencies.id}, ${agencies.parentId} from ${agencies} where ${agencies.id} = ${agencyId}
    union all
    select a.id, a.parent_id from ${agencies} a join up on a.id = up.parent_id
  ) select id from up)`;
}

export function managesSubtree(ctx: UserContext): boolean {
  const p = ctx.permissions;
  return p.includes('ADMIN_F1') || (p.includes('ADMIN_F2') && p.includes('CHILD_AGENT_MANAGER'));
}

/** The agency ids the caller manages, as a subquery (or its own id). */
export function scopeOf(ctx: UserContext): SQL {
  return managesSubtree(ctx) ? subtreeOf(ctx.agency.id) : sql`(select ${ctx.agency.id}::int)`;
}

export async function inScope(conn: Conn, ctx: UserContext, agencyId: number): Promise<boolean> {
  const [row] = await conn
    .select({ id: agencies.id })
    .from(agencies)
    .where(and(eq(agencies.id, agencyId), inArray(agencies.id, scopeOf(ctx))));
  return row !== undefined;
}

export async function assertInScope(conn: Conn, ctx: UserContext, agencyId: number): Promise<void> {
  if (!(await inScope(conn, ctx, agencyId))) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'agency' });
}

/** The signed-in user of a non-public endpoint (defineEndpoint guarantees one). */
export function requireAuth(ctx: UserContext | null): UserContext {
  if (!ctx) throw new Error('unreachable: non-public endpoint without a user');
  return ctx;
}
