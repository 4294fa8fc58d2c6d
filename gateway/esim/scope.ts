/**
 * Which eSIM orders a caller sees and acts on (outside the scope an order or an eSIM answers 404, as if it
 * did not exist): administrators (ADMIN_F1, ADMIN_F2) their agency and every agency below it, anyone else
 * the orders of its own agency.
 */
import { eq, inArray, type SQL } from 'drizzle-orm';
import { esimOrders } from '../platform/db/schema';
import { subtreeOf } from '../platform/tenancy/scope';
import type { UserContext } from '../platform/tenancy/users';

export function orderScope(ctx: UserContext): SQL {
  const p = ctx.permissions;
  if (p.includes('ADMIN_F1') || p.includes('ADMIN_F2')) return inArray(esimOrders.agencyId, subtreeOf(ctx.agency.id));
  return eq(esimOrders.agencyId, ctx.agency.id);
}
