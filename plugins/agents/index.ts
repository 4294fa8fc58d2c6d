/**
 * The agents plugin: the agency's users (and the F2's children's users), F2 sub-agencies and child
 * agencies, the agency settings and one's own profile. Rules come from policies/routes.ts; the gateway
 * scopes every call to the administrator's subtree (docs/admin-model.md).
 */
import { createElement, lazy } from 'react';
import { ApartmentOutlined, IdcardOutlined, SettingOutlined, TeamOutlined, UserOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { definePlugin } from '../../src/sdk';
import { CHILD_AGENCIES_META, SUB_AGENCIES_META, USERS_META } from './meta';

const icon = createElement;

export const agentsPlugin = definePlugin({
  name: 'agents',
  resources: [
    { name: 'agent-users', list: '/agent/ticketing-management', create: '/agent/change-ticketing', edit: '/agent/change-ticketing', meta: { label: 'agents.users.title', parent: 'agents', ...USERS_META } },
    { name: 'agent-child-users', list: '/agent/child-ticketing-management', create: '/agent/change-child-ticketing', edit: '/agent/change-child-ticketing', meta: { label: 'agents.users.childTitle', parent: 'agents', ...USERS_META } },
    { name: 'agent-sub-agencies', list: '/agent/config-f2', create: '/agent/change-subAgent', edit: '/agent/change-subAgent', meta: { label: 'agents.agencies.subTitle', parent: 'agents', ...SUB_AGENCIES_META } },
    { name: 'agent-child-agencies', list: '/agent/config-child', create: '/agent/change-child', edit: '/agent/change-child', meta: { label: 'agents.agencies.childTitle', parent: 'agents', ...CHILD_AGENCIES_META } },
  ],
  routes: [
    { path: '/agent/ticketing-management', component: lazy(() => import('./pages/UsersPage')), title: 'agents.users.title' },
    { path: '/agent/change-ticketing', component: lazy(() => import('./pages/UserFormPage')), title: 'agents.users.formTitle' },
    { path: '/agent/child-ticketing-management', component: lazy(() => import('./pages/ChildUsersPage')), title: 'agents.users.childTitle' },
    { path: '/agent/change-child-ticketing', component: lazy(() => import('./pages/ChildUserFormPage')), title: 'agents.users.formTitle' },
    { path: '/agent/config-f2', component: lazy(() => import('./pages/SubAgenciesPage')), title: 'agents.agencies.subTitle' },
    { path: '/agent/change-subAgent', component: lazy(() => import('./pages/SubAgencyFormPage')), title: 'agents.agencies.formTitle' },
    { path: '/agent/config-child', component: lazy(() => import('./pages/ChildAgenciesPage')), title: 'agents.agencies.childTitle' },
    { path: '/agent/change-child', component: lazy(() => import('./pages/ChildAgencyFormPage')), title: 'agents.agencies.formTitle' },
    { path: '/agent/config', component: lazy(() => import('./pages/AgencyConfigPage')), title: 'agents.config.title' },
    { path: '/agent/change-account-info', component: lazy(() => import('./pages/AccountInfoPage')), title: 'agents.account.title' },
  ],
  menu: [
    { key: 'agents', label: 'agents.menu.group', icon: icon(TeamOutlined), order: 60 },
    { key: 'agents-users', parent: 'agents', label: 'agents.users.title', path: '/agent/ticketing-management', icon: icon(UserOutlined), order: 61 },
    { key: 'agents-sub', parent: 'agents', label: 'agents.agencies.subTitle', path: '/agent/config-f2', icon: icon(ApartmentOutlined), order: 62 },
    { key: 'agents-child-users', parent: 'agents', label: 'agents.users.childTitle', path: '/agent/child-ticketing-management', icon: icon(UsergroupAddOutlined), order: 63 },
    { key: 'agents-child', parent: 'agents', label: 'agents.agencies.childTitle', path: '/agent/config-child', icon: icon(ApartmentOutlined), order: 64 },
    { key: 'agents-config', parent: 'agents', label: 'agents.config.title', path: '/agent/config', icon: icon(SettingOutlined), order: 65 },
    { key: 'agents-account', parent: 'agents', label: 'agents.account.title', path: '/agent/change-account-info', icon: icon(IdcardOutlined), order: 66 },
  ],
});
