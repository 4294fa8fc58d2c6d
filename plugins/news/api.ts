/**
 * The resources of the news plugin (news, banners, online support): lists and writes go through Refine's
 * data hooks with these metas; uploads go through the shell's one upload hook.
 */
import { ADMIN_API } from '../../contract/admin-paths';

/** Refine resource names; they double as the cache tags of spec point 7 (News, AgentAds, OnlineSupport). */
export const RESOURCES = {
  news: 'news',
  newsManage: 'news-manage',
  banners: 'banners',
  support: 'online-support',
} as const;

export const NEWS_META = { path: ADMIN_API.news };
export const NEWS_MANAGE_META = { path: ADMIN_API.newsManage };
export const BANNERS_META = { path: ADMIN_API.banners };
export const SUPPORT_META = { path: ADMIN_API.supportContacts };
