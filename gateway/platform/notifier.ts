/**
 * Notifications of the header bell, as the other modules send them: always inside the caller's transaction.
 * The notifications module implements it; buildApp hands it to every module in the context.
 */
import type { NotificationType } from '../../contract/content';
import type { Conn } from './db/client';

export interface NotificationContent {
  type: NotificationType;
  titleVi: string;
  titleEn: string;
  body?: string | null;
  link?: string | null;
}

export interface Notifier {
  /** Notifies the given users (one row each); answers how many. */
  notify(conn: Conn, userIds: readonly number[], content: NotificationContent, now?: Date): Promise<number>;
  /** The unlocked users of an agency's subtree whose agency level is in `levels` (3 = 3 and deeper). */
  notifyAudience(conn: Conn, agencyId: number, levels: readonly number[], content: NotificationContent, exceptUserId?: number | null): Promise<number>;
  /** A top-up was approved (amount in integer VND). */
  topUpApproved(conn: Conn, userId: number, amountVnd: number, link?: string | null): Promise<number>;
  /** A held booking is about to expire. */
  holdExpiring(conn: Conn, userId: number, pnr: string, timeLimit: Date, link?: string | null): Promise<number>;
}
