/**
 * The printed ticket as a PDF (GET /api/bookings/:id/print.pdf): the same printInfo laid out on one A4 page
 * (more when the passengers or flights need them) with DejaVu Sans, which carries every Vietnamese glyph.
 */
import { ticketPriceLines, type ExtraKind } from '../../contract/aftersale-money';
import type { PrintInfo } from '../../contract/bookings';
import type { Language } from '../../contract/constants';
import { openA4Pdf } from '../platform/pdf';
import { CARRIERS } from '../suppliers/reference-data';
import { statusWord } from './print';

const WORDS = {
  title: { vi: 'HÀNH TRÌNH CHUYẾN BAY / VÉ ĐIỆN TỬ', en: 'FLIGHT ITINERARY / E-TICKET' },
  pnr: { vi: 'Mã đặt chỗ', en: 'Booking reference' },
  airline: { vi: 'Hãng hàng không', en: 'Airline' },
  status: { vi: 'Trạng thái', en: 'Status' },
  flights: { vi: 'Chuyến bay', en: 'Flights' },
  passengers: { vi: 'Hành khách', en: 'Passengers' },
  ticket: { vi: 'Số vé', en: 'Ticket number' },
  baggage: { vi: 'Hành lý', en: 'Baggage' },
  hand: { vi: 'xách tay', en: 'carry-on' },
  checked: { vi: 'ký gửi', en: 'checked' },
  class: { vi: 'Hạng', en: 'Class' },
  terminal: { vi: 'Nhà ga', en: 'Terminal' },
  price: { vi: 'Giá vé', en: 'Price' },
  total: { vi: 'Tổng cộng', en: 'Total' },
  fare: { vi: 'Giá', en: 'Fare' },
  tax: { vi: 'Thuế, phí', en: 'Taxes' },
  vat: { vi: 'VAT', en: 'VAT' },
  issueFee: { vi: 'Phí xuất vé', en: 'Issue fee' },
  otherFee: { vi: 'Hành lý mua kèm đặt chỗ', en: 'Luggage bought with the booking' },
  phone: { vi: 'Điện thoại', en: 'Phone' },
  hotline: { vi: 'Hotline', en: 'Hotline' },
  note: { vi: 'Lưu ý', en: 'Note' },
  ADT: { vi: 'Người lớn', en: 'Adult' },
  CHD: { vi: 'Trẻ em', en: 'Child' },
  INF: { vi: 'Em bé', en: 'Infant' },
} as const satisfies Record<string, Record<Language, string>>;

/** The paid after-sale services by kind, as the booking detail names them. */
const EXTRA_WORDS: Record<ExtraKind, Record<Language, string>> = {
  luggage: { vi: 'Hành lý mua thêm', en: 'Extra luggage' },
  seat: { vi: 'Chọn chỗ ngồi', en: 'Seat selection' },
  ancillary: { vi: 'Dịch vụ bổ trợ', en: 'Ancillary services' },
  infant: { vi: 'Thêm em bé', en: 'Infant added' },
  exchange: { vi: 'Đổi vé, đổi chuyến', en: 'Exchange, flight change' },
  classChange: { vi: 'Đổi hạng ghế', en: 'Class change' },
  route: { vi: 'Thêm chặng bay', en: 'Flight added' },
  other: { vi: 'Dịch vụ khác', en: 'Other services' },
};

const money = (v: number, lang: Language) => `${new Intl.NumberFormat(lang === 'vi' ? 'vi-VN' : 'en-US').format(v)} VND`;
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export interface PdfOptions {
  lang: Language;
  /** PNG or JPEG bytes of the agency logo (left out with hide_logo). */
  logo?: Buffer | null;
  /** Streams left uncompressed (tests read the text). */
  compress?: boolean;
}

