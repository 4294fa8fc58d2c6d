/**
 * The news plugin: what the agency publishes to its users — news articles (/agent/news, news-by-tag,
 * news/:id; writers' /agent/change-news), home-page banners (/banner) and online-support contacts
 * (/agent/online-support, change-online-support, online-support-config) — and, on every signed-in page, the
 * notification bell and the online-support panel (header slot; the support entry sits at the foot of the
 * side-menu drawer on narrow screens).
 */
import { CustomerServiceOutlined, EditOutlined, NotificationOutlined, PictureOutlined, ReadOutlined, SettingOutlined } from '@ant-design/icons';
import { definePlugin, icon, menuGroup, page, PAGES } from '../../src/sdk';
import { RESOURCES } from './api';
// the bell and the support panel load after the shell (each its own chunk)
import { LazyNotificationBell, LazySupportPanel } from './components/lazy-slots';

const newsList = () => import('./pages/NewsListPage');

export const newsPlugin = definePlugin({
  name: 'news',
  resources: [
    menuGroup('content', 'news.menu.group', NotificationOutlined, 80),
    { name: RESOURCES.news, list: PAGES.news.list, show: PAGES.news.article, meta: { label: 'news.menu.news', icon: icon(ReadOutlined), tag: 'News', parent: 'content', order: 81 } },
    { name: RESOURCES.newsManage, list: '/agent/change-news', meta: { label: 'news.menu.manage', icon: icon(EditOutlined), tag: 'News', parent: 'content', order: 82 } },
    { name: RESOURCES.banners, list: '/banner', meta: { label: 'news.menu.banners', icon: icon(PictureOutlined), tag: 'AgentAds', parent: 'content', order: 83 } },
    { name: RESOURCES.support, list: '/agent/online-support', meta: { label: 'news.menu.supportAdmin', icon: icon(SettingOutlined), tag: 'OnlineSupport', parent: 'content', order: 85 } },
    { name: 'online-support-contacts', list: '/agent/online-support-config', meta: { label: 'news.menu.support', icon: icon(CustomerServiceOutlined), parent: 'content', order: 84 } },
  ],
  routes: [
    page(PAGES.news.list, newsList, 'news.list.title'),
    page(PAGES.news.byTag, newsList, 'news.list.title'),
    page(PAGES.news.article, () => import('./pages/NewsArticlePage'), 'news.article.title'),
    page('/agent/change-news', () => import('./pages/ChangeNewsPage'), 'news.manage.title'),
    page('/banner', () => import('./pages/BannersPage'), 'banner.page.title'),
    page('/agent/online-support', () => import('./pages/SupportAdminPage'), 'support.admin.title'),
    page('/agent/change-online-support', () => import('./pages/ChangeSupportPage'), 'support.form.createTitle'),
    page('/agent/online-support-config', () => import('./pages/SupportContactsPage'), 'support.view.title'),
  ],
  slots: {
    header: [
      { key: 'notifications', component: LazyNotificationBell, order: 20 },
      { key: 'support', component: LazySupportPanel, order: 30, narrow: 'menu' },
    ],
  },
});
