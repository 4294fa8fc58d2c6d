/**
 * Content the agency publishes to its users: uploads, news, banners, online-support contacts and the
 * notifications of the header bell.
 */
import { z } from 'zod';
import { listOf } from './list';
import { httpUrl, page, pageSize, phone } from './agents';
import { UPLOAD_MAX_BYTES } from './validators';

// ---------------------------------------------------------------- uploads

/** Base64 length of the largest allowed file, plus slack so an oversize file is told apart from garbage. */
const BASE64_MAX = Math.ceil((UPLOAD_MAX_BYTES * 1.2) / 3) * 4;

export const uploadRequest = z.object({
  fileName: z.string().trim().min(1).max(200),
  contentBase64: z.string().max(BASE64_MAX),
  kind: z.enum(['image', 'file']),
});

export const uploadResult = z.object({
  id: z.uuid(),
  /** Where the file is served (GET, no token needed: the id is unguessable). */
  url: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  kind: z.enum(['image', 'file']),
});

// ---------------------------------------------------------------- news

/** Agency levels an article is for: 1 (F1), 2 (F2), 3 (level 3 and deeper). */
export const AUDIENCE_LEVELS = [1, 2, 3] as const;
export const NEWS_STATUSES = ['draft', 'published'] as const;

const isoDateTime = z.iso.datetime({ offset: true });
const tag = z.string().trim().min(1).max(40);

export const newsInput = z.object({
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().max(500).nullable().default(null),
  tags: z.array(tag).max(10).default([]),
  coverUploadId: z.uuid().nullable().default(null),
  /** Rich text HTML; sanitised by the gateway (no script, event handler or javascript: URL survives). */
  bodyHtml: z.string().max(200_000),
  status: z.enum(NEWS_STATUSES).default('draft'),
  publishFrom: isoDateTime.nullable().default(null),
  publishTo: isoDateTime.nullable().default(null),
  audience: z.array(z.union([z.literal(1), z.literal(2), z.literal(3)])).min(1).max(3).default([1, 2, 3]),
});

export const newsUpdate = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  summary: z.string().trim().max(500).nullable().optional(),
  tags: z.array(tag).max(10).optional(),
  coverUploadId: z.uuid().nullable().optional(),
  bodyHtml: z.string().max(200_000).optional(),
  status: z.enum(NEWS_STATUSES).optional(),
  publishFrom: isoDateTime.nullable().optional(),
  publishTo: isoDateTime.nullable().optional(),
  audience: z.array(z.union([z.literal(1), z.literal(2), z.literal(3)])).min(1).max(3).optional(),
});

export const newsArticle = z.object({
  id: z.number().int(),
  agencyId: z.number().int(),
  title: z.string(),
  summary: z.string().nullable(),
  tags: z.array(z.string()),
  coverUploadId: z.string().nullable(),
  coverUrl: z.string().nullable(),
  bodyHtml: z.string(),
  status: z.enum(NEWS_STATUSES),
  publishFrom: z.string().nullable(),
  publishTo: z.string().nullable(),
  audience: z.array(z.number().int()),
  authorName: z.string().nullable(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});

/** A list entry: the article without its body. */
export const newsSummary = newsArticle.omit({ bodyHtml: true });

export const newsQuery = z.object({
  page,
  pageSize,
  q: z.string().trim().max(100).optional(),
  tag: tag.optional(),
  status: z.enum(NEWS_STATUSES).optional(),
});

export const newsPage = listOf(newsSummary);

export const newsTags = listOf(z.object({ tag: z.string(), count: z.number().int() }));

// ---------------------------------------------------------------- banners

export const bannerInput = z.object({
  title: z.string().trim().min(1).max(200),
  imageUploadId: z.uuid(),
  /** http or https only. */
  link: httpUrl.nullable().default(null),
  sortOrder: z.number().int().min(0).max(999).default(0),
  startsAt: isoDateTime.nullable().default(null),
  endsAt: isoDateTime.nullable().default(null),
  active: z.boolean().default(true),
});

export const bannerUpdate = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  imageUploadId: z.uuid().optional(),
  link: httpUrl.nullable().optional(),
  sortOrder: z.number().int().min(0).max(999).optional(),
  startsAt: isoDateTime.nullable().optional(),
  endsAt: isoDateTime.nullable().optional(),
  active: z.boolean().optional(),
});

