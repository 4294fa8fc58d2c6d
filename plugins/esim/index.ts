/**
 * The eSIM plugin (spec points 1, 2, 3, 4 and 6): the wholesale catalogue (/esim/products), a package's detail
 * (/esim/product-detail), the cart drawer reachable from every eSIM page, and the orders (/esim/list-order,
 * /esim/list-order/{id}) with each eSIM's QR code, usage, top-up, refund and e-mail. Every route needs USE_ESIM
 * (policies/routes.ts); the menu entries, and so the home page's quick links, show to its holders only.
 */
import { CreditCardOutlined, ShoppingOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { definePlugin, icon, menuGroup, page, PAGES } from '../../src/sdk';
import { ORDERS_META, PRODUCTS_META, RESOURCES } from './api';

export const esimPlugin = definePlugin({
  name: 'esim',
  resources: [
    menuGroup('esim', 'esim.menu.group', CreditCardOutlined, 20),
    { name: RESOURCES.products, list: PAGES.esim.products, show: PAGES.esim.productDetail, meta: { label: 'esim.menu.products', icon: icon(ShoppingOutlined), parent: 'esim', order: 21, ...PRODUCTS_META } },
    { name: RESOURCES.orders, list: PAGES.esim.orders, show: PAGES.esim.order, meta: { label: 'esim.menu.orders', icon: icon(UnorderedListOutlined), parent: 'esim', order: 22, ...ORDERS_META } },
  ],
  routes: [
    page(PAGES.esim.products, () => import('./pages/ProductsPage'), 'esim.products.title'),
    page(PAGES.esim.productDetail, () => import('./pages/ProductDetailPage'), 'esim.detail.title'),
    page(PAGES.esim.orders, () => import('./pages/OrdersPage'), 'esim.orders.title'),
    page(PAGES.esim.order, () => import('./pages/OrderDetailPage'), 'esim.order.title'),
  ],
});
