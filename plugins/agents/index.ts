/**
 * The agents plugin: the agency's users (and the F2's children's users), F2 sub-agencies and child
 * agencies, the agency settings and one's own profile. Rules come from policies/routes.ts; the gateway
 * scopes every call to the administrator's subtree (docs/admin-model.md).
 */
import { ApartmentOutlined, IdcardOutlined, SettingOutlined, TeamOutlined, UserOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { definePlugin, icon, menuGroup, page } from '../../src/sdk';
import { CHILD_AGENCIES_META, SUB_AGENCIES_META, USERS_META } from './meta';

export const agentsPlugin = definePlugin({
  name: 'agents',
  resources: [
    menuGroup('agents', 'agents.menu.group', TeamOutlined, 60),
    { name: 'agent-users', list: '/agent/ticketing-management', create: '/agent/change-ticketing', edit: '/agent/change-ticketing', meta: { label: 'agents.users.title', parent: 'agents', icon: icon(UserOutlined), order: 61, ...USERS_META } },
    { name: 'agent-child-users', list: '/agent/child-ticketing-management', create: '/agent/change-child-ticketing', edit: '/agent/change-child-ticketing', meta: { label: 'agents.users.childTitle', parent: 'agents', icon: icon(UsergroupAddOutlined), order: 63, ...USERS_META } },
    { name: 'agent-sub-agencies', list: '/agent/config-f2', create: '/agent/change-subAgent', edit: '/agent/change-subAgent', meta: { label: 'agents.agencies.subTitle', parent: 'agents', icon: icon(ApartmentOutlined), order: 62, ...SUB_AGENCIES_META } },
    { name: 'agent-child-agencies', list: '/agent/config-child', create: '/agent/change-child', edit: '/agent/change-child', meta: { label: 'agents.agencies.childTitle', parent: 'agents', icon: icon(ApartmentOutlined), order: 64, ...CHILD_AGENCIES_META } },
    { name: 'agent-config', list: '/agent/config', meta: { label: 'agents.config.title', parent: 'agents', icon: icon(SettingOutlined), order: 65 } },
    { name: 'agent-account', list: '/agent/change-account-info', meta: { label: 'agents.account.title', parent: 'agents', icon: icon(IdcardOutlined), order: 66 } },
  ],
  routes: [
    page('/agent/ticketing-management', () => import('./pages/UsersPage'), 'agents.users.title'),
    page('/agent/change-ticketing', () => import('./pages/UserFormPage'), 'agents.users.formTitle'),
    page('/agent/child-ticketing-management', () => import('./pages/ChildUsersPage'), 'agents.users.childTitle'),
    page('/agent/change-child-ticketing', () => import('./pages/ChildUserFormPage'), 'agents.users.formTitle'),
    page('/agent/config-f2', () => import('./pages/SubAgenciesPage'), 'agents.agencies.subTitle'),
    page('/agent/change-subAgent', () => import('./pages/SubAgencyFormPage'), 'agents.agencies.formTitle'),
    page('/agent/config-child', () => import('./pages/ChildAgenciesPage'), 'agents.agencies.childTitle'),
    page('/agent/change-child', () => import('./pages/ChildAgencyFormPage'), 'agents.agencies.formTitle'),
    page('/agent/config', () => import('./pages/AgencyConfigPage'), 'agents.config.title'),
    page('/agent/change-account-info', () => import('./pages/AccountInfoPage'), 'agents.account.title'),
  ],
});
