/** The booking's status follows its PNRs (`bookingStatusFor` of contract/bookings.ts). */
import { eq } from 'drizzle-orm';
import { bookingStatusFor } from '../../contract/bookings';
import type { Tx } from '../platform/db/client';
import { bookings, pnrs } from '../platform/db/schema';

/** After a change of its PNRs: HOLD while a hold remains, else EXPORT when a ticket stands, else CANCEL. */
export async function settleBookingStatus(tx: Tx, bookingId: number): Promise<string> {
  const rows = await tx.select({ s: pnrs.recordStatus }).from(pnrs).where(eq(pnrs.bookingId, bookingId));
  const status = bookingStatusFor(rows.map((r) => r.s));
  await tx.update(bookings).set({ status, updatedAt: new Date() }).where(eq(bookings.id, bookingId));
  return status;
}
