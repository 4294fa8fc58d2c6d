/**
 * The news plugin: what the agency publishes to its users — news articles (/agent/news, news-by-tag,
 * news/:id; writers' /agent/change-news), home-page banners (/banner) and online-support contacts
 * (/agent/online-support, change-online-support, online-support-config). The notification bell and the
 * floating support panel are shell components (src/ui), mounted on every signed-in page.
 */
import { createElement, lazy } from 'react';
import { CustomerServiceOutlined, EditOutlined, PictureOutlined, ReadOutlined, SettingOutlined, NotificationOutlined } from '@ant-design/icons';
import { definePlugin } from '../../src/sdk';
import { RESOURCES } from './api';

const NewsListPage = lazy(() => import('./pages/NewsListPage'));

export const newsPlugin = definePlugin({
  name: 'news',
  resources: [
    { name: RESOURCES.news, list: '/agent/news', show: '/agent/news/:id', meta: { label: 'news.menu.news', icon: createElement(ReadOutlined), tag: 'News' } },
    { name: RESOURCES.newsManage, list: '/agent/change-news', meta: { label: 'news.menu.manage', icon: createElement(EditOutlined), tag: 'News' } },
    { name: RESOURCES.banners, list: '/banner', meta: { label: 'news.menu.banners', icon: createElement(PictureOutlined), tag: 'AgentAds' } },
    { name: RESOURCES.support, list: '/agent/online-support', meta: { label: 'news.menu.supportAdmin', icon: createElement(SettingOutlined), tag: 'OnlineSupport' } },
  ],
  routes: [
    { path: '/agent/news', component: NewsListPage, title: 'news.list.title' },
    { path: '/agent/news-by-tag', component: NewsListPage, title: 'news.list.title' },
    { path: '/agent/news/:id', component: lazy(() => import('./pages/NewsArticlePage')), title: 'news.article.title' },
    { path: '/agent/change-news', component: lazy(() => import('./pages/ChangeNewsPage')), title: 'news.manage.title' },
    { path: '/banner', component: lazy(() => import('./pages/BannersPage')), title: 'banner.page.title' },
    { path: '/agent/online-support', component: lazy(() => import('./pages/SupportAdminPage')), title: 'support.admin.title' },
    { path: '/agent/change-online-support', component: lazy(() => import('./pages/ChangeSupportPage')), title: 'support.form.createTitle' },
    { path: '/agent/online-support-config', component: lazy(() => import('./pages/SupportContactsPage')), title: 'support.view.title' },
  ],
  menu: [
    { key: 'content', label: 'news.menu.group', icon: createElement(NotificationOutlined), order: 80 },
    { key: 'news-list', label: 'news.menu.news', path: '/agent/news', icon: createElement(ReadOutlined), parent: 'content' },
    { key: 'news-manage', label: 'news.menu.manage', path: '/agent/change-news', icon: createElement(EditOutlined), parent: 'content' },
    { key: 'banners', label: 'news.menu.banners', path: '/banner', icon: createElement(PictureOutlined), parent: 'content' },
    { key: 'support-view', label: 'news.menu.support', path: '/agent/online-support-config', icon: createElement(CustomerServiceOutlined), parent: 'content' },
    { key: 'support-admin', label: 'news.menu.supportAdmin', path: '/agent/online-support', icon: createElement(SettingOutlined), parent: 'content' },
  ],
});
