/**
 * The accounting plugin: the deposit screens (docs/ledger.md) — top-up requests and their approval, the
 * deposit with its entries, and the deposit report — and the live deposit balance it puts in the header
 * (header slot). Rules come from policies/routes.ts (spec point 2).
 */
import {
  AccountBookOutlined,
  AreaChartOutlined,
  BarChartOutlined,
  DollarOutlined,
  FileSearchOutlined,
  FundOutlined,
  LineChartOutlined,
  PieChartOutlined,
  PlusCircleOutlined,
  UnorderedListOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { reportPath, type ReportName } from '../../contract/accounting';
import { definePlugin, icon, menuGroup, page } from '../../src/sdk';
import { ENTRIES_META, RESOURCES, TOPUPS_META } from './api';
import { DepositBalance } from './components/DepositBalance';
import { reportKey, reportResource, reportRoute } from './model/reports';

/** The report screens (docs/reports.md): each its resource (menu entry and list path) and its lazy page. */
const REPORT_PAGES: { report: ReportName; icon: typeof AreaChartOutlined; load: Parameters<typeof page>[1] }[] = [
  { report: 'sale-report', icon: LineChartOutlined, load: () => import('./pages/SaleReportPage') },
  { report: 'flight-data-report', icon: FileSearchOutlined, load: () => import('./pages/FlightDataReportPage') },
  { report: 'debit-report', icon: FundOutlined, load: () => import('./pages/DebitReportPage') },
  { report: 'debit-total-report', icon: AreaChartOutlined, load: () => import('./pages/DebitTotalReportPage') },
  { report: 'income-report', icon: DollarOutlined, load: () => import('./pages/IncomeReportPage') },
  { report: 'vna-summary-report', icon: PieChartOutlined, load: () => import('./pages/VnaSummaryReportPage') },
];

export const accountingPlugin = definePlugin({
  name: 'accounting',
  resources: [
    menuGroup('accounting', 'accounting.menu.group', AccountBookOutlined, 60),
    { name: RESOURCES.topUps, list: '/accounting/deposit-topup', create: '/accounting/deposit-topup/add', meta: { label: 'accounting.list.title', tag: 'Deposit', ...TOPUPS_META, parent: 'accounting', icon: icon(UnorderedListOutlined), order: 62 } },
    { name: RESOURCES.entries, list: '/accounting/view-deposit', meta: { label: 'accounting.view.title', tag: 'Deposit', ...ENTRIES_META, parent: 'accounting', icon: icon(WalletOutlined), order: 61 } },
    // menu entries of pages without data of their own (after the data resources, so routes resolve to those)
    { name: 'accounting-topup-add', list: '/accounting/deposit-topup/add', meta: { label: 'accounting.add.title', parent: 'accounting', icon: icon(PlusCircleOutlined), order: 63 } },
    { name: 'accounting-report', list: '/accounting/deposit-report', meta: { label: 'accounting.report.title', parent: 'accounting', icon: icon(BarChartOutlined), order: 64 } },
    // the reports
    ...REPORT_PAGES.map((r, i) => ({
      name: reportResource(r.report),
      list: reportRoute(r.report),
      meta: { label: `${reportKey(r.report)}.title`, path: reportPath(r.report), parent: 'accounting', icon: icon(r.icon), order: 65 + i },
    })),
  ],
  routes: [
    page('/accounting/deposit-topup', () => import('./pages/TopUpListPage'), 'accounting.list.title'),
    page('/accounting/deposit-topup/add', () => import('./pages/TopUpAddPage'), 'accounting.add.title'),
    page('/accounting/view-deposit', () => import('./pages/ViewDepositPage'), 'accounting.view.title'),
    page('/accounting/deposit-report', () => import('./pages/DepositReportPage'), 'accounting.report.title'),
    ...REPORT_PAGES.map((r) => page(reportRoute(r.report), r.load, `${reportKey(r.report)}.title`)),
  ],
  slots: {
    header: [{ key: 'deposit-balance', component: DepositBalance, order: 10 }],
  },
});
