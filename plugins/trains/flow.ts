/**
 * What the booking steps hand each other beside the server's hold: the passengers, the services per direction
 * and the contact typed on passenger-info, kept in sessionStorage under the hold's id (so a reload keeps them,
 * and a new hold starts empty).
 */
import type { AddService, TrainPassenger } from './model';

export interface TrainDraft {
  holdId: number;
  passengers: TrainPassenger[];
  addService: AddService;
  contact: { name: string; phone: string; email: string };
}

const KEY = 'trains.draft';

export function readDraft(holdId: number, storage: Storage = sessionStorage): TrainDraft | null {
  try {
    const d = JSON.parse(storage.getItem(KEY) ?? 'null') as TrainDraft | null;
    return d && d.holdId === holdId ? d : null;
  } catch {
    return null;
  }
}

export function saveDraft(draft: TrainDraft, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // storage full or unavailable: the step asks again
  }
}

export function clearDraft(storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
