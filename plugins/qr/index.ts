/**
 * The QR plugin (spec point 2: qr, qr/{id}): VietQR top-ups of the deposit for F2 agencies, the F1's
 * management of its sub-agencies' QR accounts, and the bank statement import that matches the transfers
 * (accounting/bank-statement, for who approves top-ups).
 */
import { FileSearchOutlined, QrcodeOutlined } from '@ant-design/icons';
import { definePlugin, icon, page, PAGES } from '../../src/sdk';
import { ACCOUNTS_META, LINES_META, RESOURCES, TOPUPS_META } from './api';

export const qrPlugin = definePlugin({
  name: 'qr',
  resources: [
    { name: RESOURCES.topUps, list: PAGES.qr.topUp, meta: { label: 'qr.menu.topUp', icon: icon(QrcodeOutlined), order: 66, ...TOPUPS_META } },
    { name: RESOURCES.accounts, edit: PAGES.qr.account, meta: { label: 'qr.menu.accounts', hide: true, ...ACCOUNTS_META } },
    { name: RESOURCES.lines, list: PAGES.qr.statement, meta: { label: 'qr.menu.statement', icon: icon(FileSearchOutlined), parent: 'accounting', order: 79, ...LINES_META } },
  ],
  routes: [
    page(PAGES.qr.topUp, () => import('./pages/QrPage'), 'qr.page.title'),
    page(PAGES.qr.account, () => import('./pages/QrAccountPage'), 'qr.account.title'),
    page(PAGES.qr.statement, () => import('./pages/StatementPage'), 'qr.statement.title'),
  ],
});
