/**
 * Pure rules of the user and agency forms: which permission strings an administrator may tick, which roles
 * fit an agency's level, which agencies a screen works on.
 */
import type { AgentOptions } from '../../../contract/agents';

/**
 * The grant rule as the gateway applies it: a string the administrator does not hold may not be added, but
 * one the record already has stays (it may be unticked, and ticked again before saving).
 */
export function isPermissionLocked(value: string, grantable: boolean, initial: readonly string[]): boolean {
  return !grantable && !initial.includes(value);
}

/** Roles a user of an agency at `level` may have (level 3 and deeper share the key '3'). */
export function rolesForLevel(rolesByLevel: AgentOptions['rolesByLevel'], level: number | undefined): string[] {
  if (level === undefined) return [];
  const key = String(Math.min(Math.max(level, 1), 3));
  return (rolesByLevel[key] ?? []).filter((r) => r !== 'super_admin');
}

type AgencyOption = AgentOptions['agencies'][number];

/**
 * Agencies a screen works on. `all`: every agency in the caller's scope; `children`: the agencies below the
 * caller's own (the F2's children on the child-agency screens).
 */
export function agenciesFor(agencies: readonly AgencyOption[], ownAgencyId: number | undefined, scope: 'all' | 'children'): AgencyOption[] {
  if (scope === 'all') return [...agencies];
  const own = agencies.find((a) => a.id === ownAgencyId);
  const minLevel = own ? own.level : Math.min(...agencies.map((a) => a.level));
  return agencies.filter((a) => a.level > minLevel);
}

export interface AgencyTreeNode {
  value: number;
  title: string;
  children: AgencyTreeNode[];
}

/**
 * The agencies as the tree they form (provider → F1 → F2 → Fn): each agency under its parent when the parent
 * is in the list, else at the top; siblings by code.
 */
export function agencyTree(agencies: readonly AgencyOption[]): AgencyTreeNode[] {
  const nodes = new Map(agencies.map((a) => [a.id, { value: a.id, title: `${a.code} · ${a.name}`, children: [] as AgencyTreeNode[] }]));
  const roots: AgencyTreeNode[] = [];
  const byCode = [...agencies].sort((a, b) => a.code.localeCompare(b.code));
  for (const a of byCode) {
    const node = nodes.get(a.id)!;
    const parent = a.parentId !== null ? nodes.get(a.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Parses the `?id=` of an edit screen: a positive integer, or null for a new record. */
export function editId(search: string): number | null {
  const raw = new URLSearchParams(search).get('id');
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

type GroupOption = AgentOptions['groups'][number];

/**
 * Groups a user of `agencyId` may get: those owned by that agency or one of its ancestors. Groups of
 * agencies outside the listed scope belong to the caller's ancestors, so they serve every agency listed.
 */
export function groupsFor(groups: readonly GroupOption[], agencies: readonly AgencyOption[], agencyId: number | undefined): GroupOption[] {
  if (agencyId === undefined) return [];
  const byId = new Map(agencies.map((a) => [a.id, a]));
  const line = new Set<number>();
  for (let a = byId.get(agencyId); a; a = a.parentId === null ? undefined : byId.get(a.parentId)) line.add(a.id);
  return groups.filter((g) => line.has(g.agencyId) || !byId.has(g.agencyId));
}
