/**
 * /booking/remind: the holds of the caller's booking scope whose time limit is near (within `withinHours`)
 * and the PNRs with a waitlisted (HL) segment; the same list as an xlsx file; and the reminder job that tells
 * a booking's agent (the bell and an e-mail through the outbox) once per booking and threshold
 * (remind-rule.ts), run on the gateway's clock beside the hold expiry.
 */
import type { Writable } from 'node:stream';
import { and, asc, count, eq, gt, ilike, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../contract/constants';
import { REMIND_THRESHOLDS, type RemindList, type RemindRow } from '../../contract/desk';
import { PAGES } from '../../contract/pages';
import en from '../../locales/en/translation.json' with { type: 'json' };
import vi from '../../locales/vi/translation.json' with { type: 'json' };
import { bookingScope } from '../bookings/service';
import { queueMail } from '../mail/service';
import type { Db } from '../platform/db/client';
import { agencies, bookingReminders, bookings, pnrs, users } from '../platform/db/schema';
import type { Notifier } from '../platform/notifier';
import type { UserContext } from '../platform/tenancy/users';
import { writeXlsx, xlsxVietnamTime } from '../platform/xlsx';
import { reminderDue } from './remind-rule';
import { containsPattern } from '../platform/db/like';

export interface RemindFilters {
  kind?: 'timeLimit' | 'waitlist';
  withinHours: number;
  airline?: string;
  q?: string;
}

interface Leg {
  from: string;
  to: string;
  flightNo: string;
  departDate: string;
  status?: string;
}

const HL = sql`${pnrs.routeInfos} @> '[{"status":"HL"}]'::jsonb`;

function conditions(ctx: UserContext, f: RemindFilters, now: Date): SQL {
  const until = new Date(now.getTime() + f.withinHours * 3_600_000);
  const near = and(isNotNull(pnrs.timeLimit), gt(pnrs.timeLimit, now), lte(pnrs.timeLimit, until))!;
  const which = f.kind === 'timeLimit' ? near : f.kind === 'waitlist' ? HL : or(near, HL)!;
  const filters: SQL[] = [bookingScope(ctx), eq(pnrs.recordStatus, 'BOOKED'), isNotNull(pnrs.pnr), which];
  if (f.airline) filters.push(eq(pnrs.airline, f.airline));
  if (f.q) {
    const like = containsPattern(f.q);
    filters.push(or(ilike(pnrs.pnr, like), ilike(bookings.customerName, like))!);
  }
  return and(...filters)!;
}

const columns = {
  pnrId: pnrs.id,
  bookingId: pnrs.bookingId,
  pnr: pnrs.pnr,
  airline: pnrs.airline,
  routeInfos: pnrs.routeInfos,
  timeLimit: pnrs.timeLimit,
  customerName: bookings.customerName,
  agentName: sql<string>`coalesce(${users.fullName}, '')`,
  agencyCode: agencies.code,
  remindedAt: sql<string | null>`(select max(${bookingReminders.sentAt}) from ${bookingReminders} where ${bookingReminders.bookingId} = ${bookings.id})`,
};

type Row = { pnrId: number; bookingId: number; pnr: string | null; airline: string; routeInfos: unknown[]; timeLimit: Date | null; customerName: string; agentName: string; agencyCode: string; remindedAt: string | Date | null };

function toRow(r: Row, now: Date): RemindRow {
  const legs = r.routeInfos as Leg[];
  const waitlisted = legs.filter((l) => l.status === 'HL').map((l) => `${l.from}-${l.to} ${l.flightNo}`);
  const first = legs[0];
  return {
    pnrId: r.pnrId,
    bookingId: r.bookingId,
    pnr: r.pnr ?? '',
    airline: r.airline,
    route: legs.map((l) => `${l.from}-${l.to}`).join(', '),
    departDate: first ? first.departDate.slice(0, 10) : '',
    flightNo: legs.map((l) => l.flightNo).join(', '),
    kind: waitlisted.length > 0 ? 'waitlist' : 'timeLimit',
    waitlisted,
    timeLimit: r.timeLimit ? r.timeLimit.toISOString() : null,
    minutesLeft: r.timeLimit ? Math.floor((r.timeLimit.getTime() - now.getTime()) / 60_000) : null,
    customerName: r.customerName,
    agentName: r.agentName,
    agencyCode: r.agencyCode,
    remindedAt: r.remindedAt === null ? null : new Date(r.remindedAt).toISOString(),
  };
}

function select(db: Db, ctx: UserContext, f: RemindFilters, now: Date) {
  return db
    .select(columns)
    .from(pnrs)
    .innerJoin(bookings, eq(bookings.id, pnrs.bookingId))
    .innerJoin(agencies, eq(agencies.id, bookings.agencyId))
    .leftJoin(users, eq(users.id, bookings.userId))
    .where(conditions(ctx, f, now))
    .orderBy(sql`${pnrs.timeLimit} asc nulls last`, asc(pnrs.id));
}

export async function listReminders(db: Db, ctx: UserContext, f: RemindFilters & { page: number; pageSize: number }, now: Date): Promise<RemindList> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(pnrs)
    .innerJoin(bookings, eq(bookings.id, pnrs.bookingId))
    .where(conditions(ctx, f, now));
  const rows = await select(db, ctx, f, now)
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return { data: rows.map((r) => toRow(r, now)), total };
}

type Texts = typeof vi;
const TEXTS: Record<Language, Texts> = { vi, en: en as unknown as Texts };

