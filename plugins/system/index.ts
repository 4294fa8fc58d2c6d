/**
 * The system plugin: permission groups, supplier sign-ins, commission and service fees, the signed-in
 * password change, the PIN code and the log of failed booking attempts. Rules come from policies/routes.ts.
 */
import { createElement, lazy } from 'react';
import { DollarOutlined, ExceptionOutlined, KeyOutlined, LockOutlined, LoginOutlined, SafetyCertificateOutlined, ToolOutlined } from '@ant-design/icons';
import { definePlugin } from '../../src/sdk';
import { GROUPS_META, RESERVATION_ERRORS_META } from './meta';

const icon = createElement;

export const systemPlugin = definePlugin({
  name: 'system',
  resources: [
    { name: 'system-groups', list: '/system/group-permissions', create: '/system/change-group-permissions', edit: '/system/change-group-permissions', meta: { label: 'system.groups.title', parent: 'system', ...GROUPS_META } },
    { name: 'system-reservation-errors', list: '/system/log-reservation-error', meta: { label: 'system.errors.title', parent: 'system', ...RESERVATION_ERRORS_META } },
  ],
  routes: [
    { path: '/system/group-permissions', component: lazy(() => import('./pages/GroupsPage')), title: 'system.groups.title' },
    { path: '/system/change-group-permissions', component: lazy(() => import('./pages/GroupFormPage')), title: 'system.groups.formTitle' },
    { path: '/system/signIn-config', component: lazy(() => import('./pages/SignInsPage')), title: 'system.signins.title' },
    { path: '/system/change-signIn', component: lazy(() => import('./pages/SignInFormPage')), title: 'system.signins.formTitle' },
    { path: '/system/commission-fee', component: lazy(() => import('./pages/FeesPage')), title: 'system.fees.title' },
    { path: '/system/change-commission', component: lazy(() => import('./pages/ChangeCommissionPage')), title: 'system.fees.editTitle' },
    { path: '/system/change-password', component: lazy(() => import('./pages/ChangePasswordPage')), title: 'system.password.title' },
    { path: '/system/pin-code', component: lazy(() => import('./pages/PinCodePage')), title: 'system.pin.title' },
    { path: '/system/log-reservation-error', component: lazy(() => import('./pages/ReservationErrorsPage')), title: 'system.errors.title' },
  ],
  menu: [
    { key: 'system', label: 'system.menu.group', icon: icon(ToolOutlined), order: 70 },
    { key: 'system-groups', parent: 'system', label: 'system.groups.title', path: '/system/group-permissions', icon: icon(SafetyCertificateOutlined), order: 71 },
    { key: 'system-signins', parent: 'system', label: 'system.signins.title', path: '/system/signIn-config', icon: icon(LoginOutlined), order: 72 },
    { key: 'system-fees', parent: 'system', label: 'system.fees.title', path: '/system/commission-fee', icon: icon(DollarOutlined), order: 73 },
    { key: 'system-password', parent: 'system', label: 'system.password.title', path: '/system/change-password', icon: icon(LockOutlined), order: 74 },
    { key: 'system-pin', parent: 'system', label: 'system.pin.title', path: '/system/pin-code', icon: icon(KeyOutlined), order: 75 },
    { key: 'system-errors', parent: 'system', label: 'system.errors.title', path: '/system/log-reservation-error', icon: icon(ExceptionOutlined), order: 76 },
  ],
});
