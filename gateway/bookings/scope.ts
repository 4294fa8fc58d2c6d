/**
 * Which bookings a caller sees and acts on (every booking endpoint by id goes through this; outside the scope
 * a booking answers 404, as if it did not exist):
 *
 * - an administrator (ADMIN_F1, ADMIN_F2) sees its agency and every agency below it;
 * - a holder of VOID_VIEW_TICKETS (void_view_all_ticket: "view all tickets") sees its own agency's bookings;
 * - anyone else sees the bookings it made itself.
 */
import { and, eq, inArray, type Placeholder, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../contract/errors';
import { subtreeOf } from '../platform/tenancy/scope';
import type { UserContext } from '../platform/tenancy/users';
import type { Conn } from '../platform/db/client';
import { bookings } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';

export type BookingScopeKind = 'subtree' | 'agency' | 'own';

export function bookingScopeKind(ctx: Pick<UserContext, 'permissions'>): BookingScopeKind {
  const p = ctx.permissions;
  if (p.includes('ADMIN_F1') || p.includes('ADMIN_F2')) return 'subtree';
  if (p.includes('VOID_VIEW_TICKETS')) return 'agency';
  return 'own';
}

/** The condition on `bookings` of the caller's scope. */
export function bookingScope(ctx: UserContext): SQL {
  return bookingScopeOf(bookingScopeKind(ctx), ctx.agency.id, ctx.user.id);
}

/** The condition of a scope kind for the caller's agency and user: values, placeholders of a prepared statement, or columns. */
export function bookingScopeOf(kind: BookingScopeKind, agencyId: number | Placeholder | SQL, userId: number | Placeholder | SQL): SQL {
  switch (kind) {
    case 'subtree':
      return inArray(bookings.agencyId, subtreeOf(agencyId));
    case 'agency':
      return eq(bookings.agencyId, agencyId);
    case 'own':
      return and(eq(bookings.agencyId, agencyId), eq(bookings.userId, userId))!;
  }
}

/** The booking row when it is in the caller's scope, else 404 (reason booking). */
export async function bookingInScope(conn: Conn, ctx: UserContext, id: number): Promise<typeof bookings.$inferSelect> {
  const [row] = await conn
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), bookingScope(ctx)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'booking' });
  return row;
}