export const REMIND_XLSX_COLUMNS = ['pnr', 'kind', 'airline', 'route', 'flightNo', 'departDate', 'timeLimit', 'minutesLeft', 'waitlisted', 'customerName', 'agentName', 'agencyCode', 'remindedAt'] as const;

/** Every row of the filters as an xlsx sheet (the screen's words as headers), a batch at a time. */
export async function writeRemindersXlsx(db: Db, ctx: UserContext, f: RemindFilters, lang: Language, now: Date, out: Writable, batch = 1000): Promise<void> {
  const text = TEXTS[lang].desk.remind;
  const headers = text.columns as Record<string, string>;
  const kinds = text.kinds as Record<string, string>;
  const width: Record<string, number> = { route: 22, flightNo: 16, timeLimit: 20, remindedAt: 20, waitlisted: 24, customerName: 24, agentName: 22 };
  await writeXlsx(
    out,
    text.title,
    REMIND_XLSX_COLUMNS.map((key) => ({ key, header: headers[key] ?? key, width: width[key] ?? 12 })),
    async (sheet) => {
      for (let offset = 0; ; offset += batch) {
        const rows = await select(db, ctx, f, now).limit(batch).offset(offset);
        for (const raw of rows) {
          const r = toRow(raw, now);
          await sheet.row([
            r.pnr,
            kinds[r.kind] ?? r.kind,
            r.airline,
            r.route,
            r.flightNo,
            r.departDate,
            r.timeLimit ? xlsxVietnamTime(r.timeLimit) : null,
            r.minutesLeft,
            r.waitlisted.join(', '),
            r.customerName,
            r.agentName,
            r.agencyCode,
            r.remindedAt ? xlsxVietnamTime(r.remindedAt) : null,
          ]);
        }
        if (rows.length < batch) break;
      }
    },
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
const hoursText = (minutes: number) => `${Math.floor(minutes / 60)}:${pad(minutes % 60)}`;

/**
 * Reminds each held booking's agent whose earliest time limit has crossed a threshold not yet sent: one row in
 * booking_reminders per booking and threshold (the primary key makes two runs send once), a bell
 * notification and an e-mail in the outbox, in one transaction. Answers how many reminders were sent.
 */
export async function sendHoldReminders(db: Db, notifier: Notifier, now: Date): Promise<number> {
  const widest = Math.max(...REMIND_THRESHOLDS);
  const due = await db
    .select({
      bookingId: pnrs.bookingId,
      pnr: sql<string>`min(${pnrs.pnr})`,
      timeLimit: sql<string>`min(${pnrs.timeLimit})`,
      bookedAt: sql<string>`min(${pnrs.createdAt})`,
      userId: bookings.userId,
      email: sql<string | null>`coalesce(${users.email}, ${agencies.email})`,
      sent: sql<number[]>`coalesce((select array_agg(${bookingReminders.thresholdMinutes}) from ${bookingReminders} where ${bookingReminders.bookingId} = ${pnrs.bookingId}), '{}')`,
    })
    .from(pnrs)
    .innerJoin(bookings, eq(bookings.id, pnrs.bookingId))
    .innerJoin(agencies, eq(agencies.id, bookings.agencyId))
    .leftJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(pnrs.recordStatus, 'BOOKED'), isNotNull(pnrs.pnr), isNotNull(bookings.userId), gt(pnrs.timeLimit, now), lte(pnrs.timeLimit, new Date(now.getTime() + widest * 60_000))))
    .groupBy(pnrs.bookingId, bookings.userId, users.email, agencies.email);
  let sent = 0;
  for (const row of due) {
    if (row.userId === null) continue;
    const limit = new Date(row.timeLimit);
    const minutesLeft = Math.floor((limit.getTime() - now.getTime()) / 60_000);
    const holdMinutes = Math.floor((limit.getTime() - new Date(row.bookedAt).getTime()) / 60_000);
    const threshold = reminderDue(minutesLeft, holdMinutes, (row.sent ?? []).map(Number));
    if (threshold === null) continue;
    const userId = row.userId;
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(bookingReminders)
        .values({ bookingId: row.bookingId, thresholdMinutes: threshold, sentAt: now })
        .onConflictDoNothing()
        .returning({ bookingId: bookingReminders.bookingId });
      if (!claimed) return;
      const at = `${xlsxVietnamTime(limit.toISOString()).slice(0, 16)} (UTC+7)`;
      const left = hoursText(minutesLeft);
      const link = `${PAGES.desk.remind}?q=${row.pnr}`;
      await notifier.notify(
        tx,
        [userId],
        { type: 'booking_remind', titleVi: `Đặt chỗ ${row.pnr} còn ${left} giờ để xuất vé`, titleEn: `Booking ${row.pnr} has ${left} h left before its time limit`, body: at, link },
        now,
      );
      if (row.email) {
        await queueMail(
          tx,
          {
            to: row.email,
            subject: `[Nhắc hạn giữ chỗ / Time limit reminder] ${row.pnr}`,
            body:
              `Đặt chỗ ${row.pnr} hết hạn giữ chỗ lúc ${at}. Vui lòng xuất vé hoặc hủy trước thời hạn.\n\n` +
              `Booking ${row.pnr} reaches its time limit at ${at}. Please issue the tickets or cancel before then.`,
          },
          now,
        );
      }
      sent += 1;
    });
  }
  return sent;
}
