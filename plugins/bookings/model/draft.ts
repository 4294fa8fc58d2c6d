/**
 * The selection handed from the results page to passenger information: passed as router state and kept in
 * sessionStorage (per search session id) so a reload of the passenger page still has it.
 */
import type { SelectedFlightSession, Side } from '../../flights/model';

export interface BookingDraft {
  sessionId: string;
  sides: Side[];
  selection: SelectedFlightSession;
}

const KEY = 'bookingDraft:';

export function saveDraft(draft: BookingDraft, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(KEY + draft.sessionId, JSON.stringify(draft));
  } catch {
    // storage full or unavailable: router state still carries the draft
  }
}

function isDraft(value: unknown, sessionId: string): value is BookingDraft {
  const d = value as BookingDraft | null;
  return !!d && d.sessionId === sessionId && Array.isArray(d.sides) && d.sides.length > 0 && d.sides.every((s) => !!d.selection?.[s]?.data && !!d.selection[s].priceDetail);
}

/** The draft of a search session: router state first, else sessionStorage; null when neither has it. */
export function loadDraft(sessionId: string, state: unknown, storage: Storage = sessionStorage): BookingDraft | null {
  const fromState = (state as { draft?: unknown } | null)?.draft;
  if (isDraft(fromState, sessionId)) return fromState;
  try {
    const raw = storage.getItem(KEY + sessionId);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isDraft(parsed, sessionId) ? parsed : null;
  } catch {
    return null;
  }
}
