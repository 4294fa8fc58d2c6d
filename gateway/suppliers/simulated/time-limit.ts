/**
 * Hold time limits: how long a held booking may stay unpaid, by how far away departure is (domain facts:
 * about 24 h when booked more than 72 h out, 4–6 h at 24–72 h, shorter near departure, nothing within
 * about 4 h of departure). The rule rows are data in reference-data.ts.
 */
import { HOLD_RULES } from '../reference-data';

const HOUR = 3_600_000;

/**
 * Time limit of a booking made at `bookedAt` for a journey departing at `departure` (instants), or null
 * when it cannot be held any more (issue at once). Never later than the issue cut-off before departure.
 */
export function holdTimeLimit(bookedAt: Date, departure: Date): Date | null {
  const lead = departure.getTime() - bookedAt.getTime();
  if (!Number.isFinite(lead) || lead <= HOLD_RULES.noHoldWithinHours * HOUR) return null;
  const row = HOLD_RULES.rows.find((r) => lead > r.departureMoreThanHours * HOUR);
  if (!row) return null;
  const limit = Math.min(bookedAt.getTime() + row.holdHours * HOUR, departure.getTime() - HOLD_RULES.issueCutoffHours * HOUR);
  return limit > bookedAt.getTime() ? new Date(limit) : null;
}
