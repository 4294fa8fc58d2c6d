/** The permission list held in memory (spec point 4), with subscribers; persisted encrypted by storage.ts. */
import { writeStoredPermissions } from './storage';

const EMPTY: readonly string[] = Object.freeze([]);
let held: readonly string[] | null = null;
const listeners = new Set<(list: readonly string[]) => void>();

/** null until start-up or sign-in has set it. */
export function heldPermissions(): readonly string[] | null {
  return held;
}

export function currentPermissions(): readonly string[] {
  return held ?? EMPTY;
}

/** The sorted list joined: a stable key of the permission set. */
export function permissionsKey(list: readonly string[] = currentPermissions()): string {
  return [...list].sort().join(',');
}

/** Sets the list in memory; `persist` also writes it (encrypted) to storage. */
export function setPermissions(list: readonly string[], persist = true): void {
  const next = Object.freeze([...list]);
  held = next;
  if (persist) writeStoredPermissions(next);
  listeners.forEach((l) => l(next));
}

export function resetPermissions(): void {
  held = null;
  listeners.forEach((l) => l(EMPTY));
}

export function subscribePermissions(listener: (list: readonly string[]) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
