/** Hands the chosen flights to passenger information: kept in sessionStorage per search session (contract/booking-draft.ts). */
import { BOOKING_DRAFT_STORAGE_PREFIX, type BookingDraft } from '../../contract/booking-draft';

export function saveBookingDraft(draft: BookingDraft, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(BOOKING_DRAFT_STORAGE_PREFIX + draft.sessionId, JSON.stringify(draft));
  } catch {
    // storage full or unavailable: router state still carries the draft
  }
}
