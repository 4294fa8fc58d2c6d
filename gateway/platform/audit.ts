/** Writing audit entries (always inside the caller's transaction) and the request facts they record. */
import type { Conn } from './db/client';
import { auditLog } from './db/schema';

/** Who asked, from where: taken from the request by the routes, passed to the services. */
export interface RequestMeta {
  ip: string;
  requestId: string;
  userAgent: string | null;
}

export type AuditAction =
  | 'auth.login'
  | 'auth.logout'
  | 'auth.lockout'
  | 'auth.refresh_reuse'
  | 'auth.password_changed'
  | 'auth.password_reset_requested'
  | 'auth.password_reset'
  | 'admin.user_created'
  | 'admin.password_reset'
  | 'group.created'
  | 'group.updated'
  | 'group.deleted'
  | 'user.created'
  | 'user.updated'
  | 'user.locked'
  | 'user.unlocked'
  | 'user.password_reset'
  | 'agency.created'
  | 'agency.updated'
  | 'agency.status_changed'
  | 'agency.config_updated'
  | 'profile.updated'
  | 'profile.pin_set'
  | 'signin.created'
  | 'signin.updated'
  | 'signin.deleted'
  | 'fees.replaced'
  | 'news.created'
  | 'news.updated'
  | 'news.deleted'
  | 'banner.created'
  | 'banner.updated'
  | 'banner.deleted'
  | 'upload.created'
  | 'support.created'
  | 'support.updated'
  | 'support.deleted'
  | 'ledger.entry_posted'
  | 'deposit.topup_requested'
  | 'deposit.topup_approved'
  | 'deposit.topup_rejected'
  | 'booking.issued'
  | 'booking.issue_failed'
  | 'booking.voided'
  | 'booking.cancelled'
  | 'booking.refunded'
  | 'booking.pin_wrong'
  | 'booking.mailed'
  // eSIM
  | 'esim.ordered'
  | 'esim.order_failed'
  | 'esim.topped_up'
  | 'esim.refunded'
  | 'esim.mailed'
  // desk: support requests to the provider
  | 'support_request.created'
  | 'support_request.replied'
  | 'support_request.answered'
  | 'support_request.closed'
  // after-sale
  | 'aftersale.edited'
  | 'aftersale.failed'
  // sched: an airline's schedule change reached a PNR
  | 'aftersale.scheduleChanged'
  // QR top-ups and statement matching
  | 'qr.account_set'
  | 'qr.statement_imported'
  | 'qr.statement_matched'
  // B2C storefront
  | 'b2c.config.saved'
  | 'b2c.tour.created'
  | 'b2c.tour.updated'
  | 'b2c.order.status'
  | 'b2c.order.payment'
  | 'b2c.order.refund'
  // reliability: the operators' outbox screen
  | 'outbox.retried'
  | 'outbox.abandoned'
  // b2c: storefront articles and fare rules
  | 'b2c.news.created'
  | 'b2c.news.updated'
  | 'b2c.news.deleted'
  | 'b2c.fareRule.created'
  | 'b2c.fareRule.updated'
  | 'b2c.fareRule.deleted';

export interface AuditEntry {
  userId: number | null;
  agencyId: number | null;
  action: AuditAction;
  target?: string | null;
  detail?: Record<string, unknown>;
}

export async function writeAudit(conn: Conn, entry: AuditEntry, meta?: RequestMeta): Promise<void> {
  await conn.insert(auditLog).values({
    userId: entry.userId,
    agencyId: entry.agencyId,
    action: entry.action,
    target: entry.target ?? null,
    ip: meta?.ip ?? null,
    requestId: meta?.requestId ?? null,
    detail: entry.detail ?? null,
  });
}
