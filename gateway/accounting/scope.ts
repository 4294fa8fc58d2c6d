/**
 * Whose deposit a user may see and decide on. Deposit managers and the administrators who manage a subtree
 * (ADMIN_F1, ADMIN_F2 with CHILD_AGENT_MANAGER) see their agency and every agency below it; everyone else
 * sees its own agency only. Outside the scope a record answers 404.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../contract/errors';
import { managesSubtree, subtreeOf } from '../platform/tenancy/scope';
import type { UserContext } from '../platform/tenancy/users';
import type { Conn } from '../platform/db/client';
import { agencies } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';

export function managesDeposits(ctx: UserContext): boolean {
  return managesSubtree(ctx) || ctx.permissions.includes('DEPOSIT_MANAGER');
}

/** The agency ids whose deposit the caller may see, as a subquery. */
export function depositScope(ctx: UserContext): SQL {
  return managesDeposits(ctx) ? subtreeOf(ctx.agency.id) : sql`(select ${ctx.agency.id}::int)`;
}

/** The agency a deposit query is about: the caller's own, or one in its deposit scope (else 404). */
export async function depositAgency(conn: Conn, ctx: UserContext, agencyId: number | undefined): Promise<{ id: number; code: string; name: string }> {
  const id = agencyId ?? ctx.agency.id;
  const [row] = await conn
    .select({ id: agencies.id, code: agencies.code, name: agencies.name })
    .from(agencies)
    .where(and(eq(agencies.id, id), inArray(agencies.id, depositScope(ctx))));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'agency' });
  return row;
}
