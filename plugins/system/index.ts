/**
 * The system plugin: permission groups, supplier sign-ins, commission and service fees, the signed-in
 * password change, the PIN code and the log of failed booking attempts. Rules come from policies/routes.ts.
 */
import { DollarOutlined, ExceptionOutlined, KeyOutlined, LockOutlined, LoginOutlined, RetweetOutlined, SafetyCertificateOutlined, ToolOutlined } from '@ant-design/icons';
import { definePlugin, icon, menuGroup, page } from '../../src/sdk';
import { GROUPS_META, OUTBOX_META, RESERVATION_ERRORS_META } from './meta';

export const systemPlugin = definePlugin({
  name: 'system',
  resources: [
    menuGroup('system', 'system.menu.group', ToolOutlined, 70),
    { name: 'system-groups', list: '/system/group-permissions', create: '/system/change-group-permissions', edit: '/system/change-group-permissions', meta: { label: 'system.groups.title', parent: 'system', icon: icon(SafetyCertificateOutlined), order: 71, ...GROUPS_META } },
    { name: 'system-reservation-errors', list: '/system/log-reservation-error', meta: { label: 'system.errors.title', parent: 'system', icon: icon(ExceptionOutlined), order: 76, ...RESERVATION_ERRORS_META } },
    { name: 'system-signins', list: '/system/signIn-config', meta: { label: 'system.signins.title', parent: 'system', icon: icon(LoginOutlined), order: 72 } },
    { name: 'system-fees', list: '/system/commission-fee', meta: { label: 'system.fees.title', parent: 'system', icon: icon(DollarOutlined), order: 73 } },
    { name: 'system-password', list: '/system/change-password', meta: { label: 'system.password.title', parent: 'system', icon: icon(LockOutlined), order: 74 } },
    { name: 'system-pin', list: '/system/pin-code', meta: { label: 'system.pin.title', parent: 'system', icon: icon(KeyOutlined), order: 75 } },
    { name: 'system-outbox', list: '/system/outbox', meta: { label: 'system.outbox.title', parent: 'system', icon: icon(RetweetOutlined), order: 77, ...OUTBOX_META } },
  ],
  routes: [
    page('/system/group-permissions', () => import('./pages/GroupsPage'), 'system.groups.title'),
    page('/system/change-group-permissions', () => import('./pages/GroupFormPage'), 'system.groups.formTitle'),
    page('/system/signIn-config', () => import('./pages/SignInsPage'), 'system.signins.title'),
    page('/system/change-signIn', () => import('./pages/SignInFormPage'), 'system.signins.formTitle'),
    page('/system/commission-fee', () => import('./pages/FeesPage'), 'system.fees.title'),
    page('/system/change-commission', () => import('./pages/ChangeCommissionPage'), 'system.fees.editTitle'),
    page('/system/change-password', () => import('./pages/ChangePasswordPage'), 'system.password.title'),
    page('/system/pin-code', () => import('./pages/PinCodePage'), 'system.pin.title'),
    page('/system/log-reservation-error', () => import('./pages/ReservationErrorsPage'), 'system.errors.title'),
    page('/system/outbox', () => import('./pages/OutboxPage'), 'system.outbox.title'),
  ],
});
