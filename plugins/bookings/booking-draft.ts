/** Reads the selection the flight results handed over (contract/booking-draft.ts). */
import { BOOKING_DRAFT_STORAGE_PREFIX, isBookingDraft, type BookingDraft } from '../../contract/booking-draft';

/** The draft of a search session: router state first, else sessionStorage; null when neither has it. */
export function loadBookingDraft(sessionId: string, state: unknown, storage: Storage = sessionStorage): BookingDraft | null {
  const fromState = (state as { draft?: unknown } | null)?.draft;
  if (isBookingDraft(fromState, sessionId)) return fromState;
  try {
    const raw = storage.getItem(BOOKING_DRAFT_STORAGE_PREFIX + sessionId);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isBookingDraft(parsed, sessionId) ? parsed : null;
  } catch {
    return null;
  }
}
