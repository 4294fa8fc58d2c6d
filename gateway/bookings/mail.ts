/**
 * booking/mail (POST /api/bookings/:id/mail): the itinerary e-mail of a booking's PNRs (one, or every PNR
 * held), in Vietnamese or English, with or without prices, queued in the outbox: one message per address.
 * The outbox keeps one body per message: here a MIME multipart/alternative entity (text, then HTML) that a
 * mail transport sends as it is.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MailRequest, PrintInfo } from '../../contract/bookings';
import type { Language } from '../../contract/constants';
import { ErrorCode } from '../../contract/errors';
import { isValidEmail } from '../../contract/validators';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { UserContext } from '../platform/tenancy/users';
import type { Db } from '../platform/db/client';
import { pnrs } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { cap, giveBack, take, type LimitRule } from '../platform/limits';
import type { Settings } from '../settings';
import { queueMail } from '../mail/service';
import { CARRIERS } from '../suppliers/reference-data';
import { printData, statusWord } from './print';
import { bookingInScope } from './scope';

const WORDS = {
  subject: { vi: 'Hành trình chuyến bay', en: 'Flight itinerary' },
  hello: { vi: 'Kính gửi Quý khách,', en: 'Dear customer,' },
  intro: { vi: 'Đại lý gửi Quý khách thông tin hành trình như sau.', en: 'Please find your flight itinerary below.' },
  pnr: { vi: 'Mã đặt chỗ', en: 'Booking reference' },
  status: { vi: 'Trạng thái', en: 'Status' },
  flights: { vi: 'Chuyến bay', en: 'Flights' },
  passengers: { vi: 'Hành khách', en: 'Passengers' },
  ticket: { vi: 'số vé', en: 'ticket' },
  total: { vi: 'Tổng cộng', en: 'Total' },
  message: { vi: 'Lời nhắn', en: 'Message' },
  regards: { vi: 'Trân trọng,', en: 'Kind regards,' },
} as const satisfies Record<string, Record<Language, string>>;

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const money = (v: number, lang: Language) => `${new Intl.NumberFormat(lang === 'vi' ? 'vi-VN' : 'en-US').format(v)} VND`;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface ItineraryMail {
  subject: string;
  text: string;
  html: string;
}

/** The itinerary of printInfos as text and HTML (pure). */
export function itineraryMail(infos: readonly PrintInfo[], lang: Language, message?: string): ItineraryMail {
  const w = (k: keyof typeof WORDS) => WORDS[k][lang];
  const agency = infos[0]?.agentName ?? '';
  const subject = `${w('subject')} ${infos.map((i) => i.pnrCode).join(', ')} - ${agency}`;
  const text: string[] = [w('hello'), '', w('intro'), ''];
  const html: string[] = [`<p>${esc(w('hello'))}</p>`, `<p>${esc(w('intro'))}</p>`];
  for (const i of infos) {
    const airline = CARRIERS[i.airline]?.name ?? i.airline;
    const flights = i.routeInfos.map((r) => `${r.flightNo} ${r.from}-${r.to} ${dmy(r.departDate)} ${r.timeFrom}-${r.timeTo} (${r.class})`);
    const pax = i.passengers.map((p) => `${p.title} ${p.lastName} ${p.firstName}${p.ticketNumber ? ` (${w('ticket')} ${p.ticketNumber})` : ''}`);
    text.push(`${w('pnr')}: ${i.pnrCode} - ${airline}`, `${w('status')}: ${statusWord(i.status, lang)}`, `${w('flights')}:`, ...flights.map((f) => `  ${f}`));
    text.push(`${w('passengers')}:`, ...pax.map((p) => `  ${p}`));
    if (i.checkTotal) text.push(`${w('total')}: ${money(i.amount, lang)}`);
    text.push(i.note, '');
    html.push(
      `<h3>${esc(w('pnr'))}: ${esc(i.pnrCode)} - ${esc(airline)}</h3>`,
      `<p>${esc(w('status'))}: ${esc(statusWord(i.status, lang))}</p>`,
      `<p><b>${esc(w('flights'))}</b></p><ul>${flights.map((f) => `<li>${esc(f)}</li>`).join('')}</ul>`,
      `<p><b>${esc(w('passengers'))}</b></p><ul>${pax.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>`,
      ...(i.checkTotal ? [`<p><b>${esc(w('total'))}: ${esc(money(i.amount, lang))}</b></p>`] : []),
      `<p><i>${esc(i.note)}</i></p>`,
    );
  }
  if (message?.trim()) {
    text.push(`${w('message')}: ${message.trim()}`, '');
    html.push(`<p>${esc(w('message'))}: ${esc(message.trim())}</p>`);
  }
  const first = infos[0];
  const signature = first ? [first.agentName, first.hotline, first.address].filter(Boolean) : [];
  text.push(w('regards'), ...signature);
  html.push(`<p>${esc(w('regards'))}<br>${signature.map(esc).join('<br>')}</p>`);
  return { subject, text: text.join('\n'), html: `<!doctype html><html><body>${html.join('\n')}</body></html>` };
}

