/** The bell's endpoints: the caller's notifications, marking one or all read. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMIN_API } from '../../contract/admin-paths';
import { idParam } from '../../contract/agents';
import { okResult } from '../../contract/auth';
import { notificationList } from '../../contract/content';
import { ErrorCode } from '../../contract/errors';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { notifications } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { requireAuth } from '../platform/tenancy/scope';
import { listNotifications } from './service';

export function registerNotificationRoutes(app: FastifyInstance, deps: AccessDeps): void {
  const tags = ['notifications'];
  const { db } = deps;

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.notifications,
    tags,
    summary: 'The caller’s unread count and latest 20 notifications (titles in the caller’s language)',
    response: notificationList,
    handler: ({ auth, lang }) => listNotifications(db, requireAuth(auth).user.id, lang),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ADMIN_API.notificationRead,
    tags,
    summary: 'Mark one of the caller’s notifications read',
    params: idParam,
    response: okResult,
    handler: async ({ auth, params }) => {
      const ctx = requireAuth(auth);
      const done = await db.transaction((tx) =>
        tx
          .update(notifications)
          .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
          .where(and(eq(notifications.id, params.id), eq(notifications.userId, ctx.user.id)))
          .returning({ id: notifications.id }),
      );
      if (done.length === 0) throw new ApiError(ErrorCode.NOT_FOUND);
      return { ok: true as const };
    },
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ADMIN_API.notificationsReadAll,
    tags,
    summary: 'Mark all of the caller’s notifications read',
    response: okResult,
    handler: async ({ auth }) => {
      const ctx = requireAuth(auth);
      await db.transaction((tx) =>
        tx
          .update(notifications)
          .set({ readAt: new Date() })
          .where(and(eq(notifications.userId, ctx.user.id), isNull(notifications.readAt))),
      );
      return { ok: true as const };
    },
  });
}