export const banner = z.object({
  id: z.number().int(),
  agencyId: z.number().int(),
  title: z.string(),
  imageUploadId: z.string(),
  imageUrl: z.string(),
  link: z.string().nullable(),
  sortOrder: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
});

export const bannerList = listOf(banner);

// ---------------------------------------------------------------- online support

export const supportInput = z.object({
  name: z.string().trim().min(1).max(100),
  phone: phone.nullable().default(null),
  /** Zalo phone number or id. */
  zalo: z.string().trim().max(60).nullable().default(null),
  /** Working hours, free text ("8:00–22:00, T2–CN"). */
  hours: z.string().trim().max(100).nullable().default(null),
  /** What to ask this contact about ("Vé quốc tế", "Nạp tiền"). */
  topic: z.string().trim().max(100).nullable().default(null),
  sortOrder: z.number().int().min(0).max(999).default(0),
  active: z.boolean().default(true),
});

/** Fields left out stay as they are (no defaults apply to a change). */
export const supportUpdate = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  phone: phone.nullable().optional(),
  zalo: z.string().trim().max(60).nullable().optional(),
  hours: z.string().trim().max(100).nullable().optional(),
  topic: z.string().trim().max(100).nullable().optional(),
  sortOrder: z.number().int().min(0).max(999).optional(),
  active: z.boolean().optional(),
});

export const supportContact = z.object({
  id: z.number().int(),
  agencyId: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  zalo: z.string().nullable(),
  hours: z.string().nullable(),
  topic: z.string().nullable(),
  sortOrder: z.number().int(),
  active: z.boolean(),
});

export const supportList = listOf(supportContact).extend({
  /** True when the contacts shown are those of an ancestor agency (the caller's has none). */
  inherited: z.boolean(),
});

// ---------------------------------------------------------------- notifications

export const NOTIFICATION_TYPES = [
  'news', 'topup_approved', 'topup_rejected', 'hold_expiring', 'system',
  // desk: support requests and booking reminders
  'support_request', 'support_reply', 'booking_remind',
  // sched: an airline changed a booked flight
  'schedule_change',
] as const;

export const notification = z.object({
  id: z.number().int(),
  type: z.string(),
  /** In the caller's language. */
  title: z.string(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});

/** The latest 20 (`total` counts them too), and how many of all are unread. */
export const notificationList = listOf(notification).extend({
  unread: z.number().int(),
});

export type UploadRequest = z.infer<typeof uploadRequest>;
export type UploadResult = z.infer<typeof uploadResult>;
export type NewsInput = z.infer<typeof newsInput>;
export type NewsUpdate = z.infer<typeof newsUpdate>;
export type NewsArticle = z.infer<typeof newsArticle>;
export type NewsSummary = z.infer<typeof newsSummary>;
export type NewsQuery = z.infer<typeof newsQuery>;
export type NewsPage = z.infer<typeof newsPage>;
export type BannerInput = z.infer<typeof bannerInput>;
export type BannerUpdate = z.infer<typeof bannerUpdate>;
export type Banner = z.infer<typeof banner>;
export type SupportInput = z.infer<typeof supportInput>;
export type SupportUpdate = z.infer<typeof supportUpdate>;
export type SupportContact = z.infer<typeof supportContact>;
export type SupportList = z.infer<typeof supportList>;
export type NotificationEntry = z.infer<typeof notification>;
export type NotificationList = z.infer<typeof notificationList>;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