/** A MIME multipart/alternative body (text, then HTML, both UTF-8, base64). */
export function mimeBody(mail: ItineraryMail, boundary: string = `=_${randomBytes(12).toString('hex')}`): string {
  const part = (type: string, content: string) =>
    [`--${boundary}`, `Content-Type: ${type}; charset=utf-8`, 'Content-Transfer-Encoding: base64', '', Buffer.from(content, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n'), ''].join('\r\n');
  return [`Content-Type: multipart/alternative; boundary="${boundary}"`, 'MIME-Version: 1.0', '', part('text/plain', mail.text), part('text/html', mail.html), `--${boundary}--`, ''].join('\r\n');
}

/** Queues the itinerary to each address; answers how many messages were queued. */
/** Who booking e-mails may go to and how many (the settings MAIL_*). */
export interface MailPolicy {
  perUser: LimitRule;
  perBooking: LimitRule;
  /** Lower-cased addresses and `@domain`s allowed besides the booking's contact, the caller and the agency. */
  allowed: readonly string[];
}

const HOUR_MS = 3_600_000;

export function mailPolicyOf(settings: Pick<Settings, 'MAIL_PER_USER_HOUR' | 'MAIL_PER_BOOKING_HOUR' | 'MAIL_ALLOWED_RECIPIENTS'>): MailPolicy {
  return {
    perUser: cap(settings.MAIL_PER_USER_HOUR, HOUR_MS),
    perBooking: cap(settings.MAIL_PER_BOOKING_HOUR, HOUR_MS),
    allowed: settings.MAIL_ALLOWED_RECIPIENTS.split(',').map((a) => a.trim().toLowerCase()).filter(Boolean),
  };
}

export const DEFAULT_MAIL_POLICY: MailPolicy = mailPolicyOf({ MAIL_PER_USER_HOUR: 20, MAIL_PER_BOOKING_HOUR: 10, MAIL_ALLOWED_RECIPIENTS: '' });

const NOT_A_CONTACT = {
  vi: 'Chỉ gửi được email tới liên hệ của đặt chỗ, tới bạn hoặc tới email của đại lý. Vui lòng sửa liên hệ của đặt chỗ nếu cần gửi tới địa chỉ khác.',
  en: 'Booking e-mails go only to the booking’s contact, to you or to the agency’s address. Please update the booking’s contact to send to another address.',
};
const TOO_MANY = {
  vi: (m: number) => `Bạn đã gửi quá nhiều email cho đặt chỗ. Vui lòng thử lại sau ${m} phút.`,
  en: (m: number) => `Too many booking e-mails were sent. Please try again in ${m} minute${m > 1 ? 's' : ''}.`,
};

/**
 * Recipients: the booking's contact e-mail, the caller's and the agency's own addresses, and the policy's
 * allowed list; anything else is 400/41 (reason recipient) and nothing is sent. Each call counts once per
 * user and once per booking on the platform limiter (429/58 past MAIL_PER_USER_HOUR / MAIL_PER_BOOKING_HOUR).
 */
export async function mailBooking(db: Db, ctx: UserContext, id: number, body: MailRequest, meta: RequestMeta, policy: MailPolicy = DEFAULT_MAIL_POLICY): Promise<number> {
  const to = body.to.map((t) => t.trim());
  const bad = to.map((t, index) => ({ index, t })).filter((x) => !isValidEmail(x.t));
  if (bad.length > 0) throw new ApiError(ErrorCode.VALIDATION, { in: 'body', issues: bad.map((b) => ({ path: `to.${b.index}`, code: 'email', message: b.t })) });
  const booking = await bookingInScope(db, ctx, id);
  const own = [booking.customerEmail, ctx.user.email, ctx.agency.email].filter((e): e is string => Boolean(e)).map((e) => e.trim().toLowerCase());
  const permitted = (address: string) => {
    const a = address.toLowerCase();
    return own.includes(a) || policy.allowed.includes(a) || policy.allowed.some((d) => d.startsWith('@') && a.endsWith(d));
  };
  const strangers = to.map((t, index) => ({ index, t })).filter((x) => !permitted(x.t));
  if (strangers.length > 0) {
    throw new ApiError(ErrorCode.VALIDATION, {
      in: 'body',
      reason: 'recipient',
      message: NOT_A_CONTACT[body.lang],
      issues: strangers.map((b) => ({ path: `to.${b.index}`, code: 'recipient', message: b.t })),
    });
  }
  const now = new Date();
  const byUser = await take(db, `mail:user:${ctx.user.id}`, policy.perUser, now);
  const byBooking = byUser.allowed ? await take(db, `mail:booking:${booking.id}`, policy.perBooking, now) : null;
  const refused = !byUser.allowed ? byUser : byBooking && !byBooking.allowed ? byBooking : null;
  if (refused && !refused.allowed) {
    if (byUser.allowed) await giveBack(db, `mail:user:${ctx.user.id}`, policy.perUser);
    const minutes = Math.ceil(refused.retryAfterSeconds / 60);
    throw new ApiError(ErrorCode.RATE_LIMITED, { reason: 'mail', retryAfterSeconds: refused.retryAfterSeconds, message: TOO_MANY[body.lang](minutes) });
  }
  const codes = body.pnr
    ? [body.pnr]
    : (await db.select({ pnr: pnrs.pnr }).from(pnrs).where(eq(pnrs.bookingId, id)).orderBy(pnrs.id)).map((r) => r.pnr).filter((c): c is string => c !== null);
  const infos: PrintInfo[] = [];
  for (const pnr of codes) infos.push((await printData(db, ctx, id, { pnr, price: body.price, lang: body.lang }, body.lang)).info);
  if (infos.length === 0) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'pnr' });
  const mail = itineraryMail(infos, body.lang, body.message);
  const unique = [...new Set(to.map((t) => t.toLowerCase()))];
  await db.transaction(async (tx) => {
    for (const address of unique) await queueMail(tx, { to: address, subject: mail.subject, body: mimeBody(mail) });
    await writeAudit(
      tx,
      {
        userId: ctx.user.id,
        agencyId: ctx.agency.id,
        action: 'booking.mailed',
        target: `booking:${booking.id}`,
        detail: { to: unique, pnrs: codes, price: body.price, lang: body.lang },
      },
      meta,
    );
  });
  return unique.length;
}
