/**
 * The one list protocol of the gateway (what the portal's data provider speaks):
 *
 *   GET <list>?page=<1-based>&pageSize=<n>&sort=<field>,-<field>&<filters>  →  { data: T[], total: number }
 *
 * `total` counts every match (not only the page). `sort` lists the sorters in order; a leading '-' means
 * descending. Updates are PUT. A list may carry a few facts about the whole list beside data and total
 * (the unread count of the bell, whether sign-ins are inherited).
 */
import { z } from 'zod';

export function listOf<T extends z.ZodType>(row: T) {
  return z.object({ data: z.array(row), total: z.number().int() });
}

export interface Sorter<F extends string = string> {
  field: F;
  desc: boolean;
}

/** The `sort` query parameter over these fields: `a`, `-a`, `a,-b`... (each field at most once). */
export function sortQuery<const F extends string>(fields: readonly F[], fallback: string) {
  const one = `-?(?:${fields.join('|')})`;
  return z
    .string()
    .regex(new RegExp(`^${one}(?:,${one})*$`))
    .refine((s) => new Set(s.split(',').map((p) => p.replace(/^-/, ''))).size === s.split(',').length, { message: 'a field is sorted twice' })
    .default(fallback);
}

/** `-createdAt,name` → [{ field: 'createdAt', desc: true }, { field: 'name', desc: false }]. */
export function parseSort<F extends string>(sort: string): Sorter<F>[] {
  return sort
    .split(',')
    .filter(Boolean)
    .map((part) => ({ field: part.replace(/^-/, '') as F, desc: part.startsWith('-') }));
}
