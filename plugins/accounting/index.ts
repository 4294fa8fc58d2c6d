/**
 * The accounting plugin: the deposit screens (docs/ledger.md) — top-up requests and their approval, the
 * deposit with its entries, and the deposit report — and the live deposit balance it puts in the header
 * (header slot). Rules come from policies/routes.ts (spec point 2).
 */
import { AccountBookOutlined, BarChartOutlined, PlusCircleOutlined, UnorderedListOutlined, WalletOutlined } from '@ant-design/icons';
import { definePlugin, icon, menuGroup, page } from '../../src/sdk';
import { ENTRIES_META, RESOURCES, TOPUPS_META } from './api';
import { DepositBalance } from './components/DepositBalance';

export const accountingPlugin = definePlugin({
  name: 'accounting',
  resources: [
    menuGroup('accounting', 'accounting.menu.group', AccountBookOutlined, 60),
    { name: RESOURCES.topUps, list: '/accounting/deposit-topup', create: '/accounting/deposit-topup/add', meta: { label: 'accounting.list.title', tag: 'Deposit', ...TOPUPS_META, parent: 'accounting', icon: icon(UnorderedListOutlined), order: 62 } },
    { name: RESOURCES.entries, list: '/accounting/view-deposit', meta: { label: 'accounting.view.title', tag: 'Deposit', ...ENTRIES_META, parent: 'accounting', icon: icon(WalletOutlined), order: 61 } },
    // menu entries of pages without data of their own (after the data resources, so routes resolve to those)
    { name: 'accounting-topup-add', list: '/accounting/deposit-topup/add', meta: { label: 'accounting.add.title', parent: 'accounting', icon: icon(PlusCircleOutlined), order: 63 } },
    { name: 'accounting-report', list: '/accounting/deposit-report', meta: { label: 'accounting.report.title', parent: 'accounting', icon: icon(BarChartOutlined), order: 64 } },
  ],
  routes: [
    page('/accounting/deposit-topup', () => import('./pages/TopUpListPage'), 'accounting.list.title'),
    page('/accounting/deposit-topup/add', () => import('./pages/TopUpAddPage'), 'accounting.add.title'),
    page('/accounting/view-deposit', () => import('./pages/ViewDepositPage'), 'accounting.view.title'),
    page('/accounting/deposit-report', () => import('./pages/DepositReportPage'), 'accounting.report.title'),
  ],
  slots: {
    header: [{ key: 'deposit-balance', component: DepositBalance, order: 10 }],
  },
});
