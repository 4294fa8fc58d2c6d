/**
 * Train tickets as a PDF (GET /api/trains/bookings/:id/tickets.pdf): one block per issued ticket with its
 * QR code (the qrcode package draws it as a PNG), in DejaVu Sans for the Vietnamese glyphs.
 */
import QRCode from 'qrcode';
import type { Language } from '../../contract/constants';
import type { TrainBooking, TrainTicket } from '../../contract/trains';
import { openA4Pdf } from '../platform/pdf';
import { railStation } from '../suppliers';

const WORDS = {
  title: { vi: 'VÉ TÀU ĐIỆN TỬ', en: 'RAILWAY E-TICKET' },
  booking: { vi: 'Mã đặt chỗ', en: 'Booking code' },
  ticket: { vi: 'Số vé', en: 'Ticket number' },
  train: { vi: 'Tàu', en: 'Train' },
  depart: { vi: 'Khởi hành', en: 'Departs' },
  arrive: { vi: 'Đến', en: 'Arrives' },
  carriage: { vi: 'Toa', en: 'Carriage' },
  seat: { vi: 'Chỗ', en: 'Seat' },
  passenger: { vi: 'Hành khách', en: 'Passenger' },
  id: { vi: 'Số giấy tờ', en: 'ID / passport' },
  price: { vi: 'Giá vé', en: 'Fare' },
  status: { vi: 'Trạng thái', en: 'Status' },
  lower: { vi: 'tầng 1', en: 'lower berth' },
  middle: { vi: 'tầng 2', en: 'middle berth' },
  upper: { vi: 'tầng 3', en: 'upper berth' },
  ISSUED: { vi: 'Đã xuất', en: 'Issued' },
  REFUNDED: { vi: 'Đã trả vé', en: 'Refunded' },
  HELD: { vi: 'Chưa thanh toán', en: 'Not paid' },
  CANCELLED: { vi: 'Đã hủy', en: 'Cancelled' },
  note: {
    vi: 'Xuất trình vé và giấy tờ tùy thân khi lên tàu. Có mặt tại ga trước giờ tàu chạy ít nhất 30 phút.',
    en: 'Show this ticket and your ID when boarding. Be at the station at least 30 minutes before departure.',
  },
} as const satisfies Record<string, Record<Language, string>>;

const money = (v: number, lang: Language) => `${new Intl.NumberFormat(lang === 'vi' ? 'vi-VN' : 'en-US').format(v)} VND`;
const when = (local: string) => `${local.slice(11, 16)} ${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)}`;
const station = (code: string) => railStation(code)?.name ?? code;

export async function renderTrainTicketsPdf(booking: TrainBooking, tickets: readonly TrainTicket[], lang: Language, compress = true): Promise<Buffer> {
  const w = (k: keyof typeof WORDS) => WORDS[k][lang];
  const qrs = await Promise.all(tickets.map((t) => (t.qr ? QRCode.toBuffer(t.qr, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' }) : Promise.resolve(null))));
  const { doc, left, width, done } = openA4Pdf({ Title: `${w('title')} ${booking.code}`, Author: booking.agencyName, Subject: booking.code }, compress);
  doc.font('bold').fontSize(16).text(w('title'), left, doc.y, { width, align: 'center' });
  doc.font('body').fontSize(10).text(`${w('booking')}: ${booking.code} · ${booking.agencyName}`, { width, align: 'center' });
  doc.moveDown(1);
  tickets.forEach((t, i) => {
    const blockHeight = 170;
    if (doc.y + blockHeight > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    doc.rect(left, top, width, blockHeight - 12).lineWidth(0.8).stroke('#888888');
    const qr = qrs[i];
    if (qr) doc.image(qr, left + width - 140, top + 10, { fit: [130, 130] });
    const x = left + 12;
    const textWidth = width - 170;
    const s = t.seat;
    const level = s.level ? ` (${w(s.level)})` : '';
    doc.fillColor('#000000').font('bold').fontSize(12).text(`${w('train')} ${s.trainNo}: ${station(s.from)} → ${station(s.to)}`, x, top + 10, { width: textWidth });
    doc.font('body').fontSize(10);
    const lines = [
      `${w('depart')}: ${when(s.departDateTime)}   ${w('arrive')}: ${when(s.arrivalDateTime)}`,
      `${w('carriage')} ${s.carriageNo} (${s.carriageType}) · ${w('seat')} ${s.seatNo} ${s.seatType}${level}`,
      `${w('passenger')}: ${t.fullName}`,
      `${w('id')}: ${t.idNumber || '—'}`,
      `${w('ticket')}: ${t.ticketNumber ?? '—'}`,
      `${w('price')}: ${money(t.fare + t.servicePrice, lang)} · ${w('status')}: ${w(t.status)}`,
    ];
    for (const line of lines) doc.text(line, x, doc.y + 3, { width: textWidth });
    doc.y = top + blockHeight;
  });
  doc.font('body').fontSize(9).fillColor('#444444').text(w('note'), left, doc.y, { width });
  doc.end();
  return done;
}
