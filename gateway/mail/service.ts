/** Outgoing e-mail is queued in the outbox table (a mail transport can drain it later). */
import { desc } from 'drizzle-orm';
import type { Conn } from '../platform/db/client';
import { outbox } from '../platform/db/schema';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

export async function queueMail(conn: Conn, mail: Mail, now: Date = new Date()): Promise<void> {
  await conn.insert(outbox).values({ toAddress: mail.to, subject: mail.subject, body: mail.body, createdAt: now });
}

export function latestMails(conn: Conn, limit: number) {
  return conn.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
}
