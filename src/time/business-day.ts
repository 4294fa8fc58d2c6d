/**
 * The business day in the portal: the shared rule of contract/business-day.ts (Vietnam time, whatever the
 * browser's zone) plus the portal's "now", corrected by the clock difference the gateway's Time header taught.
 */
import { todayInVietnam } from '../../contract/business-day';
import { getDiff } from '../auth/storage';

export * from '../../contract/business-day';

/** The current instant (UTC ms), on the gateway's clock when its Time header was seen. */
export function serverNow(): number {
  return Date.now() + getDiff();
}

/** Today in Vietnam (yyyy-MM-dd) on the gateway's clock. */
export function businessToday(): string {
  return todayInVietnam(serverNow());
}
