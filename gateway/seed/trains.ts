/** Demo train bookings (gateway/trains): made through the trains module with a railway that answers at once. */
import type { Db } from '../platform/db/client';
import { createSupplierRegistry } from '../suppliers';
import { seedDemoTrainBookings } from '../trains/service';

export async function seedTrains(db: Db): Promise<number> {
  const rail = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 } }).rail();
  return seedDemoTrainBookings(db, rail);
}
