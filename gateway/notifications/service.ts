/**
 * Notifications of the header bell: one row per user, titled in vi and en. `notify` writes them inside the
 * caller's transaction; news publishing uses `notifyAudience`, later issues `notifyTopUpApproved` and
 * `notifyHoldExpiring`. The bell lists the unread count and the latest 20; reading one, or all, marks them.
 */
import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../contract/constants';
import type { NotificationList } from '../../contract/content';
import type { NotificationContent, Notifier } from '../platform/notifier';
import { subtreeOf } from '../platform/tenancy/scope';
import type { Conn } from '../platform/db/client';
import { agencies, notifications, users } from '../platform/db/schema';

/** Notifies the given users (one row each). */
export async function notify(conn: Conn, userIds: readonly number[], content: NotificationContent, now: Date = new Date()): Promise<number> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return 0;
  await conn.insert(notifications).values(
    ids.map((userId) => ({
      userId,
      type: content.type,
      titleVi: content.titleVi,
      titleEn: content.titleEn,
      body: content.body ?? null,
      link: content.link ?? null,
      createdAt: now,
    })),
  );
  return ids.length;
}

/**
 * Notifies the unlocked users of an agency's subtree whose agency level is in `levels` (3 = 3 and deeper),
 * except `exceptUserId`. Returns how many were notified.
 */
export async function notifyAudience(
  conn: Conn,
  agencyId: number,
  levels: readonly number[],
  content: NotificationContent,
  exceptUserId: number | null = null,
): Promise<number> {
  const filters: SQL[] = [
    inArray(users.agencyId, subtreeOf(agencyId)),
    eq(users.locked, false),
    inArray(sql`least(${agencies.level}, 3)`, [...levels]),
  ];
  if (exceptUserId !== null) filters.push(ne(users.id, exceptUserId));
  const rows = await conn
    .select({ id: users.id })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(and(...filters));
  return notify(
    conn,
    rows.map((r) => r.id),
    content,
  );
}

/** For the deposit issue: a top-up was approved (amount in integer VND). */
export function notifyTopUpApproved(conn: Conn, userId: number, amountVnd: number, link: string | null = null): Promise<number> {
  const amount = amountVnd.toLocaleString('vi-VN');
  return notify(conn, [userId], {
    type: 'topup_approved',
    titleVi: `Yêu cầu nạp ${amount} VND đã được duyệt`,
    titleEn: `Your top-up of ${amountVnd.toLocaleString('en-US')} VND was approved`,
    link,
  });
}

/** For the booking issue: a held booking is about to expire. */
export function notifyHoldExpiring(conn: Conn, userId: number, pnr: string, timeLimit: Date, link: string | null = null): Promise<number> {
  const at = timeLimit.toISOString().slice(0, 16).replace('T', ' ');
  return notify(conn, [userId], {
    type: 'hold_expiring',
    titleVi: `Đặt chỗ ${pnr} sắp hết hạn giữ chỗ`,
    titleEn: `Booking ${pnr} is about to expire`,
    body: `${at} UTC`,
    link,
  });
}

export async function listNotifications(conn: Conn, userId: number, lang: Language): Promise<NotificationList> {
  const [counts] = await conn
    .select({ all: count(), read: count(notifications.readAt) })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  const rows = await conn
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(20);
  return {
    unread: (counts?.all ?? 0) - (counts?.read ?? 0),
    total: counts?.all ?? 0,
    data: rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: lang === 'en' ? r.titleEn : r.titleVi,
      body: r.body,
      link: r.link,
      read: r.readAt !== null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** The notifier every other module is handed in the gateway context. */
export const notifier: Notifier = {
  notify,
  notifyAudience,
  topUpApproved: notifyTopUpApproved,
  holdExpiring: notifyHoldExpiring,
};