/** Renders the printed ticket; resolves with the PDF bytes. */
export function renderTicketPdf(info: PrintInfo, options: PdfOptions): Promise<Buffer> {
  const { lang } = options;
  const w = (k: keyof typeof WORDS) => WORDS[k][lang];
  const { doc, left, width, done } = openA4Pdf({ Title: `${w('title')} ${info.pnrCode}`, Author: info.agentName, Subject: info.pnrCode }, options.compress ?? true);

  // agency header
  let top = doc.y;
  if (options.logo) {
    try {
      doc.image(options.logo, left, top, { fit: [110, 50] });
    } catch {
      // an image pdfkit cannot read (e.g. GIF) is left out
    }
  }
  const headX = options.logo ? left + 120 : left;
  doc.font('bold').fontSize(14).text(info.agentName, headX, top, { width: width - (headX - left) });
  doc.font('body').fontSize(9);
  if (info.address) doc.text(info.address, headX);
  const contacts = [info.agentPhone && `${w('phone')}: ${info.agentPhone}`, info.hotline && `${w('hotline')}: ${info.hotline}`].filter(Boolean).join('   ');
  if (contacts) doc.text(contacts, headX);
  if (info.facebook) doc.text(info.facebook, headX);
  doc.y = Math.max(doc.y, top + 55);
  doc.moveDown(0.5);

  doc.font('bold').fontSize(13).text(w('title'), left, doc.y, { width, align: 'center' });
  doc.moveDown(0.6);
  doc.font('body').fontSize(10);
  doc.text(`${w('pnr')}: `, { continued: true }).font('bold').fontSize(12).text(info.pnrCode);
  doc.font('body').fontSize(10);
  doc.text(`${w('airline')}: ${CARRIERS[info.airline]?.name ?? info.airline} (${info.airline})`);
  doc.text(`${w('status')}: ${statusWord(info.status, lang)}`);
  doc.moveDown(0.6);

  // flights
  doc.font('bold').fontSize(11).text(w('flights'));
  doc.font('body').fontSize(9.5);
  const city = (code: string) => info.listLocation.find((l) => l.code === code)?.city ?? code;
  for (const r of info.routeInfos) {
    top = doc.y + 4;
    doc.font('bold').text(`${r.flightNo}   ${city(r.from)} (${r.from}) → ${city(r.to)} (${r.to})`, left, top);
    doc.font('body');
    const terminals = [r.startTerminal, r.endTerminal].some(Boolean) ? `   ${w('terminal')}: ${r.startTerminal || '-'} → ${r.endTerminal || '-'}` : '';
    doc.text(`${dmy(r.departDate)}   ${r.timeFrom} → ${r.timeTo}   ${w('class')}: ${r.class} (${r.cabinClass})   ${r.airCraft}${terminals}`);
    doc.text(`${w('baggage')}: ${w('hand')} ${r.handBaggage.description || '-'}; ${w('checked')} ${r.freeBaggage.description || '-'}`);
  }
  doc.moveDown(0.6);

  // passengers
  doc.font('bold').fontSize(11).text(w('passengers'), left);
  doc.font('body').fontSize(9.5);
  info.passengers.forEach((p, i) => {
    const ticket = p.ticketNumber ? `   ${w('ticket')}: ${p.ticketNumber}` : '';
    doc.text(`${i + 1}. ${p.title} ${p.lastName} ${p.firstName} (${w(p.paxType)}, ${p.birthDay})${ticket}`, left);
  });
  doc.moveDown(0.6);

  // price
  if (info.checkTotal) {
    doc.font('bold').fontSize(11).text(w('price'), left);
    doc.font('body').fontSize(9.5);
    // the same lines as the print view and the detail grid (an infant added after sale is an extra only)
    const f = info.fareData;
    for (const l of ticketPriceLines(f, info.priceDisplay)) {
      if (l.key === 'perType') {
        const t = l.paxType!;
        doc.text(`${w(t)} × ${l.count}: ${w('fare')} ${money(f[`fare${t}`], lang)}, ${w('tax')} ${money(f[`tax${t}`], lang)}, ${w('vat')} ${money(f[`vat${t}`], lang)} = ${money(l.amount, lang)}`);
      } else if (l.key === 'extra') doc.text(`${EXTRA_WORDS[l.kind!][lang]}: ${money(l.amount, lang)}`);
      else if (l.key === 'total') doc.font('bold').text(`${w('total')}: ${money(l.amount, lang)}`);
      else doc.text(`${w(l.key)}: ${money(l.amount, lang)}`);
    }
    doc.moveDown(0.6);
  }

  doc.font('bold').fontSize(10).text(`${w('note')}:`, left);
  doc.font('body').fontSize(9).text(info.note, { width });
  doc.end();
  return done;
}
