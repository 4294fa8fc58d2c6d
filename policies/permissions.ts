/**
 * Permission names and how a user's list is derived (spec point 6).
 *
 * A user's permission list = the names its role implies + its group's permission strings + its extra
 * permission strings, each lower-case string mapped to its upper-case name. The list the gateway returns at
 * login and refresh holds the upper-case names; route and endpoint rules are written over them.
 */

/** Upper-case names as they appear in the route rules of spec point 2. */
export const PERMISSION_NAMES = [
  'SHOW_NEW_HOME',
  'ANNIVERSARY',
  'USE_TRAIN',
  'AGENT_F1',
  'AGENT_F2',
  'ADMIN_F1',
  'ADMIN_F2',
  'ONLY_SHOW_NEW',
  'ADMIN_NEWS',
  'BOOKING_TICKET',
  'VOID_VIEW_TICKETS',
  'EXPORT_TICKET',
  'VOID_VNA',
  'USE_ESIM',
  'DEPOSIT_MANAGER',
  'VIEW_DEPOSIT',
  'CHILD_AGENT_MANAGER',
  'USE_B2C',
  'VIEW_QR_CODE',
  'SHOP_RESERVES',
  // names of the other permission strings of spec point 6 (used by later endpoints)
  'SEARCH_BOOKING',
  'CONFIRM_DEPOSIT',
  'REFUND_TICKET',
  'F2_VIEW_DEPOSIT',
  'ONLY_SHOW_INFO',
  'SC_VIEWER',
  'INSURANCE',
  'VIEW_SIGNIN',
  'HIDE_LOGO',
  'USE_PIN_CODE',
  'ON_CODE',
] as const;

export type PermissionName = (typeof PERMISSION_NAMES)[number];

/**
 * Every lower-case permission string of spec point 6 and the name it grants. Most are the upper-case
 * form; three differ: void_view_all_ticket, admin_new and view_qr.
 */
export const PERMISSION_STRING_TO_NAME = {
  void_view_all_ticket: 'VOID_VIEW_TICKETS',
  booking_ticket: 'BOOKING_TICKET',
  export_ticket: 'EXPORT_TICKET',
  search_booking: 'SEARCH_BOOKING',
  deposit_manager: 'DEPOSIT_MANAGER',
  confirm_deposit: 'CONFIRM_DEPOSIT',
  view_deposit: 'VIEW_DEPOSIT',
  refund_ticket: 'REFUND_TICKET',
  void_vna: 'VOID_VNA',
  f2_view_deposit: 'F2_VIEW_DEPOSIT',
  only_show_info: 'ONLY_SHOW_INFO',
  admin_new: 'ADMIN_NEWS',
  sc_viewer: 'SC_VIEWER',
  insurance: 'INSURANCE',
  view_signin: 'VIEW_SIGNIN',
  view_qr: 'VIEW_QR_CODE',
  hide_logo: 'HIDE_LOGO',
  show_new_home: 'SHOW_NEW_HOME',
  child_agent_manager: 'CHILD_AGENT_MANAGER',
  only_show_new: 'ONLY_SHOW_NEW',
  use_pin_code: 'USE_PIN_CODE',
  use_b2c: 'USE_B2C',
  on_code: 'ON_CODE',
  use_train: 'USE_TRAIN',
  use_esim: 'USE_ESIM',
  anniversary: 'ANNIVERSARY',
  shop_reserves: 'SHOP_RESERVES',
} as const satisfies Record<string, PermissionName>;

export type PermissionString = keyof typeof PERMISSION_STRING_TO_NAME;
export const PERMISSION_STRINGS = Object.keys(PERMISSION_STRING_TO_NAME) as PermissionString[];

/**
 * The names a role implies. super_admin (the provider's operator) and admin_f1 are top-level admins;
 * admin_fn administers a child agency below F2 and is treated as ADMIN_F2 of its own subtree.
 */
export const ROLE_TO_NAMES = {
  super_admin: ['ADMIN_F1'],
  admin_f1: ['ADMIN_F1'],
  admin_f2: ['ADMIN_F2'],
  admin_fn: ['ADMIN_F2'],
  agent_f1: ['AGENT_F1'],
  agent_f2: ['AGENT_F2'],
} as const satisfies Record<string, readonly PermissionName[]>;

export type RoleName = keyof typeof ROLE_TO_NAMES;

export function isPermissionString(value: string): value is PermissionString {
  return Object.prototype.hasOwnProperty.call(PERMISSION_STRING_TO_NAME, value);
}

export function isPermissionName(value: string): value is PermissionName {
  return (PERMISSION_NAMES as readonly string[]).includes(value);
}

/** The user's permission list: role names + group strings + extra strings, mapped, unique, sorted. */
export function derivePermissions(role: RoleName, groupStrings: readonly string[], extraStrings: readonly string[]): PermissionName[] {
  const names = new Set<PermissionName>(ROLE_TO_NAMES[role]);
  for (const s of [...groupStrings, ...extraStrings]) {
    if (isPermissionString(s)) names.add(PERMISSION_STRING_TO_NAME[s]);
  }
  return [...names].sort();
}
