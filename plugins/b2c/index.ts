/**
 * The B2C plugin (spec points 1 and 2): the agency's storefront settings (/b2c/config), its tours
 * (/b2c/tours, /b2c/tour/{id}, /b2c/change-tour) and the orders customers leave on the storefront
 * (/b2c/list-order), its articles (/b2c/news, news-by-tag, news/{id}, change-news) and fare-rule texts
 * (/b2c/fare-rules, change-fare-rule). Every route needs USE_B2C (policies/routes.ts). The public storefront (/s/{slug}) is a
 * separate light entry of the build (storefront.html, plugins/b2c/storefront/), not part of this plugin.
 */
import { SettingOutlined, ShopOutlined, UnorderedListOutlined, CompassOutlined, ReadOutlined, FileTextOutlined } from '@ant-design/icons';
import { definePlugin, icon, menuGroup, page, PAGES } from '../../src/sdk';
import { CONFIG_META, FARE_RULES_META, NEWS_META, ORDERS_META, RESOURCES, TOURS_META } from './api';

const newsList = () => import('./pages/NewsPage');

export const b2cPlugin = definePlugin({
  name: 'b2c',
  resources: [
    menuGroup('b2c', 'b2c.menu.group', ShopOutlined, 25),
    { name: RESOURCES.orders, list: PAGES.b2c.orders, meta: { label: 'b2c.menu.orders', icon: icon(UnorderedListOutlined), parent: 'b2c', order: 26, ...ORDERS_META } },
    { name: RESOURCES.tours, list: PAGES.b2c.tours, show: PAGES.b2c.tour, create: PAGES.b2c.changeTour, meta: { label: 'b2c.menu.tours', icon: icon(CompassOutlined), parent: 'b2c', order: 27, ...TOURS_META } },
    { name: RESOURCES.news, list: PAGES.b2c.news, show: PAGES.b2c.newsArticle, create: PAGES.b2c.changeNews, meta: { label: 'b2c.menu.news', icon: icon(ReadOutlined), parent: 'b2c', order: 27.1, ...NEWS_META } },
    { name: RESOURCES.fareRules, list: PAGES.b2c.fareRules, create: PAGES.b2c.changeFareRule, meta: { label: 'b2c.menu.fareRules', icon: icon(FileTextOutlined), parent: 'b2c', order: 27.2, ...FARE_RULES_META } },
    { name: RESOURCES.config, list: PAGES.b2c.config, meta: { label: 'b2c.menu.config', icon: icon(SettingOutlined), parent: 'b2c', order: 28, ...CONFIG_META } },
  ],
  routes: [
    page(PAGES.b2c.orders, () => import('./pages/ListOrderPage'), 'b2c.orders.title'),
    page(PAGES.b2c.tours, () => import('./pages/ToursPage'), 'b2c.tours.title'),
    page(PAGES.b2c.tour, () => import('./pages/TourPage'), 'b2c.tour.title'),
    page(PAGES.b2c.changeTour, () => import('./pages/ChangeTourPage'), 'b2c.changeTour.title'),
    page(PAGES.b2c.config, () => import('./pages/ConfigPage'), 'b2c.config.title'),
    page(PAGES.b2c.news, newsList, 'b2c.news.title'),
    page(PAGES.b2c.newsByTag, newsList, 'b2c.news.title'),
    page(PAGES.b2c.newsArticle, () => import('./pages/NewsArticlePage'), 'b2c.news.title'),
    page(PAGES.b2c.changeNews, () => import('./pages/ChangeNewsPage'), 'b2c.changeNews.createTitle'),
    page(PAGES.b2c.fareRules, () => import('./pages/FareRulesPage'), 'b2c.fareRules.title'),
    page(PAGES.b2c.changeFareRule, () => import('./pages/ChangeFareRulePage'), 'b2c.changeFareRule.createTitle'),
  ],
});
