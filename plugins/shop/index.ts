/**
 * The shop plugin (spec point 2: reverses-shop/list and reverses-shop/management, SHOP_RESERVES): seat
 * allotments the agency holds on flights, their remaining seats and release times, sales to named passengers
 * and releases of unsold seats (list), and making a new allotment on a flight and class (management).
 */
import { AppstoreAddOutlined, ContainerOutlined, InboxOutlined } from '@ant-design/icons';
import { definePlugin, icon, menuGroup, page, PAGES } from '../../src/sdk';
import { RESERVES_META, RESOURCES } from './api';

export const shopPlugin = definePlugin({
  name: 'shop',
  resources: [
    menuGroup('shop', 'shop.menu.group', InboxOutlined, 24),
    { name: RESOURCES.reserves, list: PAGES.shop.list, meta: { label: 'shop.menu.list', icon: icon(ContainerOutlined), parent: 'shop', order: 24.1, ...RESERVES_META } },
    { name: RESOURCES.management, list: PAGES.shop.management, meta: { label: 'shop.menu.management', icon: icon(AppstoreAddOutlined), parent: 'shop', order: 24.2 } },
  ],
  routes: [
    page(PAGES.shop.list, () => import('./pages/ReserveListPage'), 'shop.list.title'),
    page(PAGES.shop.management, () => import('./pages/ReserveManagementPage'), 'shop.management.title'),
  ],
  // the flight results mark flights with seats left in the agency's allotments, and sell from them
  slots: { offerTags: [() => import('./components/AllotmentTag')] },
});
