/**
 * The permission strings of spec point 6 (policies/permissions.ts, the lower-case strings an administrator
 * picks) grouped by area for the group form, and the grant rule of a tick box. Typed by the policies' list,
 * so a string that is not a permission does not compile.
 */
import type { PermissionString } from '../../../policies/permissions';

export const PERMISSION_AREAS: readonly { key: string; strings: readonly PermissionString[] }[] = [
  { key: 'booking', strings: ['booking_ticket', 'export_ticket', 'search_booking', 'void_view_all_ticket', 'void_vna', 'refund_ticket', 'sc_viewer', 'on_code', 'insurance'] },
  { key: 'deposit', strings: ['deposit_manager', 'confirm_deposit', 'view_deposit', 'f2_view_deposit'] },
  { key: 'agency', strings: ['child_agent_manager', 'view_signin', 'use_pin_code', 'only_show_info', 'hide_logo'] },
  { key: 'content', strings: ['admin_new', 'only_show_new', 'show_new_home', 'anniversary', 'view_qr'] },
  { key: 'products', strings: ['use_train', 'use_esim', 'use_b2c', 'shop_reserves'] },
];

/** Splits `strings` into the areas above (in their order); strings of no area go to `other` at the end. */
export function groupByArea(strings: readonly string[]): { key: string; strings: string[] }[] {
  const known = new Set<string>(PERMISSION_AREAS.flatMap((a) => a.strings));
  const given = new Set(strings);
  const areas = PERMISSION_AREAS.map((a) => ({ key: a.key, strings: a.strings.filter((s) => given.has(s)) as string[] }));
  const other = strings.filter((s) => !known.has(s));
  if (other.length) areas.push({ key: 'other', strings: [...other] });
  return areas.filter((a) => a.strings.length > 0);
}

/** A string the administrator does not hold may not be added; one the group already has stays tickable. */
export function isPermissionLocked(value: string, grantable: boolean, initial: readonly string[]): boolean {
  return !grantable && !initial.includes(value);
}
