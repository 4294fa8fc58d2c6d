/**
 * The installation e-mail of one eSIM, queued in the outbox: how to install, the activation code, and its QR
 * code as an inline PNG (MIME multipart/related: text and HTML alternatives, then the image, cid:qr).
 */
import { randomBytes } from 'node:crypto';
import type { Language } from '../../contract/constants';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { Db } from '../platform/db/client';
import { queueMail } from '../mail/service';
import type { esimOrders, esims } from '../platform/db/schema';
import { activationQrPng } from './qr';
import { orderCode } from './orders';

const WORDS = {
  subject: { vi: 'Thông tin cài đặt eSIM', en: 'Your eSIM installation details' },
  hello: { vi: 'Kính gửi', en: 'Dear' },
  intro: { vi: 'Đại lý gửi Quý khách eSIM du lịch như sau.', en: 'Here is your travel eSIM.' },
  package: { vi: 'Gói', en: 'Package' },
  order: { vi: 'Đơn hàng', en: 'Order' },
  code: { vi: 'Mã kích hoạt', en: 'Activation code' },
  smdp: { vi: 'Địa chỉ SM-DP+', en: 'SM-DP+ address' },
  matching: { vi: 'Mã kích hoạt thủ công', en: 'Manual activation code' },
  steps: {
    vi: [
      'Kết nối Wi-Fi ổn định trước khi cài đặt.',
      'iPhone: Cài đặt › Di động › Thêm eSIM › Dùng mã QR. Android: Cài đặt › Kết nối › Trình quản lý SIM › Thêm eSIM.',
      'Quét mã QR bên dưới (hoặc nhập địa chỉ SM-DP+ và mã kích hoạt thủ công).',
      'Khi đến nơi: bật eSIM này cho dữ liệu di động và bật Chuyển vùng dữ liệu.',
    ],
    en: [
      'Connect to a stable Wi-Fi network before installing.',
      'iPhone: Settings › Mobile Service › Add eSIM › Use QR Code. Android: Settings › Connections › SIM manager › Add eSIM.',
      'Scan the QR code below (or type the SM-DP+ address and the manual activation code).',
      'On arrival: use this eSIM for mobile data and turn on Data Roaming.',
    ],
  },
  note: {
    vi: 'Mỗi mã QR chỉ cài được một lần; không xoá eSIM sau khi cài.',
    en: 'Each QR code installs once; do not delete the eSIM after installing it.',
  },
  regards: { vi: 'Trân trọng,', en: 'Kind regards,' },
} as const;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64').replace(/.{76}/g, '$&\r\n');

/** The e-mail of one eSIM: subject and MIME body. */
export async function esimMail(esim: typeof esims.$inferSelect, order: typeof esimOrders.$inferSelect, agencyName: string, lang: Language): Promise<{ subject: string; body: string }> {
  const w = (k: Exclude<keyof typeof WORDS, 'steps'>): string => WORDS[k][lang];
  const name = lang === 'vi' ? esim.nameVi : esim.nameEn;
  const subject = `${w('subject')} - ${name} - ${orderCode(order.id)}`;
  const facts: [string, string][] = [
    [w('order'), orderCode(order.id)],
    [w('package'), name],
    ['ICCID', esim.iccid],
    [w('code'), esim.activationCode],
    [w('smdp'), esim.smdpAddress],
    [w('matching'), esim.matchingId],
  ];
  const steps: readonly string[] = WORDS.steps[lang];
  const text = [
    `${w('hello')} ${order.customerName},`,
    '',
    w('intro'),
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    ...steps.map((s, i) => `${i + 1}. ${s}`),
    '',
    w('note'),
    '',
    w('regards'),
    agencyName,
  ].join('\n');
  const html = [
    '<!doctype html><html><body>',
    `<p>${esc(w('hello'))} ${esc(order.customerName)},</p>`,
    `<p>${esc(w('intro'))}</p>`,
    `<table>${facts.map(([k, v]) => `<tr><td>${esc(k)}</td><td><b>${esc(v)}</b></td></tr>`).join('')}</table>`,
    '<p><img src="cid:qr" alt="QR" width="240" height="240"></p>',
    `<ol>${steps.map((s) => `<li>${esc(s)}</li>`).join('')}</ol>`,
    `<p><i>${esc(w('note'))}</i></p>`,
    `<p>${esc(w('regards'))}<br>${esc(agencyName)}</p>`,
    '</body></html>',
  ].join('\n');
  const png = await activationQrPng(esim.activationCode, 480);
  const related = `=_r${randomBytes(10).toString('hex')}`;
  const alt = `=_a${randomBytes(10).toString('hex')}`;
  const body = [
    `Content-Type: multipart/related; boundary="${related}"`,
    'MIME-Version: 1.0',
    '',
    `--${related}`,
    `Content-Type: multipart/alternative; boundary="${alt}"`,
    '',
    `--${alt}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    b64(text),
    `--${alt}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    b64(html),
    `--${alt}--`,
    '',
    `--${related}`,
    'Content-Type: image/png',
    'Content-Transfer-Encoding: base64',
    'Content-ID: <qr>',
    `Content-Disposition: inline; filename="esim-${esim.iccid}.png"`,
    '',
    b64(png),
    `--${related}--`,
    '',
  ].join('\r\n');
  return { subject, body };
}

/** Queues the eSIM's e-mail to the order's customer (or another address); audited. */
export async function resendEsim(
  db: Db,
  actor: { userId: number; agencyId: number; meta?: RequestMeta },
  esim: typeof esims.$inferSelect,
  order: typeof esimOrders.$inferSelect,
  agencyName: string,
  to: string,
  lang: Language,
): Promise<void> {
  const mail = await esimMail(esim, order, agencyName, lang);
  await db.transaction(async (tx) => {
    await queueMail(tx, { to, subject: mail.subject, body: mail.body });
    await writeAudit(tx, { userId: actor.userId, agencyId: order.agencyId, action: 'esim.mailed', target: esim.iccid, detail: { to, lang } }, actor.meta);
  });
}
