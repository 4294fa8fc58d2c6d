/**
 * Display order of the sign-ins (the `sortSystemGDS` order): moving one up or down, the sortOrder each
 * then gets, and the list of sources kept in browser storage under `sortSystemGDS`.
 */

export const SORT_SYSTEM_GDS_KEY = 'sortSystemGDS';

export interface Ordered {
  id: number;
  source: string;
  sortOrder: number;
  active?: boolean;
}

/** The list with the item at `index` moved by `delta` (−1 up, +1 down); unchanged at the ends. */
export function move<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** The sortOrder changes needed so the list's order is 1, 2, 3... (only the ids whose value differs). */
export function orderChanges(list: readonly Ordered[]): { id: number; sortOrder: number }[] {
  return list.map((s, i) => ({ id: s.id, sortOrder: i + 1 })).filter((c, i) => list[i].sortOrder !== c.sortOrder);
}

/** Sources in display order, each once, active ones only (what flight search shows first). */
export function sortSystemGDS(list: readonly Ordered[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const s of [...list].sort((a, b) => a.sortOrder - b.sortOrder)) {
    if (s.active === false || seen.has(s.source)) continue;
    seen.add(s.source);
    out.push(s.source);
  }
  return out;
}
