import { describe, expect, it } from 'vitest';
import { PERMISSION_STRINGS, PERMISSION_STRING_TO_NAME, derivePermissions, isPermissionName } from '../../policies/permissions';
import { toSubject } from '../../policies/rule';

describe('permission strings of spec point 6', () => {
  it('covers every lower-case string of the spec', () => {
    const spec = ['void_view_all_ticket', 'booking_ticket', 'export_ticket', 'search_booking', 'deposit_manager', 'confirm_deposit',
      'view_deposit', 'refund_ticket', 'void_vna', 'f2_view_deposit', 'only_show_info', 'admin_new', 'sc_viewer', 'insurance',
      'view_signin', 'view_qr', 'hide_logo', 'show_new_home', 'child_agent_manager', 'only_show_new', 'use_pin_code', 'use_b2c',
      'on_code', 'use_train', 'use_esim', 'anniversary', 'shop_reserves'];
    expect([...PERMISSION_STRINGS].sort()).toEqual([...spec].sort());
    for (const s of PERMISSION_STRINGS) expect(isPermissionName(PERMISSION_STRING_TO_NAME[s])).toBe(true);
  });

  it.each([
    ['void_view_all_ticket', 'VOID_VIEW_TICKETS'],
    ['admin_new', 'ADMIN_NEWS'],
    ['view_qr', 'VIEW_QR_CODE'],
    ['export_ticket', 'EXPORT_TICKET'],
    ['child_agent_manager', 'CHILD_AGENT_MANAGER'],
  ])('%s → %s', (s, name) => expect(PERMISSION_STRING_TO_NAME[s as keyof typeof PERMISSION_STRING_TO_NAME]).toBe(name));
});

describe('derivePermissions', () => {
  it.each([
    ['admin_f1', [], [], ['ADMIN_F1']],
    ['super_admin', [], [], ['ADMIN_F1']],
    ['admin_f2', ['child_agent_manager'], [], ['ADMIN_F2', 'CHILD_AGENT_MANAGER']],
    ['admin_fn', [], [], ['ADMIN_F2']],
    ['agent_f1', ['export_ticket'], ['admin_new'], ['ADMIN_NEWS', 'AGENT_F1', 'EXPORT_TICKET']],
    ['agent_f2', ['booking_ticket', 'booking_ticket'], ['not_a_permission'], ['AGENT_F2', 'BOOKING_TICKET']],
  ] as const)('%s + %j + %j → %j', (role, group, extra, want) => {
    expect(derivePermissions(role, group, extra)).toEqual(want);
  });

  it('builds a subject with every name as a boolean', () => {
    const s = toSubject(['ADMIN_F1']);
    expect(s.ADMIN_F1).toBe(true);
    expect(s.ADMIN_F2).toBe(false);
    expect(Object.values(s).every((v) => typeof v === 'boolean')).toBe(true);
  });
});
