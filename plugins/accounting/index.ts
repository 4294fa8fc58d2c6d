/**
 * The accounting plugin: the deposit screens (docs/ledger.md) — top-up requests and their approval, the
 * deposit with its entries, and the deposit report. Rules come from policies/routes.ts (spec point 2).
 * The header balance is a shell component (src/ui/deposit), mounted on every signed-in page.
 */
import { createElement, lazy } from 'react';
import { AccountBookOutlined, BarChartOutlined, PlusCircleOutlined, UnorderedListOutlined, WalletOutlined } from '@ant-design/icons';
import { definePlugin } from '../../src/sdk';
import { ENTRIES_META, RESOURCES, TOPUPS_META } from './api';

const icon = createElement;

export const accountingPlugin = definePlugin({
  name: 'accounting',
  resources: [
    { name: RESOURCES.topUps, list: '/accounting/deposit-topup', create: '/accounting/deposit-topup/add', meta: { label: 'accounting.list.title', tag: 'Deposit', ...TOPUPS_META } },
    { name: RESOURCES.entries, list: '/accounting/view-deposit', meta: { label: 'accounting.view.title', tag: 'Deposit', ...ENTRIES_META } },
  ],
  routes: [
    { path: '/accounting/deposit-topup', component: lazy(() => import('./pages/TopUpListPage')), title: 'accounting.list.title' },
    { path: '/accounting/deposit-topup/add', component: lazy(() => import('./pages/TopUpAddPage')), title: 'accounting.add.title' },
    { path: '/accounting/view-deposit', component: lazy(() => import('./pages/ViewDepositPage')), title: 'accounting.view.title' },
    { path: '/accounting/deposit-report', component: lazy(() => import('./pages/DepositReportPage')), title: 'accounting.report.title' },
  ],
  menu: [
    { key: 'accounting', label: 'accounting.menu.group', icon: icon(AccountBookOutlined), order: 60 },
    { key: 'accounting-view', parent: 'accounting', label: 'accounting.view.title', path: '/accounting/view-deposit', icon: icon(WalletOutlined), order: 61 },
    { key: 'accounting-topups', parent: 'accounting', label: 'accounting.list.title', path: '/accounting/deposit-topup', icon: icon(UnorderedListOutlined), order: 62 },
    { key: 'accounting-add', parent: 'accounting', label: 'accounting.add.title', path: '/accounting/deposit-topup/add', icon: icon(PlusCircleOutlined), order: 63 },
    { key: 'accounting-report', parent: 'accounting', label: 'accounting.report.title', path: '/accounting/deposit-report', icon: icon(BarChartOutlined), order: 64 },
  ],
});
